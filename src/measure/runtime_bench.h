/*
 * runtime_bench.h — a language runtime's timed measurement (docs/runtimes.md):
 * the workloads the runner times when the implementation runs in a
 * runtime's server (src/runtimes/runtime.h), each run one request in which
 * the runtime times its own loop.
 */
#ifndef CM_MEASURE_RUNTIME_BENCH_H
#define CM_MEASURE_RUNTIME_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include "measure/runner.h"

/* The workloads of one timed (operation, size) in the runtime, the
 * overhead one, and the clock and CPU time they advance (runtime_bench.c):
 * rc gets the clock and CPU source. 0, or -1 with why. */
typedef struct cm_runtime_bench {
    const char *op;
    size_t size;
    int overhead;
    uint64_t wall_ns, cpu_ns, user_ns, sys_ns; /* sums of the samples so far */
    uint64_t gc, gc_pause_ns;                  /* collections during samples */
    uint64_t warmup_ns;                        /* a JIT runtime's warm-up, */
    int warmup_steady;                         /* ... and whether it ended steady, */
    int warmup_reused;                         /* ... or reused the warm-up at */
    uint64_t warmup_from;                      /* ... this size of the operation */
    char why[256];
} cm_runtime_bench;
void cm_runtime_workloads(cm_runtime_bench *timed, cm_runtime_bench *over, const char *op,
                          size_t size, cm_workload *w, cm_workload *o, cm_runner_config *rc);

#endif
