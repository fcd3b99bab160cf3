/*
 * sweep_crossover.h — where an engine path starts to pay (docs/sweep.md,
 * "Crossovers"): for each total of a sweep, each engine path (every
 * `afalg:*` path, every `openssl:*-engine` path) against each CPU path
 * (`openssl:evp`, and the fastest `ref:*` path of that total), the smallest
 * chunk from which the engine path's median throughput is at least the CPU
 * path's at that chunk and every larger chunk compared, and the same for
 * CPU seconds per GB (at most the CPU path's). One computation, on a flat
 * list of a sweep's rows (sweep.h), from a sweep or from its document
 * (`detect --sweep`, `show`).
 */
#ifndef CM_RUN_SWEEP_CROSSOVER_H
#define CM_RUN_SWEEP_CROSSOVER_H

#include <stddef.h>
#include <stdio.h>
#include "run/sweep.h"
#include "util/error.h"

struct json_t;

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
size_t cm_sweep_crossovers(const cm_sweep_row *pts, size_t n, cm_crossover *out, size_t max);

/* The crossovers as the document's "crossovers" array (NULL when out of
 * memory). */
struct json_t *cm_crossovers_json(const cm_crossover *xo, size_t n);

/* Every crossover of rows[0..n_rows) (*n of them; caller frees). NULL when
 * out of memory. */
cm_crossover *cm_sweep_crossovers_of(const cm_sweep_row *rows, size_t n_rows, size_t *n);

/* The sentences of the crossovers, after a heading (nothing when n is 0). */
void cm_crossovers_print(FILE *out, const cm_crossover *xo, size_t n);

#endif
