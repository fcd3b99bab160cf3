/*
 * report_table.h — the pieces of run's text table (report.c) that both of
 * its layouts print: the wide one (cm_print_table, output.h) and the
 * narrow one of report_narrow.h. The rules (which record is the fastest,
 * what a KAT word or a status word says, the rows in order) live in
 * report.c only; these are their entry points.
 */
#ifndef CM_RECORDS_REPORT_TABLE_H
#define CM_RECORDS_REPORT_TABLE_H

#include <stdio.h>
#include "records/record.h"

struct json_t;

/* The CPU model line, the clusters' clocks and the INTERRUPTED line. */
void cm_table_preamble(FILE *out, struct json_t *doc);

/* The legend of the marks (* and ~) and of the KAT column. */
void cm_table_legend(FILE *out);

/* The line that says what the bound column holds. */
void cm_table_bound_note(FILE *out);

/* What follows the table: the scaling lines, the "Not measured" notes, the
 * emulation line, the AES score lines and the health flags. */
void cm_table_after(FILE *out, const cm_record *recs, size_t n, struct json_t *doc);

/* The settings' sizes (the columns of the per-byte blocks, at most
 * CM_MAX_SIZES) into sizes, and whether the run was per cluster; the count. */
size_t cm_table_sizes(struct json_t *doc, size_t *sizes, int *per_cluster);

/* The word of a cell with no figure ("n/a", "FAILED-KAT", ...). */
const char *cm_table_status_word(cm_record_status s);

/* The KAT column's word of r ("pass", "vec!", "FAIL", ...). */
const char *cm_table_kat_word(const cm_record *r);

/* "~" on a figure whose CI was not reached or that the overhead dominates. */
const char *cm_table_weak_mark(const cm_figures *f);

/* "*" on the fastest measured record of its operation at its size. */
const char *cm_table_fastest_mark(const cm_record *recs, size_t n, const cm_record *r);

/* The record of first's row at size (any size for one without), or NULL. */
const cm_record *cm_table_row_record(const cm_record *recs, size_t n, const cm_record *first,
                                     size_t size);

/* The first record of each row (per-operation rows when per_operation,
 * else per-byte rows), ordered by algorithm, operation, cluster and name:
 * *count of them in a malloc'ed array (NULL when out of memory). */
const cm_record **cm_table_rows(const cm_record *recs, size_t n, int per_operation, size_t *count);

/* 1 when some record has an instruction bound (the bound column). */
int cm_table_has_bound(const cm_record *recs, size_t n);

/* 1 if some record's figures are in unit. */
int cm_table_has_unit(const cm_record *recs, size_t n, cm_unit unit);

#endif
