/*
 * suggest.c — see suggest.h: the candidates are the algorithm table, the
 * registry's backends and those CMake left out, and a backend's variants.
 */
#include <stdio.h>
#include <string.h>
#include "registry/suggest.h"
#include "registry/registry.h"
#include "util/closest.h"

void cm_suggest_algorithm(const char *name, char *buf, size_t len)
{
    size_t n;
    const cm_algorithm *all = cm_algorithm_all(&n);
    cm_closest c;
    cm_closest_init(&c, name);
    for (size_t i = 0; i < n; i++)
        cm_closest_offer(&c, all[i].name);
    cm_closest_text(&c, buf, len);
}

/* "backend:variant": the variants of that backend, named in full. */
static void suggest_variant(const char *name, const char *colon, char *buf, size_t len)
{
    char backend[64], full[CM_CLOSEST_MAX][128];
    snprintf(backend, sizeof backend, "%.*s", (int)(colon - name), name);
    const cm_backend *b = cm_registry_find_backend(backend);
    size_t nr = 0;
    const cm_impl *rows = b ? cm_backend_impls(b, &nr) : NULL;
    cm_closest c;
    cm_closest_init(&c, colon + 1);
    for (size_t i = 0; i < nr; i++)
        cm_closest_offer(&c, rows[i].variant);
    for (int k = 0; k < CM_CLOSEST_MAX && c.names[k]; k++) {
        snprintf(full[k], sizeof full[k], "%s:%s", backend, c.names[k]);
        c.names[k] = full[k];
    }
    cm_closest_text(&c, buf, len);
}

void cm_suggest_backend(const char *name, char *buf, size_t len)
{
    const char *colon = strchr(name, ':');
    char backend[64];
    snprintf(backend, sizeof backend, "%.*s", colon ? (int)(colon - name) : 63, name);
    if (colon && cm_registry_find_backend(backend)) {
        suggest_variant(name, colon, buf, len);
        return;
    }
    size_t n_missing;
    const cm_backend_missing *m = cm_registry_missing(&n_missing);
    cm_closest c;
    cm_closest_init(&c, backend);
    for (size_t i = 0; i < cm_registry_count(); i++)
        cm_closest_offer(&c, cm_registry_backend(i)->name);
    for (size_t i = 0; i < n_missing; i++)
        cm_closest_offer(&c, m[i].name);
    cm_closest_text(&c, buf, len);
}
