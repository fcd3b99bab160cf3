/*
 * verdict_list.c — the typed list of verdicts (verdict_list.h): appending
 * one and freeing the list. Its JSON is verdict_list_json.c.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/verdict_list.h"

/* A copy of s, or NULL for NULL; *failed set when out of memory. */
static char *copy(const char *s, int *failed)
{
    char *c = s ? strdup(s) : NULL;
    if (s && !c)
        *failed = 1;
    return c;
}

/* See verdict_list.h. */
int platform_verdict_add(platform_verdict_list *list, const char *id, const char *subject, const char *code,
                         const char *message, json_t *evidence)
{
    int failed = !id || !code;
    if (!evidence)
        evidence = json_array();
    if (!failed && list->n == list->cap) {
        size_t cap = list->cap ? 2 * list->cap : 8;
        platform_verdict *items = realloc(list->items, cap * sizeof *items);
        failed = !items;
        if (items) {
            list->items = items;
            list->cap = cap;
        }
    }
    platform_verdict v = {.id = copy(id, &failed), .subject = copy(subject, &failed), .code = copy(code, &failed),
                          .message = copy(message ? message : "", &failed), .evidence = evidence};
    if (failed || !evidence) {
        free(v.id);
        free(v.subject);
        free(v.code);
        free(v.message);
        json_decref(evidence);
        return -1;
    }
    list->items[list->n++] = v;
    return 0;
}

/* See verdict_list.h. */
void platform_verdict_list_free(platform_verdict_list *list)
{
    for (size_t i = 0; i < list->n; i++) {
        platform_verdict *v = &list->items[i];
        free(v->id);
        free(v->subject);
        free(v->code);
        free(v->message);
        json_decref(v->evidence);
    }
    free(list->items);
    *list = (platform_verdict_list){0};
}
