/*
 * answers_fastest.c — the fastest answer (answers.h): per operation
 * measured, the fastest implementation at the headline size (16 KiB for
 * classes timed per byte, or the largest size measured below it; ops/s for
 * classes timed per operation), the runner-up, and the margin between them
 * with its 95% interval: the winner's interval against the runner-up's
 * (each the median's order-statistics interval, util/stats.h). Where the
 * two intervals overlap there is no clear winner.
 */
#include <stdio.h>
#include <string.h>
#include "records/answers.h"

#define HEADLINE_SIZE 16384

/* 1 when r is of the operation of k. */
static int same_op(const cm_record *r, const cm_record *k)
{
    return r->alg == k->alg && r->op == k->op;
}

/* 1 when an earlier record is of the same operation as recs[k]. */
static int op_seen(const cm_record *recs, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (same_op(&recs[i], &recs[k]) && cm_answers_figure(&recs[i], &(double){0},
                                                             &(double){0}, &(double){0}))
            return 1;
    return 0;
}

/* The headline size of the operation of k: 0 for per-operation figures,
 * else 16 KiB, or the largest measured size below it, or the smallest. */
static size_t headline_size(const cm_record *recs, size_t n, const cm_record *k)
{
    if (k->unit == CM_UNIT_OP)
        return 0;
    size_t below = 0, above = 0;
    double v, lo, hi;
    for (size_t i = 0; i < n; i++) {
        const cm_record *r = &recs[i];
        if (!same_op(r, k) || !cm_answers_figure(r, &v, &lo, &hi))
            continue;
        if (r->size <= HEADLINE_SIZE && r->size > below)
            below = r->size;
        if (r->size > HEADLINE_SIZE && (!above || r->size < above))
            above = r->size;
    }
    return below ? below : above;
}

typedef struct entrant {
    const cm_record *r;
    double v, lo, hi;
} entrant;

/* The fastest record of the operation of k at size whose implementation
 * is not named but (NULL: any). 1 when there is one. */
static int best_but(const cm_record *recs, size_t n, const cm_record *k, size_t size,
                    const char *but, entrant *best)
{
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        entrant e = {&recs[i], 0, 0, 0};
        char name[CM_ANSWER_NAME];
        if (!same_op(e.r, k) || e.r->size != size || !cm_answers_figure(e.r, &e.v, &e.lo, &e.hi))
            continue;
        cm_answers_impl_name(e.r, name, sizeof name);
        if (but && strcmp(name, but) == 0)
            continue;
        if (!found || e.v > best->v)
            *best = e;
        found = 1;
    }
    return found;
}

/* The best two implementations of the operation of k at size: how many. */
static int best_two(const cm_record *recs, size_t n, const cm_record *k, size_t size,
                    entrant *first, entrant *second)
{
    char name[CM_ANSWER_NAME];
    if (!best_but(recs, n, k, size, NULL, first))
        return 0;
    cm_answers_impl_name(first->r, name, sizeof name);
    return 1 + best_but(recs, n, k, size, name, second);
}

static void fill(cm_answer_fastest *f, const cm_record *k, size_t size, const entrant *w,
                 const entrant *ru, int n)
{
    snprintf(f->operation, sizeof f->operation, "%s/%s", k->alg->name, cm_op_name(k->op));
    f->size = size;
    snprintf(f->unit, sizeof f->unit, "%s", size ? "MB/s" : "ops/s");
    cm_answers_impl_name(w->r, f->winner, sizeof f->winner);
    f->winner_value = w->v;
    char at[32] = "";
    if (size)
        snprintf(at, sizeof at, " at %zu %s", size >= 1024 ? size / 1024 : size,
                 size >= 1024 ? "KiB" : "B");
    char text[CM_ANSWER_TEXT]; /* built apart from f: its fields are arguments */
    if (n < 2) {
        snprintf(text, sizeof text, "%s%s: only %s measured (%.4g %s).", f->operation, at,
                 f->winner, w->v, f->unit);
        memcpy(f->text, text, sizeof text);
        return;
    }
    cm_answers_impl_name(ru->r, f->runner_up, sizeof f->runner_up);
    f->runner_up_value = ru->v;
    f->margin = w->v / ru->v;
    f->margin_lo = w->lo / ru->hi;
    f->margin_hi = w->hi / ru->lo;
    f->clear = f->margin_lo > 1.0;
    snprintf(text, sizeof text, "%s%s: %s%s %.4g %s, %.2fx (95%% CI %.2f-%.2f) over %s.",
             f->operation, at, f->clear ? "" : "no clear winner: ", f->winner, w->v, f->unit,
             f->margin, f->margin_lo, f->margin_hi, f->runner_up);
    memcpy(f->text, text, sizeof text);
}

void cm_answers_fastest(const cm_answers_input *in, cm_answers *a)
{
    double v, lo, hi;
    for (size_t k = 0; k < in->n && a->n_fastest < CM_ANSWER_MAX_FASTEST; k++) {
        const cm_record *r = &in->recs[k];
        if (!cm_answers_figure(r, &v, &lo, &hi) || op_seen(in->recs, k))
            continue;
        size_t size = headline_size(in->recs, in->n, r);
        entrant w = {0}, ru = {0};
        int n = best_two(in->recs, in->n, r, size, &w, &ru);
        if (n > 0)
            fill(&a->fastest[a->n_fastest++], r, size, &w, &ru, n);
    }
}
