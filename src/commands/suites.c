/*
 * suites.c — the default suite and the full matrix of `run`
 * (options.h: cm_options_suite; the cut itself is data/suites.json).
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "cryptometer/algorithm.h"
#include "util/embedded.h"
#include "commands/options.h"

#define SUITES "data/suites.json"

/* The default suite's "size_limits" into o (only at its own sizes: --sizes
 * names the sizes wanted). 0, or -1 if malformed or too many. */
static int read_limits(const json_t *limits, cm_options *o)
{
    size_t i;
    json_t *v;
    o->n_size_limits = 0;
    if (!json_is_array(limits) || json_array_size(limits) > CM_MAX_SIZE_LIMITS)
        return -1;
    json_array_foreach(limits, i, v)
    {
        if (cm_size_limit_read(v, &o->size_limits[o->n_size_limits]) != 0)
            return -1;
        o->n_size_limits++;
    }
    if (o->sizes_given)
        o->n_size_limits = 0;
    return 0;
}

int cm_options_suite(cm_options *o, cm_error *err)
{
    if (o->full) {
        o->suite = "full";
        return 0;
    }
    if (o->regex || o->algorithms || o->backends) {
        o->suite = "selection";
        return 0;
    }
    const cm_embedded_file *f = cm_embedded_find(SUITES);
    json_t *doc = f ? json_loadb((const char *)f->data, f->len, 0, NULL) : NULL;
    json_t *cut = json_object_get(doc, "default");
    json_t *algs = json_object_get(cut, "algorithms"), *sizes = json_object_get(cut, "sizes"), *v;
    json_t *runtimes = json_object_get(cut, "runtimes");
    size_t i, used = 0;
    int rc = json_array_size(algs) && json_array_size(sizes) && json_is_boolean(runtimes) &&
                     read_limits(json_object_get(cut, "size_limits"), o) == 0
                 ? 0
                 : -1;
    o->no_runtimes = !o->runtimes && json_is_false(runtimes);
    o->suite_algorithms[0] = '\0';
    json_array_foreach(algs, i, v)
    {
        const char *name = json_string_value(v);
        if (rc || !name || !cm_algorithm_find(name) ||
            used + strlen(name) + 2 > sizeof o->suite_algorithms) {
            rc = -1;
            break;
        }
        used += (size_t)snprintf(o->suite_algorithms + used, sizeof o->suite_algorithms - used,
                                 "%s%s", used ? "," : "", name);
    }
    if (!rc && !o->sizes_given) {
        o->n_sizes = 0;
        json_array_foreach(sizes, i, v)
        {
            if (!json_is_integer(v) || json_integer_value(v) < 1 || o->n_sizes >= CM_MAX_SIZES) {
                rc = -1;
                break;
            }
            o->sizes[o->n_sizes++] = (size_t)json_integer_value(v);
        }
    }
    json_decref(doc);
    if (rc)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: the default suite is malformed or "
                            "names an algorithm this build does not know", SUITES);
    o->algorithms = o->suite_algorithms;
    o->suite = "default";
    return 0;
}
