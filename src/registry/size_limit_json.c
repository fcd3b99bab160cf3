/*
 * size_limit_json.c — one size limit of the default suite (plan.h,
 * cm_size_limit) from its JSON object: data/suites.json's "size_limits" and
 * a result document's settings.size_limits have the same shape.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "registry/plan.h"

int cm_size_limit_read(const json_t *v, cm_size_limit *l)
{
    const char *impl = json_string_value(json_object_get(v, "implementation"));
    const char *why = json_string_value(json_object_get(v, "why"));
    const json_t *max = json_object_get(v, "max_size");
    if (!impl || !why || !json_is_integer(max) || json_integer_value(max) < 1 ||
        strlen(impl) >= sizeof l->impl || strlen(why) >= sizeof l->why)
        return -1;
    snprintf(l->impl, sizeof l->impl, "%s", impl);
    snprintf(l->why, sizeof l->why, "%s", why);
    l->max_size = (size_t)json_integer_value(max);
    return 0;
}
