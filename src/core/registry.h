/*
 * registry.h — every backend this build knows: the ones compiled in
 * (generated/backends.inc, see cmake/Backends.cmake) and the ones CMake
 * could not build, with the reason. The runner and the KAT runner find
 * implementations here, by name, never by library.
 */
#ifndef CM_CORE_REGISTRY_H
#define CM_CORE_REGISTRY_H

#include <stddef.h>
#include "cryptometer/backend.h"

/* Compiled-in backends, in name order. */
size_t cm_registry_count(void);
const cm_backend *cm_registry_backend(size_t i);
const cm_backend *cm_registry_find_backend(const char *name);

/* Backends not built here; *count receives their number. */
const cm_backend_missing *cm_registry_missing(size_t *count);

/* The implementation of algorithm in backend b, or NULL. */
const cm_impl *cm_backend_find_impl(const cm_backend *b, const char *algorithm);

/* 1 if impl can run here now; else 0 with the reason in why. */
int cm_impl_available(const cm_impl *impl, char *why, size_t why_len);

/* Another backend's available implementation of the same algorithm, to
 * cross-check against: "ref" is preferred for everyone but ref itself,
 * which prefers "openssl"; then any other that is not test-only (see
 * cm_backend.test_only). NULL when there is none.
 * *peer_backend receives the peer's backend. */
const cm_impl *cm_registry_peer(const cm_backend *self, const char *algorithm,
                                const cm_backend **peer_backend);

#endif
