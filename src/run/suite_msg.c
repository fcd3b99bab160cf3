/*
 * suite_msg.c — see suite_msg.h. The numeric fields of a measurement are
 * listed once (tables below) and both written and read from those tables,
 * so the two sides cannot drift apart.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "run/suite_msg.h"
#include "platform/cpuclock.h"
#include "util/json.h"

json_t *cm_msg_clock(const char *when)
{
    cm_cpuclock c;
    cm_cpuclock_measure(&c, CM_CPUCLOCK_REPEATS_RUN);
    return json_pack("{s:s, s:s, s:b, s:i, s:f, s:f, s:f, s:b}", "type", "clock", "when", when,
                     "supported", c.supported, "cpu", c.cpu, "mhz", c.mhz, "mhz_check",
                     c.mhz_check, "spread", c.spread, "agree", c.agree);
}

void cm_msg_clock_parse(const json_t *msg, cm_clock_reading *r)
{
    memset(r, 0, sizeof *r);
    r->present = 1;
    r->supported = json_is_true(json_object_get(msg, "supported"));
    r->cpu = (int)json_integer_value(json_object_get(msg, "cpu"));
    r->agree = json_is_true(json_object_get(msg, "agree"));
    r->mhz = json_number_value(json_object_get(msg, "mhz"));
    r->mhz_check = json_number_value(json_object_get(msg, "mhz_check"));
    r->spread = json_number_value(json_object_get(msg, "spread"));
}

/* A double field of cm_measurement (stats included), by its message key. */
typedef struct real_field {
    const char *key;
    size_t off;
} real_field;

#define M_REAL(key, member) {key, offsetof(cm_measurement, member)}
static const real_field real_fields[] = {
    M_REAL("overhead_ns", overhead_ns), M_REAL("cpu_ns", cpu_ns), M_REAL("user_ns", user_ns),
    M_REAL("sys_ns", sys_ns), M_REAL("wall_s", wall_s), M_REAL("median", stats.median),
    M_REAL("min", stats.min), M_REAL("max", stats.max), M_REAL("mean", stats.mean),
    M_REAL("stddev", stats.stddev), M_REAL("mad", stats.mad), M_REAL("ci_low", stats.ci_low),
    M_REAL("ci_high", stats.ci_high), M_REAL("ci_rel", stats.ci_rel), M_REAL("cv", stats.cv)};
#define N_REAL_FIELDS (sizeof real_fields / sizeof real_fields[0])

/* The double of m that f names. */
static double *real_at(cm_measurement *m, const real_field *f)
{
    return (double *)(void *)((char *)m + f->off);
}

/* The samples and the indices of the outliers as two arrays in msg. */
static int put_samples(json_t *msg, const cm_measurement *m)
{
    json_t *samples = json_array(), *outliers = json_array();
    int rc = samples && outliers ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < m->n_samples; i++) {
        rc |= json_array_append_new(samples, json_real(m->samples[i]));
        if (m->outlier[i])
            rc |= json_array_append_new(outliers, json_integer((json_int_t)i));
    }
    rc |= json_object_set_new(msg, "samples_ns", samples);
    rc |= json_object_set_new(msg, "outliers", outliers);
    return rc;
}

json_t *cm_msg_measurement(const cm_measurement *m, cm_op op, size_t size)
{
    json_t *msg = json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:b, s:b, s:b, s:I, s:I, s:I, s:b, "
                            "s:b, s:I}",
                            "type",
                            "measurement", "op", cm_op_name(op), "size", (json_int_t)size,
                            "iters_per_sample", (json_int_t)m->iters_per_sample, "total_ops",
                            (json_int_t)m->total_ops, "n", (json_int_t)m->stats.n, "n_outliers",
                            (json_int_t)m->stats.n_outliers, "ci_reached", m->ci_reached,
                            "too_fast", m->too_fast, "cpu_split_known", m->cpu_split_known,
                            "gc_collections", (json_int_t)m->gc_collections, "gc_pause_ns",
                            (json_int_t)m->gc_pause_ns, "runtime_warmup_ns",
                            (json_int_t)m->runtime_warmup_ns, "runtime_warmup_steady",
                            m->runtime_warmup_steady, "runtime_warmup_reused",
                            m->runtime_warmup_reused, "runtime_warmup_from",
                            (json_int_t)m->runtime_warmup_from);
    int rc = msg ? put_samples(msg, m) : -1;
    cm_measurement copy = *m; /* real_at gives writable pointers: read a copy */
    for (size_t i = 0; rc == 0 && i < N_REAL_FIELDS; i++)
        rc |= json_object_set_new(msg, real_fields[i].key, json_real(*real_at(&copy, &real_fields[i])));
    if (rc == 0 && m->per_call.taken)
        rc |= cm_json_put(msg, "per_call", cm_percall_json(&m->per_call));
    if (rc == 0 && m->memory.taken)
        rc |= cm_json_put(msg, "memory", cm_memory_json(&m->memory));
    if (rc == 0 && m->layout.present)
        rc |= cm_json_put(msg, "layout", cm_layout_json(&m->layout));
    return cm_json_checked(msg, rc);
}

/* The samples and outlier marks of msg into m (malloc'ed). */
static int parse_samples(const json_t *msg, cm_measurement *m)
{
    const json_t *samples = json_object_get(msg, "samples_ns");
    const json_t *outliers = json_object_get(msg, "outliers");
    size_t n = json_array_size(samples), i;
    const json_t *v;
    if (!json_is_array(samples) || !json_is_array(outliers) || n == 0)
        return CM_MSG_MALFORMED;
    m->samples = malloc(n * sizeof *m->samples);
    m->outlier = calloc(n, 1);
    if (!m->samples || !m->outlier)
        return CM_MSG_NOMEM;
    m->n_samples = n;
    json_array_foreach(samples, i, v) {
        if (!json_is_number(v))
            return CM_MSG_MALFORMED;
        m->samples[i] = json_number_value(v);
    }
    json_array_foreach(outliers, i, v) {
        json_int_t k = json_integer_value(v);
        if (!json_is_integer(v) || k < 0 || (size_t)k >= n)
            return CM_MSG_MALFORMED;
        m->outlier[k] = 1;
    }
    return 0;
}

int cm_msg_measurement_parse(const json_t *msg, cm_measurement *m)
{
    memset(m, 0, sizeof *m);
    int rc = parse_samples(msg, m);
    for (size_t i = 0; rc == 0 && i < N_REAL_FIELDS; i++) {
        const json_t *v = json_object_get(msg, real_fields[i].key);
        if (!json_is_number(v))
            rc = CM_MSG_MALFORMED;
        *real_at(m, &real_fields[i]) = json_number_value(v);
    }
    m->iters_per_sample = (uint64_t)json_integer_value(json_object_get(msg, "iters_per_sample"));
    m->total_ops = (uint64_t)json_integer_value(json_object_get(msg, "total_ops"));
    m->stats.n = (size_t)json_integer_value(json_object_get(msg, "n"));
    m->stats.n_outliers = (size_t)json_integer_value(json_object_get(msg, "n_outliers"));
    m->ci_reached = json_is_true(json_object_get(msg, "ci_reached"));
    m->too_fast = json_is_true(json_object_get(msg, "too_fast"));
    m->cpu_split_known = json_is_true(json_object_get(msg, "cpu_split_known"));
    m->gc_collections = (uint64_t)json_integer_value(json_object_get(msg, "gc_collections"));
    m->gc_pause_ns = (uint64_t)json_integer_value(json_object_get(msg, "gc_pause_ns"));
    m->runtime_warmup_ns = (uint64_t)json_integer_value(json_object_get(msg, "runtime_warmup_ns"));
    m->runtime_warmup_steady = json_is_true(json_object_get(msg, "runtime_warmup_steady"));
    m->runtime_warmup_reused = json_is_true(json_object_get(msg, "runtime_warmup_reused"));
    m->runtime_warmup_from = (uint64_t)json_integer_value(json_object_get(msg, "runtime_warmup_from"));
    if (rc == 0 && (m->iters_per_sample == 0 || m->stats.n != m->n_samples))
        rc = CM_MSG_MALFORMED;
    const json_t *per_call = json_object_get(msg, "per_call");
    if (rc == 0 && per_call && cm_percall_parse(per_call, &m->per_call) != 0)
        rc = CM_MSG_MALFORMED;
    const json_t *memory = json_object_get(msg, "memory");
    if (rc == 0 && memory && cm_memory_parse(memory, &m->memory) != 0)
        rc = CM_MSG_MALFORMED;
    const json_t *layout = json_object_get(msg, "layout");
    if (rc == 0 && layout && cm_layout_parse(layout, &m->layout) != 0)
        rc = CM_MSG_MALFORMED;
    if (rc != 0)
        cm_measurement_free(m);
    return rc;
}

int cm_msg_subject(const json_t *msg, cm_op *op, size_t *size)
{
    const char *name = json_string_value(json_object_get(msg, "op"));
    const json_t *s = json_object_get(msg, "size");
    for (int k = 0; name && json_is_integer(s) && k < CM_OP_COUNT; k++)
        if (strcmp(cm_op_name((cm_op)k), name) == 0) {
            *op = (cm_op)k;
            *size = (size_t)json_integer_value(s);
            return 0;
        }
    return CM_MSG_MALFORMED;
}

/* See suite_msg.h. */
const char *cm_msg_type(const json_t *msg)
{
    return json_string_value(json_object_get(msg, "type"));
}

/* See suite_msg.h. */
int cm_msg_clock_after(const json_t *msg)
{
    const char *when = json_string_value(json_object_get(msg, "when"));
    return when && strcmp(when, "after") == 0;
}

/* See suite_msg.h. */
const char *cm_msg_reason(const json_t *msg)
{
    return json_string_value(json_object_get(msg, "reason"));
}

/* See suite_msg.h. */
int cm_msg_threads(const json_t *msg, int *per_cpu, double *per_ns, int max)
{
    const json_t *th = json_object_get(msg, "threads"), *per = json_object_get(msg, "per_thread");
    int n = json_is_integer(th) ? (int)json_integer_value(th) : 1;
    for (int i = 0; n >= 1 && n <= max && i < n && i < (int)json_array_size(per); i++) {
        const json_t *t = json_array_get(per, i);
        per_cpu[i] = (int)json_integer_value(json_object_get(t, "cpu"));
        per_ns[i] = json_number_value(json_object_get(t, "ns_per_op"));
    }
    return n;
}
