/*
 * probe_bounds.c — the bounds that data/probe_bounds.json derives from the
 * probe figures (probe.h): for each row of the document's architecture,
 * the expression of probe figures evaluated to cycles per `bytes` bytes,
 * its cycles per byte, and the formula in words. A figure that is missing
 * (probe unavailable, crashed, no such kernel) leaves the bound null with
 * the reason; nothing is guessed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "measure/probe.h"
#include "measure/probe_doc.h"
#include "util/embedded_json.h"
#include "util/json.h"

#define TABLE_PATH "data/probe_bounds.json"

/* The table, parsed once; NULL when it is missing or malformed. */
static const json_t *bounds_table(void)
{
    return cm_embedded_json(TABLE_PATH);
}

/* The probes whose figures the expressions read. */
struct probes {
    const cm_probe_result *p;
    size_t n;
};

/* The probe called name, or NULL. */
static const cm_probe_result *find_probe(const struct probes *ps, const char *name)
{
    for (size_t i = 0; i < ps->n; i++)
        if (ps->p[i].name && strcmp(ps->p[i].name, name) == 0)
            return &ps->p[i];
    return NULL;
}

/* Appends printf-style text to buf[len] at *used. */
static void put(char *buf, size_t len, size_t *used, const char *text)
{
    int w = snprintf(buf + *used, len - *used, "%s", text);
    if (w > 0)
        *used = *used + (size_t)w < len ? *used + (size_t)w : len - 1;
}

/* Evaluates expression e of the table against the probes: its cycles into *out
 * (-1 when a figure is missing, why then written once), its formula
 * appended to f ("max(a, b)", "a + b": addition is associative and max()
 * brackets itself, so no bracket is needed). Returns 0, or -2 on a
 * malformed expression. latency_only is cleared by a throughput figure. */
static int eval(const json_t *e, const struct probes *ps, double *out, char *f, size_t flen, size_t *used, char *why,
                size_t why_len, int *latency_only)
{
    const json_t *list;
    char tmp[96];
    if (json_object_get(e, "const")) {
        *out = json_number_value(json_object_get(e, "const"));
        snprintf(tmp, sizeof tmp, "%g", *out);
        put(f, flen, used, tmp);
        return 0;
    }
    if (json_object_get(e, "probe")) {
        const char *name = json_string_value(json_object_get(e, "probe"));
        const char *fig = json_string_value(json_object_get(e, "figure"));
        double count = json_number_value(json_object_get(e, "count"));
        if (!name || !fig || (strcmp(fig, "latency") != 0 && strcmp(fig, "throughput") != 0))
            return -2;
        if (strcmp(fig, "throughput") == 0)
            *latency_only = 0;
        snprintf(tmp, sizeof tmp, "%g × %s %s", count, name, fig);
        put(f, flen, used, tmp);
        const cm_probe_result *p = find_probe(ps, name);
        const cm_probe_figure *c = !p ? NULL : strcmp(fig, "latency") == 0 ? &p->latency : &p->throughput;
        if (c && c->measured) {
            *out = count * c->cycles;
        } else {
            *out = -1;
            if (!why[0]) {
                const char *st = p ? p->status : NULL, *r = p ? p->reason : NULL;
                if (!p)
                    snprintf(why, why_len, "%s was not probed", name);
                else if (r)
                    snprintf(why, why_len, "%s %s: %s", name, st ? st : "not measured", r);
                else
                    snprintf(why, why_len, "%s has no %s figure", name, fig);
            }
        }
        return 0;
    }
    int is_max = (list = json_object_get(e, "max")) != NULL;
    if (!is_max && !(list = json_object_get(e, "sum")))
        return -2;
    if (!json_array_size(list))
        return -2;
    size_t i;
    const json_t *t;
    double acc = 0;
    int missing = 0;
    put(f, flen, used, is_max ? "max(" : "");
    json_array_foreach(list, i, t) {
        double v;
        if (i)
            put(f, flen, used, is_max ? ", " : " + ");
        if (eval(t, ps, &v, f, flen, used, why, why_len, latency_only) == -2)
            return -2;
        if (v < 0)
            missing = 1;
        else
            acc = is_max ? (i == 0 || v > acc ? v : acc) : acc + v;
    }
    put(f, flen, used, is_max ? ")" : "");
    *out = missing ? -1 : acc;
    return 0;
}

/* A malloc'ed copy of the string at key of table row r, or NULL. */
static char *row_string(const json_t *r, const char *key)
{
    const char *v = json_string_value(json_object_get(r, key));
    return v ? strdup(v) : NULL;
}

/* Bound *b from table row r; -1 when out of memory or the row is
 * malformed (err set). */
static int bound(const json_t *r, const struct probes *ps, cm_probe_bound *b, cm_error *err)
{
    double bytes = json_number_value(json_object_get(r, "bytes")), cycles;
    char formula[512] = "", why[256] = "";
    size_t used = 0;
    int latency_only = 1;
    if (bytes <= 0 || eval(json_object_get(r, "cycles"), ps, &cycles, formula, sizeof formula, &used, why,
                           sizeof why, &latency_only) == -2)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: a malformed row (%s %s)", TABLE_PATH,
                            json_string_value(json_object_get(r, "algorithm")),
                            json_string_value(json_object_get(r, "operation")));
    snprintf(formula + used, sizeof formula - used, " cycles per %g bytes", bytes);
    int ok = cycles >= 0;
    b->algorithm = row_string(r, "algorithm");
    b->operation = row_string(r, "operation");
    b->variant = row_string(r, "variant");
    b->why = row_string(r, "why");
    b->bytes = bytes;
    b->formula = strdup(formula);
    b->limited_by = strdup(latency_only ? "latency" : "throughput");
    b->cycles = ok ? cycles : NAN;
    b->bound_cpb = ok ? cm_json_real_as_written(cycles / bytes) : NAN; /* as the run's document holds it */
    b->status = strdup(ok ? "computed" : "unavailable");
    b->reason = ok ? NULL : strdup(why);
    if (!b->algorithm || !b->operation || !b->why || !b->formula || !b->limited_by || !b->status || (!ok && !b->reason))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return 0;
}

/* See probe.h. */
int cm_probe_bounds(const char *arch, const cm_probe_result *probes, size_t n, cm_probe_bound **out, size_t *nout,
                    cm_error *err)
{
    const json_t *table = bounds_table(), *rows = json_object_get(table, "bounds"), *r;
    struct probes ps = {probes, n};
    size_t i;
    *out = NULL;
    *nout = 0;
    if (!json_is_array(rows))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is missing or malformed", TABLE_PATH);
    if (!(*out = calloc(json_array_size(rows) + 1, sizeof **out)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    json_array_foreach(rows, i, r) {
        const char *a = json_string_value(json_object_get(r, "arch"));
        if (!a || !arch || strcmp(a, arch) != 0)
            continue;
        if (bound(r, &ps, &(*out)[(*nout)++], err) != 0) {
            cm_probe_bounds_free(*out, *nout);
            *out = NULL;
            *nout = 0;
            return -1;
        }
    }
    return 0;
}

/* See probe.h. */
const cm_probe_bound *cm_probe_bound_for(const cm_probe_bound *bounds, size_t n, const char *algorithm,
                                         const char *operation, const char *variant)
{
    const cm_probe_bound *general = NULL;
    for (size_t i = 0; i < n; i++) {
        const cm_probe_bound *b = &bounds[i];
        if (!b->algorithm || !b->operation || strcmp(b->algorithm, algorithm) != 0 ||
            strcmp(b->operation, operation) != 0)
            continue;
        if (!b->variant && !general)
            general = b;
        else if (b->variant && variant && strcmp(b->variant, variant) == 0)
            return b;
    }
    return general;
}
