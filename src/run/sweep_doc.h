/*
 * sweep_doc.h — a saved sweep document (docs/sweep.md) read back for
 * `detect --sweep`: the algorithm and operation swept and each record's
 * figures as the crossover reads them (sweep_crossover.h).
 * sweep_doc_json.c is the one file that reads a sweep document.
 */
#ifndef CM_RUN_SWEEP_DOC_H
#define CM_RUN_SWEEP_DOC_H

#include <stddef.h>
#include "run/sweep_crossover.h"
#include "util/error.h"

struct json_t;

typedef struct cm_sweep_doc {
    char *algorithm, *operation; /* of the first record */
    cm_xo_point *pts;            /* one per record */
    size_t n;
} cm_sweep_doc;

/* The figures of a sweep document's "records" (*n of them; caller frees).
 * NULL with err (CM_EXIT_ENVIRONMENT) when a record lacks a field the
 * crossover needs or has it of the wrong type. */
cm_xo_point *cm_xo_points_of_records(const struct json_t *records, size_t *n, cm_error *err);

/* Reads the sweep document doc into *d. 0, or -1 with one line in err
 * (CM_EXIT_ENVIRONMENT): not a sweep document, a schema_version other than
 * 1, a record that lacks a field the crossover needs or has it of the
 * wrong type, no records (or a first without algorithm and operation).
 * Free with cm_sweep_doc_free() either way. */
int cm_sweep_doc_from_json(const struct json_t *doc, cm_sweep_doc *d, cm_error *err);

void cm_sweep_doc_free(cm_sweep_doc *d);

#endif
