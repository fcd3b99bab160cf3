/*
 * runner.h — calibration and sampling of one workload, knowing nothing of
 * classes or libraries: a workload is "do this operation iters times".
 *
 * Method (docs/methodology.md): grow the iterations per sample until one
 * sample lasts min_sample_ns (well above the clock's resolution); warm up;
 * measure the loop overhead (the same loop around a call that does
 * nothing), which is subtracted from every sample; then take samples until
 * the 95% confidence interval of the median is within target_ci of it and
 * min_sampling_s has passed, or the time budget is spent, keeping at least
 * min_samples (min_slow_samples once slow_cap_s has passed: a slow
 * operation, RSA key generation, stays bounded and still shows a spread). The minimum time makes a figure cover more than a moment of
 * a machine whose clock wanders.
 */
#ifndef CM_MEASURE_RUNNER_H
#define CM_MEASURE_RUNNER_H

#include <stddef.h>
#include <stdint.h>
#include "util/stats.h"
#include "platform/timer.h"
#include "measure/percall.h"
#include "measure/memcount.h"
#include "measure/layout.h"

typedef struct cm_workload {
    /* Runs the operation iters times; non-zero if an operation failed. */
    int (*run)(void *ctx, uint64_t iters);
    void *ctx;
} cm_workload;

/* A CPU clock: total CPU time, and the user/system split, in ns. */
typedef struct cm_cpu_source {
    uint64_t (*total)(void *ctx);
    void (*split)(void *ctx, uint64_t *user_ns, uint64_t *sys_ns);
    void *ctx;
} cm_cpu_source;

typedef struct cm_runner_config {
    double budget_s;        /* sampling budget for this measurement */
    double target_ci;       /* stop when ci_rel <= this (0.01 = 1%) */
    uint64_t min_sample_ns; /* calibration target for one sample */
    size_t min_samples;     /* taken even past the budget, */
    size_t min_slow_samples; /* ... but only these once slow_cap_s has passed */
    double slow_cap_s;
    double min_sampling_s;  /* sample at least this long, CI reached or not */
    size_t max_samples;
    double warmup_s;
    const cm_clock_source *clock;
    /* The CPU time the samples are charged with: NULL, this thread's
     * (cm_thread_cputime_ns, cm_thread_cpu_ns); a runtime backend's is
     * what its server process reports (src/runtimes/runtime_bench.c). */
    const struct cm_cpu_source *cpu;
    /* Called after every timed run (NULL: never), so that a parent that
     * kills a silent child sees a slow measurement advance. */
    void (*heartbeat)(void *ctx);
    void *heartbeat_ctx;
} cm_runner_config;

/* The defaults: 1% CI, samples of >= 1 ms (or 1000x the clock resolution,
 * or a 500th of the budget, whichever is longest), 10..1000 samples over at
 * least a quarter of the budget, 10% of the budget (at most 0.1 s) warm-up. */
void cm_runner_defaults(cm_runner_config *cfg, double budget_s, uint64_t clock_resolution_ns);

typedef struct cm_measurement {
    uint64_t iters_per_sample;
    double *samples;         /* ns per operation, overhead subtracted; malloc'ed */
    size_t n_samples;
    unsigned char *outlier;  /* per sample; malloc'ed */
    double overhead_ns;      /* loop overhead per operation that was subtracted */
    cm_stats stats;          /* of samples */
    int ci_reached;          /* stats.ci_rel <= target_ci */
    int too_fast;            /* overhead was >= 50% of the raw time: figure is weak */
    uint64_t total_ops;      /* operations in the samples */
    double cpu_ns;           /* thread CPU time per operation over the timed runs */
    double user_ns, sys_ns;  /* cpu_ns split by getrusage's user/system ratio */
    int cpu_split_known;     /* getrusage saw any tick over the samples */
    double wall_s;           /* time spent, calibration and warm-up included */
    /* A runtime backend's garbage collections that ended during the timed
     * runs (calibration and warm-up included) and their pause time: 0 for
     * C (src/runtimes/runtime_bench.c fills them, not the runner). */
    uint64_t gc_collections, gc_pause_ns;
    /* A JIT runtime's warm-up before its first sample, until its figure
     * was steady (runtime_warmup_steady) or the runtime gave up: 0 for C. */
    uint64_t runtime_warmup_ns;
    int runtime_warmup_steady;
    /* ... or the check that the warm-up of the operation at an earlier
     * size (runtime_warmup_from) still held: the JIT's code is the same */
    int runtime_warmup_reused;
    uint64_t runtime_warmup_from;
    /* Single calls at small sizes (percall.h), taken by the suite's child
     * after the samples; not by the runner. */
    cm_percall per_call;
    /* run --memory (memcount.h): taken by the suite's child too */
    cm_memory memory;
    /* where the child's stack and the bench's buffers were (layout.h):
     * set by the suite's child, not by the runner */
    cm_layout layout;
} cm_measurement;

/* Calibrates iterations per sample: doubles (or scales by the observed
 * time) from 1 until one run lasts cfg->min_sample_ns. Returns the count,
 * or 0 if the workload failed. */
uint64_t cm_runner_calibrate(const cm_runner_config *cfg, const cm_workload *w);

/* Measures w (and the overhead workload, same loop shape, may be NULL).
 * Returns 0, or -1 if the workload reported a failure. */
int cm_runner_measure(const cm_runner_config *cfg, const cm_workload *w,
                      const cm_workload *overhead, cm_measurement *m);

void cm_measurement_free(cm_measurement *m);

#endif
