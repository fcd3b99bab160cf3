/*
 * record_parse.c — the one parser of result records: a record of
 * docs/result-format.md (as record_json.c writes it) back into a cm_record,
 * so that a saved document is shown by the same views that printed it
 * (`cryptometer show`). The inverse of record_json.c, field by field.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "records/record.h"
#include "records/record_parse.h"

/* The number at key of o, or fallback when it is absent, null or not a
 * finite number. */
static double number_or(const json_t *o, const char *key, double fallback)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) && isfinite(json_number_value(v)) ? json_number_value(v) : fallback;
}

/* The string at key of o, or NULL. */
static const char *string_at(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

static int op_from_name(const char *name, cm_op *op)
{
    for (int i = 0; name && i < CM_OP_COUNT; i++)
        if (strcmp(cm_op_name((cm_op)i), name) == 0) {
            *op = (cm_op)i;
            return 0;
        }
    return -1;
}

static int status_from_name(const char *name, cm_record_status *s)
{
    for (int i = CM_RECORD_OK; name && i <= CM_RECORD_KNOWN_FINDING; i++)
        if (strcmp(cm_record_status_name((cm_record_status)i), name) == 0) {
            *s = (cm_record_status)i;
            return 0;
        }
    return -1;
}

/* One clock reading (null: not sent). */
static void reading_parse(const json_t *o, cm_clock_reading *c)
{
    memset(c, 0, sizeof *c);
    if (!json_is_object(o))
        return;
    c->present = 1;
    c->supported = json_is_true(json_object_get(o, "supported"));
    c->cpu = (int)number_or(o, "cpu", -1);
    c->mhz = number_or(o, "mhz", 0);
    c->mhz_check = number_or(o, "mhz_check", 0);
    c->spread = number_or(o, "spread", 0);
    c->agree = json_is_true(json_object_get(o, "agree"));
}

/* 1 if the record's "flags" array holds word. */
static int has_flag(const json_t *o, const char *word)
{
    size_t i;
    const json_t *f;
    json_array_foreach(json_object_get(o, "flags"), i, f)
        if (json_is_string(f) && strcmp(json_string_value(f), word) == 0)
            return 1;
    return 0;
}

/* The samples and their statistics; 0, or -1 with why. */
static int samples_parse(const json_t *o, cm_measurement *m, char *why, size_t why_len)
{
    const json_t *samples = json_object_get(o, "samples_ns"), *stats = json_object_get(o, "stats");
    size_t n = json_array_size(samples), i;
    const json_t *v;
    if (!json_is_array(samples) || !json_is_object(stats)) {
        const char *tool = json_string_value(
            json_object_get(json_object_get(o, "source_figure"), "tool"));
        if (tool)
            snprintf(why, why_len, "figures imported from %s, without samples (cryptometer "
                     "report and view show them)", tool);
        else
            snprintf(why, why_len, "an ok record without samples_ns and stats");
        return -1;
    }
    m->samples = calloc(n ? n : 1, sizeof *m->samples);
    m->outlier = calloc(n ? n : 1, 1);
    if (!m->samples || !m->outlier) {
        snprintf(why, why_len, "out of memory");
        return -1;
    }
    m->n_samples = n;
    json_array_foreach(samples, i, v)
        m->samples[i] = json_number_value(v);
    json_array_foreach(json_object_get(stats, "outliers"), i, v)
        if (json_is_integer(v) && json_integer_value(v) >= 0 && (size_t)json_integer_value(v) < n)
            m->outlier[json_integer_value(v)] = 1;
    cm_stats *s = &m->stats;
    s->n = (size_t)number_or(stats, "n", (double)n);
    s->median = number_or(stats, "median_ns", 0);
    s->min = number_or(stats, "min_ns", 0);
    s->max = number_or(stats, "max_ns", 0);
    s->mean = number_or(stats, "mean_ns", 0);
    s->stddev = number_or(stats, "stddev_ns", 0);
    s->mad = number_or(stats, "mad_ns", 0);
    s->ci_low = number_or(stats, "ci95_low_ns", 0);
    s->ci_high = number_or(stats, "ci95_high_ns", 0);
    s->ci_rel = number_or(stats, "ci95_rel", 0);
    s->cv = number_or(stats, "cv", 0);
    s->n_outliers = json_array_size(json_object_get(stats, "outliers"));
    return 0;
}

/* The measurement of an ok record; 0, or -1 with why. */
static int measurement_parse(const json_t *o, cm_record *r, char *why, size_t why_len)
{
    cm_measurement *m = &r->m;
    if (samples_parse(o, m, why, why_len) != 0)
        return -1;
    const json_t *cpu = json_object_get(o, "cpu_time_ns_per_op");
    m->iters_per_sample = (uint64_t)number_or(o, "iterations_per_sample", 0);
    m->overhead_ns = number_or(o, "overhead_ns", 0);
    m->ci_reached = !has_flag(o, "ci-not-reached");
    m->too_fast = has_flag(o, "overhead-dominated");
    m->total_ops = (uint64_t)number_or(o, "total_ops", 0);
    m->cpu_ns = number_or(cpu, "total", 0);
    m->cpu_split_known = json_is_number(json_object_get(cpu, "user"));
    m->user_ns = number_or(cpu, "user", 0);
    m->sys_ns = number_or(cpu, "system", 0);
    m->wall_s = number_or(o, "wall_s", 0);
    const json_t *per_call = json_object_get(o, "per_call");
    if (per_call && cm_percall_parse(per_call, &m->per_call) != 0) {
        snprintf(why, why_len, "a malformed per_call object");
        return -1;
    }
    const json_t *memory = json_object_get(o, "memory");
    if (memory && cm_memory_parse(memory, &m->memory) != 0) {
        snprintf(why, why_len, "a malformed memory object");
        return -1;
    }
    const json_t *layout = json_object_get(o, "layout");
    if (layout && cm_layout_parse(layout, &m->layout) != 0) {
        snprintf(why, why_len, "a malformed layout object");
        return -1;
    }
    double score = number_or(o, "score", 0);
    r->reference_ns = score > 0 ? m->stats.median / score : 0;
    r->scaling_efficiency = number_or(o, "scaling_efficiency", 0);
    size_t i;
    const json_t *t;
    json_array_foreach(json_object_get(json_object_get(o, "rounds"), "median_ns"), i, t)
        if (i < CM_MAX_ROUNDS && json_is_number(t))
            r->rounds_ns[r->n_rounds++] = json_number_value(t);
    json_array_foreach(json_object_get(o, "per_thread"), i, t) {
        if (i >= CM_MAX_THREADS)
            break;
        r->per_thread_cpu[i] = (int)number_or(t, "cpu", -1);
        r->per_thread_ns[i] = number_or(t, "ns_per_op", 0);
    }
    return 0;
}

/* Who, what, where and how it went; 0, or -1 with why. */
static int identity_parse(const json_t *o, cm_record *r, char *why, size_t why_len)
{
    const char *name = string_at(o, "name"), *alg = string_at(o, "algorithm");
    r->backend = string_at(o, "backend");
    r->variant = string_at(o, "variant");
    if (!name || !alg || !r->backend || !r->variant) {
        snprintf(why, why_len, "a record without name, backend, variant or algorithm");
        return -1;
    }
    snprintf(r->name, sizeof r->name, "%s", name);
    if (!(r->alg = cm_algorithm_find(alg))) {
        snprintf(why, why_len, "%s: algorithm %s is not one this build knows", name, alg);
        return -1;
    }
    if (op_from_name(string_at(o, "operation"), &r->op) != 0 ||
        status_from_name(string_at(o, "status"), &r->status) != 0) {
        snprintf(why, why_len, "%s: an unknown operation or status", name);
        return -1;
    }
    r->served_by = string_at(o, "served_by");
    r->bound_cpb = number_or(o, "bound_cpb", 0);
    for (int i = 0; i < CM_FLAG_COUNT; i++) /* the below-bound reason, as decided */
        if ((1u << i) & (CM_FLAG_BELOW_BOUND_CLOCK | CM_FLAG_BELOW_BOUND_PATH | CM_FLAG_BELOW_BOUND_MODEL) &&
            has_flag(o, cm_record_flag_name(i)))
            r->bound_flag |= 1u << i;
    const char *unit = string_at(o, "unit");
    r->unit = unit && strcmp(unit, "op") == 0 ? CM_UNIT_OP : CM_UNIT_BYTE;
    r->size = (size_t)number_or(o, "size", 0);
    r->threads = (int)number_or(o, "threads", 1);
    r->cpu = (int)number_or(o, "cpu", -1);
    r->cluster = (int)number_or(o, "cluster", -1);
    snprintf(r->reason, sizeof r->reason, "%s", string_at(o, "reason") ? string_at(o, "reason") : "");
    return 0;
}

int cm_record_from_json(const json_t *o, cm_record *r, char *why, size_t why_len)
{
    memset(r, 0, sizeof *r);
    if (!json_is_object(o)) {
        snprintf(why, why_len, "a record that is not an object");
        return -1;
    }
    if (identity_parse(o, r, why, why_len) != 0)
        return -1;
    const json_t *kat = json_object_get(o, "kat"), *clock = json_object_get(o, "clock");
    if (json_is_object(kat)) {
        if (cm_kat_report_from_json(kat, &r->kat) != 0) {
            snprintf(why, why_len, "%s: a malformed kat report", r->name);
            return -1;
        }
        r->has_kat = 1;
    }
    reading_parse(json_object_get(clock, "before"), &r->clock.before);
    reading_parse(json_object_get(clock, "after"), &r->clock.after);
    r->clock.mhz_used = number_or(clock, "mhz_used", 0);
    int measured = r->status == CM_RECORD_OK ||
                   (r->status == CM_RECORD_KNOWN_FINDING && json_object_get(o, "samples_ns"));
    if (measured && measurement_parse(o, r, why, why_len) != 0) {
        cm_measurement_free(&r->m);
        return -1;
    }
    return 0;
}
