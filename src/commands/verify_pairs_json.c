/*
 * verify_pairs_json.c — the "cryptometer-verify-pairs-v1" document of a
 * `verify --pairs` result (verify_pairs_view.h): the one writer and the
 * one parser (for `show`). A field missing or of the wrong type is one
 * error naming it; "unavailable" and "helpers", which older documents
 * lack, may be absent (vp_alg.have_asides 0).
 */
#include <stdlib.h>
#include <string.h>
#include "commands/verify_internal.h"
#include "commands/verify_pairs_view.h"
#include "util/json.h"
#include "util/json_each.h"
#include "util/json_read.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

/* See verify_pairs_view.h. */
const char *vp_state_name(int state)
{
    return state == VP_HELPER ? "not-checked" : verify_state_names[state];
}

/* See verify_pairs_view.h. */
int vp_state_of(const char *name)
{
    return strcmp(name, vp_state_name(VP_HELPER)) == 0 ? VP_HELPER : verify_state_of(name);
}

static void asides_free(vp_aside *v, size_t n)
{
    for (size_t i = 0; v && i < n; i++) {
        free(v[i].name);
        free(v[i].why);
    }
    free(v);
}

/* See verify_pairs_view.h. */
void vp_result_free(vp_result *r)
{
    for (size_t i = 0; r->algs && i < r->n; i++) {
        vp_alg *pa = &r->algs[i];
        for (size_t k = 0; pa->pairs && k < pa->n_pairs; k++) {
            free(pa->pairs[k].detail);
            free(pa->pairs[k].where);
        }
        free(pa->name);
        free(pa->cls);
        free(pa->pairs);
        cm_jr_strings_free(pa->impls, pa->n);
        cm_jr_strings_free(pa->odd, pa->n_odd);
        asides_free(pa->unavailable, pa->n_unavailable);
        asides_free(pa->helpers, pa->n_helpers);
    }
    free(r->algs);
    free(r->filter);
    memset(r, 0, sizeof *r);
}

/* ---- the writer ---------------------------------------------------------------- */

/* The asides v[0..n) as [{"implementation", why_key}]; NULL when out of memory. */
static json_t *asides_json(const vp_aside *v, size_t n, const char *why_key)
{
    json_t *a = json_array();
    int rc = 0;
    for (size_t i = 0; i < n && a; i++)
        rc |= json_array_append_new(a, json_pack("{s:o, s:o}", "implementation",
                                                 cm_jw_string(v[i].name), why_key,
                                                 cm_jw_string(v[i].why)));
    return cm_json_checked(a, rc);
}

/* pa as one object of "algorithms"; NULL when out of memory. */
static json_t *alg_json(const vp_alg *pa)
{
    json_t *o = json_object(), *pairs = json_array();
    int rc = 0;
    for (size_t k = 0; k < pa->n_pairs && pairs; k++) {
        const vp_pair *p = &pa->pairs[k];
        rc |= json_array_append_new(
            pairs, json_pack("{s:o, s:o, s:s, s:o, s:o}", "a", cm_jw_string(pa->impls[p->a]), "b",
                             cm_jw_string(pa->impls[p->b]), "status", vp_state_name(p->state),
                             "detail", cm_jw_string(p->detail ? p->detail : ""), "where",
                             cm_jw_string(p->where)));
    }
    rc |= cm_json_put(o, "algorithm", cm_jw_string(pa->name));
    rc |= cm_json_put(o, "class", cm_jw_string(pa->cls));
    rc |= cm_json_put(o, "seconds", json_real(pa->seconds));
    rc |= cm_json_put(o, "implementations", cm_jw_strings(pa->impls, pa->n));
    rc |= cm_json_put(o, "pairs", pairs);
    rc |= cm_json_put(o, "disagrees_with_all_others", cm_jw_strings(pa->odd, pa->n_odd));
    rc |= cm_json_put(o, "unavailable", asides_json(pa->unavailable, pa->n_unavailable, "reason"));
    rc |= cm_json_put(o, "helpers", asides_json(pa->helpers, pa->n_helpers, "runs_in"));
    return cm_json_checked(o, rc);
}

/* See verify_pairs_view.h. */
json_t *vp_result_json(const vp_result *r)
{
    json_t *doc = json_object(), *list = json_array(), *summary = json_object();
    unsigned totals[VP_STATES] = {0};
    int rc = cm_json_put(doc, "format", json_string("cryptometer-verify-pairs-v1"));
    rc |= cm_json_put(doc, "cryptometer_version", json_string(CM_VERSION));
    rc |= cm_json_put(doc, "filter", cm_jw_string(r->filter));
    rc |= cm_json_put(doc, "timeout_s", json_real(r->timeout_s));
    rc |= cm_json_put(doc, "complete", json_boolean(r->complete));
    rc |= cm_json_put(doc, "seconds", json_real(r->seconds));
    for (size_t i = 0; i < r->n && list; i++) {
        rc |= json_array_append_new(list, alg_json(&r->algs[i]));
        vp_alg_count(&r->algs[i], totals);
    }
    for (int s = 0; s < VP_STATES && summary; s++)
        rc |= cm_json_put(summary, vp_state_name(s), json_integer(totals[s]));
    rc |= cm_json_put(doc, "algorithms", list);
    rc |= cm_json_put(doc, "summary", summary);
    return cm_json_checked(doc, rc);
}

/* ---- the parser ---------------------------------------------------------------- */

/* What an item parser of one algorithm's arrays gets. */
typedef struct alg_ctx {
    vp_alg *pa;
    const char *where;
    const char *why_key;     /* the asides' reason key */
    vp_aside *asides;
    size_t *n_asides;
} alg_ctx;

/* The index of implementation name in pa, or -1. */
static long impl_index(const vp_alg *pa, const char *name)
{
    for (size_t i = 0; i < pa->n; i++)
        if (strcmp(pa->impls[i], name) == 0)
            return (long)i;
    return -1;
}

/* pairs[i] into the next pair (a cm_json_item_parser). */
static int pair_item(const json_t *o, size_t i, void *ctx, cm_error *err)
{
    alg_ctx *c = ctx;
    vp_pair *p = &c->pa->pairs[c->pa->n_pairs];
    char where[160], a[128], b[128], status[32];
    snprintf(where, sizeof where, "%s: pairs[%zu]", c->where, i);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    c->pa->n_pairs++;
    if (cm_jr_string_into(o, "a", 0, a, sizeof a, where, err) ||
        cm_jr_string_into(o, "b", 0, b, sizeof b, where, err) ||
        cm_jr_string_into(o, "status", 0, status, sizeof status, where, err) ||
        cm_jr_string(o, "detail", 0, &p->detail, where, err) ||
        cm_jr_string(o, "where", 1, &p->where, where, err))
        return -1;
    long ia = impl_index(c->pa, a), ib = impl_index(c->pa, b);
    p->state = vp_state_of(status);
    if (ia < 0 || ib < 0 || ia == ib)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: \"a\" and \"b\" are not two of its "
                            "implementations", where);
    if (p->state < 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: status \"%s\" is not an outcome",
                            where, status);
    p->a = (size_t)ia, p->b = (size_t)ib;
    return 0;
}

/* unavailable[i] or helpers[i] into the next aside (a cm_json_item_parser). */
static int aside_item(const json_t *o, size_t i, void *ctx, cm_error *err)
{
    alg_ctx *c = ctx;
    vp_aside *v = &c->asides[*c->n_asides];
    char where[160];
    snprintf(where, sizeof where, "%s: %s[%zu]", c->where,
             strcmp(c->why_key, "reason") == 0 ? "unavailable" : "helpers", i);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    (*c->n_asides)++;
    return cm_jr_string(o, "implementation", 0, &v->name, where, err) ||
                   cm_jr_string(o, c->why_key, 0, &v->why, where, err)
               ? -1 : 0;
}

/* The array at key of o (absent: none, *have 0) into *v. */
static int asides_from(const json_t *o, const char *key, const char *why_key, alg_ctx *c,
                       vp_aside **v, size_t *n, int *have, cm_error *err)
{
    const json_t *a = NULL;
    if (cm_jr_container(o, key, 'a', 1, &a, c->where, err) != 0)
        return -1;
    *have &= a != NULL;
    if (!(*v = calloc(json_array_size(a) + 1, sizeof **v)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    c->why_key = why_key, c->asides = *v, c->n_asides = n;
    return cm_json_each(a, c->where, aside_item, c, err);
}

/* algorithms[i] into the next algorithm (a cm_json_item_parser). */
static int alg_item(const json_t *o, size_t i, void *list, cm_error *err)
{
    vp_result *r = list;
    vp_alg *pa = &r->algs[r->n];
    const json_t *impls = NULL, *pairs = NULL, *odd = NULL;
    char where[48];
    snprintf(where, sizeof where, "algorithms[%zu]", i);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    r->n++;
    pa->have_asides = 1;
    alg_ctx c = {pa, where, NULL, NULL, NULL};
    if (cm_jr_string(o, "algorithm", 0, &pa->name, where, err) ||
        cm_jr_string(o, "class", 0, &pa->cls, where, err) ||
        cm_jr_number(o, "seconds", 0, &pa->seconds, where, err) ||
        cm_jr_container(o, "implementations", 'a', 0, &impls, where, err) ||
        cm_jr_container(o, "pairs", 'a', 0, &pairs, where, err) ||
        cm_jr_container(o, "disagrees_with_all_others", 'a', 0, &odd, where, err) ||
        cm_jr_strings(impls, &pa->impls, &pa->n, where, err) ||
        cm_jr_strings(odd, &pa->odd, &pa->n_odd, where, err) ||
        asides_from(o, "unavailable", "reason", &c, &pa->unavailable, &pa->n_unavailable,
                    &pa->have_asides, err) ||
        asides_from(o, "helpers", "runs_in", &c, &pa->helpers, &pa->n_helpers,
                    &pa->have_asides, err))
        return -1;
    if (!(pa->pairs = calloc(json_array_size(pairs) + 1, sizeof *pa->pairs)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return cm_json_each(pairs, where, pair_item, &c, err);
}

/* See verify_pairs_view.h. */
int vp_result_from_json(const json_t *doc, vp_result *r, cm_error *err)
{
    const json_t *algs = NULL;
    const char *where = "verify --pairs document";
    memset(r, 0, sizeof *r);
    int rc = cm_jr_container(doc, "algorithms", 'a', 0, &algs, where, err) ||
             cm_jr_bool(doc, "complete", 0, &r->complete, where, err) ||
             cm_jr_number(doc, "seconds", 0, &r->seconds, where, err) ||
             cm_jr_number(doc, "timeout_s", 1, &r->timeout_s, where, err) ||
             cm_jr_string(doc, "filter", 1, &r->filter, where, err)
                 ? -1 : 0;
    if (rc == 0 && !(r->algs = calloc(json_array_size(algs) + 1, sizeof *r->algs)))
        rc = cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    if (rc == 0)
        rc = cm_json_each(algs, "algorithms", alg_item, r, err);
    if (rc != 0)
        vp_result_free(r);
    return rc;
}
