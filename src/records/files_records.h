/*
 * files_records.h — the records of `cryptometer files` (files_records.c):
 * typed cm_records (record.h), one per timed step on a whole file (ours,
 * or a system tool beside it), with their measurement made from the step's
 * repetitions (util/stats.h), and their views: the record of the
 * `cryptometer-files-v1` document (docs/cli.md, "files") and the progress
 * line. The CSV view is run's (cm_csv_text); the writer is run's
 * (cm_write_outputs).
 */
#ifndef CM_RECORDS_FILES_RECORDS_H
#define CM_RECORDS_FILES_RECORDS_H

#include <stdio.h>
#include "records/record.h"

struct json_t;

/* A record of the step (path, alg, op) on a file of size bytes at the page
 * cache state cache ("warm", "cold"): path is ours ("openssl:evp": backend
 * and variant) or a tool ("sha256sum": variant ""); status unavailable with
 * reason, or error until it is measured; it never ran (resident NAN). The
 * strings are kept by pointer and must outlive the record. */
void cm_files_record_init(cm_record *r, const char *backend, const char *variant,
                          const cm_algorithm *alg, cm_op op, size_t size, const char *cache,
                          const char *reason);

/* Makes r ok with the measurement of its n repetitions (seconds[0..n), in
 * the order taken): samples in ns per step, their statistics (the median is
 * the figure), no loop overhead; the CPU time of the n repetitions (user_s,
 * sys_s: the process's and its tools') per step. 0, or -1 with err (out of
 * memory: r keeps its status). */
int cm_files_record_measured(cm_record *r, const double *seconds, int n, double user_s,
                             double sys_s, cm_error *err);

/* The record's "path": backend, and ":variant" when it has one. */
void cm_files_record_path(const cm_record *r, char *buf, size_t len);

/* recs[0..n) as the "records" array of the files document (NULL when out
 * of memory). */
struct json_t *cm_files_records_json(const cm_record *recs, size_t n);

/* The progress line of r: path, algorithm, operation, size, cache, then
 * the figure, or why not. */
void cm_files_record_line(FILE *out, const cm_record *r);

#endif
