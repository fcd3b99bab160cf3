/*
 * probe_bounds.c — the bounds that data/probe_bounds.json derives from the
 * probe figures (probe.h): for each row of the document's architecture,
 * the expression of probe figures evaluated to cycles per `bytes` bytes,
 * its cycles per byte, and the formula in words. A figure that is missing
 * (probe unavailable, crashed, no such kernel) leaves the bound null with
 * the reason; nothing is guessed.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "measure/probe.h"
#include "util/embedded_json.h"
#include "util/json.h"

#define TABLE_PATH "data/probe_bounds.json"

/* The table, parsed once; NULL when it is missing or malformed. */
static const json_t *bounds_table(void)
{
    return cm_embedded_json(TABLE_PATH);
}

/* The probe called name in the document's probes, or NULL. */
static const json_t *find_probe(const json_t *doc, const char *name)
{
    size_t i;
    const json_t *p;
    json_array_foreach(json_object_get(doc, "probes"), i, p) {
        const char *n = json_string_value(json_object_get(p, "name"));
        if (n && strcmp(n, name) == 0)
            return p;
    }
    return NULL;
}

/* Appends printf-style text to buf[len] at *used. */
static void put(char *buf, size_t len, size_t *used, const char *text)
{
    int w = snprintf(buf + *used, len - *used, "%s", text);
    if (w > 0)
        *used = *used + (size_t)w < len ? *used + (size_t)w : len - 1;
}

/* Evaluates expression e of the table against doc: its cycles into *out
 * (-1 when a figure is missing, why then written once), its formula
 * appended to f ("max(a, b)", "a + b": addition is associative and max()
 * brackets itself, so no bracket is needed). Returns 0, or -2 on a
 * malformed expression. latency_only is cleared by a throughput figure. */
static int eval(const json_t *e, const json_t *doc, double *out, char *f, size_t flen, size_t *used, char *why,
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
        const json_t *p = find_probe(doc, name);
        const json_t *c = json_object_get(json_object_get(p, fig), "cycles");
        if (json_is_number(c)) {
            *out = count * json_number_value(c);
        } else {
            *out = -1;
            if (!why[0]) {
                const char *st = json_string_value(json_object_get(p, "status"));
                const char *r = json_string_value(json_object_get(p, "reason"));
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
        if (eval(t, doc, &v, f, flen, used, why, why_len, latency_only) == -2)
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

/* One bound object from table row r; NULL when out of memory or the row is
 * malformed (err set). */
static json_t *bound(const json_t *r, const json_t *doc, cm_error *err)
{
    double bytes = json_number_value(json_object_get(r, "bytes")), cycles;
    char formula[512] = "", why[256] = "";
    size_t used = 0;
    int latency_only = 1;
    if (bytes <= 0 || eval(json_object_get(r, "cycles"), doc, &cycles, formula, sizeof formula, &used, why,
                           sizeof why, &latency_only) == -2) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: a malformed row (%s %s)", TABLE_PATH,
                     json_string_value(json_object_get(r, "algorithm")),
                     json_string_value(json_object_get(r, "operation")));
        return NULL;
    }
    snprintf(formula + used, sizeof formula - used, " cycles per %g bytes", bytes);
    int ok = cycles >= 0;
    return json_pack("{s:O, s:O, s:O?, s:f, s:s, s:s, s:o, s:o, s:s, s:s?, s:O}", "algorithm",
                     json_object_get(r, "algorithm"), "operation", json_object_get(r, "operation"), "variant",
                     json_object_get(r, "variant"), "bytes", bytes, "formula", formula, "limited_by",
                     latency_only ? "latency" : "throughput", "cycles", ok ? json_real(cycles) : json_null(),
                     "bound_cpb", ok ? json_real(cycles / bytes) : json_null(), "status",
                     ok ? "computed" : "unavailable", "reason", ok ? NULL : why, "why",
                     json_object_get(r, "why"));
}

/* See probe.h. */
json_t *cm_probe_bounds(const json_t *doc, cm_error *err)
{
    const json_t *table = bounds_table();
    const char *arch = json_string_value(json_object_get(doc, "arch"));
    if (!json_is_array(json_object_get(table, "bounds"))) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is missing or malformed", TABLE_PATH);
        return NULL;
    }
    json_t *out = json_array();
    int rc = out ? 0 : -1;
    size_t i;
    const json_t *r;
    json_array_foreach(json_object_get(table, "bounds"), i, r) {
        const char *a = json_string_value(json_object_get(r, "arch"));
        if (rc != 0 || !a || !arch || strcmp(a, arch) != 0)
            continue;
        json_t *b = bound(r, doc, err);
        if (!b) {
            json_decref(out);
            return NULL;
        }
        rc |= json_array_append_new(out, b);
    }
    if (rc != 0)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return cm_json_checked(out, rc);
}

/* See probe.h. */
const json_t *cm_probe_bound_for(const json_t *bounds, const char *algorithm, const char *operation,
                                 const char *variant)
{
    const json_t *general = NULL, *b;
    size_t i;
    json_array_foreach(bounds, i, b) {
        const char *a = json_string_value(json_object_get(b, "algorithm"));
        const char *o = json_string_value(json_object_get(b, "operation"));
        const char *v = json_string_value(json_object_get(b, "variant"));
        if (!a || !o || strcmp(a, algorithm) != 0 || strcmp(o, operation) != 0)
            continue;
        if (!v && !general)
            general = b;
        else if (v && variant && strcmp(v, variant) == 0)
            return b;
    }
    return general;
}
