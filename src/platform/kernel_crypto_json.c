/*
 * kernel_crypto_json.c — the one file that writes the kernel_crypto struct
 * (kernel_crypto.h) as JSON and reads it back: the keys, types and order of
 * docs/result-format.md's "kernel_crypto", field by field in both
 * directions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/kernel_crypto.h"
#include "util/json.h"
#include "util/json_read.h"

/* ------------------------------------------------------------------------
 * Writing
 * ---------------------------------------------------------------------- */

static json_t *string_or_null(const char *s)
{
    return s ? json_string(s) : json_null();
}

static json_t *bool_or_null(int v)
{
    return v < 0 ? json_null() : json_boolean(v);
}

static json_t *driver_json(const platform_kc_driver *d)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    rc |= cm_json_put(o, "driver", string_or_null(d->driver));
    rc |= cm_json_put(o, "module", string_or_null(d->module));
    rc |= cm_json_put(o, "priority", d->has_priority ? json_integer(d->priority) : json_null());
    rc |= cm_json_put(o, "type", string_or_null(d->type));
    rc |= cm_json_put(o, "selftest", string_or_null(d->selftest));
    rc |= cm_json_put(o, "class", string_or_null(d->klass));
    rc |= cm_json_put(o, "internal", json_boolean(d->internal));
    rc |= cm_json_put(o, "async", bool_or_null(d->async));
    rc |= cm_json_put(o, "selected", json_boolean(d->selected));
    rc |= cm_json_put(o, "what", string_or_null(d->what));
    rc |= cm_json_put(o, "af_alg_reachable", json_boolean(d->af_alg_reachable));
    rc |= cm_json_put(o, "af_alg_why", string_or_null(d->af_alg_why));
    rc |= cm_json_put(o, "af_alg_cpu_only_excludes", json_boolean(d->af_alg_cpu_only_excludes));
    return cm_json_checked(o, rc);
}

static json_t *algorithm_json(const platform_kc_algorithm *a)
{
    json_t *o = json_object(), *drivers = json_array();
    int rc = o && drivers ? 0 : -1;
    for (size_t i = 0; i < a->n_drivers && rc == 0; i++)
        rc |= json_array_append_new(drivers, driver_json(&a->drivers[i]));
    rc |= cm_json_put(o, "name", string_or_null(a->name));
    rc |= cm_json_put(o, "selected", string_or_null(a->selected));
    rc |= cm_json_put(o, "drivers", drivers);
    return cm_json_checked(o, rc);
}

static json_t *types_json(const platform_af_alg *af)
{
    json_t *types = json_object();
    int rc = types ? 0 : -1;
    for (size_t i = 0; i < af->n_types && rc == 0; i++) {
        const platform_af_alg_type *t = &af->types[i];
        json_t *o = json_object();
        rc |= o ? 0 : -1;
        rc |= cm_json_put(o, "algorithm", string_or_null(t->algorithm));
        rc |= cm_json_put(o, "available", json_boolean(t->available));
        if (t->reason)
            rc |= cm_json_put(o, "reason", json_string(t->reason));
        rc |= cm_json_put(types, t->name, o);
    }
    return cm_json_checked(types, rc);
}

/* See kernel_crypto.h. */
json_t *platform_af_alg_to_json(const platform_af_alg *af)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    rc |= cm_json_put(o, "available", bool_or_null(af->available));
    rc |= cm_json_put(o, "reason", string_or_null(af->reason));
    if (af->err_name)
        rc |= cm_json_put(o, "errno", json_string(af->err_name));
    if (af->has_types)
        rc |= cm_json_put(o, "types", types_json(af));
    if (af->state) {
        rc |= cm_json_put(o, "state", json_string(af->state));
        if (af->cpu_only >= 0)
            rc |= cm_json_put(o, "cpu_only", json_boolean(af->cpu_only));
        if (af->splice)
            rc |= cm_json_put(o, "splice", json_string(af->splice));
        rc |= cm_json_put(o, "kernel_release", string_or_null(af->kernel_release));
        rc |= cm_json_put(o, "evidence", cm_jw_strings(af->evidence, af->n_evidence));
        rc |= cm_json_put(o, "deprecation", string_or_null(af->deprecation));
    }
    return cm_json_checked(o, rc);
}

static json_t *hwrng_json(const platform_hwrng *h)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    rc |= cm_json_put(o, "current", string_or_null(h->current));
    rc |= cm_json_put(o, "available", cm_jw_strings(h->available, h->n_available));
    rc |= cm_json_put(o, "sysfs", json_boolean(h->sysfs));
    rc |= cm_json_put(o, "dev_hwrng", bool_or_null(h->dev_hwrng));
    if (h->has_quality)
        rc |= cm_json_put(o, "quality", json_integer(h->quality));
    return cm_json_checked(o, rc);
}

/* See kernel_crypto.h. */
json_t *platform_kcrypto_to_json(const platform_kcrypto *kc)
{
    json_t *o = json_object(), *algs = json_array();
    int rc = o && algs ? 0 : -1;
    for (size_t i = 0; i < kc->n_algorithms && rc == 0; i++)
        rc |= json_array_append_new(algs, algorithm_json(&kc->algorithms[i]));
    rc |= cm_json_put(o, "proc_crypto", json_boolean(kc->proc_crypto));
    rc |= cm_json_put(o, "algorithms", algs);
    rc |= cm_json_put(o, "af_alg", platform_af_alg_to_json(&kc->af_alg));
    rc |= cm_json_put(o, "dev_crypto", bool_or_null(kc->dev_crypto));
    rc |= cm_json_put(o, "hwrng", hwrng_json(&kc->hwrng));
    return cm_json_checked(o, rc);
}

/* ------------------------------------------------------------------------
 * Reading: absent and null read as absent; any other type is an error
 * naming where (at: the path of the object being read).
 * ---------------------------------------------------------------------- */

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "an integer";
    case JSON_REAL: return "a number";
    default: return "a boolean";
    }
}

/* The value at key of o, or NULL when absent or null; *bad when it is
 * there but fails is_type (err set). */
static const json_t *value_at(const json_t *o, const char *key, const char *at, int (*is_type)(const json_t *),
                              const char *want, int *bad, cm_error *err)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v))
        return NULL;
    if (!is_type(v)) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s is %s, not %s", at, key, type_name(v), want);
        *bad = 1;
        return NULL;
    }
    return v;
}

static int is_string(const json_t *v) { return json_is_string(v); }
static int is_bool(const json_t *v) { return json_is_boolean(v); }
static int is_integer(const json_t *v) { return json_is_integer(v); }
static int is_array(const json_t *v) { return json_is_array(v); }
static int is_object(const json_t *v) { return json_is_object(v); }

/* A string field: *out a malloc'ed copy or NULL. 0, or -1 (err). */
static int read_string(const json_t *o, const char *key, const char *at, char **out, cm_error *err)
{
    int bad = 0;
    const json_t *v = value_at(o, key, at, is_string, "a string", &bad, err);
    *out = v ? cm_json_strdup(v) : NULL;
    if (v && !*out)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading %s.%s", at, key);
    return bad ? -1 : 0;
}

/* A boolean field: 1 true, 0 false, absent (missing or null) for *out. */
static int read_bool(const json_t *o, const char *key, const char *at, int absent, int *out, cm_error *err)
{
    int bad = 0;
    const json_t *v = value_at(o, key, at, is_bool, "a boolean", &bad, err);
    *out = v ? json_is_true(v) : absent;
    return bad ? -1 : 0;
}

/* An array of strings: *out malloc'ed (NULL when empty), *n its length. */
static int read_strings(const json_t *o, const char *key, const char *at, char ***out, size_t *n, cm_error *err)
{
    int bad = 0;
    const json_t *a = value_at(o, key, at, is_array, "an array", &bad, err), *v;
    size_t i;
    *out = NULL;
    *n = 0;
    if (!a)
        return bad ? -1 : 0;
    if (json_array_size(a) && !(*out = calloc(json_array_size(a), sizeof **out)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading %s.%s", at, key);
    json_array_foreach(a, i, v) {
        if (!json_is_string(v))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s[%zu] is %s, not a string", at, key, i,
                                json_is_null(v) ? "null" : type_name(v));
        if (!((*out)[(*n)++] = cm_json_strdup(v)))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading %s.%s", at, key);
    }
    return 0;
}

static int driver_parse(const json_t *o, const char *at, platform_kc_driver *d, cm_error *err)
{
    int bad = 0;
    const json_t *prio = value_at(o, "priority", at, is_integer, "an integer", &bad, err);
    d->has_priority = prio != NULL;
    d->priority = prio ? (long long)json_integer_value(prio) : 0;
    return -(bad || read_string(o, "driver", at, &d->driver, err) || read_string(o, "module", at, &d->module, err) ||
             read_string(o, "type", at, &d->type, err) || read_string(o, "selftest", at, &d->selftest, err) ||
             read_string(o, "class", at, &d->klass, err) || read_string(o, "what", at, &d->what, err) ||
             read_string(o, "af_alg_why", at, &d->af_alg_why, err) ||
             read_bool(o, "internal", at, 0, &d->internal, err) || read_bool(o, "async", at, -1, &d->async, err) ||
             read_bool(o, "selected", at, 0, &d->selected, err) ||
             read_bool(o, "af_alg_reachable", at, 0, &d->af_alg_reachable, err) ||
             read_bool(o, "af_alg_cpu_only_excludes", at, 0, &d->af_alg_cpu_only_excludes, err));
}

/* A JSON array's elements as objects: each must be one. */
static int check_objects(const json_t *a, const char *what, cm_error *err)
{
    size_t i;
    const json_t *v;
    json_array_foreach(a, i, v)
        if (!json_is_object(v))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s[%zu] is %s, not an object", what, i,
                                json_is_null(v) ? "null" : type_name(v));
    return 0;
}

static int algorithm_parse(const json_t *o, const char *at, platform_kc_algorithm *a, cm_error *err)
{
    int bad = 0;
    char where[96];
    if (read_string(o, "name", at, &a->name, err) || read_string(o, "selected", at, &a->selected, err))
        return -1;
    if (!a->name)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.name is missing", at);
    const json_t *drivers = value_at(o, "drivers", at, is_array, "an array", &bad, err), *d;
    snprintf(where, sizeof where, "%s.drivers", at);
    if (bad || check_objects(drivers, where, err))
        return -1;
    size_t n = json_array_size(drivers), i;
    if (n && !(a->drivers = calloc(n, sizeof *a->drivers)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading %s", at);
    json_array_foreach(drivers, i, d) {
        snprintf(where, sizeof where, "%s.drivers[%zu]", at, i);
        a->n_drivers++;
        if (driver_parse(d, where, &a->drivers[i], err))
            return -1;
    }
    return 0;
}

static int types_parse(const json_t *types, platform_af_alg *af, cm_error *err)
{
    const char *name;
    const json_t *t;
    char where[64];
    if (json_object_size(types) && !(af->types = calloc(json_object_size(types), sizeof *af->types)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading kernel_crypto.af_alg.types");
    json_object_foreach((json_t *)types, name, t) {
        platform_af_alg_type *ty = &af->types[af->n_types++];
        snprintf(where, sizeof where, "kernel_crypto.af_alg.types.%.16s", name);
        if (!json_is_object(t))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s is %s, not an object", where,
                                json_is_null(t) ? "null" : type_name(t));
        if (!(ty->name = strdup(name)))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading %s", where);
        if (read_string(t, "algorithm", where, &ty->algorithm, err) || read_string(t, "reason", where, &ty->reason, err) ||
            read_bool(t, "available", where, 0, &ty->available, err))
            return -1;
    }
    return 0;
}

static int af_alg_parse(const json_t *kc, platform_af_alg *af, cm_error *err)
{
    static const char at[] = "kernel_crypto.af_alg";
    int bad = 0;
    const json_t *o = value_at(kc, "af_alg", "kernel_crypto", is_object, "an object", &bad, err);
    af->cpu_only = -1;
    if (bad || read_bool(o, "available", at, -1, &af->available, err) ||
        read_string(o, "reason", at, &af->reason, err) || read_string(o, "errno", at, &af->err_name, err) ||
        read_string(o, "state", at, &af->state, err) || read_bool(o, "cpu_only", at, -1, &af->cpu_only, err) ||
        read_string(o, "splice", at, &af->splice, err) ||
        read_string(o, "kernel_release", at, &af->kernel_release, err) ||
        read_strings(o, "evidence", at, &af->evidence, &af->n_evidence, err) ||
        read_string(o, "deprecation", at, &af->deprecation, err))
        return -1;
    const json_t *types = value_at(o, "types", at, is_object, "an object", &bad, err);
    af->has_types = types != NULL;
    return bad || types_parse(types, af, err) ? -1 : 0;
}

static int hwrng_parse(const json_t *kc, platform_hwrng *h, cm_error *err)
{
    static const char at[] = "kernel_crypto.hwrng";
    int bad = 0;
    const json_t *o = value_at(kc, "hwrng", "kernel_crypto", is_object, "an object", &bad, err);
    const json_t *q = value_at(o, "quality", at, is_integer, "an integer", &bad, err);
    h->has_quality = q != NULL;
    h->quality = q ? (long long)json_integer_value(q) : 0;
    return -(bad || read_string(o, "current", at, &h->current, err) ||
             read_strings(o, "available", at, &h->available, &h->n_available, err) ||
             read_bool(o, "sysfs", at, 0, &h->sysfs, err) || read_bool(o, "dev_hwrng", at, -1, &h->dev_hwrng, err));
}

static int algorithms_parse(const json_t *o, platform_kcrypto *kc, cm_error *err)
{
    int bad = 0;
    const json_t *algs = value_at(o, "algorithms", "kernel_crypto", is_array, "an array", &bad, err), *a;
    size_t i, n = json_array_size(algs);
    char where[64];
    if (bad || check_objects(algs, "kernel_crypto.algorithms", err))
        return -1;
    if (n && !(kc->algorithms = calloc(n, sizeof *kc->algorithms)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory reading kernel_crypto.algorithms");
    json_array_foreach(algs, i, a) {
        snprintf(where, sizeof where, "kernel_crypto.algorithms[%zu]", i);
        kc->n_algorithms++;
        if (algorithm_parse(a, where, &kc->algorithms[i], err))
            return -1;
    }
    return 0;
}

/* See kernel_crypto.h. */
int platform_kcrypto_from_json(const json_t *o, platform_kcrypto *kc, cm_error *err)
{
    memset(kc, 0, sizeof *kc);
    kc->af_alg.available = kc->af_alg.cpu_only = kc->dev_crypto = kc->hwrng.dev_hwrng = -1;
    if (o && !json_is_null(o) && !json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "kernel_crypto is %s, not an object", type_name(o));
    if (read_bool(o, "proc_crypto", "kernel_crypto", 0, &kc->proc_crypto, err) ||
        read_bool(o, "dev_crypto", "kernel_crypto", -1, &kc->dev_crypto, err) || algorithms_parse(o, kc, err) ||
        af_alg_parse(o, &kc->af_alg, err) || hwrng_parse(o, &kc->hwrng, err)) {
        platform_kcrypto_free(kc);
        return -1;
    }
    return 0;
}
