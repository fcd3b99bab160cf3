/*
 * sweep_doc_json.c — a sweep document read back (sweep_doc.h): its schema
 * and version checked, the algorithm and operation of its first record,
 * the repetitions of its settings, and every record as a row (sweep.h):
 * what the crossover and the text table read.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/sweep_doc.h"

/* A whole number of bytes above 0 at key of r, or 0. */
static size_t size_at(const json_t *r, const char *key)
{
    json_t *v = json_object_get(r, key);
    return json_is_integer(v) && json_integer_value(v) > 0 ? (size_t)json_integer_value(v) : 0;
}

/* The string at key of r into buf ("" when absent or null); 0, or -1 when
 * another type. */
static int string_into(const json_t *r, const char *key, char *buf, size_t len)
{
    const json_t *v = json_object_get(r, key);
    snprintf(buf, len, "%s", json_is_string(v) ? json_string_value(v) : "");
    return v && !json_is_string(v) && !json_is_null(v) ? -1 : 0;
}

/* The number at key of r into *x (NAN when absent or null); 0, or -1 when
 * another type. */
static int number_into(const json_t *r, const char *key, double *x)
{
    const json_t *v = json_object_get(r, key);
    *x = json_is_number(v) ? json_number_value(v) : NAN;
    return v && !json_is_number(v) && !json_is_null(v) ? -1 : 0;
}

/* The figures of an ok record i into p (its spread when text); 0, or -1
 * with err. */
static int read_figures(const json_t *r, size_t i, int text, cm_sweep_row *p, cm_error *err)
{
    json_t *flags = json_object_get(r, "flags");
    if (number_into(r, "throughput_mb_s", &p->mb_s) ||
        number_into(r, "cpu_s_per_gb", &p->cpu_s_per_gb) || number_into(r, "spread", &p->spread) ||
        number_into(r, "cpu_user_s_per_gb", &p->user_s_per_gb) ||
        number_into(r, "cpu_system_s_per_gb", &p->sys_s_per_gb) || isnan(p->mb_s) ||
        isnan(p->cpu_s_per_gb) || (text && isnan(p->spread)) || !json_is_array(flags))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "record %zu is ok but lacks throughput_mb_s, "
                            "cpu_s_per_gb, %sflags (or has one of another type)", i + 1,
                            text ? "spread or " : "");
    size_t k;
    json_t *f;
    json_array_foreach(flags, k, f)
        p->wide_spread |= json_is_string(f) && strcmp(json_string_value(f), "wide-spread") == 0;
    return 0;
}

/* Record i of a sweep document into p; 0, or -1 with err. */
static int read_record(const json_t *r, size_t i, int text, cm_sweep_row *p, cm_error *err)
{
    json_t *served = json_object_get(r, "served_by");
    p->chunk = size_at(r, "chunk");
    p->total = size_at(r, "total");
    p->mb_s = p->cpu_s_per_gb = p->user_s_per_gb = p->sys_s_per_gb = p->spread = NAN;
    if (!json_is_object(r) || !json_is_string(json_object_get(r, "path")) ||
        !json_is_string(json_object_get(r, "status")) || !p->chunk || !p->total ||
        !(json_is_string(served) || json_is_null(served)) ||
        string_into(r, "path", p->path, sizeof p->path) ||
        string_into(r, "status", p->status, sizeof p->status) ||
        string_into(r, "served_by", p->served_by, sizeof p->served_by) ||
        string_into(r, "algorithm", p->algorithm, sizeof p->algorithm) ||
        string_into(r, "operation", p->operation, sizeof p->operation) ||
        string_into(r, "reason", p->reason, sizeof p->reason))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "record %zu lacks path, served_by, chunk, total or status "
                            "(or has a field of another type)", i + 1);
    p->ok = strcmp(p->status, "ok") == 0;
    return p->ok ? read_figures(r, i, text, p, err) : 0;
}

/* See sweep_doc.h. */
cm_sweep_row *cm_sweep_rows_of_records(const json_t *records, int text, size_t *n, cm_error *err)
{
    *n = json_is_array(records) ? json_array_size(records) : 0;
    if (!json_is_array(records)) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "no \"records\" array");
        return NULL;
    }
    cm_sweep_row *pts = calloc(*n ? *n : 1, sizeof *pts);
    if (!pts) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
        return NULL;
    }
    for (size_t i = 0; i < *n; i++)
        if (read_record(json_array_get(records, i), i, text, &pts[i], err) != 0) {
            free(pts);
            return NULL;
        }
    return pts;
}

/* A copy of the string at key of o into *out (NULL when not a string). 0,
 * or -1 when out of memory. */
static int copy_string(const json_t *o, const char *key, char **out)
{
    const char *s = json_string_value(json_object_get(o, key));
    *out = s ? strdup(s) : NULL;
    return s && !*out ? -1 : 0;
}

/* See sweep_doc.h. */
int cm_sweep_doc_from_json(const json_t *doc, int text, cm_sweep_doc *d, cm_error *err)
{
    const json_t *version = json_object_get(doc, "schema_version");
    const json_t *records = json_object_get(doc, "records"), *first = json_array_get(records, 0);
    const char *schema = json_string_value(json_object_get(doc, "schema"));
    memset(d, 0, sizeof *d);
    if (!schema || strcmp(schema, "cryptometer-sweep") != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "not a sweep document (no \"schema\": \"cryptometer-sweep\")");
    if (!json_is_integer(version) || json_integer_value(version) != 1)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "sweep schema_version is not 1, the one this build reads");
    const json_t *repeat = json_object_get(json_object_get(doc, "settings"), "repeat");
    if (!(d->pts = cm_sweep_rows_of_records(records, text, &d->n, err)))
        return -1;
    if (json_is_integer(repeat) && json_integer_value(repeat) > 0 &&
        json_integer_value(repeat) <= CM_SWEEP_MAX_REPEAT)
        d->repeat = (int)json_integer_value(repeat);
    if (text && !d->repeat)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "the sweep lacks settings.repeat");
    if (copy_string(first, "algorithm", &d->algorithm) != 0 || copy_string(first, "operation", &d->operation) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    if (d->n == 0 || !d->algorithm || !d->operation)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "the sweep has no records (or its first lacks algorithm and operation)");
    return 0;
}

/* See sweep_doc.h. */
void cm_sweep_doc_free(cm_sweep_doc *d)
{
    free(d->algorithm);
    free(d->operation);
    free(d->pts);
    memset(d, 0, sizeof *d);
}
