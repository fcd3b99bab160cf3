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

/* The counter's rate in MHz and kind, probed once per process. */
static double counter_mhz(const char **kind)
{
    static cm_cycle_counter cc;
    static int probed;
    if (!probed) {
        cm_cycle_counter_probe(&cc);
        probed = 1;
    }
    *kind = cc.kind;
    return cc.mhz;
}

/* n single calls of w, each in counter ticks, into v. 0, or -1. */
static int time_calls(const cm_workload *w, double *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t c0 = cm_cycle_count();
        if (w->run(w->ctx, 1) != 0)
            return -1;
        v[i] = (double)(cm_cycle_count() - c0);
    }
    return 0;
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
    int rc = v && o ? 0 : -1;
    if (rc == 0)
        rc = time_calls(overhead, o, n) | time_calls(w, v, n);
    if (rc == 0) {
        double tick = 1000.0 / mhz, over = cm_median_sort(o, n);
        cm_sort_doubles(v, n);
        out->n = n;
        out->tick_ns = tick;
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
