/*
 * probe_json.c — the probe document and its short form (probe_doc.h) as
 * JSON, both ways: the one place that names their keys. The writers give
 * the keys, types and order of docs/probe.schema.json (and of detect's
 * instruction_bounds, docs/detect.md); the parsers read them back (a saved
 * document for `show`, detect's block for its text), accepting absent
 * optional fields and nulls, and refusing a field of the wrong type with
 * one line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "measure/probe_doc.h"
#include "util/json.h"
#include "util/json_read.h"

/* ---- writing ------------------------------------------------------------- */

/* A figure: {cycles: null, how} unmeasured, else every statistic. */
static json_t *figure_to_json(const cm_probe_figure *f)
{
    if (!f->measured)
        return json_pack("{s:n, s:s?}", "cycles", "how", f->how);
    json_t *cyc = json_array();
    int rc = cyc ? 0 : -1;
    for (size_t i = 0; i < f->n_samples && rc == 0; i++)
        rc |= json_array_append_new(cyc, json_real(f->samples_cycles[i]));
    json_t *o = rc == 0 ? json_pack("{s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:f, s:i, s:f, s:f, s:O, s:s?}", "cycles",
                                    f->cycles, "min", f->min, "max", f->max, "mad", f->mad, "ci_low", f->ci_low,
                                    "ci_high", f->ci_high, "ci_rel", f->ci_rel, "cv", f->cv, "n", f->n, "ns",
                                    f->ns, "mhz", f->mhz, "samples_cycles", cyc, "how", f->how)
                        : NULL;
    if (o && f->has_per_cycle)
        rc |= json_object_set_new(o, "per_cycle", json_real(f->per_cycle));
    json_decref(cyc);
    return cm_json_checked(o, rc);
}

/* The probes array. */
static json_t *probes_to_json(const cm_probe_result *p, size_t n)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        json_t *needs = json_array();
        rc |= needs ? 0 : -1;
        for (size_t j = 0; j < p[i].n_needs && rc == 0; j++)
            rc |= json_array_append_new(needs, json_string(p[i].needs[j]));
        json_t *o = json_pack("{s:s?, s:s?, s:o?, s:s?, s:s?}", "name", p[i].name, "instruction",
                              p[i].instruction, "needs", needs, "status", p[i].status, "reason", p[i].reason);
        rc |= o ? 0 : -1;
        rc |= cm_json_put(o, "latency", figure_to_json(&p[i].latency));
        rc |= cm_json_put(o, "throughput", figure_to_json(&p[i].throughput));
        rc |= json_array_append_new(arr, o);
    }
    return cm_json_checked(arr, rc);
}

/* See probe_doc.h. */
json_t *cm_probe_bounds_to_json(const cm_probe_bound *b, size_t n)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc |= json_array_append_new(
            arr, json_pack("{s:s?, s:s?, s:s?, s:f, s:s?, s:s?, s:o, s:o, s:s?, s:s?, s:s?}", "algorithm",
                           b[i].algorithm, "operation", b[i].operation, "variant", b[i].variant, "bytes", b[i].bytes,
                           "formula", b[i].formula, "limited_by", b[i].limited_by, "cycles",
                           cm_jw_number(b[i].cycles), "bound_cpb", cm_jw_number(b[i].bound_cpb), "status",
                           b[i].status, "reason", b[i].reason, "why", b[i].why));
    return cm_json_checked(arr, rc);
}

/* The clock object: {reference_mhz} alone when not measured around. */
static json_t *clock_to_json(const cm_probe_clock *c)
{
    json_t *o = c->measured ? json_pack("{s:f, s:o, s:f, s:o, s:f, s:b, s:f, s:s?, s:i}", "mhz_before",
                                        c->mhz_before, "mhz_after", cm_jw_number(c->mhz_after), "mhz", c->mhz,
                                        "drift", cm_jw_number(c->drift), "check_mhz", c->check_mhz, "agree",
                                        c->agree, "spread", c->spread, "method", c->method, "segments",
                                        c->segments)
                            : json_object();
    return cm_json_checked(o, cm_json_put(o, "reference_mhz", cm_jw_number(c->reference_mhz)));
}

/* See probe_doc.h. */
json_t *cm_probe_doc_to_json(const cm_probe_doc *d)
{
    json_t *doc = json_object();
    int rc = doc ? 0 : -1;
    rc |= cm_json_put(doc, "schema", json_string("cryptometer-probe"));
    rc |= cm_json_put(doc, "schema_version", json_integer(d->schema_version));
    rc |= cm_json_put(doc, "tool", json_pack("{s:s?, s:s?}", "name", d->tool_name, "version", d->tool_version));
    rc |= cm_json_put(doc, "arch", cm_jw_string(d->arch));
    rc |= cm_json_put(doc, "cpu", json_pack("{s:s?, s:i}", "model_name", d->model_name, "cpu", d->cpu));
    rc |= cm_json_put(doc, "isa_mask", cm_jw_string(d->isa_mask));
    rc |= cm_json_put(doc, "clock", clock_to_json(&d->clock));
    rc |= cm_json_put(doc, "emulated", json_boolean(d->emulated));
    rc |= cm_json_put(doc, "emulation", d->emulation ? json_incref(d->emulation) : json_null());
    rc |= cm_json_put(doc, "probes", probes_to_json(d->probes, d->n_probes));
    rc |= cm_json_put(doc, "bounds", cm_probe_bounds_to_json(d->bounds, d->n_bounds));
    rc |= cm_json_put(doc, "elapsed_s", json_real(d->elapsed_s));
    return cm_json_checked(doc, rc);
}

/* See probe_doc.h. */
json_t *cm_probe_summary_to_json(const cm_probe_summary *s)
{
    if (!s->measured)
        return json_pack("{s:o, s:s?}", "bounds", cm_probe_bounds_to_json(s->bounds, s->n_bounds), "reason",
                         s->reason);
    return json_pack("{s:i, s:o, s:b, s:o, s:o, s:s?}", "cpu", s->cpu, "reference_mhz",
                     cm_jw_number(s->reference_mhz), "emulated", s->emulated, "probes",
                     probes_to_json(s->probes, s->n_probes), "bounds", cm_probe_bounds_to_json(s->bounds, s->n_bounds),
                     "reason", s->reason);
}

/* ---- parsing ------------------------------------------------------------- */

/* An int field (optional: left as it is when absent). */
static int int_field(const json_t *o, const char *key, int optional, int *out, const char *where, cm_error *err)
{
    long long v = *out;
    int rc = cm_jr_int(o, key, optional, &v, where, err);
    *out = (int)v;
    return rc;
}

/* A figure (o NULL: unmeasured, no words). */
static int figure_parse(const json_t *o, cm_probe_figure *f, const char *where, cm_error *err)
{
    const json_t *cyc;
    memset(f, 0, sizeof *f);
    if (cm_jr_number(o, "cycles", 1, &f->cycles, where, err) || cm_jr_string(o, "how", 1, &f->how, where, err))
        return -1;
    f->measured = !isnan(f->cycles);
    if (!f->measured)
        return 0;
    double per = NAN;
    static const char *const keys[] = {"min", "max", "mad", "ci_low", "ci_high", "ci_rel", "cv", "ns", "mhz"};
    double *dest[] = {&f->min, &f->max, &f->mad, &f->ci_low, &f->ci_high, &f->ci_rel, &f->cv, &f->ns, &f->mhz};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        if (cm_jr_number(o, keys[i], 1, dest[i], where, err) != 0)
            return -1;
    if (int_field(o, "n", 1, &f->n, where, err) || cm_jr_number(o, "per_cycle", 1, &per, where, err) ||
        cm_jr_container(o, "samples_cycles", 'a', 1, &cyc, where, err))
        return -1;
    f->has_per_cycle = !isnan(per);
    f->per_cycle = per;
    f->samples_cycles = malloc((json_array_size(cyc) ? json_array_size(cyc) : 1) * sizeof *f->samples_cycles);
    if (!f->samples_cycles)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    for (; f->n_samples < json_array_size(cyc); f->n_samples++) {
        const json_t *v = json_array_get(cyc, f->n_samples);
        if (!json_is_number(v))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: samples_cycles holds a non-number", where);
        f->samples_cycles[f->n_samples] = json_number_value(v);
    }
    return 0;
}

/* One probe object. */
static int probe_parse(const json_t *o, cm_probe_result *p, const char *where, cm_error *err)
{
    const json_t *needs, *lat, *tput;
    char sub[96];
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is not an object", where);
    if (cm_jr_string(o, "name", 0, &p->name, where, err) ||
        cm_jr_string(o, "instruction", 1, &p->instruction, where, err) ||
        cm_jr_string(o, "status", 0, &p->status, where, err) || cm_jr_string(o, "reason", 1, &p->reason, where, err) ||
        cm_jr_container(o, "needs", 'a', 1, &needs, where, err) ||
        cm_jr_strings(needs, &p->needs, &p->n_needs, where, err) ||
        cm_jr_container(o, "latency", 'o', 1, &lat, where, err) ||
        cm_jr_container(o, "throughput", 'o', 1, &tput, where, err))
        return -1;
    snprintf(sub, sizeof sub, "%s latency", where);
    if (figure_parse(lat, &p->latency, sub, err) != 0)
        return -1;
    snprintf(sub, sizeof sub, "%s throughput", where);
    return figure_parse(tput, &p->throughput, sub, err);
}

/* One bound object. */
static int bound_parse(const json_t *o, cm_probe_bound *b, const char *where, cm_error *err)
{
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is not an object", where);
    return cm_jr_string(o, "algorithm", 0, &b->algorithm, where, err) ||
                   cm_jr_string(o, "operation", 0, &b->operation, where, err) ||
                   cm_jr_string(o, "variant", 1, &b->variant, where, err) ||
                   cm_jr_number(o, "bytes", 1, &b->bytes, where, err) ||
                   cm_jr_string(o, "formula", 1, &b->formula, where, err) ||
                   cm_jr_string(o, "limited_by", 1, &b->limited_by, where, err) ||
                   cm_jr_number(o, "cycles", 1, &b->cycles, where, err) ||
                   cm_jr_number(o, "bound_cpb", 1, &b->bound_cpb, where, err) ||
                   cm_jr_string(o, "status", 1, &b->status, where, err) ||
                   cm_jr_string(o, "reason", 1, &b->reason, where, err) ||
                   cm_jr_string(o, "why", 1, &b->why, where, err)
               ? -1
               : 0;
}

/* The probes and bounds arrays of o into their C arrays. */
static int lists_parse(const json_t *o, cm_probe_result **probes, size_t *np, cm_probe_bound **bounds, size_t *nb,
                       const char *where, cm_error *err)
{
    const json_t *pa, *ba;
    char sub[96];
    if (cm_jr_container(o, "probes", 'a', 1, &pa, where, err) || cm_jr_container(o, "bounds", 'a', 1, &ba, where, err))
        return -1;
    *probes = calloc(json_array_size(pa) + 1, sizeof **probes);
    *bounds = calloc(json_array_size(ba) + 1, sizeof **bounds);
    if (!*probes || !*bounds)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    for (*np = 0; *np < json_array_size(pa); ++*np) {
        snprintf(sub, sizeof sub, "%s probes[%zu]", where, *np);
        if (probe_parse(json_array_get(pa, *np), &(*probes)[*np], sub, err) != 0)
            return ++*np, -1;
    }
    for (*nb = 0; *nb < json_array_size(ba); ++*nb) {
        snprintf(sub, sizeof sub, "%s bounds[%zu]", where, *nb);
        if (bound_parse(json_array_get(ba, *nb), &(*bounds)[*nb], sub, err) != 0)
            return ++*nb, -1;
    }
    return 0;
}

/* The clock object. */
static int clock_parse(const json_t *o, cm_probe_clock *c, cm_error *err)
{
    static const char where[] = "probe document clock";
    c->measured = json_is_object(o) && json_object_size(o) > 1;
    c->mhz_before = c->mhz_after = c->mhz = c->drift = c->check_mhz = c->spread = NAN;
    if (cm_jr_number(o, "reference_mhz", 1, &c->reference_mhz, where, err))
        return -1;
    if (!c->measured)
        return 0;
    return cm_jr_number(o, "mhz_before", 0, &c->mhz_before, where, err) ||
                   cm_jr_number(o, "mhz_after", 1, &c->mhz_after, where, err) ||
                   cm_jr_number(o, "mhz", 1, &c->mhz, where, err) ||
                   cm_jr_number(o, "drift", 1, &c->drift, where, err) ||
                   cm_jr_number(o, "check_mhz", 1, &c->check_mhz, where, err) ||
                   cm_jr_bool(o, "agree", 1, &c->agree, where, err) ||
                   cm_jr_number(o, "spread", 1, &c->spread, where, err) ||
                   cm_jr_string(o, "method", 1, &c->method, where, err) ||
                   int_field(o, "segments", 1, &c->segments, where, err)
               ? -1
               : 0;
}

/* See probe_doc.h. */
int cm_probe_doc_from_json(const json_t *o, cm_probe_doc *d, cm_error *err)
{
    static const char where[] = "probe document";
    const json_t *tool, *cpu, *clock, *em;
    memset(d, 0, sizeof *d);
    d->elapsed_s = NAN;
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is not an object", where);
    if (int_field(o, "schema_version", 1, &d->schema_version, where, err) ||
        cm_jr_container(o, "tool", 'o', 1, &tool, where, err) ||
        cm_jr_string(tool, "name", 1, &d->tool_name, "probe document tool", err) ||
        cm_jr_string(tool, "version", 1, &d->tool_version, "probe document tool", err) ||
        cm_jr_string(o, "arch", 1, &d->arch, where, err) || cm_jr_container(o, "cpu", 'o', 1, &cpu, where, err) ||
        cm_jr_string(cpu, "model_name", 1, &d->model_name, "probe document cpu", err) ||
        int_field(cpu, "cpu", 1, &d->cpu, "probe document cpu", err) ||
        cm_jr_string(o, "isa_mask", 1, &d->isa_mask, where, err) ||
        cm_jr_container(o, "clock", 'o', 1, &clock, where, err) || clock_parse(clock, &d->clock, err) ||
        cm_jr_bool(o, "emulated", 1, &d->emulated, where, err) ||
        cm_jr_container(o, "emulation", 'o', 1, &em, where, err) ||
        lists_parse(o, &d->probes, &d->n_probes, &d->bounds, &d->n_bounds, where, err) ||
        cm_jr_number(o, "elapsed_s", 1, &d->elapsed_s, where, err))
        return -1;
    d->emulation = em ? json_incref((json_t *)em) : NULL;
    return 0;
}

/* See probe_doc.h. */
int cm_probe_summary_from_json(const json_t *o, cm_probe_summary *s, cm_error *err)
{
    static const char where[] = "instruction_bounds";
    memset(s, 0, sizeof *s);
    s->reference_mhz = NAN;
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is missing or not an object", where);
    if (cm_jr_string(o, "reason", 1, &s->reason, where, err) ||
        lists_parse(o, &s->probes, &s->n_probes, &s->bounds, &s->n_bounds, where, err))
        return -1;
    s->measured = !s->reason;
    if (!s->measured)
        return 0;
    return int_field(o, "cpu", 1, &s->cpu, where, err) ||
                   cm_jr_number(o, "reference_mhz", 1, &s->reference_mhz, where, err) ||
                   cm_jr_bool(o, "emulated", 1, &s->emulated, where, err)
               ? -1
               : 0;
}

/* ---- freeing ------------------------------------------------------------- */

/* See probe_doc.h. */
void cm_probe_figure_free(cm_probe_figure *f)
{
    free(f->samples_cycles);
    free(f->how);
    memset(f, 0, sizeof *f);
}

/* See probe_doc.h. */
void cm_probe_results_free(cm_probe_result *p, size_t n)
{
    for (size_t i = 0; p && i < n; i++) {
        free(p[i].name);
        free(p[i].instruction);
        cm_jr_strings_free(p[i].needs, p[i].n_needs);
        free(p[i].status);
        free(p[i].reason);
        cm_probe_figure_free(&p[i].latency);
        cm_probe_figure_free(&p[i].throughput);
    }
    free(p);
}

/* See probe_doc.h. */
void cm_probe_bounds_free(cm_probe_bound *b, size_t n)
{
    for (size_t i = 0; b && i < n; i++) {
        char *s[] = {b[i].algorithm, b[i].operation, b[i].variant, b[i].formula, b[i].limited_by,
                     b[i].status,    b[i].reason,    b[i].why};
        for (size_t j = 0; j < sizeof s / sizeof *s; j++)
            free(s[j]);
    }
    free(b);
}

/* See probe_doc.h. */
void cm_probe_doc_free(cm_probe_doc *d)
{
    char *s[] = {d->tool_name, d->tool_version, d->arch, d->model_name, d->isa_mask, d->clock.method};
    for (size_t j = 0; j < sizeof s / sizeof *s; j++)
        free(s[j]);
    json_decref(d->emulation);
    cm_probe_results_free(d->probes, d->n_probes);
    cm_probe_bounds_free(d->bounds, d->n_bounds);
    memset(d, 0, sizeof *d);
}

/* See probe_doc.h. */
void cm_probe_summary_free(cm_probe_summary *s)
{
    cm_probe_results_free(s->probes, s->n_probes);
    cm_probe_bounds_free(s->bounds, s->n_bounds);
    free(s->reason);
    memset(s, 0, sizeof *s);
}
