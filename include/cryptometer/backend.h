/*
 * backend.h — how a library (or our own code, or the kernel) registers.
 *
 * A backend is a folder under src/backends/<name>/ that defines one
 * `const cm_backend cm_backend_<name>` listing its implementations. CMake
 * finds the backend's library; when it is found, the folder is compiled and
 * the symbol goes into the generated registry; when it is not, the registry
 * carries the backend as unavailable with the reason and the package that
 * provides it. Nothing unavailable disappears from `list` or a result file.
 */
#ifndef CRYPTOMETER_BACKEND_H
#define CRYPTOMETER_BACKEND_H

#include <stddef.h>
#include "cryptometer/algorithm.h"

struct json_t; /* jansson */

/* One (backend, algorithm) pair. */
typedef struct cm_impl {
    const char *algorithm; /* a name from the algorithm table */
    const void *vtable;    /* the cm_<class>_vtable of the algorithm's class */
    /* NULL when the implementation always runs here. Otherwise returns 1
     * when it can run on this machine now, or 0 after writing why not
     * (CPU feature absent, kernel lacks AF_ALG, ...) into why. */
    int (*available)(char *why, size_t why_len);
} cm_impl;

typedef struct cm_backend {
    const char *name;        /* "openssl", "ref", ... */
    const char *description; /* one line for `list` */
    /* Version of the library actually loaded at run time (not the headers'),
     * or NULL. */
    const char *(*version)(void);
    /* Optional (NULL): extra facts for `detect` and result contexts, as a
     * new jansson object (the caller owns it), e.g. OpenSSL's capability
     * vector. */
    struct json_t *(*describe)(void);
    const cm_impl *impls;
    size_t n_impls;
    /* 1 for the deliberately broken backends of the test build: they are
     * never chosen as the reference of a cross-check. */
    int test_only;
} cm_backend;

/* A backend CMake could not build here. */
typedef struct cm_backend_missing {
    const char *name;
    const char *reason;  /* "libssl not found by pkg-config" */
    const char *package; /* "libssl-dev (Debian), openssl-devel (Fedora)" */
} cm_backend_missing;

#endif
