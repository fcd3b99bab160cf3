/*
 * registry.c — the table of backends, built from generated/backends.inc.
 */
#include <string.h>
#include "core/registry.h"

#define CM_BACKEND(name) extern const cm_backend cm_backend_##name;
#define CM_MISSING(name, reason, package)
#include "backends.inc"
#undef CM_BACKEND
#undef CM_MISSING

static const cm_backend *const backends[] = {
#define CM_BACKEND(name) &cm_backend_##name,
#define CM_MISSING(name, reason, package)
#include "backends.inc"
#undef CM_BACKEND
#undef CM_MISSING
    NULL};

static const cm_backend_missing missing[] = {
#define CM_BACKEND(name)
#define CM_MISSING(name, reason, package) {name, reason, package},
#include "backends.inc"
#undef CM_BACKEND
#undef CM_MISSING
    {NULL, NULL, NULL}};

size_t cm_registry_count(void)
{
    return sizeof backends / sizeof backends[0] - 1;
}

const cm_backend *cm_registry_backend(size_t i)
{
    return i < cm_registry_count() ? backends[i] : NULL;
}

const cm_backend *cm_registry_find_backend(const char *name)
{
    for (size_t i = 0; i < cm_registry_count(); i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

const cm_backend_missing *cm_registry_missing(size_t *count)
{
    *count = sizeof missing / sizeof missing[0] - 1;
    return missing;
}

const cm_impl *cm_backend_find_impl(const cm_backend *b, const char *algorithm)
{
    for (size_t i = 0; i < b->n_impls; i++)
        if (strcmp(b->impls[i].algorithm, algorithm) == 0)
            return &b->impls[i];
    return NULL;
}

int cm_impl_available(const cm_impl *impl, char *why, size_t why_len)
{
    if (why_len)
        why[0] = '\0';
    return impl->available ? impl->available(why, why_len) : 1;
}

/* The available implementation of algorithm in the backend called name,
 * unless that backend is self. */
static const cm_impl *usable_in(const char *name, const cm_backend *self,
                                const char *algorithm, const cm_backend **found)
{
    const cm_backend *b = cm_registry_find_backend(name);
    char why[8];
    if (!b || b == self || b->test_only)
        return NULL;
    const cm_impl *impl = cm_backend_find_impl(b, algorithm);
    if (!impl || !cm_impl_available(impl, why, sizeof why))
        return NULL;
    *found = b;
    return impl;
}

const cm_impl *cm_registry_peer(const cm_backend *self, const char *algorithm,
                                const cm_backend **peer_backend)
{
    const char *preferred[] = {"ref", "openssl"};
    for (size_t i = 0; i < 2; i++) {
        const cm_impl *impl = usable_in(preferred[i], self, algorithm, peer_backend);
        if (impl)
            return impl;
    }
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_impl *impl = usable_in(backends[i]->name, self, algorithm, peer_backend);
        if (impl)
            return impl;
    }
    return NULL;
}
