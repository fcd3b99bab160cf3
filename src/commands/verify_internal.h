/*
 * verify_internal.h — what the files of `cryptometer verify` share (not
 * for use outside src/commands/verify*.c; the interface is verify.h):
 *   verify.c           the command: options, the plan, a child per
 *                      implementation (child.h), the summary and exit code
 *   verify_coverage.c  what became of each vector file's cases
 *   verify_output.c    the lines printed and the --json document
 *   verify_view.c      what a COVERAGE entry says, from a vector file's record
 *   verify_doc_json.c  a verify document read back, for `show`
 *   verify_pairs.c     --pairs: the cross-check of every pair of
 *                      implementations, each algorithm made into its view
 *   verify_pairs_json.c  that view's document, written and read back
 *   verify_pairs_text.c  that view's text (verify --pairs and show)
 */
#ifndef CM_COMMANDS_VERIFY_INTERNAL_H
#define CM_COMMANDS_VERIFY_INTERNAL_H

#include <jansson.h>
#include "check/child.h"
#include "check/kat.h"
#include "commands/options.h"
#include "registry/plan.h"

/* One implementation to check and what became of it. */
typedef struct verify_target {
    const cm_group *g;
    const cm_algorithm *alg;   /* g->alg */
    char name[128];            /* "backend:variant/algorithm" */
    cm_check_result r;
} verify_target;

/* The run as a whole, for the summary and the document. */
typedef struct verify_run {
    const cm_options *o;
    verify_target *targets;
    size_t n;
    unsigned counts[CM_OUTCOME_COUNT];
    int complete;              /* not interrupted */
} verify_run;

/* What became of the cases of one vector file. */
typedef struct verify_file {
    char name[256];          /* as reports name it: "wycheproof/aes_gcm_test.json" or the path */
    char error[256];         /* why it could not be scanned ("" if it was) */
    cm_kat_file_info info;   /* info.gaps also gets the algorithms no implementation ran */
    unsigned run;            /* cases of the algorithms some implementation ran */
    unsigned not_applied;    /* the others: info.cases_left_out and those of the
                                algorithms no implementation ran */
    unsigned skipped;        /* cases skipped, summed over the implementations */
    int selected;            /* some target is of one of its algorithms */
} verify_file;

/* ---- verify_coverage.c ---- */

/* The files whose coverage is reported: the Wycheproof file (doc, already
 * scanned into *scan) or every built-in file that serves a target. Returns
 * their number, *out (caller frees) NULL when out of memory. */
size_t verify_collect_files(json_t *doc, const char *path, const cm_kat_file_info *scan,
                            const verify_run *run, verify_file **out);

/* 1 if alg is one of info's algorithms. */
int verify_file_has(const cm_kat_file_info *info, const cm_algorithm *alg);

/* 1 if some target of alg ran (was neither unavailable nor left out). */
int verify_alg_ran(const verify_run *run, const cm_algorithm *alg);

/* Number of the report's skipped cases that belong to file f (see
 * verify_coverage.c); *listed receives how many of them it lists. */
unsigned verify_skips_in(const verify_file *f, const cm_kat_report *r, unsigned *listed);

/* What a COVERAGE entry says of one vector file, as the document holds it:
 * built from a verify_file (verify_cov_of) or read back from a document
 * (verify_doc_json.c); the text and the JSON are rendered from it. Every
 * string and array is the view's own (verify_cov_free). */
typedef struct verify_cov_skips {
    char *impl;              /* the implementation that skipped cases */
    unsigned cases;          /* how many of this file's */
    char **listed;           /* the first of them, whole lines ("FILE tcId ...") */
    size_t n_listed;
} verify_cov_skips;

typedef struct verify_cov {
    char *file;
    char *error;             /* why it could not be scanned; NULL when it was */
    unsigned cases, not_applied, skipped;
    char **ran;              /* the algorithms some implementation ran */
    unsigned *ran_cases;     /* the cases of each */
    size_t n_ran;
    char **gap_why;          /* the reasons cases applied to nothing */
    unsigned *gap_cases;
    size_t n_gaps;
    verify_cov_skips *skips; /* by implementation, those with skipped cases */
    size_t n_skips;
} verify_cov;

/* ---- verify_view.c ---- */

/* The view of f in run into *c: 0, or -1 when out of memory (c freed). */
int verify_cov_of(const verify_file *f, const verify_run *run, verify_cov *c);

void verify_cov_free(verify_cov *c);

/* ---- verify_output.c ---- */

/* The name of each outcome in documents ("passed", "not-run", ...). */
extern const char *const verify_state_names[CM_OUTCOME_COUNT];

/* Prints the line of one implementation. */
void verify_print_target(const verify_target *t);

/* Prints what c says: one line, then one per reason cases applied to
 * nothing and one per implementation that skipped cases. */
void verify_print_coverage(const verify_cov *c);

/* Prints the line of a backend not built: its name, why, what to install. */
void verify_print_not_built(const char *name, const char *reason, const char *package);

/* Prints the summary line: passed and failed always, the other counts when
 * not 0 (one line in the usual case). */
void verify_print_summary(const unsigned *counts, size_t n_missing, int complete);

/* The outcome named name in documents (verify_state_names), or -1. */
int verify_state_of(const char *name);

/* With --json - (standard output), sends verify's text to standard error
 * until verify_write_json gives standard output back for the document. */
void verify_text_aside(const cm_options *o);

/* Writes a document just built (cm_write_json_built) to o->json_path,
 * standard output given back first where verify_text_aside took it. */
int verify_write_json(const cm_options *o, struct json_t *doc, int rc, cm_error *err);

/* Writes the "cryptometer-verify-v1" document of run with the coverage
 * covs[0..n_files) to o->json_path (cm_write_json). 0 or -1 with err. */
int verify_write_document(const verify_run *run, const verify_cov *covs, size_t n_files,
                          cm_error *err);

/* ---- verify_pairs.c ---- */

/* verify --pairs over the plan's groups[0..n): checks, prints, writes
 * --json and returns the exit code (errors printed as one line). */
int verify_pairs(const cm_options *o, const cm_group *groups, size_t n);

#endif
