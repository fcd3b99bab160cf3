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
    out->tick_ns = 1000.0 / mhz;
    if (rc == 0 && n < CM_PERCALL_MIN_CALLS) {
        snprintf(out->why, sizeof out->why, "only %zu calls in %.2f s: too slow for a p99",
                 n, CM_PERCALL_MAX_NS / 1e9);
    } else if (rc == 0) {
        double tick = out->tick_ns, over = cm_median_sort(o, n);
        cm_sort_doubles(v, n);
        out->overhead_ns = over * tick;
        double med = rank(v, n, 0.5) - over;
        if (med < CM_PERCALL_MIN_TICKS) {
            snprintf(out->why, sizeof out->why, "one call (%.0f ticks of %.2f ns) is under the "
                     "%d ticks the %s counter needs to resolve it", med > 0 ? med : 0, tick,
                     CM_PERCALL_MIN_TICKS, kind);
        } else {
            out->resolved = 1;
            out->p50_ns = med * tick;
            out->p90_ns = (rank(v, n, 0.9) - over) * tick;
            out->p99_ns = (rank(v, n, 0.99) - over) * tick;
        }
    }
    free(v);
    free(o);
    return rc;
}
