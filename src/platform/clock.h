/*
 * clock.h — the real clock of each cluster (clock.c, with the chains of
 * cpuclock.h) and the flags a gap to the claimed clock raises.
 */
#ifndef CM_PLATFORM_CLOCK_H
#define CM_PLATFORM_CLOCK_H

#include "platform/cpu.h"

struct json_t;

/* Pins to the first CPU of each cluster, measures the clock there
 * (cm_cpuclock_measure, ~20 ms each) and restores the thread's affinity.
 * Fills measured_* of each cluster. Returns the number measured. */
int platform_measure_clocks(platform_cpu *cpu);

/* Compares each measured cluster with what it claims; appends a flag per
 * cluster whose gap exceeds both 3% and the measurement's own spread
 * (measured_spread), and one per cluster whose two measurements disagree,
 * to flags (a JSON array). 0, or -1 when out of memory. */
int platform_clock_flags(const platform_cpu *cpu, struct json_t *flags);

#endif
