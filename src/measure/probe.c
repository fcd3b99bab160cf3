/*
 * probe.c — runs the instruction probes (probe.h) and builds their
 * document. The kernels (src/probes/) run in a forked child
 * (core/isolate.h), pinned, between two measurements of the core clock
 * (platform/cpuclock.h, the chain method of `detect` and `run`): an
 * instruction the CPU lacks dies with SIGILL there, and the probe is
 * reported "crashed" with the signal while the others go on in a new
 * child. Each sample of a kernel is a short timed run right after a run of
 * the clock's reference chain (dependent single-cycle adds, the primary
 * chain of platform/cpuclock.c), which converts it to cycles at the clock
 * of that moment; the figure is the median of the samples, with its
 * spread. The clock of platform/cpuclock.c is measured before and after
 * as well and reported beside (docs/probes.md says why both).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "util/isolate.h"
#include "measure/probe.h"
#include "util/stats.h"
#include "cryptometer/cpu.h"
#include "platform/platform.h"
#include "platform/verdict.h"
#include "probes/probe_kernels.h"
#include "util/json.h"

#define PROBE_SCHEMA_VERSION 1
#define MAX_PROBES 32
#define CHILD_TIMEOUT_S 30.0

/* Samples per figure, and the length of one timed run of a kernel and of
 * the clock's reference chain beside it: short runs, so that a busy
 * machine's preemption spoils a few samples, which the median ignores,
 * rather than all of them. */
#define SAMPLES(quick) ((quick) ? 11 : 31)
#define RUN_NS(quick) ((quick) ? 100000ull : 200000ull)

/* What the child runs. */
struct child_arg {
    const cm_probe_kernel *k;
    size_t n;
    const int *run;  /* run[i]: probe i is to be measured */
    size_t start;    /* the first probe of this child */
    const cm_probe_options *opt;
};

/* What the parent gathers from its children. */
struct gathered {
    long current;              /* the probe started and not finished, or -1 */
    int done[MAX_PROBES];      /* its figures arrived */
    json_t *lat[MAX_PROBES];   /* ns per unit, per sample (or NULL) */
    json_t *tput[MAX_PROBES];
    json_t *clocks;            /* per segment: {"before": {...}, "after": {...}} */
};

/* ---- the child ----------------------------------------------------------- */

/* Nanoseconds of n passes of fn. */
static double time_ns(cm_probe_fn fn, uint64_t n)
{
    uint64_t t0 = cm_now_ns();
    fn(n);
    return (double)(cm_now_ns() - t0);
}

/* Passes of fn that last about run_ns. */
static uint64_t size_run(cm_probe_fn fn, uint64_t run_ns)
{
    uint64_t n = 1;
    for (;;) {
        double t = time_ns(fn, n);
        if (t >= (double)run_ns || n > (1ull << 40))
            return n;
        n = t < 1000 ? n * 16 : (uint64_t)((double)n * (double)run_ns * 1.05 / t) + 1;
    }
}

/* The samples of one kernel: {"ns": [ns per unit], "mhz": [the clock
 * the reference chain gave beside that sample]}: one warm-up run, then
 * SAMPLES timed runs, each right after a run of the reference chain (one
 * cycle per step). NULL when out of memory. */
static json_t *kernel_samples(cm_probe_fn fn, unsigned units, int quick)
{
    const cm_probe_kernel *ref = cm_probe_clock_reference();
    uint64_t n = size_run(fn, RUN_NS(quick)), nref = size_run(ref->latency, RUN_NS(quick));
    json_t *ns = json_array(), *mhz = json_array();
    int rc = ns && mhz ? 0 : -1;
    time_ns(fn, n);
    for (int s = 0; s < SAMPLES(quick) && rc == 0; s++) {
        double tref = time_ns(ref->latency, nref), t = time_ns(fn, n);
        rc |= json_array_append_new(mhz, json_real((double)nref * ref->latency_units / tref * 1000.0));
        rc |= json_array_append_new(ns, json_real(t / ((double)n * units)));
    }
    json_t *o = rc == 0 ? json_pack("{s:o, s:o}", "ns", ns, "mhz", mhz) : NULL;
    if (!o && rc != 0) {
        json_decref(ns);
        json_decref(mhz);
    }
    return o;
}

/* The clock message {"clock": when, mhz, check_mhz, agree, spread, method, cpu}. */
static int send_clock(FILE *out, const char *when)
{
    cm_cpuclock c;
    cm_cpuclock_measure(&c, CM_CPUCLOCK_REPEATS);
    return cm_isolate_send(out, json_pack("{s:s, s:f, s:f, s:b, s:f, s:s, s:i}", "clock", when, "mhz", c.mhz,
                                          "check_mhz", c.mhz_check, "agree", c.agree, "spread", c.spread,
                                          "method", c.method, "cpu", sched_getcpu()));
}

/* Measures the probes from a->start on: {"start": i} before each, then
 * {"probe": i, "latency": [...] | null, "throughput": [...] | null}. */
static int probe_child(void *argp, FILE *out)
{
    const struct child_arg *a = argp;
    int quick = a->opt->quick;
    if (a->opt->cpu >= 0 && cm_pin_to_cpu(a->opt->cpu) != 0)
        return 1;
    if (a->opt->cpu < 0 && cm_pin_to_cpu(sched_getcpu()) != 0)
        return 1;
    if (!quick && send_clock(out, "before") != 0)
        return 1;
    for (size_t i = a->start; i < a->n; i++) {
        if (!a->run[i])
            continue;
        const cm_probe_kernel *k = &a->k[i];
        if (cm_isolate_send(out, json_pack("{s:i}", "start", (int)i)) != 0)
            return 1;
        json_t *lat = k->latency ? kernel_samples(k->latency, k->latency_units, quick) : json_null();
        json_t *tput = k->throughput ? kernel_samples(k->throughput, k->throughput_units, quick) : json_null();
        if (!lat || !tput || cm_isolate_send(out, json_pack("{s:i, s:o, s:o}", "probe", (int)i, "latency", lat,
                                                            "throughput", tput)) != 0)
            return 1;
    }
    return !quick && send_clock(out, "after") != 0;
}

/* ---- the parent ---------------------------------------------------------- */

/* Keeps what a child sends. */
static void on_message(void *ctx, json_t *msg)
{
    struct gathered *g = ctx;
    json_t *v;
    if ((v = json_object_get(msg, "clock"))) {
        if (strcmp(json_string_value(v) ? json_string_value(v) : "", "before") == 0)
            json_array_append_new(g->clocks, json_object());
        json_t *seg = json_array_get(g->clocks, json_array_size(g->clocks) - 1);
        if (seg)
            json_object_set(seg, json_string_value(v), msg);
    } else if ((v = json_object_get(msg, "start"))) {
        g->current = (long)json_integer_value(v);
    } else if ((v = json_object_get(msg, "probe"))) {
        json_int_t i = json_integer_value(v);
        if (i >= 0 && i < MAX_PROBES) {
            g->lat[i] = json_incref(json_object_get(msg, "latency"));
            g->tput[i] = json_incref(json_object_get(msg, "throughput"));
            g->done[i] = 1;
        }
        g->current = -1;
    }
}

/* One figure from a kernel's samples: {cycles, min, max, mad, ci_low,
 * ci_high, ci_rel, cv, n, ns, mhz, samples_cycles, how}: each sample's ns
 * per unit times the clock its reference chain gave, the statistics of
 * those cycles, the median ns and the median clock. {cycles: null, how}
 * without samples. per_cycle adds the throughput's units per cycle. */
static json_t *figure(const json_t *samples, const char *how, int per_cycle)
{
    const json_t *ns = json_object_get(samples, "ns"), *mhz = json_object_get(samples, "mhz");
    size_t n = json_array_size(ns);
    if (!n || json_array_size(mhz) != n)
        return json_pack("{s:n, s:s}", "cycles", "how", how);
    double *x = malloc(3 * n * sizeof *x), *ns_v = x + n, *mhz_v = x + 2 * n;
    json_t *cyc = json_array(), *o = NULL;
    int rc = x && cyc ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        ns_v[i] = json_number_value(json_array_get(ns, i));
        mhz_v[i] = json_number_value(json_array_get(mhz, i));
        x[i] = ns_v[i] * mhz_v[i] / 1000.0;
        rc |= json_array_append_new(cyc, json_real(x[i]));
    }
    if (rc == 0) {
        cm_stats s, sn, sm;
        cm_stats_compute(x, n, &s, NULL);
        cm_stats_compute(ns_v, n, &sn, NULL);
        cm_stats_compute(mhz_v, n, &sm, NULL);
        o = json_pack("{s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:i, s:f, s:f, s:O, s:s}", "cycles", s.median,
                      "min", s.min, "max", s.max, "mad", s.mad, "ci_low", s.ci_low, "ci_high", s.ci_high,
                      "ci_rel", s.ci_rel, "cv", s.cv, "n", (int)n, "ns", sn.median, "mhz", sm.median,
                      "samples_cycles", cyc, "how", how);
        if (o && per_cycle)
            rc |= json_object_set_new(o, "per_cycle", json_real(s.median > 0 ? 1.0 / s.median : 0));
    }
    json_decref(cyc);
    free(x);
    return cm_json_checked(o, rc);
}

/* 1 when name is in the comma-separated list (NULL: every name). */
static int listed(const char *list, const char *name)
{
    if (!list)
        return 1;
    size_t len = strlen(name);
    for (const char *p = list; *p;) {
        size_t l = strcspn(p, ",");
        if (l == len && strncmp(p, name, len) == 0)
            return 1;
        p += l + (p[l] == ',');
    }
    return 0;
}

/* 1 when the test build is told to run probe name whatever the CPU has
 * (CRYPTOMETER_TEST_PROBE_FORCE: how the tests make a SIGILL); 0 in every
 * other build. */
static int forced(const char *name)
{
#ifdef CM_TEST_CLASSES
    const char *f = getenv("CRYPTOMETER_TEST_PROBE_FORCE");
    return f && f[0] && listed(f, name);
#else
    (void)name;
    return 0;
#endif
}

/* A JSON array of the feature names of a cm_cpu_has() list. */
static json_t *needs_json(const char *needs)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (const char *p = needs; rc == 0 && *p;) {
        size_t l = strcspn(p, ",");
        rc |= json_array_append_new(arr, json_stringn(p, l));
        p += l + (p[l] == ',');
    }
    return cm_json_checked(arr, rc);
}

/* What became of a probe that gave no figures: its status and reason. */
struct outcome {
    const char *status; /* "crashed", "timeout", "error"; NULL: none */
    char reason[160];
};

/* Runs children until every probe to run has its figures or its outcome. */
static void run_children(const cm_probe_kernel *k, size_t n, const int *run, const cm_probe_options *opt,
                         struct gathered *g, struct outcome *outcome)
{
    size_t start = 0;
    while (start < n) {
        while (start < n && !run[start])
            start++;
        if (start >= n)
            return;
        struct child_arg arg = {k, n, run, start, opt};
        cm_isolate_outcome oc;
        g->current = -1;
        cm_isolate_run(probe_child, &arg, CHILD_TIMEOUT_S, on_message, g, &oc);
        if (oc.status == CM_ISOLATE_OK)
            return;
        if (g->current < 0 || oc.status == CM_ISOLATE_INTERRUPTED) {
            /* died outside a probe, or Ctrl-C: every probe left is lost */
            for (size_t i = start; i < n; i++)
                if (run[i] && !g->done[i]) {
                    outcome[i].status = "error";
                    snprintf(outcome[i].reason, sizeof outcome[i].reason, "the probe child failed: %s",
                             oc.detail[0] ? oc.detail : "exited");
                }
            return;
        }
        size_t i = (size_t)g->current;
        outcome[i].status = oc.status == CM_ISOLATE_CRASHED   ? "crashed"
                            : oc.status == CM_ISOLATE_TIMEOUT ? "timeout"
                                                              : "error";
        snprintf(outcome[i].reason, sizeof outcome[i].reason, "%s while the probe ran",
                 oc.detail[0] ? oc.detail : "the child exited");
        start = i + 1;
    }
}

/* The probes array. */
static json_t *probes_json(const cm_probe_kernel *k, size_t n, const int *run, const char reasons[][256],
                           const struct gathered *g, const struct outcome *outcome)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (!run[i] && !reasons[i][0])
            continue; /* not selected */
        const char *status = "measured", *reason = NULL;
        if (!run[i]) {
            status = "unavailable";
            reason = reasons[i];
        } else if (outcome[i].status) {
            status = outcome[i].status;
            reason = outcome[i].reason;
        }
        json_t *o = json_pack("{s:s, s:s, s:o, s:s, s:s?}", "name", k[i].name, "instruction", k[i].instruction,
                              "needs", needs_json(k[i].needs), "status", status, "reason", reason);
        rc |= o ? 0 : -1;
        rc |= cm_json_put(o, "latency", figure(g->done[i] ? g->lat[i] : NULL, k[i].latency_how, 0));
        rc |= cm_json_put(o, "throughput", figure(g->done[i] ? g->tput[i] : NULL, k[i].throughput_how, 1));
        rc |= json_array_append_new(arr, o);
    }
    return cm_json_checked(arr, rc);
}

/* The mean of the clock before and after a child's probes (before alone
 * when the child died). */
static double segment_mhz(const json_t *seg)
{
    double b = json_number_value(json_object_get(json_object_get(seg, "before"), "mhz"));
    double a = json_number_value(json_object_get(json_object_get(seg, "after"), "mhz"));
    return a > 0 && b > 0 ? (a + b) / 2 : b;
}

/* The clock object of the first segment: {mhz_before, mhz_after, mhz,
 * drift, check_mhz, agree, spread, method, segments}; {} when the clock was
 * not measured around the probes (quick). */
static json_t *clock_json(const json_t *clocks)
{
    const json_t *seg = json_array_get(clocks, 0);
    const json_t *b = json_object_get(seg, "before"), *a = json_object_get(seg, "after");
    if (!b)
        return json_object();
    double mb = json_number_value(json_object_get(b, "mhz"));
    double ma = a ? json_number_value(json_object_get(a, "mhz")) : 0;
    json_t *o = json_pack("{s:f, s:o, s:f, s:o, s:f, s:O, s:O, s:O, s:i}", "mhz_before", mb, "mhz_after",
                          a ? json_real(ma) : json_null(), "mhz", segment_mhz(seg), "drift",
                          a && mb > 0 ? json_real(ma / mb - 1.0) : json_null(), "check_mhz",
                          json_number_value(json_object_get(b, "check_mhz")), "agree", json_object_get(b, "agree"),
                          "spread", json_object_get(b, "spread"), "method", json_object_get(b, "method"),
                          "segments", (int)json_array_size(clocks));
    return o;
}

/* The median of the clocks the reference chain gave beside the figures'
 * samples (each figure's "mhz"), or 0 when nothing was measured. */
static double reference_mhz(const json_t *probes)
{
    double v[2 * MAX_PROBES];
    size_t n = 0, i;
    const json_t *p;
    json_array_foreach(probes, i, p) {
        static const char *const figs[2] = {"latency", "throughput"};
        for (int f = 0; f < 2 && n < 2 * MAX_PROBES; f++) {
            const json_t *m = json_object_get(json_object_get(p, figs[f]), "mhz");
            if (json_is_number(m))
                v[n++] = json_number_value(m);
        }
    }
    if (!n)
        return 0;
    cm_stats s;
    cm_stats_compute(v, n, &s, NULL);
    return s.median;
}

/* The emulation evidence of this machine (platform/verdict.h). */
static json_t *emulation_json(const platform_cpu *cpu, const platform_features *fs)
{
    platform_cpu_doc doc;
    if (platform_cpu_doc_fill(&doc, cpu, fs) != 0)
        return NULL;
    json_t *em = platform_emulation(&doc, NULL); /* a probe takes no health snapshot */
    platform_cpu_doc_free(&doc);
    return em;
}

/* See probe.h. */
json_t *cm_probe_summary(const char *not_measured)
{
    if (not_measured)
        return json_pack("{s:[], s:s}", "bounds", "reason", not_measured);
    cm_probe_options opt = {-1, 1, NULL};
    cm_error err = {0};
    json_t *p = cm_probe_document(&opt, &err);
    if (!p)
        return json_pack("{s:[], s:s}", "bounds", "reason", err.msg[0] ? err.msg : "the probes failed");
    json_t *o = json_pack("{s:O, s:O, s:O, s:O, s:O, s:n}", "cpu", json_object_get(json_object_get(p, "cpu"), "cpu"),
                          "reference_mhz", json_object_get(json_object_get(p, "clock"), "reference_mhz"), "emulated",
                          json_object_get(p, "emulated"), "probes", json_object_get(p, "probes"), "bounds",
                          json_object_get(p, "bounds"), "reason");
    json_decref(p);
    return o;
}

/* See probe.h. */
json_t *cm_probe_document(const cm_probe_options *opt, cm_error *err)
{
    double t0 = cm_now_s();
    size_t n;
    const cm_probe_kernel *k = cm_probe_kernels(&n);
    if (n > MAX_PROBES)
        n = MAX_PROBES;
    int run[MAX_PROBES] = {0};
    char reasons[MAX_PROBES][256];
    struct outcome outcome[MAX_PROBES];
    memset(reasons, 0, sizeof reasons);
    memset(outcome, 0, sizeof outcome);
    for (size_t i = 0; i < n; i++) {
        if (!listed(opt->only, k[i].name))
            continue;
        if (cm_cpu_has(k[i].needs, reasons[i], sizeof reasons[i]) || forced(k[i].name)) {
            run[i] = 1;
            reasons[i][0] = '\0';
        }
    }
    struct gathered g;
    memset(&g, 0, sizeof g);
    g.clocks = json_array();
    platform_cpu *cpu = platform_cpu_new();
    platform_features *fs = calloc(1, sizeof *fs);
    json_t *doc = NULL;
    if (g.clocks && cpu && fs) {
        platform_cpu_read(NULL, cpu, err);
        platform_features_read(NULL, cpu, fs, err);
        run_children(k, n, run, opt, &g, outcome);
        json_t *em = emulation_json(cpu, fs);
        const char *mask = platform_isa_mask();
        doc = json_object();
        int rc = doc && em ? 0 : -1;
        rc |= cm_json_put(doc, "schema", json_string("cryptometer-probe"));
        rc |= cm_json_put(doc, "schema_version", json_integer(PROBE_SCHEMA_VERSION));
        rc |= cm_json_put(doc, "tool", json_pack("{s:s, s:s}", "name", "cryptometer", "version", CM_VERSION));
        rc |= cm_json_put(doc, "arch", json_string(cpu->arch[0] ? cpu->arch : "unknown"));
        rc |= cm_json_put(doc, "cpu", json_pack("{s:s, s:i}", "model_name",
                                                cpu->model_name[0] ? cpu->model_name : "(unknown model)", "cpu",
                                                opt->cpu >= 0 ? opt->cpu : sched_getcpu()));
        rc |= cm_json_put(doc, "isa_mask", mask && mask[0] ? json_string(mask) : json_null());
        rc |= cm_json_put(doc, "clock", clock_json(g.clocks));
        rc |= cm_json_put(doc, "emulated", json_boolean(json_is_true(json_object_get(em, "emulated"))));
        rc |= cm_json_put(doc, "emulation", json_incref(em));
        rc |= cm_json_put(doc, "probes", probes_json(k, n, run, reasons, &g, outcome));
        json_decref(em);
        doc = cm_json_checked(doc, rc);
        if (doc) {
            double ref = reference_mhz(json_object_get(doc, "probes"));
            json_t *clock = json_object_get(doc, "clock");
            int bad = json_object_set_new(clock, "reference_mhz", ref > 0 ? json_real(ref) : json_null()) != 0;
            json_t *bounds = bad ? NULL : cm_probe_bounds(doc, err);
            if (!bounds || json_object_set_new(doc, "bounds", bounds) != 0 ||
                json_object_set_new(doc, "elapsed_s", json_real(cm_now_s() - t0)) != 0) {
                json_decref(doc);
                doc = NULL;
            }
        }
    }
    for (size_t i = 0; i < MAX_PROBES; i++) {
        json_decref(g.lat[i]);
        json_decref(g.tput[i]);
    }
    json_decref(g.clocks);
    platform_cpu_free(cpu);
    free(fs);
    if (!doc && err && !err->msg[0])
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return doc;
}
