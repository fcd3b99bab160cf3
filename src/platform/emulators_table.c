/*
 * emulators_table.c — data/emulators.json read once into the typed table
 * of emulators_table.h: the one place that reads its keys. Missing keys
 * leave their part of the table empty, as a shorter table would.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/emulators_table.h"
#include "platform/sysroot.h"

#define TABLE_PATH "data/emulators.json"

/* The string at key of o, or NULL. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

/* The {match, what} entries of list into *out; 0, or -1 when out of memory. */
static int read_signs(const json_t *list, pf_emulator_sign **out, size_t *n)
{
    size_t i;
    const json_t *e;
    *n = json_array_size(list);
    free(*out);
    *out = calloc(*n ? *n : 1, sizeof **out);
    if (!*out)
        return -1;
    json_array_foreach(list, i, e) {
        (*out)[i].match = sget(e, "match");
        (*out)[i].what = sget(e, "what");
    }
    return 0;
}

/* The "midrs" entries; 0, or -1 when out of memory. */
static int read_midrs(const json_t *list, pf_emulators *t)
{
    size_t i;
    const json_t *e;
    t->n_midrs = json_array_size(list);
    free(t->midrs);
    t->midrs = calloc(t->n_midrs ? t->n_midrs : 1, sizeof *t->midrs);
    if (!t->midrs)
        return -1;
    json_array_foreach(list, i, e) {
        t->midrs[i].implementer = pf_hex(sget(e, "implementer"));
        t->midrs[i].part = pf_hex(sget(e, "part"));
        t->midrs[i].what = sget(e, "what");
    }
    return 0;
}

/* The x86 vendors' names (entries that are no string are skipped); 0, or
 * -1 when out of memory. */
static int read_vendors(const json_t *list, pf_emulators *t)
{
    size_t i;
    const json_t *v;
    free(t->x86_vendors);
    t->n_x86_vendors = 0;
    t->x86_vendors = calloc(json_array_size(list) ? json_array_size(list) : 1, sizeof *t->x86_vendors);
    if (!t->x86_vendors)
        return -1;
    json_array_foreach(list, i, v)
        if (json_string_value(v))
            t->x86_vendors[t->n_x86_vendors++] = json_string_value(v);
    return 0;
}

/* See emulators_table.h. */
int pf_emulators_table(const pf_emulators **out)
{
    static pf_emulators table;
    static int state; /* 0 unread, 1 read, 2 no table file */
    *out = NULL;
    if (state == 0) {
        const json_t *d = pf_data_table(TABLE_PATH);
        if (!d) {
            state = 2;
        } else {
            if (read_signs(json_object_get(d, "cpu_models"), &table.models, &table.n_models) != 0 ||
                read_signs(json_object_get(d, "hypervisor_signatures"), &table.signatures, &table.n_signatures) ||
                read_midrs(json_object_get(d, "midrs"), &table) != 0 ||
                read_vendors(json_object_get(json_object_get(d, "x86_vendors"), "list"), &table) != 0)
                return -1; /* out of memory: tried again next time */
            table.qemu_match = sget(json_object_get(d, "qemu_machines"), "match");
            table.clock_ratio = json_number_value(json_object_get(json_object_get(d, "clock_chains"), "ratio"));
            state = 1;
        }
    }
    *out = state == 1 ? &table : NULL;
    return 0;
}

/* See emulators_table.h. */
const pf_emulator_sign *pf_emulator_matching(const pf_emulator_sign *signs, size_t n, const char *text)
{
    for (size_t i = 0; i < n; i++)
        if (text && signs[i].match && signs[i].match[0] && strstr(text, signs[i].match))
            return &signs[i];
    return NULL;
}

/* See emulators_table.h. */
long long pf_hex(const char *s)
{
    char *end;
    if (!s || !s[0])
        return -1;
    long long v = strtoll(s, &end, 16);
    return *end ? -1 : v;
}
