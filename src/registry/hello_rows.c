/*
 * hello_rows.c — the rows of a hello (see hello_rows.h).
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "registry/hello_rows.h"
#include "cryptometer/algorithm.h"
#include "util/json.h"

/* See hello_rows.h. */
cm_impl *cm_hello_rows(const json_t *impls, size_t *n)
{
    size_t all = json_array_size(impls), k = 0;
    cm_impl *rows = calloc(all ? all : 1, sizeof *rows);
    for (size_t i = 0; rows && i < all; i++) {
        const json_t *r = json_array_get(impls, i);
        const cm_algorithm *alg = cm_algorithm_find(json_string_value(json_object_get(r, "algorithm")));
        const char *variant = json_string_value(json_object_get(r, "variant"));
        if (!alg || !variant)
            continue;
        cm_impl *row = &rows[k++];
        row->algorithm = alg->name;
        row->variant = strdup(variant);
        row->cls = alg->cls;
        row->served_by = cm_json_strdup(json_object_get(r, "served_by"));
        row->lacking = cm_json_strdup(json_object_get(r, "lacking"));
        if (!row->lacking && !json_is_true(json_object_get(r, "available"))) {
            row->unavailable = cm_json_strdup(json_object_get(r, "reason"));
            if (!row->unavailable)
                row->unavailable = "the process did not say why";
        }
    }
    *n = k;
    return rows;
}
