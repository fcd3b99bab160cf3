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
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "util/isolate.h"
#include "measure/probe.h"
#include "measure/probe_doc.h"
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

/* The samples of one kernel as a child sent them: ns per unit, and the
 * clock the reference chain gave beside each (n 0: none). */
struct samples {
    double *ns, *mhz;
    size_t n;
};

/* One clock message of a child (cm_cpuclock). */
struct clock_reading {
    int have;
    double mhz, check_mhz, spread;
    int agree;
    char method[160];
};

/* What the parent gathers from its children. */
struct gathered {
    long current;                /* the probe started and not finished, or -1 */
    int done[MAX_PROBES];        /* its figures arrived */
    struct samples lat[MAX_PROBES];
    struct samples tput[MAX_PROBES];
    struct clock_reading before, after; /* around the first child's probes */
    int segments;                /* children that measured the clock */
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

/* The samples of a child's message {"ns": [...], "mhz": [...]}; none when
 * they are missing, of unequal length or out of memory. */
static void samples_take(const json_t *o, struct samples *s)
{
    const json_t *ns = json_object_get(o, "ns"), *mhz = json_object_get(o, "mhz");
    size_t n = json_array_size(ns);
    if (!n || json_array_size(mhz) != n || !(s->ns = malloc(2 * n * sizeof *s->ns)))
        return;
    s->mhz = s->ns + n;
    for (size_t i = 0; i < n; i++) {
        s->ns[i] = json_number_value(json_array_get(ns, i));
        s->mhz[i] = json_number_value(json_array_get(mhz, i));
    }
    s->n = n;
}

/* A child's clock message into *c. */
static void clock_take(const json_t *msg, struct clock_reading *c)
{
    const char *method = json_string_value(json_object_get(msg, "method"));
    c->have = 1;
    c->mhz = json_number_value(json_object_get(msg, "mhz"));
    c->check_mhz = json_number_value(json_object_get(msg, "check_mhz"));
    c->spread = json_number_value(json_object_get(msg, "spread"));
    c->agree = json_is_true(json_object_get(msg, "agree"));
    snprintf(c->method, sizeof c->method, "%s", method ? method : "");
}

/* Keeps what a child sends. */
static void on_message(void *ctx, json_t *msg)
{
    struct gathered *g = ctx;
    json_t *v;
    if ((v = json_object_get(msg, "clock"))) {
        int before = strcmp(json_string_value(v) ? json_string_value(v) : "", "before") == 0;
        g->segments += before;
        if (g->segments == 1)
            clock_take(msg, before ? &g->before : &g->after);
    } else if ((v = json_object_get(msg, "start"))) {
        g->current = (long)json_integer_value(v);
    } else if ((v = json_object_get(msg, "probe"))) {
        json_int_t i = json_integer_value(v);
        if (i >= 0 && i < MAX_PROBES && !g->done[i]) {
            samples_take(json_object_get(msg, "latency"), &g->lat[i]);
            samples_take(json_object_get(msg, "throughput"), &g->tput[i]);
            g->done[i] = 1;
        }
        g->current = -1;
    }
}

/* One figure from a kernel's samples: each sample's ns per unit times the
 * clock its reference chain gave, the statistics of those cycles, the
 * median ns and the median clock; unmeasured without samples. per_cycle
 * adds the throughput's units per cycle. -1 when out of memory. */
static int figure(const struct samples *sm, const char *how, int per_cycle, cm_probe_figure *f)
{
    size_t n = sm->n;
    memset(f, 0, sizeof *f);
    if ((how && !(f->how = strdup(how))) || (n && !(f->samples_cycles = malloc(n * sizeof *f->samples_cycles))))
        return -1;
    if (!n)
        return 0;
    for (size_t i = 0; i < n; i++)
        f->samples_cycles[i] = sm->ns[i] * sm->mhz[i] / 1000.0;
    cm_stats s, sn, sm_;
    cm_stats_compute(f->samples_cycles, n, &s, NULL);
    cm_stats_compute(sm->ns, n, &sn, NULL);
    cm_stats_compute(sm->mhz, n, &sm_, NULL);
    f->measured = 1;
    f->n_samples = n;
    f->n = (int)n;
    f->cycles = s.median;
    f->min = s.min;
    f->max = s.max;
    f->mad = s.mad;
    f->ci_low = s.ci_low;
    f->ci_high = s.ci_high;
    f->ci_rel = s.ci_rel;
    f->cv = s.cv;
    f->ns = sn.median;
    f->mhz = sm_.median;
    f->has_per_cycle = per_cycle;
    f->per_cycle = s.median > 0 ? 1.0 / s.median : 0;
    return 0;
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

/* The feature names of a cm_cpu_has() list into p->needs. -1 when out of
 * memory. */
static int needs_list(const char *needs, cm_probe_result *p)
{
    p->needs = calloc(strlen(needs) / 2 + 2, sizeof *p->needs);
    if (!p->needs)
        return -1;
    for (const char *q = needs; *q;) {
        size_t l = strcspn(q, ",");
        if (!(p->needs[p->n_needs++] = strndup(q, l)))
            return -1;
        q += l + (q[l] == ',');
    }
    return 0;
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

/* The probes: each selected one, measured or with its outcome. -1 when
 * out of memory. */
static int probes_fill(const cm_probe_kernel *k, size_t n, const int *run, const char reasons[][256],
                       const struct gathered *g, const struct outcome *outcome, cm_probe_doc *d)
{
    static const struct samples none;
    if (!(d->probes = calloc(n + 1, sizeof *d->probes)))
        return -1;
    for (size_t i = 0; i < n; i++) {
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
        cm_probe_result *p = &d->probes[d->n_probes++];
        p->name = strdup(k[i].name);
        p->instruction = strdup(k[i].instruction);
        p->status = strdup(status);
        p->reason = reason ? strdup(reason) : NULL;
        if (!p->name || !p->instruction || !p->status || (reason && !p->reason) || needs_list(k[i].needs, p) ||
            figure(g->done[i] ? &g->lat[i] : &none, k[i].latency_how, 0, &p->latency) ||
            figure(g->done[i] ? &g->tput[i] : &none, k[i].throughput_how, 1, &p->throughput))
            return -1;
    }
    return 0;
}

/* The clock of the first child: measured before and after its probes
 * (the mean of the two, before alone when the child died); not measured
 * when quick. */
static int clock_fill(const struct gathered *g, cm_probe_clock *c)
{
    const struct clock_reading *b = &g->before, *a = &g->after;
    c->measured = b->have;
    c->reference_mhz = NAN;
    if (!b->have)
        return 0;
    c->mhz_before = b->mhz;
    c->mhz_after = a->have ? a->mhz : NAN;
    c->mhz = a->have && a->mhz > 0 && b->mhz > 0 ? (a->mhz + b->mhz) / 2 : b->mhz;
    c->drift = a->have && b->mhz > 0 ? a->mhz / b->mhz - 1.0 : NAN;
    c->check_mhz = b->check_mhz;
    c->agree = b->agree;
    c->spread = b->spread;
    c->segments = g->segments;
    return (c->method = strdup(b->method)) ? 0 : -1;
}

/* The median of the clocks the reference chain gave beside the figures'
 * samples (each figure's mhz), or NAN when nothing was measured. */
static double reference_mhz(const cm_probe_result *p, size_t np)
{
    double v[2 * MAX_PROBES];
    size_t n = 0;
    for (size_t i = 0; i < np && n + 2 <= 2 * MAX_PROBES; i++) {
        if (p[i].latency.measured)
            v[n++] = p[i].latency.mhz;
        if (p[i].throughput.measured)
            v[n++] = p[i].throughput.mhz;
    }
    if (!n)
        return NAN;
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
int cm_probe_summarise(const char *not_measured, cm_probe_summary *s)
{
    memset(s, 0, sizeof *s);
    cm_probe_options opt = {-1, 1, NULL};
    cm_error err = {0};
    cm_probe_doc p;
    if (!not_measured && cm_probe_document(&opt, &p, &err) == 0) {
        s->measured = 1;
        s->cpu = p.cpu;
        s->reference_mhz = p.clock.reference_mhz;
        s->emulated = p.emulated;
        s->probes = p.probes;
        s->n_probes = p.n_probes;
        s->bounds = p.bounds;
        s->n_bounds = p.n_bounds;
        p.probes = NULL;
        p.bounds = NULL;
        p.n_probes = p.n_bounds = 0;
        cm_probe_doc_free(&p);
        return 0;
    }
    if (!not_measured)
        cm_probe_doc_free(&p);
    s->reason = strdup(not_measured ? not_measured : err.msg[0] ? err.msg : "the probes failed");
    return s->reason ? 0 : -1;
}

/* See probe.h. */
json_t *cm_probe_summary_json(const char *not_measured)
{
    cm_probe_summary s;
    json_t *o = cm_probe_summarise(not_measured, &s) == 0 ? cm_probe_summary_to_json(&s) : NULL;
    cm_probe_summary_free(&s);
    return o;
}

/* The document's facts from the machine and the gathered figures. -1
 * with err when out of memory or the bounds table is broken. */
static int document_fill(const cm_probe_kernel *k, size_t n, const int *run, const char reasons[][256],
                         const struct gathered *g, const struct outcome *outcome, const cm_probe_options *opt,
                         const platform_cpu *cpu, const platform_features *fs, cm_probe_doc *d, cm_error *err)
{
    const char *mask = platform_isa_mask();
    d->schema_version = PROBE_SCHEMA_VERSION;
    d->tool_name = strdup("cryptometer");
    d->tool_version = strdup(CM_VERSION);
    d->arch = strdup(cpu->arch[0] ? cpu->arch : "unknown");
    d->model_name = strdup(cpu->model_name[0] ? cpu->model_name : "(unknown model)");
    d->cpu = opt->cpu >= 0 ? opt->cpu : sched_getcpu();
    d->isa_mask = mask && mask[0] ? strdup(mask) : NULL;
    d->emulation = emulation_json(cpu, fs);
    d->emulated = json_is_true(json_object_get(d->emulation, "emulated"));
    if (!d->tool_name || !d->tool_version || !d->arch || !d->model_name || (mask && mask[0] && !d->isa_mask) ||
        !d->emulation || clock_fill(g, &d->clock) || probes_fill(k, n, run, reasons, g, outcome, d))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    d->clock.reference_mhz = reference_mhz(d->probes, d->n_probes);
    return cm_probe_bounds(d->arch, d->probes, d->n_probes, &d->bounds, &d->n_bounds, err);
}

/* See probe.h. */
int cm_probe_document(const cm_probe_options *opt, cm_probe_doc *d, cm_error *err)
{
    double t0 = cm_now_s();
    size_t n;
    const cm_probe_kernel *k = cm_probe_kernels(&n);
    if (n > MAX_PROBES)
        n = MAX_PROBES;
    int run[MAX_PROBES] = {0};
    char reasons[MAX_PROBES][256];
    struct outcome outcome[MAX_PROBES];
    memset(d, 0, sizeof *d);
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
    platform_cpu *cpu = platform_cpu_new();
    platform_features *fs = calloc(1, sizeof *fs);
    int rc = -1;
    if (cpu && fs) {
        platform_cpu_read(NULL, cpu, err);
        platform_features_read(NULL, cpu, fs, err);
        run_children(k, n, run, opt, &g, outcome);
        rc = document_fill(k, n, run, reasons, &g, outcome, opt, cpu, fs, d, err);
        d->elapsed_s = cm_now_s() - t0;
    }
    for (size_t i = 0; i < MAX_PROBES; i++) {
        free(g.lat[i].ns);
        free(g.tput[i].ns);
    }
    platform_cpu_free(cpu);
    free(fs);
    if (rc != 0 && err && !err->msg[0])
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return rc;
}
