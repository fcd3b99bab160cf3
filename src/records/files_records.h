/*
 * files_records.h — the records of `cryptometer files` (files_records.c):
 * typed cm_records (record.h), one per timed step on a whole file (ours,
 * or a system tool beside it), with their measurement made from the step's
 * repetitions (util/stats.h), and their views: the record of the
 * `cryptometer-files-v1` document (docs/cli.md, "files"), written and read
 * back in files_records_json.c, and the progress line, which `show` prints
 * from the document. The CSV view is run's (cm_csv_text); the writer is run's
 * (cm_write_outputs).
 */
#ifndef CM_RECORDS_FILES_RECORDS_H
#define CM_RECORDS_FILES_RECORDS_H

#include <stdio.h>
#include "records/record.h"
#include "util/error.h"

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

/* A record's progress line as the document holds it (its figure rounded
 * as written: cm_json_real_as_written), what `files` prints as it goes and
 * `show` prints from the document. */
typedef struct cm_files_line {
    char path[160], algorithm[64], operation[16], cache[8];
    size_t size;            /* the file's bytes */
    char status[24];        /* cm_record_status_name() */
    char reason[512];       /* why not ok */
    double mb_s;            /* ok: the median's throughput */
    size_t n_samples;       /* ok: the repetitions */
} cm_files_line;

/* The line of r into *l. */
void cm_files_line_of(const cm_record *r, cm_files_line *l);

/* Prints l: path, algorithm, operation, size, cache, then the figure, or
 * why not; at most CM_TEXT_COLUMNS (util/text.h) a line, wrapped. */
void cm_files_line_print(FILE *out, const cm_files_line *l);

/* The progress line of r (cm_files_line_of, then cm_files_line_print). */
void cm_files_record_line(FILE *out, const cm_record *r);

/* A files document read back (files_records_json.c): its lines, in order,
 * and its cold note (NULL when none). */
typedef struct cm_files_doc {
    cm_files_line *lines;
    size_t n;
    char *cold_note;
} cm_files_doc;

/* Reads the files document doc into *d: 0, or -1 with err
 * (CM_EXIT_ENVIRONMENT) naming the field missing or of the wrong type.
 * Free with cm_files_doc_free() either way. */
int cm_files_doc_from_json(const struct json_t *doc, cm_files_doc *d, cm_error *err);

void cm_files_doc_free(cm_files_doc *d);

#endif
