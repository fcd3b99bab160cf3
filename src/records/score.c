/*
 * score.c — the processor-normalised score of a run (score.h).
 */
#include <jansson.h>
#include "util/json.h"
#include "records/score.h"

/* Each side: 50 ms of calls for a clock that idled to ramp up, then the calls
 * of 100 ms (at least 21; ~1.5 ms each on a 2020s x86 core) are timed. */
#define WARMUP_S 0.05
#define WINDOW_S 0.1
#define MIN_REPS 21

#ifndef CM_COMPILER
#define CM_COMPILER "unknown"
#endif

void cm_score_start(cm_score_ref *s)
{
    platform_reference_measure(&s->start, WARMUP_S, WINDOW_S, MIN_REPS);
}

static json_t *timing_json(const platform_reference *r)
{
    if (!r->ok)
        return json_null();
    return json_pack("{s:i, s:f, s:f, s:f}", "reps", r->reps, "median_ns", r->median_ns, "min_ns",
                     r->min_ns, "max_ns", r->max_ns);
}

int cm_score_finish(cm_score_ref *s, json_t *context, cm_record_set *recs)
{
    platform_reference_measure(&s->end, WARMUP_S, WINDOW_S, MIN_REPS);
    int ok = s->start.ok && s->end.ok;
    /* the fastest call of both sides: other work on the machine (a busy
     * sibling thread, another guest) only ever slows a call down, so the
     * fastest is the workload's time on this core (docs/methodology.md) */
    double ref = !ok ? 0 : s->start.min_ns < s->end.min_ns ? s->start.min_ns : s->end.min_ns;
    json_t *o = json_pack("{s:s, s:I, s:s, s:s, s:b}", "version", platform_reference_version(),
                          "rounds", (json_int_t)platform_reference_rounds(), "flags",
                          platform_reference_flags(), "compiler", CM_COMPILER, "ok", ok);
    int rc = o ? 0 : -1;
    if (!rc && ok) {
        rc |= cm_json_put(o, "ns", json_real(ref));
        rc |= cm_json_put(o, "drift", json_real((s->end.median_ns - s->start.median_ns) /
                                                s->start.median_ns));
        rc |= cm_json_put(o, "start", timing_json(&s->start));
        rc |= cm_json_put(o, "end", timing_json(&s->end));
    } else if (!rc) {
        rc |= cm_json_put(o, "why", json_string(s->start.ok ? s->end.why : s->start.why));
    }
    rc |= cm_json_put(context, "reference_workload", o);
    for (size_t i = 0; i < recs->n; i++)
        recs->items[i].reference_ns = ref;
    return rc;
}
