/*
 * probe_records.c — the instruction bounds of a run's records (probe.h,
 * docs/probes.md): a quick probe on the CPU the run is pinned to, its
 * summary into context.instruction_bounds, and each record measured on that
 * CPU given the bound of its (algorithm, operation, variant), from which
 * cm_record_figures() derives bound_ratio. Records of other CPUs (a
 * --per-cluster run) get none: cycles are not comparable across cores.
 */
#define _GNU_SOURCE
#include <math.h>
#include <sched.h>
#include <string.h>
#include <jansson.h>

#include "measure/probe.h"
#include "records/record.h"

#if defined(__x86_64__)
#define BUILD_ARCH "x86_64"
#elif defined(__aarch64__)
#define BUILD_ARCH "aarch64"
#else
#define BUILD_ARCH "none"
#endif

/* 1 when a record of recs, measured on cpu, has a row in bounds. */
static int any_bound(const cm_probe_bound *bounds, size_t n, const cm_record_set *recs, int cpu)
{
    for (size_t i = 0; i < recs->n; i++) {
        const cm_record *r = &recs->items[i];
        if (cm_record_measured(r) && r->cpu == cpu &&
            cm_probe_bound_for(bounds, n, r->alg->name, cm_op_name(r->op), r->variant))
            return 1;
    }
    return 0;
}

/* 0 when r's cycles per byte are at or above its bound; else why not,
 * likeliest first: r's clock below the probes' reference clock of the same
 * run (a stolen core read low; 3% is the clock's agreement tolerance) or its
 * checks unsteady (record.h, clock-unsteady), else
 * a path the bound does not know to be r's (a row without a variant, for a
 * library: its path is unknown, docs/attribution.md), else the bound model. */
static unsigned below_bound_flag(const cm_record *r, const cm_probe_bound *b, double reference_mhz)
{
    cm_figures f;
    cm_record_figures(r, &f);
    if (!f.has_bound || f.bound_ratio >= 1)
        return 0;
    if ((!isnan(reference_mhz) && r->clock.mhz_used < 0.97 * reference_mhz) ||
        cm_record_clock_unsteady(&r->clock))
        return CM_FLAG_BELOW_BOUND_CLOCK;
    return b->variant || strcmp(r->backend, "ref") == 0 ? CM_FLAG_BELOW_BOUND_MODEL : CM_FLAG_BELOW_BOUND_PATH;
}

/* See probe.h. */
int cm_probe_bound_records(json_t *context, cm_record_set *recs)
{
    int cpu = sched_getcpu();
    /* the table's rows alone (no figures): is a probe worth its time? */
    cm_probe_bound *rows;
    size_t nrows;
    cm_error err = {0};
    int wanted = cm_probe_bounds(BUILD_ARCH, NULL, 0, &rows, &nrows, &err) == 0 && any_bound(rows, nrows, recs, cpu);
    cm_probe_bounds_free(rows, nrows);
    cm_probe_summary s;
    int rc = cm_probe_summarise(wanted ? NULL : "no measured benchmark of this CPU has an instruction bound", &s);
    if (rc != 0 || json_object_set_new(context, "instruction_bounds", cm_probe_summary_to_json(&s)) != 0) {
        cm_probe_summary_free(&s);
        return -1;
    }
    for (size_t i = 0; s.measured && s.cpu == cpu && i < recs->n; i++) {
        cm_record *r = &recs->items[i];
        const cm_probe_bound *b =
            r->cpu == cpu ? cm_probe_bound_for(s.bounds, s.n_bounds, r->alg->name, cm_op_name(r->op), r->variant)
                          : NULL;
        if (b && !isnan(b->bound_cpb)) {
            r->bound_cpb = b->bound_cpb;
            r->bound_flag = below_bound_flag(r, b, s.reference_mhz);
        }
    }
    cm_probe_summary_free(&s);
    return 0;
}
