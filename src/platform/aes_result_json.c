/*
 * aes_result_json.c — the AES score's verdicts (aes_result.h) as JSON,
 * both ways: the one place that names their keys. The writer gives the
 * keys, types and order that aes_score.c's rule has always written, then
 * cluster, quick, observed and twins; the parser reads them back (detect's
 * block, a run's analysis, the figures `aes-score` is given), accepting
 * absent fields and nulls and refusing a wrong type with one line.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/aes_result.h"
#include "platform/aes_score.h"
#include "platform/doc_fields.h"
#include "util/json.h"
#include "util/json_read.h"

/* The tables of doc_fields.tsv this file walks. */
PF_FIELD_TABLE(aes_rule_head);
PF_FIELD_TABLE(aes_closest);
PF_FIELD_TABLE(aes_rule_mid);
PF_FIELD_TABLE(aes_table_code);
PF_FIELD_TABLE(aes_evidence);

/* ---- writing ------------------------------------------------------------- */

/* See aes_result.h. */
json_t *platform_aes_cluster_to_json(const platform_aes_cluster *c)
{
    switch (c->kind) {
    case PLATFORM_CLUSTER_NULL:
        return json_null();
    case PLATFORM_CLUSTER_INT:
        return json_integer((json_int_t)c->index);
    case PLATFORM_CLUSTER_STRING:
        return json_string(c->name);
    default:
        return NULL;
    }
}

/* The twins object. */
static json_t *twins_to_json(const platform_aes_twin_check *t)
{
    json_t *idx = json_array();
    int rc = idx ? 0 : -1;
    for (size_t k = 0; k < t->n_clusters && rc == 0; k++)
        rc |= json_array_append_new(idx, platform_aes_cluster_to_json(&t->clusters[k]));
    json_t *o = rc == 0 ? json_pack("{s:O, s:f, s:f, s:b, s:s?}", "clusters", idx, "reference_score_per_mhz",
                                    t->reference_score_per_mhz, "deviation", t->deviation, "flagged", t->flagged,
                                    "message", t->message)
                        : NULL;
    json_decref(idx);
    return o;
}

/* The object of the fields fs of base, or null when not present. */
static json_t *part_json(int present, const pf_field *fs, size_t n, const void *base)
{
    json_t *o = present ? json_object() : json_null();
    return cm_json_checked(o, o && present ? pf_fields_put(o, fs, n, base) : 0);
}

/* The keys the rule writes. */
static int rule_to_json(const platform_aes_result *r, json_t *o)
{
    int rc = pf_fields_put(o, aes_rule_head, PF_COUNT(aes_rule_head), r);
    rc |= cm_json_put(o, "closest_family", part_json(r->has_closest, aes_closest, PF_COUNT(aes_closest), &r->closest));
    rc |= pf_fields_put(o, aes_rule_mid, PF_COUNT(aes_rule_mid), r);
    rc |= cm_json_put(o, "table_code", part_json(r->has_table_code, aes_table_code, PF_COUNT(aes_table_code),
                                                 &r->table_code));
    rc |= cm_json_put(o, "evidence", part_json(1, aes_evidence, PF_COUNT(aes_evidence), r));
    rc |= cm_json_put(o, "message", cm_jw_string(r->message));
    return rc;
}

/* See aes_result.h. */
json_t *platform_aes_result_to_json(const platform_aes_result *r)
{
    const platform_aes_added *a = &r->added;
    json_t *o = json_object();
    int rc = o ? rule_to_json(r, o) : -1;
    if (a->cluster.kind != PLATFORM_CLUSTER_ABSENT)
        rc |= cm_json_put(o, "cluster", platform_aes_cluster_to_json(&a->cluster));
    if (a->quick)
        rc |= cm_json_put(o, "quick", json_true());
    if (a->has_observed) {
        json_t *obs = json_array();
        rc |= obs ? 0 : -1;
        for (size_t k = 0; k < a->n_observed && rc == 0; k++)
            rc |= json_array_append_new(obs, json_string(a->observed[k]));
        rc |= cm_json_put(o, "observed", obs);
    }
    if (a->twins.present)
        rc |= cm_json_put(o, "twins", twins_to_json(&a->twins));
    return cm_json_checked(o, rc);
}

/* See aes_result.h. */
json_t *platform_aes_results_to_json(const platform_aes_result *r, size_t n)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc |= json_array_append_new(arr, platform_aes_result_to_json(&r[i]));
    return cm_json_checked(arr, rc);
}

/* See aes_result.h. */
json_t *platform_aes_block_to_json(const platform_aes_block *b)
{
    return json_pack("{s:o, s:s?}", "scores", platform_aes_results_to_json(b->scores, b->n), "reason", b->reason);
}

/* ---- parsing ------------------------------------------------------------- */

/* See aes_result.h. */
int platform_aes_cluster_from_json(const json_t *v, platform_aes_cluster *c, const char *where, cm_error *err)
{
    memset(c, 0, sizeof *c);
    if (!v)
        return 0;
    if (json_is_null(v))
        c->kind = PLATFORM_CLUSTER_NULL;
    else if (json_is_integer(v))
        c->kind = PLATFORM_CLUSTER_INT, c->index = (long long)json_integer_value(v);
    else if (json_is_string(v))
        c->kind = PLATFORM_CLUSTER_STRING, c->name = cm_json_strdup(v);
    else
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: \"cluster\" is not an integer, a string or null", where);
    return c->kind == PLATFORM_CLUSTER_STRING && !c->name ? cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory") : 0;
}

/* The twins object (NULL: none). */
static int twins_parse(const json_t *o, platform_aes_twin_check *t, const char *where, cm_error *err)
{
    const json_t *idx;
    memset(t, 0, sizeof *t);
    if (!o)
        return 0;
    t->present = 1;
    if (cm_jr_container(o, "clusters", 'a', 1, &idx, where, err) ||
        cm_jr_number(o, "reference_score_per_mhz", 1, &t->reference_score_per_mhz, where, err) ||
        cm_jr_number(o, "deviation", 1, &t->deviation, where, err) || cm_jr_bool(o, "flagged", 1, &t->flagged, where, err) ||
        cm_jr_string(o, "message", 1, &t->message, where, err))
        return -1;
    if (!(t->clusters = calloc(json_array_size(idx) + 1, sizeof *t->clusters)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    for (; t->n_clusters < json_array_size(idx); t->n_clusters++)
        if (platform_aes_cluster_from_json(json_array_get(idx, t->n_clusters), &t->clusters[t->n_clusters], where,
                                           err) != 0)
            return -1;
    return 0;
}

/* The object at key (absent or null: none; *has says which, has NULL: no
 * matter) by the fields fs into base. */
static int part_parse(const json_t *o, const char *key, int *has, const pf_field *fs, size_t n, void *base,
                      const char *where, cm_error *err)
{
    const json_t *p;
    if (cm_jr_container(o, key, 'o', 1, &p, where, err) != 0)
        return -1;
    if (has)
        *has = p != NULL;
    return p ? pf_fields_parse(p, fs, n, base, where, err) : 0;
}

/* The numbers and words of the rule. */
static int rule_parse(const json_t *o, platform_aes_result *r, const char *where, cm_error *err)
{
    return pf_fields_parse(o, aes_rule_head, PF_COUNT(aes_rule_head), r, where, err) ||
                   pf_fields_parse(o, aes_rule_mid, PF_COUNT(aes_rule_mid), r, where, err) ||
                   cm_jr_string(o, "message", 1, &r->message, where, err) ||
                   part_parse(o, "closest_family", &r->has_closest, aes_closest, PF_COUNT(aes_closest),
                              &r->closest, where, err) ||
                   part_parse(o, "table_code", &r->has_table_code, aes_table_code, PF_COUNT(aes_table_code),
                              &r->table_code, where, err) ||
                   part_parse(o, "evidence", NULL, aes_evidence, PF_COUNT(aes_evidence), r, where, err)
               ? -1
               : 0;
}

/* See aes_result.h. */
int platform_aes_result_from_json(const json_t *o, platform_aes_result *r, const char *where, cm_error *err)
{
    const json_t *obs, *tw;
    memset(r, 0, sizeof *r);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is not an object", where);
    if (rule_parse(o, r, where, err) || cm_jr_bool(o, "quick", 1, &r->added.quick, where, err) ||
        platform_aes_cluster_from_json(json_object_get(o, "cluster"), &r->added.cluster, where, err) ||
        cm_jr_container(o, "observed", 'a', 1, &obs, where, err) ||
        cm_jr_container(o, "twins", 'o', 1, &tw, where, err) || twins_parse(tw, &r->added.twins, where, err))
        return -1;
    r->added.has_observed = obs != NULL;
    return obs ? cm_jr_strings(obs, &r->added.observed, &r->added.n_observed, where, err) : 0;
}

/* See aes_result.h. */
int platform_aes_results_from_json(const json_t *a, platform_aes_result **r, size_t *n, cm_error *err)
{
    char where[64];
    *n = 0;
    if (!(*r = calloc(json_array_size(a) + 1, sizeof **r)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    if (a && !json_is_array(a))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "the AES scores are not an array");
    for (; *n < json_array_size(a); ++*n) {
        snprintf(where, sizeof where, "aes score %zu", *n);
        if (platform_aes_result_from_json(json_array_get(a, *n), &(*r)[*n], where, err) != 0)
            return ++*n, -1;
    }
    return 0;
}

/* See aes_result.h. */
int platform_aes_block_from_json(const json_t *o, platform_aes_block *b, cm_error *err)
{
    const json_t *scores;
    memset(b, 0, sizeof *b);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "aes_score is missing or not an object");
    return cm_jr_string(o, "reason", 1, &b->reason, "aes_score", err) ||
                   cm_jr_container(o, "scores", 'a', 1, &scores, "aes_score", err) ||
                   platform_aes_results_from_json(scores, &b->scores, &b->n, err)
               ? -1
               : 0;
}

/* A number field of a figure, NAN when absent or not a number. */
static double figure_number(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

/* A string field of a figure (borrowed), NULL when absent or no string. */
static const char *figure_string(const json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* A string field that must be one of two words; NULL otherwise. */
static const char *figure_word(const json_t *o, const char *key, const char *a, const char *b)
{
    const char *s = figure_string(o, key);
    return s && (strcmp(s, a) == 0 || strcmp(s, b) == 0) ? s : NULL;
}

/* See aes_result.h. */
int platform_aes_figure_from_json(const json_t *f, platform_aes_figure *fig, platform_aes_added *added,
                                  const char *where, cm_error *err)
{
    platform_aes_figure g = {
        figure_string(f, "core_name"), figure_number(f, "mhz"), figure_number(f, "kbs_16k"),
        figure_number(f, "claimed_mhz"), figure_string(f, "mhz_label"), figure_string(f, "arch"),
        figure_string(f, "log_sha256"), figure_word(f, "aes_instructions", "present", "absent"),
        figure_word(f, "library_aes", "used", "masked"), figure_string(f, "masked_by"),
        figure_string(f, "emulated"), figure_string(f, "native"),
    };
    const json_t *obs = json_object_get(f, "observed");
    *fig = g;
    memset(added, 0, sizeof *added);
    if (platform_aes_cluster_from_json(json_object_get(f, "cluster"), &added->cluster, where, err) != 0)
        return -1;
    added->has_observed = json_is_array(obs);
    if (!added->has_observed || cm_jr_strings(obs, &added->observed, &added->n_observed, where, err) == 0)
        return 0;
    cm_jr_strings_free(added->observed, added->n_observed);
    free(added->cluster.name);
    memset(added, 0, sizeof *added);
    return -1;
}

/* ---- copying, naming and freeing ------------------------------------------ */

/* See aes_result.h. */
long long platform_aes_cluster_number(const platform_aes_cluster *c)
{
    return c->kind == PLATFORM_CLUSTER_INT ? c->index : 0;
}

/* See aes_result.h. */
int platform_aes_cluster_copy(const platform_aes_cluster *c, platform_aes_cluster *out)
{
    *out = *c;
    out->name = c->name ? strdup(c->name) : NULL;
    return c->name && !out->name ? -1 : 0;
}

/* See aes_result.h. */
void platform_aes_result_free(platform_aes_result *r)
{
    char *s[] = {r->core_name,    r->arch,     r->mhz_source,       r->family,         r->claimed_verdict,
                 r->verdict,      r->message,  r->closest.family,   r->table_code.family, r->table_code.verdict,
                 r->aes_instructions, r->library_aes, r->masked_by, r->emulated,       r->native,
                 r->added.cluster.name, r->added.twins.message};
    for (size_t i = 0; i < sizeof s / sizeof *s; i++)
        free(s[i]);
    cm_jr_strings_free(r->added.observed, r->added.n_observed);
    for (size_t k = 0; k < r->added.twins.n_clusters; k++)
        free(r->added.twins.clusters[k].name);
    free(r->added.twins.clusters);
    memset(r, 0, sizeof *r);
}

/* See aes_result.h. */
void platform_aes_results_free(platform_aes_result *r, size_t n)
{
    for (size_t i = 0; r && i < n; i++)
        platform_aes_result_free(&r[i]);
    free(r);
}

/* See aes_result.h. */
void platform_aes_block_free(platform_aes_block *b)
{
    platform_aes_results_free(b->scores, b->n);
    free(b->reason);
    memset(b, 0, sizeof *b);
}
