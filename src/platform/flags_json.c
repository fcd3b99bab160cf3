/*
 * flags_json.c — the health flags (flags.h) as JSON and back: the one
 * writer and the one parser of the "health" arrays of detect documents and
 * of a run's context, each flag {id, severity, message} plus, for an
 * imported document's flags, the other keys it had (details).
 */
#include <string.h>
#include <jansson.h>

#include "platform/flags.h"
#include "util/json.h"
#include "util/json_each.h"

/* See flags.h. */
json_t *platform_flags_to_json(const platform_flags *flags)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < flags->n && rc == 0; i++) {
        const platform_flag *f = &flags->items[i];
        json_t *o = json_pack("{s:s, s:s, s:s}", "id", f->id, "severity", platform_severity_name(f->severity),
                              "message", f->message);
        if (o && f->details)
            rc |= json_object_update_missing(o, f->details);
        rc |= json_array_append_new(arr, o);
    }
    return cm_json_checked(arr, rc);
}

/* See flags.h. */
json_t *platform_flags_messages_json(const platform_flags *flags, platform_severity severity)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < flags->n && rc == 0; i++)
        if (flags->items[i].severity == severity)
            rc |= json_array_append_new(arr, json_string(flags->items[i].message));
    return cm_json_checked(arr, rc);
}

/* The severity named s; -1 when it is none. */
static int severity_of(const char *s)
{
    for (int i = 0; s && i < PLATFORM_SEVERITY_COUNT; i++)
        if (strcmp(platform_severity_name((platform_severity)i), s) == 0)
            return i;
    return -1;
}

/* See flags.h. */
int platform_flag_add(json_t *flags, const char *id, const char *severity, const char *msg)
{
    platform_flags one = {0};
    int s = severity_of(severity);
    json_t *arr = s >= 0 && platform_flags_add(&one, id, (platform_severity)s, msg) == 0
                      ? platform_flags_to_json(&one)
                      : NULL;
    int rc = arr ? json_array_extend(flags, arr) : -1;
    json_decref(arr);
    platform_flags_free(&one);
    return rc;
}

/* The keys of o other than id, severity and message into *details (NULL
 * when none). 0, or -1 when out of memory. */
static int details_of(const json_t *o, json_t **details)
{
    const char *k;
    json_t *v;
    *details = NULL;
    json_object_foreach((json_t *)o, k, v) {
        if (strcmp(k, "id") == 0 || strcmp(k, "severity") == 0 || strcmp(k, "message") == 0)
            continue;
        if (!*details && !(*details = json_object()))
            return -1;
        if (json_object_set(*details, k, v) != 0)
            return -1;
    }
    return 0;
}

/* Parses flag number i, o, onto the platform_flags at list. 0, or -1 with
 * err. */
static int flag_from_json(const json_t *o, size_t i, void *list, cm_error *err)
{
    platform_flags *flags = list;
    const char *id = json_string_value(json_object_get(o, "id"));
    const char *sev = json_string_value(json_object_get(o, "severity"));
    const char *msg = json_string_value(json_object_get(o, "message"));
    int severity = severity_of(sev);
    if (!json_is_object(o) || !id || !msg)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "health flag %zu: not an object with a string id and message",
                            i);
    if (severity < 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "health flag %zu (%s): severity is not one of info, warning, error", i, id);
    if (platform_flags_add(flags, id, (platform_severity)severity, msg) != 0 ||
        details_of(o, &flags->items[flags->n - 1].details) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading the health flags");
    return 0;
}

/* See flags.h. */
int platform_flags_from_json(const json_t *arr, platform_flags *flags, cm_error *err)
{
    *flags = (platform_flags){0};
    return cm_json_each(arr, "health flags", flag_from_json, flags, err);
}
