/*
 * verify_pairs_view.h — the one typed form of a `verify --pairs` result
 * (not for use outside src/commands/verify*.c): filled by verify --pairs
 * from its run (verify_pairs.c), written to and read back from the
 * "cryptometer-verify-pairs-v1" document (verify_pairs_json.c), and
 * printed by the one text renderer (verify_pairs_text.c) that both
 * `verify --pairs` and `show` use. Every string is the view's own
 * (vp_result_free).
 */
#ifndef CM_COMMANDS_VERIFY_PAIRS_VIEW_H
#define CM_COMMANDS_VERIFY_PAIRS_VIEW_H

#include <stdio.h>
#include <jansson.h>
#include "check/child.h"
#include "util/error.h"

/* A pair's state: a child's outcome (cm_outcome), or a helper's (not checked). */
#define VP_HELPER CM_OUTCOME_COUNT
#define VP_STATES (CM_OUTCOME_COUNT + 1)

/* One unordered pair: indices into its algorithm's implementations. */
typedef struct vp_pair {
    size_t a, b;
    int state;               /* cm_outcome, or VP_HELPER */
    char *detail;            /* the cross-check's detail or the child's reason */
    char *where;             /* the last step the child reported; NULL when none or passed */
} vp_pair;

/* An implementation outside the matrix and why: unavailable (the reason)
 * or run by a helper (where it runs). */
typedef struct vp_aside {
    char *name, *why;
} vp_aside;

/* One algorithm. */
typedef struct vp_alg {
    char *name, *cls;
    char **impls;            /* the available implementations, "backend:variant" */
    size_t n;
    vp_pair *pairs;          /* (0,1), (0,2), ..., (1,2), ... */
    size_t n_pairs;
    vp_aside *unavailable, *helpers;
    size_t n_unavailable, n_helpers;
    int have_asides;         /* 0: a document older than these lists (show says so) */
    char **odd;              /* the implementations that disagree with every other */
    size_t n_odd;
    double seconds;
} vp_alg;

/* The whole result. */
typedef struct vp_result {
    vp_alg *algs;
    size_t n;
    int complete;            /* not interrupted */
    double seconds;
    char *filter;            /* --filter, NULL when none */
    double timeout_s;
} vp_result;

/* ---- verify_pairs_json.c ---- */

/* The name of each state in documents ("passed", ..., "not-checked"), and
 * the state of a name (-1 when none). */
const char *vp_state_name(int state);
int vp_state_of(const char *name);

void vp_result_free(vp_result *r);

/* r as a "cryptometer-verify-pairs-v1" document; NULL when out of memory. */
json_t *vp_result_json(const vp_result *r);

/* The document doc into *r: 0, or -1 with err (CM_EXIT_ENVIRONMENT) naming
 * the field missing or of the wrong type (r freed). */
int vp_result_from_json(const json_t *doc, vp_result *r, cm_error *err);

/* ---- verify_pairs_text.c ---- */

/* pa's counts by state into counts[VP_STATES] (added to what is there). */
void vp_alg_count(const vp_alg *pa, unsigned *counts);

/* Prints pa as verify --pairs does: the counts line, the matrix, the
 * pairs that did not pass, the helpers, the odd one out and the
 * implementations unavailable (quiet: only when some pair did not pass),
 * every line within 100 columns. */
void vp_print_alg(FILE *out, const vp_alg *pa, int quiet);

/* Prints the last line: the totals of r. */
void vp_print_totals(FILE *out, const vp_result *r);

#endif
