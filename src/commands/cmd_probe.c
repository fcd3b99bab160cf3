/*
 * cmd_probe.c — `cryptometer probe [--json] [--quick] [--isa MASK]
 * [--cpu N] [--only LIST]`: the instruction probes and their bounds (probe.h) as
 * text or JSON.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "commands/commands.h"
#include "util/isolate.h"
#include "measure/probe.h"
#include "probes/probe_kernels.h"
#include "platform/cpuclock.h"
#include "platform/features.h"
#include "util/error.h"

static const char probe_usage[] =
    "usage: cryptometer probe [--json] [--quick] [--isa MASK] [--cpu N] [--only LIST]\n"
    "\n"
    "Latency and throughput, in core cycles at the measured clock, of the\n"
    "instructions that bound crypto code (AES rounds, carry-less multiplies,\n"
    "SHA rounds, wide multiplies and carries), each where the CPU has its\n"
    "feature, and the lower bound on cycles per byte each implies for AES\n"
    "modes, GCM and SHA (docs/probes.md).\n"
    "\n"
    "  --json       print the probe document as JSON\n"
    "  --quick      fewer, shorter samples, no clock measurement around them\n"
    "  --isa MASK   pretend the CPU lacks these features (as CRYPTOMETER_ISA_MASK)\n"
    "  --cpu N      pin to CPU N (default: the CPU it starts on)\n"
    "  --only LIST  only these probes (comma-separated names, as listed)\n"
    "\n"
    "Exit codes: 0 done (a probe that crashed is reported, not fatal), 2 bad option,\n"
    "3 out of memory or a broken data table.\n";

/* The value of option a at argv[*i] ("--opt V" or "--opt=V"), or NULL. */
static const char *value_of(const char *opt, int argc, char **argv, int *i)
{
    size_t len = strlen(opt);
    if (strncmp(argv[*i], opt, len) == 0 && argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (strcmp(argv[*i], opt) == 0 && *i + 1 < argc)
        return argv[++*i];
    return NULL;
}

/* 0 when every name of list is a probe of this build, else -1 with a
 * message. */
static int check_names(const char *list)
{
    size_t n;
    const cm_probe_kernel *k = cm_probe_kernels(&n);
    for (const char *p = list; *p;) {
        size_t l = strcspn(p, ","), i;
        for (i = 0; i < n; i++)
            if (strlen(k[i].name) == l && strncmp(k[i].name, p, l) == 0)
                break;
        if (i == n) {
            fprintf(stderr, "cryptometer probe: --only: '%.*s' is not a probe of this build (see `cryptometer probe`)\n",
                    (int)l, p);
            return -1;
        }
        p += l + (p[l] == ',');
    }
    return 0;
}

/* Parses the arguments into opt and json; -1 with a message on a bad one. */
static int parse(int argc, char **argv, cm_probe_options *opt, int *json)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        size_t len = strcspn(a, "=");
        if (strcmp(a, "--json") == 0) {
            *json = 1;
        } else if (strcmp(a, "--quick") == 0) {
            opt->quick = 1;
        } else if (strncmp(a, "--isa", len) == 0 && len == 5) {
            char unknown[256] = "";
            if (!(v = value_of("--isa", argc, argv, &i)))
                return fprintf(stderr, "cryptometer probe: --isa needs a feature list\n"), -1;
            if (platform_isa_mask_set(v, unknown, sizeof unknown) != 0)
                return fprintf(stderr, "cryptometer probe: --isa: '%s' is not a feature this CPU's table knows "
                                       "(see `cryptometer detect`)\n", unknown[0] ? unknown : v), -1;
        } else if (strncmp(a, "--cpu", len) == 0 && len == 5) {
            char *end;
            if (!(v = value_of("--cpu", argc, argv, &i)))
                return fprintf(stderr, "cryptometer probe: --cpu needs a CPU number\n"), -1;
            errno = 0;
            long c = strtol(v, &end, 10);
            if (!v[0] || *end || errno || c < 0 || c > 65535 || cm_pin_to_cpu((int)c) != 0)
                return fprintf(stderr, "cryptometer probe: --cpu %s: cannot run there; CPUs online here: 0-%ld\n",
                               v, sysconf(_SC_NPROCESSORS_ONLN) - 1), -1;
            opt->cpu = (int)c;
        } else if (strncmp(a, "--only", len) == 0 && len == 6) {
            if (!(v = value_of("--only", argc, argv, &i)) || !v[0])
                return fprintf(stderr, "cryptometer probe: --only needs a list of probe names\n"), -1;
            if (check_names(v) != 0)
                return -1;
            opt->only = v;
        } else {
            return fprintf(stderr, "cryptometer probe: unknown option '%s' (try --help)\n", a), -1;
        }
    }
    return 0;
}

/* See commands.h. */
int cm_probe_main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(probe_usage, stdout);
            return CM_EXIT_OK;
        }
    cm_probe_options opt = {-1, 0, NULL};
    int json = 0;
    if (parse(argc, argv, &opt, &json) != 0)
        return CM_EXIT_USAGE;
    cm_catch_interrupt();
    cm_error err = {0};
    json_t *doc = cm_probe_document(&opt, &err);
    if (!doc) {
        fprintf(stderr, "cryptometer probe: %s\n", err.msg[0] ? err.msg : "out of memory");
        return err.code ? err.code : CM_EXIT_ENVIRONMENT;
    }
    if (json) {
        if (json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0) {
            json_decref(doc);
            fprintf(stderr, "cryptometer probe: cannot write the JSON document\n");
            return CM_EXIT_ENVIRONMENT;
        }
        fputc('\n', stdout);
    } else {
        cm_probe_render_text(stdout, doc);
    }
    json_decref(doc);
    return fflush(stdout) == 0 ? CM_EXIT_OK : CM_EXIT_ENVIRONMENT;
}
