/*
 * json_read.c — typed reads of a JSON object's fields for the document
 * parsers (json_read.h), and the two writers of their nullable values.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/json_read.h"

/* The value at key, NULL when absent or null; -1 with err when it is
 * missing and required. */
static int field(const json_t *o, const char *key, int optional, const json_t **v, const char *where,
                 cm_error *err)
{
    *v = json_is_object(o) ? json_object_get(o, key) : NULL;
    if (json_is_null(*v))
        *v = NULL;
    if (!*v && !optional)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: \"%s\" is missing", where, key);
    return 0;
}

/* -1 with err: the field at key is not what. */
static int wrong(const char *key, const char *what, const char *where, cm_error *err)
{
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: \"%s\" is not %s", where, key, what);
}

/* See json_read.h. */
int cm_jr_string(const json_t *o, const char *key, int optional, char **out, const char *where, cm_error *err)
{
    const json_t *v;
    *out = NULL;
    if (field(o, key, optional, &v, where, err) != 0)
        return -1;
    if (v && !json_is_string(v))
        return wrong(key, "a string", where, err);
    if (v && !(*out = cm_json_strdup(v)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return 0;
}

/* See json_read.h. */
int cm_jr_string_into(const json_t *o, const char *key, int optional, char *buf, size_t len,
                      const char *where, cm_error *err)
{
    char *s = NULL;
    if (cm_jr_string(o, key, optional, &s, where, err) != 0)
        return -1;
    snprintf(buf, len, "%s", s ? s : "");
    free(s);
    return 0;
}

/* See json_read.h. */
int cm_jr_number(const json_t *o, const char *key, int optional, double *out, const char *where, cm_error *err)
{
    const json_t *v;
    *out = NAN;
    if (field(o, key, optional, &v, where, err) != 0)
        return -1;
    if (v && !json_is_number(v))
        return wrong(key, "a number", where, err);
    if (v)
        *out = json_number_value(v);
    return 0;
}

/* See json_read.h. */
int cm_jr_int(const json_t *o, const char *key, int optional, long long *out, const char *where, cm_error *err)
{
    const json_t *v;
    if (field(o, key, optional, &v, where, err) != 0)
        return -1;
    if (v && !json_is_integer(v))
        return wrong(key, "an integer", where, err);
    if (v)
        *out = (long long)json_integer_value(v);
    return 0;
}

/* See json_read.h. */
int cm_jr_bool(const json_t *o, const char *key, int optional, int *out, const char *where, cm_error *err)
{
    const json_t *v;
    *out = 0;
    if (field(o, key, optional, &v, where, err) != 0)
        return -1;
    if (v && !json_is_boolean(v))
        return wrong(key, "true or false", where, err);
    *out = json_is_true(v);
    return 0;
}

/* See json_read.h. */
int cm_jr_container(const json_t *o, const char *key, char type, int optional, const json_t **out,
                    const char *where, cm_error *err)
{
    if (field(o, key, optional, out, where, err) != 0)
        return -1;
    if (*out && type == 'a' && !json_is_array(*out))
        return wrong(key, "an array", where, err);
    if (*out && type == 'o' && !json_is_object(*out))
        return wrong(key, "an object", where, err);
    return 0;
}

/* See json_read.h. */
int cm_jr_strings(const json_t *a, char ***out, size_t *n, const char *where, cm_error *err)
{
    size_t i, count = json_array_size(a);
    const json_t *v;
    *out = calloc(count ? count : 1, sizeof **out);
    *n = 0;
    if (!*out)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    json_array_foreach(a, i, v) {
        if (!json_is_string(v))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: item %zu is not a string", where, i);
        if (!((*out)[i] = cm_json_strdup(v)))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
        *n = i + 1;
    }
    return 0;
}

/* See json_read.h. */
void cm_jr_strings_free(char **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

/* See json_read.h. */
json_t *cm_jw_string(const char *s)
{
    return s ? json_string(s) : json_null();
}

/* See json_read.h. */
json_t *cm_jw_strings(char *const *v, size_t n)
{
    json_t *a = json_array();
    int rc = a ? 0 : -1;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc |= json_array_append_new(a, json_string(v[i]));
    return cm_json_checked(a, rc);
}

/* See json_read.h. */
json_t *cm_jw_number(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}
