/*
 * memcount_json.c — the "memory" object of a measurement (memcount.h), one
 * writer and one reader for both the child's message and the record of
 * docs/result-format.md:
 *   {"calls", "heap": {"allocs_per_op", "bytes_per_op", "frees_per_op"} | {"observable": false, "why"},
 *    "stack_bytes" | null, "stack_why", "peak_rss_kib" | null}
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "measure/memcount.h"
#include "util/json.h"

static json_t *heap_json(const cm_memory *m)
{
    if (!m->heap_observable)
        return json_pack("{s:b, s:s}", "observable", 0, "why", m->heap_why);
    return json_pack("{s:b, s:f, s:f, s:f}", "observable", 1, "allocs_per_op", m->allocs_per_op,
                     "bytes_per_op", m->bytes_per_op, "frees_per_op", m->frees_per_op);
}

json_t *cm_memory_json(const cm_memory *m)
{
    json_t *o = json_pack("{s:I, s:o, s:o, s:o}", "calls", (json_int_t)m->calls, "heap",
                          heap_json(m), "stack_bytes",
                          m->stack_known ? json_integer(m->stack_bytes) : json_null(),
                          "peak_rss_kib",
                          m->peak_rss_kib > 0 ? json_integer(m->peak_rss_kib) : json_null());
    int rc = o ? 0 : -1;
    if (rc == 0 && !m->stack_known)
        rc |= cm_json_put(o, "stack_why", json_string(m->stack_why));
    return cm_json_checked(o, rc);
}

int cm_memory_parse(const json_t *o, cm_memory *m)
{
    memset(m, 0, sizeof *m);
    const json_t *heap = json_object_get(o, "heap"), *stack = json_object_get(o, "stack_bytes");
    if (!json_is_object(o) || !json_is_object(heap) ||
        !json_is_boolean(json_object_get(heap, "observable")))
        return -1;
    m->taken = 1;
    m->calls = (uint64_t)json_integer_value(json_object_get(o, "calls"));
    m->peak_rss_kib = (long)json_integer_value(json_object_get(o, "peak_rss_kib"));
    m->heap_observable = json_is_true(json_object_get(heap, "observable"));
    if (m->heap_observable) {
        m->allocs_per_op = json_number_value(json_object_get(heap, "allocs_per_op"));
        m->bytes_per_op = json_number_value(json_object_get(heap, "bytes_per_op"));
        m->frees_per_op = json_number_value(json_object_get(heap, "frees_per_op"));
    } else {
        const char *why = json_string_value(json_object_get(heap, "why"));
        snprintf(m->heap_why, sizeof m->heap_why, "%s", why ? why : "");
    }
    m->stack_known = json_is_integer(stack);
    m->stack_bytes = (long)json_integer_value(stack);
    const char *why = json_string_value(json_object_get(o, "stack_why"));
    snprintf(m->stack_why, sizeof m->stack_why, "%s", why ? why : "");
    return 0;
}
