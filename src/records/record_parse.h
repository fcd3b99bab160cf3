/*
 * record_parse.h — a result record (docs/result-format.md) back into a
 * cm_record (record_parse.c): the inverse of cm_record_json, so that a
 * saved document is shown by the views that printed it.
 */
#ifndef CM_RECORDS_RECORD_PARSE_H
#define CM_RECORDS_RECORD_PARSE_H

#include <stddef.h>
#include "records/record.h"

struct json_t;

/* Fills r from the record object o. r's backend, variant and served_by
 * point into o, which must outlive r; the samples are r's own (free them
 * with cm_measurement_free, or through a cm_record_set). 0, or -1 with why
 * (not an object, a field missing, an algorithm this build does not know);
 * r then holds nothing to free. */
int cm_record_from_json(const struct json_t *o, cm_record *r, char *why, size_t why_len);

#endif
