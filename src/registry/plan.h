/*
 * plan.h — what a run, a verify or a listing covers: the implementations
 * that match the user's selection (algorithm and backend names, a regex on
 * benchmark names "backend:variant/algorithm/operation"), and the message
 * sizes.
 */
#ifndef CM_REGISTRY_PLAN_H
#define CM_REGISTRY_PLAN_H

#include <regex.h>
#include <stddef.h>
#include "cryptometer/backend.h"
#include "util/error.h"

/* enough for every length of 1..4096 bytes and a few long messages */
#define CM_MAX_SIZES 4160
#define CM_MAX_SIZE (64u << 20) /* 64 MiB */

/* The sizes `run` measures and `verify` cross-checks by default (openssl
 * speed's): 16, 64, 256, 1024, 8192, 16384. */
#define CM_N_DEFAULT_SIZES 6
extern const size_t cm_default_sizes[CM_N_DEFAULT_SIZES];

/* A limit of the default suite on one implementation's sizes
 * (data/suites.json, "size_limits"): sizes above max_size are not measured,
 * for the reason why. */
typedef struct cm_size_limit {
    char impl[64];   /* "backend:variant" */
    size_t max_size;
    char why[200];
} cm_size_limit;
#define CM_MAX_SIZE_LIMITS 8

/* One {implementation, max_size, why} object into l: 0, or -1 if a field is
 * missing, of the wrong type, max_size < 1, or a string too long for l. */
struct json_t;
int cm_size_limit_read(const struct json_t *v, cm_size_limit *l);

/* One implementation to run, with the operations selected. */
typedef struct cm_group {
    const cm_backend *backend;
    const cm_impl *impl;
    const cm_algorithm *alg;
    cm_op ops[CM_MAX_OPS];
    int n_ops;
    int available;
    char why[256];    /* when not available */
    const cm_size_limit *limit; /* NULL: every size of the run */
} cm_group;

typedef struct cm_selection {
    int has_regex;
    regex_t regex;
    int has_exclude;        /* --exclude: benchmarks it matches are left out */
    regex_t exclude;
    const char *algorithms; /* comma-separated names, or NULL for all */
    const char *backends;   /* comma-separated "backend" or "backend:variant", or NULL */
    int no_runtimes;        /* leave out the language runtimes' backends (the default suite) */
    const cm_size_limit *limits; /* the default suite's size limits (n_limits of them) */
    size_t n_limits;
    const cm_algorithm *const *only; /* if n_only: only these algorithms (verify
                                        --wycheproof: those of the file) */
    size_t n_only;
} cm_selection;

/* Parses "16,64,1k,16KiB,1M" into sizes (bytes, > 0, <= CM_MAX_SIZE, at
 * most CM_MAX_SIZES, a repeated size kept once, in the order given). An
 * item may be a range "lo-hi" (every size from lo to hi) or "lo-hi/step"
 * (every step-th): "1-4096,64k,1M" gives the cycles-per-byte curve over
 * every length up to 4 KiB and two long messages. Length 0 is refused:
 * a per-byte figure has no meaning there.
 * Returns the count, or -1 with err set (usage). */
int cm_parse_sizes(const char *text, size_t *sizes, cm_error *err);

/* The same rule for another option's list (its errors name opt), with
 * sizes up to max bytes (`sweep --totals`: up to 16 GiB). */
int cm_parse_size_list(const char *opt, const char *text, size_t max, size_t *sizes,
                       cm_error *err);

/* Compiles regex and checks that every name in algorithms and backends is
 * known (a backend CMake left out counts as known). -1 with err on a bad
 * regex or an unknown name, listing the known ones. */
int cm_selection_init(cm_selection *sel, const char *regex, const char *algorithms,
                      const char *backends, cm_error *err);

/* Adds --exclude regex (NULL: none) to sel, under the same budget as
 * --filter: a benchmark (or a whole implementation, by the names --filter
 * reads) it matches is left out. 0, or -1 with err (usage). */
int cm_selection_exclude(cm_selection *sel, const char *regex, cm_error *err);
void cm_selection_free(cm_selection *sel);

/* Fills *groups (malloc'ed) with every implementation of every compiled-in
 * backend that matches sel, available or not, and *n with their number.
 * The regex selects the operations whose benchmark name it matches, or
 * every operation of an implementation whose name "backend:variant/
 * algorithm" it matches.
 * 0, or -1 with err when out of memory (nothing is returned then). */
int cm_plan_build(const cm_selection *sel, cm_group **groups, size_t *n, cm_error *err);

/* "openssl:evp/aes-128-gcm/seal" into buf. */
void cm_bench_name(char *buf, size_t len, const cm_group *g, cm_op op);

/* "openssl:evp/aes-128-gcm" into buf: the implementation and its algorithm. */
void cm_group_name(char *buf, size_t len, const cm_group *g);

/* "openssl:evp" into buf: the implementation's backend and variant. */
void cm_impl_name(char *buf, size_t len, const cm_group *g);

#endif
