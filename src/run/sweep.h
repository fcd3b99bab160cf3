/*
 * sweep.h — the chunk-size × total-size sweep (docs/sweep.md): each path
 * (one implementation of one algorithm, one operation) runs in its own
 * child process (isolate.h), passes its known-answer check (child.h), then
 * processes `total` bytes as total/chunk operations of `chunk` bytes, for
 * every (chunk, total), several times. The child measures each repetition's
 * wall time and its own user and system CPU time; the parent turns what it
 * sent into one cm_sweep_point per planned (path, chunk, total), whatever
 * happened: ok, failed-kat, crashed, timeout, error, unavailable or skipped.
 */
#ifndef CM_RUN_SWEEP_H
#define CM_RUN_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include "check/child.h"
#include "registry/plan.h"
#include "records/record.h"
#include "util/error.h"

#define CM_SWEEP_MIN_REPEAT 3
#define CM_SWEEP_MAX_REPEAT 50
#define CM_SWEEP_DEFAULT_ALGORITHM "aes-128-cbc" /* without --algorithms */
#define CM_SWEEP_DEFAULT_BACKENDS "afalg,openssl,ref" /* without --backends */
#define CM_SWEEP_MAX_TOTAL ((size_t)16 << 30) /* the largest --totals: 16 GiB */
/* A point whose repetitions' elapsed times spread wider than this
 * ((max - min) / median) is flagged "wide-spread". */
#define CM_SWEEP_WIDE_SPREAD 0.10
/* A point whose repetitions' getrusage user + system time adds up to
 * less than this is flagged "cpu-split-coarse": getrusage counts in
 * scheduler ticks (timer.h), so its split of the CPU time is rough. */
#define CM_SWEEP_COARSE_CPU_S 0.1
/* A point whose median repetition lasted less than this is flagged
 * "short": it covers a moment of the machine. */
#define CM_SWEEP_SHORT_S 0.01

typedef struct cm_sweep_config {
    const size_t *chunks;
    size_t n_chunks;
    const size_t *totals;
    size_t n_totals;
    int repeat;          /* repetitions of every point */
    int cpu;             /* CPU the children are pinned to */
    double timeout_s;    /* silence after which a child counts as hung */
    int progress;        /* draw a progress line on stderr */
} cm_sweep_config;

/* One path: an implementation and the one operation swept, with what
 * became of its checks. */
typedef struct cm_sweep_path {
    const cm_group *g;
    cm_op op;
    cm_check_result check; /* state CM_OUTCOME_UNAVAILABLE with g->why when not available here */
} cm_sweep_path;

/* One (path, chunk, total). Figures are filled for status CM_RECORD_OK. */
typedef struct cm_sweep_point {
    size_t path;             /* index in the paths */
    size_t chunk, total;
    uint64_t ops;            /* total / chunk operations */
    uint64_t bytes;          /* ops * chunk */
    cm_record_status status;
    char reason[512];
    int n_reps;
    double elapsed_s[CM_SWEEP_MAX_REPEAT];
    double cpu_s[CM_SWEEP_MAX_REPEAT];  /* CLOCK_THREAD_CPUTIME_ID: exact */
    double user_s[CM_SWEEP_MAX_REPEAT], sys_s[CM_SWEEP_MAX_REPEAT]; /* getrusage: in ticks */
} cm_sweep_point;

/* The figures of an ok point, from its repetitions (cm_sweep_figures). */
typedef struct cm_sweep_figures {
    double elapsed_s, elapsed_min_s, elapsed_max_s;        /* median, min, max */
    double mb_s, mb_s_min, mb_s_max;                       /* 1e6 bytes per second */
    double cpu_s;          /* median CPU time of the repetitions (thread clock) */
    double user_s, sys_s;  /* cpu_s split by getrusage's user/system ratio over all the
                              repetitions; only when split_known */
    int split_known;       /* getrusage counted any tick */
    double cpu_s_per_gb, user_s_per_gb, sys_s_per_gb;      /* GB = 1e9 bytes */
    double spread;                                         /* (max - min) / median elapsed */
    int wide_spread, cpu_coarse, short_run;                /* the flags */
} cm_sweep_figures;

void cm_sweep_figures_of(const cm_sweep_point *p, cm_sweep_figures *f);

/* One (path, chunk, total) as the sweep's document holds it, its figures
 * rounded as written (cm_json_real_as_written): what the text table and the
 * crossovers read, from a sweep (cm_sweep_rows_of_result, sweep_out.h) or
 * from its document (sweep_doc.h), so that `sweep` and `show` print the same. */
typedef struct cm_sweep_row {
    char path[160];         /* "afalg:kernel" */
    char served_by[96];     /* the driver or engine, "" when none */
    char algorithm[64], operation[24];
    size_t chunk, total;
    char status[24];        /* cm_record_status_name() */
    char reason[512];       /* why it is not ok ("" when ok) */
    int ok;                 /* status ok: only such rows have figures */
    double mb_s;            /* median throughput, 1e6 bytes per second */
    double cpu_s_per_gb;    /* median CPU seconds per 1e9 bytes */
    double user_s_per_gb, sys_s_per_gb; /* its split by getrusage; NAN when unknown */
    double spread;          /* (max - min) / median elapsed */
    int wide_spread;        /* the row is flagged wide-spread */
} cm_sweep_row;

typedef struct cm_sweep_result {
    cm_sweep_path *paths;
    size_t n_paths;
    cm_sweep_point *points;  /* n_paths * n_chunks * n_totals, path-major; an
                                interrupted run keeps only what finished */
    size_t n_points;
} cm_sweep_result;

/* Sweeps the paths of groups[0..n) (each group's first selected
 * operation). Returns the number of paths that failed (KAT, crash,
 * timeout, error), or -1 with err when out of memory. The result is
 * filled in either case (cm_sweep_result_free). */
int cm_sweep_run(const cm_sweep_config *cfg, const cm_group *groups, size_t n,
                 cm_sweep_result *res, cm_error *err);

void cm_sweep_result_free(cm_sweep_result *res);

#endif
