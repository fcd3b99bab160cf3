/*
 * sweep_doc_json.c — a sweep document read back (sweep_doc.h): its schema
 * and version checked, the algorithm and operation of its first record,
 * and every record's figures (path, served_by, chunk, total, status,
 * throughput, CPU time, flags) as the crossover reads them.
 */
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

/* Record i of a sweep document into p; 0, or -1 with err. */
static int read_record(const json_t *r, size_t i, cm_xo_point *p, cm_error *err)
{
    const char *path = json_string_value(json_object_get(r, "path"));
    const char *status = json_string_value(json_object_get(r, "status"));
    json_t *served = json_object_get(r, "served_by"), *flags = json_object_get(r, "flags");
    json_t *mb = json_object_get(r, "throughput_mb_s"), *cpu = json_object_get(r, "cpu_s_per_gb");
    p->chunk = size_at(r, "chunk");
    p->total = size_at(r, "total");
    if (!json_is_object(r) || !path || !status || !p->chunk || !p->total ||
        !(json_is_string(served) || json_is_null(served)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "record %zu lacks path, served_by, chunk, total or status", i + 1);
    p->ok = strcmp(status, "ok") == 0;
    if (p->ok && (!json_is_number(mb) || !json_is_number(cpu) || !json_is_array(flags)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "record %zu is ok but lacks throughput_mb_s, cpu_s_per_gb or flags",
                            i + 1);
    snprintf(p->path, sizeof p->path, "%s", path);
    snprintf(p->served_by, sizeof p->served_by, "%s",
             json_is_string(served) ? json_string_value(served) : "");
    p->mb_s = p->ok ? json_number_value(mb) : 0;
    p->cpu_s_per_gb = p->ok ? json_number_value(cpu) : 0;
    size_t k;
    json_t *f;
    json_array_foreach(flags, k, f)
        p->wide_spread |= p->ok && json_is_string(f) && strcmp(json_string_value(f), "wide-spread") == 0;
    return 0;
}

/* See sweep_doc.h. */
cm_xo_point *cm_xo_points_of_records(const json_t *records, size_t *n, cm_error *err)
{
    *n = json_is_array(records) ? json_array_size(records) : 0;
    if (!json_is_array(records)) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "no \"records\" array");
        return NULL;
    }
    cm_xo_point *pts = calloc(*n ? *n : 1, sizeof *pts);
    if (!pts) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
        return NULL;
    }
    for (size_t i = 0; i < *n; i++)
        if (read_record(json_array_get(records, i), i, &pts[i], err) != 0) {
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
int cm_sweep_doc_from_json(const json_t *doc, cm_sweep_doc *d, cm_error *err)
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
    if (!(d->pts = cm_xo_points_of_records(records, &d->n, err)))
        return -1;
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
