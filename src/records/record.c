/*
 * record.c — see record.h: status and flag names, the derived figures of a
 * record (the one place they are computed), the record set.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "records/record.h"
#include "util/stats.h"

const char *cm_record_status_name(cm_record_status s)
{
    static const char *const names[] = {"ok",    "failed-kat",  "crashed", "timeout",
                                        "error", "unavailable", "skipped", "known-finding"};
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "error";
}

int cm_record_measured(const cm_record *r)
{
    return r->status == CM_RECORD_OK ||
           (r->status == CM_RECORD_KNOWN_FINDING && r->m.n_samples > 0);
}

const char *cm_record_flag_name(int i)
{
    static const char *const names[CM_FLAG_COUNT] = {
        "ci-not-reached", "overhead-dominated", "outliers", "gc-pauses",
        "below-bound:clock-read-low", "below-bound:path-unknown", "below-bound:bound-model-incomplete",
        "clock-unsteady", "not-reproducible"};
    return i >= 0 && i < CM_FLAG_COUNT ? names[i] : "";
}

void cm_record_init(cm_record *r, const char *backend, const char *variant,
                    const cm_algorithm *alg, cm_op op, size_t size,
                    cm_record_status status, const char *reason)
{
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s:%s/%s/%s", backend, variant, alg->name, cm_op_name(op));
    r->backend = backend;
    r->variant = variant;
    r->alg = alg;
    r->op = op;
    const cm_class_module *mod = cm_class_module_of(alg->cls);
    r->unit = mod ? mod->unit : CM_UNIT_BYTE;
    r->size = size;
    r->threads = 1;
    r->cluster = -1;
    r->status = status;
    snprintf(r->reason, sizeof r->reason, "%s", reason ? reason : "");
    cm_kat_report_init(&r->kat);
}

double cm_record_clock_spread(const cm_record_clock *c)
{
    const cm_clock_reading *v[2] = {&c->before, &c->after};
    double lo = 0, hi = 0;
    for (int i = 0; i < 2; i++) {
        if (!v[i]->present || !v[i]->supported)
            continue;
        double kinds[2] = {v[i]->mhz, v[i]->mhz_check};
        for (int k = 0; k < 2; k++)
            if (kinds[k] > 0) {
                lo = lo > 0 && lo < kinds[k] ? lo : kinds[k];
                hi = hi > kinds[k] ? hi : kinds[k];
            }
    }
    return hi > 0 ? (hi - lo) / hi : 0;
}

int cm_record_clock_unsteady(const cm_record_clock *c)
{
    return cm_record_clock_spread(c) > CM_CLOCK_STEADY;
}

/* The clock's relative uncertainty: half the spread of its checks. */
static double clock_rel(const cm_record_clock *c)
{
    return cm_record_clock_spread(c) / 2;
}

void cm_record_set_clock(cm_record *r, const cm_clock_reading *before,
                         const cm_clock_reading *after)
{
    r->clock.before = *before;
    r->clock.after = *after;
    double sum = 0;
    int n = 0;
    if (before->present && before->supported)
        sum += before->mhz, n++;
    if (after->present && after->supported)
        sum += after->mhz, n++;
    r->clock.mhz_used = n ? sum / n : 0;
}

void cm_record_figures(const cm_record *r, cm_figures *f)
{
    memset(f, 0, sizeof *f);
    if (!cm_record_measured(r))
        return;
    const cm_measurement *m = &r->m;
    f->flags = (m->ci_reached ? 0u : CM_FLAG_CI_NOT_REACHED) |
               (m->too_fast ? CM_FLAG_OVERHEAD_DOMINATED : 0u) |
               (m->stats.n_outliers ? CM_FLAG_OUTLIERS : 0u) |
               (m->gc_collections ? CM_FLAG_GC_PAUSES : 0u);
    double med = m->stats.median;
    if (!(med > 0))
        return;
    f->has_op = 1;
    f->ops_per_s = 1e9 / med;
    f->us_per_op = med / 1e3;
    f->has_byte = r->unit == CM_UNIT_BYTE && r->size > 0;
    if (f->has_byte) {
        f->throughput_mb_s = (double)r->size / med * 1e3;
        f->ns_per_byte = med / (double)r->size;
    }
    f->has_score = r->reference_ns > 0;
    f->score = f->has_score ? med / r->reference_ns : 0;
    f->has_cycles = r->clock.mhz_used > 0;
    if (f->has_cycles) {
        f->cycles_per_op = med * r->clock.mhz_used / 1000.0;
        f->cycles_rel_uncertainty = m->stats.ci_rel + clock_rel(&r->clock);
        if (cm_record_clock_unsteady(&r->clock))
            f->flags |= CM_FLAG_CLOCK_UNSTEADY;
        f->has_cycles_byte = f->has_byte;
        f->cycles_per_byte = f->has_byte ? f->cycles_per_op / (double)r->size : 0;
    }
    if (cm_record_rounds_spread(r) > CM_ROUNDS_AGREE)
        f->flags |= CM_FLAG_NOT_REPRODUCIBLE;
    f->has_bound = f->has_cycles_byte && r->bound_cpb > 0;
    f->bound_cpb = f->has_bound ? r->bound_cpb : 0;
    f->bound_ratio = f->has_bound ? f->cycles_per_byte / r->bound_cpb : 0;
    if (f->has_bound)
        f->flags |= r->bound_flag;
}

double cm_record_rounds_spread(const cm_record *r)
{
    double v[CM_MAX_ROUNDS], lo, hi;
    int n = r->n_rounds;
    if (n < 2)
        return 0;
    memcpy(v, r->rounds_ns, sizeof v[0] * (size_t)n);
    lo = hi = v[0];
    for (int i = 1; i < n; i++) {
        lo = v[i] < lo ? v[i] : lo;
        hi = v[i] > hi ? v[i] : hi;
    }
    double mid = cm_median_sort(v, (size_t)n);
    return mid > 0 ? (hi - lo) / mid : 0;
}

/* --- the set -------------------------------------------------------------- */

void cm_record_set_init(cm_record_set *s)
{
    memset(s, 0, sizeof *s);
}

int cm_record_set_add(cm_record_set *s, cm_record *r, cm_error *err)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 64;
        cm_record *bigger = realloc(s->items, cap * sizeof *bigger);
        if (!bigger)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory keeping record %zu (%s)",
                                s->n + 1, r->name);
        s->items = bigger;
        s->cap = cap;
    }
    s->items[s->n++] = *r;
    r->m.samples = NULL; /* now the set's */
    r->m.outlier = NULL;
    return 0;
}

void cm_record_set_free(cm_record_set *s)
{
    for (size_t i = 0; i < s->n; i++)
        cm_measurement_free(&s->items[i].m);
    free(s->items);
    cm_record_set_init(s);
}
