/*
 * detect_sweep.c — `detect --sweep FILE`: the verdicts a sweep document
 * (docs/sweep.md) adds to the detect document (detect.h): per algorithm
 * swept, each crossover of an engine path against a CPU path, computed
 * again from the document's records by the one computation
 * (sweep_crossover.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/kcrypto.h"
#include "platform/verdict_list.h"
#include "run/detect.h"
#include "run/sweep_crossover.h"
#include "util/input.h"
#include "util/json.h"

/* See detect.h. */
json_t *cm_detect_sweep_load(const char *file, cm_error *err)
{
    json_error_t jerr;
    char *text;
    size_t len;
    if (cm_read_file(file, CM_CAP_SWEEP, "--sweep", &text, &len, err) != 0)
        return NULL; /* the reading policy (util/input.h): regular files only, capped */
    json_t *doc = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!doc) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "--sweep %s: %s", file, jerr.text);
        return NULL;
    }
    json_t *version = json_object_get(doc, "schema_version");
    json_t *first = json_array_get(json_object_get(doc, "records"), 0);
    const char *alg = json_string_value(json_object_get(first, "algorithm"));
    const char *op = json_string_value(json_object_get(first, "operation"));
    const char *schema = json_string_value(json_object_get(doc, "schema"));
    if (!schema || strcmp(schema, "cryptometer-sweep") != 0) {
        json_decref(doc);
        cm_error_set(err, CM_EXIT_ENVIRONMENT,
                     "--sweep %s: not a sweep document (no \"schema\": \"cryptometer-sweep\")", file);
        return NULL;
    }
    if (!json_is_integer(version) || json_integer_value(version) != 1) {
        json_decref(doc);
        cm_error_set(err, CM_EXIT_ENVIRONMENT,
                     "--sweep %s: sweep schema_version is not 1, the one this build reads", file);
        return NULL;
    }
    size_t n = 0, n_xo = 0;
    cm_error rerr = {0};
    cm_xo_point *pts = cm_xo_points_of_records(json_object_get(doc, "records"), &n, &rerr);
    cm_crossover *xo = pts ? calloc(2 * n + 1, sizeof *xo) : NULL;
    if (pts && xo)
        n_xo = cm_sweep_crossovers(pts, n, xo, 2 * n + 1);
    json_t *out = NULL;
    if (!pts) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "--sweep %s: %s", file, rerr.msg);
    } else if (n == 0 || !alg || !op) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT,
                     "--sweep %s: the sweep has no records (or its first lacks algorithm and "
                     "operation)", file);
    } else {
        out = xo ? json_pack("{s:o, s:s, s:s, s:o}", "file", cm_json_string_lossy(file),
                             "algorithm", alg, "operation",
                             op, "crossovers", cm_crossovers_json(xo, n_xo))
                 : NULL;
        if (!out)
            cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    }
    free(pts);
    free(xo);
    json_decref(doc);
    return out;
}

/* Appends the verdict of one crossover to verdicts; 0, or -1 when out of
 * memory. */
static int crossover_verdict(platform_verdict_list *verdicts, const char *alg, const char *op, json_t *x)
{
    int tp = json_is_integer(json_object_get(x, "throughput_chunk"));
    int ct = json_is_integer(json_object_get(x, "cpu_time_chunk"));
    int compared = json_integer_value(json_object_get(x, "chunks_compared")) > 0;
    const char *what, *served = json_string_value(json_object_get(x, "served_by"));
    const char *k = served ? platform_kdriver_class(served, NULL, &what) : "";
    /* A kernel path served by a CPU driver is no engine: its codes say so. */
    int cpu = strcmp(k, "cpu-instructions") == 0 || strcmp(k, "software") == 0 ||
              strcmp(k, "library") == 0;
    const char *code = !compared ? "not-compared"
                       : tp      ? (cpu ? "cpu-driver-faster-from" : "engine-faster-from")
                       : ct      ? (cpu ? "cpu-driver-saves-cpu-from" : "engine-saves-cpu-from")
                                 : (cpu ? "cpu-driver-never-pays" : "engine-never-pays");
    char subject[400], msg[700];
    snprintf(subject, sizeof subject, "%s %s: %s against %s at %lld bytes", alg, op,
             json_string_value(json_object_get(x, "engine_path")),
             json_string_value(json_object_get(x, "cpu_path")),
             (long long)json_integer_value(json_object_get(x, "total")));
    snprintf(msg, sizeof msg, "%s %s: %s.", alg, op, json_string_value(json_object_get(x, "message")));
    return platform_verdict_add(verdicts, "crossover", subject, code, msg, json_incref(x));
}

/* Appends to verdicts the verdicts of one loaded sweep s; 0, or -1. */
static int sweep_verdicts(platform_verdict_list *verdicts, const json_t *s)
{
    const char *alg = json_string_value(json_object_get(s, "algorithm"));
    const char *op = json_string_value(json_object_get(s, "operation"));
    json_t *xs = json_object_get(s, "crossovers"), *x;
    size_t k;
    int rc = 0;
    char msg[512];
    if (!json_array_size(xs)) {
        snprintf(msg, sizeof msg, "%s: the sweep has no engine path (afalg, an OpenSSL engine) beside a CPU "
                 "path (openssl:evp, ref)", alg);
        rc |= platform_verdict_add(verdicts, "crossover", alg, "no-engine-path", msg, json_object());
    }
    json_array_foreach(xs, k, x)
        rc |= crossover_verdict(verdicts, alg, op, x);
    return rc;
}

/* See detect.h. */
int cm_detect_add_sweeps(json_t *doc, json_t *sweeps)
{
    platform_verdict_list verdicts = {0};
    cm_error err = {0};
    const json_t *now = json_object_get(doc, "verdicts"), *s;
    size_t i;
    int rc = json_is_array(now) ? platform_verdict_list_from_json(now, &verdicts, &err) : -1;
    json_array_foreach(sweeps, i, s)
        if (rc == 0)
            rc = sweep_verdicts(&verdicts, s);
    if (rc == 0)
        rc |= cm_json_put(doc, "verdicts", platform_verdict_list_to_json(&verdicts));
    platform_verdict_list_free(&verdicts);
    rc |= cm_json_put(doc, "sweeps", json_incref(sweeps));
    return rc ? -1 : 0;
}
