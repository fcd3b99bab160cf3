/*
 * rounds.c — see rounds.h. Each round is a record set of its own; when all
 * are done, each record of the first round takes the rounds' medians and
 * the measurement (with its clock) of the median round.
 */
#include <stdlib.h>
#include <string.h>
#include "run/rounds.h"
#include "util/isolate.h"

/* The record of sets[k] that is rec's (same name, size, threads and CPU),
 * looked for at index i first: every round plans the same records in the
 * same order. NULL when there is none. */
static cm_record *same_record(const cm_record_set *set, size_t i, const cm_record *rec)
{
    for (size_t j = 0; j < set->n; j++) {
        cm_record *r = &set->items[(i + j) % set->n];
        if (strcmp(r->name, rec->name) == 0 && r->size == rec->size &&
            r->threads == rec->threads && r->cpu == rec->cpu)
            return r;
    }
    return NULL;
}

static int by_median(const void *a, const void *b)
{
    double x = (*(cm_record *const *)a)->m.stats.median, y = (*(cm_record *const *)b)->m.stats.median;
    return (x > y) - (x < y);
}

/* Record i of sets[0] with the rounds of every set: the medians in round
 * order, and the median round's measurement and clock swapped in (each set
 * still frees what it holds). A record measured in no round but the first
 * keeps its own. */
static void settle_record(cm_record_set *sets, int n_sets, size_t i)
{
    cm_record *base = &sets[0].items[i], *measured[CM_MAX_ROUNDS];
    int n = 0;
    for (int k = 0; k < n_sets; k++) {
        cm_record *r = k ? same_record(&sets[k], i, base) : base;
        if (r && cm_record_measured(r) && r->m.stats.median > 0) {
            base->rounds_ns[n] = r->m.stats.median;
            measured[n++] = r;
        }
    }
    base->n_rounds = n;
    if (n < 2 || !cm_record_measured(base))
        return;
    qsort(measured, (size_t)n, sizeof measured[0], by_median);
    cm_record *mid = measured[(n - 1) / 2];
    if (mid == base)
        return;
    cm_measurement m = base->m;
    cm_record_clock c = base->clock;
    base->m = mid->m;
    base->clock = mid->clock;
    mid->m = m;
    mid->clock = c;
}

int cm_suite_rounds(const cm_suite_config *cfg, const cm_group *groups, size_t n,
                    cm_record_set *records, cm_suite_totals *totals, cm_error *err)
{
    int rounds = cfg->rounds > 1 ? cfg->rounds : 1;
    if (rounds == 1)
        return cm_suite_run(cfg, groups, n, records, totals, err);
    cm_record_set sets[CM_MAX_ROUNDS];
    int failures = 0, done = 0;
    /* Ctrl-C: the rounds that started are kept, the rest not begun */
    while (done < rounds && failures >= 0 && !(done && cm_interrupted)) {
        cm_record_set_init(&sets[done]);
        int f = cm_suite_run(cfg, groups, n, &sets[done++], totals, err);
        failures = f < 0 ? -1 : failures + f;
    }
    for (size_t i = 0; failures >= 0 && i < sets[0].n; i++) {
        settle_record(sets, done, i);
        if (cm_record_set_add(records, &sets[0].items[i], err) != 0)
            failures = -1;
    }
    for (int k = 0; k < done; k++)
        cm_record_set_free(&sets[k]);
    return failures;
}
