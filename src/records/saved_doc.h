/*
 * saved_doc.h — a document read back from a file, as `show` needs it:
 * which kind it is (its "schema", "format", "kind" or "detect_version") and, for a
 * result document, its records. saved_doc_json.c is the one file that
 * reads these from the document.
 */
#ifndef CM_RECORDS_SAVED_DOC_H
#define CM_RECORDS_SAVED_DOC_H

#include <stddef.h>
#include "records/record.h"
#include "util/error.h"

struct json_t;

/* What names a document's kind; the strings are the document's. */
typedef struct cm_doc_kind {
    const char *schema;   /* "cryptometer-result", "cryptometer-probe" ... or NULL */
    const char *format;   /* an import's or another tool's format, or NULL */
    int detect;           /* it has a "detect_version" */
    const char *kind;     /* its "kind": "dmcrypt", ... or NULL */
} cm_doc_kind;

/* The kind of doc (an object). */
cm_doc_kind cm_doc_kind_of(const struct json_t *doc);

/* The records of the result document doc into set (initialised here;
 * free it with cm_record_set_free either way); those this build cannot
 * show (an algorithm it does not know) are counted in *left_out and the
 * first reason kept in why. The records point into doc, which must outlive
 * them. 0, or -1 with err (no "results" array, out of memory). */
int cm_doc_records(const struct json_t *doc, cm_record_set *set, size_t *left_out, char *why, size_t why_len,
                   cm_error *err);

#endif
