/*
 * sweep_crossover.h — where an engine path starts to pay (docs/sweep.md,
 * "Crossovers"): for each total of a sweep, each engine path (every
 * `afalg:*` path, every `openssl:*-engine` path) against each CPU path
 * (`openssl:evp`, and the fastest `ref:*` path of that total), the smallest
 * chunk from which the engine path's median throughput is at least the CPU
 * path's at that chunk and every larger chunk compared, and the same for
 * CPU seconds per GB (at most the CPU path's). One computation, on a flat
 * list of figures that a sweep (sweep.h) or a sweep document (`detect
 * --sweep`) fills.
 */
#ifndef CM_RUN_SWEEP_CROSSOVER_H
#define CM_RUN_SWEEP_CROSSOVER_H

#include <stddef.h>
#include <stdio.h>
#include "run/sweep.h"
#include "util/error.h"

struct json_t;

/* One (path, chunk, total) as the crossover reads it. */
typedef struct cm_xo_point {
    char path[160];         /* "afalg:kernel" */
    char served_by[96];     /* the driver or engine, "" when none */
    size_t chunk, total;
    int ok;                 /* status ok: only such points are compared */
    double mb_s;            /* median throughput, 1e6 bytes per second */
    double cpu_s_per_gb;    /* median CPU seconds per 1e9 bytes */
    int wide_spread;        /* the point is flagged wide-spread */
} cm_xo_point;

/* One engine path against one CPU path at one total. A chunk of 0 is
 * "never within the swept chunks" (or nothing to compare: compared == 0). */
typedef struct cm_crossover {
    char engine_path[160], served_by[96], cpu_path[160];
    size_t total;
    size_t throughput_chunk, cpu_time_chunk;
    size_t compared;        /* chunks where both paths are ok */
    int wide_spread;        /* a compared point is wide-spread */
    int skipped;            /* a chunk of both paths was left out: not ok on a side */
    char message[512];      /* one sentence */
} cm_crossover;

/* The crossovers of pts[0..n), in the order the engine paths, totals and
 * CPU paths first appear. Returns how many (up to max; *out of at most
 * max). */
size_t cm_sweep_crossovers(const cm_xo_point *pts, size_t n, cm_crossover *out, size_t max);

/* The figures of a sweep's points (n = res->n_points; caller frees). NULL
 * when out of memory. */
cm_xo_point *cm_xo_points_of_result(const cm_sweep_result *res);

/* The crossovers as the document's "crossovers" array (NULL when out of
 * memory). */
struct json_t *cm_crossovers_json(const cm_crossover *xo, size_t n);

/* Every crossover of a sweep (*n of them; caller frees). NULL when out of
 * memory. */
cm_crossover *cm_sweep_crossovers_of(const cm_sweep_result *res, size_t *n);

/* The sentences of the crossovers, after a heading (nothing when n is 0). */
void cm_crossovers_print(FILE *out, const cm_crossover *xo, size_t n);

#endif
