/*
 * percall.c — see percall.h: single calls timed with the cycle counter,
 * their nearest-rank percentiles, the counter's own cost subtracted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure/percall.h"
#include "measure/runner.h"
#include "platform/timer.h"
#include "util/stats.h"

int cm_percall_applies(size_t size)
{
    return size >= CM_PERCALL_MIN_SIZE && size <= CM_PERCALL_MAX_SIZE;
}

/* The counter's rate in MHz and kind (the run's probe, timer.h). */
static double counter_mhz(const char **kind)
{
    cm_cycle_counter cc;
    cm_cycle_counter_once(&cc);
    *kind = cc.kind;
    return cc.mhz;
}

/* Up to n single calls of w, each in counter ticks, into v, until
 * deadline_ns (CLOCK_MONOTONIC; 0: none). The count, or -1 if one failed. */
static long time_calls(const cm_workload *w, double *v, size_t n, uint64_t deadline_ns)
{
    size_t i;
    for (i = 0; i < n && (!deadline_ns || cm_now_ns() < deadline_ns); i++) {
        uint64_t c0 = cm_cycle_count();
        if (w->run(w->ctx, 1) != 0)
            return -1;
        v[i] = (double)(cm_cycle_count() - c0);
    }
    return (long)i;
}

/* The counter's effective step in ticks: the smallest change between two
 * reads (a virtual machine's TSC may move in steps of many ticks). */
static double counter_step(void)
{
    uint64_t step = UINT64_MAX, prev = cm_cycle_count();
    for (int i = 0; i < 1000; i++) {
        uint64_t now = cm_cycle_count();
        if (now > prev && now - prev < step)
            step = now - prev;
        prev = now;
    }
    return step == UINT64_MAX ? 1 : (double)step;
}

/* The nearest-rank q-quantile of sorted v. */
static double rank(const double *v, size_t n, double q)
{
    size_t k = (size_t)(q * (double)n + 0.999999);
    return v[k ? k - 1 : 0];
}

int cm_percall_measure(const cm_workload *w, const cm_workload *overhead, cm_percall *out)
{
    const char *kind;
    double mhz = counter_mhz(&kind);
    memset(out, 0, sizeof *out);
    out->taken = 1;
    snprintf(out->counter, sizeof out->counter, "%s", kind);
    if (mhz <= 0) {
        snprintf(out->why, sizeof out->why, "no cycle counter on this CPU");
        return 0;
    }
    size_t n = CM_PERCALL_CALLS;
    double *v = malloc(n * sizeof *v), *o = malloc(n * sizeof *o);
    long got = v && o ? time_calls(w, v, n, cm_now_ns() + CM_PERCALL_MAX_NS) : -1;
    int rc = got < 0 || time_calls(overhead, o, (size_t)got, 0) != got ? -1 : 0;
    n = got > 0 ? (size_t)got : 0;
    out->n = n;
    out->tick_ns = 1000.0 / mhz * counter_step();
    if (rc == 0 && n < CM_PERCALL_MIN_CALLS) {
        snprintf(out->why, sizeof out->why, "only %zu calls in %.2f s: too slow for a p99",
                 n, CM_PERCALL_MAX_NS / 1e9);
    } else if (rc == 0) {
        double ns = 1000.0 / mhz, over = cm_median_sort(o, n);
        cm_sort_doubles(v, n);
        out->overhead_ns = over * ns;
        double med = (rank(v, n, 0.5) - over) * ns;
        if (med < CM_PERCALL_MIN_TICKS * out->tick_ns) {
            snprintf(out->why, sizeof out->why, "one call (%.1f ns) is under the %d steps of "
                     "%.2f ns the %s counter needs to resolve it", med > 0 ? med : 0,
                     CM_PERCALL_MIN_TICKS, out->tick_ns, kind);
        } else {
            out->resolved = 1;
            out->p50_ns = med;
            out->p90_ns = (rank(v, n, 0.9) - over) * ns;
            out->p99_ns = (rank(v, n, 0.99) - over) * ns;
        }
    }
    free(v);
    free(o);
    return rc;
}
