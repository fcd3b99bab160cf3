/*
 * verify.c — `cryptometer verify` (see verify.h): the options of `run`
 * (options.h), the same plan (plan.h: every implementation of the
 * registry that the selection takes, restricted by --wycheproof to the
 * file's algorithms), each implementation checked in a child through the
 * checking half of the run's child protocol (child.h), one line each, then
 * the coverage of each vector file (verify_coverage.c) and the JSON
 * document (verify_output.c). Unavailable implementations and backends
 * not built are listed with their reason, never dropped.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "util/error.h"
#include "util/input.h"
#include "util/isolate.h"
#include "records/output.h"
#include "registry/registry.h"
#include "commands/verify.h"
#include "commands/verify_internal.h"
#include "util/text.h"

/* Reads, parses and scans the Wycheproof file at path; returns the
 * document or NULL with err (code CM_EXIT_ENVIRONMENT). */
static json_t *load_wycheproof(const char *path, cm_kat_file_info *scan, cm_error *err)
{
    json_error_t jerr;
    char *text;
    size_t len;
    if (cm_read_file(path, CM_CAP_WYCHEPROOF, "Wycheproof file", &text, &len, err) != 0)
        return NULL;
    json_t *doc = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!doc)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not valid JSON: line %d, column %d: %s", path,
                     jerr.line, jerr.column, jerr.text);
    else if (cm_kat_wycheproof_scan(doc, path, scan, err) != 0)
        ;
    else if (scan->n_algs == 0)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: nothing this build can run: %s", path,
                     scan->groups_left_out ? scan->left_out_why : "the file has no test groups");
    else
        return doc;
    json_decref(doc);
    return NULL;
}

/* 1 if some backend of this build implements one of the scan's algorithms. */
static int scan_implemented(const cm_kat_file_info *scan)
{
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        size_t nr;
        const cm_impl *rows = cm_backend_impls(b, &nr);
        for (size_t k = 0; k < nr; k++)
            if (verify_file_has(scan, cm_algorithm_find(rows[k].algorithm)))
                return 1;
    }
    return 0;
}

/* The error when the plan is empty: the file's algorithms are in no
 * backend (environment), or the selection took nothing (usage). */
static int nothing_to_check(const cm_options *o, const cm_kat_file_info *scan, cm_error *err)
{
    char names[160] = "";
    if (scan && !scan_implemented(scan)) {
        for (size_t i = 0, used = 0; i < scan->n_algs && used < sizeof names; i++) {
            int w = snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                             scan->algs[i]->name);
            used += w > 0 ? (size_t)w : 0;
        }
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests %s, which no backend of this "
                            "build implements", o->wycheproof, names);
    }
    if (o->regex)
        return cm_error_set(err, CM_EXIT_USAGE, "no implementation%s matches --filter '%s'",
                            scan ? " of the file's algorithms" : "", o->regex);
    if (o->algorithms || o->backends)
        return cm_error_set(err, CM_EXIT_USAGE, "no implementation%s matches the selection "
                            "(see `cryptometer list`)", scan ? " of the file's algorithms" : "");
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "no implementation in this build");
}

/* The targets of the plan's groups (caller frees), unavailable ones with
 * the reason; NULL when out of memory. */
static verify_target *targets_of(const cm_group *groups, size_t n)
{
    verify_target *t = calloc(n ? n : 1, sizeof *t);
    for (size_t i = 0; t && i < n; i++) {
        t[i].g = &groups[i];
        t[i].alg = groups[i].alg;
        cm_group_name(t[i].name, sizeof t[i].name, &groups[i]);
        if (!groups[i].available) {
            t[i].r.state = CM_OUTCOME_UNAVAILABLE;
            snprintf(t[i].r.reason, sizeof t[i].r.reason, "%s",
                     groups[i].why[0] ? groups[i].why : "not available here (no reason given)");
        }
    }
    return t;
}

/* Checks every available target in turn, each in a child, and prints its
 * line (--quiet: only those that did not pass); counts the outcomes. */
static void check_all(verify_run *run, json_t *doc)
{
    cm_check_job job = {.sizes = run->o->sizes, .n_sizes = (size_t)run->o->n_sizes,
                        .wycheproof = doc, .source = run->o->wycheproof};
    run->complete = 1;
    for (size_t i = 0; i < run->n; i++) {
        verify_target *t = &run->targets[i];
        if (t->r.state != CM_OUTCOME_UNAVAILABLE) {
            if (!run->complete || cm_interrupted) {
                run->complete = 0;
                snprintf(t->r.reason, sizeof t->r.reason, "interrupted before its turn");
            } else {
                job.g = t->g;
                cm_check_isolated(&job, run->o->timeout_s, &t->r);
                run->complete &= t->r.state != CM_OUTCOME_NOT_RUN;
            }
        }
        run->counts[t->r.state]++;
        if (!run->o->quiet ||
            (t->r.state != CM_OUTCOME_PASSED && t->r.state != CM_OUTCOME_UNAVAILABLE))
            verify_print_target(t);
    }
}

/* Prints the backends not built, the coverage of the vector files and the
 * summary; writes --json. Returns the exit code. */
static int report(verify_run *run, json_t *doc, const cm_kat_file_info *scan)
{
    const cm_options *o = run->o;
    const unsigned *c = run->counts;
    cm_error err = {0, ""};
    size_t n_missing, n_files;
    const cm_backend_missing *missing = cm_registry_missing(&n_missing);
    for (size_t i = 0; i < n_missing && !o->quiet; i++)
        verify_print_not_built(missing[i].name, missing[i].reason, missing[i].package);
    verify_file *files;
    n_files = verify_collect_files(doc, o->wycheproof, scan, run, &files);
    verify_cov *covs = calloc(n_files + 1, sizeof *covs);
    size_t n_covs = 0;
    while (covs && n_covs < n_files && verify_cov_of(&files[n_covs], run, &covs[n_covs]) == 0)
        n_covs++;
    for (size_t i = 0; i < n_covs; i++)
        if (!o->quiet || covs[i].error || covs[i].not_applied || covs[i].skipped)
            verify_print_coverage(&covs[i]);
    verify_print_summary(run->counts, n_missing, run->complete);
    fflush(stdout);
    int code = c[CM_OUTCOME_FAILED] || c[CM_OUTCOME_CRASHED] || c[CM_OUTCOME_TIMEOUT] ||
                       c[CM_OUTCOME_ERROR] || (o->strict && c[CM_OUTCOME_KNOWN_FINDING])
                   ? CM_EXIT_FAILURES
                   : CM_EXIT_OK;
    if (!run->complete)
        code = cm_interrupted_exit();
    if (n_covs < n_files) /* out of memory: what is left unsaid is said */
        code = cm_command_fail(&cm_cmd_verify, &(cm_error){CM_EXIT_ENVIRONMENT,
                                                          "out of memory for the coverage"});
    else if (o->json_path && verify_write_document(run, covs, n_covs, &err) != 0)
        code = cm_command_fail(&cm_cmd_verify, &err);
    for (size_t i = 0; i < n_covs; i++)
        verify_cov_free(&covs[i]);
    free(covs);
    free(files);
    if (code == CM_EXIT_OK && doc && c[CM_OUTCOME_UNAVAILABLE] == run->n) {
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "%s: every implementation it applies to is "
                     "unavailable here (listed above)", o->wycheproof);
        code = cm_command_fail(&cm_cmd_verify, &err);
    }
    return code;
}

/* See verify.h. */
int cm_verify_main(cm_options *o)
{
    cm_error err = {0, ""};
    cm_kat_file_info scan;
    json_t *doc = NULL;
    cm_group *groups = NULL;
    verify_run run = {.o = o};
    int code;
    /* Usage errors, an unwritable --json among them, before anything runs. */
    if (o->pairs && o->wycheproof) {
        cm_error_set(&err, CM_EXIT_USAGE, "--pairs cross-checks implementations with each other; "
                     "it does not take --wycheproof");
        goto fail;
    }
    if (cm_options_plan(o, NULL, 0, &groups, &run.n, &err) != 0 ||
        (o->json_path && cm_output_check(o->json_path, (const char *const[]){o->wycheproof}, 1,
                                         o->force, &err) != 0))
        goto fail;
    free(groups);
    groups = NULL;
    verify_text_aside(o);
    cm_catch_interrupt();
    if (o->wycheproof && !(doc = load_wycheproof(o->wycheproof, &scan, &err)))
        goto fail;
    if (cm_options_plan(o, doc ? scan.algs : NULL, doc ? scan.n_algs : 0, &groups, &run.n,
                        &err) != 0 ||
        (run.n == 0 && nothing_to_check(o, doc ? &scan : NULL, &err) != 0))
        goto fail;
    if (o->pairs) {
        code = verify_pairs(o, groups, run.n);
        free(groups);
        return code;
    }
    if (!(run.targets = targets_of(groups, run.n))) {
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the plan");
        goto fail;
    }
    check_all(&run, doc);
    code = report(&run, doc, doc ? &scan : NULL);
    free(run.targets);
    free(groups);
    json_decref(doc);
    return code;
fail:
    free(groups);
    json_decref(doc);
    return cm_command_fail(&cm_cmd_verify, &err);
}
