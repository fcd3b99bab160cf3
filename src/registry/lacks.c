/*
 * lacks.c — the lacking rows of the library backends, made from the one
 * table data/backend_lacks.json (lacks.h): which classes each backend
 * answers for, and for each algorithm it lacks, why. A backend's own rows
 * are what it implements; everything else of its scope becomes a row here.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "registry/lacks.h"
#include "util/embedded_json.h"

#define TABLE_PATH "data/backend_lacks.json"

/* The parsed table (kept for the process: the rows point into it), or NULL
 * when it is missing or not JSON. */
static json_t *table(void)
{
    return cm_embedded_json(TABLE_PATH);
}

/* 1 when the array arr holds a string equal to s (a glob matching it when
 * glob is set). */
static int in_array(const json_t *arr, const char *s, int glob)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v) {
        const char *p = json_string_value(v);
        if (p && (glob ? fnmatch(p, s, 0) == 0 : strcmp(p, s) == 0))
            return 1;
    }
    return 0;
}

/* 1 when the space-separated words hold w. */
static int has_word(const char *words, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = words ? strstr(words, w) : NULL; p; p = strstr(p + 1, w))
        if ((p == words || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

/* 1 when alg is of one of the classes of the scopes entry names and not
 * one of our own algorithms. */
static int in_scope(const json_t *entry, const cm_algorithm *alg)
{
    json_t *t = table(), *scopes = json_object_get(t, "scopes"), *v;
    size_t i;
    if (in_array(json_object_get(t, "our_own"), alg->name, 0))
        return 0;
    json_array_foreach(json_object_get(entry, "scope"), i, v) {
        json_t *classes = json_object_get(scopes, json_string_value(v));
        if (in_array(classes, cm_class_name(alg->cls), 0))
            return 1;
    }
    return 0;
}

/* The first entry of the table that gives b's reason for lacking alg:
 * it names b and alg, its "if" is one of b's build tags, and, when b has a
 * row for alg (has_row), it is not a "build" entry; or NULL. */
static const json_t *reason_entry(const cm_backend *b, const char *alg, int has_row)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(table(), "lacks"), i, e) {
        const char *tag = json_string_value(json_object_get(e, "if"));
        if (!in_array(json_object_get(e, "backends"), b->name, 0) ||
            !in_array(json_object_get(e, "algorithms"), alg, 1) ||
            (tag && !has_word(b->build_tags, tag)) ||
            (has_row && json_is_true(json_object_get(e, "build"))))
            continue;
        return e;
    }
    return NULL;
}

/* The row of own for alg, or NULL. */
static const cm_impl *own_row(const cm_impl *own, size_t n_own, const char *alg)
{
    for (size_t i = 0; i < n_own; i++)
        if (strcmp(own[i].algorithm, alg) == 0)
            return &own[i];
    return NULL;
}

/* b's entry in the table's "backends", or NULL (not there, or run by a
 * helper: its rows come from the helper, which made them itself). */
static const json_t *backend_entry(const cm_backend *b)
{
    return b->helper ? NULL : json_object_get(json_object_get(table(), "backends"), b->name);
}

const cm_impl *cm_lacks_rows(const cm_backend *b, const cm_impl *own, size_t n_own, size_t *n)
{
    const json_t *entry = backend_entry(b);
    size_t n_alg, k = n_own;
    const cm_algorithm *algs = cm_algorithm_all(&n_alg);
    cm_impl *rows = entry ? malloc((n_own + n_alg) * sizeof *rows) : NULL;
    *n = n_own;
    if (!rows)
        return own;
    const char *variant = json_string_value(json_object_get(entry, "variant"));
    const char *none = json_string_value(json_object_get(table(), "not_implemented"));
    if (n_own)
        memcpy(rows, own, n_own * sizeof *rows);
    for (size_t a = 0; a < n_alg; a++) {
        if (!in_scope(entry, &algs[a]) || own_row(own, n_own, algs[a].name))
            continue;
        const json_t *e = reason_entry(b, algs[a].name, 0);
        rows[k++] = (cm_impl){.algorithm = algs[a].name, .variant = variant ? variant : "default",
                              .cls = algs[a].cls,
                              .lacking = e ? json_string_value(json_object_get(e, "why")) : none};
    }
    if (k == n_own) {
        free(rows);
        return own;
    }
    *n = k;
    return rows;
}

/* 0 when the table has the shape lacks.c reads, else -1 with err. */
static int check_shape(cm_error *err)
{
    json_t *t = table(), *e;
    size_t i;
    int bad = !json_is_string(json_object_get(t, "not_implemented")) ||
              !json_is_object(json_object_get(t, "scopes")) ||
              !json_is_array(json_object_get(t, "our_own")) ||
              !json_is_object(json_object_get(t, "backends")) ||
              !json_is_array(json_object_get(t, "lacks"));
    json_array_foreach(bad ? NULL : json_object_get(t, "lacks"), i, e) {
        json_t *tag = json_object_get(e, "if"), *build = json_object_get(e, "build");
        bad |= !json_is_array(json_object_get(e, "backends")) ||
               !json_is_array(json_object_get(e, "algorithms")) ||
               !json_is_string(json_object_get(e, "why")) || (tag && !json_is_string(tag)) ||
               (build && !json_is_boolean(build));
    }
    if (!bad)
        return 0;
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "build error: %s is missing or not of "
                        "its shape (lacks.c)", TABLE_PATH);
}

/* 0 when each algorithm pattern of the entries naming b matches an
 * algorithm of b's scope, else -1 with err. */
static int check_patterns(const cm_backend *b, const json_t *entry, cm_error *err)
{
    size_t i, j, n_alg;
    json_t *e, *p;
    const cm_algorithm *algs = cm_algorithm_all(&n_alg);
    json_array_foreach(json_object_get(table(), "lacks"), i, e) {
        if (!in_array(json_object_get(e, "backends"), b->name, 0))
            continue;
        json_array_foreach(json_object_get(e, "algorithms"), j, p) {
            size_t a = 0;
            const char *pat = json_string_value(p);
            while (a < n_alg && !(pat && fnmatch(pat, algs[a].name, 0) == 0 &&
                                  in_scope(entry, &algs[a])))
                a++;
            if (a == n_alg)
                return cm_error_set(err, CM_EXIT_ENVIRONMENT, "build error: %s: an entry "
                                    "for %s names '%s', no algorithm of its scope", TABLE_PATH,
                                    b->name, pat ? pat : "(not a string)");
        }
    }
    return 0;
}

int cm_lacks_check(const cm_backend *b, const cm_impl *own, size_t n_own, cm_error *err)
{
    if (check_shape(err) != 0)
        return -1;
    const json_t *entry = backend_entry(b);
    if (!entry)
        return 0;
    if (check_patterns(b, entry, err) != 0)
        return -1;
    for (size_t i = 0; i < n_own; i++) {
        const json_t *e = reason_entry(b, own[i].algorithm, 1);
        if (e)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "build error: backend %s has a row "
                                "for %s and %s says it lacks it (\"%s\"): one of them is out "
                                "of date", b->name, own[i].algorithm, TABLE_PATH,
                                json_string_value(json_object_get(e, "why")));
    }
    return 0;
}
