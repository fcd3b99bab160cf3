/*
 * verify_output.c — what `verify` shows (see verify_internal.h): one line
 * per implementation, the COVERAGE lines of the vector files, and the same
 * as the "cryptometer-verify-v1" document of --json (docs/result-format.md),
 * written through the result documents' atomic path (output.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "records/output.h"
#include "registry/registry.h"
#include "commands/verify_internal.h"
#include "util/json.h"
#include "util/text.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

static const char *const state_labels[CM_OUTCOME_COUNT] = {
    "NOT RUN", "PASS", "FAIL", "CRASHED", "TIMEOUT", "ERROR", "UNAVAILABLE", "KNOWN"};
const char *const verify_state_names[CM_OUTCOME_COUNT] = {
    "not-run", "passed", "failed", "crashed", "timeout", "error", "unavailable", "known-finding"};

/* ---- lines ------------------------------------------------------------------------ */

/* verify_print_target's lines, unwrapped. */
static void target_lines(FILE *out, const verify_target *t)
{
    const cm_kat_report *r = &t->r.rep;
    fprintf(out, "%-11s %-28s ", state_labels[t->r.state], t->name);
    if ((t->r.state != CM_OUTCOME_PASSED && t->r.state != CM_OUTCOME_FAILED &&
         t->r.state != CM_OUTCOME_KNOWN_FINDING) ||
        !t->r.have_report) {
        fprintf(out, "%s\n", t->r.reason);
        return;
    }
    fprintf(out, "vectors %u passed, %u failed", r->passed, r->failed);
    if (r->skipped)
        fprintf(out, ", %u skipped", r->skipped);
    if (r->vectors == CM_CHECK_NONE)
        fprintf(out, " (none run)");
    if (r->cross == CM_CHECK_PASSED)
        fprintf(out, "; agrees with %s", r->cross_peer);
    else if (r->cross == CM_CHECK_FAILED)
        fprintf(out, "; cross-check vs %s FAILED: %s", r->cross_peer, r->cross_detail);
    else
        fprintf(out, "; cross-check %s", r->cross_detail);
    if (r->failure[0])
        fprintf(out, "; first failure: %s", r->failure);
    if (t->r.state == CM_OUTCOME_FAILED && cm_kat_report_status(r) == CM_CHECK_NONE)
        fprintf(out, "; nothing was checked");
    fprintf(out, "\n");
    /* findings: invalid cases the library accepted, each by file and tcId */
    for (const char *p = r->finding_cases; *p;) {
        size_t len = strcspn(p, "\n");
        fprintf(out, "%-11s - FINDING about %s: %.*s\n", "", t->name, (int)len, p);
        p += len + (p[len] == '\n');
    }
    if (t->r.state == CM_OUTCOME_KNOWN_FINDING)
        fprintf(out, "%-11s - KNOWN FINDING %s%s (data/library_findings.json; cases %s the timed "
               "parameters): %s\n", "", r->known_id, r->known_security ? ", security-relevant" : "",
               r->known_inside ? "inside" : "outside", r->known_what);
    if (r->findings > 0 && !r->finding_cases[0])
        fprintf(out, "%-11s - FINDING about %s: %u invalid cases accepted\n", "", t->name, r->findings);
}

/* The first COVERAGE line of c: cases, those run by algorithm, the others. */
static void print_coverage_head(FILE *out, const verify_cov *c)
{
    unsigned run = 0;
    for (size_t k = 0; k < c->n_ran; k++)
        run += c->ran_cases[k];
    fprintf(out, "%u cases: %u run", c->cases, run);
    for (size_t k = 0; k < c->n_ran; k++)
        fprintf(out, "%s%s %u", k ? ", " : " (", c->ran[k], c->ran_cases[k]);
    fprintf(out, "%s", c->n_ran ? ")" : "");
    if (c->not_applied)
        fprintf(out, ", %u applied to no implementation checked here", c->not_applied);
    if (c->skipped)
        fprintf(out, ", %u skipped", c->skipped);
    fprintf(out, "\n");
}

/* verify_print_coverage's lines, unwrapped. */
static void coverage_lines(FILE *out, const verify_cov *c)
{
    size_t name_len = strlen(c->file);
    fprintf(out, "%-11s %-28s ", "COVERAGE", c->file);
    if (c->error) {
        fprintf(out, "cannot scan: %s\n", c->error);
        return;
    }
    print_coverage_head(out, c);
    for (size_t g = 0; g < c->n_gaps; g++)
        fprintf(out, "%-11s - not applied: %u case%s: %s\n", "", c->gap_cases[g],
                c->gap_cases[g] == 1 ? "" : "s", c->gap_why[g]);
    for (size_t i = 0; i < c->n_skips; i++) {
        const verify_cov_skips *k = &c->skips[i];
        for (size_t l = 0; l < k->n_listed; l++) /* the file is named above */
            fprintf(out, "%-11s - skipped by %s: %s\n", "", k->impl,
                    strncmp(k->listed[l], c->file, name_len) == 0 && k->listed[l][name_len] == ' '
                        ? k->listed[l] + name_len + 1 : k->listed[l]);
        if (k->cases > k->n_listed)
            fprintf(out, "%-11s - skipped by %s: %zu more case%s (not listed)\n", "", k->impl,
                    k->cases - k->n_listed, k->cases - k->n_listed == 1 ? "" : "s");
    }
}

/* See verify_internal.h: each implementation's lines wrapped to 100
 * columns as they come (a long verify shows its progress). */
void verify_print_target(const verify_target *t)
{
    cm_text_gathered g;
    target_lines(cm_text_gather(&g, stdout), t);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}

/* See verify_internal.h. */
void verify_print_coverage(const verify_cov *c)
{
    cm_text_gathered g;
    coverage_lines(cm_text_gather(&g, stdout), c);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}

/* See verify_internal.h. */
void verify_print_not_built(const char *name, const char *reason, const char *package)
{
    char line[512];
    snprintf(line, sizeof line, "%-11s %-28s %s (install %s)", "NOT BUILT", name, reason,
             package);
    cm_text_wrap_line(stdout, line, strlen(line), CM_TEXT_COLUMNS);
}

/* See verify_internal.h. */
void verify_print_summary(const unsigned *c, size_t n_missing, int complete)
{
    static const struct {
        cm_outcome state;
        const char *what;
    } more[] = {{CM_OUTCOME_KNOWN_FINDING, "known findings"}, {CM_OUTCOME_CRASHED, "crashed"},
                {CM_OUTCOME_TIMEOUT, "timed out"}, {CM_OUTCOME_ERROR, "errors"},
                {CM_OUTCOME_UNAVAILABLE, "unavailable"}};
    char summary[256];
    snprintf(summary, sizeof summary, "verify: %u passed, %u failed", c[CM_OUTCOME_PASSED],
             c[CM_OUTCOME_FAILED]);
    for (size_t k = 0; k < sizeof more / sizeof *more; k++)
        if (c[more[k].state])
            cm_text_append(summary, sizeof summary, ", %u %s", c[more[k].state], more[k].what);
    if (n_missing)
        cm_text_append(summary, sizeof summary, ", %zu backends not built", n_missing);
    cm_text_append(summary, sizeof summary, "%s", complete ? "" : " (interrupted)");
    cm_text_wrap_line(stdout, summary, strlen(summary), CM_TEXT_COLUMNS);
}

/* See verify_internal.h. */
int verify_state_of(const char *name)
{
    for (int s = 0; s < CM_OUTCOME_COUNT; s++)
        if (strcmp(name, verify_state_names[s]) == 0)
            return s;
    return -1;
}

/* ---- the document --------------------------------------------------------------- */

/* The skips of c by implementation: [{"implementation", "cases", "listed":
 * [...]}]. NULL when out of memory. */
static json_t *skips_json(const verify_cov *c)
{
    json_t *by_impl = json_array();
    int rc = by_impl ? 0 : -1;
    for (size_t i = 0; i < c->n_skips && rc == 0; i++) {
        const verify_cov_skips *k = &c->skips[i];
        json_t *list = json_array();
        for (size_t l = 0; list && l < k->n_listed && rc == 0; l++)
            rc |= json_array_append_new(list, json_string(k->listed[l]));
        rc |= json_array_append_new(by_impl, json_pack("{s:s, s:I, s:o}", "implementation",
                                                       k->impl, "cases", (json_int_t)k->cases,
                                                       "listed", list));
    }
    return cm_json_checked(by_impl, rc);
}

/* c as JSON: {"file", "cases", "run": {"algorithm": cases, ...},
 * "not_applied": {"cases", "by_reason": [{"reason", "cases"}]},
 * "skipped": {"cases", "by_implementation": [...]}} or {"file", "error"}.
 * NULL when out of memory. */
static json_t *coverage_json(const verify_cov *c)
{
    json_t *j = json_object(), *ran = json_object(), *reasons = json_array();
    int rc = cm_json_put(j, "file", json_string(c->file));
    if (c->error) {
        json_decref(ran);
        json_decref(reasons);
        return cm_json_checked(j, rc | cm_json_put(j, "error", json_string(c->error)));
    }
    for (size_t k = 0; k < c->n_ran && ran; k++)
        rc |= cm_json_put(ran, c->ran[k], json_integer(c->ran_cases[k]));
    for (size_t g = 0; g < c->n_gaps && reasons; g++)
        rc |= json_array_append_new(reasons, json_pack("{s:s, s:I}", "reason", c->gap_why[g],
                                                       "cases", (json_int_t)c->gap_cases[g]));
    rc |= cm_json_put(j, "cases", json_integer(c->cases));
    rc |= cm_json_put(j, "run", ran);
    rc |= cm_json_put(j, "not_applied", json_pack("{s:I, s:o}", "cases",
                                                  (json_int_t)c->not_applied, "by_reason",
                                                  reasons));
    rc |= cm_json_put(j, "skipped", json_pack("{s:I, s:o}", "cases", (json_int_t)c->skipped,
                                              "by_implementation", skips_json(c)));
    return cm_json_checked(j, rc);
}

/* One implementation's entry of the document. */
static json_t *target_json(const verify_target *t)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:o, s:o}", "implementation", t->name, "backend",
                     t->g->backend->name, "algorithm", t->alg->name, "status",
                     verify_state_names[t->r.state], "reason",
                     t->r.reason[0] ? cm_json_string_lossy(t->r.reason) : json_null(), "kat",
                     t->r.have_report ? cm_kat_report_json(&t->r.rep) : json_null());
}

/* The lists of the document: implementations, backends not built, the
 * summary and the coverage, into doc. 0 or -1 when out of memory. */
static int put_lists(json_t *doc, const verify_run *run, const verify_cov *covs, size_t n_files)
{
    json_t *list = json_array(), *missing = json_array(), *summary = json_object(),
           *coverage = json_array();
    size_t n_missing;
    const cm_backend_missing *m = cm_registry_missing(&n_missing);
    int rc = 0;
    for (size_t i = 0; i < run->n && list; i++)
        rc |= json_array_append_new(list, target_json(&run->targets[i]));
    for (size_t i = 0; i < n_missing && missing; i++)
        rc |= json_array_append_new(missing, json_pack("{s:s, s:s, s:s}", "backend", m[i].name,
                                                       "reason", m[i].reason, "package",
                                                       m[i].package));
    for (int s = 0; s < CM_OUTCOME_COUNT && summary; s++)
        rc |= cm_json_put(summary, verify_state_names[s], json_integer(run->counts[s]));
    rc |= summary ? cm_json_put(summary, "not-built", json_integer((json_int_t)n_missing)) : -1;
    for (size_t i = 0; i < n_files && coverage; i++)
        rc |= json_array_append_new(coverage, coverage_json(&covs[i]));
    rc |= cm_json_put(doc, "implementations", list);
    rc |= cm_json_put(doc, "backends_not_built", missing);
    rc |= cm_json_put(doc, "summary", summary);
    rc |= cm_json_put(doc, "coverage", coverage);
    return rc;
}

/* --json -: standard output's descriptor while verify's text goes to
 * standard error, or -1. */
static int saved_stdout = -1;

void verify_text_aside(const cm_options *o)
{
    if (!cm_is_stdout(o->json_path))
        return;
    fflush(stdout);
    saved_stdout = dup(1);
    if (saved_stdout >= 0)
        dup2(2, 1);
}

int verify_write_json(const cm_options *o, json_t *doc, int rc, cm_error *err)
{
    if (saved_stdout >= 0) {
        fflush(stdout);
        dup2(saved_stdout, 1);
        close(saved_stdout);
        saved_stdout = -1;
    }
    return cm_write_json_built(o->json_path, doc, rc, err);
}

int verify_write_document(const verify_run *run, const verify_cov *covs, size_t n_files,
                          cm_error *err)
{
    const cm_options *o = run->o;
    json_t *doc = json_object();
    int rc = cm_json_put(doc, "format", json_string("cryptometer-verify-v1"));
    rc |= cm_json_put(doc, "cryptometer_version", json_string(CM_VERSION));
    rc |= cm_json_put(doc, "vectors", o->wycheproof ? cm_json_string_lossy(o->wycheproof)
                                                    : json_string("built-in"));
    rc |= cm_json_put(doc, "filter", o->regex ? cm_json_string_lossy(o->regex) : json_null());
    rc |= cm_json_put(doc, "timeout_s", json_real(o->timeout_s));
    rc |= cm_json_put(doc, "complete", json_boolean(run->complete));
    rc |= doc ? put_lists(doc, run, covs, n_files) : -1;
    return verify_write_json(o, doc, rc, err);
}
