/*
 * timer.h — the clocks a measurement reads: CLOCK_MONOTONIC for wall time,
 * per-thread user and system CPU time, and the CPU's cycle counter where
 * there is one (reported, with its kind and rate, in the result context).
 * The runner reads wall time through cm_clock_source so that tests can
 * drive it with a fake clock.
 *
 * cm_now_ns(), the project's one reading of CLOCK_MONOTONIC, is
 * util/now.h, included here.
 */
#ifndef CM_PLATFORM_TIMER_H
#define CM_PLATFORM_TIMER_H

#include <stdint.h>
#include "util/now.h"

/* A wall clock the runner reads; now() returns nanoseconds. */
typedef struct cm_clock_source {
    uint64_t (*now)(void *ctx);
    void *ctx;
} cm_clock_source;

/* The real monotonic clock. */
extern const cm_clock_source cm_monotonic_clock;

/* Resolution of CLOCK_MONOTONIC: the smallest step seen between two
 * readings (at least what clock_getres claims), in nanoseconds. */
uint64_t cm_clock_resolution_ns(void);

/* CPU time consumed by the calling thread, in ns
 * (CLOCK_THREAD_CPUTIME_ID: nanosecond resolution). */
uint64_t cm_thread_cputime_ns(void);

/* User and system CPU time consumed by the calling thread, in ns
 * (getrusage(RUSAGE_THREAD): counted in scheduler ticks on Linux, so only
 * good for the split between the two over a long window). */
void cm_thread_cpu_ns(uint64_t *user_ns, uint64_t *sys_ns);

/* The cycle counter: its kind ("tsc", "cntvct", "none") and its rate in
 * MHz as measured against CLOCK_MONOTONIC over ~20 ms (0 if none). */
typedef struct cm_cycle_counter {
    const char *kind;
    double mhz;
} cm_cycle_counter;
void cm_cycle_counter_probe(cm_cycle_counter *out);

/* The rate of the last cm_cycle_counter_probe in this process or the one
 * it was forked from (the run's context probes it before any child), or a
 * probe now if there was none. */
void cm_cycle_counter_once(cm_cycle_counter *out);

/* The cycle counter's raw value now (0 where there is none). */
uint64_t cm_cycle_count(void);

#endif
