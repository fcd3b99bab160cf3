/*
 * test_calibration.c — the runner's calibration, sampling stop rules and
 * overhead subtraction, driven by a fake clock: the fake workload advances
 * the clock by a known cost per operation, so every answer is exact.
 */
#include <string.h>
#include "measure/runner.h"
#include "check.h"

typedef struct fake {
    uint64_t now;         /* the fake clock, ns */
    uint64_t cost_ns;     /* what one operation costs */
    uint64_t jitter_ns;   /* added to every other run, to make a spread */
    uint64_t runs;
    int fail_after;       /* fail on this run (0: never) */
} fake;

static void count_beat(void *ctx)
{
    (*(unsigned *)ctx)++;
}

static uint64_t fake_now(void *ctx)
{
    return ((fake *)ctx)->now;
}

static int fake_run(void *ctx, uint64_t iters)
{
    fake *f = ctx;
    f->runs++;
    if (f->fail_after && (int)f->runs >= f->fail_after)
        return 1;
    f->now += iters * f->cost_ns + (f->runs % 2 ? f->jitter_ns : 0);
    return 0;
}

static int fake_overhead(void *ctx, uint64_t iters)
{
    fake *f = ctx;
    f->now += iters * 2; /* 2 ns of loop per operation */
    return 0;
}

/* Calibration reaches the sample length, and a perfectly steady workload
 * is measured exactly, its overhead subtracted. */
static void test_steady(void)
{
    fake f = {.cost_ns = 37};
    cm_clock_source clock = {fake_now, &f};
    cm_runner_config cfg;
    cm_runner_defaults(&cfg, 0.5, 1);
    cfg.clock = &clock;
    cm_workload w = {fake_run, &f};

    /* 1 ms sample at 37 ns/op needs >= 27028 iterations; calibration must
     * reach at least that and not wildly overshoot (within 25%) */
    uint64_t iters = cm_runner_calibrate(&cfg, &w);
    CHECK(iters * 37 >= 1000000);
    CHECK(iters * 37 < 1250000);

    /* a perfectly steady workload reaches its CI at once, but is sampled
     * for a quarter of the budget (0.125 s of ~1 ms samples), not longer */
    cm_measurement m;
    cm_workload o = {fake_overhead, &f};
    CHECK(cm_runner_measure(&cfg, &w, &o, &m) == 0);
    double sample_s = (double)m.iters_per_sample * 37e-9;
    CHECK((double)m.n_samples * sample_s >= 0.125);
    CHECK((double)m.n_samples * sample_s < 0.125 + 2 * sample_s);
    CHECK(m.ci_reached);
    CHECK_NEAR(m.overhead_ns, 2, 1e-9);
    CHECK_NEAR(m.stats.median, 35, 1e-9); /* 37 measured - 2 overhead */
    CHECK_NEAR(m.samples[0], 35, 1e-9);
    CHECK(!m.too_fast);
    CHECK(m.total_ops == m.iters_per_sample * m.n_samples);
    /* the fake workload burns no CPU: CPU time per op is tiny and never
     * negative, and a split, when getrusage saw a tick, adds up */
    CHECK(m.cpu_ns >= 0 && m.cpu_ns < 37);
    CHECK(!m.cpu_split_known || (m.user_ns >= 0 && m.sys_ns >= 0));
    cm_measurement_free(&m);
}

/* The warm-up: with the defaults the workload runs, after its calibration,
 * until warmup_s has passed since the start, before the first sample; with
 * warmup_s 0 (a child's later figures: src/run/suite.c) the calibration
 * alone comes before the samples. */
static void test_warmup(void)
{
    for (int later = 0; later < 2; later++) {
        fake f = {.cost_ns = 37};
        cm_clock_source clock = {fake_now, &f};
        cm_runner_config cfg;
        cm_workload w = {fake_run, &f};
        cm_measurement m;
        cm_runner_defaults(&cfg, 0.5, 1); /* 0.05 s of warm-up, 1 ms samples */
        cfg.clock = &clock;
        if (later)
            cfg.warmup_s = 0;
        cm_runner_calibrate(&cfg, &w);
        uint64_t calibration_runs = f.runs;
        f.runs = 0;
        CHECK(cm_runner_measure(&cfg, &w, NULL, &m) == 0);
        uint64_t warmup_runs = f.runs - m.n_samples - calibration_runs;
        double run_s = (double)m.iters_per_sample * 37e-9;
        if (later)
            CHECK(warmup_runs == 0);
        else
            CHECK((double)warmup_runs * run_s >= 0.05 - 0.01 &&
                  (double)warmup_runs * run_s < 0.05 + run_s);
        cm_measurement_free(&m);
    }
}

/* The sample length the defaults ask for, from the clock and the budget. */
static void test_defaults(void)
{
    /* a clock with 1 ms resolution asks for 1 s samples */
    cm_runner_config coarse;
    cm_runner_defaults(&coarse, 0.5, 1000000);
    CHECK(coarse.min_sample_ns == 1000000000ull);

    /* a long budget asks for longer samples, so that half of it fits in
     * max_samples: 10 s -> 20 ms samples, at most 500 over the budget */
    cm_runner_config longer;
    cm_runner_defaults(&longer, 10, 1);
    CHECK(longer.min_sample_ns == 20000000ull);
    CHECK(longer.min_sampling_s == 2.5);
    CHECK(longer.budget_s * 1e9 / (double)longer.min_sample_ns <= (double)longer.max_samples);
}

/* The defaults of a 0.5 s budget on clock, then a budget of 0.05 s, half
 * of it sampling at least. */
static void short_budget(cm_runner_config *cfg, cm_clock_source *clock)
{
    cm_runner_defaults(cfg, 0.5, 1);
    cfg->clock = clock;
    cfg->budget_s = 0.05;
    cfg->min_sampling_s = 0.025;
}

/* jitter of 5% on every other sample keeps the CI wide: sampling goes on
 * until the budget is spent, and the result says the target was missed */
static void test_jitter(void)
{
    fake g = {.cost_ns = 100};
    cm_clock_source clock2 = {fake_now, &g};
    cm_workload w2 = {fake_run, &g};
    cm_runner_config cfg;
    cm_measurement m;
    short_budget(&cfg, &clock2);
    g.jitter_ns = 0; /* calibrate steady, then add jitter via the hook below */
    uint64_t it2 = cm_runner_calibrate(&cfg, &w2);
    g.jitter_ns = it2 * 100 / 10; /* +10% on odd runs */
    CHECK(cm_runner_measure(&cfg, &w2, NULL, &m) == 0);
    CHECK(!m.ci_reached);
    CHECK(m.n_samples >= cfg.min_samples);
    CHECK(m.n_samples < cfg.max_samples);
    CHECK(m.wall_s >= 0.05);
    cm_measurement_free(&m);
}

/* an operation of 1 s (RSA-4096 key generation) under a 0.2 s budget:
 * 5 samples, not 10, once 10 budgets have passed */
static void test_slow(void)
{
    cm_runner_config slow_cfg;
    cm_measurement m;
    unsigned beats = 0;
    cm_runner_defaults(&slow_cfg, 0.2, 1);
    fake sl = {.cost_ns = 1000000000};
    cm_clock_source clock_slow = {fake_now, &sl};
    cm_workload ws = {fake_run, &sl};
    slow_cfg.clock = &clock_slow;
    slow_cfg.heartbeat = count_beat;
    slow_cfg.heartbeat_ctx = &beats;
    CHECK(cm_runner_measure(&slow_cfg, &ws, NULL, &m) == 0);
    CHECK(m.n_samples == slow_cfg.min_slow_samples);
    /* one calibration run (longer than the warm-up, so it is the warm-up)
     * and the samples; the heartbeat after each */
    CHECK(sl.runs == 1 + slow_cfg.min_slow_samples);
    CHECK(beats == sl.runs);
    CHECK(m.iters_per_sample == 1);
    CHECK(m.stats.median > 0);
    cm_measurement_free(&m);
}

/* Overhead nearly as large as the work is flagged; a workload that fails
 * is reported, not measured. */
static void test_too_fast_and_failing(void)
{
    cm_runner_config cfg;
    cm_measurement m;
    fake h = {.cost_ns = 3};
    cm_clock_source clock3 = {fake_now, &h};
    cm_workload w3 = {fake_run, &h}, o3 = {fake_overhead, &h};
    short_budget(&cfg, &clock3);
    CHECK(cm_runner_measure(&cfg, &w3, &o3, &m) == 0);
    CHECK(m.too_fast);
    cm_measurement_free(&m);

    fake k = {.cost_ns = 10, .fail_after = 3};
    cm_clock_source clock4 = {fake_now, &k};
    cm_workload w4 = {fake_run, &k};
    cfg.clock = &clock4;
    CHECK(cm_runner_calibrate(&cfg, &w4) == 0);
}

int main(void)
{
    test_steady();
    test_warmup();
    test_defaults();
    test_jitter();
    test_slow();
    test_too_fast_and_failing();
    return check_done("test_calibration");
}
