/*
 * registry.c — the table of backends, built from generated/backends.inc,
 * their rows (their own and the lacking ones of lacks.h), the check of
 * their rows, their init hooks and the choice of a
 * cross-check peer.
 */
#include <stdio.h>
#include <string.h>
#include "model/class.h"
#include "registry/lacks.h"
#include "registry/registry.h"

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

#define N_BACKENDS (sizeof backends / sizeof backends[0] - 1)

size_t cm_registry_count(void)
{
    return N_BACKENDS;
}

const cm_backend *cm_registry_backend(size_t i)
{
    return i < N_BACKENDS ? backends[i] : NULL;
}

const cm_backend *cm_registry_find_backend(const char *name)
{
    for (size_t i = 0; i < N_BACKENDS; i++)
        if (strcmp(backends[i]->name, name) == 0)
            return backends[i];
    return NULL;
}

/* The rows a backend writes itself: .impls, or what its discover hook
 * finds (run at each call: cm_backend_impls keeps them). */
static const cm_impl *own_rows(const cm_backend *b, size_t *n)
{
    if (!b->discover) {
        *n = b->n_impls;
        return b->impls;
    }
    return b->discover(n);
}

/* Each registry backend's rows, by index: its own and the lacking ones of
 * data/backend_lacks.json (lacks.h), made once per process. */
static struct {
    int done;
    const cm_impl *own, *rows;
    size_t n_own, n;
} made[N_BACKENDS + 1];

/* The index of b in the registry, or N_BACKENDS. */
static size_t registry_index(const cm_backend *b)
{
    size_t i = 0;
    while (i < N_BACKENDS && backends[i] != b)
        i++;
    return i;
}

const cm_impl *cm_backend_impls(const cm_backend *b, size_t *n)
{
    size_t i = registry_index(b);
    if (i == N_BACKENDS)
        return own_rows(b, n);
    if (!made[i].done) {
        made[i].own = own_rows(b, &made[i].n_own);
        made[i].rows = cm_lacks_rows(b, made[i].own, made[i].n_own, &made[i].n);
        made[i].done = 1;
    }
    *n = made[i].n;
    return made[i].rows;
}

const cm_backend_missing *cm_registry_missing(size_t *count)
{
    *count = sizeof missing / sizeof missing[0] - 1;
    return missing;
}

/* 1 if s is a non-empty name of letters, digits and - _ ( ) . */
static int is_name(const char *s)
{
    if (!s || !*s)
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
              strchr("-_().", *s)))
            return 0;
    return 1;
}

/* Checks one row of backend b; 0 or -1 with err. */
static int check_row(const cm_backend *b, const cm_impl *rows, size_t k, cm_error *err)
{
    const cm_impl *impl = &rows[k];
    const cm_algorithm *alg = impl->algorithm ? cm_algorithm_find(impl->algorithm) : NULL;
    const char *what = NULL;
    if (!alg)
        what = "names an algorithm that is not in the table (src/model/algorithm.c)";
    else if (impl->cls != alg->cls)
        what = "has a table of another class than its algorithm's";
    else if (!cm_class_module_of(alg->cls))
        what = "is of a class whose module is not built here";
    else if (!is_name(impl->variant))
        what = "has no variant name, or one with characters other than letters, digits and "
               "- _ ( ) .";
    else if (!impl->vt.any && !impl->lacking && !b->helper && !impl->available)
        what = "has no table";
    else if (impl->vt.any && impl->lacking)
        what = "has a table and says the library lacks the algorithm";
    for (size_t j = 0; !what && j < k; j++)
        if (strcmp(rows[j].algorithm, impl->algorithm) == 0 &&
            strcmp(rows[j].variant, impl->variant) == 0)
            what = "repeats an (algorithm, variant) pair of an earlier row";
    if (!what)
        return 0;
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "build error: backend %s, implementation %zu "
                        "(%s, variant %s) %s", b->name, k,
                        impl->algorithm ? impl->algorithm : "NULL",
                        impl->variant ? impl->variant : "NULL", what);
}

int cm_registry_check_backend(const cm_backend *b, cm_error *err)
{
    if (!is_name(b->name))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "build error: backend name '%s' is "
                            "not a name", b->name ? b->name : "NULL");
    size_t n;
    const cm_impl *rows = cm_backend_impls(b, &n);
    for (size_t k = 0; k < n; k++)
        if (check_row(b, rows, k, err) != 0)
            return -1;
    size_t i = registry_index(b);
    return i == N_BACKENDS ? cm_lacks_check(b, rows, n, err)
                           : cm_lacks_check(b, made[i].own, made[i].n_own, err);
}

int cm_registry_check(cm_error *err)
{
    for (size_t i = 0; i < N_BACKENDS; i++)
        if (cm_registry_check_backend(backends[i], err) != 0)
            return -1;
    return 0;
}

const cm_impl *cm_backend_find_impl(const cm_backend *b, const char *algorithm,
                                    const char *variant)
{
    const cm_impl *first = NULL, *best = NULL;
    char why[8];
    size_t n;
    const cm_impl *rows = cm_backend_impls(b, &n);
    for (size_t i = 0; i < n; i++) {
        const cm_impl *impl = &rows[i];
        if (strcmp(impl->algorithm, algorithm) != 0)
            continue;
        if (variant && strcmp(impl->variant, variant) == 0)
            return impl;
        if (!variant && cm_impl_available(b, impl, why, sizeof why)) {
            if (b->choice_variant && strcmp(impl->variant, b->choice_variant) == 0)
                return impl;
            if (!b->choice_variant)
                best = impl;
        }
        if (!first)
            first = impl;
    }
    return variant ? NULL : best ? best : first;
}

/* The outcome of each backend's init hook in this process, by backend:
 * state 0 not run yet, 1 ready, -1 failed (with the reason). The
 * registry's backends and up to EXTRA_BACKENDS others (the tests' own)
 * have a slot; a backend beyond those is initialised at each call. */
#define EXTRA_BACKENDS 8
static struct {
    const cm_backend *backend;
    int state;
    char why[256];
} init_outcome[N_BACKENDS + EXTRA_BACKENDS];

/* b's slot (claimed now if b has none yet), or NULL when they are full. */
static size_t outcome_slot(const cm_backend *b)
{
    size_t i = 0, n = sizeof init_outcome / sizeof init_outcome[0];
    while (i < n && init_outcome[i].backend && init_outcome[i].backend != b)
        i++;
    if (i < n)
        init_outcome[i].backend = b;
    return i;
}

int cm_backend_ready(const cm_backend *b, char *why, size_t why_len)
{
    if (!b->init)
        return 1;
    size_t i = outcome_slot(b);
    char reason[256] = "";
    if (i == sizeof init_outcome / sizeof init_outcome[0]) {
        cm_rc rc = b->init(reason, sizeof reason);
        if (rc != CM_OK)
            snprintf(why, why_len, "%s: set-up failed: %s", b->name,
                     reason[0] ? reason : "no reason given");
        return rc == CM_OK;
    }
    if (init_outcome[i].state == 0) {
        cm_rc rc = b->init(reason, sizeof reason);
        snprintf(init_outcome[i].why, sizeof init_outcome[i].why, "%s: set-up failed: %s",
                 b->name, reason[0] ? reason : "no reason given");
        init_outcome[i].state = rc == CM_OK ? 1 : -1;
    }
    if (init_outcome[i].state < 0)
        snprintf(why, why_len, "%s", init_outcome[i].why);
    return init_outcome[i].state > 0;
}

int cm_impl_available(const cm_backend *b, const cm_impl *impl, char *why, size_t why_len)
{
    if (why_len)
        why[0] = '\0';
    if (impl->lacking) {
        snprintf(why, why_len, "%s lacks it: %s", b->name, impl->lacking);
        return 0;
    }
    if (impl->unavailable) {
        snprintf(why, why_len, "%s", impl->unavailable);
        return 0;
    }
    if (!cm_backend_ready(b, why, why_len))
        return 0;
    return impl->available ? impl->available(why, why_len) : 1;
}

/* Rank order: 1, 2, ... first, 0 (unranked) last. */
static int rank_key(const cm_backend *b)
{
    return b->peer_rank > 0 ? b->peer_rank : 1 << 30;
}

/* b's key in the choice of a peer for self: its rank, and its own backend
 * after every other, so that another library checks our code where there
 * is one (another variant of the same code could share its mistake). */
static int peer_key(const cm_backend *b, const cm_impl *self)
{
    size_t n;
    const cm_impl *rows = cm_backend_impls(b, &n);
    int own = self >= rows && self < rows + n;
    return own ? (1 << 30) + 1 : rank_key(b);
}

const cm_impl *cm_registry_peer_among(const cm_backend *const *list, size_t n,
                                      const cm_impl *self, const cm_backend **peer_backend)
{
    const cm_impl *best = NULL;
    char why[8];
    for (size_t i = 0; i < n; i++) {
        const cm_backend *c = list[i];
        /* a helper's rows run only in the helper: no table to call here */
        if (c->test_only || c->helper || (best && peer_key(c, self) >= peer_key(*peer_backend, self)))
            continue;
        size_t nr;
        const cm_impl *rows = cm_backend_impls(c, &nr);
        for (size_t k = 0; k < nr; k++) {
            const cm_impl *impl = &rows[k];
            if (impl == self || strcmp(impl->algorithm, self->algorithm) != 0 ||
                !cm_impl_available(c, impl, why, sizeof why))
                continue;
            best = impl;
            *peer_backend = c;
            break;
        }
    }
    return best;
}

const cm_impl *cm_registry_peer(const cm_impl *self, const cm_backend **peer_backend)
{
    return cm_registry_peer_among(backends, N_BACKENDS, self, peer_backend);
}
