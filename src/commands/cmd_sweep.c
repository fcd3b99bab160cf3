/*
 * cmd_sweep.c — `cryptometer sweep`: the chunk-size × total-size sweep of
 * one algorithm over several paths (the kernel's AF_ALG drivers, OpenSSL
 * and its engines, our portable code) on the same data (docs/sweep.md).
 * Its options, --chunks, --totals, --quick and --repeat among them, are
 * the options table's (options.h), like `run`'s. Every
 * input and output is checked before anything runs; the document
 * (`cryptometer-sweep`) is written atomically at the end, and Ctrl-C
 * writes what finished, marked incomplete, as `run` does.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "model/class.h"
#include "commands/commands.h"
#include "util/isolate.h"
#include "commands/options.h"
#include "records/output.h"
#include "run/sweep.h"
#include "run/sweep_crossover.h"
#include "run/sweep_out.h"
#include "platform/context.h"
#include "platform/cpu.h"
#include "platform/cpuclock.h"
#include "platform/health.h"
#include "util/json.h"

#define SWEEP_SCHEMA_VERSION 1
#define DEFAULT_ALGORITHM "aes-128-cbc"
#define DEFAULT_BACKENDS "afalg,openssl,ref"

static const cm_opt_help sweep_help[] = {
    {CM_OPT_FILTER, "only paths whose name backend:variant/algorithm/operation\n"
                    "(or backend:variant/algorithm) matches; the first operation\n"
                    "left is swept (encrypt, seal, digest; with --algorithms,\n"
                    "'/decrypt$' sweeps decryption)"},
    {CM_OPT_ALGORITHMS, "the algorithm to sweep (one; default " DEFAULT_ALGORITHM ")"},
    {CM_OPT_BACKENDS, "only these backends or backend:variant (default " DEFAULT_BACKENDS ")"},
    {CM_OPT_JSON, "write the sweep document here (default sweeps/<host>-<time>.json)"},
    {CM_OPT_TIMEOUT, "a path silent this long is killed and marked timeout (default 60)"},
    {CM_OPT_QUICK, "totals of 4M,8M,16M instead (unless --totals is given)"},
    {CM_OPT_REPEAT, "repetitions of every point, 3 to 50 (default 3; a spread needs 3)"},
    {CM_OPT_COUNT, NULL}};

static const cm_command cm_cmd_sweep = {
    .name = "sweep",
    .synopsis = "sweep [--chunks LIST] [--totals LIST] [--quick] [--repeat N] [options]",
    .intro =
        "Processes TOTAL bytes in CHUNK-byte operations for every (chunk, total), through\n"
        "every path of one algorithm (default " DEFAULT_ALGORITHM " encrypt through "
        DEFAULT_BACKENDS "),\n"
        "each path in its own process after its known-answer check: throughput, elapsed\n"
        "time, CPU user and system time, CPU time per GB (docs/sweep.md).",
    .accepts = CM_OPT(CHUNKS) | CM_OPT(TOTALS) | CM_OPT(QUICK) | CM_OPT(REPEAT) | CM_OPT(FILTER) |
               CM_OPT(ALGORITHMS) | CM_OPT(BACKENDS) | CM_OPT(ISA) | CM_OPT(CPU) | CM_OPT(JSON) |
               CM_OPT(TIMEOUT) | CM_OPT(FORCE) | CM_OPT(QUIET),
    .repeat_min = CM_SWEEP_MIN_REPEAT,
    .repeat_max = CM_SWEEP_MAX_REPEAT,
    .help = sweep_help,
    .footer = "exit codes: 0 ok; 1 a path failed its known-answer check, crashed or hung;\n"
              "2 bad option, list, algorithm, backend or output path (nothing is run or\n"
              "written); 3 the document could not be written; 130 interrupted (finished\n"
              "points written, marked incomplete; 143 SIGTERM, 129 SIGHUP)\n",
};

/* The defaults of what was not given: chunks 16 B..1 MiB, totals 64, 128,
 * 256 MiB (4, 8, 16 with --quick), 3 repetitions. */
static void sweep_defaults(cm_options *s)
{
    if (s->n_chunks == 0)
        for (size_t c = 16; c <= ((size_t)1 << 20); c *= 2)
            s->chunks[s->n_chunks++] = c;
    if (s->n_totals == 0)
        for (size_t t = 64; t <= 256; t *= 2)
            s->totals[s->n_totals++] = (t >> (s->quick ? 4 : 0)) << 20;
    if (s->repeat == 0)
        s->repeat = CM_SWEEP_MIN_REPEAT;
}

/* The usage error of an algorithm measured per operation. */
static int per_operation(const cm_algorithm *alg, cm_error *err)
{
    return cm_error_set(err, CM_EXIT_USAGE,
                        "%s is measured per operation, not per byte: it has no chunk size "
                        "to sweep (use `cryptometer run`)", alg->name);
}

/* The plan must be one algorithm with figures per byte, and some chunk
 * must fit in some total. One algorithm named by --algorithms is judged
 * first, whether or not a path of the selection has it. 0, or -1 with err
 * (usage). */
static int check_plan(const cm_options *s, const char *algorithms, const cm_group *groups,
                      size_t n, cm_error *err)
{
    const cm_algorithm *named =
        algorithms && !strchr(algorithms, ',') ? cm_algorithm_find(algorithms) : NULL;
    if (named && cm_class_of(named)->unit != CM_UNIT_BYTE)
        return per_operation(named, err);
    if (n == 0)
        return cm_error_set(err, CM_EXIT_USAGE,
                            "no path matches the selection (see `cryptometer list`)");
    for (size_t i = 1; i < n; i++)
        if (groups[i].alg != groups[0].alg)
            return cm_error_set(err, CM_EXIT_USAGE,
                                "sweep takes one algorithm at a time; the selection has %s and %s "
                                "(narrow it with --algorithms or --filter)",
                                groups[0].alg->name, groups[i].alg->name);
    if (cm_class_of(groups[0].alg)->unit != CM_UNIT_BYTE)
        return per_operation(groups[0].alg, err);
    size_t min_chunk = s->chunks[0], max_total = s->totals[0];
    for (int i = 1; i < s->n_chunks; i++)
        min_chunk = s->chunks[i] < min_chunk ? s->chunks[i] : min_chunk;
    for (int i = 1; i < s->n_totals; i++)
        max_total = s->totals[i] > max_total ? s->totals[i] : max_total;
    if (min_chunk > max_total)
        return cm_error_set(err, CM_EXIT_USAGE,
                            "--chunks: every chunk is larger than every total (smallest chunk "
                            "%zu bytes, largest total %zu bytes)", min_chunk, max_total);
    return 0;
}

static json_t *list_json(const size_t *x, int n)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (int i = 0; i < n && !rc; i++)
        rc |= json_array_append_new(a, json_integer((json_int_t)x[i]));
    return cm_json_checked(a, rc);
}

static json_t *settings_json(const cm_options *o)
{
    return json_pack("{s:o, s:o, s:i, s:b, s:o, s:o, s:o, s:i, s:f, s:f, s:f, s:f}", "chunks",
                     list_json(o->chunks, o->n_chunks), "totals",
                     list_json(o->totals, o->n_totals), "repeat", o->repeat, "quick", o->quick,
                     "filter", o->regex ? cm_json_string_lossy(o->regex) : json_null(),
                     "algorithms", o->algorithms ? cm_json_string_lossy(o->algorithms) : json_null(),
                     "backends", cm_json_string_lossy(o->backends), "cpu", o->cpu, "timeout_s",
                     o->timeout_s, "wide_spread", CM_SWEEP_WIDE_SPREAD, "cpu_split_coarse_s",
                     CM_SWEEP_COARSE_CPU_S, "short_s", CM_SWEEP_SHORT_S);
}

/* The document before the sweep: a result document's skeleton renamed
 * `cryptometer-sweep`, its settings and context (the core's and the
 * platform's, with the health snapshot before). NULL when out of memory. */
static json_t *start_document(int argc, char **argv, const cm_options *o,
                              platform_cpu *pc, platform_health **before)
{
    cm_error err = {0};
    json_t *doc = cm_document_new(argc + 1, argv - 1);
    json_t *context = cm_core_context();
    json_t *pctx = pc ? platform_run_context(pc, before, &err) : NULL;
    int rc = doc && context ? 0 : -1;
    if (!rc && pctx)
        rc |= json_object_update(context, pctx);
    json_decref(pctx);
    if (doc)
        json_object_del(doc, "results");
    rc |= cm_json_put(doc, "schema", json_string("cryptometer-sweep"));
    rc |= cm_json_put(doc, "schema_version", json_integer(SWEEP_SCHEMA_VERSION));
    rc |= cm_json_put(doc, "settings", settings_json(o));
    rc |= cm_json_put(doc, "context", context);
    return cm_json_checked(doc, rc);
}

/* Adds the paths, the records, the crossovers (xo), the health flags, the end and whether the
 * sweep is complete. 0, or -1 when out of memory. */
static int finish_document(json_t *doc, const cm_sweep_result *res, const cm_crossover *xo,
                           size_t n_xo, const platform_cpu *pc, const platform_health *before)
{
    cm_error err = {0};
    char now[32];
    int rc = 0;
    if (pc) {
        json_t *context = json_object_get(doc, "context");
        json_t *health = platform_run_health(pc, before, context, &err);
        if (health)
            rc |= cm_json_put(context, "health", health);
    }
    rc |= cm_json_put(doc, "paths", cm_sweep_paths_json(res));
    rc |= cm_json_put(doc, "records", cm_sweep_records_json(res));
    rc |= cm_json_put(doc, "crossovers", xo ? cm_crossovers_json(xo, n_xo) : NULL);
    cm_utc_now(now, sizeof now);
    rc |= cm_json_put(doc, "finished", json_string(now));
    if (cm_interrupted) {
        rc |= cm_json_put(doc, "complete", json_false());
        rc |= cm_json_put(doc, "interrupted", json_true());
    }
    return rc;
}

/* Parses and checks everything before anything runs: o, the plan
 * (*groups, *n; caller frees) and o->json_path (the default one in
 * json_buf). Returns -1 to go on, else the exit code. */
static int prepare(int argc, char **argv, cm_options *o, cm_group **groups, size_t *n,
                   char *json_buf, size_t json_len, int *existed)
{
    cm_error err = {0};
    struct stat st;
    *groups = NULL;
    *n = 0;
    int parsed = cm_options_parse(&cm_cmd_sweep, argc, argv, o, &err);
    if (parsed == 1) {
        cm_options_usage(&cm_cmd_sweep, stdout);
        return CM_EXIT_OK;
    }
    if (parsed == 0) {
        sweep_defaults(o);
        if (!o->regex && !o->algorithms)
            o->algorithms = DEFAULT_ALGORITHM;
        if (!o->backends)
            o->backends = DEFAULT_BACKENDS;
    }
    if (parsed == 0 && o->json_path && cm_output_check(o->json_path, NULL, 0, o->force, &err) != 0)
        parsed = -1;
    if (parsed == 0 && cm_options_plan(o, NULL, 0, groups, n, &err) != 0)
        parsed = -1;
    if (parsed == 0 && check_plan(o, o->algorithms, *groups, *n, &err) != 0)
        parsed = -1;
    if (parsed != 0 ||
        (!o->json_path && cm_default_json_path_in("sweeps", json_buf, json_len, &err) != 0)) {
        free(*groups);
        *groups = NULL;
        return cm_command_fail(&cm_cmd_sweep, &err);
    }
    *existed = o->json_path && lstat(o->json_path, &st) == 0;
    if (!o->json_path)
        o->json_path = json_buf;
    return -1;
}

int cm_sweep_main(int argc, char **argv)
{
    cm_options o;
    cm_error err = {0};
    cm_group *groups;
    size_t n;
    char json_buf[512];
    int existed = 0;
    int early = prepare(argc, argv, &o, &groups, &n, json_buf, sizeof json_buf, &existed);
    if (early >= 0)
        return early;
    cm_catch_interrupt();
    cm_pin_to_cpu(o.cpu);
    platform_cpu *pc = platform_cpu_new();
    platform_health *before = NULL;
    json_t *doc = start_document(argc, argv, &o, pc, &before);
    cm_sweep_config cfg = {.chunks = o.chunks, .n_chunks = (size_t)o.n_chunks,
                           .totals = o.totals, .n_totals = (size_t)o.n_totals,
                           .repeat = o.repeat, .cpu = o.cpu, .timeout_s = o.timeout_s,
                           .progress = !o.quiet && isatty(2)};
    cm_sweep_result res;
    memset(&res, 0, sizeof res);
    int failures = doc ? cm_sweep_run(&cfg, groups, n, &res, &err)
                       : cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the document");
    size_t n_xo = 0;
    cm_crossover *xo = failures >= 0 ? cm_sweep_crossovers_of(&res, &n_xo) : NULL;
    if (failures >= 0 && finish_document(doc, &res, xo, n_xo, pc, before) != 0)
        failures = cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the document");
    platform_health_free(before);
    platform_cpu_free(pc);
    size_t measured = 0;
    for (size_t i = 0; i < res.n_points; i++)
        measured += res.points[i].status == CM_RECORD_OK;
    /* interrupted before any point finished: an existing file stays */
    int keep = failures >= 0 && cm_interrupted && measured == 0 && existed;
    int rc = failures < 0 || keep ? -1 : cm_write_json(o.json_path, doc, &err);
    if (keep)
        cm_error_set(&err, cm_interrupted_exit(),
                     "interrupted before any point finished: %s left as it was", o.json_path);
    if (!o.quiet && failures >= 0) {
        cm_sweep_print_table(stdout, &res, o.repeat);
        cm_crossovers_print(stdout, xo, n_xo);
    }
    free(xo);
    cm_sweep_result_free(&res);
    json_decref(doc);
    free(groups);
    if (rc != 0) {
        struct stat st; /* the empty file that claimed the default name */
        if (o.json_path == json_buf && lstat(json_buf, &st) == 0 && st.st_size == 0)
            unlink(json_buf);
        fprintf(stderr, "cryptometer sweep: error: %s\n", err.msg);
        return err.code;
    }
    fflush(stdout);
    fprintf(stderr, "%s%s written\n", cm_interrupted ? "interrupted: finished points " : "",
            o.json_path);
    if (cm_interrupted)
        return cm_interrupted_exit();
    return failures ? CM_EXIT_FAILURES : CM_EXIT_OK;
}
