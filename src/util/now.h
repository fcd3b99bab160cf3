/*
 * now.h — the project's one reading of CLOCK_MONOTONIC. Deadlines (isolate),
 * samples (health), probes and the runner all go through cm_now_ns(); the
 * measuring clocks built on it (CPU time, cycle counter, the runner's clock
 * source) are platform/timer.h.
 */
#ifndef CM_UTIL_NOW_H
#define CM_UTIL_NOW_H

#include <stdint.h>
#include <time.h>

/* Nanoseconds of the POSIX clock id. */
uint64_t cm_posix_clock_ns(clockid_t id);

/* Nanoseconds of CLOCK_MONOTONIC. */
uint64_t cm_now_ns(void);

/* The same in seconds (for deadlines and elapsed times). */
double cm_now_s(void);

#endif
