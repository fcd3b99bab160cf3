/*
 * sweep_msg.c — the sweep child's "point" messages read back
 * (sweep_msg.h):
 *   {"type":"point","chunk":..,"total":..,"ops":..,
 *    "elapsed_ns":[..],"cpu_ns":[..],"user_ns":[..],"sys_ns":[..]}
 *   {"type":"point","chunk":..,"total":..,"error":"..."}
 */
#include <stdio.h>
#include <jansson.h>
#include "run/sweep_msg.h"

/* The positive integer at key of msg, or 0. */
static size_t positive(const json_t *msg, const char *key)
{
    json_int_t v = json_integer_value(json_object_get(msg, key));
    return v > 0 ? (size_t)v : 0;
}

/* See sweep_msg.h. */
void cm_sweep_msg_where(const json_t *msg, size_t *chunk, size_t *total)
{
    *chunk = positive(msg, "chunk");
    *total = positive(msg, "total");
}

/* Reads the array key of msg, of exactly n integers, into out (in
 * seconds). 0, or -1 when malformed. */
static int read_ns(const json_t *msg, const char *key, int n, double *out)
{
    const json_t *a = json_object_get(msg, key);
    if (!json_is_array(a) || json_array_size(a) != (size_t)n)
        return -1;
    for (int i = 0; i < n; i++) {
        const json_t *v = json_array_get(a, (size_t)i);
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return -1;
        out[i] = (double)json_integer_value(v) / 1e9;
    }
    return 0;
}

/* See sweep_msg.h. */
void cm_sweep_msg_point(const json_t *msg, int n, cm_sweep_point *p)
{
    const char *error = json_string_value(json_object_get(msg, "error"));
    if (error) {
        p->status = CM_RECORD_ERROR;
        snprintf(p->reason, sizeof p->reason, "%s", error);
    } else if (read_ns(msg, "elapsed_ns", n, p->elapsed_s) || read_ns(msg, "cpu_ns", n, p->cpu_s) ||
               read_ns(msg, "user_ns", n, p->user_s) || read_ns(msg, "sys_ns", n, p->sys_s)) {
        p->status = CM_RECORD_ERROR;
        snprintf(p->reason, sizeof p->reason, "the child sent a malformed point");
    } else {
        p->status = CM_RECORD_OK;
        p->n_reps = n;
    }
}
