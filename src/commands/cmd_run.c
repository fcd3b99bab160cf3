/*
 * cmd_run.c — `cryptometer run`: parse the options (options.h), check
 * every input and output before anything runs and begin the document (the
 * start every measuring command shares: measuring.h), measure the plan
 * (suite.c), then write the JSON document (and CSV) atomically and print
 * the table. Ctrl-C stops the run; what finished is written, marked
 * incomplete.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "util/json.h"
#include "measure/probe.h"
#include "model/class.h"
#include "commands/commands.h"
#include "commands/measuring.h"
#include "util/isolate.h"
#include "util/testhook.h"
#include "commands/options.h"
#include "records/answers.h"
#include "records/output.h"
#include "records/report_narrow.h"
#include "registry/plan.h"
#include "records/score.h"
#include "run/suite.h"
#include "run/rounds.h"
#include "measure/threads.h"
#include "measure/workload.h"
#include "platform/flags.h"
#include "platform/platform.h"
#include "platform/timer.h"
#include "platform/verdict.h"
#include "platform/aes_result.h"
#include "platform/library.h"
#include "platform/emulation.h"
#include "platform/evidence.h"
#include "records/report_memory.h"

/* The cluster of cpu, or -1. */
static int cluster_of(const platform_cpu *pc, int cpu)
{
    for (int c = 0; c < pc->n_clusters; c++)
        for (int i = 0; i < pc->clusters[c].n_cpus; i++)
            if (pc->clusters[c].cpus[i] == cpu)
                return c;
    return -1;
}

/* The AES score per MHz of each cluster measured, from the run's own
 * record of what sbc-bench measures (data/aes_score_per_mhz.json "metric":
 * openssl aes-256-cbc encryption of 16384-byte blocks; analysis.aes_score). */
static json_t *aes_scores(const cm_record_set *recs, const platform_cpu *pc)
{
    json_t *scores = json_array();
    platform_aes_source src;
    if (!scores || platform_aes_score_source(&src) != 0)
        return scores;
    for (size_t i = 0; i < recs->n; i++) {
        const cm_record *r = &recs->items[i];
        cm_figures f;
        cm_record_figures(r, &f);
        if (strcmp(r->backend, src.backend) || strcmp(r->alg->name, src.algorithm) ||
            strcmp(cm_op_name(r->op), src.operation) || r->size != src.size || !f.has_byte)
            continue;
        int c = cluster_of(pc, r->cpu);
        const platform_cluster *cl = c >= 0 ? &pc->clusters[c] : NULL;
        const char *name = cl && cl->core_name[0] ? cl->core_name : pc->model_name;
        json_t *score = platform_aes_score(name[0] ? name : NULL, r->clock.mhz_used,
                                           f.throughput_mb_s * 1000.0, cl ? cl->claimed_mhz : 0,
                                           "measured");
        int rc = cm_json_put(score, "cluster", c >= 0 ? json_integer(c) : json_null());
        if (rc || json_array_append_new(scores, json_incref(score)) != 0) {
            json_decref(score);
            json_decref(scores);
            return NULL;
        }
        json_decref(score);
    }
    return scores;
}

/* The "analysis" object: {aes_score, emulation}, the scores judged again
 * with the evidence of the run's context (platform/verdict.h: the CPU's
 * features, OpenSSL's capability vector, the emulator evidence) and twins
 * compared. NULL when out of memory (scores is handed over). */
static json_t *weighed_analysis(const json_t *context, json_t *scores)
{
    platform_evidence ev;
    platform_emulation_doc em = {0};
    platform_aes_result *res = NULL;
    size_t nres = 0, i;
    int rc = platform_evidence_from_json(context, PLATFORM_EVIDENCE_RUN, &ev, NULL) == 0 &&
                     platform_emulation_fill(&em, &ev.cpu, ev.snapshot) == 0
                 ? 0
                 : -1;
    /* What the run shows, for the twin check: its warnings (load, heat,
     * throttling, clock drift) apply to every cluster's test. */
    json_t *observed = rc == 0 ? platform_flags_messages_json(&ev.health, PLATFORM_SEVERITY_WARNING) : NULL;
    json_t *s;
    json_array_foreach(scores, i, s)
        if (json_array_size(observed))
            json_object_set(s, "observed", observed);
    json_decref(observed);
    if (rc == 0 && scores && platform_aes_results_from_json(scores, &res, &nres, NULL) == 0)
        rc = platform_weigh_aes_scores(res, nres, &ev.cpu, &ev.openssl, &em);
    else
        rc = -1;
    platform_evidence_free(&ev);
    json_decref(scores);
    scores = rc == 0 ? platform_aes_results_to_json(res, nres) : NULL;
    platform_aes_results_free(res, nres);
    json_t *emulation = scores ? platform_emulation_to_json(&em) : NULL;
    platform_emulation_free(&em);
    if (!emulation) {
        json_decref(scores);
        return NULL;
    }
    return json_pack("{s:o, s:o}", "aes_score", scores, "emulation", emulation);
}

/* How many OpenSSL generations (openssl, openssl-<version>:
 * docs/generations.md) have a measured record in recs. */
static int count_generations(const cm_record_set *recs)
{
    const char *seen[16];
    int n = 0;
    for (size_t i = 0; i < recs->n; i++) {
        const cm_record *r = &recs->items[i];
        if (r->status != CM_RECORD_OK ||
            (strcmp(r->backend, "openssl") != 0 && strncmp(r->backend, "openssl-", 8) != 0))
            continue;
        int k = 0;
        while (k < n && strcmp(seen[k], r->backend) != 0)
            k++;
        if (k == n && n < 16)
            seen[n++] = r->backend;
    }
    return n;
}

/* The records of known library findings in recs (record.h). */
static size_t count_known(const cm_record_set *recs)
{
    size_t n = 0;
    for (size_t i = 0; i < recs->n; i++)
        n += recs->items[i].status == CM_RECORD_KNOWN_FINDING;
    return n;
}

/* Counts the measurements the plan will make, for the ETA. */
static size_t count_measurements(const cm_group *groups, size_t n, const cm_options *o)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!groups[i].available)
            continue;
        if (cm_class_of(groups[i].alg)->unit == CM_UNIT_OP)
            total += (size_t)groups[i].n_ops;
        else
            for (int s = 0; s < o->n_sizes; s++)
                total += cm_size_fits(groups[i].alg, o->sizes[s]) &&
                                 !cm_suite_limited(&groups[i], o->sizes[s])
                             ? (size_t)groups[i].n_ops
                             : 0;
    }
    total *= (size_t)(o->repeat > 1 ? o->repeat : 1); /* --repeat: every round */
    return o->threads > 1 ? 2 * total : total; /* --threads: the copies' figure too */
}

/* The JSON document, its "results" the JSON view of recs, and, if asked,
 * the CSV view, written together (output.h). */
static int write_results(json_t *doc, const cm_record_set *recs, const char *json_path,
                         const char *csv_path, cm_error *err)
{
    cm_output outs[2] = {{json_path, NULL, 0}, {csv_path, NULL, 0}};
    json_t *results = cm_records_json(recs->items, recs->n);
    char *json = results && json_object_set_new(doc, "results", results) == 0
                     ? cm_json_text(doc, &outs[0].len)
                     : NULL;
    char *csv = csv_path ? cm_csv_text(recs->items, recs->n, &outs[1].len) : NULL;
    outs[0].text = json;
    outs[1].text = csv;
    int rc = json && (csv || !csv_path)
                 ? cm_write_outputs(outs, csv_path ? 2 : 1, err)
                 : cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory rendering the results");
    free(json);
    free(csv);
    return rc;
}

/* Measures the plan on the pinned CPU, or on the first CPU of each cluster
 * in turn, appending to recs. Returns the number of failed
 * implementations, or -1 with err (out of memory: the run stops). */
static int measure_plan(const cm_options *o, const cm_group *groups, size_t n,
                        const platform_cpu *pc, cm_record_set *recs, cm_error *err)
{
    int per_cluster = o->per_cluster && pc && pc->n_clusters > 0;
    int n_runs = per_cluster ? pc->n_clusters : 1;
    cm_suite_totals totals = {0, count_measurements(groups, n, o) * (size_t)n_runs,
                              (double)cm_now_ns() / 1e9};
    int failures = 0;
    for (int run = 0; run < n_runs && !cm_interrupted; run++) {
        cm_suite_config cfg = {.sizes = o->sizes, .n_sizes = (size_t)o->n_sizes,
                               .time_s = o->time_s, .target_ci = o->target_ci, .cpu = o->cpu,
                               .cluster = -1, .progress = !o->quiet && isatty(2),
                               .timeout_s = o->timeout_s + 2 * o->time_s, .rounds = o->repeat,
                               .memory = o->memory};
        if (per_cluster) {
            cfg.cpu = pc->clusters[run].cpus[0];
            cfg.cluster = run;
        }
        int cpus[CM_MAX_THREADS];
        cfg.threads = o->threads;
        cfg.thread_cpus = cpus;
        if (o->threads > 1 && cm_threads_cpus(o->threads, cfg.cpu, o->allowed_cpus, o->n_allowed_cpus, cpus, err) != 0)
            return -1;
        int f = cm_suite_rounds(&cfg, groups, n, recs, &totals, err);
        if (f < 0)
            return -1;
        failures += f;
    }
    return failures;
}

static json_t *settings_json(const cm_options *o)
{
    json_t *sizes = json_array(), *limits = json_array();
    int rc = sizes && limits ? 0 : -1;
    for (int i = 0; i < o->n_sizes && !rc; i++)
        rc |= json_array_append_new(sizes, json_integer((json_int_t)o->sizes[i]));
    for (int i = 0; i < o->n_size_limits && !rc; i++) {
        const cm_size_limit *l = &o->size_limits[i];
        rc |= json_array_append_new(limits, json_pack("{s:s, s:I, s:s}", "implementation", l->impl,
                                                      "max_size", (json_int_t)l->max_size,
                                                      "why", l->why));
    }
    if (rc) {
        json_decref(sizes);
        json_decref(limits);
        return NULL;
    }
    /* strings from argv are bytes: the lossy conversion keeps a non-UTF-8
     * --filter from failing the whole object */
    return json_pack("{s:s, s:b, s:o, s:o, s:f, s:f, s:o, s:o, s:o, s:i, s:i, s:b, s:f, s:i, s:i}",
                     "suite", o->suite ? o->suite : "selection", "runtimes", !o->no_runtimes,
                     "size_limits", limits, "sizes", sizes,
                     "time_s", o->time_s, "target_ci", o->target_ci, "filter",
                     o->regex ? cm_json_string_lossy(o->regex) : json_null(), "algorithms",
                     o->algorithms ? cm_json_string_lossy(o->algorithms) : json_null(),
                     "backends", o->backends ? cm_json_string_lossy(o->backends) : json_null(),
                     "cpu", o->cpu,
                     "aead_aad_len", CM_AEAD_AAD_LEN, "per_cluster", o->per_cluster, "timeout_s", o->timeout_s, "threads", o->threads,
                     "repeat", o->repeat > 1 ? o->repeat : 1);
}

/* Adds what is known after the measurements: the health flags (before and
 * after), the AES score, the end time, and whether the run is complete.
 * 0, or -1 when out of memory. */
static int finish_document(const cm_measuring *run, const cm_record_set *recs)
{
    int rc = cm_measuring_health(run);
    if (run->pc)
        rc |= cm_json_put(run->doc, "analysis", weighed_analysis(run->context, aes_scores(recs, run->pc)));
    return rc | cm_measuring_ended(run->doc);
}

/* A part of the document that could not be built after the measurements
 * (out of memory; a string is made valid UTF-8 before it gets here) is left
 * out and named in its "warnings": the measurements are written all the
 * same, never dropped. */
static void document_fault(json_t *doc, json_t **warnings, const char *part)
{
    char line[160];
    snprintf(line, sizeof line, "%s could not be built (out of memory) and is left out", part);
    if (!*warnings && (*warnings = json_array()) && json_object_set_new(doc, "warnings", *warnings) != 0)
        *warnings = NULL;
    if (*warnings)
        json_array_append_new(*warnings, json_string(line));
}

/* run's suite (cm_options_suite), after parsing. */
static int run_settle(cm_options *o, cm_error *err)
{
    return cm_options_suite(o, err);
}

/* A plan with something to measure. */
static int run_judge(const cm_options *o, const cm_group *groups, size_t n, cm_error *err)
{
    (void)o, (void)groups;
    return n ? 0 : cm_error_set(err, CM_EXIT_USAGE, "no benchmark matches the selection "
                                "(see `cryptometer list`)");
}

static const cm_measuring_kind run_kind = {&cm_cmd_run, "results", run_settle, run_judge,
                                             settings_json};

int cm_run_main(cm_options *options)
{
    cm_measuring run;
    cm_error err = {0};
    int early = cm_measuring_begin(&run, &run_kind, options);
    if (early >= 0)
        return early;
    const cm_options *o = &run.o;
    json_t *doc = run.doc;
    platform_cpu *pc = run.pc;
    cm_record_set recs;
    cm_record_set_init(&recs);
    cm_score_ref score;
    cm_score_start(&score);
    int failures = doc ? measure_plan(o, run.groups, run.n, pc, &recs, &err)
                       : cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the document");
    free(run.groups);
    json_t *warnings = NULL;
    if (failures >= 0 && cm_score_finish(&score, run.context, &recs) != 0)
        document_fault(doc, &warnings, "the AES score of the context");
    /* the instruction bounds of the records (probe.h): after the measurements */
    if (failures >= 0 && !cm_interrupted && cm_probe_bound_records(run.context, &recs) != 0)
        document_fault(doc, &warnings, "the instruction bounds of the records");
    /* (the test build fails it on demand: CRYPTOMETER_TEST_FAIL_AT=document-part) */
    if (failures >= 0 && (finish_document(&run, &recs) != 0 || cm_test_fail_point("document-part")))
        document_fault(doc, &warnings, "a part of the health, the analysis or the end time");
    /* what the figures say (answers.h): into the document, printed first */
    cm_answers *answers = failures >= 0 ? cm_answers_for_document(doc, recs.items, recs.n) : NULL;
    if (failures >= 0 && !answers)
        document_fault(doc, &warnings, "the answers");
    cm_measuring_release(&run);
    size_t measured = 0;
    for (size_t i = 0; i < recs.n; i++)
        measured += cm_record_measured(&recs.items[i]);
    /* out of memory: no result rather than a shorter one; interrupted
     * before any measurement finished: the existing files stay */
    int keep = cm_measuring_keep(&run, failures, measured, "measurement", &err);
    int rc = failures < 0 || keep ? -1
                                  : write_results(doc, &recs, o->json_path, o->csv_path, &err);
    /* the table goes to stdout unless a document does (--json - or --csv -) */
    if (!o->quiet && failures >= 0 && !cm_is_stdout(o->json_path) && !cm_is_stdout(o->csv_path)) {
        if (answers) {
            cm_answers_print(stdout, answers);
            fputc('\n', stdout);
        }
        cm_print_table_layout(stdout, recs.items, recs.n, doc, o->wide ? CM_TABLE_WIDE : CM_TABLE_NARROW);
    }
    free(answers);
    if (o->memory && !o->quiet && failures >= 0 && !cm_is_stdout(o->json_path) &&
        !cm_is_stdout(o->csv_path))
        cm_print_memory_table(stdout, recs.items, recs.n);
    size_t known = count_known(&recs);
    int generations = rc == 0 && count_generations(&recs) > 1;
    cm_record_set_free(&recs);
    json_decref(doc);
    if (rc != 0)
        return cm_measuring_failed(&run, &err);
    if (!o->quiet)
        cm_measuring_written(&run, o->csv_path, "measurement");
    if (generations && !o->quiet && !cm_is_stdout(o->json_path))
        fprintf(stderr, "the OpenSSL generations as columns, with their ratios to the system's "
                "and a significance test:\n  cryptometer view generations %s\n", o->json_path);
    if (cm_interrupted)
        return cm_interrupted_exit();
    if (known && !o->quiet)
        fprintf(stderr, "%zu record%s of known library findings (data/library_findings.json)%s\n",
                known, known == 1 ? "" : "s", o->strict ? ": --strict fails the run" : "");
    return failures || (o->strict && known) ? CM_EXIT_FAILURES : CM_EXIT_OK;
}
