/*
 * suite.c — see suite.h. The child sends, one JSON line each:
 *   {"type":"clock","when":"before"|"after","mhz":..,"mhz_check":..}
 *   the messages of the checks (child.h: "unavailable", "progress",
 *   {"type":"kat","report":{...},"ok":true|false})
 *   {"type":"record",...measurement fields...}
 *   {"type":"error","op":..,"size":..,"reason":..}
 * The parent turns them into records; anything the child did not get to
 * (because it crashed or hung) becomes a record with that status.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "core/child.h"
#include "core/class.h"
#include "platform/cpuclock.h"
#include "core/isolate.h"
#include "core/kat.h"
#include "core/registry.h"
#include "core/suite.h"
#include "platform/timer.h"
#include "core/workload.h"

typedef struct group_job {
    const cm_suite_config *cfg;
    const cm_group *g;
} group_job;

/* --- child side -------------------------------------------------------------- */

static json_t *clock_message(const char *when)
{
    cm_cpuclock c;
    cm_cpuclock_measure(&c);
    return json_pack("{s:s, s:s, s:b, s:i, s:f, s:f, s:f, s:b}", "type", "clock", "when", when,
                     "supported", c.supported, "cpu", c.cpu, "mhz", c.mhz, "mhz_check",
                     c.mhz_check, "spread", c.spread, "agree", c.agree);
}

/* The measurement fields of a record; size 0 for figures per operation. */
static json_t *measurement_json(const cm_measurement *m, size_t size)
{
    json_t *samples = json_array(), *outliers = json_array();
    for (size_t i = 0; i < m->n_samples; i++) {
        json_array_append_new(samples, json_real(m->samples[i]));
        if (m->outlier[i])
            json_array_append_new(outliers, json_integer((json_int_t)i));
    }
    const cm_stats *s = &m->stats;
    double med = s->median > 0 ? s->median : 0;
    json_t *flags = json_array();
    if (!m->ci_reached)
        json_array_append_new(flags, json_string("ci-not-reached"));
    if (m->too_fast)
        json_array_append_new(flags, json_string("overhead-dominated"));
    if (s->n_outliers)
        json_array_append_new(flags, json_string("outliers"));
    return json_pack(
        "{s:I, s:o, s:f, s:{s:i, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:o}, "
        "s:o, s:o, s:o, s:{s:f, s:o, s:o}, s:I, s:f, s:o, s:o}",
        "iterations_per_sample", (json_int_t)m->iters_per_sample, "samples_ns", samples,
        "overhead_ns", m->overhead_ns, "stats", "n", (int)s->n, "median_ns", s->median,
        "min_ns", s->min, "max_ns", s->max, "mean_ns", s->mean, "stddev_ns", s->stddev,
        "mad_ns", s->mad, "ci95_low_ns", s->ci_low, "ci95_high_ns", s->ci_high, "ci95_rel",
        s->ci_rel, "cv", s->cv, "outliers", outliers, "throughput_mb_s",
        med > 0 && size ? json_real((double)size / med * 1e3) : json_null(), "ops_per_s",
        med > 0 ? json_real(1e9 / med) : json_null(), "ns_per_byte",
        size ? json_real(med / (double)size) : json_null(), "cpu_time_ns_per_op", "total",
        m->cpu_ns, "user", m->cpu_split_known ? json_real(m->user_ns) : json_null(), "system",
        m->cpu_split_known ? json_real(m->sys_ns) : json_null(), "total_ops", (json_int_t)m->total_ops, "wall_s",
        m->wall_s, "flags", flags, "us_per_op", med > 0 ? json_real(med / 1e3) : json_null());
}

/* The sizes a group is measured at: the run's, or one "no size" (0) for
 * figures per operation. */
static const size_t *group_sizes(const cm_suite_config *cfg, const cm_group *g, size_t *n)
{
    static const size_t no_size[] = {0};
    if (cm_class_of(g->alg)->unit == CM_UNIT_OP) {
        *n = 1;
        return no_size;
    }
    *n = cfg->n_sizes;
    return cfg->sizes;
}

/* Measures one (operation, size) and sends its record or an error. */
static void measure_one(const group_job *job, cm_op op, size_t size, uint64_t resolution_ns,
                        FILE *out)
{
    cm_bench b, scratch;
    cm_error err = {0};
    cm_runner_config rc;
    cm_measurement m;
    if (cm_bench_open(&b, job->g->impl, op, cm_bench_message_len(job->g->alg, size), &err) != 0) {
        cm_isolate_send(out, json_pack("{s:s, s:s, s:I, s:s}", "type", "error", "op",
                                       cm_op_name(op), "size", (json_int_t)size, "reason",
                                       err.msg));
        return;
    }
    cm_workload w = cm_bench_workload(&b), o = cm_bench_overhead(&b, &scratch);
    cm_runner_defaults(&rc, job->cfg->time_s, resolution_ns);
    rc.target_ci = job->cfg->target_ci;
    if (cm_runner_measure(&rc, &w, &o, &m) != 0) {
        cm_isolate_send(out, json_pack("{s:s, s:s, s:I, s:s}", "type", "error", "op",
                                       cm_op_name(op), "size", (json_int_t)size, "reason",
                                       "an operation returned an error while timed"));
    } else {
        json_t *rec = measurement_json(&m, size);
        json_object_set_new(rec, "type", json_string("record"));
        json_object_set_new(rec, "op", json_string(cm_op_name(op)));
        json_object_set_new(rec, "size", json_integer((json_int_t)size));
        cm_isolate_send(out, rec);
    }
    cm_measurement_free(&m);
    cm_bench_close(&b);
}

/* The child: pin, clock, the checks (child.h), measurements, clock. */
static int group_child(void *arg, FILE *out)
{
    const group_job *job = arg;
    const cm_suite_config *cfg = job->cfg;
    const cm_backend *backend = job->g->backend;
    cm_check_job check = {.g = job->g, .sizes = cfg->sizes, .n_sizes = cfg->n_sizes};
    cm_pin_to_cpu(cfg->cpu);
    if (!cm_child_ready(backend, out))
        return 0;
    cm_isolate_send(out, clock_message("before"));
    if (cm_child_check(&check, out) == 1) {
        uint64_t resolution_ns = cm_clock_resolution_ns(); /* once, not per measurement */
        size_t n_sizes;
        const size_t *sizes = group_sizes(cfg, job->g, &n_sizes);
        for (int k = 0; k < job->g->n_ops; k++)
            for (size_t i = 0; i < n_sizes; i++)
                if (cm_size_fits(job->g->alg, sizes[i])) {
                    char where[96];
                    snprintf(where, sizeof where, "measuring %s %zu B", cm_op_name(job->g->ops[k]),
                             cm_bench_message_len(job->g->alg, sizes[i]));
                    cm_child_progress(out, where);
                    measure_one(job, job->g->ops[k], sizes[i], resolution_ns, out);
                }
        cm_isolate_send(out, clock_message("after"));
    }
    if (backend->teardown)
        backend->teardown();
    return 0;
}

/* --- parent side ------------------------------------------------------------ */

typedef struct group_state {
    const group_job *job;
    cm_suite_totals *totals;
    int progress;
    json_t *clock_before, *clock_after, *kat;
    char where[256]; /* the child's last progress message */
    char unavailable[256]; /* the backend's set-up failed in the child: why */
    json_t *received; /* records and errors from the child, in order */
} group_state;

/* Redraws the progress line: measurements done of planned, what runs now,
 * and the time left (from the pace so far, or from the budget at first). */
static void draw_progress(const group_state *st, const char *what)
{
    cm_suite_totals *t = st->totals;
    double elapsed = (double)cm_now_ns() / 1e9 - t->started_s;
    double left = (double)(t->total - t->done);
    double eta = t->done ? elapsed / (double)t->done * left : left * st->job->cfg->time_s * 1.5;
    fprintf(stderr, "\r\033[K[%zu/%zu] %s/%s: %s  ETA %d:%02d", t->done, t->total,
            st->job->g->backend->name, st->job->g->alg->name, what, (int)eta / 60, (int)eta % 60);
    fflush(stderr);
}

static void on_message(void *ctx, json_t *msg)
{
    group_state *st = ctx;
    const char *type = json_string_value(json_object_get(msg, "type"));
    if (!type)
        return;
    if (strcmp(type, "clock") == 0) {
        const char *when = json_string_value(json_object_get(msg, "when"));
        json_t **slot = when && strcmp(when, "after") == 0 ? &st->clock_after : &st->clock_before;
        json_decref(*slot);
        *slot = json_incref(msg);
        json_object_del(msg, "type");
        json_object_del(msg, "when");
    } else if (strcmp(type, "progress") == 0) {
        int first = !st->where[0];
        snprintf(st->where, sizeof st->where, "%s", json_string_value(json_object_get(msg, "where")));
        if (st->progress && (first || strncmp(st->where, "measuring", 9) == 0))
            draw_progress(st, first ? "known-answer check" : st->where);
    } else if (strcmp(type, "kat") == 0) {
        st->kat = json_incref(json_object_get(msg, "report"));
    } else if (strcmp(type, "unavailable") == 0) {
        snprintf(st->unavailable, sizeof st->unavailable, "%s",
                 json_string_value(json_object_get(msg, "reason")));
    } else {
        json_array_append(st->received, msg);
        st->totals->done++;
    }
}

/* The algorithm's parameters as a JSON object (whole numbers as numbers). */
static json_t *params_json(const cm_algorithm *alg)
{
    json_t *o = json_object();
    for (int i = 0; o && i < CM_MAX_PARAMS && alg->params[i].key; i++) {
        char *end;
        long long v = strtoll(alg->params[i].value, &end, 10);
        json_t *value = *end == '\0' && end != alg->params[i].value ? json_integer(v)
                                                                     : json_string(alg->params[i].value);
        if (json_object_set_new(o, alg->params[i].key, value) != 0) {
            json_decref(o);
            return NULL;
        }
    }
    return o;
}

/* A record skeleton for (group, op, size); size 0 means "no size". */
static json_t *record_base(const cm_suite_config *cfg, const cm_group *g, cm_op op,
                           size_t size, const char *status, const char *reason)
{
    char name[192];
    cm_bench_name(name, sizeof name, g, op);
    json_t *r = json_pack("{s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:s, s:o, s:i, s:i, s:s, s:o}",
                          "name", name, "backend", g->backend->name, "variant", g->impl->variant,
                          "algorithm", g->alg->name, "params", params_json(g->alg), "class",
                          cm_class_name(g->alg->cls), "operation", cm_op_name(op), "unit",
                          cm_class_of(g->alg)->unit == CM_UNIT_OP ? "op" : "byte", "size",
                          size ? json_integer((json_int_t)size) : json_null(), "threads", 1,
                          "cpu", cfg->cpu, "status", status, "reason",
                          reason ? json_string(reason) : json_null());
    if (r && cfg->cluster >= 0)
        json_object_set_new(r, "cluster", json_integer(cfg->cluster));
    return r;
}

/* Finds the child's message for (op, size), or NULL. */
static json_t *find_received(json_t *received, const char *op, size_t size)
{
    size_t i;
    json_t *m;
    json_array_foreach(received, i, m)
    {
        const char *mop = json_string_value(json_object_get(m, "op"));
        if (mop && strcmp(mop, op) == 0 &&
            (size_t)json_integer_value(json_object_get(m, "size")) == size)
            return m;
    }
    return NULL;
}

/* The core clock of a group: the mean MHz of the before/after measurements
 * present (0 if none), and its relative uncertainty: half the gap between
 * the two, or the larger repeat spread if that is wider. */
typedef struct group_clock {
    double mhz, rel;
} group_clock;

static group_clock clock_of(const group_state *st)
{
    group_clock gc = {0, 0};
    double v[2];
    int n = 0;
    json_t *c[2] = {st->clock_before, st->clock_after};
    for (int i = 0; i < 2; i++)
        if (c[i] && json_is_true(json_object_get(c[i], "supported"))) {
            v[n++] = json_real_value(json_object_get(c[i], "mhz"));
            double spread = json_real_value(json_object_get(c[i], "spread")) / 2;
            if (spread > gc.rel)
                gc.rel = spread;
        }
    if (n == 0)
        return gc;
    gc.mhz = n == 2 ? (v[0] + v[1]) / 2 : v[0];
    if (n == 2 && fabs(v[1] - v[0]) / (v[0] + v[1]) > gc.rel)
        gc.rel = fabs(v[1] - v[0]) / (v[0] + v[1]);
    return gc;
}

/* Completes an "ok" record from the child's measurement: cycles at the
 * group's clock, with an uncertainty that adds the clock's to the CI's. */
static void complete_ok(json_t *rec, json_t *m, group_clock gc, size_t size)
{
    json_object_update(rec, m);
    json_object_del(rec, "type");
    json_object_del(rec, "op");
    json_object_set_new(rec, "size", size ? json_integer((json_int_t)size) : json_null());
    json_t *stats = json_object_get(m, "stats");
    double med = json_real_value(json_object_get(stats, "median_ns"));
    if (gc.mhz > 0 && med > 0) {
        double cycles = med * gc.mhz / 1000.0;
        json_object_set_new(rec, "cycles_per_op", json_real(cycles));
        json_object_set_new(rec, "cycles_per_byte", size ? json_real(cycles / (double)size)
                                                         : json_null());
        json_object_set_new(rec, "cycles_rel_uncertainty",
                            json_real(json_real_value(json_object_get(stats, "ci95_rel")) + gc.rel));
    } else {
        json_object_set_new(rec, "cycles_per_op", json_null());
        json_object_set_new(rec, "cycles_per_byte", json_null());
        json_object_set_new(rec, "cycles_rel_uncertainty", json_null());
    }
}

/* Turns what one group produced into records. Returns 1 if it failed. */
static int finish_group(const cm_suite_config *cfg, const cm_group *g, group_state *st,
                        const cm_isolate_outcome *oc, json_t *records)
{
    int failed = 0;
    const char *fate = NULL; /* the status of what the child did not measure */
    char reason[512] = "";
    const char *kat_status = st->kat ? json_string_value(json_object_get(st->kat, "status")) : NULL;
    if (st->unavailable[0]) {
        fate = "unavailable";
        snprintf(reason, sizeof reason, "%s", st->unavailable);
    } else if (kat_status && strcmp(kat_status, "failed") == 0) {
        json_t *vec = json_object_get(st->kat, "vectors");
        const char *f = json_string_value(json_object_get(vec, "failure"));
        if (!f)
            f = json_string_value(json_object_get(json_object_get(st->kat, "cross_check"), "detail"));
        fate = "failed-kat";
        snprintf(reason, sizeof reason, "%s", f ? f : "known-answer check failed");
        failed = 1;
    } else if (oc->status == CM_ISOLATE_INTERRUPTED) {
        fate = NULL; /* an interrupted run records only what finished */
    } else if (oc->status != CM_ISOLATE_OK) {
        static const char *const names[] = {"ok", "error", "crashed", "timeout", "interrupted", "error"};
        fate = names[oc->status];
        if (st->kat)
            snprintf(reason, sizeof reason, "%s while %s", oc->detail, st->where);
        else
            snprintf(reason, sizeof reason, "%s during its known-answer check (%s)", oc->detail,
                     st->where[0] ? st->where : "before the first case");
        failed = 1;
    }
    group_clock gc = clock_of(st);
    size_t n_sizes;
    const size_t *sizes = group_sizes(cfg, g, &n_sizes);
    for (int k = 0; k < g->n_ops; k++) {
        cm_op op = g->ops[k];
        for (size_t i = 0; i < n_sizes; i++) {
            size_t size = sizes[i];
            json_t *m = find_received(st->received, cm_op_name(op), size);
            json_t *rec;
            if (!cm_size_fits(g->alg, size)) {
                char why[128];
                snprintf(why, sizeof why, "%s takes whole %zu-byte blocks", g->alg->name,
                         g->alg->block_len);
                rec = record_base(cfg, g, op, size, "skipped", why);
            } else if (m && json_object_get(m, "reason")) {
                rec = record_base(cfg, g, op, size, "error",
                                  json_string_value(json_object_get(m, "reason")));
                failed = 1;
            } else if (m) {
                rec = record_base(cfg, g, op, size, "ok", NULL);
                complete_ok(rec, m, gc, size);
            } else if (fate) {
                rec = record_base(cfg, g, op, size, fate, reason);
                st->totals->done++;
            } else if (oc->status == CM_ISOLATE_INTERRUPTED) {
                continue;
            } else {
                rec = record_base(cfg, g, op, size, "error", "the child sent no result");
                failed = 1;
            }
            json_object_set_new(rec, "kat", st->kat ? json_incref(st->kat) : json_null());
            json_object_set_new(rec, "clock", json_pack("{s:O?, s:O?, s:f}", "before",
                                                        st->clock_before, "after",
                                                        st->clock_after, "mhz_used", gc.mhz));
            json_array_append_new(records, rec);
        }
    }
    return failed;
}

int cm_suite_run(const cm_suite_config *cfg, const cm_group *groups, size_t n,
                 json_t *records, cm_suite_totals *totals)
{
    int failures = 0;
    for (size_t gi = 0; gi < n && !cm_interrupted; gi++) {
        const cm_group *g = &groups[gi];
        if (!g->available) {
            for (int k = 0; k < g->n_ops; k++) {
                json_t *rec = record_base(cfg, g, g->ops[k], 0, "unavailable", g->why);
                json_array_append_new(records, rec);
            }
            continue;
        }
        group_job job = {cfg, g};
        group_state st = {.job = &job, .totals = totals, .progress = cfg->progress,
                          .received = json_array()};
        cm_isolate_outcome oc;
        cm_isolate_run(group_child, &job, cfg->timeout_s, on_message, &st, &oc);
        failures += finish_group(cfg, g, &st, &oc, records);
        json_decref(st.received);
        json_decref(st.kat);
        json_decref(st.clock_before);
        json_decref(st.clock_after);
    }
    if (cfg->progress)
        fprintf(stderr, "\r\033[K");
    return failures;
}
