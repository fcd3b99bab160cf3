/*
 * sweep_doc.h — a saved sweep document (docs/sweep.md) read back for
 * `detect --sweep` and `show`: the algorithm and operation swept, the
 * repetitions, and each record as a row (sweep.h), what the crossover
 * (sweep_crossover.h) and the text (sweep_out.h) read.
 * sweep_doc_json.c is the one file that reads a sweep document.
 */
#ifndef CM_RUN_SWEEP_DOC_H
#define CM_RUN_SWEEP_DOC_H

#include <stddef.h>
#include "run/sweep.h"
#include "util/error.h"

struct json_t;

typedef struct cm_sweep_doc {
    char *algorithm, *operation; /* of the first record */
    int repeat;                  /* settings.repeat; 0 when absent */
    cm_sweep_row *pts;           /* one per record */
    size_t n;
} cm_sweep_doc;

/* The rows of a sweep document's "records" (*n of them; caller frees).
 * NULL with err (CM_EXIT_ENVIRONMENT) when a record lacks a field the
 * crossover needs (and, when text, the text: the spread of an ok record)
 * or has it of the wrong type. A figure absent is NAN. */
cm_sweep_row *cm_sweep_rows_of_records(const struct json_t *records, int text, size_t *n,
                                       cm_error *err);

/* Reads the sweep document doc into *d. 0, or -1 with one line in err
 * (CM_EXIT_ENVIRONMENT): not a sweep document, a schema_version other than
 * 1, a record that lacks a field the crossover needs or has it of the
 * wrong type, no records (or a first without algorithm and operation); and
 * when text (for the text, sweep_out.h), no settings.repeat or an ok record
 * without its spread. Free with cm_sweep_doc_free() either way. */
int cm_sweep_doc_from_json(const struct json_t *doc, int text, cm_sweep_doc *d, cm_error *err);

void cm_sweep_doc_free(cm_sweep_doc *d);

#endif
