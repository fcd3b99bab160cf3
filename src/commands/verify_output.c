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

/* The count of t's skipped cases of file f, 0 when t has no report or
 * does not use f; *listed gets how many of them t's report lists. */
static unsigned target_skips(const verify_file *f, const verify_target *t, unsigned *listed)
{
    *listed = 0;
    if (!t->r.have_report || !verify_file_has(&f->info, t->alg))
        return 0;
    return verify_skips_in(f, &t->r.rep, listed);
}

/* The next line of skipped (a report's skipped_cases) from *p on that
 * names file f: its start in *line and its length in *len; *p moves past
 * it. 0 when no such line is left. */
static int next_skip(const verify_file *f, const char **p, const char **line, int *len)
{
    size_t n = strlen(f->name);
    while (**p) {
        const char *end = strchr(*p, '\n');
        *line = *p;
        *len = end ? (int)(end - *p) : (int)strlen(*p);
        *p += *len + (end ? 1 : 0);
        if (strncmp(*line, f->name, n) == 0 && (*line)[n] == ' ')
            return 1;
    }
    return 0;
}

/* The first COVERAGE line of f: cases, those run by algorithm, the others. */
static void print_coverage_head(FILE *out, const verify_file *f, const verify_run *run)
{
    const cm_kat_file_info *in = &f->info;
    fprintf(out, "%u cases: %u run", in->cases + in->cases_left_out, f->run);
    const char *sep = " (";
    for (size_t k = 0; k < in->n_algs; k++)
        if (verify_alg_ran(run, in->algs[k])) {
            fprintf(out, "%s%s %u", sep, in->algs[k]->name, in->alg_cases[k]);
            sep = ", ";
        }
    fprintf(out, "%s", sep[0] == ',' ? ")" : "");
    if (f->not_applied)
        fprintf(out, ", %u applied to no implementation checked here", f->not_applied);
    if (f->skipped)
        fprintf(out, ", %u skipped", f->skipped);
    fprintf(out, "\n");
}

/* verify_print_coverage's lines, unwrapped. */
static void coverage_lines(FILE *out, const verify_file *f, const verify_run *run)
{
    const cm_kat_file_info *in = &f->info;
    int name_len = (int)strlen(f->name);
    fprintf(out, "%-11s %-28s ", "COVERAGE", f->name);
    if (f->error[0]) {
        fprintf(out, "cannot scan: %s\n", f->error);
        return;
    }
    print_coverage_head(out, f, run);
    for (size_t g = 0; g < in->n_gaps; g++)
        fprintf(out, "%-11s - not applied: %u case%s: %s\n", "", in->gaps[g].cases,
               in->gaps[g].cases == 1 ? "" : "s", in->gaps[g].why);
    for (size_t i = 0; i < run->n; i++) {
        const verify_target *t = &run->targets[i];
        unsigned listed, count = target_skips(f, t, &listed);
        const char *p = t->r.rep.skipped_cases, *line;
        int len;
        while (count && next_skip(f, &p, &line, &len)) /* the file is named above */
            fprintf(out, "%-11s - skipped by %s: %.*s\n", "", t->name, len - name_len - 1,
                   line + name_len + 1);
        if (count > listed)
            fprintf(out, "%-11s - skipped by %s: %u more case%s (not listed)\n", "", t->name,
                   count - listed, count - listed == 1 ? "" : "s");
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
void verify_print_coverage(const verify_file *f, const verify_run *run)
{
    cm_text_gathered g;
    coverage_lines(cm_text_gather(&g, stdout), f, run);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}

/* ---- the document --------------------------------------------------------------- */

/* The skips of file f by implementation: [{"implementation", "cases",
 * "listed": [...]}]. NULL when out of memory. */
static json_t *skips_json(const verify_file *f, const verify_run *run)
{
    json_t *by_impl = json_array();
    int rc = by_impl ? 0 : -1;
    for (size_t i = 0; i < run->n && rc == 0; i++) {
        const verify_target *t = &run->targets[i];
        unsigned listed, count = target_skips(f, t, &listed);
        const char *p = t->r.rep.skipped_cases, *line;
        int len;
        if (!count)
            continue;
        json_t *list = json_array();
        while (list && next_skip(f, &p, &line, &len) && rc == 0)
            rc |= json_array_append_new(list, cm_json_stringn_lossy(line, (size_t)len));
        rc |= json_array_append_new(by_impl, json_pack("{s:s, s:I, s:o}", "implementation",
                                                       t->name, "cases", (json_int_t)count,
                                                       "listed", list));
    }
    return cm_json_checked(by_impl, rc);
}

/* f as JSON: {"file", "cases", "run": {"algorithm": cases, ...},
 * "not_applied": {"cases", "by_reason": [{"reason", "cases"}]},
 * "skipped": {"cases", "by_implementation": [...]}} or {"file", "error"}.
 * NULL when out of memory. */
static json_t *coverage_json(const verify_file *f, const verify_run *run)
{
    const cm_kat_file_info *in = &f->info;
    json_t *j = json_object(), *ran = json_object(), *reasons = json_array();
    int rc = cm_json_put(j, "file", cm_json_string_lossy(f->name));
    if (f->error[0]) {
        json_decref(ran);
        json_decref(reasons);
        return cm_json_checked(j, rc | cm_json_put(j, "error", cm_json_string_lossy(f->error)));
    }
    for (size_t k = 0; k < in->n_algs && ran; k++)
        if (verify_alg_ran(run, in->algs[k]))
            rc |= cm_json_put(ran, in->algs[k]->name, json_integer(in->alg_cases[k]));
    for (size_t g = 0; g < in->n_gaps && reasons; g++)
        rc |= json_array_append_new(reasons, json_pack("{s:o, s:I}", "reason",
                                                       cm_json_string_lossy(in->gaps[g].why),
                                                       "cases", (json_int_t)in->gaps[g].cases));
    rc |= cm_json_put(j, "cases", json_integer(in->cases + in->cases_left_out));
    rc |= cm_json_put(j, "run", ran);
    rc |= cm_json_put(j, "not_applied", json_pack("{s:I, s:o}", "cases",
                                                  (json_int_t)f->not_applied, "by_reason",
                                                  reasons));
    rc |= cm_json_put(j, "skipped", json_pack("{s:I, s:o}", "cases", (json_int_t)f->skipped,
                                              "by_implementation", skips_json(f, run)));
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
static int put_lists(json_t *doc, const verify_run *run, const verify_file *files, size_t n_files)
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
        rc |= json_array_append_new(coverage, coverage_json(&files[i], run));
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

int verify_write_document(const verify_run *run, const verify_file *files, size_t n_files,
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
    rc |= doc ? put_lists(doc, run, files, n_files) : -1;
    return verify_write_json(o, doc, rc, err);
}
