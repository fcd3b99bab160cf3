/*
 * registry.h — every backend this build knows: the ones compiled in
 * (generated/backends.inc, see cmake/Backends.cmake) and the ones CMake
 * could not build, with the reason. The runner and the KAT runner find
 * implementations here, by name, never by library.
 */
#ifndef CM_REGISTRY_REGISTRY_H
#define CM_REGISTRY_REGISTRY_H

#include <stddef.h>
#include "cryptometer/backend.h"
#include "util/error.h"

/* Compiled-in backends, in name order. */
size_t cm_registry_count(void);
const cm_backend *cm_registry_backend(size_t i);
const cm_backend *cm_registry_find_backend(const char *name);

/* The rows of backend b: .impls, or what its .discover hook found (run
 * once per process for the registry's backends, at each call for
 * others); for a registry backend named in data/backend_lacks.json, then
 * one lacking row for each algorithm of its scope it has no row for
 * (lacks.h). *n receives their number. Every reader of rows goes through
 * this. */
const cm_impl *cm_backend_impls(const cm_backend *b, size_t *n);

/* Backends not built here; *count receives their number. */
const cm_backend_missing *cm_registry_missing(size_t *count);

/* Checks every implementation of every compiled-in backend: its algorithm
 * is in the table, its class is the algorithm's and built here, its
 * variant is a name (letters, digits, - _ ( ) .), and no two rows of a
 * backend share (algorithm, variant). 0, or -1 with err naming the first
 * bad row (a build bug: CM_EXIT_ENVIRONMENT). The commands run it first. */
int cm_registry_check(cm_error *err);

/* The same check for one backend, in the registry or not (the tests'). */
int cm_registry_check_backend(const cm_backend *b, cm_error *err);

/* The implementation of algorithm in backend b with that variant, or NULL.
 * variant NULL asks for dispatch's choice: the backend's choice_variant
 * when it names one (and the row is available); otherwise a backend lists
 * the variants of an algorithm from the most general (portable C) to the
 * most specific (the widest instructions), so the choice is the last
 * available one (else the first row). */
const cm_impl *cm_backend_find_impl(const cm_backend *b, const char *algorithm,
                                    const char *variant);

/* Runs b's init hook once in this process (later calls return the first
 * outcome): 1 when the backend is ready, else 0 with the library's reason
 * in why. A backend without a hook is always ready. Backends outside the
 * registry are remembered too, up to a few (the tests'). */
int cm_backend_ready(const cm_backend *b, char *why, size_t why_len);

/* 1 if impl of backend b can run here now (b ready, impl available);
 * else 0 with the reason in why. */
int cm_impl_available(const cm_backend *b, const cm_impl *impl, char *why, size_t why_len);

/* Another available implementation of self's algorithm to cross-check
 * self against: from the backend with the best cm_backend.peer_rank (1
 * first, then 2, ..., unranked last; self's own backend after all of
 * them), never self, never from a test-only backend. NULL when there is none. *peer_backend receives its backend. */
const cm_impl *cm_registry_peer(const cm_impl *self, const cm_backend **peer_backend);

/* The same choice among the n backends of list (the tests' own). */
const cm_impl *cm_registry_peer_among(const cm_backend *const *list, size_t n,
                                      const cm_impl *self, const cm_backend **peer_backend);

#endif
