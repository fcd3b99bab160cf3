/*
 * verify_pairs_text.c — the text of a `verify --pairs` result
 * (verify_pairs_view.h), the one renderer of `verify --pairs` and of
 * `show`: per algorithm a counts line, the matrix of the implementations
 * that ran in this process (rows numbered and named, columns numbered,
 * cut into blocks of columns that fit 100 columns, a legend of the cells
 * shown), a line per pair that did not pass, the helpers, the odd one out
 * and the unavailable implementations; then the totals. Every line is
 * wrapped to 100 columns (util/text.h).
 */
#include <stdlib.h>
#include <string.h>
#include "commands/verify.h"
#include "commands/verify_pairs_view.h"
#include "util/text.h"

/* A cell of the matrix (at most 4 characters), a pair's line label, and
 * what the cell means (the legend), by state. */
static const char *const cells[VP_STATES] = {"nrun", "ok", "FAIL", "crsh", "t/o",
                                             "err", "n/a", "knwn", "help"};
static const char *const labels[VP_STATES] = {"notrun", "ok", "FAIL", "crashed", "timeout",
                                              "error", "n/a", "known", "helper"};
static const char *const meanings[VP_STATES] = {
    "not run (interrupted)", "passed", "they disagree", "crashed", "timed out", "error",
    "unavailable (a backend could not start in the child)", "known finding",
    "not checked (helper)"};

#define NAME_MAX_COLS 28 /* the widest name a row shows (cut past it) */
#define CELL_COLS 5

/* See verify_pairs_view.h. */
void vp_alg_count(const vp_alg *pa, unsigned *counts)
{
    for (size_t k = 0; k < pa->n_pairs; k++)
        counts[pa->pairs[k].state]++;
}

/* The counts line after "PAIRS alg (class): " or "verify --pairs: ". */
static void counts_tail(FILE *out, const unsigned *c, size_t n_pairs, double seconds, int done)
{
    fprintf(out, "%zu pairs: %u ok, %u FAIL, %u crashed, %u timed out, %u errors, "
            "%u unavailable, %u not checked (helper) in %.1f s%s\n", n_pairs,
            c[CM_OUTCOME_PASSED], c[CM_OUTCOME_FAILED], c[CM_OUTCOME_CRASHED],
            c[CM_OUTCOME_TIMEOUT], c[CM_OUTCOME_ERROR], c[CM_OUTCOME_UNAVAILABLE], c[VP_HELPER],
            seconds, done ? "" : " (interrupted)");
}

/* 1 if implementation i of pa runs in a helper (out of the matrix). */
static int is_helper(const vp_alg *pa, size_t i)
{
    for (size_t h = 0; h < pa->n_helpers; h++)
        if (strcmp(pa->helpers[h].name, pa->impls[i]) == 0)
            return 1;
    return 0;
}

/* The state of each ordered pair (i, j) of pa into st[i * n + j], -1
 * where the document has none; the matrix's members into rows; their
 * number. */
static size_t matrix_of(const vp_alg *pa, int *st, size_t *rows)
{
    size_t m = 0;
    for (size_t k = 0; k < pa->n * pa->n; k++)
        st[k] = -1;
    for (size_t k = 0; k < pa->n_pairs; k++) {
        const vp_pair *p = &pa->pairs[k];
        st[p->a * pa->n + p->b] = st[p->b * pa->n + p->a] = p->state;
    }
    for (size_t i = 0; i < pa->n; i++)
        if (!is_helper(pa, i))
            rows[m++] = i;
    return m;
}

/* Prints the matrix of rows[0..m) in blocks of columns, then its legend. */
static void print_blocks(FILE *out, const vp_alg *pa, const int *st, const size_t *rows, size_t m)
{
    size_t w = 4, per;
    int seen[VP_STATES] = {0};
    for (size_t r = 0; r < m; r++)
        if (strlen(pa->impls[rows[r]]) > w)
            w = strlen(pa->impls[rows[r]]);
    w = w > NAME_MAX_COLS ? NAME_MAX_COLS : w;
    per = (CM_TEXT_COLUMNS - 5 - w) / CELL_COLS;
    for (size_t c0 = 0; c0 < m; c0 += per) {
        size_t c1 = c0 + per < m ? c0 + per : m;
        fprintf(out, "  %*s", (int)(w + 3), "");
        for (size_t c = c0; c < c1; c++)
            fprintf(out, "%*zu", CELL_COLS, c + 1);
        fprintf(out, "\n");
        for (size_t r = 0; r < m; r++) {
            fprintf(out, "  %2zu %-*.*s", r + 1, (int)w, (int)w, pa->impls[rows[r]]);
            for (size_t c = c0; c < c1; c++) {
                int s = r == c ? -2 : st[rows[r] * pa->n + rows[c]];
                seen[s >= 0 ? s : 0] |= s >= 0;
                fprintf(out, "%*s", CELL_COLS, s == -2 ? "-" : s < 0 ? "?" : cells[s]);
            }
            fprintf(out, "\n");
        }
    }
    fprintf(out, "  cells: - itself");
    for (int s = 0; s < VP_STATES; s++)
        if (seen[s])
            fprintf(out, ", %s %s", cells[s], meanings[s]);
    fprintf(out, "\n");
}

/* The lines under the matrix: the pairs that did not pass, the helpers,
 * the odd ones out. */
static void print_findings(FILE *out, const vp_alg *pa)
{
    for (size_t k = 0; k < pa->n_pairs; k++) {
        const vp_pair *p = &pa->pairs[k];
        if (p->state == CM_OUTCOME_PASSED || p->state == VP_HELPER)
            continue;
        fprintf(out, "  %-7s  %s: %s and %s: %s\n", labels[p->state], pa->name, pa->impls[p->a],
                pa->impls[p->b], p->detail);
    }
    for (size_t h = 0; h < pa->n_helpers; h++)
        fprintf(out, "  %-7s  %s runs in %s: its pairs are not checked (verify checks it "
                "against its one peer)\n", labels[VP_HELPER], pa->helpers[h].name, pa->helpers[h].why);
    for (size_t i = 0; i < pa->n_odd; i++)
        fprintf(out, "  FINDING about %s: it disagrees with every other implementation of %s, "
                "which agree among themselves\n", pa->odd[i], pa->name);
}

/* vp_print_alg's lines, unwrapped. */
static void alg_lines(FILE *out, const vp_alg *pa)
{
    unsigned c[VP_STATES] = {0};
    vp_alg_count(pa, c);
    fprintf(out, "PAIRS %s (%s): %zu implementations, ", pa->name, pa->cls, pa->n);
    counts_tail(out, c, pa->n_pairs, pa->seconds, !c[CM_OUTCOME_NOT_RUN]);
    int *st = calloc(pa->n * pa->n + 1, sizeof *st);
    size_t *rows = calloc(pa->n + 1, sizeof *rows), m = 0;
    if (pa->n < 2)
        fprintf(out, "  %s%s available here: no pair to check\n",
                pa->n ? "only " : "no implementation", pa->n ? pa->impls[0] : "");
    else if (!st || !rows)
        fprintf(out, "  (the matrix is left out: out of memory)\n");
    else if ((m = matrix_of(pa, st, rows)) >= 2)
        print_blocks(out, pa, st, rows, m);
    else
        fprintf(out, "  no matrix: fewer than two implementations run in this process\n");
    free(st);
    free(rows);
    print_findings(out, pa);
    for (size_t i = 0; i < pa->n_unavailable; i++)
        fprintf(out, "  not in the matrix: %s is unavailable here (%s)\n",
                pa->unavailable[i].name, pa->unavailable[i].why);
    if (!pa->have_asides)
        fprintf(out, "  (an older document: it does not list the helpers and the implementations "
                "unavailable here)\n");
}

/* See verify_pairs_view.h. */
void vp_print_alg(FILE *out, const vp_alg *pa, int quiet)
{
    unsigned c[VP_STATES] = {0};
    vp_alg_count(pa, c);
    if (quiet && !c[CM_OUTCOME_FAILED] && !c[CM_OUTCOME_CRASHED] && !c[CM_OUTCOME_TIMEOUT] &&
        !c[CM_OUTCOME_ERROR] && !c[CM_OUTCOME_NOT_RUN])
        return;
    cm_text_gathered g;
    alg_lines(cm_text_gather(&g, out), pa);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}

/* See verify_pairs_view.h. */
void vp_print_totals(FILE *out, const vp_result *r)
{
    unsigned c[VP_STATES] = {0};
    size_t n_pairs = 0;
    for (size_t i = 0; i < r->n; i++) {
        vp_alg_count(&r->algs[i], c);
        n_pairs += r->algs[i].n_pairs;
    }
    cm_text_gathered g;
    FILE *o = cm_text_gather(&g, out);
    fprintf(o, "verify --pairs: %zu algorithms, ", r->n);
    counts_tail(o, c, n_pairs, r->seconds, r->complete);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}

/* See verify.h. */
int cm_verify_pairs_show(const json_t *doc, cm_error *err)
{
    vp_result r;
    if (vp_result_from_json(doc, &r, err) != 0)
        return -1;
    for (size_t i = 0; i < r.n; i++)
        vp_print_alg(stdout, &r.algs[i], 0);
    vp_print_totals(stdout, &r);
    vp_result_free(&r);
    return 0;
}
