/*
 * record.h — the typed result record: one cm_record per (implementation,
 * operation, size), whatever happened to it. The suite (suite.c) fills
 * records from what each child sent; the reporters are views of them: the
 * JSON record of docs/result-format.md (record_json.c), the CSV row and the
 * text table (report.c). Figures derived from the measurement (MB/s, ops/s,
 * cycles, ...) are computed in one place, cm_record_figures(), which every
 * view calls.
 */
#ifndef CM_RECORDS_RECORD_H
#define CM_RECORDS_RECORD_H

#include "measure/threads.h"
#include <stddef.h>
#include "cryptometer/algorithm.h"
#include "model/class.h"
#include "check/kat.h"
#include "measure/runner.h"
#include "util/error.h"

/* The most rounds of run --repeat (run/rounds.h). */
#define CM_MAX_ROUNDS 20

/* What happened to one (implementation, operation, size); the names are
 * the JSON "status" values. */
typedef enum cm_record_status {
    CM_RECORD_OK = 0,     /* measured: the record has a measurement */
    CM_RECORD_FAILED_KAT, /* vectors or cross-check failed: not timed */
    CM_RECORD_CRASHED,
    CM_RECORD_TIMEOUT,
    CM_RECORD_ERROR,
    CM_RECORD_UNAVAILABLE,
    CM_RECORD_SKIPPED,    /* this size does not apply (CBC and 15 bytes) */
    CM_RECORD_KNOWN_FINDING /* every failure is a known library finding (kat.known_id,
                               check/findings.h): measured when its cases lie outside
                               the timed parameters, else not timed */
} cm_record_status;

/* "ok", "failed-kat", "crashed", "timeout", "error", "unavailable", "skipped",
 * "known-finding". */
const char *cm_record_status_name(cm_record_status s);


/* One measurement of the core clock in the child (platform/cpuclock.h). */
typedef struct cm_clock_reading {
    int present;          /* the child sent it */
    int supported, cpu, agree;
    double mhz, mhz_check, spread;
} cm_clock_reading;

/* The clock around one implementation: before and after it ran, and the
 * mean of the supported readings used for cycles (0: none). */
typedef struct cm_record_clock {
    cm_clock_reading before, after;
    double mhz_used;
} cm_record_clock;

typedef struct cm_record {
    char name[192];          /* "backend:variant/algorithm/operation" */
    const char *backend, *variant;
    const char *served_by;   /* the implementation's served_by, or NULL */
    const cm_algorithm *alg; /* name, class and params */
    cm_op op;
    cm_unit unit;
    size_t size;             /* message bytes; 0: none (unit op, unavailable) */
    int threads, cpu;
    int cluster;             /* index in context.cpu.clusters, or -1 */
    cm_record_status status;
    char reason[512];        /* why, for every status but ok */
    int has_kat;             /* the child reported its checks */
    cm_kat_report kat;
    cm_record_clock clock;
    cm_measurement m;        /* status ok only; samples owned by the record */
    double reference_ns;     /* the run's reference workload time (0: none) */
    /* threads > 1 (run --threads, threads.h): each copy's CPU and mean ns
     * per operation; the aggregate throughput over threads × the
     * single-copy figure of the same run (0: not known). */
    int per_thread_cpu[CM_MAX_THREADS];
    double per_thread_ns[CM_MAX_THREADS];
    double scaling_efficiency;
    double bound_cpb;        /* the instruction bound of (algorithm, operation,
                                variant) on this CPU, cycles per byte (probe.h); 0: none */
    unsigned bound_flag;     /* CM_FLAG_BELOW_BOUND_* when the cycles per byte lie below
                                bound_cpb, with the likely reason (probe_records.c) */
    /* `files` (run/files_workload.c): one timed step on a whole file. cache
     * "warm" or "cold" (NULL on every other record); the fraction of the
     * input's pages resident before it (< 0: not known; NAN: never ran);
     * whether its output was checked, and how. */
    const char *cache;
    double resident_before;
    int checked, verified;
    char verified_how[128];
    /* run --repeat N (run/rounds.h): the median ns per operation of each
     * round that measured it, in round order; n_rounds 0: one round, no list.
     * m is the measurement of the round whose median is the median round. */
    int n_rounds;
    double rounds_ns[CM_MAX_ROUNDS];
} cm_record;

/* 1 when r has a measurement: status ok, or a known finding that was
 * measured (its failing cases lie outside the timed parameters). */
int cm_record_measured(const cm_record *r);

/* Flags of a measurement, as the JSON "flags" words. */
enum {
    CM_FLAG_CI_NOT_REACHED = 1 << 0,   /* "ci-not-reached" */
    CM_FLAG_OVERHEAD_DOMINATED = 1 << 1, /* "overhead-dominated" */
    CM_FLAG_OUTLIERS = 1 << 2,         /* "outliers" */
    CM_FLAG_GC_PAUSES = 1 << 3,        /* "gc-pauses": a runtime collected during samples */
    /* cycles per byte below the bound, with the likely reason (docs/probes.md) */
    CM_FLAG_BELOW_BOUND_CLOCK = 1 << 4, /* "below-bound:clock-read-low" */
    CM_FLAG_BELOW_BOUND_PATH = 1 << 5,  /* "below-bound:path-unknown" */
    CM_FLAG_BELOW_BOUND_MODEL = 1 << 6, /* "below-bound:bound-model-incomplete" */
    /* "clock-unsteady": the clock checks around the record (before and after,
     * each of two instruction kinds) lie more than CM_CLOCK_STEADY apart, so
     * its cycles rest on a clock that moved or was read on a stolen core */
    CM_FLAG_CLOCK_UNSTEADY = 1 << 7,
    /* "not-reproducible": the rounds of run --repeat lie more than
     * CM_ROUNDS_AGREE apart, so the figure depends on something a round does
     * not hold still (other work, the clock, the memory layout) */
    CM_FLAG_NOT_REPRODUCIBLE = 1 << 8,
    CM_FLAG_COUNT = 9
};

/* Rounds within 10% of the median round agree (cm_record_rounds_spread). */
#define CM_ROUNDS_AGREE 0.10

/* The spread of a record's rounds (run --repeat): (highest - lowest) / their
 * median; 0 with fewer than two. The record's rounds.spread and the flag
 * not-reproducible use it. */
double cm_record_rounds_spread(const cm_record *r);

/* Clock checks within 3% of their highest are steady: the agreement
 * tolerance of the two chain kinds (platform/cpuclock.h). */
#define CM_CLOCK_STEADY 0.03

/* The spread of a record's clock checks: (highest - lowest) / highest over
 * the supported readings' two kinds (mhz, mhz_check) before and after; 0
 * with none. The record's clock.spread, its clock uncertainty (half of it)
 * and the answers' trust line use it. */
double cm_record_clock_spread(const cm_record_clock *c);

/* 1 when that spread exceeds CM_CLOCK_STEADY (the flag clock-unsteady). */
int cm_record_clock_unsteady(const cm_record_clock *c);

/* The name of flag bit i (0 <= i < CM_FLAG_COUNT). */
const char *cm_record_flag_name(int i);

/* What a record's measurement gives: each figure with a has_ flag (no
 * figure when the record is not ok, the median is not positive, the unit
 * is op for byte figures, or the clock was not measured for cycles). */
typedef struct cm_figures {
    int has_op;              /* ops_per_s, us_per_op */
    double ops_per_s, us_per_op;
    int has_byte;            /* throughput_mb_s, ns_per_byte */
    double throughput_mb_s, ns_per_byte;
    int has_cycles;          /* cycles_per_op, cycles_rel_uncertainty */
    double cycles_per_op, cycles_rel_uncertainty;
    int has_cycles_byte;
    double cycles_per_byte;
    int has_score;           /* score: median / reference_ns, lower is faster */
    double score;
    int has_bound;           /* bound_cpb, and bound_ratio = cycles_per_byte / bound_cpb */
    double bound_cpb, bound_ratio;
    unsigned flags;          /* CM_FLAG_* */
} cm_figures;

/* The figures of r: throughput size/median (10^6 B/s), ops 10^9/median,
 * µs median/1000, ns per byte median/size, cycles median × mhz_used / 1000
 * (per byte: / size) with the CI's relative half-width plus the clock's
 * relative uncertainty (half the spread of its checks), score median / reference_ns (the
 * processor-normalised score: how many runs of the reference workload one
 * operation costs; lower is faster), and with a bound and cycles per byte,
 * bound_ratio cycles per byte / bound_cpb (1: at the bound). */
void cm_record_figures(const cm_record *r, cm_figures *f);

/* Sets r->clock from the two readings and computes mhz_used. */
void cm_record_set_clock(cm_record *r, const cm_clock_reading *before,
                         const cm_clock_reading *after);

/* A record with everything of (backend, variant, alg, op, size) filled,
 * the rest empty: status as given, no KAT, no clock, no measurement,
 * threads 1, cluster -1. reason may be NULL. */
void cm_record_init(cm_record *r, const char *backend, const char *variant,
                    const cm_algorithm *alg, cm_op op, size_t size,
                    cm_record_status status, const char *reason);

/* Records in the order they were made; the set owns them (and their
 * samples). */
typedef struct cm_record_set {
    cm_record *items;
    size_t n, cap;
} cm_record_set;

void cm_record_set_init(cm_record_set *s);

/* Appends a copy of *r (the set takes over its samples; r is left without
 * them). 0, or -1 with err (out of memory; r keeps its samples). */
int cm_record_set_add(cm_record_set *s, cm_record *r, cm_error *err);

/* Frees every record's samples and the array. */
void cm_record_set_free(cm_record_set *s);

#endif
