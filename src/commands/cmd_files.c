/*
 * cmd_files.c — `cryptometer files`: the file workloads. Files of the
 * given sizes (default 1, 10, 100 MB; --quick 256 KiB and 1 MiB) of random
 * bytes in a private temporary directory (files_tmp.h) are
 *   hashed with SHA-1, SHA-256, SHA-512 and BLAKE2b-512 through one
 *   backend's implementations (the registry's tables; openssl:evp unless
 *   --impl names another): open, mmap, one digest of the whole mapping,
 *   unmap, close;
 *   encrypted and decrypted with AES-128-CBC and AES-256-CBC (read, encrypt
 *   or decrypt as one stream in 1 MiB pieces, write) and AES-256-GCM (mmap,
 *   one seal or open of the whole file, write), the round trip compared
 *   byte for byte with the original;
 * and the same files go through sha1sum, sha256sum, sha512sum, b2sum,
 * `openssl dgst` and `openssl enc -nopad` side by side: their digests must
 * equal ours, and
 * openssl enc's ciphertext must equal ours byte for byte. Each step is
 * timed --repeat times (median), warm (the file read once before) and,
 * with --cold as root, cold (caches dropped before each repetition). Each
 * record states the page cache: the fraction of the input's pages resident
 * just before the first timed repetition (mincore). The key and IV are
 * random, in memory only (openssl enc gets them on its command line).
 * Its options are the options table's (options.h); its records are typed
 * (records/files_records.h) and written, with the CSV view of --csv, by
 * the writer of every command (cm_write_outputs).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "commands/commands.h"
#include "commands/options.h"
#include "records/files_records.h"
#include "records/output.h"
#include "registry/registry.h"
#include "run/files_io.h"
#include "run/files_tmp.h"
#include "run/files_workload.h"
#include "util/error.h"
#include "util/json.h"

/* ---- the command --------------------------------------------------------------- */

/* Sets o's backend and variant from "B[:V]" (given: by --impl, else the
 * default): 0, or -1 with err (usage, or environment when it cannot run). */
static int choose_impl(const char *text, int given, files_opts *o, cm_error *err)
{
    char name[64];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), text);
    snprintf(o->variant, sizeof o->variant, "%s", colon ? colon + 1 : "");
    o->backend = cm_registry_find_backend(name);
    if (!o->backend && !given)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "this build has no %s backend: name "
                            "another with --impl (e.g. ref:portable)", name);
    if (!o->backend || (colon && !o->variant[0]))
        return cm_error_set(err, CM_EXIT_USAGE, "--impl: '%s' is not BACKEND[:VARIANT] of a "
                            "backend in this build (cryptometer list names them)", text);
    if (o->backend->helper)
        return cm_error_set(err, CM_EXIT_USAGE, "--impl: %s runs in its helper executable; "
                            "files runs in-process backends only", name);
    char why[256] = "";
    if (!cm_backend_ready(o->backend, why, sizeof why))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "--impl: %s is not ready here: %s", name,
                            why);
    size_t rows;
    int variant_seen = 0, has_one = 0;
    const cm_impl *row = cm_backend_impls(o->backend, &rows);
    for (size_t i = 0; i < rows; i++) {
        int wanted = !o->variant[0] || strcmp(row[i].variant, o->variant) == 0;
        int ours = wanted && files_workload_alg(row[i].algorithm);
        variant_seen |= wanted;
        char row_why[256];
        if (ours && cm_impl_available(o->backend, &row[i], row_why, sizeof row_why))
            return 0;
        if (ours && !has_one)
            snprintf(why, sizeof why, "%s", row_why);
        has_one |= ours;
    }
    if (!variant_seen)
        return cm_error_set(err, CM_EXIT_USAGE, "--impl: %s has no variant '%s' (cryptometer "
                            "list --backends %s names them)", name, o->variant, name);
    if (has_one)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "--impl: %s can run none of the file "
                            "workloads' algorithms here: %s", text, why);
    char algs[160];
    files_workload_algs(algs, sizeof algs);
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "--impl: %s has none of the file workloads' "
                        "algorithms (%s)", text, algs);
}

/* The workload's settings from the options: the sizes (the defaults, or
 * --quick's, unless --sizes), the repetitions. 0, or -1 with err (usage). */
static int files_settings(const cm_options *opt, files_opts *o, cm_error *err)
{
    static const size_t normal[] = {1000000, 10000000, 100000000}, quick[] = {256 << 10, 1 << 20};
    const size_t *sizes = opt->sizes_given ? opt->sizes : opt->quick ? quick : normal;
    int n = opt->sizes_given ? opt->n_sizes : opt->quick ? 2 : 3;
    if (n > MAX_FILES)
        return cm_error_set(err, CM_EXIT_USAGE, "--sizes: %d sizes; files takes 1 to %d, "
                            "multiples of 16 bytes up to 1G", n, MAX_FILES);
    for (int k = 0; k < n; k++) {
        if (sizes[k] % 16)
            return cm_error_set(err, CM_EXIT_USAGE, "--sizes: %zu bytes is not a multiple of 16 "
                                "(files takes 1 to %d sizes, multiples of 16 bytes up to 1G)",
                                sizes[k], MAX_FILES);
        o->sizes[k] = sizes[k];
    }
    o->n_sizes = n;
    o->repeat = opt->repeat ? opt->repeat : 3;
    /* "-": the document or CSV is standard output, instead of the lines */
    o->quiet = opt->quiet || cm_is_stdout(opt->json_path) || cm_is_stdout(opt->csv_path);
    return 0;
}

/* Checks everything before anything runs: the options, the outputs (the
 * one writing policy, output.h), the backend. -1 to go on, else the exit
 * code (the error printed). */
static int prepare(cm_options *opt, files_opts *o)
{
    cm_error err = {0};
    if (opt->json_path && opt->csv_path && cm_same_path(opt->json_path, opt->csv_path)) {
        cm_error_set(&err, CM_EXIT_USAGE, "--json and --csv name the same file '%s'", opt->csv_path);
        return cm_command_fail(&cm_cmd_files, &err);
    }
    if (files_settings(opt, o, &err) != 0 ||
        (opt->json_path && cm_output_check(opt->json_path, NULL, 0, opt->force, &err) != 0) ||
        (opt->csv_path && cm_output_check(opt->csv_path, NULL, 0, opt->force, &err) != 0) ||
        choose_impl(opt->impl ? opt->impl : CM_FILES_DEFAULT_IMPL, opt->impl != NULL, o, &err) != 0)
        return cm_command_fail(&cm_cmd_files, &err);
    return -1;
}

/* Makes each file and runs its workloads, warm and (without a cold_note)
 * cold, into recs: the number of failures, or -1 after one line on stderr
 * when a file cannot be made. */
static int run_files(const files_opts *o, const char *dir, const char *cold_note,
                     cm_record_set *recs)
{
    int failures = 0;
    for (int k = 0; k < o->n_sizes; k++) {
        char data[600], name[32];
        snprintf(name, sizeof name, "data-%d", k);
        files_tmp_path(data, sizeof data, name);
        if (files_make(data, o->sizes[k]) != 0) {
            fprintf(stderr, "cryptometer files: error: writing %zu bytes in %s: %s\n",
                    o->sizes[k], dir, strerror(errno));
            return -1;
        }
        failures += files_one(o, recs, k, o->sizes[k], "warm");
        if (!cold_note)
            failures += files_one(o, recs, k, o->sizes[k], "cold");
    }
    return failures;
}

/* The files document (cryptometer-files-v1, docs/cli.md "files") of recs:
 * NULL when out of memory. */
static json_t *files_document(const files_opts *o, const char *impl, const char *cold_note,
                              const cm_record_set *recs, int dir_removed)
{
    json_t *sizes = json_array();
    int rc = sizes ? 0 : -1;
    for (int k = 0; k < o->n_sizes && !rc; k++)
        rc |= json_array_append_new(sizes, json_integer((json_int_t)o->sizes[k]));
    json_t *settings = json_pack("{s:o, s:i, s:b, s:o}", "sizes", cm_json_checked(sizes, rc),
                                 "repeat", o->repeat, "cold", !cold_note, "impl",
                                 cm_json_string_lossy(impl));
    return json_pack("{s:s, s:o, s:o*, s:o, s:b}", "schema", "cryptometer-files-v1", "settings",
                     settings, "cold_note", cold_note ? json_string(cold_note) : NULL, "records",
                     cm_files_records_json(recs->items, recs->n), "temporary_directory_removed",
                     dir_removed);
}

/* The document to --json and the CSV view of the records to --csv,
 * written together (cm_write_outputs). 0, or -1 with err. */
static int write_outputs(const cm_options *opt, json_t *doc, const cm_record_set *recs,
                         cm_error *err)
{
    cm_output outs[2];
    size_t n = 0, json_len = 0, csv_len = 0;
    char *json = opt->json_path && doc ? cm_json_text(doc, &json_len) : NULL;
    char *csv = opt->csv_path ? cm_csv_text(recs->items, recs->n, &csv_len) : NULL;
    if (opt->json_path)
        outs[n++] = (cm_output){opt->json_path, json, json_len};
    if (opt->csv_path)
        outs[n++] = (cm_output){opt->csv_path, csv, csv_len};
    int rc = (json || !opt->json_path) && (csv || !opt->csv_path)
                 ? (n ? cm_write_outputs(outs, n, err) : 0)
                 : cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory rendering the records");
    free(json);
    free(csv);
    return rc;
}

int cm_files_main(cm_options *opt)
{
    files_opts o;
    memset(&o, 0, sizeof o);
    int early = prepare(opt, &o);
    if (early >= 0)
        return early;
    const char *cold_note = NULL;
    if (opt->cold && (geteuid() != 0 || access("/proc/sys/vm/drop_caches", W_OK) != 0))
        cold_note = "cold: not run (needs root to write /proc/sys/vm/drop_caches)";
    else if (!opt->cold)
        cold_note = "cold: not run (not requested: --cold)";
    const char *dir = files_tmp_create();
    if (!dir) {
        fprintf(stderr, "cryptometer files: error: temporary directory: %s\n", strerror(errno));
        return CM_EXIT_ENVIRONMENT;
    }
    cm_record_set recs;
    cm_record_set_init(&recs);
    int failures = run_files(&o, dir, cold_note, &recs);
    files_tmp_remove();
    if (o.backend->teardown)
        o.backend->teardown();
    cm_error err = {0};
    json_t *doc = failures < 0 ? NULL : files_document(&o, opt->impl ? opt->impl : CM_FILES_DEFAULT_IMPL,
                                                       cold_note, &recs, access(dir, F_OK) != 0);
    if (cold_note && !o.quiet && failures >= 0)
        printf("%s\n", cold_note);
    int rc = failures < 0 ? CM_EXIT_ENVIRONMENT
             : write_outputs(opt, doc, &recs, &err) != 0 ? cm_command_fail(&cm_cmd_files, &err)
             : failures ? CM_EXIT_FAILURES : CM_EXIT_OK;
    json_decref(doc);
    cm_record_set_free(&recs);
    return rc;
}
