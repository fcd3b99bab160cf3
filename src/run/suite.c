/*
 * suite.c — see suite.h. The child sends JSON lines: the messages of the
 * checks (child.h: unavailable, progress, kat) and its own (suite_msg.h:
 * clock, measurement, error); the parent parses them into typed values and
 * makes one cm_record per planned (operation, size); anything the child
 * did not get to (because it crashed or hung) becomes a record with that
 * status.
 */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "check/child.h"
#include "model/class.h"
#include "registry/helper.h"
#include "measure/threads.h"
#include "platform/cpuclock.h"
#include "util/isolate.h"
#include "check/kat.h"
#include "registry/registry.h"
#include "run/suite.h"
#include "run/suite_msg.h"
#include "platform/timer.h"
#include "measure/layout.h"
#include "measure/workload.h"
#include "measure/runtime_bench.h"
#include "measure/percall.h"
#include "measure/memcount.h"

typedef struct group_job {
    const cm_suite_config *cfg;
    const cm_group *g;
    unsigned stack_shift; /* the child's (measure/layout.h) */
} group_job;

/* --- child side -------------------------------------------------------------- */

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

/* The runner's heartbeat: a progress line at most once a second, so that
 * a measurement of slow operations (RSA-4096 key generation: seconds per
 * call) is not taken for a hung child. */
typedef struct beat {
    FILE *out;
    const char *where;
    double last;
} beat;

static void heartbeat(void *ctx)
{
    beat *b = ctx;
    double now = cm_now_s();
    if (now - b->last >= 1.0) {
        b->last = now;
        cm_child_progress(b->out, b->where);
    }
}

/* run --memory: memory per operation of w (measure/memcount.h); NULL
 * for a runtime's, which runs in its server. 0, or -1 if a call failed. */
static int measure_memory(const cm_backend *b, const cm_workload *w, const cm_workload *o,
                          uint64_t iters_per_sample, cm_memory *out)
{
    const char *opaque = cm_memory_opaque_backend(b->name);
    if (!w) {
        memset(out, 0, sizeof *out);
        out->taken = 1;
        snprintf(out->stack_why, sizeof out->stack_why, "the operation runs in the %s server",
                 b->name);
        cm_memory_unobservable(out, out->stack_why);
        return 0;
    }
    uint64_t calls = iters_per_sample < CM_MEMORY_CALLS ? iters_per_sample : CM_MEMORY_CALLS;
    if (cm_memory_measure(w, o, calls, out) != 0)
        return -1;
    if (opaque)
        cm_memory_unobservable(out, opaque);
    return 0;
}

/* Measures one (operation, size) and sends its record or an error. A
 * runtime backend's operations are timed in its server (runtime.h). warm:
 * an earlier figure of this child has just run, so the calibration is the
 * only warm-up (docs/methodology.md, "Timing": the first figure's samples
 * need the warm-up, the later figures' do not). */
static void measure_one(const group_job *job, cm_op op, size_t size, uint64_t resolution_ns,
                        int warm, const char *where, FILE *out)
{
    cm_bench b, scratch;
    cm_runtime_bench rt, rt_over;
    cm_error err = {0};
    cm_runner_config rc;
    cm_measurement m;
    cm_workload w, o;
    int remote = job->g->backend->runtime != NULL;
    size_t len = cm_bench_message_len(job->g->alg, size);
    cm_runner_defaults(&rc, job->cfg->time_s, resolution_ns);
    if (remote) {
        cm_runtime_workloads(&rt, &rt_over, cm_op_name(op), len, &w, &o, &rc);
    } else if (cm_bench_open(&b, job->g->impl, op, len, &err) != 0) {
        cm_isolate_send(out, json_pack("{s:s, s:s, s:I, s:s}", "type", "error", "op",
                                       cm_op_name(op), "size", (json_int_t)size, "reason",
                                       err.msg));
        return;
    } else {
        w = cm_bench_workload(&b);
        o = cm_bench_overhead(&b, &scratch);
    }
    rc.target_ci = job->cfg->target_ci;
    if (warm)
        rc.warmup_s = 0;
    beat bt = {out, where, cm_now_s()};
    rc.heartbeat = heartbeat;
    rc.heartbeat_ctx = &bt;
    int failed = cm_runner_measure(&rc, &w, &o, &m) != 0;
    if (!failed && !remote && cm_class_of(job->g->alg)->unit == CM_UNIT_BYTE &&
        cm_percall_applies(size))
        failed = cm_percall_measure(&w, &o, &m.per_call) != 0;
    if (!failed && job->cfg->memory)
        failed = measure_memory(job->g->backend, remote ? NULL : &w, &o, m.iters_per_sample,
                                &m.memory) != 0;
    if (failed) {
        cm_isolate_send(out, json_pack("{s:s, s:s, s:I, s:s}", "type", "error", "op",
                                       cm_op_name(op), "size", (json_int_t)size, "reason",
                                       remote && rt.why[0] ? rt.why
                                       : "an operation returned an error while timed"));
    } else {
        m.gc_collections = remote ? rt.gc + rt_over.gc : 0;
        m.gc_pause_ns = remote ? rt.gc_pause_ns + rt_over.gc_pause_ns : 0;
        m.runtime_warmup_ns = remote ? rt.warmup_ns : 0;
        m.runtime_warmup_steady = remote && rt.warmup_steady;
        m.runtime_warmup_reused = remote && rt.warmup_reused;
        m.runtime_warmup_from = remote ? rt.warmup_from : 0;
        if (!remote)
            m.layout = (cm_layout){1, job->stack_shift, b.in_offset, b.out_offset};
        cm_isolate_send(out, cm_msg_measurement(&m, op, size));
    }
    cm_measurement_free(&m);
    if (!remote)
        cm_bench_close(&b);
}

/* Measures cfg->threads copies of one (operation, size) at once and sends
 * the aggregate with each copy's figure, or an error; both say "threads". */
static void measure_threads(const group_job *job, cm_op op, size_t size, uint64_t resolution_ns,
                            FILE *out)
{
    cm_threaded t = {.n = job->cfg->threads};
    cm_runner_config rc;
    cm_error err = {0};
    memcpy(t.cpus, job->cfg->thread_cpus, sizeof t.cpus[0] * (size_t)t.n);
    cm_runner_defaults(&rc, job->cfg->time_s, resolution_ns);
    rc.target_ci = job->cfg->target_ci;
    if (cm_threads_measure(job->g->impl, op, cm_bench_message_len(job->g->alg, size), &rc, &t,
                           &err) != 0) {
        cm_isolate_send(out, json_pack("{s:s, s:s, s:I, s:i, s:s}", "type", "error", "op",
                                       cm_op_name(op), "size", (json_int_t)size, "threads", t.n,
                                       "reason", err.msg));
        return;
    }
    json_t *msg = cm_msg_measurement(&t.m, op, size), *per = json_array();
    for (int i = 0; msg && per && i < t.n; i++)
        json_array_append_new(per, json_pack("{s:i, s:f}", "cpu", t.cpus[i], "ns_per_op",
                                             t.per_thread_ns[i]));
    if (msg) {
        json_object_set_new(msg, "threads", json_integer(t.n));
        json_object_set_new(msg, "per_thread", per ? per : json_null());
    } else {
        json_decref(per);
    }
    cm_isolate_send(out, msg);
    cm_measurement_free(&t.m);
}

/* The child: pin, clock, the checks (child.h), measurements, clock. Its
 * stack moves down by a random offset first (measure/layout.h): the
 * functions it calls, and the libraries' frames under them, start there. */
int cm_suite_child(const cm_suite_config *cfg, const cm_group *g, FILE *out)
{
    unsigned shift = cm_layout_offset();
    volatile unsigned char *pad = alloca(shift + 1);
    pad[shift] = 0;
    const group_job one = {cfg, g, shift}, *job = &one;
    const cm_backend *backend = g->backend;
    cm_check_job check = {.g = g, .sizes = cfg->sizes, .n_sizes = cfg->n_sizes};
    cm_pin_to_cpu(cfg->cpu);
    if (!cm_child_ready(backend, out))
        return 0;
    if (!cfg->clock_before_known)
        cm_isolate_send(out, cm_msg_clock("before"));
    if (cm_child_check(&check, out) == 1) {
        uint64_t resolution_ns = cm_clock_resolution_ns(); /* once, not per measurement */
        int warm = 0; /* a figure of this child has just run (measure_one) */
        size_t n_sizes;
        const size_t *sizes = group_sizes(cfg, job->g, &n_sizes);
        for (int k = 0; k < job->g->n_ops; k++)
            for (size_t i = 0; i < n_sizes; i++)
                if (cm_size_fits(job->g->alg, sizes[i])) {
                    char where[96];
                    snprintf(where, sizeof where, "measuring %s %zu B", cm_op_name(job->g->ops[k]),
                             cm_bench_message_len(job->g->alg, sizes[i]));
                    cm_child_progress(out, where);
                    measure_one(job, job->g->ops[k], sizes[i], resolution_ns, warm, where, out);
                    warm = 1;
                    if (cfg->threads > 1 && !backend->runtime) {
                        snprintf(where, sizeof where, "measuring %s %zu B, %d copies at once",
                                 cm_op_name(job->g->ops[k]),
                                 cm_bench_message_len(job->g->alg, sizes[i]), cfg->threads);
                        cm_child_progress(out, where);
                        measure_threads(job, job->g->ops[k], sizes[i], resolution_ns, out);
                        warm = 0; /* this thread waited for the copies */
                    }
                }
        cm_isolate_send(out, cm_msg_clock("after"));
    }
    if (backend->teardown)
        backend->teardown();
    return 0;
}

/* The forked child of a group: cm_suite_child here, or in the backend's
 * helper executable (helper.h), which runs the same function. */
static int group_child(void *arg, FILE *out)
{
    const group_job *job = arg;
    const cm_backend *b = job->g->backend;
    if (b->helper) {
        json_t *j = cm_helper_job("run", job->g, job->cfg->sizes, job->cfg->n_sizes);
        json_t *cpus = json_array();
        for (int i = 0; cpus && job->cfg->threads > 1 && i < job->cfg->threads; i++)
            json_array_append_new(cpus, json_integer(job->cfg->thread_cpus[i]));
        if (j)
            json_object_update_new(j, json_pack("{s:f, s:f, s:i, s:i, s:o, s:b, s:b}", "time_s",
                                                job->cfg->time_s, "target_ci",
                                                job->cfg->target_ci, "cpu", job->cfg->cpu,
                                                "threads", job->cfg->threads, "thread_cpus",
                                                cpus ? cpus : json_array(), "memory",
                                                job->cfg->memory, "clock_before_known",
                                                job->cfg->clock_before_known));
        cm_helper_exec(b, j, out);
    }
    return cm_suite_child(job->cfg, job->g, out);
}

/* --- parent side ------------------------------------------------------------ */

/* What the child sent about one (operation, size): a measurement, or an
 * error with its reason. */
typedef struct received {
    cm_op op;
    size_t size;
    int threads;      /* 1, or the copies of a --threads measurement */
    int per_cpu[CM_MAX_THREADS];
    double per_ns[CM_MAX_THREADS];
    int is_error;
    char reason[512];
    cm_measurement m; /* samples owned here until a record takes them */
} received;

typedef struct group_state {
    const group_job *job;
    cm_suite_totals *totals;
    int progress;
    cm_clock_reading before, after;
    cm_check_result check; /* the checks: progress, KAT report, unavailability (child.h) */
    received *got;         /* in the order the child sent them */
    size_t n_got, cap_got;
    cm_error err;          /* out of memory: the run stops (err.code set) */
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

/* A "measurement" or "error" message: kept until the group is finished. */
static void on_result(group_state *st, const json_t *msg, int is_error)
{
    if (st->n_got == st->cap_got) {
        size_t cap = st->cap_got ? st->cap_got * 2 : 16;
        received *bigger = realloc(st->got, cap * sizeof *bigger);
        if (!bigger) {
            cm_error_set(&st->err, CM_EXIT_ENVIRONMENT, "out of memory keeping a measurement");
            return;
        }
        st->got = bigger;
        st->cap_got = cap;
    }
    received *r = &st->got[st->n_got];
    memset(r, 0, sizeof *r);
    if (cm_msg_subject(msg, &r->op, &r->size) != 0)
        return; /* about nothing planned: the planned one gets "no result" */
    r->threads = cm_msg_threads(msg, r->per_cpu, r->per_ns, CM_MAX_THREADS);
    if (r->threads < 1 || r->threads > CM_MAX_THREADS)
        return;
    int rc = is_error ? 0 : cm_msg_measurement_parse(msg, &r->m);
    if (rc == CM_MSG_NOMEM) {
        cm_error_set(&st->err, CM_EXIT_ENVIRONMENT, "out of memory reading a measurement");
        return;
    }
    r->is_error = is_error || rc != 0;
    snprintf(r->reason, sizeof r->reason, "%s",
             rc != 0 ? "the child sent a malformed measurement"
                     : is_error ? cm_msg_reason(msg) : "");
    st->n_got++;
    st->totals->done++;
}

static void on_message(void *ctx, json_t *msg)
{
    group_state *st = ctx;
    const char *type = cm_msg_type(msg);
    if (!type || st->err.code)
        return;
    if (strcmp(type, "clock") == 0) {
        cm_msg_clock_parse(msg, cm_msg_clock_after(msg) ? &st->after : &st->before);
    } else if (strcmp(type, "measurement") == 0 || strcmp(type, "error") == 0) {
        on_result(st, msg, type[0] == 'e');
    } else {
        int first = !st->check.where[0];
        cm_check_receive(&st->check, msg);
        if (strcmp(type, "progress") == 0 && st->progress &&
            (first || strncmp(st->check.where, "measuring", 9) == 0))
            draw_progress(st, first ? "known-answer check" : st->check.where);
    }
}

/* The status and reason of what the child did not measure, from why it
 * stopped; none (has 0) for a child that ended well or was interrupted (an
 * interrupted run records only what finished). */
typedef struct group_fate {
    int has;
    cm_record_status status;
    char reason[512];
    int failed; /* the implementation failed (KAT, crash, timeout, error) */
} group_fate;

static group_fate fate_of(const group_state *st, const cm_isolate_outcome *oc)
{
    group_fate f = {0};
    const cm_kat_report *kat = &st->check.rep;
    if (st->check.state == CM_OUTCOME_UNAVAILABLE) {
        f = (group_fate){1, CM_RECORD_UNAVAILABLE, "", 0};
        snprintf(f.reason, sizeof f.reason, "%s", st->check.reason);
    } else if (st->check.have_report && cm_kat_report_known(kat) &&
               (oc->status == CM_ISOLATE_OK || oc->status == CM_ISOLATE_INTERRUPTED)) {
        /* a known library finding (check/findings.h): not a failure */
        f = (group_fate){1, CM_RECORD_KNOWN_FINDING, "", 0};
        snprintf(f.reason, sizeof f.reason, "known finding %s%s: %s", kat->known_id,
                 kat->known_inside ? " (inside the timed parameters: not measured)" : "",
                 kat->known_what);
    } else if (st->check.have_report && cm_kat_report_status(kat) == CM_CHECK_FAILED) {
        const char *why = kat->failure[0]        ? kat->failure
                          : kat->cross_detail[0] ? kat->cross_detail
                                                    : "known-answer check failed";
        f = (group_fate){1, CM_RECORD_FAILED_KAT, "", 1};
        snprintf(f.reason, sizeof f.reason, "%s", why);
    } else if (oc->status != CM_ISOLATE_OK && oc->status != CM_ISOLATE_INTERRUPTED) {
        f = (group_fate){1, oc->status == CM_ISOLATE_CRASHED   ? CM_RECORD_CRASHED
                            : oc->status == CM_ISOLATE_TIMEOUT ? CM_RECORD_TIMEOUT
                                                               : CM_RECORD_ERROR, "", 1};
        if (st->check.have_report)
            snprintf(f.reason, sizeof f.reason, "%s while %s", oc->detail, st->check.where);
        else
            snprintf(f.reason, sizeof f.reason, "%s during its known-answer check (%s)", oc->detail,
                     st->check.where[0] ? st->check.where : "before the first case");
    }
    return f;
}

/* The child's message about (op, size, threads), or NULL. */
static received *find_received(group_state *st, cm_op op, size_t size, int threads)
{
    for (size_t i = 0; i < st->n_got; i++)
        if (st->got[i].op == op && st->got[i].size == size && st->got[i].threads == threads)
            return &st->got[i];
    return NULL;
}

/* Fills rec for (op, size) of the group: skipped, the child's error or
 * measurement (taken over), or the group's fate. Returns 1 when the
 * implementation failed there, 0, or -1 to leave the record out (what an
 * interrupted child never got to). */
static int make_record(group_state *st, const group_fate *fate, int interrupted, cm_op op,
                       size_t size, int threads, cm_record *rec)
{
    const cm_group *g = st->job->g;
    received *got = find_received(st, op, size, threads);
    int failed = 0;
    cm_record_init(rec, g->backend->name, g->impl->variant, g->alg, op, size, CM_RECORD_OK, NULL);
    rec->served_by = g->impl->served_by;
    rec->threads = threads;
    if (got && threads > 1) {
        const received *one = find_received(st, op, size, 1);
        memcpy(rec->per_thread_cpu, got->per_cpu, sizeof got->per_cpu);
        memcpy(rec->per_thread_ns, got->per_ns, sizeof got->per_ns);
        if (one && !one->is_error && !got->is_error && got->m.stats.median > 0)
            rec->scaling_efficiency =
                one->m.stats.median / ((double)threads * got->m.stats.median);
    }
    if (!cm_size_fits(g->alg, size)) {
        rec->status = CM_RECORD_SKIPPED;
        cm_size_rule(g->alg, rec->reason, sizeof rec->reason);
    } else if (got && got->is_error) {
        rec->status = CM_RECORD_ERROR;
        snprintf(rec->reason, sizeof rec->reason, "%s", got->reason);
        failed = 1;
    } else if (got) {
        if (fate->has && fate->status == CM_RECORD_KNOWN_FINDING) {
            rec->status = CM_RECORD_KNOWN_FINDING; /* measured, and marked */
            snprintf(rec->reason, sizeof rec->reason, "%s", fate->reason);
        }
        rec->m = got->m;
        got->m.samples = NULL; /* the record's now */
        got->m.outlier = NULL;
    } else if (fate->has) {
        rec->status = fate->status;
        snprintf(rec->reason, sizeof rec->reason, "%s", fate->reason);
        st->totals->done++;
    } else if (interrupted) {
        return -1;
    } else {
        rec->status = CM_RECORD_ERROR;
        snprintf(rec->reason, sizeof rec->reason, "the child sent no result");
        failed = 1;
    }
    rec->cpu = st->job->cfg->cpu;
    rec->cluster = st->job->cfg->cluster;
    rec->has_kat = st->check.have_report;
    rec->kat = st->check.rep;
    cm_record_set_clock(rec, &st->before, &st->after);
    return failed;
}

/* Turns what one group produced into records appended to out. Returns 1
 * if the implementation failed, 0, or -1 with err (out of memory). */
static int finish_group(group_state *st, const cm_isolate_outcome *oc, cm_record_set *out,
                        cm_error *err)
{
    const cm_group *g = st->job->g;
    group_fate fate = fate_of(st, oc);
    int failed = fate.failed;
    size_t n_sizes;
    const size_t *sizes = group_sizes(st->job->cfg, g, &n_sizes);
    int counts[2] = {1, st->job->cfg->threads}; /* the single figures, then the copies' */
    for (int k = 0; k < g->n_ops; k++)
        for (size_t i = 0; i < n_sizes; i++)
            for (int c = 0; c < (counts[1] > 1 ? 2 : 1); c++) {
                cm_record rec;
                int rc = make_record(st, &fate, oc->status == CM_ISOLATE_INTERRUPTED, g->ops[k],
                                     sizes[i], counts[c], &rec);
                if (rc < 0)
                    continue;
                failed |= rc;
                if (cm_record_set_add(out, &rec, err) != 0) {
                    cm_measurement_free(&rec.m);
                    return -1;
                }
            }
    return failed;
}

/* The records of a group that cannot run here: one unavailable record per
 * operation. 0, or -1 with err. */
static int add_unavailable(const cm_suite_config *cfg, const cm_group *g, cm_record_set *out,
                           cm_error *err)
{
    for (int k = 0; k < g->n_ops; k++) {
        cm_record rec;
        cm_record_init(&rec, g->backend->name, g->impl->variant, g->alg, g->ops[k], 0,
                       CM_RECORD_UNAVAILABLE, g->why);
        rec.served_by = g->impl->served_by;
        rec.cpu = cfg->cpu;
        rec.cluster = cfg->cluster;
        if (cm_record_set_add(out, &rec, err) != 0)
            return -1;
    }
    return 0;
}

/* See suite.h. */
int cm_suite_limited(const cm_group *g, size_t size)
{
    return g->limit && size > g->limit->max_size && cm_class_of(g->alg)->unit == CM_UNIT_BYTE;
}

/* The skipped records of the sizes g's limit leaves out, with its reason
 * (and the copies' with --threads). 0, or -1 with err. */
static int add_limited(const cm_suite_config *cfg, const cm_group *g, cm_record_set *out,
                       cm_error *err)
{
    char why[512] = "";
    if (g->limit)
        snprintf(why, sizeof why, "the default suite measures %s up to %zu B: %s; "
                 "--algorithms %s measures every size", g->limit->impl, g->limit->max_size,
                 g->limit->why, g->alg->name);
    for (int k = 0; k < g->n_ops; k++)
        for (size_t i = 0; i < cfg->n_sizes; i++)
            for (int c = 1; cm_suite_limited(g, cfg->sizes[i]) && c <= 2; c++) {
                if (c == 2 && cfg->threads < 2)
                    break;
                cm_record rec;
                cm_record_init(&rec, g->backend->name, g->impl->variant, g->alg, g->ops[k],
                               cfg->sizes[i], CM_RECORD_SKIPPED, why);
                rec.served_by = g->impl->served_by;
                rec.threads = c == 1 ? 1 : cfg->threads;
                rec.cpu = cfg->cpu;
                rec.cluster = cfg->cluster;
                if (cm_record_set_add(out, &rec, err) != 0)
                    return -1;
            }
    return 0;
}

/* Runs one available group in its child and appends its records. clock:
 * the clock just before it (the previous group's after; present 0: none),
 * then its own after (present 0: none). The child sees only the sizes the
 * group's limit allows. Returns 1 if it failed, 0, or -1 with err. */
static int run_group(const cm_suite_config *cfg, const cm_group *g, cm_record_set *out,
                     cm_suite_totals *totals, cm_clock_reading *clock, cm_error *err)
{
    cm_suite_config own = *cfg;
    size_t *sizes = malloc((cfg->n_sizes ? cfg->n_sizes : 1) * sizeof *sizes);
    if (!sizes)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for a group's sizes");
    own.n_sizes = 0;
    for (size_t i = 0; i < cfg->n_sizes; i++)
        if (!cm_suite_limited(g, cfg->sizes[i]))
            sizes[own.n_sizes++] = cfg->sizes[i];
    own.sizes = sizes;
    own.clock_before_known = clock->present;
    group_job job = {&own, g};
    group_state st = {.job = &job, .totals = totals, .progress = cfg->progress};
    if (clock->present)
        st.before = *clock;
    cm_isolate_outcome oc;
    cm_kat_report_init(&st.check.rep);
    cm_isolate_run(group_child, &job, cfg->timeout_s, on_message, &st, &oc);
    int rc;
    if (st.err.code) {
        *err = st.err;
        rc = -1;
    } else {
        rc = finish_group(&st, &oc, out, err);
    }
    if (rc >= 0 && add_limited(cfg, g, out, err) != 0)
        rc = -1;
    *clock = st.after;
    for (size_t i = 0; i < st.n_got; i++)
        cm_measurement_free(&st.got[i].m);
    free(st.got);
    free(sizes);
    return rc;
}

int cm_suite_run(const cm_suite_config *cfg, const cm_group *groups, size_t n,
                 cm_record_set *records, cm_suite_totals *totals, cm_error *err)
{
    int failures = 0;
    cm_clock_reading clock = {0}; /* the last group's clock after (run_group) */
    for (size_t gi = 0; gi < n; gi++) /* the vectors parsed once, not in every child */
        if (groups[gi].available && !groups[gi].backend->helper)
            cm_kat_preload(groups[gi].alg);
    for (size_t gi = 0; gi < n && !cm_interrupted; gi++) {
        int rc = groups[gi].available ? run_group(cfg, &groups[gi], records, totals, &clock, err)
                                      : add_unavailable(cfg, &groups[gi], records, err);
        if (rc < 0) {
            failures = -1;
            break;
        }
        failures += rc;
    }
    if (cfg->progress)
        fprintf(stderr, "\r\033[K");
    return failures;
}
