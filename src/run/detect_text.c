/*
 * detect_text.c — the detect document (detect.h) for a person, readable in
 * ten seconds: CPU and clusters, features, kernel drivers, AF_ALG and RNG,
 * libraries, clock, AES score, the verdicts, health flags. A view of the JSON only, so it
 * never states a fact that `detect --json` lacks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/detect.h"
#include "run/detect_text_health.h"
#include "run/detect_text_cpu.h"
#include "run/detect_text_score.h"

/* Field shortcuts on jansson objects. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

/* Key algorithm names always shown in the kernel section. */
static int key_algorithm(const char *name)
{
    static const char *const keys[] = {
        "aes", "ecb(aes)", "cbc(aes)", "ctr(aes)", "xts(aes)", "gcm(aes)", "rfc4106(gcm(aes))",
        "ccm(aes)", "sha1", "sha256", "sha512", "sha3-256", "hmac(sha256)", "ghash", "chacha20",
        "rfc7539(chacha20,poly1305)", "poly1305", "crc32c", "stdrng", "sm3", "sm4"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (strcmp(name, keys[i]) == 0)
            return 1;
    return 0;
}

/* Orders algorithm objects by name. */
static int alg_cmp(const void *x, const void *y)
{
    const char *a = sget(*(json_t *const *)x, "name"), *b = sget(*(json_t *const *)y, "name");
    return strcmp(a ? a : "", b ? b : "");
}

/* Renders the kernel crypto section: the algorithms worth a look (key
 * names, or any driver with crypto instructions or an engine), by name. */
static void render_kernel(FILE *out, const json_t *doc)
{
    const json_t *kc = json_object_get(doc, "kernel_crypto");
    json_t *algs = json_object_get(kc, "algorithms"), *a, *d;
    size_t i, j, hidden = 0, n = json_array_size(algs);
    int cpu_only = json_is_true(json_object_get(json_object_get(kc, "af_alg"), "cpu_only"));
    fprintf(out, "\nKernel    /proc/crypto: %zu algorithms; * = the driver the kernel selects%s\n", n,
            cpu_only ? "; no AF_ALG = user space cannot reach it (AF_ALG is CPU-only here)" : "");
    if (!json_is_true(json_object_get(kc, "proc_crypto")))
        fprintf(out, "  (/proc/crypto is not readable)\n");
    json_t **sorted = calloc(n ? n : 1, sizeof *sorted);
    if (!sorted)
        return;
    json_array_foreach(algs, i, a)
        sorted[i] = a;
    qsort(sorted, n, sizeof *sorted, alg_cmp);
    for (i = 0; i < n; i++) {
        a = sorted[i];
        json_t *drivers = json_object_get(a, "drivers");
        int notable = key_algorithm(sget(a, "name")), internal_only = 1;
        json_array_foreach(drivers, j, d) {
            if (!json_is_true(json_object_get(d, "internal")))
                internal_only = 0;
            const char *k = sget(d, "class");
            if (k && (strcmp(k, "cpu-instructions") == 0 || strcmp(k, "hardware-engine") == 0))
                notable = 1;
        }
        if (internal_only) /* building blocks of other drivers, never selected */
            continue;
        if (!notable) {
            hidden++;
            continue;
        }
        fprintf(out, "  %-26s", sget(a, "name"));
        size_t others = 0;
        json_array_foreach(drivers, j, d) {
            int sel = json_is_true(json_object_get(d, "selected"));
            if (!sel && others >= 2) {
                others++;
                continue;
            }
            if (!sel)
                others++;
            fprintf(out, "%s%s%s (%s, %lld%s)", j ? "  " : "", sel ? "*" : "", sget(d, "driver"), sget(d, "class"),
                    (long long)json_integer_value(json_object_get(d, "priority")),
                    cpu_only && json_is_true(json_object_get(d, "af_alg_cpu_only_excludes")) ? ", no AF_ALG" : "");
        }
        if (others > 2)
            fprintf(out, "  +%zu more", others - 2);
        if (!sget(a, "selected"))
            fprintf(out, "  (none selectable)");
        fprintf(out, "\n");
    }
    free(sorted);
    if (hidden)
        fprintf(out, "  ... and %zu more algorithm%s with only software or library drivers (--json lists all)\n",
                hidden, hidden == 1 ? "" : "s");
}

/* Renders the kernel's interfaces: AF_ALG, /dev/crypto, hwrng. */
static void render_kernel_interfaces(FILE *out, const json_t *doc)
{
    const json_t *kc = json_object_get(doc, "kernel_crypto");
    json_t *a;
    size_t i;
    const json_t *af = json_object_get(kc, "af_alg");
    const char *state = sget(af, "state") ? sget(af, "state") : "unknown";
    int cpu_only = json_is_true(json_object_get(af, "cpu_only"));
    const char *splice = sget(af, "splice");
    fprintf(out, "AF_ALG    %s%s%s%s", state, strcmp(state, "loadable") == 0 ? " (modprobe af_alg and algif_*)" : "",
            strcmp(state, "restricted") == 0 && cpu_only ? " (synchronous CPU drivers only)" : "",
            splice && strcmp(splice, "copies") == 0 ? " (splice copies: no zero-copy for skcipher/AEAD)" : "");
    if (json_is_true(json_object_get(af, "available"))) {
        json_t *types = json_object_get(af, "types"), *t;
        const char *name;
        json_object_foreach(types, name, t)
            fprintf(out, "%s%s %s", strcmp(name, "hash") == 0 ? " · " : ", ", name,
                    json_is_true(json_object_get(t, "available")) ? "yes" : "no");
    } else if (sget(af, "reason")) {
        fprintf(out, " — %s", sget(af, "reason"));
    }
    fprintf(out, "\n");
    json_array_foreach(json_object_get(af, "evidence"), i, a)
        fprintf(out, "          %s\n", json_string_value(a));
    if (sget(af, "deprecation"))
        fprintf(out, "          %s\n", sget(af, "deprecation"));
    json_t *dc = json_object_get(kc, "dev_crypto");
    fprintf(out, "/dev/crypto %s\n", json_is_true(dc) ? "present (cryptodev)" : json_is_false(dc) ? "absent" : "unknown");
    const json_t *rng = json_object_get(kc, "hwrng");
    json_t *av = json_object_get(rng, "available");
    fprintf(out, "hwrng     %s", sget(rng, "current") ? sget(rng, "current") : "none");
    if (json_array_size(av)) {
        fprintf(out, " (available:");
        json_array_foreach(av, i, a)
            fprintf(out, " %s", json_string_value(a));
        fprintf(out, ")");
    }
    json_t *dh = json_object_get(rng, "dev_hwrng");
    fprintf(out, " · /dev/hwrng %s\n", json_is_true(dh) ? "present" : json_is_false(dh) ? "absent" : "unknown");
}

/* See detect.h. */
void cm_detect_render_text(FILE *out, const json_t *doc)
{
    platform_cpu_doc cpu;
    cm_error cpu_err = {0};
    int cpu_ok = platform_cpu_doc_from_json(json_object_get(doc, "cpu"), &cpu, &cpu_err) == 0;
    if (json_is_string(json_object_get(doc, "sysroot")))
        fprintf(out, "(read from the recorded root %s)\n", sget(doc, "sysroot"));
    cm_detect_render_cpu(out, cpu_ok ? &cpu : NULL, cpu_err.msg, json_object_get(doc, "system"));
    render_kernel(out, doc);
    render_kernel_interfaces(out, doc);
    platform_libraries libs;
    if (platform_libraries_from_json(json_object_get(doc, "backends"), &libs, NULL) == 0)
        cm_detect_render_backends(out, &libs);
    platform_libraries_free(&libs);
    cm_detect_render_clock(out, cpu_ok ? &cpu : NULL, cpu_err.msg, json_is_string(json_object_get(doc, "sysroot")));
    platform_aes_block as;
    if (platform_aes_block_from_json(json_object_get(doc, "aes_score"), &as, NULL) == 0)
        cm_detect_render_aes_score(out, &as);
    platform_aes_block_free(&as);
    cm_probe_summary ib;
    if (cm_probe_summary_from_json(json_object_get(doc, "instruction_bounds"), &ib, NULL) == 0)
        cm_detect_render_instruction_bounds(out, &ib);
    cm_probe_summary_free(&ib);
    cm_detect_render_judgement(out, json_object_get(doc, "verdicts"), json_object_get(doc, "health"));
    platform_cpu_doc_free(&cpu);
}
