/*
 * report_narrow.h — the layouts of run's and show's terminal table
 * (docs/cli.md, "The table"): the narrow default, every line at most 100
 * columns; today's wide layout (--wide, cm_print_table of output.h); and
 * the narrow tables as GitHub Markdown (show --markdown).
 */
#ifndef CM_RECORDS_REPORT_NARROW_H
#define CM_RECORDS_REPORT_NARROW_H

#include <stdio.h>
#include "records/record.h"
#include "util/text.h" /* CM_TEXT_COLUMNS: the widest line */

struct json_t;


typedef enum cm_table_layout {
    CM_TABLE_NARROW,
    CM_TABLE_WIDE,
    CM_TABLE_MARKDOWN
} cm_table_layout;

/* recs[0..n) of the result document doc in the layout. */
void cm_print_table_layout(FILE *out, const cm_record *recs, size_t n, struct json_t *doc,
                           cm_table_layout layout);

#endif
