/*
 * verdict_list_json.c — the verdicts (verdict_list.h) as JSON and back:
 * the one writer and the one parser of a detect document's "verdicts",
 * each {id, subject, code, message, evidence} in that order: subject null
 * when there is none, evidence only when there is some.
 */
#include <jansson.h>

#include "platform/verdict_list.h"
#include "util/json.h"
#include "util/json_each.h"

/* See verdict_list.h. */
json_t *platform_verdict_list_to_json(const platform_verdict_list *list)
{
    json_t *arr = json_array();
    int rc = arr ? 0 : -1;
    for (size_t i = 0; i < list->n && rc == 0; i++) {
        const platform_verdict *v = &list->items[i];
        json_t *o = json_pack("{s:s, s:s?, s:s, s:s}", "id", v->id, "subject", v->subject, "code", v->code,
                              "message", v->message);
        if (o && v->evidence)
            rc |= json_object_set(o, "evidence", v->evidence);
        rc |= json_array_append_new(arr, o);
    }
    return cm_json_checked(arr, rc);
}

/* Parses verdict number i, o, onto the platform_verdict_list at out. 0, or
 * -1 with err. */
static int verdict_from_json(const json_t *o, size_t i, void *out, cm_error *err)
{
    platform_verdict_list *list = out;
    const char *id = json_string_value(json_object_get(o, "id"));
    const char *code = json_string_value(json_object_get(o, "code"));
    const char *msg = json_string_value(json_object_get(o, "message"));
    const json_t *subject = json_object_get(o, "subject"), *evidence = json_object_get(o, "evidence");
    if (!json_is_object(o) || !id || !code || !msg)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "verdict %zu: not an object with a string id, code and message", i);
    if (subject && !json_is_string(subject) && !json_is_null(subject))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "verdict %zu (%s): subject is not a string", i, id);
    if (platform_verdict_add(list, id, json_string_value(subject), code, msg,
                             evidence ? json_incref((json_t *)evidence) : NULL) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading the verdicts");
    if (!evidence) { /* absent stays absent */
        json_decref(list->items[list->n - 1].evidence);
        list->items[list->n - 1].evidence = NULL;
    }
    return 0;
}

/* See verdict_list.h. */
int platform_verdict_list_from_json(const json_t *arr, platform_verdict_list *list, cm_error *err)
{
    *list = (platform_verdict_list){0};
    return cm_json_each(arr, "verdicts", verdict_from_json, list, err);
}
