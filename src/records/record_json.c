/*
 * record_json.c — the JSON view of typed records (record.h): each cm_record
 * as the record of docs/result-format.md and docs/result.schema.json
 * (schema v2), figures from cm_record_figures(). Every jansson call is
 * checked (util/json.h): out of memory gives NULL, never a shorter record.
 */
#include <math.h>
#include <stdlib.h>
#include <jansson.h>
#include "records/output.h"
#include "records/record.h"
#include "util/json.h"

/* A number, or null when there is none (or it is not finite). */
static json_t *num(int has, double v)
{
    return has && isfinite(v) ? json_real(v) : json_null();
}

/* A string, or null for an empty one. */
static json_t *str_or_null(const char *s)
{
    return s && s[0] ? json_string(s) : json_null();
}

/* The algorithm's parameters as an object (whole numbers as numbers). */
static json_t *params_json(const cm_algorithm *alg)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    for (int i = 0; rc == 0 && i < CM_MAX_PARAMS && alg->params[i].key; i++) {
        const char *text = alg->params[i].value;
        char *end;
        long long v = strtoll(text, &end, 10);
        rc |= json_object_set_new(o, alg->params[i].key,
                                  *end == '\0' && end != text ? json_integer(v) : json_string(text));
    }
    return cm_json_checked(o, rc);
}

/* One clock reading, or null when the child did not send it. */
static json_t *reading_json(const cm_clock_reading *c)
{
    if (!c->present)
        return json_null();
    return json_pack("{s:b, s:i, s:o, s:o, s:o, s:b}", "supported", c->supported, "cpu", c->cpu,
                     "mhz", num(1, c->mhz), "mhz_check", num(1, c->mhz_check), "spread",
                     num(1, c->spread), "agree", c->agree);
}

/* What every record has: who, what, where, how it went, its checks and
 * clock. */
static json_t *identity_json(const cm_record *r)
{
    json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:s, s:o, s:i, s:i}", "name",
                          r->name, "backend", r->backend, "variant", r->variant, "algorithm",
                          r->alg->name, "params", params_json(r->alg), "class",
                          cm_class_name(r->alg->cls), "operation", cm_op_name(r->op), "unit",
                          r->unit == CM_UNIT_OP ? "op" : "byte", "size",
                          r->size ? json_integer((json_int_t)r->size) : json_null(), "threads",
                          r->threads, "cpu", r->cpu);
    int rc = o ? 0 : -1;
    if (rc == 0 && r->cluster >= 0)
        rc |= json_object_set_new(o, "cluster", json_integer(r->cluster));
    if (r->served_by)
        rc |= json_object_set_new(o, "served_by", json_string(r->served_by));
    rc |= json_object_set_new(o, "status", json_string(cm_record_status_name(r->status)));
    rc |= json_object_set_new(o, "reason", str_or_null(r->reason));
    /* the instruction bound (probe.h) that applies, measured or not: the
     * table shows it on every row (and `show` reads it back) */
    rc |= json_object_set_new(o, "bound_cpb", num(r->bound_cpb > 0, r->bound_cpb));
    rc |= json_object_set_new(o, "kat", r->has_kat ? cm_kat_report_json(&r->kat) : json_null());
    rc |= json_object_set_new(o, "clock", json_pack("{s:o, s:o, s:o, s:o}", "before",
                                                    reading_json(&r->clock.before), "after",
                                                    reading_json(&r->clock.after), "mhz_used",
                                                    num(1, r->clock.mhz_used), "spread",
                                                    num(1, cm_record_clock_spread(&r->clock))));
    return cm_json_checked(o, rc);
}

/* The samples, and the stats object with the outliers' indices. */
static int put_samples(json_t *o, const cm_measurement *m)
{
    json_t *samples = json_array(), *outliers = json_array();
    int rc = samples && outliers ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < m->n_samples; i++) {
        rc |= json_array_append_new(samples, num(1, m->samples[i]));
        if (m->outlier[i])
            rc |= json_array_append_new(outliers, json_integer((json_int_t)i));
    }
    const cm_stats *s = &m->stats;
    rc |= json_object_set_new(o, "samples_ns", samples);
    rc |= json_object_set_new(
        o, "stats",
        json_pack("{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "n",
                  (json_int_t)s->n, "median_ns", num(1, s->median), "min_ns", num(1, s->min),
                  "max_ns", num(1, s->max), "mean_ns", num(1, s->mean), "stddev_ns",
                  num(1, s->stddev), "mad_ns", num(1, s->mad), "ci95_low_ns", num(1, s->ci_low),
                  "ci95_high_ns", num(1, s->ci_high), "ci95_rel", num(1, s->ci_rel), "cv",
                  num(1, s->cv), "outliers", outliers));
    return rc;
}

/* The flags of f as an array of words. */
static json_t *flags_json(unsigned flags)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (int i = 0; rc == 0 && i < CM_FLAG_COUNT; i++)
        if (flags & (1u << i))
            rc |= json_array_append_new(a, json_string(cm_record_flag_name(i)));
    return cm_json_checked(a, rc);
}

/* threads > 1: each copy's figures and the scaling efficiency. */
static int put_threads(json_t *o, const cm_record *r)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1, per_byte = r->unit == CM_UNIT_BYTE && r->size;
    for (int i = 0; rc == 0 && i < r->threads; i++) {
        double ns = r->per_thread_ns[i];
        rc |= json_array_append_new(
            a, json_pack("{s:i, s:o, s:o, s:o}", "cpu", r->per_thread_cpu[i], "ns_per_op",
                         num(ns > 0, ns), "throughput_mb_s",
                         num(per_byte && ns > 0, (double)r->size / ns * 1e3), "ops_per_s",
                         num(ns > 0, 1e9 / ns)));
    }
    rc |= json_object_set_new(o, "per_thread", a);
    rc |= json_object_set_new(o, "scaling_efficiency",
                              num(r->scaling_efficiency > 0, r->scaling_efficiency));
    return rc;
}

/* run --repeat (run/rounds.h): each round's median and their spread
 * (cm_record_rounds_spread). */
static json_t *rounds_json(const cm_record *r)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (int i = 0; rc == 0 && i < r->n_rounds; i++)
        rc |= json_array_append_new(a, json_real(r->rounds_ns[i]));
    if (rc != 0) {
        json_decref(a);
        return NULL;
    }
    return json_pack("{s:o, s:f}", "median_ns", a, "spread", cm_record_rounds_spread(r));
}

/* The measurement of an ok record and the figures derived from it. */
/* A JIT runtime's warm-up: how long, whether steady, and the size of the
 * operation whose warm-up it reused (the check only: docs/runtimes.md). */
static json_t *warmup_json(const cm_measurement *m)
{
    json_t *w = json_pack("{s:f, s:b}", "seconds", (double)m->runtime_warmup_ns / 1e9, "steady",
                          m->runtime_warmup_steady);
    if (w && m->runtime_warmup_reused &&
        json_object_set_new(w, "reused_from_size",
                            json_integer((json_int_t)m->runtime_warmup_from)) != 0) {
        json_decref(w);
        return NULL;
    }
    return w;
}

static int put_measurement(json_t *o, const cm_record *r)
{
    const cm_measurement *m = &r->m;
    cm_figures f;
    cm_record_figures(r, &f);
    int rc = put_samples(o, m);
    json_t *more = json_pack(
        "{s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:{s:o, s:o, s:o}, s:I, s:o, s:o}",
        "iterations_per_sample", (json_int_t)m->iters_per_sample, "overhead_ns",
        num(1, m->overhead_ns), "throughput_mb_s", num(f.has_byte, f.throughput_mb_s),
        "ops_per_s", num(f.has_op, f.ops_per_s), "us_per_op", num(f.has_op, f.us_per_op),
        "ns_per_byte", num(f.has_byte, f.ns_per_byte), "cycles_per_op",
        num(f.has_cycles, f.cycles_per_op), "cycles_per_byte",
        num(f.has_cycles_byte, f.cycles_per_byte), "cycles_rel_uncertainty",
        num(f.has_cycles, f.cycles_rel_uncertainty), "score", num(f.has_score, f.score),
        "cpu_time_ns_per_op", "total",
        num(1, m->cpu_ns), "user", num(m->cpu_split_known, m->user_ns), "system",
        num(m->cpu_split_known, m->sys_ns), "total_ops", (json_int_t)m->total_ops, "wall_s",
        num(1, m->wall_s), "flags", flags_json(f.flags));
    rc |= more ? json_object_update(o, more) : -1;
    json_decref(more);
    if (m->gc_collections) /* a runtime's collections during samples (flag gc-pauses) */
        rc |= cm_json_put(o, "gc", json_pack("{s:I, s:I}", "collections",
                                             (json_int_t)m->gc_collections, "pause_ns",
                                             (json_int_t)m->gc_pause_ns));
    if (m->runtime_warmup_ns) /* a JIT runtime's warm-up until steady (docs/runtimes.md) */
        rc |= cm_json_put(o, "runtime_warmup", warmup_json(m));
    rc |= cm_json_put(o, "bound_ratio", num(f.has_bound, f.bound_ratio));
    if (m->per_call.taken) /* single calls at a small size (measure/percall.h) */
        rc |= cm_json_put(o, "per_call", cm_percall_json(&m->per_call));
    if (m->memory.taken) /* run --memory (measure/memcount.h) */
        rc |= cm_json_put(o, "memory", cm_memory_json(&m->memory));
    if (m->layout.present) /* the child's stack and the buffers (measure/layout.h) */
        rc |= cm_json_put(o, "layout", cm_layout_json(&m->layout));
    if (r->threads > 1)
        rc |= put_threads(o, r);
    if (r->n_rounds > 1)
        rc |= cm_json_put(o, "rounds", rounds_json(r));
    return rc;
}

json_t *cm_record_json(const cm_record *r)
{
    json_t *o = identity_json(r);
    int rc = o ? 0 : -1;
    if (rc == 0 && r->status == CM_RECORD_KNOWN_FINDING && r->has_kat)
        rc |= cm_json_put(o, "finding", json_pack("{s:o, s:o, s:b}", "id",
                                                  cm_json_string_lossy(r->kat.known_id), "what",
                                                  cm_json_string_lossy(r->kat.known_what),
                                                  "security", r->kat.known_security));
    if (rc == 0 && cm_record_measured(r))
        rc |= put_measurement(o, r);
    return cm_json_checked(o, rc);
}

json_t *cm_records_json_as(const cm_record *recs, size_t n, json_t *(*view)(const cm_record *))
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc |= json_array_append_new(a, view(&recs[i]));
    return cm_json_checked(a, rc);
}

json_t *cm_records_json(const cm_record *recs, size_t n)
{
    return cm_records_json_as(recs, n, cm_record_json);
}
