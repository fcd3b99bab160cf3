/*
 * sweep_out.h — the views of a sweep (sweep.h): JSON records and paths of
 * the `cryptometer-sweep` document (docs/sweep.md), and the text table.
 */
#ifndef CM_RUN_SWEEP_OUT_H
#define CM_RUN_SWEEP_OUT_H

#include <stdio.h>
#include "run/sweep.h"

struct json_t;

/* One point as a record of the document's "records" (NULL when out of
 * memory). */
struct json_t *cm_sweep_point_json(const cm_sweep_result *res, const cm_sweep_point *p);

/* Every point, in order, as the "records" array (NULL when out of memory). */
struct json_t *cm_sweep_records_json(const cm_sweep_result *res);

/* Every path with its known-answer report, as the "paths" array. */
struct json_t *cm_sweep_paths_json(const cm_sweep_result *res);

/* A block per path that has a figure (a row per chunk, a column per
 * total: MB/s, CPU seconds per GB as user + system, the spread), then a
 * note for every path that did not run as planned, with its reason. */
void cm_sweep_print_table(FILE *out, const cm_sweep_result *res, int repeat);

/* "16 B", "4 KiB", "1 MiB", or the bytes when not a whole KiB or MiB. */
void cm_sweep_size_text(char *buf, size_t len, size_t n);

#endif
