/*
 * reference.c — timing the reference workload (reference.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"
#include "platform/reference.h"
#include "platform/timer.h"
#include "refwork/refwork.h"

#ifndef CM_REFWORK_FLAGS
#define CM_REFWORK_FLAGS "unknown"
#endif

#define MAX_REPS 4096 /* ~6 s of calls on a 2020s x86 core: beyond any window asked */

void platform_reference_measure(platform_reference *r, double warmup_s, double window_s,
                                int min_reps)
{
    memset(r, 0, sizeof *r);
    double *t = malloc(MAX_REPS * sizeof *t);
    if (!t) {
        snprintf(r->why, sizeof r->why, "no memory to time the reference workload");
        return;
    }
    uint64_t answer = cm_refwork_run(CM_REFWORK_ROUNDS); /* the check, and the warm-up */
    uint64_t until = cm_now_ns() + (uint64_t)(warmup_s * 1e9);
    while (answer == CM_REFWORK_ANSWER && cm_now_ns() < until)
        answer = cm_refwork_run(CM_REFWORK_ROUNDS);
    int reps = 0;
    if (min_reps < 1)
        min_reps = 1;
    until = cm_now_ns() + (uint64_t)(window_s * 1e9);
    while (answer == CM_REFWORK_ANSWER && reps < MAX_REPS &&
           (reps < min_reps || cm_now_ns() < until)) {
        double t0 = (double)cm_now_ns();
        answer = cm_refwork_run(CM_REFWORK_ROUNDS);
        t[reps++] = (double)cm_now_ns() - t0;
    }
    if (answer != CM_REFWORK_ANSWER) {
        snprintf(r->why, sizeof r->why,
                 "the reference workload returned %016llx, not %016llx: miscompiled, no score",
                 (unsigned long long)answer, (unsigned long long)CM_REFWORK_ANSWER);
    } else {
        r->median_ns = cm_median_sort(t, (size_t)reps);
        r->ok = 1;
        r->reps = reps;
        r->min_ns = t[0];
        r->max_ns = t[reps - 1];
    }
    free(t);
}

const char *platform_reference_version(void)
{
    return CM_REFWORK_VERSION;
}

unsigned platform_reference_rounds(void)
{
    return CM_REFWORK_ROUNDS;
}

const char *platform_reference_flags(void)
{
    return CM_REFWORK_FLAGS;
}
