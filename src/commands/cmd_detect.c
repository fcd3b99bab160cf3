/*
 * cmd_detect.c — `cryptometer detect [--json] [--sysroot DIR] [--no-clock]
 * [--sweep FILE]...`: the detect document (detect.c), with the verdicts of
 * sweep documents (detect_sweep.c), as JSON or as text (detect_text.c).
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "commands/commands.h"
#include "run/detect.h"
#include "util/error.h"

static const char detect_usage[] =
    "usage: cryptometer detect [--json] [--sysroot DIR] [--no-clock] [--sweep FILE]...\n"
    "\n"
    "What this machine has for cryptography, whether it is used, and whether\n"
    "figures taken now can be trusted: CPU and clusters, crypto features (and\n"
    "what each accelerates), the kernel's crypto drivers with the one it\n"
    "selects, AF_ALG, /dev/crypto, hwrng, library capability vectors, the\n"
    "measured clock against the claimed one, and health flags.\n"
    "\n"
    "  --json         print the detect document as JSON\n"
    "  --sysroot DIR  read proc/ and sys/ under DIR (a recorded tree) instead of\n"
    "                 the live system; nothing is probed on the running machine\n"
    "  --no-clock     do not measure the clock of each cluster\n"
    "  --sweep FILE   a document of `cryptometer sweep`: add, for its algorithm,\n"
    "                 the chunk from which each engine path beats each CPU path\n"
    "                 in throughput and in CPU time (repeatable)\n"
    "\n"
    "Environment: CRYPTOMETER_ISA_MASK=aes,pclmulqdq,... pretends the CPU lacks\n"
    "these features (names as in /proc/cpuinfo, or \"all\").\n"
    "Exit codes: 0 done, 2 bad option, 3 unreadable --sysroot, or a --sweep file\n"
    "that is unreadable, not JSON or not a sweep document.\n";

#define MAX_SWEEPS 8

/* Loads the sweep documents files[0..n) into a new array (*sweeps). 0, or
 * the exit code after one line on stderr. */
static int load_sweeps(const char *const *files, int n, json_t **sweeps)
{
    cm_error err = {0};
    *sweeps = json_array();
    for (int i = 0; i < n && *sweeps; i++) {
        json_t *s = cm_detect_sweep_load(files[i], &err);
        if (!s || json_array_append_new(*sweeps, s) != 0) {
            json_decref(*sweeps);
            *sweeps = NULL;
        }
    }
    if (*sweeps)
        return 0;
    fprintf(stderr, "cryptometer detect: %s\n", err.msg[0] ? err.msg : "out of memory");
    return CM_EXIT_ENVIRONMENT;
}

/* See commands.h. */
int cm_detect_main(int argc, char **argv)
{
    int json = 0, clock = 1, n_sweeps = 0;
    const char *sysroot = NULL, *sweep_files[MAX_SWEEPS];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--json") == 0) {
            json = 1;
        } else if (strcmp(a, "--no-clock") == 0) {
            clock = 0;
        } else if (strcmp(a, "--sysroot") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "cryptometer detect: --sysroot needs a directory\n");
                return CM_EXIT_USAGE;
            }
            sysroot = argv[++i];
        } else if (strcmp(a, "--sweep") == 0 || strncmp(a, "--sweep=", 8) == 0) {
            const char *f = a[7] == '=' ? a + 8 : i + 1 < argc ? argv[++i] : "";
            if (!f[0] || n_sweeps == MAX_SWEEPS) {
                fprintf(stderr, "cryptometer detect: --sweep needs a file (at most %d)\n",
                        MAX_SWEEPS);
                return CM_EXIT_USAGE;
            }
            sweep_files[n_sweeps++] = f;
        } else if (strncmp(a, "--sysroot=", 10) == 0) {
            sysroot = a + 10;
        } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(detect_usage, stdout);
            return CM_EXIT_OK;
        } else {
            fprintf(stderr, "cryptometer detect: unknown option '%s' (try --help)\n", a);
            return CM_EXIT_USAGE;
        }
    }
    if (sysroot && !sysroot[0]) {
        fprintf(stderr, "cryptometer detect: --sysroot needs a directory\n");
        return CM_EXIT_USAGE;
    }
    cm_error err = {0};
    json_t *sweeps = NULL;
    int loaded = load_sweeps(sweep_files, n_sweeps, &sweeps);
    if (loaded != 0)
        return loaded;
    json_t *doc = cm_detect_document(sysroot, clock, &err);
    if (doc && n_sweeps && cm_detect_add_sweeps(doc, sweeps) != 0) {
        json_decref(doc);
        doc = NULL;
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory");
    }
    json_decref(sweeps);
    if (!doc) {
        fprintf(stderr, "cryptometer detect: %s\n", err.msg[0] ? err.msg : "detection failed");
        return err.code ? err.code : CM_EXIT_ENVIRONMENT;
    }
    if (json) {
        if (json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0) {
            json_decref(doc);
            fprintf(stderr, "cryptometer detect: cannot write the JSON document\n");
            return CM_EXIT_ENVIRONMENT;
        }
        fputc('\n', stdout);
    } else {
        cm_detect_render_text(stdout, doc);
    }
    json_decref(doc);
    return fflush(stdout) == 0 ? CM_EXIT_OK : CM_EXIT_ENVIRONMENT;
}
