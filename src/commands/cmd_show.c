/*
 * cmd_show.c — `cryptometer show FILE`: a saved document printed as the
 * terminal text of the command that wrote it. A result document (`run`,
 * or an import in the same format) is parsed back into typed records
 * (records/saved_doc.h) and printed by the table `run` prints; a probe
 * or a detect document by their renderers, a dmcrypt document by dmcrypt's
 * text after its answers, a sweep, a files, a verify, a verify --pairs and
 * a tcrypt document by their command's text, each read back by its one parser. The file is read
 * through the bounded reader of util/input.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "commands/commands.h"
#include "commands/options.h"
#include "commands/verify.h"
#include "measure/probe.h"
#include "records/answers.h"
#include "records/files_records.h"
#include "records/output.h"
#include "records/report_narrow.h"
#include "records/saved_doc.h"
#include "run/detect.h"
#include "run/dmcrypt.h"
#include "run/sweep_doc.h"
#include "run/tcrypt.h"
#include "run/sweep_out.h"
#include "util/error.h"
#include "util/input.h"

#define SHOW_MAX_BYTES (512u << 20) /* the largest document read (a full matrix is ~60 MiB) */

/* err: why a document of a known kind could not be read (its parser's
 * message, after the file's name); always -1. */
static int doc_error(cm_error *err, const char *path, const cm_error *why)
{
    return cm_error_set(err, why->code ? why->code : CM_EXIT_ENVIRONMENT, "%s: %s", path, why->msg);
}

static int show_result(json_t *doc, cm_table_layout layout, cm_error *err)
{
    cm_record_set set;
    size_t left_out;
    char why[256] = "";
    if (cm_doc_records(doc, &set, &left_out, why, sizeof why, err) != 0) {
        cm_record_set_free(&set);
        return -1;
    }
    cm_answers_print_document(stdout, doc); /* the answers first (answers.h) */
    fputc('\n', stdout);
    cm_print_table_layout(stdout, set.items, set.n, doc, layout);
    if (left_out)
        printf("\n%zu record(s) not shown: %s%s\n", left_out, why, left_out > 1 ? " (the first)" : "");
    cm_record_set_free(&set);
    return 0;
}

/* A probe document, parsed and printed as `probe` printed it. */
static int show_probe(const json_t *doc, const char *path, cm_error *err)
{
    cm_probe_doc d;
    cm_error why = {0};
    int rc = cm_probe_doc_from_json(doc, &d, &why);
    if (rc == 0)
        cm_probe_render_text(stdout, &d);
    else
        doc_error(err, path, &why);
    cm_probe_doc_free(&d);
    return rc;
}

/* A dmcrypt document: its answers first, then dmcrypt's text. */
static int show_dmcrypt(const json_t *doc, const char *path, cm_error *err)
{
    cm_dmc_result r;
    cm_error why = {0};
    if (cm_dmcrypt_from_json(doc, &r, &why) != 0)
        return doc_error(err, path, &why);
    cm_answers_print_document(stdout, doc);
    fputc('\n', stdout);
    cm_dmcrypt_text(stdout, &r);
    cm_dmcrypt_free(&r);
    return 0;
}

/* A verify or a verify --pairs document (pairs), printed as `verify`
 * printed it without --quiet. */
static int show_verify(const json_t *doc, int pairs, const char *path, cm_error *err)
{
    cm_error why = {0};
    if ((pairs ? cm_verify_pairs_show(doc, &why) : cm_verify_show(doc, &why)) != 0)
        return doc_error(err, path, &why);
    return 0;
}

/* A files document, printed as `files` printed it: a line per record,
 * then the cold note. */
static int show_files(const json_t *doc, const char *path, cm_error *err)
{
    cm_files_doc d;
    cm_error why = {0};
    int rc = cm_files_doc_from_json(doc, &d, &why);
    if (rc != 0)
        doc_error(err, path, &why);
    for (size_t i = 0; rc == 0 && i < d.n; i++)
        cm_files_line_print(stdout, &d.lines[i]);
    if (rc == 0 && d.cold_note)
        printf("%s\n", d.cold_note);
    cm_files_doc_free(&d);
    return rc;
}

/* A tcrypt document, printed as `tcrypt` printed it. */
static int show_tcrypt(const json_t *doc, const char *path, cm_error *err)
{
    cm_tcrypt_result r;
    cm_error why = {0};
    if (cm_tcrypt_from_json(doc, &r, &why) != 0)
        return doc_error(err, path, &why);
    cm_tcrypt_text(stdout, &r);
    free(r.rows);
    return 0;
}

/* A sweep document, printed as `sweep` printed it (its rows, then the
 * crossovers computed from them, as `sweep` computes them). */
static int show_sweep(const json_t *doc, const char *path, cm_error *err)
{
    cm_sweep_doc d;
    cm_error why = {0};
    size_t n_xo = 0;
    cm_crossover *xo = NULL;
    int rc = cm_sweep_doc_from_json(doc, 1, &d, &why);
    if (rc != 0)
        doc_error(err, path, &why);
    else if (!(xo = cm_sweep_crossovers_of(d.pts, d.n, &n_xo)))
        rc = cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: out of memory", path);
    else
        cm_sweep_text(stdout, d.pts, d.n, d.repeat, xo, n_xo);
    free(xo);
    cm_sweep_doc_free(&d);
    return rc;
}

/* Which document doc is, and prints it. 0, or -1 with err. */
static int show_document(json_t *doc, const char *path, cm_table_layout layout, cm_error *err)
{
    cm_doc_kind k = cm_doc_kind_of(doc);
    const char *schema = k.schema, *format = k.format;
    if (schema && strcmp(schema, "cryptometer-result") == 0)
        return show_result(doc, layout, err);
    if (layout == CM_TABLE_MARKDOWN)
        return cm_error_set(err, CM_EXIT_USAGE, "%s: --markdown renders the table of a run's "
                            "result document only", path);
    if (schema && strcmp(schema, "cryptometer-probe") == 0)
        return show_probe(doc, path, err);
    if (schema && strcmp(schema, "cryptometer-sweep") == 0)
        return show_sweep(doc, path, err);
    if (schema && strcmp(schema, "cryptometer-files-v1") == 0)
        return show_files(doc, path, err);
    if (format && strcmp(format, "cryptometer-verify-v1") == 0)
        return show_verify(doc, 0, path, err);
    if (format && strcmp(format, "cryptometer-verify-pairs-v1") == 0)
        return show_verify(doc, 1, path, err);
    if (k.detect) {
        cm_detect_render_text(stdout, doc);
        return 0;
    }
    if (k.kind && strcmp(k.kind, "dmcrypt") == 0)
        return show_dmcrypt(doc, path, err);
    if (k.kind && strcmp(k.kind, "tcrypt") == 0)
        return show_tcrypt(doc, path, err);
    const char *kind = schema ? schema : format ? format : k.kind;
    if (kind)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "%s: a %s document: show prints result, probe, detect, dmcrypt, sweep, "
                            "files, verify, verify --pairs and tcrypt documents (not this kind yet)", path, kind);
    return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                        "%s: not a document cryptometer writes (no \"schema\" or \"format\")", path);
}

int cm_show_main(cm_options *o)
{
    cm_error err = {0};
    if (o->n_operands != 1 || (o->wide && o->markdown)) {
        cm_error_set(&err, CM_EXIT_USAGE, o->n_operands != 1 ? "which document? (usage: cryptometer show FILE)"
                                                            : "--wide or --markdown, not both");
        return cm_command_fail(&cm_cmd_show, &err);
    }
    const char *path = o->operands[0];
    char *text = NULL;
    size_t len = 0;
    if (cm_read_file(path, SHOW_MAX_BYTES, "document", &text, &len, &err) != 0)
        return cm_command_fail(&cm_cmd_show, &err);
    json_error_t jerr;
    json_t *doc = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!doc || !json_is_object(doc)) {
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "%s: not a JSON document (line %d: %s)", path,
                     jerr.line, doc ? "not an object" : jerr.text);
        json_decref(doc);
        return cm_command_fail(&cm_cmd_show, &err);
    }
    cm_table_layout layout = o->markdown ? CM_TABLE_MARKDOWN : o->wide ? CM_TABLE_WIDE : CM_TABLE_NARROW;
    int rc = show_document(doc, path, layout, &err);
    json_decref(doc);
    return rc == 0 ? CM_EXIT_OK : cm_command_fail(&cm_cmd_show, &err);
}
