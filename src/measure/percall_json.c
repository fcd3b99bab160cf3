/*
 * percall_json.c — the "per_call" object of a measurement (percall.h), one
 * writer and one reader for both the child's message and the record of
 * docs/result-format.md:
 *   {"counter", "tick_ns", "calls", "overhead_ns", "resolved", "p50_ns", "p90_ns", "p99_ns"}
 * (the percentiles null and "why" set when the counter does not resolve a call).
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "measure/percall.h"
#include "util/json.h"

json_t *cm_percall_json(const cm_percall *pc)
{
    json_t *o = json_pack("{s:s, s:f, s:I, s:f, s:b}", "counter", pc->counter, "tick_ns",
                          pc->tick_ns, "calls", (json_int_t)pc->n, "overhead_ns",
                          pc->overhead_ns, "resolved", pc->resolved);
    int rc = o ? 0 : -1;
    const char *keys[3] = {"p50_ns", "p90_ns", "p99_ns"};
    const double vals[3] = {pc->p50_ns, pc->p90_ns, pc->p99_ns};
    for (int i = 0; rc == 0 && i < 3; i++)
        rc |= json_object_set_new(o, keys[i], pc->resolved ? json_real(vals[i]) : json_null());
    if (rc == 0 && !pc->resolved)
        rc |= json_object_set_new(o, "why", json_string(pc->why));
    return cm_json_checked(o, rc);
}

int cm_percall_parse(const json_t *o, cm_percall *pc)
{
    memset(pc, 0, sizeof *pc);
    const char *counter = json_string_value(json_object_get(o, "counter"));
    const json_t *resolved = json_object_get(o, "resolved");
    if (!json_is_object(o) || !counter || !json_is_boolean(resolved))
        return -1;
    pc->taken = 1;
    pc->resolved = json_is_true(resolved);
    snprintf(pc->counter, sizeof pc->counter, "%s", counter);
    const char *why = json_string_value(json_object_get(o, "why"));
    snprintf(pc->why, sizeof pc->why, "%s", why ? why : "");
    pc->n = (size_t)json_integer_value(json_object_get(o, "calls"));
    pc->tick_ns = json_number_value(json_object_get(o, "tick_ns"));
    pc->overhead_ns = json_number_value(json_object_get(o, "overhead_ns"));
    pc->p50_ns = json_number_value(json_object_get(o, "p50_ns"));
    pc->p90_ns = json_number_value(json_object_get(o, "p90_ns"));
    pc->p99_ns = json_number_value(json_object_get(o, "p99_ns"));
    if (pc->resolved && !(pc->p50_ns > 0 && pc->p90_ns >= pc->p50_ns && pc->p99_ns >= pc->p90_ns))
        return -1;
    return 0;
}
