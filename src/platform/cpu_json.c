/*
 * cpu_json.c — the "cpu" and "system" objects of the documents
 * (cpu_doc.h) in both directions: written from the typed structs and
 * parsed back into them. One table of fields per object (doc_fields.tsv,
 * walked by doc_fields.c) gives the keys, their order and their types to
 * both directions, so the writer and the parser cannot drift apart. Every
 * jansson call that can fail is checked.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/cpu_doc.h"
#include "platform/doc_fields.h"
#include "util/json.h"

/* The tables of doc_fields.tsv this file walks. */
PF_FIELD_TABLE(cpu_head);
PF_FIELD_TABLE(cpu_tail);
PF_FIELD_TABLE(cluster_head);
PF_FIELD_TABLE(cluster_tail);
PF_FIELD_TABLE(feature_fields);
PF_FIELD_TABLE(disagreement_fields);
PF_FIELD_TABLE(system_fields);

/* ------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------- */

/* An array of n structs of size each at items, each an object of fields;
 * NULL when out of memory. */
static json_t *array_json(const void *items, size_t n, size_t size, const pf_field *fs, size_t nf)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        json_t *o = json_object();
        rc |= o ? pf_fields_put(o, fs, nf, (const char *)items + i * size) : -1;
        rc |= json_array_append_new(a, o);
    }
    return cm_json_checked(a, rc);
}

/* One cluster; NULL when out of memory. */
static json_t *cluster_json(const platform_cluster_doc *cl)
{
    json_t *o = json_object(), *cpus = json_array();
    int rc = o && cpus ? 0 : -1;
    for (size_t i = 0; i < cl->n_cpus && rc == 0; i++)
        rc |= json_array_append_new(cpus, json_integer(cl->cpus[i]));
    rc |= pf_fields_put(o, cluster_head, PF_COUNT(cluster_head), cl);
    rc |= json_object_set_new(o, "cpus", cpus);
    rc |= pf_fields_put(o, cluster_tail, PF_COUNT(cluster_tail), cl);
    return cm_json_checked(o, rc);
}

/* See cpu_doc.h. */
json_t *platform_cpu_doc_to_json(const platform_cpu_doc *doc)
{
    json_t *o = json_object(), *clusters = json_array();
    int rc = o && clusters ? 0 : -1;
    rc |= pf_fields_put(o, cpu_head, PF_COUNT(cpu_head), doc);
    for (size_t c = 0; c < doc->n_clusters && rc == 0; c++)
        rc |= json_array_append_new(clusters, cluster_json(&doc->clusters[c]));
    rc |= json_object_set_new(o, "clusters", clusters);
    rc |= cm_json_put(o, "features", array_json(doc->features, doc->n_features, sizeof *doc->features,
                                                feature_fields, PF_COUNT(feature_fields)));
    rc |= pf_fields_put(o, cpu_tail, PF_COUNT(cpu_tail), doc);
    rc |= cm_json_put(o, "feature_disagreements",
                      array_json(doc->disagreements, doc->n_disagreements, sizeof *doc->disagreements,
                                 disagreement_fields, PF_COUNT(disagreement_fields)));
    return cm_json_checked(o, rc);
}

/* See cpu_doc.h. */
json_t *platform_system_doc_to_json(const platform_system_doc *doc)
{
    json_t *o = json_object();
    return cm_json_checked(o, o ? pf_fields_put(o, system_fields, PF_COUNT(system_fields), doc) : -1);
}

/* ------------------------------------------------------------------------
 * Parsing
 * ---------------------------------------------------------------------- */

/* The array at o's key (absent or null: none) as *n zeroed structs of size
 * each in *items (malloc'd); 0, or -1 with err when it is no array or out
 * of memory. */
static int parse_array(const json_t *o, const char *key, const char *where, void **items, size_t *n,
                       size_t size, cm_error *err)
{
    const json_t *a = json_object_get(o, key);
    *items = NULL;
    *n = 0;
    if (!a || json_is_null(a))
        return 0;
    if (!json_is_array(a))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s: not an array", where, key);
    *items = calloc(json_array_size(a) ? json_array_size(a) : 1, size);
    if (!*items)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading %s.%s", where, key);
    *n = json_array_size(a);
    return 0;
}

/* Each object of the array at o's key into items (parse_array() made
 * them) by the fields fs; 0, or -1 with err. */
static int parse_objects(const json_t *o, const char *key, const char *where, void *items, size_t size,
                         const pf_field *fs, size_t nf, cm_error *err)
{
    size_t i;
    const json_t *e;
    char at[96];
    json_array_foreach(json_object_get(o, key), i, e) {
        snprintf(at, sizeof at, "%s.%s[%zu]", where, key, i);
        if (!json_is_object(e))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", at);
        if (pf_fields_parse(e, fs, nf, (char *)items + i * size, at, err) != 0)
            return -1;
    }
    return 0;
}

/* One cluster (an object at where); 0, or -1 with err. */
static int parse_cluster(const json_t *o, platform_cluster_doc *cl, const char *where, cm_error *err)
{
    void *cpus;
    size_t i;
    const json_t *v;
    if (pf_fields_parse(o, cluster_head, PF_COUNT(cluster_head), cl, where, err) != 0 ||
        pf_fields_parse(o, cluster_tail, PF_COUNT(cluster_tail), cl, where, err) != 0 ||
        parse_array(o, "cpus", where, &cpus, &cl->n_cpus, sizeof *cl->cpus, err) != 0)
        return -1;
    cl->cpus = cpus;
    json_array_foreach(json_object_get(o, "cpus"), i, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 0x7fffffff)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.cpus[%zu]: not a CPU number", where, i);
        cl->cpus[i] = (int)json_integer_value(v);
    }
    return 0;
}

/* The clusters of a "cpu" object; 0, or -1 with err. */
static int parse_clusters(const json_t *o, platform_cpu_doc *doc, cm_error *err)
{
    void *items;
    size_t i;
    const json_t *e;
    char at[64];
    if (parse_array(o, "clusters", "cpu", &items, &doc->n_clusters, sizeof *doc->clusters, err) != 0)
        return -1;
    doc->clusters = items;
    json_array_foreach(json_object_get(o, "clusters"), i, e) {
        snprintf(at, sizeof at, "cpu.clusters[%zu]", i);
        if (!json_is_object(e))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", at);
        if (parse_cluster(e, &doc->clusters[i], at, err) != 0)
            return -1;
    }
    return 0;
}

/* See cpu_doc.h. */
int platform_cpu_doc_from_json(const json_t *o, platform_cpu_doc *doc, cm_error *err)
{
    void *feats = NULL, *dis = NULL;
    memset(doc, 0, sizeof *doc);
    if (!o || json_is_null(o))
        return 0;
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cpu: not an object");
    int rc = pf_fields_parse(o, cpu_head, PF_COUNT(cpu_head), doc, "cpu", err);
    rc = rc ? rc : pf_fields_parse(o, cpu_tail, PF_COUNT(cpu_tail), doc, "cpu", err);
    rc = rc ? rc : parse_clusters(o, doc, err);
    rc = rc ? rc : parse_array(o, "features", "cpu", &feats, &doc->n_features, sizeof *doc->features, err);
    doc->features = feats;
    rc = rc ? rc : parse_objects(o, "features", "cpu", feats, sizeof *doc->features, feature_fields,
                                 PF_COUNT(feature_fields), err);
    rc = rc ? rc : parse_array(o, "feature_disagreements", "cpu", &dis, &doc->n_disagreements,
                               sizeof *doc->disagreements, err);
    doc->disagreements = dis;
    rc = rc ? rc : parse_objects(o, "feature_disagreements", "cpu", dis, sizeof *doc->disagreements,
                                 disagreement_fields, PF_COUNT(disagreement_fields), err);
    if (rc != 0)
        platform_cpu_doc_free(doc);
    return rc;
}

/* See cpu_doc.h. */
int platform_system_doc_from_json(const json_t *o, platform_system_doc *doc, cm_error *err)
{
    memset(doc, 0, sizeof *doc);
    if (!o || json_is_null(o))
        return 0;
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "system: not an object");
    return pf_fields_parse(o, system_fields, PF_COUNT(system_fields), doc, "system", err);
}

/* See cpu_doc.h. */
void platform_cpu_doc_free(platform_cpu_doc *doc)
{
    for (size_t c = 0; doc->clusters && c < doc->n_clusters; c++)
        free(doc->clusters[c].cpus);
    free(doc->clusters);
    free(doc->features);
    free(doc->disagreements);
    free(doc->messages);
    memset(doc, 0, sizeof *doc);
}
