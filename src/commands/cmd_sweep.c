/*
 * cmd_sweep.c — `cryptometer sweep`: the chunk-size × total-size sweep of
 * one algorithm over several paths (the kernel's AF_ALG drivers, OpenSSL
 * and its engines, our portable code) on the same data (docs/sweep.md).
 * Its options, --chunks, --totals, --quick and --repeat among them, are
 * the options table's (options.h), like `run`'s, and so are its start and
 * end (measuring.h): every input and output is checked before anything
 * runs; the document (`cryptometer-sweep`) is written atomically at the
 * end, and Ctrl-C writes what finished, marked incomplete.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "model/class.h"
#include "commands/commands.h"
#include "commands/measuring.h"
#include "util/isolate.h"
#include "commands/options.h"
#include "records/output.h"
#include "run/sweep.h"
#include "run/sweep_crossover.h"
#include "run/sweep_out.h"
#include "platform/context.h"
#include "platform/cpu.h"
#include "platform/health.h"
#include "util/json.h"

#define SWEEP_SCHEMA_VERSION 1

/* The defaults of what was not given: chunks 16 B..1 MiB, totals 64, 128,
 * 256 MiB (4, 8, 16 with --quick), 3 repetitions, the algorithm and the
 * backends. Always 0. */
static int sweep_settle(cm_options *s, cm_error *err)
{
    (void)err;
    if (s->n_chunks == 0)
        for (size_t c = 16; c <= ((size_t)1 << 20); c *= 2)
            s->chunks[s->n_chunks++] = c;
    if (s->n_totals == 0)
        for (size_t t = 64; t <= 256; t *= 2)
            s->totals[s->n_totals++] = (t >> (s->quick ? 4 : 0)) << 20;
    if (s->repeat == 0)
        s->repeat = CM_SWEEP_MIN_REPEAT;
    if (!s->regex && !s->algorithms)
        s->algorithms = CM_SWEEP_DEFAULT_ALGORITHM;
    if (!s->backends)
        s->backends = CM_SWEEP_DEFAULT_BACKENDS;
    return 0;
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
static int check_plan(const cm_options *s, const cm_group *groups, size_t n, cm_error *err)
{
    const char *algorithms = s->algorithms;
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

/* The document's name: a result document's skeleton renamed
 * `cryptometer-sweep` (no "results": its records are "records"). 0, or -1
 * when out of memory. */
static int name_document(json_t *doc)
{
    int rc = doc ? json_object_del(doc, "results") : -1;
    rc |= cm_json_put(doc, "schema", json_string("cryptometer-sweep"));
    rc |= cm_json_put(doc, "schema_version", json_integer(SWEEP_SCHEMA_VERSION));
    return rc;
}

/* Adds the health flags, the paths, the records, the crossovers (xo), the
 * end and whether the sweep is complete. 0, or -1 when out of memory. */
static int finish_document(const cm_measuring *sw, json_t *doc, const cm_sweep_result *res,
                           const cm_crossover *xo, size_t n_xo)
{
    int rc = cm_measuring_health(sw);
    rc |= cm_json_put(doc, "paths", cm_sweep_paths_json(res));
    rc |= cm_json_put(doc, "records", cm_sweep_records_json(res));
    rc |= cm_json_put(doc, "crossovers", xo ? cm_crossovers_json(xo, n_xo) : NULL);
    return rc | cm_measuring_ended(doc);
}

static const cm_measuring_kind sweep_kind = {&cm_cmd_sweep, "sweeps", sweep_settle, check_plan,
                                               settings_json};

int cm_sweep_main(cm_options *options)
{
    cm_measuring sw;
    cm_error err = {0};
    int early = cm_measuring_begin(&sw, &sweep_kind, options);
    if (early >= 0)
        return early;
    const cm_options *o = &sw.o;
    json_t *doc = sw.doc && name_document(sw.doc) == 0 ? sw.doc : NULL;
    cm_sweep_config cfg = {.chunks = o->chunks, .n_chunks = (size_t)o->n_chunks,
                           .totals = o->totals, .n_totals = (size_t)o->n_totals,
                           .repeat = o->repeat, .cpu = o->cpu, .timeout_s = o->timeout_s,
                           .progress = !o->quiet && isatty(2)};
    cm_sweep_result res;
    memset(&res, 0, sizeof res);
    int failures = doc ? cm_sweep_run(&cfg, sw.groups, sw.n, &res, &err)
                       : cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the document");
    size_t n_xo = 0;
    cm_sweep_row *rows = failures >= 0 ? cm_sweep_rows_of_result(&res) : NULL;
    cm_crossover *xo = rows ? cm_sweep_crossovers_of(rows, res.n_points, &n_xo) : NULL;
    if (failures >= 0 && finish_document(&sw, doc, &res, xo, n_xo) != 0)
        failures = cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory for the document");
    cm_measuring_release(&sw);
    size_t measured = 0;
    for (size_t i = 0; i < res.n_points; i++)
        measured += res.points[i].status == CM_RECORD_OK;
    /* interrupted before any point finished: an existing file stays */
    int keep = cm_measuring_keep(&sw, failures, measured, "point", &err);
    int rc = failures < 0 || keep ? -1 : cm_write_json(o->json_path, doc, &err);
    if (!o->quiet && rows && !cm_is_stdout(o->json_path)) /* "-": the document */
        cm_sweep_text(stdout, rows, res.n_points, o->repeat, xo, n_xo);
    free(rows);
    free(xo);
    cm_sweep_result_free(&res);
    json_decref(sw.doc);
    free(sw.groups);
    if (rc != 0)
        return cm_measuring_failed(&sw, &err);
    if (!o->quiet)
        cm_measuring_written(&sw, NULL, "point");
    if (cm_interrupted)
        return cm_interrupted_exit();
    return failures ? CM_EXIT_FAILURES : CM_EXIT_OK;
}
