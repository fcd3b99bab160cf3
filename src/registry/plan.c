/*
 * plan.c — see plan.h.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "registry/plan.h"
#include "registry/registry.h"
#include "registry/suggest.h"
#include "util/regex_budget.h"

const size_t cm_default_sizes[CM_N_DEFAULT_SIZES] = {16, 64, 256, 1024, 8192, 16384};

/* Multiplier for a size suffix (k, K, KiB, m, M, MiB: binary), or 0. */
static unsigned long suffix_multiplier(const char *s)
{
    if (*s == '\0' || strcasecmp(s, "b") == 0)
        return 1;
    if (strcasecmp(s, "k") == 0 || strcasecmp(s, "kib") == 0 || strcasecmp(s, "kb") == 0)
        return 1024;
    if (strcasecmp(s, "m") == 0 || strcasecmp(s, "mib") == 0 || strcasecmp(s, "mb") == 0)
        return 1024 * 1024;
    return 0;
}

/* One size ("16", "1k", "16KiB") of option opt into *size; -1 with err
 * (usage) when it is not a size of 1 byte to max. */
static int parse_size(const char *opt, const char *item, size_t max, size_t *size, cm_error *err)
{
    char *rest;
    errno = 0;
    unsigned long long v = strtoull(item, &rest, 10);
    unsigned long mult = suffix_multiplier(rest);
    if (!isdigit((unsigned char)item[0]) || errno || mult == 0)
        return cm_error_set(err, CM_EXIT_USAGE,
                            "%s: '%s' is not a size (bytes, or with k/M suffix)", opt, item);
    if (v == 0 || v > max / mult)
        return cm_error_set(err, CM_EXIT_USAGE, "%s: %s is out of range (1 byte to %zuM)", opt,
                            item, max >> 20);
    *size = (size_t)(v * mult);
    return 0;
}

/* Appends size to sizes[0..*n) unless it is there already. */
static int add_size(const char *opt, size_t *sizes, int *n, size_t size, cm_error *err)
{
    for (int i = 0; i < *n; i++)
        if (sizes[i] == size)
            return 0; /* a size given twice is measured once */
    if (*n == CM_MAX_SIZES)
        return cm_error_set(err, CM_EXIT_USAGE, "%s: more than %d sizes", opt, CM_MAX_SIZES);
    sizes[(*n)++] = size;
    return 0;
}

int cm_parse_sizes(const char *text, size_t *sizes, cm_error *err)
{
    return cm_parse_size_list("--sizes", text, CM_MAX_SIZE, sizes, err);
}

int cm_parse_size_list(const char *opt, const char *text, size_t max, size_t *sizes,
                       cm_error *err)
{
    int n = 0;
    const char *p = text;
    if (!text || !*text)
        return cm_error_set(err, CM_EXIT_USAGE, "%s: empty list (example: %s 16,256,16k)", opt,
                            opt);
    for (;;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char item[32], *dash, *slash;
        size_t lo, hi, step = 1;
        if (len == 0 || len >= sizeof item)
            return cm_error_set(err, CM_EXIT_USAGE, "%s: bad item '%.*s' in '%s'", opt,
                                (int)(len > 31 ? 31 : len), p, text);
        memcpy(item, p, len);
        item[len] = '\0';
        /* a range "lo-hi" or "lo-hi/step": every step-th size from lo to hi */
        dash = strchr(item + 1, '-'); /* "-5" is a bad size, not a range */
        slash = dash ? strchr(dash, '/') : NULL;
        if (dash)
            *dash = '\0';
        if (slash)
            *slash = '\0';
        if (parse_size(opt, item, max, &lo, err) != 0 ||
            (dash && parse_size(opt, dash + 1, max, &hi, err) != 0) ||
            (slash && parse_size(opt, slash + 1, max, &step, err) != 0))
            return -1;
        if (!dash)
            hi = lo;
        if (hi < lo)
            return cm_error_set(err, CM_EXIT_USAGE, "%s: range %s-%s ends below its start", opt,
                                item, dash + 1);
        for (size_t size = lo; size <= hi; size += step)
            if (add_size(opt, sizes, &n, size, err) != 0)
                return -1;
        if (!end)
            break;
        p = end + 1;
    }
    return n;
}

/* 1 if name, or name:variant when variant is set, is an item of the
 * comma-separated list (an item naming the backend alone takes every
 * variant). */
static int in_list(const char *list, const char *name, const char *variant)
{
    size_t len = strlen(name);
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, ',');
        size_t l = end ? (size_t)(end - p) : strlen(p);
        if (l >= len && strncmp(p, name, len) == 0 &&
            (l == len || (variant && p[len] == ':' && l - len - 1 == strlen(variant) &&
                          strncmp(p + len + 1, variant, l - len - 1) == 0)))
            return 1;
        p = end ? end + 1 : NULL;
    }
    return 0;
}

static int known_algorithm(const char *name)
{
    return cm_algorithm_find(name) != NULL;
}

/* A backend compiled in or left out, or backend:variant of one compiled in. */
static int known_backend(const char *name)
{
    size_t n_missing;
    const cm_backend_missing *m = cm_registry_missing(&n_missing);
    for (size_t i = 0; i < n_missing; i++)
        if (strcmp(m[i].name, name) == 0)
            return 1;
    const char *colon = strchr(name, ':');
    if (!colon)
        return cm_registry_find_backend(name) != NULL;
    char backend[64];
    snprintf(backend, sizeof backend, "%.*s", (int)(colon - name), name);
    const cm_backend *b = cm_registry_find_backend(backend);
    size_t nr = 0;
    const cm_impl *rows = b ? cm_backend_impls(b, &nr) : NULL;
    for (size_t i = 0; i < nr; i++)
        if (strcmp(rows[i].variant, colon + 1) == 0)
            return 1;
    return 0;
}

/* Checks each item of list with known(); -1 with err naming the first
 * unknown one. */
static int check_names(const char *list, const char *what, int (*known)(const char *),
                       void (*suggest)(const char *, char *, size_t), cm_error *err)
{
    for (const char *p = list; p && *p;) {
        const char *end = strchr(p, ',');
        size_t l = end ? (size_t)(end - p) : strlen(p);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)l, p);
        char near[256];
        if (!known(name)) {
            suggest(name, near, sizeof near);
            return cm_error_set(err, CM_EXIT_USAGE, "unknown %s '%s' (%s%s%ssee `cryptometer "
                                "list`)", what, name, near[0] ? "did you mean " : "", near,
                                near[0] ? "? " : "");
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* Refuses a regex beyond the complexity of util/regex_budget.h before
 * regcomp can take gigabytes over it. 0, or -1 with err. */
static int check_filter(const char *opt, const char *regex, cm_error *err)
{
    char why[160];
    if (cm_regex_budget_check(regex, why, sizeof why) != 0)
        return cm_error_set(err, CM_EXIT_USAGE, "%s '%.200s': %s (limits: docs/cli.md)", opt,
                            regex, why);
    return 0;
}

/* Compiles regex for opt into *re after the budget check: 0, or -1 with
 * err (usage). */
static int compile_filter(const char *opt, const char *regex, regex_t *re, cm_error *err)
{
    if (check_filter(opt, regex, err) != 0)
        return -1;
    int rc = regcomp(re, regex, REG_EXTENDED | REG_NOSUB);
    if (rc != 0) {
        char msg[128];
        regerror(rc, re, msg, sizeof msg);
        return cm_error_set(err, CM_EXIT_USAGE, "%s '%s': %s", opt, regex, msg);
    }
    return 0;
}

int cm_selection_init(cm_selection *sel, const char *regex, const char *algorithms,
                      const char *backends, cm_error *err)
{
    memset(sel, 0, sizeof *sel);
    if (check_names(algorithms, "algorithm", known_algorithm, cm_suggest_algorithm, err) < 0 ||
        check_names(backends, "backend", known_backend, cm_suggest_backend, err) < 0)
        return -1;
    sel->algorithms = algorithms;
    sel->backends = backends;
    if (regex) {
        if (compile_filter("--filter", regex, &sel->regex, err) != 0)
            return -1;
        sel->has_regex = 1;
    }
    return 0;
}

int cm_selection_exclude(cm_selection *sel, const char *regex, cm_error *err)
{
    if (!regex)
        return 0;
    if (compile_filter("--exclude", regex, &sel->exclude, err) != 0)
        return -1;
    sel->has_exclude = 1;
    return 0;
}

void cm_selection_free(cm_selection *sel)
{
    if (sel->has_regex)
        regfree(&sel->regex);
    if (sel->has_exclude)
        regfree(&sel->exclude);
    sel->has_regex = sel->has_exclude = 0;
}

void cm_impl_name(char *buf, size_t len, const cm_group *g)
{
    snprintf(buf, len, "%s:%s", g->backend->name, g->impl->variant);
}

void cm_group_name(char *buf, size_t len, const cm_group *g)
{
    snprintf(buf, len, "%s:%s/%s", g->backend->name, g->impl->variant, g->alg->name);
}

void cm_bench_name(char *buf, size_t len, const cm_group *g, cm_op op)
{
    snprintf(buf, len, "%s:%s/%s/%s", g->backend->name, g->impl->variant, g->alg->name,
             cm_op_name(op));
}

/* 1 if sel's regex is absent or matches name. */
static int regex_takes(const cm_selection *sel, const char *name)
{
    return !sel->has_regex || regexec(&sel->regex, name, 0, NULL, 0) == 0;
}

/* 1 if sel's --exclude matches name. */
static int excluded(const cm_selection *sel, const char *name)
{
    return sel->has_exclude && regexec(&sel->exclude, name, 0, NULL, 0) == 0;
}

/* 1 if alg is one of sel->only (or sel restricts nothing). */
static int only_takes(const cm_selection *sel, const cm_algorithm *alg)
{
    for (size_t i = 0; i < sel->n_only; i++)
        if (sel->only[i] == alg)
            return 1;
    return sel->n_only == 0;
}

/* The group of implementation impl of b with the operations sel selects
 * (n_ops 0: none). */
static cm_group group_of(const cm_selection *sel, const cm_backend *b, const cm_impl *impl)
{
    cm_group g = {.backend = b, .impl = impl, .alg = cm_algorithm_find(impl->algorithm)};
    char name[192];
    if (sel->algorithms && !in_list(sel->algorithms, g.alg->name, NULL))
        return g;
    if (sel->backends && !in_list(sel->backends, b->name, impl->variant))
        return g;
    if (!only_takes(sel, g.alg))
        return g;
    cm_group_name(name, sizeof name, &g);
    int whole = sel->has_regex && regex_takes(sel, name), out = excluded(sel, name);
    for (int k = 0; k < g.alg->n_ops && !out; k++) {
        /* a runtime's server keys an AEAD once per connection: it offers
         * no seal-newkey (docs/runtimes.md) */
        if (b->runtime && g.alg->ops[k] == CM_OP_SEAL_NEWKEY)
            continue;
        g.ops[g.n_ops] = g.alg->ops[k];
        cm_bench_name(name, sizeof name, &g, g.alg->ops[k]);
        if ((whole || regex_takes(sel, name)) && !excluded(sel, name))
            g.n_ops++;
    }
    if (g.n_ops)
        g.available = cm_impl_available(b, impl, g.why, sizeof g.why);
    cm_impl_name(name, sizeof name, &g);
    for (size_t i = 0; i < sel->n_limits; i++)
        if (strcmp(sel->limits[i].impl, name) == 0)
            g.limit = &sel->limits[i];
    return g;
}

int cm_plan_build(const cm_selection *sel, cm_group **groups, size_t *n, cm_error *err)
{
    size_t cap = 0;
    *groups = NULL;
    *n = 0;
    for (size_t bi = 0; bi < cm_registry_count(); bi++) {
        const cm_backend *b = cm_registry_backend(bi);
        if (sel->no_runtimes && b->runtime)
            continue;
        size_t nr;
        const cm_impl *rows = cm_backend_impls(b, &nr);
        for (size_t ii = 0; ii < nr; ii++) {
            cm_group g = group_of(sel, b, &rows[ii]);
            if (g.n_ops == 0)
                continue;
            if (*n == cap) {
                cm_group *bigger = realloc(*groups, (cap ? cap * 2 : 32) * sizeof **groups);
                if (!bigger) {
                    free(*groups);
                    *groups = NULL;
                    *n = 0;
                    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for the plan");
                }
                *groups = bigger;
                cap = cap ? cap * 2 : 32;
            }
            (*groups)[(*n)++] = g;
        }
    }
    return 0;
}
