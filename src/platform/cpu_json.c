/*
 * cpu_json.c — the "cpu" and "system" objects of the documents
 * (cpu_doc.h) in both directions: written from the typed structs and
 * parsed back into them. One table of fields per object gives the keys,
 * their order and their types to both directions, so the writer and the
 * parser cannot drift apart. Every jansson call that can fail is checked.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/cpu_doc.h"
#include "util/json.h"

/* How a field is written and read. */
enum kind {
    F_STR,    /* const char *: a string, null when NULL or "" */
    F_TEXT,   /* const char *: always a string ("" for NULL) */
    F_OPT,    /* const char *: a string, the key left out when NULL */
    F_INT,    /* long long: an integer */
    F_POS,    /* double: a positive number, else null */
    F_BOOL,   /* int: true or false (null or absent read as false) */
    F_TRI,    /* int: true, false, or null (-1) */
    F_MIDR,   /* char[24]: a string, null when "" */
    F_SPREAD, /* double: a number when the cluster's clock was measured, else null */
};

typedef struct field {
    const char *key;
    enum kind kind;
    size_t off;
} field;

#define FIELD(type, key, kind, member) {key, kind, offsetof(type, member)}
#define AT(base, f, type) ((type *)((char *)(base) + (f)->off))
#define COUNT(a) (sizeof(a) / sizeof *(a))

static const field cpu_head[] = {
    FIELD(platform_cpu_doc, "arch", F_STR, arch),
    FIELD(platform_cpu_doc, "vendor", F_STR, vendor),
    FIELD(platform_cpu_doc, "model_name", F_STR, model_name),
    FIELD(platform_cpu_doc, "board", F_STR, board),
    FIELD(platform_cpu_doc, "cores", F_INT, cores),
    FIELD(platform_cpu_doc, "hybrid", F_BOOL, hybrid),
    FIELD(platform_cpu_doc, "midr_source", F_STR, midr_source),
    FIELD(platform_cpu_doc, "cluster_source", F_STR, cluster_source),
    FIELD(platform_cpu_doc, "clock_method", F_STR, clock_method),
};

static const field cpu_tail[] = {
    FIELD(platform_cpu_doc, "feature_table", F_STR, feature_table),
    FIELD(platform_cpu_doc, "feature_source", F_STR, feature_source),
    FIELD(platform_cpu_doc, "isa_mask", F_STR, isa_mask),
    FIELD(platform_cpu_doc, "isa_mask_unknown", F_OPT, isa_mask_unknown),
};

static const field cluster_head[] = {
    FIELD(platform_cluster_doc, "id", F_INT, id),
};

static const field cluster_tail[] = {
    FIELD(platform_cluster_doc, "core_name", F_STR, core_name),
    FIELD(platform_cluster_doc, "core_vendor", F_STR, core_vendor),
    FIELD(platform_cluster_doc, "based_on", F_STR, based_on),
    FIELD(platform_cluster_doc, "midr", F_MIDR, midr),
    FIELD(platform_cluster_doc, "freq_min_mhz", F_POS, freq_min_mhz),
    FIELD(platform_cluster_doc, "freq_max_mhz", F_POS, freq_max_mhz),
    FIELD(platform_cluster_doc, "freq_cur_mhz", F_POS, freq_cur_mhz),
    FIELD(platform_cluster_doc, "cpuinfo_mhz", F_POS, cpuinfo_mhz),
    FIELD(platform_cluster_doc, "claimed_mhz", F_POS, claimed_mhz),
    FIELD(platform_cluster_doc, "claimed_source", F_STR, claimed_source),
    FIELD(platform_cluster_doc, "measured_mhz", F_POS, measured_mhz),
    FIELD(platform_cluster_doc, "measured_check_mhz", F_POS, measured_check_mhz),
    FIELD(platform_cluster_doc, "measured_spread", F_SPREAD, measured_spread),
    FIELD(platform_cluster_doc, "clock_agree", F_TRI, clock_agree),
    FIELD(platform_cluster_doc, "governor", F_STR, governor),
    FIELD(platform_cluster_doc, "cpufreq_driver", F_STR, cpufreq_driver),
    FIELD(platform_cluster_doc, "policy", F_STR, policy),
};

static const field feature_fields[] = {
    FIELD(platform_feature, "name", F_TEXT, name),
    FIELD(platform_feature, "label", F_TEXT, label),
    FIELD(platform_feature, "present", F_BOOL, present),
    FIELD(platform_feature, "source", F_TEXT, source),
    FIELD(platform_feature, "accelerates", F_STR, accelerates),
    FIELD(platform_feature, "cpu", F_BOOL, cpu),
    FIELD(platform_feature, "os", F_BOOL, os),
    FIELD(platform_feature, "masked", F_BOOL, masked),
    FIELD(platform_feature, "cpuinfo", F_TRI, cpuinfo),
};

static const field disagreement_fields[] = {
    FIELD(platform_disagreement_doc, "name", F_TEXT, name),
    FIELD(platform_disagreement_doc, "cpu", F_BOOL, cpu),
    FIELD(platform_disagreement_doc, "cpuinfo", F_BOOL, cpuinfo),
    FIELD(platform_disagreement_doc, "message", F_TEXT, message),
};

static const field system_fields[] = {
    FIELD(platform_system_doc, "hostname", F_OPT, hostname),
    FIELD(platform_system_doc, "kernel", F_OPT, kernel),
    FIELD(platform_system_doc, "kernel_version", F_OPT, kernel_version),
    FIELD(platform_system_doc, "machine", F_OPT, machine),
    FIELD(platform_system_doc, "os", F_OPT, os),
};

/* ------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------- */

/* A string as JSON, or null when empty. */
static json_t *str_or_null(const char *s)
{
    return s && s[0] ? cm_json_string_lossy(s) : json_null();
}

/* The value of field f of the struct at base (a cluster's for F_SPREAD). */
static json_t *field_value(const field *f, const void *base)
{
    const char *s = f->kind <= F_OPT ? *AT(base, f, const char *const) : NULL;
    double d = f->kind == F_POS || f->kind == F_SPREAD ? *AT(base, f, const double) : 0;
    switch (f->kind) {
    case F_STR:
        return str_or_null(s);
    case F_TEXT:
    case F_OPT:
        return cm_json_string_lossy(s ? s : "");
    case F_INT:
        return json_integer(*AT(base, f, const long long));
    case F_POS:
        return d > 0 && !isnan(d) ? json_real(d) : json_null();
    case F_BOOL:
        return json_boolean(*AT(base, f, const int));
    case F_TRI:
        return *AT(base, f, const int) < 0 ? json_null() : json_boolean(*AT(base, f, const int));
    case F_MIDR:
        return str_or_null(AT(base, f, const char));
    case F_SPREAD:
        return ((const platform_cluster_doc *)base)->measured_mhz > 0 ? json_real(d) : json_null();
    }
    return NULL;
}

/* Puts the n fields of the struct at base into o, in order; 0 or -1. */
static int put_fields(json_t *o, const field *fs, size_t n, const void *base)
{
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        if (fs[i].kind != F_OPT || *AT(base, &fs[i], const char *const))
            rc |= cm_json_put(o, fs[i].key, field_value(&fs[i], base));
    return rc;
}

/* An array of n structs of size each at items, each an object of fields;
 * NULL when out of memory. */
static json_t *array_json(const void *items, size_t n, size_t size, const field *fs, size_t nf)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++) {
        json_t *o = json_object();
        rc |= o ? put_fields(o, fs, nf, (const char *)items + i * size) : -1;
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
    rc |= put_fields(o, cluster_head, COUNT(cluster_head), cl);
    rc |= json_object_set_new(o, "cpus", cpus);
    rc |= put_fields(o, cluster_tail, COUNT(cluster_tail), cl);
    return cm_json_checked(o, rc);
}

/* See cpu_doc.h. */
json_t *platform_cpu_doc_to_json(const platform_cpu_doc *doc)
{
    json_t *o = json_object(), *clusters = json_array();
    int rc = o && clusters ? 0 : -1;
    rc |= put_fields(o, cpu_head, COUNT(cpu_head), doc);
    for (size_t c = 0; c < doc->n_clusters && rc == 0; c++)
        rc |= json_array_append_new(clusters, cluster_json(&doc->clusters[c]));
    rc |= json_object_set_new(o, "clusters", clusters);
    rc |= cm_json_put(o, "features", array_json(doc->features, doc->n_features, sizeof *doc->features,
                                                feature_fields, COUNT(feature_fields)));
    rc |= put_fields(o, cpu_tail, COUNT(cpu_tail), doc);
    rc |= cm_json_put(o, "feature_disagreements",
                      array_json(doc->disagreements, doc->n_disagreements, sizeof *doc->disagreements,
                                 disagreement_fields, COUNT(disagreement_fields)));
    return cm_json_checked(o, rc);
}

/* See cpu_doc.h. */
json_t *platform_system_doc_to_json(const platform_system_doc *doc)
{
    json_t *o = json_object();
    return cm_json_checked(o, o ? put_fields(o, system_fields, COUNT(system_fields), doc) : -1);
}

/* ------------------------------------------------------------------------
 * Parsing
 * ---------------------------------------------------------------------- */

/* The JSON type a field of kind k is read from, as a noun for messages;
 * *ok says whether v has it. */
static const char *expected(enum kind k, const json_t *v, int *ok)
{
    switch (k) {
    case F_INT:
        *ok = json_is_integer(v);
        return "an integer";
    case F_POS:
    case F_SPREAD:
        *ok = json_is_number(v);
        return "a number";
    case F_BOOL:
    case F_TRI:
        *ok = json_is_boolean(v);
        return "a boolean";
    default: /* the strings */
        *ok = json_is_string(v);
        return "a string";
    }
}

/* The value of field f of o (absent or null: the field's empty value)
 * into the struct at base; 0, or -1 with err naming where.key. */
static int parse_field(const json_t *o, const field *f, void *base, const char *where, cm_error *err)
{
    const json_t *v = json_object_get(o, f->key);
    int null = !v || json_is_null(v), ok = 1;
    const char *noun = expected(f->kind, v, &ok);
    if (!null && !ok)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s: not %s", where, f->key, noun);
    size_t midr_len = sizeof((platform_cluster_doc *)0)->midr;
    switch (f->kind) {
    case F_INT:
        *AT(base, f, long long) = null ? 0 : json_integer_value(v);
        break;
    case F_POS:
    case F_SPREAD:
        *AT(base, f, double) = null ? 0 : json_number_value(v);
        break;
    case F_BOOL:
    case F_TRI:
        *AT(base, f, int) = null ? (f->kind == F_TRI ? -1 : 0) : json_is_true(v);
        break;
    case F_MIDR:
        if (!null && json_string_length(v) >= midr_len)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s: too long for a MIDR", where, f->key);
        snprintf(AT(base, f, char), midr_len, "%s", null ? "" : json_string_value(v));
        break;
    default: /* the strings */
        *AT(base, f, const char *) = null ? NULL : json_string_value(v);
    }
    return 0;
}

/* The n fields of o into the struct at base; 0, or -1 with err. */
static int parse_fields(const json_t *o, const field *fs, size_t n, void *base, const char *where, cm_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (parse_field(o, &fs[i], base, where, err) != 0)
            return -1;
    return 0;
}

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
                         const field *fs, size_t nf, cm_error *err)
{
    size_t i;
    const json_t *e;
    char at[96];
    json_array_foreach(json_object_get(o, key), i, e) {
        snprintf(at, sizeof at, "%s.%s[%zu]", where, key, i);
        if (!json_is_object(e))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", at);
        if (parse_fields(e, fs, nf, (char *)items + i * size, at, err) != 0)
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
    if (parse_fields(o, cluster_head, COUNT(cluster_head), cl, where, err) != 0 ||
        parse_fields(o, cluster_tail, COUNT(cluster_tail), cl, where, err) != 0 ||
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
    int rc = parse_fields(o, cpu_head, COUNT(cpu_head), doc, "cpu", err);
    rc = rc ? rc : parse_fields(o, cpu_tail, COUNT(cpu_tail), doc, "cpu", err);
    rc = rc ? rc : parse_clusters(o, doc, err);
    rc = rc ? rc : parse_array(o, "features", "cpu", &feats, &doc->n_features, sizeof *doc->features, err);
    doc->features = feats;
    rc = rc ? rc : parse_objects(o, "features", "cpu", feats, sizeof *doc->features, feature_fields,
                                 COUNT(feature_fields), err);
    rc = rc ? rc : parse_array(o, "feature_disagreements", "cpu", &dis, &doc->n_disagreements,
                               sizeof *doc->disagreements, err);
    doc->disagreements = dis;
    rc = rc ? rc : parse_objects(o, "feature_disagreements", "cpu", dis, sizeof *doc->disagreements,
                                 disagreement_fields, COUNT(disagreement_fields), err);
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
    return parse_fields(o, system_fields, COUNT(system_fields), doc, "system", err);
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
