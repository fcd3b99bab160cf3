/*
 * json_each.c — an array parsed item by item (json_each.h).
 */
#include "util/json_each.h"

/* See json_each.h. */
int cm_json_each(const json_t *arr, const char *what, cm_json_item_parser parse, void *list, cm_error *err)
{
    size_t i;
    const json_t *o;
    if (!arr || json_is_null(arr))
        return 0;
    if (!json_is_array(arr))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an array", what);
    json_array_foreach(arr, i, o)
        if (parse(o, i, list, err) != 0)
            return -1;
    return 0;
}
