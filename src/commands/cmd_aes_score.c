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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "util/input.h"

#include "commands/commands.h"
#include "platform/aes_result.h"
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

/* The verdict of figure f (a JSON object) with table, and what it adds
 * for the twin check (its cluster, what the log shows), into *r. 0, or -1
 * with err. */
static int one_verdict(const json_t *table, const json_t *f, size_t i, platform_aes_result *r, cm_error *err)
{
    char where[48];
    snprintf(where, sizeof where, "figure %zu", i);
    memset(r, 0, sizeof *r);
    if (!json_is_object(f))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "figure %zu is not a JSON object", i);
    platform_aes_figure fig;
    platform_aes_added added;
    if (platform_aes_figure_from_json(f, &fig, &added, where, err) != 0)
        return -1;
    int rc = platform_aes_judge(table, &fig, r);
    r->added = added;
    return rc;
}

/* The verdicts of figures with table (NULL: embedded); NULL with err set. */
static json_t *verdicts(const json_t *table, const json_t *figures, cm_error *err)
{
    size_t n = json_array_size(figures), i;
    platform_aes_result *r = calloc(n + 1, sizeof *r);
    int rc = r ? 0 : -1;
    for (i = 0; i < n && rc == 0; i++)
        rc = one_verdict(table, json_array_get(figures, i), i, &r[i], err);
    if (rc == 0)
        rc = platform_aes_twins(r, n);
    json_t *out = rc == 0 ? platform_aes_results_to_json(r, n) : NULL;
    platform_aes_results_free(r, i);
    if (!out && !err->msg[0])
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "the AES score table is missing or malformed, or out of memory");
    return out;
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
