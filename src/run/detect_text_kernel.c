/*
 * detect_text_kernel.c — the kernel's crypto of a detect document for a
 * person (detect_text_kernel.h): the algorithms worth a look with the
 * driver the kernel selects, then AF_ALG (what it allows here, and why),
 * /dev/crypto and the hardware RNG. A view of the kernel_crypto struct
 * only (platform/kernel_crypto.h), so it never states a fact that
 * `detect --json` lacks.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/detect_text_kernel.h"

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

/* Orders algorithms by name. */
static int alg_cmp(const void *x, const void *y)
{
    const platform_kc_algorithm *a = *(const platform_kc_algorithm *const *)x;
    const platform_kc_algorithm *b = *(const platform_kc_algorithm *const *)y;
    return strcmp(a->name, b->name);
}

/* 1 when alg is worth a line (a key name, or a driver with crypto
 * instructions or an engine); *internal_only when every driver is internal. */
static int notable(const platform_kc_algorithm *a, int *internal_only)
{
    int yes = key_algorithm(a->name);
    *internal_only = 1;
    for (size_t j = 0; j < a->n_drivers; j++) {
        const platform_kc_driver *d = &a->drivers[j];
        if (!d->internal)
            *internal_only = 0;
        if (d->klass && (strcmp(d->klass, "cpu-instructions") == 0 || strcmp(d->klass, "hardware-engine") == 0))
            yes = 1;
    }
    return yes;
}

/* One algorithm's line: the selected driver and at most two others. */
static void render_algorithm(FILE *out, const platform_kc_algorithm *a, int cpu_only)
{
    fprintf(out, "  %-26s", a->name);
    size_t others = 0;
    for (size_t j = 0; j < a->n_drivers; j++) {
        const platform_kc_driver *d = &a->drivers[j];
        if (!d->selected && others >= 2) {
            others++;
            continue;
        }
        if (!d->selected)
            others++;
        fprintf(out, "%s%s%s (%s, %lld%s)", j ? "  " : "", d->selected ? "*" : "", d->driver, d->klass, d->priority,
                cpu_only && d->af_alg_cpu_only_excludes ? ", no AF_ALG" : "");
    }
    if (others > 2)
        fprintf(out, "  +%zu more", others - 2);
    if (!a->selected)
        fprintf(out, "  (none selectable)");
    fprintf(out, "\n");
}

/* Renders the kernel crypto section: the algorithms worth a look (key
 * names, or any driver with crypto instructions or an engine), by name. */
static void render_algorithms(FILE *out, const platform_kcrypto *kc)
{
    size_t i, hidden = 0, n = kc->n_algorithms;
    int cpu_only = kc->af_alg.cpu_only == 1;
    fprintf(out, "\nKernel    /proc/crypto: %zu algorithms; * = the driver the kernel selects%s\n", n,
            cpu_only ? "; no AF_ALG = user space cannot reach it (AF_ALG is CPU-only here)" : "");
    if (!kc->proc_crypto)
        fprintf(out, "  (/proc/crypto is not readable)\n");
    const platform_kc_algorithm **sorted = calloc(n ? n : 1, sizeof *sorted);
    if (!sorted)
        return;
    for (i = 0; i < n; i++)
        sorted[i] = &kc->algorithms[i];
    qsort(sorted, n, sizeof *sorted, alg_cmp);
    for (i = 0; i < n; i++) {
        int internal_only;
        int shown = notable(sorted[i], &internal_only);
        if (internal_only) /* building blocks of other drivers, never selected */
            continue;
        if (!shown)
            hidden++;
        else
            render_algorithm(out, sorted[i], cpu_only);
    }
    free(sorted);
    if (hidden)
        fprintf(out, "  ... and %zu more algorithm%s with only software or library drivers (--json lists all)\n",
                hidden, hidden == 1 ? "" : "s");
}

/* "present", "absent" or "unknown" of a tri-state (1, 0, -1). */
static const char *tri_word(int v, const char *present)
{
    return v == 1 ? present : v == 0 ? "absent" : "unknown";
}

/* Renders the AF_ALG line and the evidence under it. */
static void render_af_alg(FILE *out, const platform_af_alg *af)
{
    const char *state = af->state ? af->state : "unknown";
    fprintf(out, "AF_ALG    %s%s%s%s", state, strcmp(state, "loadable") == 0 ? " (modprobe af_alg and algif_*)" : "",
            strcmp(state, "restricted") == 0 && af->cpu_only == 1 ? " (synchronous CPU drivers only)" : "",
            af->splice && strcmp(af->splice, "copies") == 0 ? " (splice copies: no zero-copy for skcipher/AEAD)" : "");
    if (af->available == 1) {
        for (size_t i = 0; i < af->n_types; i++)
            fprintf(out, "%s%s %s", strcmp(af->types[i].name, "hash") == 0 ? " · " : ", ", af->types[i].name,
                    af->types[i].available ? "yes" : "no");
    } else if (af->reason) {
        fprintf(out, " — %s", af->reason);
    }
    fprintf(out, "\n");
    for (size_t i = 0; i < af->n_evidence; i++)
        fprintf(out, "          %s\n", af->evidence[i]);
    if (af->deprecation)
        fprintf(out, "          %s\n", af->deprecation);
}

/* Renders the kernel's interfaces: AF_ALG, /dev/crypto, hwrng. */
static void render_interfaces(FILE *out, const platform_kcrypto *kc)
{
    const platform_hwrng *rng = &kc->hwrng;
    render_af_alg(out, &kc->af_alg);
    fprintf(out, "/dev/crypto %s\n", tri_word(kc->dev_crypto, "present (cryptodev)"));
    fprintf(out, "hwrng     %s", rng->current ? rng->current : "none");
    if (rng->n_available) {
        fprintf(out, " (available:");
        for (size_t i = 0; i < rng->n_available; i++)
            fprintf(out, " %s", rng->available[i]);
        fprintf(out, ")");
    }
    fprintf(out, " · /dev/hwrng %s\n", tri_word(rng->dev_hwrng, "present"));
}

/* See detect_text_kernel.h. */
void cm_detect_render_kernel(FILE *out, const platform_kcrypto *kc)
{
    render_algorithms(out, kc);
    render_interfaces(out, kc);
}
