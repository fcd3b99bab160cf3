/*
 * library_json.c — the libraries' facts (library.h) as JSON, both ways:
 * the one place that names the keys of a capability vector and a default
 * path. The writer gives back each library's facts as described; the
 * parser reads the typed parts, accepting absent fields and nulls and
 * refusing a wrong type with one line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/library.h"
#include "util/json.h"
#include "util/json_read.h"

/* Reads one member (name: v) of an object into item (zeroed); 0, or -1
 * with err. */
typedef int (*member_parser)(const char *name, const json_t *v, void *item, const char *where, cm_error *err);

/* Each member of the object o (NULL: none), in order, into *items (a
 * malloc'ed array of items of size each, one more than there are): *n
 * counts each item begun, so that the free functions free what a failure
 * left. 0, or -1 with err. */
static int members_parse(const json_t *o, size_t size, void **items, size_t *n, member_parser parse,
                         const char *where, cm_error *err)
{
    const char *name;
    const json_t *v;
    if (!(*items = calloc(json_object_size(o) + 1, size)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    json_object_foreach((json_t *)o, name, v)
        if (parse(name, v, (char *)*items + (*n)++ * size, where, err) != 0)
            return -1;
    return 0;
}

/* One feature bit of a capability vector: true or false. */
static int feature_parse(const char *name, const json_t *v, void *item, const char *where, cm_error *err)
{
    platform_lib_feature *f = item;
    if (!json_is_boolean(v))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: feature \"%s\" is not true or false", where, name);
    f->on = json_is_true(v);
    return (f->name = strdup(name)) ? 0 : cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
}

/* One algorithm of a default path: its engine, a string or null. */
static int choice_parse(const char *name, const json_t *v, void *item, const char *where, cm_error *err)
{
    platform_path_choice *c = item;
    if (!json_is_string(v) && !json_is_null(v))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: the engine of %s is not a string or null", where, name);
    c->algorithm = strdup(name);
    c->engine = cm_json_strdup(v);
    return !c->algorithm || (json_is_string(v) && !c->engine) ? cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory")
                                                              : 0;
}

/* The capability vector (o NULL: none). */
static int caps_parse(const json_t *o, platform_lib_caps *c, const char *where, cm_error *err)
{
    const json_t *feats;
    void *items = NULL;
    c->present = o != NULL;
    int rc = o && (cm_jr_string(o, "variable", 1, &c->variable, where, err) ||
                   cm_jr_string(o, "value", 1, &c->value, where, err) ||
                   cm_jr_string(o, "env", 1, &c->env, where, err) ||
                   cm_jr_string(o, "reason", 1, &c->reason, where, err) ||
                   cm_jr_container(o, "features", 'o', 1, &feats, where, err) ||
                   members_parse(feats, sizeof *c->features, &items, &c->n_features, feature_parse, where, err));
    c->features = items;
    return rc ? -1 : 0;
}

/* The default path (o NULL: none). */
static int path_parse(const json_t *o, platform_default_path *p, const char *where, cm_error *err)
{
    const json_t *algs;
    void *items = NULL;
    p->present = o != NULL;
    int rc = o && (cm_jr_string(o, "reason", 1, &p->reason, where, err) ||
                   cm_jr_container(o, "algorithms", 'o', 1, &algs, where, err) ||
                   members_parse(algs, sizeof *p->algorithms, &items, &p->n_algorithms, choice_parse, where, err));
    p->algorithms = items;
    return rc ? -1 : 0;
}

/* See library.h. */
int platform_library_from_json(const char *name, const json_t *o, platform_library *lib, cm_error *err)
{
    const json_t *caps, *path;
    char where[96];
    memset(lib, 0, sizeof *lib);
    snprintf(where, sizeof where, "backends.%s", name);
    if (!(lib->name = strdup(name)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    if (o && !json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is not an object", where);
    lib->facts = o ? json_incref((json_t *)o) : json_object();
    return cm_jr_string(o, "version", 1, &lib->version, where, err) ||
                   cm_jr_container(o, "capabilities", 'o', 1, &caps, where, err) ||
                   caps_parse(caps, &lib->caps, where, err) ||
                   cm_jr_container(o, "default_path", 'o', 1, &path, where, err) ||
                   path_parse(path, &lib->default_path, where, err)
               ? -1
               : 0;
}

/* See library.h. */
int platform_libraries_from_json(const json_t *o, platform_libraries *libs, cm_error *err)
{
    const char *name;
    const json_t *v;
    memset(libs, 0, sizeof *libs);
    if (o && !json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "backends is not an object");
    if (!(libs->items = calloc(json_object_size(o) + 1, sizeof *libs->items)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    json_object_foreach((json_t *)o, name, v)
        if (platform_library_from_json(name, v, &libs->items[libs->n++], err) != 0)
            return -1;
    return 0;
}

/* See library.h. */
json_t *platform_libraries_to_json(const platform_libraries *libs)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    for (size_t i = 0; i < libs->n && rc == 0; i++)
        rc |= cm_json_put(o, libs->items[i].name, json_incref(libs->items[i].facts));
    return cm_json_checked(o, rc);
}

/* See library.h. */
const platform_library *platform_library_find(const platform_libraries *libs, const char *name)
{
    for (size_t i = 0; i < libs->n; i++)
        if (strcmp(libs->items[i].name, name) == 0)
            return &libs->items[i];
    return NULL;
}

/* See library.h. */
const platform_lib_feature *platform_lib_feature_find(const platform_lib_caps *caps, const char *name)
{
    for (size_t i = 0; i < caps->n_features; i++)
        if (strcmp(caps->features[i].name, name) == 0)
            return &caps->features[i];
    return NULL;
}

/* See library.h. */
void platform_library_free(platform_library *lib)
{
    char *s[] = {lib->name, lib->version, lib->caps.variable, lib->caps.value, lib->caps.env, lib->caps.reason,
                 lib->default_path.reason};
    for (size_t i = 0; i < sizeof s / sizeof *s; i++)
        free(s[i]);
    for (size_t i = 0; i < lib->caps.n_features; i++)
        free(lib->caps.features[i].name);
    free(lib->caps.features);
    for (size_t i = 0; i < lib->default_path.n_algorithms; i++) {
        free(lib->default_path.algorithms[i].algorithm);
        free(lib->default_path.algorithms[i].engine);
    }
    free(lib->default_path.algorithms);
    json_decref(lib->facts);
    memset(lib, 0, sizeof *lib);
}

/* See library.h. */
void platform_libraries_free(platform_libraries *libs)
{
    for (size_t i = 0; libs->items && i < libs->n; i++)
        platform_library_free(&libs->items[i]);
    free(libs->items);
    memset(libs, 0, sizeof *libs);
}
