/*
 * suite.h — runs a plan: each implementation in its own child process
 * (isolate.h), pinned to one CPU, known-answer vectors and cross-check
 * first, then every (operation, size) measured by the runner. Produces one
 * typed record (record.h) per (implementation, operation, size), whatever
 * happened: ok, failed-kat, crashed, timeout, error, unavailable or
 * skipped, each with its reason.
 */
#ifndef CM_RUN_SUITE_H
#define CM_RUN_SUITE_H

#include <stddef.h>
#include <stdio.h>
#include "registry/plan.h"
#include "records/record.h"
#include "util/error.h"

typedef struct cm_suite_config {
    const size_t *sizes;
    size_t n_sizes;
    double time_s;        /* sampling budget per (operation, size) */
    double target_ci;
    int cpu;              /* CPU to pin to */
    int cluster;          /* cluster id to note in records, or -1 */
    int progress;         /* draw a progress line on stderr */
    double timeout_s;     /* silence after which a child counts as hung */
    int threads;          /* > 1: also N copies at once (threads.h), on thread_cpus */
    const int *thread_cpus;
    int rounds;           /* run --repeat: rounds of the whole plan (rounds.h); 0 or 1: one */
    int memory;           /* run --memory: memory per operation too (measure/memcount.h) */
    /* Set by cm_suite_run for a group whose clock before it already has:
     * the previous group's clock after, on the same CPU, with nothing
     * measured since. The child then does not measure it again. */
    int clock_before_known;
} cm_suite_config;

typedef struct cm_suite_totals {
    size_t done, total;   /* measurements finished / planned (for the ETA) */
    double started_s;     /* monotonic start of the whole run */
} cm_suite_totals;

/* 1 if g's limit (the default suite's: data/suites.json, "size_limits")
 * leaves size out: not measured, a skipped record with the limit's reason.
 * A figure per operation has no size to limit. */
int cm_suite_limited(const cm_group *g, size_t size);

/* Runs groups[0..n) and appends their records to records. Returns the
 * number of implementations that failed (KAT, crash, timeout, error), or
 * -1 with err when out of memory (the run stops there: the records so far
 * stay in the set, but the result is not whole). */
int cm_suite_run(const cm_suite_config *cfg, const cm_group *groups, size_t n,
                 cm_record_set *records, cm_suite_totals *totals, cm_error *err);

/* The child of one group, in this process: pins to cfg->cpu, sends the
 * clock, the checks (child.h), each measurement and the clock again to
 * out. A forked child of cm_suite_run calls it, or a backend's helper
 * executable (helper.h) for the group the parent handed it. Returns 0. */
int cm_suite_child(const cm_suite_config *cfg, const cm_group *g, FILE *out);

#endif
