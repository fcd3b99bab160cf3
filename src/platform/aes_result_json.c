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
#include "util/json.h"
#include "util/json_read.h"

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

/* The keys the rule writes. */
static int rule_to_json(const platform_aes_result *r, json_t *o)
{
    int rc = 0;
    rc |= cm_json_put(o, "core_name", cm_jw_string(r->core_name));
    rc |= cm_json_put(o, "arch", cm_jw_string(r->arch));
    rc |= cm_json_put(o, "mhz", cm_jw_number(r->mhz));
    rc |= cm_json_put(o, "mhz_source", cm_jw_string(r->mhz_source));
    rc |= cm_json_put(o, "kbs_16k", cm_jw_number(r->kbs_16k));
    rc |= cm_json_put(o, "score_per_mhz", cm_jw_number(r->score_per_mhz));
    rc |= cm_json_put(o, "family", cm_jw_string(r->family));
    rc |= cm_json_put(o, "ratio", cm_jw_number(r->ratio));
    rc |= cm_json_put(o, "tolerance", cm_jw_number(r->tolerance));
    rc |= cm_json_put(o, "expected_kbs", cm_jw_number(r->expected_kbs));
    rc |= cm_json_put(o, "implied_mhz", cm_jw_number(r->implied_mhz));
    rc |= cm_json_put(o, "deviation", cm_jw_number(r->deviation));
    const platform_aes_closest *c = &r->closest;
    rc |= cm_json_put(o, "closest_family", r->has_closest ? json_pack("{s:s?, s:f, s:f}", "family", c->family, "ratio",
                                                                      c->ratio, "deviation", c->deviation)
                                                          : json_null());
    rc |= cm_json_put(o, "claimed_mhz", cm_jw_number(r->claimed_mhz));
    rc |= cm_json_put(o, "claimed_deviation", cm_jw_number(r->claimed_deviation));
    rc |= cm_json_put(o, "claimed_verdict", cm_jw_string(r->claimed_verdict));
    rc |= cm_json_put(o, "verdict", cm_jw_string(r->verdict));
    rc |= cm_json_put(o, "circular", json_boolean(r->circular));
    const platform_aes_table_code *t = &r->table_code;
    rc |= cm_json_put(o, "table_code", r->has_table_code
                                           ? json_pack("{s:s?, s:f, s:f, s:f, s:s?, s:b}", "family", t->family, "ratio",
                                                       t->ratio, "tolerance", t->tolerance, "deviation", t->deviation,
                                                       "verdict", t->verdict, "circular", t->circular)
                                           : json_null());
    rc |= cm_json_put(o, "evidence", json_pack("{s:o, s:o, s:o, s:o, s:o}", "aes_instructions",
                                               cm_jw_string(r->aes_instructions), "library_aes",
                                               cm_jw_string(r->library_aes), "masked_by", cm_jw_string(r->masked_by),
                                               "emulated", cm_jw_string(r->emulated), "native",
                                               cm_jw_string(r->native)));
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

/* closest_family and table_code (null: none). */
static int judged_parse(const json_t *o, platform_aes_result *r, const char *where, cm_error *err)
{
    const json_t *c, *t;
    if (cm_jr_container(o, "closest_family", 'o', 1, &c, where, err) ||
        cm_jr_container(o, "table_code", 'o', 1, &t, where, err))
        return -1;
    r->has_closest = c != NULL;
    r->has_table_code = t != NULL;
    platform_aes_closest *cl = &r->closest;
    platform_aes_table_code *tc = &r->table_code;
    return (c && (cm_jr_string(c, "family", 1, &cl->family, where, err) ||
                  cm_jr_number(c, "ratio", 1, &cl->ratio, where, err) ||
                  cm_jr_number(c, "deviation", 1, &cl->deviation, where, err))) ||
                   (t && (cm_jr_string(t, "family", 1, &tc->family, where, err) ||
                          cm_jr_number(t, "ratio", 1, &tc->ratio, where, err) ||
                          cm_jr_number(t, "tolerance", 1, &tc->tolerance, where, err) ||
                          cm_jr_number(t, "deviation", 1, &tc->deviation, where, err) ||
                          cm_jr_string(t, "verdict", 1, &tc->verdict, where, err) ||
                          cm_jr_bool(t, "circular", 1, &tc->circular, where, err)))
               ? -1
               : 0;
}

/* The numbers and words of the rule. */
static int rule_parse(const json_t *o, platform_aes_result *r, const char *where, cm_error *err)
{
    static const char *const nkeys[] = {"mhz",          "kbs_16k",     "score_per_mhz", "ratio",       "tolerance",
                                        "expected_kbs", "implied_mhz", "deviation",     "claimed_mhz", "claimed_deviation"};
    double *nv[] = {&r->mhz,          &r->kbs_16k,     &r->score_per_mhz, &r->ratio,       &r->tolerance,
                    &r->expected_kbs, &r->implied_mhz, &r->deviation,     &r->claimed_mhz, &r->claimed_deviation};
    static const char *const skeys[] = {"core_name", "arch", "mhz_source", "family", "claimed_verdict", "verdict",
                                        "message"};
    char **sv[] = {&r->core_name, &r->arch, &r->mhz_source, &r->family, &r->claimed_verdict, &r->verdict, &r->message};
    for (size_t i = 0; i < sizeof nkeys / sizeof *nkeys; i++)
        if (cm_jr_number(o, nkeys[i], 1, nv[i], where, err) != 0)
            return -1;
    for (size_t i = 0; i < sizeof skeys / sizeof *skeys; i++)
        if (cm_jr_string(o, skeys[i], 1, sv[i], where, err) != 0)
            return -1;
    const json_t *ev;
    return cm_jr_bool(o, "circular", 1, &r->circular, where, err) || judged_parse(o, r, where, err) ||
                   cm_jr_container(o, "evidence", 'o', 1, &ev, where, err) ||
                   cm_jr_string(ev, "aes_instructions", 1, &r->aes_instructions, where, err) ||
                   cm_jr_string(ev, "library_aes", 1, &r->library_aes, where, err) ||
                   cm_jr_string(ev, "masked_by", 1, &r->masked_by, where, err) ||
                   cm_jr_string(ev, "emulated", 1, &r->emulated, where, err) ||
                   cm_jr_string(ev, "native", 1, &r->native, where, err)
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
