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
#include "measure/probe.h"
#include "platform/aes_score.h"
#include "platform/cpu.h"

/* Field shortcuts on jansson objects. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

static double nget(const json_t *o, const char *k)
{
    json_t *v = json_object_get(o, k);
    return json_is_number(v) ? json_number_value(v) : 0;
}

/* A cluster's CPU list ("0-3") from its JSON. */
static void cluster_cpus(const json_t *cl, char *buf, size_t len)
{
    int cpus[PLATFORM_MAX_CPUS], n = 0;
    size_t i;
    json_t *v;
    json_array_foreach(json_object_get(cl, "cpus"), i, v)
        if (n < PLATFORM_MAX_CPUS)
            cpus[n++] = (int)json_integer_value(v);
    platform_format_cpulist(cpus, n, buf, len);
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

/* Renders the CPU line(s) and the features. */
static void render_cpu(FILE *out, const json_t *doc)
{
    const json_t *cpu = json_object_get(doc, "cpu"), *sys = json_object_get(doc, "system");
    const char *board = sget(cpu, "board");
    fprintf(out, "CPU       %s · %s · %s · %lld CPUs%s%s\n",
            sget(cpu, "model_name") ? sget(cpu, "model_name") : "(unknown model)",
            sget(cpu, "arch") ? sget(cpu, "arch") : "?", sget(cpu, "vendor") ? sget(cpu, "vendor") : "?",
            (long long)json_integer_value(json_object_get(cpu, "cores")), board ? " · " : "",
            board ? board : "");
    if (sget(sys, "kernel") || sget(sys, "os"))
        fprintf(out, "System    %s%s%s%s\n", sget(sys, "os") ? sget(sys, "os") : "",
                sget(sys, "os") && sget(sys, "kernel") ? " · " : "",
                sget(sys, "kernel") ? "Linux " : "", sget(sys, "kernel") ? sget(sys, "kernel") : "");
    size_t i;
    json_t *cl;
    json_array_foreach(json_object_get(cpu, "clusters"), i, cl) {
        char cpus[128];
        cluster_cpus(cl, cpus, sizeof cpus);
        const char *core = sget(cl, "core_name");
        fprintf(out, "  cluster %zu: CPUs %s%s%s", i, cpus, core ? " " : "", core ? core : "");
        if (sget(cl, "based_on") && core && strcmp(sget(cl, "based_on"), core) != 0)
            fprintf(out, " (%s-based)", sget(cl, "based_on"));
        if (sget(cl, "midr"))
            fprintf(out, " · MIDR %s", sget(cl, "midr"));
        if (nget(cl, "freq_max_mhz") > 0)
            fprintf(out, " · cpufreq %.0f-%.0f MHz", nget(cl, "freq_min_mhz"), nget(cl, "freq_max_mhz"));
        if (sget(cl, "governor"))
            fprintf(out, " · %s", sget(cl, "governor"));
        fprintf(out, "\n");
    }
    const char *by = sget(cpu, "cluster_source");
    if (by && strcmp(by, "single") == 0)
        fprintf(out, "  (one cluster: no cpufreq policies, MIDRs or core types tell the CPUs apart)\n");
    else if (by)
        fprintf(out, "  (clusters from %s)\n", strcmp(by, "cpufreq policy") == 0 ? "cpufreq policies" : by);

    json_t *feats = json_object_get(cpu, "features"), *f;
    fprintf(out, "\nFeatures  read from %s%s%s\n",
            sget(cpu, "feature_source") ? sget(cpu, "feature_source") : "nothing",
            sget(cpu, "isa_mask") ? "; CRYPTOMETER_ISA_MASK=" : "",
            sget(cpu, "isa_mask") ? sget(cpu, "isa_mask") : "");
    if (!json_array_size(feats))
        fprintf(out, "  (no feature table for this architecture)\n");
    json_array_foreach(feats, i, f)
        if (json_is_true(json_object_get(f, "present")))
            fprintf(out, "  + %-22s %s\n", sget(f, "label"), sget(f, "accelerates") ? sget(f, "accelerates") : "");
    static const char *const groups[3] = {"  - absent: ", "  - masked: ",
                                          "  - in the CPU but disabled by the OS (XCR0): "};
    for (int g = 0; g < 3; g++) {
        size_t n = 0;
        json_array_foreach(feats, i, f) {
            int present = json_is_true(json_object_get(f, "present"));
            int masked = json_is_true(json_object_get(f, "masked"));
            int cpu_has = json_is_true(json_object_get(f, "cpu"));
            int os = json_is_true(json_object_get(f, "os"));
            int in = !present && (g == 0   ? !cpu_has
                                  : g == 1 ? masked && cpu_has
                                           : cpu_has && !os && !masked);
            if (!in)
                continue;
            fprintf(out, "%s%s", n ? ", " : groups[g], sget(f, "label"));
            n++;
        }
        if (n)
            fprintf(out, "\n");
    }
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

/* Renders an OpenSSL backend's default path (openssl_default_path.c): the
 * algorithms whose default is an engine, then those that run OpenSSL's own
 * code, in words. */
static void render_default_path(FILE *out, const json_t *dp)
{
    json_t *algs = json_object_get(dp, "algorithms"), *v;
    const char *alg;
    if (!json_is_object(dp))
        return;
    if (sget(dp, "reason"))
        fprintf(out, "\n          default path: %s", sget(dp, "reason"));
    json_object_foreach(algs, alg, v)
        if (json_is_string(v))
            fprintf(out, "\n          default path: %s goes through the %s engine (an engine made "
                         "the default: openssl.cnf or the environment)", alg, json_string_value(v));
    size_t n = 0;
    json_object_foreach(algs, alg, v)
        if (json_is_null(v))
            fprintf(out, "%s%s", n++ ? ", " : "\n          default path: OpenSSL's own code for ", alg);
    if (n)
        fprintf(out, " (no engine is the default: AF_ALG or /dev/crypto only through an engine "
                     "variant)");
}

/* Renders each backend's version and capability vector. */
static void render_backends(FILE *out, const json_t *doc)
{
    const char *name;
    json_t *b, *all = json_object_get(doc, "backends");
    if (json_object_size(all))
        fprintf(out, "\n");
    json_object_foreach(all, name, b) {
        fprintf(out, "%-9s %s", name, sget(b, "version") ? sget(b, "version") : "(no version)");
        json_t *caps = json_object_get(b, "capabilities");
        if (json_is_object(caps)) {
            if (sget(caps, "value"))
                fprintf(out, "\n          %s=%s", sget(caps, "variable") ? sget(caps, "variable") : "capabilities",
                        sget(caps, "value"));
            json_t *feats = json_object_get(caps, "features"), *v;
            const char *fname;
            for (int on = 1; on >= 0; on--) {
                size_t n = 0;
                json_object_foreach(feats, fname, v) {
                    if (json_is_true(v) != on)
                        continue;
                    fprintf(out, "%s%s", n ? " " : (on ? "\n          uses: " : "\n          not used: "), fname);
                    n++;
                }
            }
            if (sget(caps, "env"))
                fprintf(out, "\n          (%s set in the environment: %s)", sget(caps, "variable"), sget(caps, "env"));
            if (sget(caps, "reason"))
                fprintf(out, "\n          capability vector unknown: %s", sget(caps, "reason"));
        }
        render_default_path(out, json_object_get(b, "default_path"));
        fprintf(out, "\n");
    }
}

/* Renders measured vs claimed clock per cluster. */
static void render_clock(FILE *out, const json_t *doc)
{
    const json_t *cpu = json_object_get(doc, "cpu");
    size_t i;
    json_t *cl;
    int any = 0;
    fprintf(out, "\nClock     ");
    json_array_foreach(json_object_get(cpu, "clusters"), i, cl) {
        char cpus[128];
        cluster_cpus(cl, cpus, sizeof cpus);
        double m = nget(cl, "measured_mhz"), c = nget(cl, "claimed_mhz");
        fprintf(out, "%scluster %zu (CPUs %s): ", any ? "          " : "", i, cpus);
        any = 1;
        if (m > 0)
            fprintf(out, "%.0f MHz measured", m);
        else
            fprintf(out, "not measured");
        if (c > 0) {
            fprintf(out, " · %.0f MHz claimed (%s)", c, sget(cl, "claimed_source"));
            if (m > 0)
                fprintf(out, " · %+.1f%%", 100.0 * (m / c - 1.0));
        }
        if (nget(cl, "freq_cur_mhz") > 0)
            fprintf(out, " · cpufreq now %.0f MHz", nget(cl, "freq_cur_mhz"));
        fprintf(out, "\n");
    }
    if (!any)
        fprintf(out, "no clusters\n");
    if (sget(cpu, "clock_method"))
        fprintf(out, "          (%s)\n", sget(cpu, "clock_method"));
    else if (json_is_string(json_object_get(doc, "sysroot")))
        fprintf(out, "          (not measured: --sysroot)\n");
}

/* Renders the AES-score-per-MHz verdicts. */
static void render_aes_score(FILE *out, const json_t *doc)
{
    const json_t *as = json_object_get(doc, "aes_score");
    json_t *scores = json_object_get(as, "scores"), *s;
    size_t i;
    if (!as)
        return;
    fprintf(out, "\nAES score ");
    if (!json_array_size(scores)) {
        fprintf(out, "%s\n", sget(as, "reason") ? sget(as, "reason") : "not measured");
        return;
    }
    char source[128];
    platform_aes_source_text(source, sizeof source);
    fprintf(out, "(%s; a quick figure per cluster, in 1000 bytes/s per MHz)\n", source);
    json_array_foreach(scores, i, s)
        fprintf(out, "  cluster %lld: %.0f per MHz, %s — %s\n",
                (long long)json_integer_value(json_object_get(s, "cluster")), nget(s, "score_per_mhz"),
                sget(s, "verdict"), sget(s, "message"));
}

/* Renders the instruction bounds (a quick probe; probe.h). */
static void render_instruction_bounds(FILE *out, const json_t *doc)
{
    const json_t *ib = json_object_get(doc, "instruction_bounds");
    if (!ib)
        return;
    fprintf(out, "\nInstruction bounds ");
    if (sget(ib, "reason")) {
        fprintf(out, "%s\n", sget(ib, "reason"));
        return;
    }
    fprintf(out, "(a quick probe at %.0f MHz%s; lower bounds on cycles per byte; `cryptometer probe` for the\n"
                 "          figures with their spread)\n",
            nget(ib, "reference_mhz"), json_is_true(json_object_get(ib, "emulated")) ? ", EMULATED: the emulator's, not a core's" : "");
    cm_probe_render_bounds(out, json_object_get(ib, "bounds"), 1);
}

/* See detect.h. */
void cm_detect_render_text(FILE *out, const json_t *doc)
{
    if (json_is_string(json_object_get(doc, "sysroot")))
        fprintf(out, "(read from the recorded root %s)\n", sget(doc, "sysroot"));
    render_cpu(out, doc);
    render_kernel(out, doc);
    render_kernel_interfaces(out, doc);
    render_backends(out, doc);
    render_clock(out, doc);
    render_aes_score(out, doc);
    render_instruction_bounds(out, doc);
    cm_detect_render_judgement(out, json_object_get(doc, "verdicts"), json_object_get(doc, "health"));
}
