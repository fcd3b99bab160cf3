/*
 * suite.h — runs a plan: each implementation in its own child process
 * (isolate.h), pinned to one CPU, known-answer vectors and cross-check
 * first, then every (operation, size) measured by the runner. Produces one
 * JSON record per (implementation, operation, size) — see
 * docs/result-format.md — whatever happened: ok, failed-kat, crashed,
 * timeout, error, unavailable or skipped, each with its reason.
 */
#ifndef CM_CORE_SUITE_H
#define CM_CORE_SUITE_H

#include <stddef.h>
#include "core/plan.h"

struct json_t;

typedef struct cm_suite_config {
    const size_t *sizes;
    size_t n_sizes;
    double time_s;        /* sampling budget per (operation, size) */
    double target_ci;
    int cpu;              /* CPU to pin to */
    int cluster;          /* cluster id to note in records, or -1 */
    int progress;         /* draw a progress line on stderr */
    double timeout_s;     /* silence after which a child counts as hung */
} cm_suite_config;

typedef struct cm_suite_totals {
    size_t done, total;   /* measurements finished / planned (for the ETA) */
    double started_s;     /* monotonic start of the whole run */
} cm_suite_totals;

/* Runs groups[0..n) and appends records to the JSON array records. Returns
 * the number of implementations that failed (KAT, crash, timeout, error). */
int cm_suite_run(const cm_suite_config *cfg, const cm_group *groups, size_t n,
                 struct json_t *records, cm_suite_totals *totals);

#endif
