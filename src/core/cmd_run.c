/*
 * cmd_run.c — `cryptometer run`: parse the options, check every input and
 * output before anything runs, measure the plan (suite.c), then write the
 * JSON document (and CSV) atomically and print the table. Ctrl-C stops the
 * run; what finished is written, marked incomplete.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
#include "core/class.h"
#include "core/commands.h"
#include "platform/cpuclock.h"
#include "core/isolate.h"
#include "core/output.h"
#include "core/plan.h"
#include "core/suite.h"
#include "core/workload.h"
#include "platform/platform.h"
#include "platform/timer.h"

static const size_t default_sizes[] = {16, 64, 256, 1024, 8192, 16384};

typedef struct run_options {
    const char *regex, *algorithms, *backends, *json_path, *csv_path;
    size_t sizes[CM_MAX_SIZES];
    int n_sizes;
    double time_s, target_ci, timeout_s;
    int quiet, cpu, per_cluster;
} run_options;

static const char run_usage[] =
    "usage: cryptometer run [options]\n"
    "  --filter REGEX       only benchmarks whose name backend/algorithm/operation matches\n"
    "  --algorithms LIST    only these algorithms (comma-separated, see `cryptometer list`)\n"
    "  --backends LIST      only these backends (comma-separated)\n"
    "  --sizes LIST         message sizes in bytes, k/M suffixes allowed\n"
    "                       (default 16,64,256,1024,8192,16384)\n"
    "  --time SECONDS       sampling budget per benchmark and size (default 0.2)\n"
    "  --target-ci PERCENT  stop sampling when the 95% CI of the median is within this\n"
    "                       (default 1)\n"
    "  --cpu N              pin the measurements to CPU N (default: the CPU it starts on)\n"
    "  --per-cluster        run everything on the first CPU of each cluster in turn\n"
    "  --json FILE          write the result document here (default results/<host>-<time>.json)\n"
    "  --csv FILE           also write the records as CSV\n"
    "  --timeout SECONDS    an implementation silent this long beyond twice its --time is\n"
    "                       killed and marked timeout (default 60)\n"
    "  --quiet              no table on stdout, no progress line\n"
    "exit codes: 0 ok; 1 an implementation failed its known-answer check, crashed or hung;\n"
    "2 bad option, algorithm, backend, size list or output path (nothing is run or written);\n"
    "3 a result file could not be written; 130 interrupted (finished measurements written)\n";

/* Parses a positive number option; -1 with err on bad text. */
static int parse_positive(const char *opt, const char *text, double max, double *out, cm_error *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end || end == text || !(v > 0) || v > max)
        return cm_error_set(err, CM_EXIT_USAGE, "%s: '%s' is not a number in (0, %g]", opt, text,
                            max);
    *out = v;
    return 0;
}

/* Fills o from argv: 0, 1 for --help, or -1 with err on any bad option
 * (nothing has run then). */
static int parse_run_options(int argc, char **argv, run_options *o, cm_error *err)
{
    static const struct option opts[] = {
        {"filter", required_argument, 0, 'f'}, {"algorithms", required_argument, 0, 'a'},
        {"backends", required_argument, 0, 'b'}, {"sizes", required_argument, 0, 's'},
        {"time", required_argument, 0, 't'}, {"target-ci", required_argument, 0, 'c'},
        {"cpu", required_argument, 0, 'p'}, {"json", required_argument, 0, 'j'},
        {"csv", required_argument, 0, 'v'}, {"timeout", required_argument, 0, 'o'},
        {"quiet", no_argument, 0, 'q'}, {"per-cluster", no_argument, 0, 'C'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int c;
    double v;
    memset(o, 0, sizeof *o);
    o->time_s = 0.2;
    o->target_ci = 0.01;
    o->timeout_s = 60;
    o->cpu = sched_getcpu();
    o->n_sizes = sizeof default_sizes / sizeof default_sizes[0];
    memcpy(o->sizes, default_sizes, sizeof default_sizes);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (c) {
        case 'f': o->regex = optarg; break;
        case 'a': o->algorithms = optarg; break;
        case 'b': o->backends = optarg; break;
        case 's':
            if ((o->n_sizes = cm_parse_sizes(optarg, o->sizes, err)) < 0)
                return -1;
            break;
        case 't':
            if (parse_positive("--time", optarg, 3600, &o->time_s, err))
                return -1;
            break;
        case 'c':
            if (parse_positive("--target-ci", optarg, 100, &v, err))
                return -1;
            o->target_ci = v / 100;
            break;
        case 'o':
            if (parse_positive("--timeout", optarg, 86400, &o->timeout_s, err))
                return -1;
            break;
        case 'p': {
            char *end;
            errno = 0;
            long cpu = strtol(optarg, &end, 10);
            if (errno || *end || end == optarg || cpu < 0 || cpu >= CPU_SETSIZE)
                return cm_error_set(err, CM_EXIT_USAGE, "--cpu: '%s' is not a CPU number", optarg);
            if (cm_pin_to_cpu((int)cpu) != 0)
                return cm_error_set(err, CM_EXIT_USAGE,
                                    "--cpu %s: cannot run there (%s); CPUs online here: 0-%ld",
                                    optarg, strerror(errno), sysconf(_SC_NPROCESSORS_ONLN) - 1);
            o->cpu = (int)cpu;
            break;
        }
        case 'j': o->json_path = optarg; break;
        case 'v': o->csv_path = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'C': o->per_cluster = 1; break;
        case 'h': return 1;
        default:
            return cm_error_set(err, CM_EXIT_USAGE, "unknown or incomplete option '%s' (see --help)",
                                argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cm_error_set(err, CM_EXIT_USAGE, "unexpected argument '%s' (see --help)",
                            argv[optind]);
    return 0;
}

/* results/<host>-<UTC time>.json, creating results/ if needed; a name
 * already taken (two runs in one second) gets -2, -3, ... */
static int default_json_path(char *buf, size_t len, cm_error *err)
{
    char host[64] = "host";
    char stamp[32];
    time_t t = time(NULL);
    struct tm tm;
    gethostname(host, sizeof host - 1);
    gmtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    if (mkdir("results", 0755) != 0 && errno != EEXIST)
        return cm_error_set(err, CM_EXIT_USAGE, "cannot create results/: %s", strerror(errno));
    snprintf(buf, len, "results/%s-%s.json", host, stamp);
    for (int i = 2; access(buf, F_OK) == 0; i++)
        snprintf(buf, len, "results/%s-%s-%d.json", host, stamp, i);
    return cm_output_check(buf, err);
}

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
        if (score) {
            json_object_set_new(score, "cluster", c >= 0 ? json_integer(c) : json_null());
            json_array_append_new(scores, score);
        }
    }
    return scores;
}

/* Counts the measurements the plan will make, for the ETA. */
static size_t count_measurements(const cm_group *groups, size_t n, const run_options *o)
{
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (!groups[i].available)
            continue;
        if (cm_class_of(groups[i].alg)->unit == CM_UNIT_OP)
            total += (size_t)groups[i].n_ops;
        else
            for (int s = 0; s < o->n_sizes; s++)
                total += (size_t)groups[i].n_ops * (size_t)cm_size_fits(groups[i].alg, o->sizes[s]);
    }
    return total;
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
static int measure_plan(const run_options *o, const cm_group *groups, size_t n,
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
                               .timeout_s = o->timeout_s + 2 * o->time_s};
        if (per_cluster) {
            cfg.cpu = pc->clusters[run].cpus[0];
            cfg.cluster = run;
        }
        int f = cm_suite_run(&cfg, groups, n, recs, &totals, err);
        if (f < 0)
            return -1;
        failures += f;
    }
    return failures;
}

static json_t *settings_json(const run_options *o)
{
    json_t *sizes = json_array();
    for (int i = 0; i < o->n_sizes; i++)
        json_array_append_new(sizes, json_integer((json_int_t)o->sizes[i]));
    return json_pack("{s:o, s:f, s:f, s:s?, s:s?, s:s?, s:i, s:i, s:b, s:f}", "sizes", sizes,
                     "time_s", o->time_s, "target_ci", o->target_ci, "filter", o->regex,
                     "algorithms", o->algorithms, "backends", o->backends, "cpu", o->cpu,
                     "aead_aad_len", 13, "per_cluster", o->per_cluster, "timeout_s", o->timeout_s);
}

int cm_run_main(int argc, char **argv)
{
    run_options o;
    cm_error err = {0};
    cm_selection sel;
    char json_buf[512];
    int parsed = parse_run_options(argc, argv, &o, &err);
    if (parsed == 1) {
        fputs(run_usage, stdout);
        return CM_EXIT_OK;
    }
    if (parsed == 0 && o.json_path && o.csv_path && cm_same_path(o.json_path, o.csv_path))
        parsed = cm_error_set(&err, CM_EXIT_USAGE, "--json and --csv name the same file '%s'",
                              o.csv_path);
    if (parsed != 0 ||
        cm_selection_init(&sel, o.regex, o.algorithms, o.backends, &err) != 0 ||
        (o.csv_path && cm_output_check(o.csv_path, &err) != 0) ||
        (o.json_path && cm_output_check(o.json_path, &err) != 0)) {
        fprintf(stderr, "cryptometer run: error: %s\n", err.msg);
        return err.code ? err.code : CM_EXIT_USAGE;
    }
    cm_group *groups;
    size_t n;
    int planned = cm_plan_build(&sel, &groups, &n, &err);
    cm_selection_free(&sel);
    if (planned != 0) {
        fprintf(stderr, "cryptometer run: error: %s\n", err.msg);
        return err.code;
    }
    if (n == 0) {
        fprintf(stderr, "cryptometer run: error: no benchmark matches the selection "
                        "(see `cryptometer list`)\n");
        return CM_EXIT_USAGE;
    }
    if (!o.json_path) {
        if (default_json_path(json_buf, sizeof json_buf, &err) != 0) {
            fprintf(stderr, "cryptometer run: error: %s\n", err.msg);
            return CM_EXIT_USAGE;
        }
        o.json_path = json_buf;
    }

    cm_catch_interrupt();
    cm_pin_to_cpu(o.cpu);

    json_t *doc = cm_document_new(argc + 1, argv - 1);
    json_t *context = cm_core_context();
    platform_cpu *pc = platform_cpu_new();
    platform_health *before = NULL;
    json_t *pctx = pc ? platform_run_context(pc, &before, &err) : NULL;
    if (pctx)
        json_object_update(context, pctx);
    json_decref(pctx);
    json_object_set_new(doc, "settings", settings_json(&o));
    json_object_set_new(doc, "context", context);

    cm_record_set recs;
    cm_record_set_init(&recs);
    int failures = measure_plan(&o, groups, n, pc, &recs, &err);
    free(groups);
    if (pc && failures >= 0) {
        json_t *health = platform_run_health(pc, before, context, &err);
        if (health)
            json_object_set_new(context, "health", health);
        json_object_set_new(doc, "analysis", json_pack("{s:o}", "aes_score",
                                                      aes_scores(&recs, pc)));
    }
    platform_health_free(before);
    platform_cpu_free(pc);
    char now[32];
    cm_utc_now(now, sizeof now);
    json_object_set_new(doc, "finished", json_string(now));
    if (cm_interrupted) {
        json_object_set_new(doc, "complete", json_false());
        json_object_set_new(doc, "interrupted", json_true());
    }
    /* out of memory while measuring: no result rather than a shorter one */
    int rc = failures < 0 ? -1 : write_results(doc, &recs, o.json_path, o.csv_path, &err);
    if (!o.quiet && failures >= 0)
        cm_print_table(stdout, recs.items, recs.n, doc);
    cm_record_set_free(&recs);
    json_decref(doc);
    if (rc != 0) {
        fprintf(stderr, "cryptometer run: error: %s\n", err.msg);
        return err.code;
    }
    fflush(stdout);
    fprintf(stderr, "%s%s written%s%s\n", cm_interrupted ? "interrupted: finished measurements " : "",
            o.json_path, o.csv_path ? " and " : "", o.csv_path ? o.csv_path : "");
    if (cm_interrupted)
        return CM_EXIT_INTERRUPTED;
    return failures ? CM_EXIT_FAILURES : CM_EXIT_OK;
}
