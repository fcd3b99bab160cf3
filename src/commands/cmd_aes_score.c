/*
 * cmd_aes_score.c — `cryptometer aes-score`, a hidden, machine-readable
 * entry to the AES-score-per-MHz rule (src/platform/aes_score.c, the one
 * implementation) for the Python layer (python/cryptometer/aes_score.py),
 * which judges the figures of imported sbc-bench logs with it.
 *
 * Reads one JSON document on stdin: either an array of figures, or
 * {"table": <a data/aes_score_per_mhz.json document>, "figures": [...]}
 * (without "table", the table embedded in this binary). A figure is
 * {core_name, mhz, kbs_16k, claimed_mhz, mhz_label, arch, log_sha256,
 * aes_instructions, library_aes, masked_by, emulated, cluster, observed},
 * each optional (null or absent: unknown; see platform_aes_figure). Writes
 * the array of verdicts (platform_aes_verdict()), in the same order, as one
 * line of JSON on stdout; the figures of one request are one run or log,
 * so clusters that disagree with their twins are flagged
 * (platform_aes_twins(): "twins"). Exit codes: 0, 2 for an unknown option, 3 for
 * input that is not such a document or a table that is malformed.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "util/input.h"

#include "commands/commands.h"
#include "platform/aes_score.h"
#include "platform/verdict.h"
#include "util/error.h"
#include "util/json.h"

static const char usage[] =
    "usage: cryptometer aes-score < FIGURES.json\n"
    "\n"
    "The AES-score-per-MHz verdicts of figures given as JSON on stdin (an array of\n"
    "{core_name, mhz, kbs_16k, claimed_mhz, mhz_label, arch, log_sha256, ...}, or\n"
    "{\"table\": {...}, \"figures\": [...]}), as a JSON array on stdout. Used by the\n"
    "Python commands (import); see docs/detect.md for the rule.\n";

/* A number field, NAN when absent or not a number. */
static double number(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

/* A string field that must be one of two words; NULL otherwise. */
static const char *evidence(const json_t *o, const char *key, const char *a, const char *b)
{
    const char *s = json_string_value(json_object_get(o, key));
    return s && (strcmp(s, a) == 0 || strcmp(s, b) == 0) ? s : NULL;
}

/* The verdicts of figures with table (NULL: embedded); NULL with err set. */
static json_t *verdicts(const json_t *table, const json_t *figures, cm_error *err)
{
    json_t *out = json_array();
    int rc = out ? 0 : -1;
    size_t i;
    const json_t *f;
    json_array_foreach(figures, i, f) {
        if (!json_is_object(f)) {
            json_decref(out);
            cm_error_set(err, CM_EXIT_ENVIRONMENT, "figure %zu is not a JSON object", i);
            return NULL;
        }
        platform_aes_figure fig = {
            json_string_value(json_object_get(f, "core_name")), number(f, "mhz"), number(f, "kbs_16k"),
            number(f, "claimed_mhz"), json_string_value(json_object_get(f, "mhz_label")),
            json_string_value(json_object_get(f, "arch")), json_string_value(json_object_get(f, "log_sha256")),
            evidence(f, "aes_instructions", "present", "absent"), evidence(f, "library_aes", "used", "masked"),
            json_string_value(json_object_get(f, "masked_by")), json_string_value(json_object_get(f, "emulated")),
            json_string_value(json_object_get(f, "native")),
        };
        json_t *v = platform_aes_verdict(table, &fig);
        rc |= json_array_append_new(out, v);
        if (rc)
            break;
        /* What the twin check reads: the cluster's name, what the log shows. */
        if (json_object_get(f, "cluster"))
            rc |= json_object_set(v, "cluster", json_object_get(f, "cluster"));
        if (json_is_array(json_object_get(f, "observed")))
            rc |= json_object_set(v, "observed", json_object_get(f, "observed"));
    }
    if (!rc)
        rc |= platform_aes_twins(out);
    if (rc)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "the AES score table is missing or malformed, or out of memory");
    return cm_json_checked(out, rc);
}

/* See commands.h. */
int cm_aes_score_main(int argc, char **argv)
{
    if (argc > 1) {
        int help = strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0;
        fputs(usage, help ? stdout : stderr);
        return help ? CM_EXIT_OK : CM_EXIT_USAGE;
    }
    json_error_t jerr;
    cm_error err = {0};
    char *text;
    size_t len;
    json_t *in = NULL;
    if (cm_read_fd(0, "standard input", CM_CAP_STDIN, "JSON on", &text, &len, &err) != 0) {
        fprintf(stderr, "cryptometer aes-score: error: %s\n", err.msg);
        return err.code;
    }
    in = json_loadb(text, len, 0, &jerr);
    free(text);
    const json_t *figures = json_is_array(in) ? in : json_object_get(in, "figures");
    const json_t *table = json_is_object(in) ? json_object_get(in, "table") : NULL;
    json_t *out = NULL;
    if (!in)
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "stdin is not JSON: %s (line %d)", jerr.text, jerr.line);
    else if (!json_is_array(figures) || (table && !json_is_object(table)))
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "stdin is neither an array of figures nor {table, figures}");
    else
        out = verdicts(table, figures, &err);
    int rc = out && json_dumpf(out, stdout, JSON_COMPACT) == 0 && fputc('\n', stdout) != EOF &&
                     fflush(stdout) == 0
                 ? CM_EXIT_OK
                 : CM_EXIT_ENVIRONMENT;
    if (out && rc != CM_EXIT_OK)
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "cannot write the verdicts");
    if (rc != CM_EXIT_OK)
        fprintf(stderr, "cryptometer aes-score: %s\n", err.msg);
    json_decref(in);
    json_decref(out);
    return rc;
}
