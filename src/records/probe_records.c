/*
 * probe_records.c — the instruction bounds of a run's records (probe.h,
 * docs/probes.md): a quick probe on the CPU the run is pinned to, its
 * summary into context.instruction_bounds, and each record measured on that
 * CPU given the bound of its (algorithm, operation, variant), from which
 * cm_record_figures() derives bound_ratio. Records of other CPUs (a
 * --per-cluster run) get none: cycles are not comparable across cores.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <jansson.h>

#include "measure/probe.h"
#include "records/record.h"
#include "util/json.h"

#if defined(__x86_64__)
#define BUILD_ARCH "x86_64"
#elif defined(__aarch64__)
#define BUILD_ARCH "aarch64"
#else
#define BUILD_ARCH "none"
#endif

/* 1 when a record of recs, measured on cpu, has a row in bounds. */
static int any_bound(const json_t *bounds, const cm_record_set *recs, int cpu)
{
    for (size_t i = 0; i < recs->n; i++) {
        const cm_record *r = &recs->items[i];
        if (r->status == CM_RECORD_OK && r->cpu == cpu &&
            cm_probe_bound_for(bounds, r->alg->name, cm_op_name(r->op), r->variant))
            return 1;
    }
    return 0;
}

/* See probe.h. */
int cm_probe_bound_records(json_t *context, cm_record_set *recs)
{
    int cpu = sched_getcpu();
    /* the table's rows alone (no figures): is a probe worth its time? */
    json_t *stub = json_pack("{s:s, s:[]}", "arch", BUILD_ARCH, "probes");
    cm_error err = {0};
    json_t *rows = stub ? cm_probe_bounds(stub, &err) : NULL;
    json_decref(stub);
    int wanted = rows && any_bound(rows, recs, cpu);
    json_decref(rows);
    json_t *summary = cm_probe_summary(wanted ? NULL : "no measured benchmark of this CPU has an instruction bound");
    if (!summary || json_object_set_new(context, "instruction_bounds", summary) != 0)
        return -1;
    const json_t *bounds = json_object_get(summary, "bounds");
    if (json_integer_value(json_object_get(summary, "cpu")) != cpu)
        return 0;
    for (size_t i = 0; i < recs->n; i++) {
        cm_record *r = &recs->items[i];
        const json_t *b = r->cpu == cpu ? cm_probe_bound_for(bounds, r->alg->name, cm_op_name(r->op), r->variant)
                                        : NULL;
        if (json_is_number(json_object_get(b, "bound_cpb")))
            r->bound_cpb = json_number_value(json_object_get(b, "bound_cpb"));
    }
    return 0;
}
