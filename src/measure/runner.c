/*
 * runner.c — see runner.h.
 */
#include <stdlib.h>
#include <string.h>
#include "util/isolate.h"
#include "measure/runner.h"

void cm_runner_defaults(cm_runner_config *cfg, double budget_s, uint64_t clock_resolution_ns)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->budget_s = budget_s;
    cfg->target_ci = 0.01;
    /* samples of >= 1 ms, long enough for the clock, and few enough that
     * the budget fits in about max_samples/2 of them */
    cfg->min_sample_ns = 1000000;
    if (clock_resolution_ns * 1000 > cfg->min_sample_ns)
        cfg->min_sample_ns = clock_resolution_ns * 1000;
    if (budget_s * 1e9 / 500 > (double)cfg->min_sample_ns)
        cfg->min_sample_ns = (uint64_t)(budget_s * 1e9 / 500);
    cfg->min_samples = 10;
    /* an operation of a second or more (RSA-4096 key generation) would
     * spend ten of them; it stops at 5 once 10 budgets have passed */
    cfg->min_slow_samples = 5;
    cfg->slow_cap_s = budget_s * 10;
    cfg->min_sampling_s = budget_s / 4;
    cfg->max_samples = 1000;
    cfg->warmup_s = budget_s * 0.1 < 0.1 ? budget_s * 0.1 : 0.1;
    cfg->clock = &cm_monotonic_clock;
}

/* Wall time of one run of iters operations, or UINT64_MAX on failure. */
/* The CPU time of the samples: cfg->cpu's, or this thread's. */
static uint64_t cpu_now(const cm_runner_config *cfg)
{
    return cfg->cpu ? cfg->cpu->total(cfg->cpu->ctx) : cm_thread_cputime_ns();
}

static void cpu_split(const cm_runner_config *cfg, uint64_t *user_ns, uint64_t *sys_ns)
{
    if (cfg->cpu)
        cfg->cpu->split(cfg->cpu->ctx, user_ns, sys_ns);
    else
        cm_thread_cpu_ns(user_ns, sys_ns);
}

static uint64_t timed_run(const cm_runner_config *cfg, const cm_workload *w, uint64_t iters)
{
    uint64_t t0 = cfg->clock->now(cfg->clock->ctx);
    if (w->run(w->ctx, iters) != 0)
        return UINT64_MAX;
    uint64_t t = cfg->clock->now(cfg->clock->ctx) - t0;
    if (cfg->heartbeat)
        cfg->heartbeat(cfg->heartbeat_ctx);
    return t;
}

uint64_t cm_runner_calibrate(const cm_runner_config *cfg, const cm_workload *w)
{
    uint64_t iters = 1;
    for (;;) {
        uint64_t t = timed_run(cfg, w, iters);
        if (t == UINT64_MAX)
            return 0;
        if (t >= cfg->min_sample_ns || iters >= (1ull << 40))
            return iters;
        uint64_t next;
        if (t < cfg->min_sample_ns / 100)
            next = iters * 10; /* too short to extrapolate from */
        else
            next = (uint64_t)((double)iters * (double)cfg->min_sample_ns / (double)t * 1.1) + 1;
        iters = next > iters ? next : iters + 1;
    }
}

/* Median ns per op of the overhead loop at iters, over a few runs. */
static double measure_overhead(const cm_runner_config *cfg, const cm_workload *overhead,
                               uint64_t iters)
{
    double v[5];
    cm_stats s;
    if (!overhead)
        return 0;
    for (int i = 0; i < 5; i++)
        v[i] = (double)timed_run(cfg, overhead, iters) / (double)iters;
    cm_stats_compute(v, 5, &s, NULL);
    return s.median;
}

int cm_runner_measure(const cm_runner_config *cfg, const cm_workload *w,
                      const cm_workload *overhead, cm_measurement *m)
{
    memset(m, 0, sizeof *m);
    uint64_t start = cfg->clock->now(cfg->clock->ctx);
    uint64_t iters = cm_runner_calibrate(cfg, w);
    if (iters == 0)
        return -1;
    m->iters_per_sample = iters;

    /* calibration ran the workload at least as long as the warm-up would
     * (a slow operation: one call is longer) counts as the warm-up */
    uint64_t warm_end = start + (uint64_t)(cfg->warmup_s * 1e9);
    if (cfg->clock->now(cfg->clock->ctx) < warm_end)
        warm_end = cfg->clock->now(cfg->clock->ctx) + (uint64_t)(cfg->warmup_s * 1e9);
    while (cfg->clock->now(cfg->clock->ctx) < warm_end)
        if (timed_run(cfg, w, iters) == UINT64_MAX)
            return -1;
    m->overhead_ns = measure_overhead(cfg, overhead, iters);

    m->samples = malloc(cfg->max_samples * sizeof *m->samples);
    m->outlier = calloc(cfg->max_samples, 1);
    if (!m->samples || !m->outlier)
        return -1;
    uint64_t u0, s0, u1, s1, cpu_ns = 0, raw_ns = 0;
    uint64_t sampling_start = cfg->clock->now(cfg->clock->ctx);
    uint64_t min_end = sampling_start + (uint64_t)(cfg->min_sampling_s * 1e9);
    uint64_t budget_end = sampling_start + (uint64_t)(cfg->budget_s * 1e9);
    uint64_t slow_end = sampling_start + (uint64_t)(cfg->slow_cap_s * 1e9);
    cpu_split(cfg, &u0, &s0);
    int rc = 0;
    while (m->n_samples < cfg->max_samples && !cm_interrupted) {
        uint64_t c0 = cpu_now(cfg);
        uint64_t t = timed_run(cfg, w, iters);
        cpu_ns += cpu_now(cfg) - c0;
        if (t == UINT64_MAX) {
            rc = -1;
            break;
        }
        raw_ns += t;
        m->samples[m->n_samples++] = (double)t / (double)iters - m->overhead_ns;
        uint64_t now = cfg->clock->now(cfg->clock->ctx);
        if (m->n_samples < cfg->min_samples) {
            if (m->n_samples >= cfg->min_slow_samples && now >= slow_end)
                break;
            continue;
        }
        if (now >= budget_end)
            break;
        if (now >= min_end) {
            cm_stats_compute(m->samples, m->n_samples, &m->stats, NULL);
            if (m->stats.ci_rel <= cfg->target_ci)
                break;
        }
    }
    cpu_split(cfg, &u1, &s1);
    m->total_ops = iters * m->n_samples;
    cm_stats_compute(m->samples, m->n_samples, &m->stats, m->outlier);
    m->ci_reached = m->n_samples > 0 && m->stats.ci_rel <= cfg->target_ci;
    if (m->total_ops) {
        double raw_per_op = (double)raw_ns / (double)m->total_ops;
        m->too_fast = m->overhead_ns >= 0.5 * raw_per_op;
        /* CPU time from the thread's CPU clock over the timed runs only;
         * getrusage, in scheduler ticks, only splits it into user and system */
        m->cpu_ns = (double)cpu_ns / (double)m->total_ops;
        uint64_t du = u1 - u0, ds = s1 - s0;
        m->cpu_split_known = du + ds > 0;
        if (m->cpu_split_known) {
            m->user_ns = m->cpu_ns * (double)du / (double)(du + ds);
            m->sys_ns = m->cpu_ns * (double)ds / (double)(du + ds);
        }
    }
    m->wall_s = (double)(cfg->clock->now(cfg->clock->ctx) - start) / 1e9;
    return rc;
}

void cm_measurement_free(cm_measurement *m)
{
    free(m->samples);
    free(m->outlier);
    m->samples = NULL;
    m->outlier = NULL;
}
