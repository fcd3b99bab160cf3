/*
 * threads.c — N pinned copies of one benchmark at once; see threads.h.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "measure/threads.h"
#include "measure/workload.h"
#include "platform/cpuclock.h"
#include "platform/timer.h"

int cm_threads_cpus(int n, int first, const int *allowed, int n_allowed, int *cpus, cm_error *err)
{
    int start = 0;
    if (n < 1 || n > CM_MAX_THREADS)
        return cm_error_set(err, CM_EXIT_USAGE, "--threads: %d is not between 1 and %d", n,
                            CM_MAX_THREADS);
    if (n > n_allowed)
        return cm_error_set(err, CM_EXIT_USAGE, "--threads %d: only %d CPU%s allowed here (one "
                            "copy per CPU)", n, n_allowed, n_allowed == 1 ? " is" : "s are");
    for (int i = 0; i < n_allowed; i++)
        if (allowed[i] == first)
            start = i;
    for (int i = 0; i < n; i++)
        cpus[i] = allowed[(start + i) % n_allowed];
    return 0;
}

typedef struct shared {
    pthread_barrier_t ready, start, end;
    uint64_t iters;
    int go; /* read after the start barrier: run a round (1) or leave (0) */
} shared;

typedef struct worker {
    pthread_t tid;
    int cpu, opened, failed;
    const cm_impl *impl;
    cm_op op;
    size_t len;
    uint64_t busy_ns, ops;
    cm_error err;
    shared *sh;
} worker;

/* One copy: pin, own bench, then rounds between the barriers. */
static void *copy_main(void *arg)
{
    worker *w = arg;
    cm_bench b;
    cm_pin_to_cpu(w->cpu);
    w->opened = cm_bench_open(&b, w->impl, w->op, w->len, &w->err) == 0;
    cm_workload wl = w->opened ? cm_bench_workload(&b) : (cm_workload){0};
    pthread_barrier_wait(&w->sh->ready);
    for (int round = 0;; round++) {
        pthread_barrier_wait(&w->sh->start);
        if (!w->sh->go)
            break;
        uint64_t t0 = cm_now_ns();
        if (w->opened && !w->failed && wl.run(wl.ctx, w->sh->iters) != 0)
            w->failed = 1;
        if (round > 0) { /* round 0 is the warm-up */
            w->busy_ns += cm_now_ns() - t0;
            w->ops += w->sh->iters;
        }
        pthread_barrier_wait(&w->sh->end);
    }
    if (w->opened)
        cm_bench_close(&b);
    return NULL;
}

static double cpu_time_ns(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e9 +
           (u.ru_utime.tv_usec + u.ru_stime.tv_usec) * 1e3;
}

/* Calibrates on one copy alone, on this thread. */
static uint64_t calibrate(const cm_impl *impl, cm_op op, size_t len, const cm_runner_config *cfg,
                          cm_error *err)
{
    cm_bench b;
    if (cm_bench_open(&b, impl, op, len, err) != 0)
        return 0;
    cm_workload w = cm_bench_workload(&b);
    uint64_t iters = cm_runner_calibrate(cfg, &w);
    cm_bench_close(&b);
    if (!iters)
        cm_error_set(err, CM_EXIT_FAILURES, "an operation returned an error while calibrated");
    return iters;
}

/* The rounds, timed by this thread between the barriers; -1 when a copy
 * failed. */
static int rounds(shared *sh, worker *w, int n, const cm_runner_config *cfg, cm_measurement *m)
{
    uint64_t begin = cm_now_ns(), budget = (uint64_t)(cfg->budget_s * 1e9);
    for (size_t r = 0; r <= cfg->max_samples; r++) {
        sh->go = 1;
        pthread_barrier_wait(&sh->start);
        uint64_t t0 = cm_now_ns();
        pthread_barrier_wait(&sh->end);
        uint64_t t = cm_now_ns() - t0;
        for (int i = 0; i < n; i++)
            if (w[i].failed)
                return -1;
        if (r == 0) { /* warm-up */
            begin = cm_now_ns();
            continue;
        }
        m->samples[m->n_samples++] = (double)t / (double)(sh->iters * (uint64_t)n);
        if (m->n_samples >= cfg->min_samples && cm_now_ns() - begin >= budget)
            break;
    }
    return 0;
}

int cm_threads_measure(const cm_impl *impl, cm_op op, size_t len, const cm_runner_config *cfg,
                       cm_threaded *t, cm_error *err)
{
    static shared sh; /* left to the copies if one cannot start (see below) */
    static worker w[CM_MAX_THREADS];
    int n = t->n, rc = -1;
    uint64_t t_start = cm_now_ns();
    memset(&t->m, 0, sizeof t->m);
    if (n < 1 || n > CM_MAX_THREADS || !(sh.iters = calibrate(impl, op, len, cfg, err)))
        return -1;
    t->m.samples = malloc((cfg->max_samples + 1) * sizeof *t->m.samples);
    t->m.outlier = calloc(cfg->max_samples + 1, 1);
    if (!t->m.samples || !t->m.outlier) {
        cm_measurement_free(&t->m);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the samples");
    }
    pthread_barrier_init(&sh.ready, NULL, (unsigned)n + 1);
    pthread_barrier_init(&sh.start, NULL, (unsigned)n + 1);
    pthread_barrier_init(&sh.end, NULL, (unsigned)n + 1);
    memset(w, 0, sizeof w);
    for (int i = 0; i < n; i++) {
        w[i] = (worker){.cpu = t->cpus[i], .impl = impl, .op = op, .len = len, .sh = &sh};
        if (pthread_create(&w[i].tid, NULL, copy_main, &w[i]) != 0) {
            /* the copies started wait at "ready" for ever: this child ends
             * its measurements here (its process exit ends them) */
            cm_measurement_free(&t->m);
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "could not start thread %d of %d", i + 1, n);
        }
    }
    pthread_barrier_wait(&sh.ready);
    int opened = 1;
    for (int i = 0; i < n; i++)
        if (!w[i].opened) {
            opened = 0;
            if (!err->code)
                *err = w[i].err;
        }
    double cpu0 = cpu_time_ns();
    if (opened && rounds(&sh, w, n, cfg, &t->m) == 0)
        rc = 0;
    else if (opened)
        cm_error_set(err, CM_EXIT_FAILURES, "an operation returned an error in one of %d copies", n);
    double cpu1 = cpu_time_ns();
    sh.go = 0;
    pthread_barrier_wait(&sh.start);
    for (int i = 0; i < n; i++)
        pthread_join(w[i].tid, NULL);
    pthread_barrier_destroy(&sh.ready);
    pthread_barrier_destroy(&sh.start);
    pthread_barrier_destroy(&sh.end);
    if (rc != 0 || t->m.n_samples == 0) {
        cm_measurement_free(&t->m);
        return -1;
    }
    t->m.iters_per_sample = sh.iters * (uint64_t)n;
    t->m.total_ops = t->m.iters_per_sample * t->m.n_samples;
    cm_stats_compute(t->m.samples, t->m.n_samples, &t->m.stats, t->m.outlier);
    t->m.ci_reached = t->m.stats.ci_rel <= cfg->target_ci;
    t->m.cpu_ns = (cpu1 - cpu0) / (double)t->m.total_ops;
    t->m.wall_s = (double)(cm_now_ns() - t_start) / 1e9;
    for (int i = 0; i < n; i++)
        t->per_thread_ns[i] = w[i].ops ? (double)w[i].busy_ns / (double)w[i].ops : 0;
    return 0;
}
