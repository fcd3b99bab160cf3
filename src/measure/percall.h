/*
 * percall.h — per-call latency at small messages: p50, p90 and p99 of
 * single calls, each timed alone with the cycle counter (TSC, CNTVCT),
 * where that counter resolves one call. A median over batches of calls
 * (the runner) hides the jitter that decides a TLS handshake's tail; these
 * show it. Taken in the measuring child after the runner, for figures per
 * byte at sizes up to CM_PERCALL_MAX_SIZE (docs/methodology.md, "Per-call
 * percentiles").
 */
#ifndef CM_MEASURE_PERCALL_H
#define CM_MEASURE_PERCALL_H

#include <stddef.h>

struct cm_workload;

#define CM_PERCALL_MIN_SIZE 16
#define CM_PERCALL_MAX_SIZE 256
#define CM_PERCALL_CALLS 2000
/* ... or as many as fit in this many ns, at least CM_PERCALL_MIN_CALLS */
#define CM_PERCALL_MAX_NS 250000000
#define CM_PERCALL_MIN_CALLS 200
/* the median call must span this many effective counter steps to be resolved */
#define CM_PERCALL_MIN_TICKS 10

typedef struct cm_percall {
    int taken;            /* 0: not tried (size, unit, remote); the record has none */
    int resolved;         /* 1: the percentiles below hold; 0: why says why not */
    char why[160];
    size_t n;             /* calls timed */
    double p50_ns, p90_ns, p99_ns; /* one call, the counter's own cost subtracted */
    double overhead_ns;   /* that cost: the median of the counter pair around a do-nothing call */
    double tick_ns;       /* one effective step of the counter (the smallest change seen
                             between two reads: a VM's TSC may step by many ticks) */
    char counter[16];     /* "tsc", "cntvct" */
} cm_percall;

/* Times CM_PERCALL_CALLS single calls of w, or those that fit in
 * CM_PERCALL_MAX_NS (and as many of overhead, the same loop around a
 * do-nothing call), and fills out (taken). Returns 0, or -1 if a call
 * failed. */
int cm_percall_measure(const struct cm_workload *w, const struct cm_workload *overhead,
                       cm_percall *out);

/* Whether per-call percentiles are taken at this message size. */
int cm_percall_applies(size_t size);

struct json_t;
/* out as the record's "per_call" object (NULL when out of memory). */
struct json_t *cm_percall_json(const cm_percall *pc);
/* A "per_call" object back into pc (taken). 0, or -1 if malformed. */
int cm_percall_parse(const struct json_t *o, cm_percall *pc);

#endif
