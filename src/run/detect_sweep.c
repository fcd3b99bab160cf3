/*
 * detect_sweep.c — `detect --sweep FILE`: the verdicts a sweep document
 * (docs/sweep.md) adds to the detect document (detect.h): per algorithm
 * swept, each crossover of an engine path against a CPU path, computed
 * again from the document's records by the one computation
 * (sweep_crossover.h).
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

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

/* The verdict of one crossover (NULL when out of memory). */
static json_t *crossover_verdict(const char *alg, const char *op, json_t *x)
{
    int tp = json_is_integer(json_object_get(x, "throughput_chunk"));
    int ct = json_is_integer(json_object_get(x, "cpu_time_chunk"));
    int compared = json_integer_value(json_object_get(x, "chunks_compared")) > 0;
    const char *code = !compared ? "not-compared"
                       : tp      ? "engine-faster-from"
                       : ct      ? "engine-saves-cpu-from"
                                 : "engine-never-pays";
    char subject[400], msg[700];
    snprintf(subject, sizeof subject, "%s %s: %s against %s at %lld bytes", alg, op,
             json_string_value(json_object_get(x, "engine_path")),
             json_string_value(json_object_get(x, "cpu_path")),
             (long long)json_integer_value(json_object_get(x, "total")));
    snprintf(msg, sizeof msg, "%s %s: %s.", alg, op, json_string_value(json_object_get(x, "message")));
    return json_pack("{s:s, s:s, s:s, s:s, s:O}", "id", "crossover", "subject", subject, "code",
                     code, "message", msg, "evidence", x);
}

/* See detect.h. */
int cm_detect_add_sweeps(json_t *doc, json_t *sweeps)
{
    json_t *verdicts = json_object_get(doc, "verdicts"), *s;
    size_t i;
    int rc = json_is_array(verdicts) ? 0 : -1;
    json_array_foreach(sweeps, i, s) {
        const char *alg = json_string_value(json_object_get(s, "algorithm"));
        const char *op = json_string_value(json_object_get(s, "operation"));
        json_t *xs = json_object_get(s, "crossovers"), *x;
        size_t k;
        if (!json_array_size(xs))
            rc |= json_array_append_new(
                verdicts, json_pack("{s:s, s:s, s:s, s:s+, s:{}}", "id", "crossover", "subject",
                                    alg, "code", "no-engine-path", "message", alg,
                                    ": the sweep has no engine path (afalg, an OpenSSL engine) "
                                    "beside a CPU path (openssl:evp, ref)", "evidence"));
        json_array_foreach(xs, k, x)
            rc |= json_array_append_new(verdicts, crossover_verdict(alg, op, x));
    }
    rc |= cm_json_put(doc, "sweeps", json_incref(sweeps));
    return rc ? -1 : 0;
}
