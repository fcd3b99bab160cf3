/*
 * threads.h — `run --threads N`: N copies of one benchmark at once, each
 * in its own thread pinned to its own CPU, with its own state, key and
 * buffers (docs/methodology.md, "Threads").
 *
 * Method: the iterations per sample are calibrated on one copy alone (as
 * the runner does); then rounds: every copy runs that many operations
 * between two barriers, and the round's wall time over (N × iterations)
 * is one sample of the aggregate time per operation. Rounds go on for
 * the time budget, at least min_samples of them, after one warm-up round.
 * The loop overhead is not subtracted here (the aggregate is compared
 * with the single-copy figure taken just before in the same child).
 */
#ifndef CM_MEASURE_THREADS_H
#define CM_MEASURE_THREADS_H

#include <stddef.h>
#include "measure/runner.h"
#include "cryptometer/backend.h"
#include "util/error.h"

#define CM_MAX_THREADS 64

typedef struct cm_threaded {
    int n;
    int cpus[CM_MAX_THREADS];             /* where each copy ran */
    double per_thread_ns[CM_MAX_THREADS]; /* each copy's mean ns per operation */
    cm_measurement m;                     /* the aggregate: samples are ns per
                                             operation of the N copies together */
} cm_threaded;

/* The CPUs n copies run on: the allowed[0..n_allowed) CPUs from first on,
 * in order (wrapping). 0, or -1 with err when fewer than n are allowed. */
int cm_threads_cpus(int n, int first, const int *allowed, int n_allowed, int *cpus, cm_error *err);

/* Measures t->n copies of (impl, op) on len-byte messages at once, on
 * t->cpus, under cfg (budget, min/max samples, target CI). 0, or -1 with
 * err (a copy could not be set up, or an operation failed). t->m's
 * samples are malloc'ed (cm_measurement_free). */
int cm_threads_measure(const cm_impl *impl, cm_op op, size_t len, const cm_runner_config *cfg,
                       cm_threaded *t, cm_error *err);

#endif
