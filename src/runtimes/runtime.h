/*
 * runtime.h — backends that are language runtimes (Go, ...; docs/runtimes.md):
 * a server program built with the runtime's own tools, installed beside
 * cryptometer as cryptometer-<runtime>, that answers the runtime child
 * protocol on its standard input and output, one JSON object a line each
 * way (runtimes/go/main.go has the messages).
 *
 * Unlike an OpenSSL generation (core/helper.h), the runtime is not a build
 * of cryptometer: the forked child of a group stays this program, starts
 * the server beside it and reaches the implementation through proxy tables
 * of its class (runtime_proxy.c), so the known-answer vectors, the
 * cross-check against openssl:evp and the runner are the very code every
 * C backend goes through. Only the timed loop runs in the runtime
 * (src/measure/runtime_bench.h): one request per sample, the runtime's
 * own clock.
 */
#ifndef CM_RUNTIMES_RUNTIME_H
#define CM_RUNTIMES_RUNTIME_H

#include <stddef.h>
#include "cryptometer/backend.h"
#include "util/error.h"

struct json_t;

/* The state of one runtime backend (runtimes.c binds one per runtime). */
typedef struct cm_runtime {
    const char *name, *file; /* "go", "cryptometer-go" */
    const char *row_list;    /* its rows.json as "algorithm:variant,...": the
                                rows, unavailable, when the server cannot be asked */
    int asked, ok;
    char why[512];
    char *version;
    struct json_t *details;
    cm_impl *rows;
    size_t n_rows;
} cm_runtime;

/* The cm_backend hooks, on its state. */
const cm_impl *cm_runtime_rows(cm_runtime *rt, size_t *n);
const char *cm_runtime_version(cm_runtime *rt);
struct json_t *cm_runtime_describe(cm_runtime *rt);
cm_rc cm_runtime_init(cm_runtime *rt, char *why, size_t why_len);
void cm_runtime_teardown(void);

/* In a child: the implementation the proxies serve from now on (starts
 * the runtime's server once per process). 0, or -1 with why. */
int cm_runtime_bind(const cm_backend *b, const cm_impl *impl, char *why, size_t why_len);

/* Inside src/runtimes: starts file's server in this process (0, or -1
 * with why), stops it, and names what it serves. */
int cm_runtime_start(const char *file, char *why, size_t why_len);
void cm_runtime_stop(void);
void cm_runtime_serve(const cm_backend *b, const cm_impl *impl);

/* One request to the bound server (stolen) and its reply (new reference;
 * NULL with why when the server is gone or answered nothing). */
struct json_t *cm_runtime_call(struct json_t *req, char *why, size_t why_len);

/* The algorithm and the variant of the bound implementation. */
const char *cm_runtime_algorithm(void);
const char *cm_runtime_variant(void);

/* The proxy table of a class (runtime_proxy.c); {NULL} for a class the
 * protocol does not carry. */
cm_vtable_ref cm_runtime_proxy(cm_class cls);

#endif
