/*
 * detect_sweep.c — `detect --sweep FILE`: the verdicts a sweep document
 * (docs/sweep.md) adds to the detect document (detect.h): per algorithm
 * swept, each crossover of an engine path against a CPU path, computed
 * again from the document's records (read by sweep_doc_json.c) by the one
 * computation (sweep_crossover.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/kcrypto.h"
#include "platform/verdict_list.h"
#include "run/detect.h"
#include "run/detect_doc.h"
#include "run/sweep_doc.h"
#include "util/input.h"
#include "util/json.h"

/* The crossovers of the sweep document d into s. 0, or -1 when out of
 * memory. */
static int crossovers_of(const cm_sweep_doc *d, const char *file, cm_loaded_sweep *s)
{
    s->file = strdup(file);
    s->algorithm = strdup(d->algorithm);
    s->operation = strdup(d->operation);
    s->xo = calloc(2 * d->n + 1, sizeof *s->xo);
    if (!s->file || !s->algorithm || !s->operation || !s->xo)
        return -1;
    s->n_xo = cm_sweep_crossovers(d->pts, d->n, s->xo, 2 * d->n + 1);
    return 0;
}

/* See detect.h. */
int cm_detect_sweep_load(const char *file, cm_loaded_sweep *s, cm_error *err)
{
    json_error_t jerr;
    char *text;
    size_t len;
    memset(s, 0, sizeof *s);
    if (cm_read_file(file, CM_CAP_SWEEP, "--sweep", &text, &len, err) != 0)
        return -1; /* the reading policy (util/input.h): regular files only, capped */
    json_t *doc = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!doc)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "--sweep %s: %s", file, jerr.text);
    cm_sweep_doc d;
    cm_error why = {0};
    int rc = cm_sweep_doc_from_json(doc, 0, &d, &why);
    json_decref(doc);
    if (rc != 0)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "--sweep %s: %s", file, why.msg);
    else if (crossovers_of(&d, file, s) != 0)
        rc = cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    cm_sweep_doc_free(&d);
    return rc;
}

/* See detect.h. */
void cm_loaded_sweep_free(cm_loaded_sweep *s)
{
    free(s->file);
    free(s->algorithm);
    free(s->operation);
    free(s->xo);
    memset(s, 0, sizeof *s);
}

/* Appends the verdict of crossover x to verdicts; 0, or -1 when out of
 * memory. */
static int crossover_verdict(platform_verdict_list *verdicts, const char *alg, const char *op,
                             const cm_crossover *x)
{
    const char *what, *k = x->served_by[0] ? platform_kdriver_class(x->served_by, NULL, &what) : "";
    /* A kernel path served by a CPU driver is no engine: its codes say so. */
    int cpu = strcmp(k, "cpu-instructions") == 0 || strcmp(k, "software") == 0 ||
              strcmp(k, "library") == 0;
    const char *code = !x->compared          ? "not-compared"
                       : x->throughput_chunk ? (cpu ? "cpu-driver-faster-from" : "engine-faster-from")
                       : x->cpu_time_chunk   ? (cpu ? "cpu-driver-saves-cpu-from" : "engine-saves-cpu-from")
                                             : (cpu ? "cpu-driver-never-pays" : "engine-never-pays");
    char subject[400], msg[700];
    snprintf(subject, sizeof subject, "%s %s: %s against %s at %lld bytes", alg, op, x->engine_path,
             x->cpu_path, (long long)x->total);
    snprintf(msg, sizeof msg, "%s %s: %s.", alg, op, x->message);
    json_t *one = cm_crossovers_json(x, 1);
    json_t *evidence = json_incref(json_array_get(one, 0));
    json_decref(one);
    return evidence ? platform_verdict_add(verdicts, "crossover", subject, code, msg, evidence) : -1;
}

/* Appends to verdicts the verdicts of one loaded sweep s; 0, or -1. */
static int sweep_verdicts(platform_verdict_list *verdicts, const cm_loaded_sweep *s)
{
    int rc = 0;
    char msg[512];
    if (!s->n_xo) {
        snprintf(msg, sizeof msg, "%s: the sweep has no engine path (afalg, an OpenSSL engine) beside a CPU "
                 "path (openssl:evp, ref)", s->algorithm);
        rc |= platform_verdict_add(verdicts, "crossover", s->algorithm, "no-engine-path", msg, json_object());
    }
    for (size_t k = 0; k < s->n_xo; k++)
        rc |= crossover_verdict(verdicts, s->algorithm, s->operation, &s->xo[k]);
    return rc;
}

/* The "sweeps" array: each loaded sweep as {file, algorithm, operation,
 * crossovers}. NULL when out of memory. */
static json_t *sweeps_json(const cm_loaded_sweep *s, size_t n)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc |= json_array_append_new(a, json_pack("{s:o, s:s, s:s, s:o}", "file", cm_json_string_lossy(s[i].file),
                                                 "algorithm", s[i].algorithm, "operation", s[i].operation,
                                                 "crossovers", cm_crossovers_json(s[i].xo, s[i].n_xo)));
    return cm_json_checked(a, rc);
}

/* See detect.h. */
int cm_detect_add_sweeps(json_t *doc, const cm_loaded_sweep *s, size_t n)
{
    cm_detect_doc d;
    cm_detect_doc_parse(doc, &d);
    int rc = d.verdicts_ok ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = sweep_verdicts(&d.verdicts, &s[i]);
    if (rc == 0)
        rc |= cm_json_put(doc, "verdicts", platform_verdict_list_to_json(&d.verdicts));
    cm_detect_doc_free(&d);
    rc |= cm_json_put(doc, "sweeps", sweeps_json(s, n));
    return rc ? -1 : 0;
}
