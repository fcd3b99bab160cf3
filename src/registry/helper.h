/*
 * helper.h — backends that run in a helper executable of their own
 * (cm_backend.helper): the OpenSSL generations (docs/generations.md). Two
 * libcrypto versions cannot share one process, so each generation is this
 * program built against that OpenSSL (with the peers that do not link
 * libcrypto: ref, libsodium, Nettle, GMP), installed
 * beside it as `cryptometer-openssl-<version>`. The helper speaks the one
 * child protocol (child.h, suite_msg.h) on its standard output:
 *   cryptometer-openssl-3.5 __child '{"mode":"hello"}'
 *       one {"type":"hello", ...} line: its backend, version, details and
 *       rows (the parent's discover hook asks once per process);
 *   cryptometer-openssl-3.5 __child '{"mode":"run"|"verify", ...}'
 *       what a forked child of `run` or `verify` sends for one group.
 */
#ifndef CM_REGISTRY_HELPER_H
#define CM_REGISTRY_HELPER_H

#include <stddef.h>
#include <stdio.h>
#include "registry/plan.h"

struct json_t;

/* In a forked child of the parent: execs b's helper with job (a JSON
 * object; the reference is stolen) as its argument and out as its
 * standard output. Never returns: when the helper cannot be run, sends
 * {"type":"unavailable"} with the reason and exits. */
void cm_helper_exec(const cm_backend *b, struct json_t *job, FILE *out);

/* The part of a job that names the group: mode ("run", "verify"),
 * backend, variant, algorithm, operations and sizes. NULL when out of
 * memory. */
struct json_t *cm_helper_job(const char *mode, const cm_group *g, const size_t *sizes,
                             size_t n_sizes);

/* The state of one helper backend in the parent: what its hello said. */
typedef struct cm_helper_backend {
    const char *name, *file, *prefix; /* from the build (generations.inc) */
    const char *like;       /* the in-process backend it is a build of */
    int asked, ok;
    char why[256];          /* the helper could not be asked */
    char *version;
    struct json_t *details; /* its describe(), with its build */
    cm_impl *rows;
    size_t n_rows;
} cm_helper_backend;

/* The cm_backend hooks of a helper backend, on its state (generations.c
 * binds them per generation). */
const cm_impl *cm_helper_rows(cm_helper_backend *h, size_t *n);
const char *cm_helper_version(cm_helper_backend *h);
struct json_t *cm_helper_describe(cm_helper_backend *h);
cm_rc cm_helper_init(cm_helper_backend *h, char *why, size_t why_len);

/* `cryptometer __child JOB`, hidden: the helper's side (helper_child.c). */
int cm_helper_child_main(int argc, char **argv);

#endif
