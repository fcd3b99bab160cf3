/*
 * flags.c — the typed list of health flags (flags.h): appending a flag,
 * keeping a context's flags that a later list does not raise again, and
 * the severities' names. Its JSON is flags_json.c.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/flags.h"

static const char *const severity_names[PLATFORM_SEVERITY_COUNT] = {"info", "warning", "error"};

/* See flags.h. */
const char *platform_severity_name(platform_severity s)
{
    return s < PLATFORM_SEVERITY_COUNT ? severity_names[s] : "?";
}

/* Room for one more flag; 0, or -1 when out of memory. */
static int grow(platform_flags *flags)
{
    if (flags->n < flags->cap)
        return 0;
    size_t cap = flags->cap ? 2 * flags->cap : 8;
    platform_flag *items = realloc(flags->items, cap * sizeof *items);
    if (!items)
        return -1;
    flags->items = items;
    flags->cap = cap;
    return 0;
}

/* See flags.h. */
int platform_flags_add(platform_flags *flags, const char *id, platform_severity severity, const char *msg)
{
    if (!id || !msg || grow(flags) != 0)
        return -1;
    platform_flag f = {.id = strdup(id), .severity = severity, .message = strdup(msg)};
    if (!f.id || !f.message) {
        free(f.id);
        free(f.message);
        return -1;
    }
    flags->items[flags->n++] = f;
    return 0;
}

/* 1 if one of the first n flags of flags has id. */
static int has_id(const platform_flags *flags, size_t n, const char *id)
{
    for (size_t k = 0; k < n && k < flags->n; k++)
        if (strcmp(flags->items[k].id, id) == 0)
            return 1;
    return 0;
}

/* See flags.h. */
int platform_flags_merge(platform_flags *to, size_t n_ids, const platform_flags *from)
{
    for (size_t i = 0; i < from->n; i++) {
        const platform_flag *f = &from->items[i];
        if (has_id(to, n_ids, f->id))
            continue;
        if (platform_flags_add(to, f->id, f->severity, f->message) != 0)
            return -1;
        if (f->details && !(to->items[to->n - 1].details = json_deep_copy(f->details)))
            return -1;
    }
    return 0;
}

/* See flags.h. */
void platform_flags_free(platform_flags *flags)
{
    for (size_t i = 0; i < flags->n; i++) {
        free(flags->items[i].id);
        free(flags->items[i].message);
        json_decref(flags->items[i].details);
    }
    free(flags->items);
    *flags = (platform_flags){0};
}
