/*
 * cmd_list.c — `cryptometer list`: every benchmark this build knows,
 * grouped by class, each available or not with the reason (an algorithm a
 * backend's library lacks is a row with data/backend_lacks.json's reason,
 * made by the registry: registry/lacks.h); then the
 * backends that were not built, with the package that provides them.
 */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "commands/commands.h"
#include "commands/options.h"
#include "util/error.h"
#include "registry/plan.h"
#include "registry/registry.h"
#include "util/text.h"

/* 1 when g is the variant dispatch picks for its algorithm in a backend
 * that has several (cm_backend_find_impl with no variant). */
static int dispatch_choice(const cm_group *g)
{
    size_t rows = 0, n;
    const cm_impl *impls = cm_backend_impls(g->backend, &n);
    for (size_t i = 0; i < n; i++)
        rows += strcmp(impls[i].algorithm, g->alg->name) == 0;
    return rows > 1 && g->available &&
           cm_backend_find_impl(g->backend, g->alg->name, NULL) == g->impl;
}

/* The list as JSON: {"benchmarks":[...], "missing_backends":[...]}, or NULL when out of memory. */
static json_t *list_json(const cm_group *groups, size_t n)
{
    json_t *benchmarks = json_array(), *missing = json_array();
    int rc = benchmarks && missing ? 0 : -1;
    for (size_t i = 0; i < n && !rc; i++)
        for (int k = 0; k < groups[i].n_ops; k++) {
            char name[192];
            cm_bench_name(name, sizeof name, &groups[i], groups[i].ops[k]);
            rc |= json_array_append_new(
                benchmarks,
                json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:b, s:s?}", "name", name, "backend",
                          groups[i].backend->name, "variant", groups[i].impl->variant,
                          "algorithm", groups[i].alg->name, "class",
                          cm_class_name(groups[i].alg->cls), "operation",
                          cm_op_name(groups[i].ops[k]), "available", groups[i].available,
                          "dispatch", dispatch_choice(&groups[i]), "reason", groups[i].available ? NULL : groups[i].why));
        }
    size_t nm;
    const cm_backend_missing *m = cm_registry_missing(&nm);
    for (size_t i = 0; i < nm && !rc; i++)
        rc |= json_array_append_new(missing, json_pack("{s:s, s:s, s:s}", "backend", m[i].name,
                                                       "reason", m[i].reason, "package",
                                                       m[i].package));
    if (rc) {
        json_decref(benchmarks);
        json_decref(missing);
        return NULL;
    }
    return json_pack("{s:o, s:o}", "benchmarks", benchmarks, "missing_backends", missing);
}

/* Prints the list as JSON; -1 with err when out of memory. */
static int print_json(const cm_group *groups, size_t n, cm_error *err)
{
    json_t *doc = list_json(groups, n);
    if (!doc)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the list");
    json_dumpf(doc, stdout, JSON_INDENT(1));
    fputc('\n', stdout);
    json_decref(doc);
    return 0;
}

/* 1 when m was left out because its library was not found (installing the
 * package helps), 0 when the build chose to leave it out (cmake/Backends.cmake:
 * an option set OFF, a static binary). */
static int not_found(const cm_backend_missing *m)
{
    return strncmp(m->reason, "disabled at build time", 22) != 0 &&
           strncmp(m->reason, "left out of the static binary", 29) != 0;
}

/* Prints the list grouped by class to out. */
static void print_text(FILE *out, const cm_group *groups, size_t n)
{
    const char *last_why = NULL;
    for (int cls = 0; cls < CM_CLASS_COUNT; cls++) {
        int header = 0;
        for (size_t i = 0; i < n; i++) {
            if ((int)groups[i].alg->cls != cls)
                continue;
            if (!header++)
                fprintf(out, "%s%s:\n", cls ? "\n" : "", cm_class_name((cm_class)cls));
            for (int k = 0; k < groups[i].n_ops; k++) {
                char name[160];
                cm_bench_name(name, sizeof name, &groups[i], groups[i].ops[k]);
                /* A reason shared by the rows above it is said once. */
                if (groups[i].available)
                    fprintf(out, "  %-44s available%s\n", name,
                           dispatch_choice(&groups[i]) ? " (dispatch's choice)" : "");
                else
                    fprintf(out, "  %-44s unavailable: %s\n", name,
                           last_why && strcmp(last_why, groups[i].why) == 0 ? "(as above)"
                                                                            : groups[i].why);
                last_why = groups[i].available ? NULL : groups[i].why;
            }
        }
    }
    size_t nm;
    const cm_backend_missing *m = cm_registry_missing(&nm);
    if (nm)
        fprintf(out, "\nbackends not built:\n");
    for (size_t i = 0; i < nm; i++)
        fprintf(out, "  %-40s %s%s%s%s\n", m[i].name, m[i].reason, not_found(&m[i]) ? " (install " : "",
               not_found(&m[i]) ? m[i].package : "", not_found(&m[i]) ? ", then rebuild)" : "");
}

int cm_list_main(cm_options *o)
{
    cm_error err = {0};
    cm_group *groups;
    size_t n;
    if (cm_options_plan(o, NULL, 0, &groups, &n, &err) != 0)
        return cm_command_fail(&cm_cmd_list, &err);
    int rc = 0;
    if (o->json)
        rc = print_json(groups, n, &err);
    else {
        cm_text_gathered g;
        print_text(cm_text_gather(&g, stdout), groups, n);
        cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
    }
    free(groups);
    return rc ? cm_command_fail(&cm_cmd_list, &err) : CM_EXIT_OK;
}
