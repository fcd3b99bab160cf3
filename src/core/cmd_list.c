/*
 * cmd_list.c — `cryptometer list`: every benchmark this build knows,
 * grouped by class, each available or not with the reason; then the
 * backends that were not built, with the package that provides them.
 */
#include <getopt.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "core/commands.h"
#include "util/error.h"
#include "core/plan.h"
#include "core/registry.h"

static const char list_usage[] =
    "usage: cryptometer list [--filter REGEX] [--algorithms LIST] [--backends LIST] [--json]\n"
    "exit codes: 0 ok; 2 bad option, regex, algorithm or backend name\n";

/* Prints the list as JSON: {"benchmarks":[...],"missing_backends":[...]}. */
static void print_json(const cm_group *groups, size_t n)
{
    json_t *doc = json_pack("{s:[], s:[]}", "benchmarks", "missing_backends");
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < groups[i].n_ops; k++) {
            char name[160];
            cm_bench_name(name, sizeof name, &groups[i], groups[i].ops[k]);
            json_array_append_new(
                json_object_get(doc, "benchmarks"),
                json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s?}", "name", name, "backend",
                          groups[i].backend->name, "variant", groups[i].impl->variant,
                          "algorithm", groups[i].alg->name, "class",
                          cm_class_name(groups[i].alg->cls), "operation",
                          cm_op_name(groups[i].ops[k]), "available", groups[i].available,
                          "reason", groups[i].available ? NULL : groups[i].why));
        }
    size_t nm;
    const cm_backend_missing *m = cm_registry_missing(&nm);
    for (size_t i = 0; i < nm; i++)
        json_array_append_new(json_object_get(doc, "missing_backends"),
                              json_pack("{s:s, s:s, s:s}", "backend", m[i].name, "reason",
                                        m[i].reason, "package", m[i].package));
    json_dumpf(doc, stdout, JSON_INDENT(1));
    fputc('\n', stdout);
    json_decref(doc);
}

/* Prints the list grouped by class. */
static void print_text(const cm_group *groups, size_t n)
{
    for (int cls = 0; cls < CM_CLASS_COUNT; cls++) {
        int header = 0;
        for (size_t i = 0; i < n; i++) {
            if ((int)groups[i].alg->cls != cls)
                continue;
            if (!header++)
                printf("%s%s:\n", cls ? "\n" : "", cm_class_name((cm_class)cls));
            for (int k = 0; k < groups[i].n_ops; k++) {
                char name[160];
                cm_bench_name(name, sizeof name, &groups[i], groups[i].ops[k]);
                if (groups[i].available)
                    printf("  %-44s available\n", name);
                else
                    printf("  %-44s unavailable: %s\n", name, groups[i].why);
            }
        }
    }
    size_t nm;
    const cm_backend_missing *m = cm_registry_missing(&nm);
    if (nm)
        printf("\nbackends not built:\n");
    for (size_t i = 0; i < nm; i++)
        printf("  %-40s %s (install %s, then rebuild)\n", m[i].name, m[i].reason, m[i].package);
}

int cm_list_main(int argc, char **argv)
{
    static const struct option opts[] = {{"filter", required_argument, 0, 'f'},
                                         {"algorithms", required_argument, 0, 'a'},
                                         {"backends", required_argument, 0, 'b'},
                                         {"json", no_argument, 0, 'j'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    const char *regex = NULL, *algs = NULL, *backends = NULL;
    int as_json = 0, c;
    cm_error err = {0};
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
        switch (c) {
        case 'f': regex = optarg; break;
        case 'a': algs = optarg; break;
        case 'b': backends = optarg; break;
        case 'j': as_json = 1; break;
        case 'h': fputs(list_usage, stdout); return CM_EXIT_OK;
        default:
            fprintf(stderr, "cryptometer list: error: unknown or incomplete option '%s'\n%s",
                    argv[optind - 1], list_usage);
            return CM_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "cryptometer list: error: unexpected argument '%s'\n", argv[optind]);
        return CM_EXIT_USAGE;
    }
    cm_selection sel;
    if (cm_selection_init(&sel, regex, algs, backends, &err) != 0) {
        fprintf(stderr, "cryptometer list: error: %s\n", err.msg);
        return CM_EXIT_USAGE;
    }
    cm_group *groups;
    size_t n;
    if (cm_plan_build(&sel, &groups, &n, &err) != 0) {
        cm_selection_free(&sel);
        fprintf(stderr, "cryptometer list: error: %s\n", err.msg);
        return err.code;
    }
    if (as_json)
        print_json(groups, n);
    else
        print_text(groups, n);
    free(groups);
    cm_selection_free(&sel);
    return CM_EXIT_OK;
}
