/*
 * sweep_out.h — the views of a sweep (sweep.h): JSON records and paths of
 * the `cryptometer-sweep` document (docs/sweep.md) and its rows
 * (sweep_out.c); the text of the rows (sweep_text.c), which `sweep` prints
 * from its rows and `show` from the document's.
 */
#ifndef CM_RUN_SWEEP_OUT_H
#define CM_RUN_SWEEP_OUT_H

#include <stdio.h>
#include "run/sweep.h"
#include "run/sweep_crossover.h"

struct json_t;

/* One point as a record of the document's "records" (NULL when out of
 * memory). */
struct json_t *cm_sweep_point_json(const cm_sweep_result *res, const cm_sweep_point *p);

/* Every point, in order, as the "records" array (NULL when out of memory). */
struct json_t *cm_sweep_records_json(const cm_sweep_result *res);

/* Every path with its known-answer report, as the "paths" array. */
struct json_t *cm_sweep_paths_json(const cm_sweep_result *res);

/* Every point as a row, in order (n = res->n_points; caller frees). NULL
 * when out of memory. */
cm_sweep_row *cm_sweep_rows_of_result(const cm_sweep_result *res);

/* The text of a sweep, every line at most CM_TEXT_COLUMNS (text.h): the
 * heading (repeat: the repetitions of every point), a block per path that
 * has a figure (a row per chunk, a column per total, as many totals side by
 * side as fit: MB/s, CPU seconds per GB as user + system, the spread), a
 * note for every path that did not run as planned, with its reason, and the
 * sentences of the crossovers xo[0..n_xo). */
void cm_sweep_text(FILE *out, const cm_sweep_row *rows, size_t n, int repeat,
                   const cm_crossover *xo, size_t n_xo);

/* "16 B", "4 KiB", "1 MiB", or the bytes when not a whole KiB or MiB. */
void cm_sweep_size_text(char *buf, size_t len, size_t n);

#endif
