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
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "commands/commands.h"
#include "records/output.h"
#include "registry/registry.h"
#include "run/files_io.h"
#include "run/files_tmp.h"
#include "run/files_workload.h"
#include "util/error.h"

/* ---- the command --------------------------------------------------------------- */

static void usage(FILE *f)
{
    fputs("usage: cryptometer files [options]\n"
          "  --sizes LIST    file sizes, k/M suffixes (KiB, MiB), multiples of 16 bytes\n"
          "                  (default 1000000,10000000,100000000: 1, 10, 100 MB)\n"
          "  --quick         files of 256k and 1M (for tests)\n"
          "  --repeat N      timed repetitions per step, median reported (1-15, default 3)\n"
          "  --cold          also cold: drop the page cache before each repetition (root)\n"
          "  --json FILE     write the records here (cryptometer-files-v1)\n"
          "  --quiet         no progress lines\n"
          "  --impl B[:V]    hash and encrypt through backend B (variant V; without it, the\n"
          "                  backend's own choice per algorithm), e.g. ref:portable, afalg:kernel\n"
          "                  (default openssl:evp); the tools run beside it as always\n"
          "exit codes: 0 ok; 1 a step failed or a round trip or comparison did not verify;\n"
          "2 bad option; 3 the backend is not ready here or has none of the algorithms,\n"
          "or the temporary files or result file failed\n",
          f);
}

/* Sets o's backend and variant from "B[:V]" (given: by --impl, else the
 * default): CM_EXIT_OK, or an exit code after one line on stderr. */
static int choose_impl(const char *text, int given, files_opts *o)
{
    char name[64];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), text);
    snprintf(o->variant, sizeof o->variant, "%s", colon ? colon + 1 : "");
    o->backend = cm_registry_find_backend(name);
    if (!o->backend && !given) {
        fprintf(stderr, "cryptometer files: error: this build has no %s backend: name another "
                "with --impl (e.g. ref:portable)\n", name);
        return CM_EXIT_ENVIRONMENT;
    }
    if (!o->backend || (colon && !o->variant[0])) {
        fprintf(stderr, "cryptometer files: error: --impl: '%s' is not BACKEND[:VARIANT] of a "
                "backend in this build (cryptometer list names them)\n", text);
        return CM_EXIT_USAGE;
    }
    if (o->backend->helper) {
        fprintf(stderr, "cryptometer files: error: --impl: %s runs in its helper executable; "
                "files runs in-process backends only\n", name);
        return CM_EXIT_USAGE;
    }
    char why[256] = "";
    if (!cm_backend_ready(o->backend, why, sizeof why)) {
        fprintf(stderr, "cryptometer files: error: --impl: %s is not ready here: %s\n", name, why);
        return CM_EXIT_ENVIRONMENT;
    }
    size_t rows;
    int variant_seen = 0, has_one = 0;
    const cm_impl *row = cm_backend_impls(o->backend, &rows);
    for (size_t i = 0; i < rows; i++) {
        int wanted = !o->variant[0] || strcmp(row[i].variant, o->variant) == 0;
        int ours = wanted && files_workload_alg(row[i].algorithm);
        variant_seen |= wanted;
        char row_why[256];
        if (ours && cm_impl_available(o->backend, &row[i], row_why, sizeof row_why))
            return CM_EXIT_OK;
        if (ours && !has_one)
            snprintf(why, sizeof why, "%s", row_why);
        has_one |= ours;
    }
    if (!variant_seen) {
        fprintf(stderr, "cryptometer files: error: --impl: %s has no variant '%s' (cryptometer "
                "list --backends %s names them)\n", name, o->variant, name);
        return CM_EXIT_USAGE;
    }
    if (has_one) {
        fprintf(stderr, "cryptometer files: error: --impl: %s can run none of the file workloads' "
                "algorithms here: %s\n", text, why);
        return CM_EXIT_ENVIRONMENT;
    }
    fprintf(stderr, "cryptometer files: error: --impl: %s has none of the file workloads' "
            "algorithms (", text);
    files_workload_algs(stderr);
    fputs(")\n", stderr);
    return CM_EXIT_ENVIRONMENT;
}

static int parse_sizes(const char *text, files_opts *o)
{
    o->n_sizes = 0;
    for (const char *p = text; *p;) {
        char *end;
        unsigned long long v = strtoull(p, &end, 10);
        if (end == p || o->n_sizes == MAX_FILES)
            return -1;
        if (*end == 'k' || *end == 'K')
            v <<= 10, end++;
        else if (*end == 'M')
            v <<= 20, end++;
        if ((*end != ',' && *end) || v == 0 || v % 16 || v > (1ULL << 30))
            return -1;
        o->sizes[o->n_sizes++] = (size_t)v;
        p = *end ? end + 1 : end;
    }
    return o->n_sizes ? 0 : -1;
}

/* Parses the options into o and the --impl text: -1 to go on, else the
 * exit code (after --help, or one line on stderr). */
static int parse_options(int argc, char **argv, files_opts *o, const char **impl_text,
                         int *impl_given)
{
    static const struct option longs[] = {
        {"sizes", required_argument, 0, 's'}, {"quick", no_argument, 0, 'q'},
        {"repeat", required_argument, 0, 'r'}, {"cold", no_argument, 0, 'c'},
        {"json", required_argument, 0, 'j'},   {"quiet", no_argument, 0, 'Q'},
        {"impl", required_argument, 0, 'i'},   {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    int ch;
    optind = 1;
    opterr = 0;
    while ((ch = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (ch) {
        case 's':
            if (parse_sizes(optarg, o) != 0) {
                fprintf(stderr, "cryptometer files: error: --sizes: '%s' is not a list of 1 to "
                        "8 sizes, multiples of 16 bytes up to 1G\n", optarg);
                return CM_EXIT_USAGE;
            }
            break;
        case 'q': o->sizes[0] = 256 << 10, o->sizes[1] = 1 << 20, o->n_sizes = 2; break;
        case 'r':
            o->repeat = atoi(optarg);
            if (o->repeat < 1 || o->repeat > MAX_REPEAT) {
                fprintf(stderr, "cryptometer files: error: --repeat: '%s' is not 1 to 15\n", optarg);
                return CM_EXIT_USAGE;
            }
            break;
        case 'c': o->cold = 1; break;
        case 'j': o->json = optarg; break;
        case 'Q': o->quiet = 1; break;
        case 'i': *impl_text = optarg, *impl_given = 1; break;
        case 'h': usage(stdout); return CM_EXIT_OK;
        default:
            fprintf(stderr, "cryptometer files: error: unknown option '%s'\n", argv[optind - 1]);
            return CM_EXIT_USAGE;
        }
    }
    return -1;
}

/* Makes each file and runs its workloads, warm and (without a cold_note)
 * cold, into recs: the number of failures, or -1 after one line on stderr
 * when a file cannot be made. */
static int run_files(const files_opts *o, const char *dir, const char *cold_note, json_t *recs)
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

int cm_files_main(int argc, char **argv)
{
    files_opts o = {{1000000, 10000000, 100000000}, 3, 3, 0, 0, NULL, NULL, ""};
    const char *impl_text = "openssl:evp";
    int impl_given = 0;
    int parsed = parse_options(argc, argv, &o, &impl_text, &impl_given);
    if (parsed >= 0)
        return parsed;
    /* the output first (the one writing policy, output.h): before anything runs */
    cm_error err = {0};
    if (o.json && cm_output_check(o.json, NULL, 0, 0, &err) != 0) {
        fprintf(stderr, "cryptometer files: error: %s\n", err.msg);
        return err.code;
    }
    int chosen = choose_impl(impl_text, impl_given, &o);
    if (chosen != CM_EXIT_OK)
        return chosen;
    const char *cold_note = NULL;
    if (o.cold && (geteuid() != 0 || access("/proc/sys/vm/drop_caches", W_OK) != 0))
        cold_note = "cold: not run (needs root to write /proc/sys/vm/drop_caches)";
    else if (!o.cold)
        cold_note = "cold: not run (not requested: --cold)";
    const char *dir = files_tmp_create();
    if (!dir) {
        fprintf(stderr, "cryptometer files: error: temporary directory: %s\n", strerror(errno));
        return CM_EXIT_ENVIRONMENT;
    }
    json_t *recs = json_array();
    int failures = run_files(&o, dir, cold_note, recs);
    files_tmp_remove();
    if (failures < 0) {
        json_decref(recs);
        return CM_EXIT_ENVIRONMENT;
    }
    if (o.backend->teardown)
        o.backend->teardown();
    json_t *sizes = json_array();
    for (int k = 0; k < o.n_sizes; k++)
        json_array_append_new(sizes, json_integer((json_int_t)o.sizes[k]));
    json_t *doc = json_pack("{s:s, s:{s:o, s:i, s:b, s:s}, s:o*, s:o, s:b}", "schema",
                            "cryptometer-files-v1", "settings", "sizes", sizes, "repeat", o.repeat,
                            "cold", !cold_note, "impl", impl_text, "cold_note", cold_note ? json_string(cold_note) : NULL,
                            "records", recs, "temporary_directory_removed", access(dir, F_OK) != 0);
    int rc = failures ? CM_EXIT_FAILURES : CM_EXIT_OK;
    if (cold_note && !o.quiet)
        printf("%s\n", cold_note);
    if (o.json && cm_write_json_built(o.json, doc, doc ? 0 : -1, &err) != 0) {
        fprintf(stderr, "cryptometer files: error: %s\n", err.msg);
        return err.code;
    }
    if (!o.json)
        json_decref(doc);
    return rc;
}
