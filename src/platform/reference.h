/*
 * reference.h — timing the reference workload (src/refwork/refwork.h) of
 * the processor-normalised score: a result's score is its median time
 * divided by the workload's median time measured in the same run
 * (docs/methodology.md, "Processor-normalised score").
 */
#ifndef CM_PLATFORM_REFERENCE_H
#define CM_PLATFORM_REFERENCE_H

#include <stddef.h>

/* One timing of the workload: reps calls, their median, minimum and
 * maximum wall time. ok is 0 when the workload returned a wrong answer
 * (why says so; no time is then given). */
typedef struct platform_reference {
    int ok;
    int reps;
    double median_ns, min_ns, max_ns;
    char why[160];
} platform_reference;

/* Runs the workload on the calling thread for warmup_s (at least one
 * call: the check of its answer; the time lets a clock that idled ramp
 * up), then for window_s and at least min_reps calls, timing each, and
 * fills *r. */
void platform_reference_measure(platform_reference *r, double warmup_s, double window_s,
                                int min_reps);

/* The workload's definition: its version, rounds per call and the fixed
 * flags it was compiled with (CM_REFWORK_FLAGS). */
const char *platform_reference_version(void);
unsigned platform_reference_rounds(void);
const char *platform_reference_flags(void);

#endif
