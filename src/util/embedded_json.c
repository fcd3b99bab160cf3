/*
 * embedded_json.c — see embedded_json.h.
 */
#include <string.h>
#include <jansson.h>
#include "util/embedded.h"
#include "util/embedded_json.h"

#define MAX_TABLES 16

json_t *cm_embedded_json(const char *path)
{
    static struct {
        const char *path;
        json_t *doc;
    } kept[MAX_TABLES];
    static int n;
    for (int i = 0; i < n; i++)
        if (strcmp(kept[i].path, path) == 0)
            return kept[i].doc;
    if (n == MAX_TABLES)
        return NULL;
    const cm_embedded_file *f = cm_embedded_find(path);
    json_error_t jerr;
    kept[n].path = f ? f->path : path;
    kept[n].doc = f ? json_loadb((const char *)f->data, f->len, 0, &jerr) : NULL;
    return kept[n++].doc;
}
