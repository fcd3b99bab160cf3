/*
 * saved_doc_json.c — the kind of a saved document and a result document's
 * records (saved_doc.h); each record by record_parse.c.
 */
#include <stdio.h>
#include <jansson.h>

#include "records/record_parse.h"
#include "records/saved_doc.h"

/* See saved_doc.h. */
cm_doc_kind cm_doc_kind_of(const json_t *doc)
{
    cm_doc_kind k;
    k.schema = json_string_value(json_object_get(doc, "schema"));
    k.format = json_string_value(json_object_get(doc, "format"));
    k.detect = json_object_get(doc, "detect_version") != NULL;
    k.kind = json_string_value(json_object_get(doc, "kind"));
    return k;
}

/* See saved_doc.h. */
int cm_doc_records(const json_t *doc, cm_record_set *set, size_t *left_out, char *why, size_t why_len,
                   cm_error *err)
{
    const json_t *results = json_object_get(doc, "results"), *o;
    size_t i;
    cm_record_set_init(set);
    *left_out = 0;
    if (!json_is_array(results))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "a result document without results");
    json_array_foreach(results, i, o) {
        cm_record r;
        char reason[256];
        if (cm_record_from_json(o, &r, reason, sizeof reason) != 0) {
            if ((*left_out)++ == 0)
                snprintf(why, why_len, "%s", reason);
            continue;
        }
        if (cm_record_set_add(set, &r, err) != 0) {
            cm_measurement_free(&r.m);
            return -1;
        }
    }
    return 0;
}
