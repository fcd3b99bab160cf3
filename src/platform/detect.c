/*
 * detect.c — `cryptometer detect`: the detect document (the same context
 * every result file carries), its text rendering for a person, and the
 * command-line entry point. The JSON shape is documented where it is built
 * (platform_detect below) and in docs/; the text is a view of the JSON, so
 * `detect` and `detect --json` always state the same facts.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>

#include "core/registry.h"
#include "platform/platform.h"
#include "platform/sysroot.h"

#define DETECT_VERSION 1

/* ------------------------------------------------------------------------
 * Building the document
 * ---------------------------------------------------------------------- */

/* A positive double as JSON, else null. */
static json_t *pos_or_null(double v)
{
    return v > 0 && !isnan(v) ? json_real(v) : json_null();
}

/* A string as JSON, or null when empty. */
static json_t *str_or_null(const char *s)
{
    return s && s[0] ? json_string(s) : json_null();
}

/* The "system" object: host name, kernel, OS. */
static json_t *system_json(const char *sysroot)
{
    json_t *o = json_object();
    char buf[512];
    if (!pf_has_sysroot(sysroot)) {
        struct utsname u;
        if (uname(&u) == 0) {
            json_object_set_new(o, "hostname", json_string(u.nodename));
            json_object_set_new(o, "kernel", json_string(u.release));
            json_object_set_new(o, "kernel_version", json_string(u.version));
            json_object_set_new(o, "machine", json_string(u.machine));
        }
    } else {
        if (pf_read_line(sysroot, "/proc/sys/kernel/hostname", buf, sizeof buf) == 0)
            json_object_set_new(o, "hostname", json_string(buf));
        if (pf_read_line(sysroot, "/proc/version", buf, sizeof buf) == 0) {
            /* "Linux version 6.1.0-56-arm64 (...) #1 SMP ..." */
            char rel[128];
            if (sscanf(buf, "Linux version %127s", rel) == 1)
                json_object_set_new(o, "kernel", json_string(rel));
            json_object_set_new(o, "kernel_version", json_string(buf));
        }
    }
    char *osr = pf_read_text(sysroot, "/etc/os-release", NULL);
    if (!osr && !pf_has_sysroot(sysroot))
        osr = pf_read_text(sysroot, "/usr/lib/os-release", NULL);
    if (osr) {
        char *p = strstr(osr, "PRETTY_NAME=");
        if (p) {
            p += 12;
            char *e = strchr(p, '\n');
            if (e)
                *e = '\0';
            size_t l = strlen(p);
            if (l >= 2 && (p[0] == '"' || p[0] == '\'') && p[l - 1] == p[0]) {
                p[l - 1] = '\0';
                p++;
            }
            json_object_set_new(o, "os", json_string(p));
        }
        free(osr);
    }
    return o;
}

/* The "cpu" object (see the brief's shape, extended with sources). */
static json_t *cpu_json(const platform_cpu *cpu, const platform_features *fs, const char *clock_method)
{
    char midr[16];
    json_t *o = json_object();
    json_object_set_new(o, "arch", str_or_null(cpu->arch));
    json_object_set_new(o, "vendor", str_or_null(cpu->vendor));
    json_object_set_new(o, "model_name", str_or_null(cpu->model_name));
    json_object_set_new(o, "board", str_or_null(cpu->board));
    json_object_set_new(o, "cores", json_integer(cpu->n_cpus));
    json_object_set_new(o, "hybrid", json_boolean(cpu->hybrid));
    json_object_set_new(o, "midr_source", str_or_null(cpu->midr_source));
    json_object_set_new(o, "cluster_source", str_or_null(cpu->cluster_source));
    json_object_set_new(o, "clock_method", str_or_null(clock_method));

    json_t *clusters = json_array();
    for (int c = 0; c < cpu->n_clusters; c++) {
        const platform_cluster *cl = &cpu->clusters[c];
        json_t *cpus = json_array();
        for (int i = 0; i < cl->n_cpus; i++)
            json_array_append_new(cpus, json_integer(cl->cpus[i]));
        snprintf(midr, sizeof midr, "0x%08x", (unsigned)cl->midr);
        json_t *co = json_object();
        json_object_set_new(co, "id", json_integer(cl->id));
        json_object_set_new(co, "cpus", cpus);
        json_object_set_new(co, "core_name", str_or_null(cl->core_name));
        json_object_set_new(co, "core_vendor", str_or_null(cl->core_vendor));
        json_object_set_new(co, "based_on", str_or_null(cl->based_on));
        json_object_set_new(co, "midr", cl->midr ? json_string(midr) : json_null());
        json_object_set_new(co, "freq_min_mhz", pos_or_null(cl->freq_min_mhz));
        json_object_set_new(co, "freq_max_mhz", pos_or_null(cl->freq_max_mhz));
        json_object_set_new(co, "freq_cur_mhz", pos_or_null(cl->freq_cur_mhz));
        json_object_set_new(co, "cpuinfo_mhz", pos_or_null(cl->cpuinfo_mhz));
        json_object_set_new(co, "claimed_mhz", pos_or_null(cl->claimed_mhz));
        json_object_set_new(co, "claimed_source", str_or_null(cl->claimed_source));
        json_object_set_new(co, "measured_mhz", pos_or_null(cl->measured_mhz));
        json_object_set_new(co, "measured_check_mhz", pos_or_null(cl->measured_check_mhz));
        json_object_set_new(co, "measured_spread",
                            cl->measured_mhz > 0 ? json_real(cl->measured_spread) : json_null());
        json_object_set_new(co, "clock_agree",
                            cl->measured_mhz > 0 ? json_boolean(cl->measured_agree) : json_null());
        json_object_set_new(co, "governor", str_or_null(cl->governor));
        json_object_set_new(co, "cpufreq_driver", str_or_null(cl->driver));
        json_object_set_new(co, "policy", str_or_null(cl->policy));
        json_array_append_new(clusters, co);
    }
    json_object_set_new(o, "clusters", clusters);

    json_t *feats = json_array();
    for (int i = 0; i < fs->n; i++) {
        const platform_feature *f = &fs->f[i];
        json_t *fo = json_pack("{s:s, s:s, s:b, s:s}", "name", f->name, "label", f->label, "present",
                               f->present, "source", f->source);
        json_object_set_new(fo, "accelerates", str_or_null(f->accelerates));
        json_object_set_new(fo, "cpu", json_boolean(f->cpu));
        json_object_set_new(fo, "os", json_boolean(f->os));
        json_object_set_new(fo, "masked", json_boolean(f->masked));
        json_object_set_new(fo, "cpuinfo", f->cpuinfo < 0 ? json_null() : json_boolean(f->cpuinfo));
        json_array_append_new(feats, fo);
    }
    json_object_set_new(o, "features", feats);
    json_object_set_new(o, "feature_table", str_or_null(fs->table));
    json_object_set_new(o, "feature_source", str_or_null(fs->source));
    json_object_set_new(o, "isa_mask", str_or_null(fs->mask));
    if (fs->mask_unknown[0])
        json_object_set_new(o, "isa_mask_unknown", json_string(fs->mask_unknown));
    json_object_set_new(o, "feature_disagreements", platform_features_disagreements(fs));
    return o;
}

/* The "backends" object: each compiled-in backend's version and the facts
 * its describe() gives (OpenSSL: its capability vector). */
static json_t *backends_json(void)
{
    json_t *o = json_object();
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        json_t *d = b->describe ? b->describe() : NULL;
        if (!json_is_object(d)) {
            json_decref(d);
            d = json_object();
        }
        const char *v = b->version ? b->version() : NULL;
        if (!json_object_get(d, "version"))
            json_object_set_new(d, "version", str_or_null(v));
        json_object_set_new(o, b->name, d);
    }
    return o;
}

/* Seconds on CLOCK_MONOTONIC. */
static double mono_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Checks that a sysroot can be read as a root: a readable directory with
 * proc/ or sys/ in it. */
static int check_sysroot(const char *sysroot, cm_error *err)
{
    struct stat st;
    if (!pf_has_sysroot(sysroot))
        return 0;
    if (stat(sysroot, &st) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot read --sysroot %s: %s", sysroot,
                            strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "--sysroot %s is not a directory", sysroot);
    DIR *d = opendir(sysroot);
    if (!d)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot read --sysroot %s: %s", sysroot,
                            strerror(errno));
    closedir(d);
    if (!pf_exists(sysroot, "/proc") && !pf_exists(sysroot, "/sys"))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "--sysroot %s holds neither proc/ nor sys/: not a recorded root", sysroot);
    return 0;
}

/* Appends the flags that come from the CPU description rather than from
 * a health snapshot: clock gaps, /proc/cpuinfo disagreements, an unknown
 * name in CRYPTOMETER_ISA_MASK. cpu_doc is the "cpu" object of the doc. */
static void add_platform_flags(json_t *flags, const platform_cpu *cpu,
                               const platform_features *fs, json_t *cpu_doc)
{
    platform_clock_flags(cpu, flags);
    json_t *dis = json_object_get(cpu_doc, "feature_disagreements");
    size_t i;
    json_t *d;
    json_array_foreach(dis, i, d)
        json_array_append_new(flags, json_pack("{s:s, s:s, s:O}", "id", "feature-mismatch", "severity",
                                               "info", "message", json_object_get(d, "message")));
    if (fs->mask_unknown[0]) {
        char msg[512];
        snprintf(msg, sizeof msg,
                 "CRYPTOMETER_ISA_MASK names features this CPU's table does not know: %s.",
                 fs->mask_unknown);
        json_array_append_new(flags, json_pack("{s:s, s:s, s:s}", "id", "isa-mask-unknown",
                                               "severity", "warning", "message", msg));
    }
}

/* See platform.h. The document:
 *   detect_version, sysroot, elapsed_s,
 *   system {hostname, kernel, kernel_version, machine, os},
 *   cpu {arch, vendor, model_name, board, cores, hybrid, midr_source,
 *        cluster_source, clock_method, clusters [...], features [...],
 *        feature_table, feature_source, isa_mask, feature_disagreements},
 *   kernel_crypto {proc_crypto, algorithms [{name, selected, drivers
 *        [{driver, module, priority, type, selftest, class, what,
 *        internal, selected}]}], af_alg {available, reason, errno,
 *        types}, dev_crypto, hwrng {current, available, sysfs,
 *        dev_hwrng, quality}},
 *   backends {<name>: {version, ...describe()}},
 *   aes_score {scores [platform_aes_score() objects + cluster, quick],
 *        reason},
 *   health [{id, severity, message}],
 *   health_snapshot {...platform_health_json()}. */
json_t *platform_detect(const char *sysroot, int measure_clock, cm_error *err)
{
    double t0 = mono_s();
    if (check_sysroot(sysroot, err) != 0)
        return NULL;
    int live = !pf_has_sysroot(sysroot);
    platform_cpu *cpu = platform_cpu_new();
    platform_features *fs = calloc(1, sizeof *fs);
    if (!cpu || !fs) {
        platform_cpu_free(cpu);
        free(fs);
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
        return NULL;
    }
    platform_cpu_read(sysroot, cpu, err);
    platform_features_read(sysroot, cpu, fs, err);

    /* The busy sample first: nothing of ours runs while it is taken. */
    platform_health *h = platform_health_snapshot(sysroot, cpu, PLATFORM_HEALTH_BUSY, err);
    if (live && measure_clock)
        platform_measure_clocks(cpu);

    json_t *doc = json_object();
    json_object_set_new(doc, "detect_version", json_integer(DETECT_VERSION));
    json_object_set_new(doc, "sysroot", live ? json_null() : json_string(sysroot));
    json_object_set_new(doc, "system", system_json(sysroot));
    json_object_set_new(doc, "cpu", cpu_json(cpu, fs, cpu->clock_method));
    json_object_set_new(doc, "kernel_crypto", platform_kernel_crypto(sysroot, err));
    /* The libraries are this binary's: they say nothing of a recorded root. */
    if (live)
        json_object_set_new(doc, "backends", backends_json());

    /* The AES score per MHz needs the measured clock of each cluster. */
    if (live && measure_clock) {
        json_t *scores = json_array();
        char why[256] = "";
        platform_aes_probe(cpu, scores, why, sizeof why);
        json_object_set_new(doc, "aes_score", json_pack("{s:o, s:o}", "scores", scores, "reason",
                                                        why[0] ? json_string(why) : json_null()));
    } else {
        json_object_set_new(doc, "aes_score",
                            json_pack("{s:[], s:s}", "scores", "reason",
                                      live ? "not measured (--no-clock)" : "not measured (--sysroot)"));
    }

    json_t *flags = h ? platform_health_flags(h, NULL) : json_array();
    add_platform_flags(flags, cpu, fs, json_object_get(doc, "cpu"));
    json_object_set_new(doc, "health", flags);
    if (h)
        json_object_set_new(doc, "health_snapshot", platform_health_json(h));
    json_object_set_new(doc, "elapsed_s", json_real(mono_s() - t0));

    platform_health_free(h);
    platform_cpu_free(cpu);
    free(fs);
    return doc;
}

/* See platform.h. */
json_t *platform_run_context(platform_cpu *cpu, platform_health **before, cm_error *err)
{
    platform_features *fs = calloc(1, sizeof *fs);
    if (!fs) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
        return NULL;
    }
    platform_cpu_read(NULL, cpu, err);
    platform_features_read(NULL, cpu, fs, err);
    /* The busy sample first: nothing of ours runs while it is taken. */
    *before = platform_health_snapshot(NULL, cpu, PLATFORM_HEALTH_BUSY, err);
    platform_measure_clocks(cpu);
    if (*before) {
        (*before)->n_clock = cpu->n_clusters;
        for (int i = 0; i < cpu->n_clusters; i++) {
            (*before)->clock_mhz[i] = cpu->clusters[i].measured_mhz;
            (*before)->clock_spread[i] = cpu->clusters[i].measured_spread;
        }
    }
    json_t *ctx = json_object();
    json_object_set_new(ctx, "cpu", cpu_json(cpu, fs, cpu->clock_method));
    json_object_set_new(ctx, "kernel_crypto", platform_kernel_crypto(NULL, err));
    json_t *flags = *before ? platform_health_flags(*before, NULL) : json_array();
    add_platform_flags(flags, cpu, fs, json_object_get(ctx, "cpu"));
    json_object_set_new(ctx, "health", flags);
    if (*before)
        json_object_set_new(ctx, "health_before", platform_health_json(*before));
    free(fs);
    return ctx;
}

json_t *platform_run_health(const platform_cpu *cpu, const platform_health *before,
                            json_t *ctx, cm_error *err)
{
    platform_health *after = platform_health_snapshot(NULL, cpu, PLATFORM_HEALTH_CLOCK, err);
    if (!before || !after) {
        platform_health_free(after);
        return NULL;
    }
    json_t *flags = platform_health_flags(before, after);
    /* keep the flags of the context that the snapshots do not raise again
     * (the CPU-description ones) */
    size_t from_snapshots = json_array_size(flags), i;
    json_t *f;
    json_array_foreach(json_object_get(ctx, "health"), i, f)
    {
        int again = 0;
        for (size_t k = 0; k < from_snapshots; k++)
            again |= json_equal(json_object_get(json_array_get(flags, k), "id"),
                                json_object_get(f, "id"));
        if (!again)
            json_array_append(flags, f);
    }
    json_object_set_new(ctx, "health_after", platform_health_json(after));
    platform_health_free(after);
    return flags;
}

/* ------------------------------------------------------------------------
 * Text
 * ---------------------------------------------------------------------- */

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
    pf_format_cpulist(cpus, n, buf, len);
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
    fprintf(out, "\nKernel    /proc/crypto: %zu algorithms; * = the driver the kernel selects\n", n);
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
            fprintf(out, "%s%s%s (%s, %lld)", j ? "  " : "", sel ? "*" : "", sget(d, "driver"),
                    sget(d, "class"), (long long)json_integer_value(json_object_get(d, "priority")));
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

    const json_t *af = json_object_get(kc, "af_alg");
    if (json_is_true(json_object_get(af, "available"))) {
        fprintf(out, "AF_ALG    available");
        json_t *types = json_object_get(af, "types"), *t;
        const char *name;
        json_object_foreach(types, name, t)
            fprintf(out, "%s%s %s", strcmp(name, "hash") == 0 ? " · " : ", ", name,
                    json_is_true(json_object_get(t, "available")) ? "yes" : "no");
        fprintf(out, "\n");
    } else if (json_is_false(json_object_get(af, "available"))) {
        fprintf(out, "AF_ALG    not available — %s\n", sget(af, "reason"));
    } else {
        fprintf(out, "AF_ALG    %s\n", sget(af, "reason") ? sget(af, "reason") : "unknown");
    }
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
    fprintf(out, "OpenSSL aes-256-cbc, 16 KiB, quick figure per cluster, in 1000 bytes/s per MHz\n");
    json_array_foreach(scores, i, s)
        fprintf(out, "  cluster %lld: %.0f per MHz, %s — %s\n",
                (long long)json_integer_value(json_object_get(s, "cluster")), nget(s, "score_per_mhz"),
                sget(s, "verdict"), sget(s, "message"));
}

/* Renders the health flags. */
static void render_health(FILE *out, const json_t *doc)
{
    json_t *flags = json_object_get(doc, "health"), *f;
    size_t i;
    fprintf(out, "\nHealth    %s\n", json_array_size(flags) ? "" : "no flags: nothing seen that makes figures less trustworthy");
    json_array_foreach(flags, i, f)
        fprintf(out, "  [%s] %s\n", sget(f, "severity"), sget(f, "message"));
}

/* See platform.h. */
void platform_render_text(FILE *out, const json_t *doc)
{
    if (json_is_string(json_object_get(doc, "sysroot")))
        fprintf(out, "(read from the recorded root %s)\n", sget(doc, "sysroot"));
    render_cpu(out, doc);
    render_kernel(out, doc);
    render_backends(out, doc);
    render_clock(out, doc);
    render_aes_score(out, doc);
    render_health(out, doc);
}

/* ------------------------------------------------------------------------
 * Command line
 * ---------------------------------------------------------------------- */

static const char detect_usage[] =
    "usage: cryptometer detect [--json] [--sysroot DIR] [--no-clock]\n"
    "\n"
    "What this machine has for cryptography, whether it is used, and whether\n"
    "figures taken now can be trusted: CPU and clusters, crypto features (and\n"
    "what each accelerates), the kernel's crypto drivers with the one it\n"
    "selects, AF_ALG, /dev/crypto, hwrng, library capability vectors, the\n"
    "measured clock against the claimed one, and health flags.\n"
    "\n"
    "  --json         print the detect document as JSON\n"
    "  --sysroot DIR  read proc/ and sys/ under DIR (a recorded tree) instead of\n"
    "                 the live system; nothing is probed on the running machine\n"
    "  --no-clock     do not measure the clock of each cluster\n"
    "\n"
    "Environment: CRYPTOMETER_ISA_MASK=aes,pclmulqdq,... pretends the CPU lacks\n"
    "these features (names as in /proc/cpuinfo, or \"all\").\n"
    "Exit codes: 0 done, 2 bad option, 3 unreadable --sysroot.\n";

/* See platform.h. */
int cm_detect_main(int argc, char **argv)
{
    int json = 0, clock = 1;
    const char *sysroot = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            json = 1;
        } else if (strcmp(a, "--no-clock") == 0) {
            clock = 0;
        } else if (strcmp(a, "--sysroot") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "cryptometer detect: --sysroot needs a directory\n");
                return CM_EXIT_USAGE;
            }
            sysroot = argv[++i];
        } else if (strncmp(a, "--sysroot=", 10) == 0) {
            sysroot = a + 10;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(detect_usage, stdout);
            return CM_EXIT_OK;
        } else {
            fprintf(stderr, "cryptometer detect: unknown option '%s' (try --help)\n", a);
            return CM_EXIT_USAGE;
        }
    }
    if (sysroot && !sysroot[0]) {
        fprintf(stderr, "cryptometer detect: --sysroot needs a directory\n");
        return CM_EXIT_USAGE;
    }
    cm_error err = {0};
    json_t *doc = platform_detect(sysroot, clock, &err);
    if (!doc) {
        fprintf(stderr, "cryptometer detect: %s\n", err.msg[0] ? err.msg : "detection failed");
        return err.code ? err.code : CM_EXIT_ENVIRONMENT;
    }
    if (json) {
        if (json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0) {
            json_decref(doc);
            fprintf(stderr, "cryptometer detect: cannot write the JSON document\n");
            return CM_EXIT_ENVIRONMENT;
        }
        fputc('\n', stdout);
    } else {
        platform_render_text(stdout, doc);
    }
    json_decref(doc);
    return fflush(stdout) == 0 ? CM_EXIT_OK : CM_EXIT_ENVIRONMENT;
}
