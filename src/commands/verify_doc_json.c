/*
 * verify_doc_json.c — a "cryptometer-verify-v1" document read back and
 * printed as `verify` printed it (verify.h, cm_verify_show): each
 * implementation's line, the backends not built, the COVERAGE entries
 * (verify_cov) and the summary, through verify_output.c's renderers. A
 * field missing or of the wrong type is one error naming it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "commands/verify.h"
#include "commands/verify_internal.h"
#include "util/json_each.h"
#include "util/json_read.h"

/* A backend not built, as the document names it. */
typedef struct not_built {
    char *name, *reason, *package;
} not_built;

/* A verify document, read back. */
typedef struct verify_doc {
    verify_target *targets;
    size_t n_targets;
    not_built *missing;
    size_t n_missing;
    verify_cov *covs;
    size_t n_covs;
    unsigned counts[CM_OUTCOME_COUNT];
    int complete;
} verify_doc;

/* implementations[i] into target t; 0, or -1 with err. */
static int target_from(const json_t *o, verify_target *t, const char *where, cm_error *err)
{
    char status[32];
    const json_t *kat = NULL;
    memset(t, 0, sizeof *t);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    if (cm_jr_string_into(o, "implementation", 0, t->name, sizeof t->name, where, err) ||
        cm_jr_string_into(o, "status", 0, status, sizeof status, where, err) ||
        cm_jr_string_into(o, "reason", 1, t->r.reason, sizeof t->r.reason, where, err) ||
        cm_jr_container(o, "kat", 'o', 1, &kat, where, err))
        return -1;
    int state = verify_state_of(status);
    if (state < 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: status \"%s\" is not an outcome",
                            where, status);
    t->r.state = (cm_outcome)state;
    t->r.have_report = kat != NULL;
    if (kat && cm_kat_report_from_json(kat, &t->r.rep) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: kat is not a check report", where);
    return 0;
}

/* A count at key of o (0 when absent and optional); 0, or -1 with err. */
static int count_at(const json_t *o, const char *key, int optional, unsigned *out,
                    const char *where, cm_error *err)
{
    long long v = 0;
    if (cm_jr_int(o, key, optional, &v, where, err) != 0)
        return -1;
    if (v < 0 || v > (long long)UINT32_MAX)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: \"%s\" is out of range", where, key);
    *out = (unsigned)v;
    return 0;
}

/* The algorithms run and their cases ("run": {"alg": cases}) into c. */
static int ran_from(const json_t *run, verify_cov *c, const char *where, cm_error *err)
{
    const char *alg;
    const json_t *v;
    size_t n = run ? json_object_size(run) : 0;
    c->ran = calloc(n + 1, sizeof *c->ran);
    c->ran_cases = calloc(n + 1, sizeof *c->ran_cases);
    if (!c->ran || !c->ran_cases)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    json_object_foreach((json_t *)run, alg, v) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > UINT32_MAX)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: run.%s is not a count", where, alg);
        c->ran_cases[c->n_ran] = (unsigned)json_integer_value(v);
        if (!(c->ran[c->n_ran++] = strdup(alg)))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    }
    return 0;
}

/* not_applied.by_reason[i] into the next gap of c (a cm_json_item_parser). */
static int gap_from(const json_t *o, size_t i, void *list, cm_error *err)
{
    verify_cov *c = list;
    char where[80];
    snprintf(where, sizeof where, "coverage %s: by_reason[%zu]", c->file, i);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    c->gap_why[c->n_gaps] = NULL;
    if (count_at(o, "cases", 0, &c->gap_cases[c->n_gaps], where, err) ||
        cm_jr_string(o, "reason", 0, &c->gap_why[c->n_gaps], where, err))
        return -1;
    c->n_gaps++;
    return 0;
}

/* skipped.by_implementation[i] into the next skips of c (a
 * cm_json_item_parser). */
static int skips_from(const json_t *o, size_t i, void *list, cm_error *err)
{
    verify_cov *c = list;
    verify_cov_skips *k = &c->skips[c->n_skips];
    const json_t *listed = NULL;
    char where[80];
    snprintf(where, sizeof where, "coverage %s: by_implementation[%zu]", c->file, i);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    c->n_skips++;
    return cm_jr_string(o, "implementation", 0, &k->impl, where, err) ||
                   count_at(o, "cases", 0, &k->cases, where, err) ||
                   cm_jr_container(o, "listed", 'a', 0, &listed, where, err) ||
                   cm_jr_strings(listed, &k->listed, &k->n_listed, where, err)
               ? -1 : 0;
}

/* The parts of a coverage entry that has no error into c. */
static int cov_parts(const json_t *o, verify_cov *c, const char *where, cm_error *err)
{
    const json_t *run = NULL, *na = NULL, *sk = NULL, *reasons = NULL, *impls = NULL;
    if (count_at(o, "cases", 0, &c->cases, where, err) ||
        cm_jr_container(o, "run", 'o', 0, &run, where, err) ||
        cm_jr_container(o, "not_applied", 'o', 0, &na, where, err) ||
        cm_jr_container(o, "skipped", 'o', 0, &sk, where, err) ||
        count_at(na, "cases", 0, &c->not_applied, where, err) ||
        cm_jr_container(na, "by_reason", 'a', 0, &reasons, where, err) ||
        count_at(sk, "cases", 0, &c->skipped, where, err) ||
        cm_jr_container(sk, "by_implementation", 'a', 0, &impls, where, err) ||
        ran_from(run, c, where, err))
        return -1;
    c->gap_why = calloc(json_array_size(reasons) + 1, sizeof *c->gap_why);
    c->gap_cases = calloc(json_array_size(reasons) + 1, sizeof *c->gap_cases);
    c->skips = calloc(json_array_size(impls) + 1, sizeof *c->skips);
    if (!c->gap_why || !c->gap_cases || !c->skips)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return cm_json_each(reasons, where, gap_from, c, err) ||
                   cm_json_each(impls, where, skips_from, c, err)
               ? -1 : 0;
}

/* coverage[i] into the next entry of the list (a cm_json_item_parser). */
static int cov_from(const json_t *o, size_t i, void *list, cm_error *err)
{
    verify_doc *d = list;
    verify_cov *c = &d->covs[d->n_covs++];
    char where[48];
    snprintf(where, sizeof where, "coverage[%zu]", i);
    memset(c, 0, sizeof *c);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    if (cm_jr_string(o, "file", 0, &c->file, where, err) ||
        cm_jr_string(o, "error", 1, &c->error, where, err))
        return -1;
    return c->error ? 0 : cov_parts(o, c, where, err);
}

/* implementations[i] into the next target (a cm_json_item_parser). */
static int target_item(const json_t *o, size_t i, void *list, cm_error *err)
{
    verify_doc *d = list;
    char where[48];
    snprintf(where, sizeof where, "implementations[%zu]", i);
    return target_from(o, &d->targets[d->n_targets++], where, err);
}

/* backends_not_built[i] into the next entry (a cm_json_item_parser). */
static int not_built_item(const json_t *o, size_t i, void *list, cm_error *err)
{
    verify_doc *d = list;
    not_built *m = &d->missing[d->n_missing];
    char where[48];
    snprintf(where, sizeof where, "backends_not_built[%zu]", i);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    d->n_missing++;
    return cm_jr_string(o, "backend", 0, &m->name, where, err) ||
                   cm_jr_string(o, "reason", 0, &m->reason, where, err) ||
                   cm_jr_string(o, "package", 0, &m->package, where, err)
               ? -1 : 0;
}

/* The counts of "summary" by outcome into d. */
static int summary_from(const json_t *summary, verify_doc *d, cm_error *err)
{
    for (int s = 0; s < CM_OUTCOME_COUNT; s++)
        if (count_at(summary, verify_state_names[s], 0, &d->counts[s], "summary", err) != 0)
            return -1;
    return 0;
}

/* The arrays of doc, sized, into d. 0, or -1 with err. */
static int doc_from(const json_t *doc, verify_doc *d, cm_error *err)
{
    const json_t *impls = NULL, *missing = NULL, *summary = NULL, *coverage = NULL;
    const char *where = "verify document";
    if (cm_jr_container(doc, "implementations", 'a', 0, &impls, where, err) ||
        cm_jr_container(doc, "backends_not_built", 'a', 0, &missing, where, err) ||
        cm_jr_container(doc, "summary", 'o', 0, &summary, where, err) ||
        cm_jr_container(doc, "coverage", 'a', 0, &coverage, where, err) ||
        cm_jr_bool(doc, "complete", 0, &d->complete, where, err) || summary_from(summary, d, err))
        return -1;
    d->targets = calloc(json_array_size(impls) + 1, sizeof *d->targets);
    d->missing = calloc(json_array_size(missing) + 1, sizeof *d->missing);
    d->covs = calloc(json_array_size(coverage) + 1, sizeof *d->covs);
    if (!d->targets || !d->missing || !d->covs)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return cm_json_each(impls, "implementations", target_item, d, err) ||
                   cm_json_each(missing, "backends_not_built", not_built_item, d, err) ||
                   cm_json_each(coverage, "coverage", cov_from, d, err)
               ? -1 : 0;
}

static void doc_free(verify_doc *d)
{
    for (size_t i = 0; d->missing && i < d->n_missing; i++) {
        free(d->missing[i].name);
        free(d->missing[i].reason);
        free(d->missing[i].package);
    }
    for (size_t i = 0; d->covs && i < d->n_covs; i++)
        verify_cov_free(&d->covs[i]);
    free(d->targets);
    free(d->missing);
    free(d->covs);
}

/* See verify.h. */
int cm_verify_show(const json_t *doc, cm_error *err)
{
    verify_doc d;
    memset(&d, 0, sizeof d);
    int rc = doc_from(doc, &d, err);
    for (size_t i = 0; rc == 0 && i < d.n_targets; i++)
        verify_print_target(&d.targets[i]);
    for (size_t i = 0; rc == 0 && i < d.n_missing; i++)
        verify_print_not_built(d.missing[i].name, d.missing[i].reason, d.missing[i].package);
    for (size_t i = 0; rc == 0 && i < d.n_covs; i++)
        verify_print_coverage(&d.covs[i]);
    if (rc == 0)
        verify_print_summary(d.counts, d.n_missing, d.complete);
    doc_free(&d);
    return rc;
}
