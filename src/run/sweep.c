/*
 * sweep.c — see sweep.h. The child sends, beside the messages of the
 * checks (child.h: unavailable, progress, kat, error), one line per
 * finished point:
 *   {"type":"point","chunk":..,"total":..,"ops":..,
 *    "elapsed_ns":[..],"cpu_ns":[..],"user_ns":[..],"sys_ns":[..]}
 *                                                    every repetition
 *   {"type":"point","chunk":..,"total":..,"error":"..."} it could not run
 * A point is sent only when all its repetitions are done, so a child that
 * is killed (crash, hang, Ctrl-C) leaves no half-measured point. The
 * parent reads the points back with sweep_msg.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "util/isolate.h"
#include "util/stats.h"
#include "run/sweep.h"
#include "run/sweep_msg.h"
#include "run/suite_msg.h"
#include "measure/workload.h"
#include "platform/cpuclock.h"
#include "platform/timer.h"

typedef struct sweep_job {
    const cm_sweep_config *cfg;
    const cm_group *g;
    cm_op op;
} sweep_job;

/* Why a point is not measured, or NULL when it is: the chunk does not fit
 * the algorithm, or is larger than the total. */
static const char *point_skip(const cm_algorithm *alg, size_t chunk, size_t total, char *buf,
                              size_t len)
{
    if (!cm_size_fits(alg, chunk)) {
        cm_size_rule(alg, buf, len);
        return buf;
    }
    if (chunk > total) {
        snprintf(buf, len, "the chunk (%zu bytes) is larger than the total (%zu bytes)", chunk,
                 total);
        return buf;
    }
    return NULL;
}

/* --- child side -------------------------------------------------------------- */

/* A progress line at most once a second while a point runs, so that a
 * slow path (16-byte requests through AF_ALG) is not taken for a hung child. */
typedef struct beat {
    FILE *out;
    char where[96];
    double last;
} beat;

static void beat_tick(beat *b)
{
    double now = cm_now_s();
    if (now - b->last >= 1.0) {
        b->last = now;
        cm_child_progress(b->out, b->where);
    }
}

/* Runs ops operations of w, in batches of at most 1 MiB and 4096
 * operations with a heartbeat (one clock reading) between them. 0, or -1
 * when an operation failed. */
static int run_ops(const cm_workload *w, uint64_t ops, size_t chunk, beat *bt)
{
    uint64_t batch = (1u << 20) / chunk;
    if (batch > 4096)
        batch = 4096;
    if (batch == 0)
        batch = 1;
    while (ops) {
        uint64_t k = ops < batch ? ops : batch;
        if (w->run(w->ctx, k) != 0)
            return -1;
        ops -= k;
        beat_tick(bt);
    }
    return 0;
}

static void send_point_error(FILE *out, size_t chunk, size_t total, const char *reason)
{
    cm_isolate_send(out, json_pack("{s:s, s:I, s:I, s:s}", "type", "point", "chunk",
                                   (json_int_t)chunk, "total", (json_int_t)total, "error",
                                   reason));
}

/* Measures one (chunk, total) on the open bench b: a warm-up of up to
 * 256 KiB, then every repetition; sends the point. */
static void measure_point(const sweep_job *job, cm_bench *b, size_t chunk, size_t total,
                          beat *bt, FILE *out)
{
    cm_workload w = cm_bench_workload(b);
    uint64_t ops = total / chunk, warm = (256u << 10) / chunk;
    json_t *el = json_array(), *cp = json_array(), *us = json_array(), *sy = json_array();
    int rc = el && cp && us && sy ? 0 : -2;
    if (warm == 0)
        warm = 1;
    if (!rc)
        rc = run_ops(&w, warm < ops ? warm : ops, chunk, bt);
    for (int r = 0; r < job->cfg->repeat && !rc; r++) {
        uint64_t u0, s0, u1, s1;
        cm_thread_cpu_ns(&u0, &s0);
        uint64_t c0 = cm_thread_cputime_ns(), t0 = cm_now_ns();
        rc = run_ops(&w, ops, chunk, bt);
        uint64_t t1 = cm_now_ns(), c1 = cm_thread_cputime_ns();
        cm_thread_cpu_ns(&u1, &s1);
        if (!rc && (json_array_append_new(el, json_integer((json_int_t)(t1 - t0))) ||
                    json_array_append_new(cp, json_integer((json_int_t)(c1 - c0))) ||
                    json_array_append_new(us, json_integer((json_int_t)(u1 - u0))) ||
                    json_array_append_new(sy, json_integer((json_int_t)(s1 - s0)))))
            rc = -2;
    }
    if (rc) {
        send_point_error(out, chunk, total,
                         rc == -2 ? "out of memory in the child"
                                  : "an operation returned an error while timed");
        json_decref(el);
        json_decref(cp);
        json_decref(us);
        json_decref(sy);
        return;
    }
    cm_isolate_send(out, json_pack("{s:s, s:I, s:I, s:I, s:o, s:o, s:o, s:o}", "type",
                                   "point", "chunk", (json_int_t)chunk, "total",
                                   (json_int_t)total, "ops", (json_int_t)ops, "elapsed_ns", el,
                                   "cpu_ns", cp, "user_ns", us, "sys_ns", sy));
}

/* The child: pin, the checks (child.h), then every point in order of
 * chunk, then total. */
static int sweep_child(void *arg, FILE *out)
{
    const sweep_job *job = arg;
    const cm_sweep_config *cfg = job->cfg;
    const cm_backend *backend = job->g->backend;
    cm_check_job check = {.g = job->g, .sizes = cm_default_sizes,
                          .n_sizes = CM_N_DEFAULT_SIZES};
    cm_pin_to_cpu(cfg->cpu);
    if (!cm_child_ready(backend, out))
        return 0;
    if (cm_child_check(&check, out) == 1) {
        for (size_t c = 0; c < cfg->n_chunks; c++) {
            size_t chunk = cfg->chunks[c];
            char why[160];
            cm_bench b;
            cm_error err = {0};
            if (!cm_size_fits(job->g->alg, chunk))
                continue;
            int opened = cm_bench_open(&b, job->g->impl, job->op, chunk, &err) == 0;
            for (size_t t = 0; t < cfg->n_totals; t++) {
                size_t total = cfg->totals[t];
                if (point_skip(job->g->alg, chunk, total, why, sizeof why))
                    continue;
                if (!opened) {
                    send_point_error(out, chunk, total, err.msg);
                    continue;
                }
                beat bt = {out, "", cm_now_s()};
                snprintf(bt.where, sizeof bt.where, "sweeping %zu-byte chunks of %zu bytes",
                         chunk, total);
                cm_child_progress(out, bt.where);
                measure_point(job, &b, chunk, total, &bt, out);
            }
            if (opened)
                cm_bench_close(&b);
        }
    }
    if (backend->teardown)
        backend->teardown();
    return 0;
}

/* --- parent side ------------------------------------------------------------ */

typedef struct path_state {
    const cm_sweep_config *cfg;
    cm_sweep_path *path;
    cm_sweep_point *slots;  /* this path's n_chunks * n_totals points */
    unsigned char *got;     /* per slot: the child sent it */
    size_t index, n_paths;  /* for the progress line */
} path_state;

/* The slot of (chunk, total), or NULL. */
static cm_sweep_point *find_slot(path_state *st, size_t chunk, size_t total, size_t *i)
{
    size_t n = st->cfg->n_chunks * st->cfg->n_totals;
    for (*i = 0; *i < n; (*i)++)
        if (st->slots[*i].chunk == chunk && st->slots[*i].total == total)
            return &st->slots[*i];
    return NULL;
}

static void on_point(path_state *st, const json_t *msg)
{
    size_t i, chunk, total;
    cm_sweep_msg_where(msg, &chunk, &total);
    cm_sweep_point *p = chunk && total ? find_slot(st, chunk, total, &i) : NULL;
    if (!p || st->got[i])
        return; /* about nothing planned: the planned one gets "no result" */
    st->got[i] = 1;
    cm_sweep_msg_point(msg, st->cfg->repeat, p);
}

static void on_message(void *ctx, json_t *msg)
{
    path_state *st = ctx;
    const char *type = cm_msg_type(msg);
    if (!type)
        return;
    if (strcmp(type, "point") == 0) {
        on_point(st, msg);
        return;
    }
    cm_check_receive(&st->path->check, msg);
    if (st->cfg->progress && strcmp(type, "progress") == 0) {
        const cm_group *g = st->path->g;
        fprintf(stderr, "\r\033[K[path %zu/%zu] %s:%s/%s: %s", st->index + 1, st->n_paths,
                g->backend->name, g->impl->variant, g->alg->name, st->path->check.where);
        fflush(stderr);
    }
}

/* Settles the points of a path the child did not send, from how it
 * ended. Returns 1 when the path failed, 0, or -1 for points to leave out
 * (what an interrupted child never got to) — those get n_reps -1. */
static int settle(path_state *st)
{
    cm_sweep_path *path = st->path;
    const cm_check_result *ck = &path->check;
    const cm_kat_report *kat = &ck->rep;
    size_t n = st->cfg->n_chunks * st->cfg->n_totals;
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        cm_sweep_point *p = &st->slots[i];
        char why[160];
        const char *skip = point_skip(path->g->alg, p->chunk, p->total, why, sizeof why);
        if (skip) {
            p->status = CM_RECORD_SKIPPED;
            snprintf(p->reason, sizeof p->reason, "%s", skip);
        } else if (st->got && st->got[i]) {
            failed |= p->status != CM_RECORD_OK;
        } else if (ck->state == CM_OUTCOME_UNAVAILABLE) {
            p->status = CM_RECORD_UNAVAILABLE;
            snprintf(p->reason, sizeof p->reason, "%s", ck->reason);
        } else if (ck->have_report && cm_kat_report_known(kat)) {
            p->status = CM_RECORD_KNOWN_FINDING; /* inside the timed parameters */
            snprintf(p->reason, sizeof p->reason, "known finding %s", kat->known_id);
        } else if (ck->have_report && cm_kat_report_status(kat) == CM_CHECK_FAILED) {
            p->status = CM_RECORD_FAILED_KAT;
            snprintf(p->reason, sizeof p->reason, "%s",
                     kat->failure[0]        ? kat->failure
                     : kat->cross_detail[0] ? kat->cross_detail
                                            : "known-answer check failed");
            failed = 1;
        } else if (ck->state == CM_OUTCOME_NOT_RUN) {
            p->n_reps = -1;
        } else {
            p->status = ck->state == CM_OUTCOME_CRASHED   ? CM_RECORD_CRASHED
                        : ck->state == CM_OUTCOME_TIMEOUT ? CM_RECORD_TIMEOUT
                                                          : CM_RECORD_ERROR;
            snprintf(p->reason, sizeof p->reason, "%s",
                     ck->state == CM_OUTCOME_PASSED ? "the child sent no result" : ck->reason);
            failed = 1;
        }
    }
    return failed;
}

/* Runs one path (in its child when available). Returns 1 if it failed, 0,
 * or -1 with err. */
static int run_path(path_state *st, cm_error *err)
{
    const cm_group *g = st->path->g;
    size_t n = st->cfg->n_chunks * st->cfg->n_totals;
    cm_kat_report_init(&st->path->check.rep);
    if (!g->available) {
        st->path->check.state = CM_OUTCOME_UNAVAILABLE;
        snprintf(st->path->check.reason, sizeof st->path->check.reason, "%s", g->why);
        return settle(st);
    }
    st->got = calloc(n, 1);
    if (!st->got)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the sweep");
    sweep_job job = {st->cfg, g, st->path->op};
    cm_isolate_outcome oc;
    cm_isolate_run(sweep_child, &job, st->cfg->timeout_s, on_message, st, &oc);
    cm_check_conclude(&st->path->check, &oc);
    int rc = settle(st);
    free(st->got);
    st->got = NULL;
    return rc;
}

int cm_sweep_run(const cm_sweep_config *cfg, const cm_group *groups, size_t n,
                 cm_sweep_result *res, cm_error *err)
{
    size_t per_path = cfg->n_chunks * cfg->n_totals;
    memset(res, 0, sizeof *res);
    res->paths = calloc(n ? n : 1, sizeof *res->paths);
    size_t n_slots = n * per_path;
    res->points = calloc(n_slots ? n_slots : 1, sizeof *res->points);
    if (!res->paths || !res->points)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the sweep");
    int failures = 0;
    for (size_t i = 0; i < n && !cm_interrupted; i++) {
        cm_sweep_path *path = &res->paths[res->n_paths++];
        path->g = &groups[i];
        path->op = groups[i].ops[0];
        cm_sweep_point *slots = &res->points[i * per_path];
        for (size_t c = 0; c < cfg->n_chunks; c++)
            for (size_t t = 0; t < cfg->n_totals; t++) {
                cm_sweep_point *p = &slots[c * cfg->n_totals + t];
                p->path = i;
                p->chunk = cfg->chunks[c];
                p->total = cfg->totals[t];
                p->ops = p->total / p->chunk;
                p->bytes = p->ops * p->chunk;
            }
        path_state st = {cfg, path, slots, NULL, i, n};
        int rc = run_path(&st, err);
        if (rc < 0)
            return -1;
        failures += rc;
    }
    if (cfg->progress)
        fprintf(stderr, "\r\033[K");
    /* keep what finished: the points of the paths run, less those an
     * interrupted child never got to */
    size_t kept = 0;
    for (size_t i = 0; i < res->n_paths * per_path; i++)
        if (res->points[i].n_reps >= 0)
            res->points[kept++] = res->points[i];
    res->n_points = kept;
    return failures;
}

void cm_sweep_result_free(cm_sweep_result *res)
{
    free(res->paths);
    free(res->points);
    memset(res, 0, sizeof *res);
}

void cm_sweep_figures_of(const cm_sweep_point *p, cm_sweep_figures *f)
{
    cm_stats el, cs;
    size_t n = (size_t)p->n_reps;
    double user = 0, sys = 0;
    memset(f, 0, sizeof *f);
    if (p->status != CM_RECORD_OK || n == 0)
        return;
    for (size_t i = 0; i < n; i++) {
        user += p->user_s[i];
        sys += p->sys_s[i];
    }
    cm_stats_compute(p->elapsed_s, n, &el, NULL);
    cm_stats_compute(p->cpu_s, n, &cs, NULL);
    double mb = (double)p->bytes / 1e6, gb = (double)p->bytes / 1e9;
    f->elapsed_s = el.median;
    f->elapsed_min_s = el.min;
    f->elapsed_max_s = el.max;
    f->mb_s = el.median > 0 ? mb / el.median : 0;
    f->mb_s_min = el.max > 0 ? mb / el.max : 0;
    f->mb_s_max = el.min > 0 ? mb / el.min : 0;
    f->cpu_s = cs.median;
    f->cpu_s_per_gb = cs.median / gb;
    f->split_known = user + sys > 0;
    if (f->split_known) {
        f->user_s = cs.median * user / (user + sys);
        f->sys_s = cs.median * sys / (user + sys); /* not median - user_s: -1e-16 when sys is 0 */
        f->user_s_per_gb = f->user_s / gb;
        f->sys_s_per_gb = f->sys_s / gb;
    }
    f->spread = el.median > 0 ? (el.max - el.min) / el.median : 0;
    f->wide_spread = f->spread > CM_SWEEP_WIDE_SPREAD;
    f->cpu_coarse = user + sys < CM_SWEEP_COARSE_CPU_S;
    f->short_run = el.median < CM_SWEEP_SHORT_S;
}
