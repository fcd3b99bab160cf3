/*
 * output.h — the result document and the views of the typed records
 * (record.h): the JSON record of the document's "results" (see
 * docs/result-format.md and docs/result.schema.json), the CSV and the text
 * table, each rendered from the same cm_record array. Files are written
 * atomically: a temporary file in the same directory, then rename.
 */
#ifndef CM_RECORDS_OUTPUT_H
#define CM_RECORDS_OUTPUT_H

#include <stdio.h>
#include "util/error.h"
#include "records/record.h"

struct json_t;

#define CM_SCHEMA_VERSION 2

/* A new document with the tool, the command line and an empty results
 * array; the caller fills "context", "settings" and, from the records,
 * "results" (cm_records_json). */
struct json_t *cm_document_new(int argc, char **argv);

/* Context facts the core knows itself: host, OS, compiler and flags,
 * timers and the cycle counter, the libraries of every backend (versions,
 * or the reason one is missing). */
struct json_t *cm_core_context(void);

/* The one writing policy (docs/security.md, "C side"). Fails (-1, err:
 * usage) when path cannot or must not be written: it is empty, a
 * directory or another non-regular file (a symlink, device, FIFO or
 * socket, which the atomic rename would replace), the same file (device
 * and inode) as one of inputs[0..n_inputs) (NULL entries skipped), an
 * existing read-only file and force is 0, its directory is missing, or
 * the temporary file the atomic write will use cannot be created there
 * (tried, then removed). An interrupted commit of path is finished first
 * (cm_outputs_recover). */
int cm_output_check(const char *path, const char *const *inputs, size_t n_inputs, int force,
                    cm_error *err); /* "-" passes: standard output */

/* 1 if paths a and b name the same file (their directories resolved), so
 * that two outputs do not overwrite each other. */
int cm_same_path(const char *a, const char *b);

/* A file to write: its path and its whole text. */
typedef struct cm_output {
    const char *path;
    const char *text;
    size_t len;
} cm_output;

/* Writes every output atomically and together (write_commit.c): each text
 * goes to a temporary file beside its path (flushed to disk); only when all
 * are written is a commit journal (outs[0].path + ".commit") written, then
 * the temporaries are renamed over their paths and the journal removed. A
 * kill after the journal is rolled forward by the next cm_output_check or
 * cm_write_outputs of outs[0].path, so the set is either all old or all new.
 * A replaced file keeps its mode; temporary files of earlier writes whose
 * process is gone (path.tmp.PID) are removed first. When an output cannot
 * be written, no path is touched, the outputs written before it are kept
 * as path.kept.PID (named in err) and -1 is returned with err set
 * (CM_EXIT_ENVIRONMENT). An output whose path is "-" (cm_is_stdout) is
 * written to standard output instead, after the files. */
int cm_write_outputs(const cm_output *outs, size_t n, cm_error *err);

/* 1 when path is "-": standard output, for every command that writes a
 * document or CSV (docs/cli.md). */
int cm_is_stdout(const char *path);

/* Finishes the commit of an earlier cm_write_outputs whose first output was
 * path and that was interrupted after its journal was written (see
 * write_commit.c); does nothing when there is no journal. */
void cm_outputs_recover(const char *path);

/* Writes text to path atomically (cm_write_outputs of one). */
int cm_write_atomic(const char *path, const char *text, size_t len, cm_error *err);

/* The document as pretty JSON text (malloc'ed, NULL if out of memory). */
char *cm_json_text(struct json_t *doc, size_t *len);

/* One record as the JSON record of the schema (every jansson call checked:
 * NULL only when out of memory). */
struct json_t *cm_record_json(const cm_record *r);

/* recs[0..n) as the JSON array "results" (NULL when out of memory). */
struct json_t *cm_records_json(const cm_record *recs, size_t n);

/* recs[0..n) as a JSON array of view(record) (NULL when out of memory):
 * cm_records_json with cm_record_json, files' records with theirs. */
struct json_t *cm_records_json_as(const cm_record *recs, size_t n,
                                  struct json_t *(*view)(const cm_record *));

/* recs[0..n) as CSV text, one row per record, fixed columns (malloc'ed,
 * NULL if out of memory). */
char *cm_csv_text(const cm_record *recs, size_t n, size_t *len);

/* The document as JSON, or records as CSV, written atomically. */
int cm_write_json(const char *path, struct json_t *doc, cm_error *err);
/* Writes a document just built with rc the OR of its building calls
 * (util/json.h): a failed build is "out of memory" and writes nothing.
 * Takes doc (NULL allowed) and releases it either way. */
int cm_write_json_built(const char *path, struct json_t *doc, int rc, cm_error *err);
int cm_write_csv(const char *path, const cm_record *recs, size_t n, cm_error *err);
/* A command's document on stdout (--json): indented, in its keys' order,
 * a newline after it. 0, or -1 with err (CM_EXIT_ENVIRONMENT) when doc is
 * NULL (out of memory) or cannot be written. */
int cm_print_json(struct json_t *doc, cm_error *err);

/* The openssl-speed-like table of recs[0..n): MB/s, then cycles per byte
 * with the spread, then figures per operation, then the notes (failures,
 * unavailable, flags). The lines that are not records (CPU model, the
 * clusters' clocks, libraries not built, AES scores, health) come from
 * doc's settings, context and analysis. */
void cm_print_table(FILE *out, const cm_record *recs, size_t n, struct json_t *doc);

/* "2026-11-21T00:02:43Z" for now. */
void cm_utc_now(char *buf, size_t len);

#endif
