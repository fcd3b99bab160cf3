/*
 * doc_fields.c — the one writer and the one reader of a table of fields
 * (doc_fields.h): each field's value as JSON from its member, and back.
 * Every jansson call that can fail is checked.
 */
#include <math.h>
#include <stdio.h>
#include <jansson.h>

#include "platform/cpu_doc.h"
#include "platform/doc_fields.h"
#include "util/json.h"
#include "util/json_read.h"

#define AT(base, f, type) ((type *)((char *)(base) + (f)->off))

/* A string as JSON, or null when empty. */
static json_t *str_or_null(const char *s)
{
    return s && s[0] ? cm_json_string_lossy(s) : json_null();
}

/* The value of field f of the struct at base (a cluster's for PF_F_SPREAD). */
static json_t *field_value(const pf_field *f, const void *base)
{
    const char *s = f->kind <= PF_F_OPT || f->kind == PF_F_OWNED ? *AT(base, f, const char *const) : NULL;
    double d = f->kind == PF_F_POS || f->kind == PF_F_SPREAD || f->kind == PF_F_NUM ? *AT(base, f, const double) : 0;
    switch (f->kind) {
    case PF_F_STR:
        return str_or_null(s);
    case PF_F_TEXT:
    case PF_F_OPT:
        return cm_json_string_lossy(s ? s : "");
    case PF_F_INT:
        return json_integer(*AT(base, f, const long long));
    case PF_F_POS:
        return d > 0 && !isnan(d) ? json_real(d) : json_null();
    case PF_F_BOOL:
    case PF_F_FLAG:
        return json_boolean(*AT(base, f, const int));
    case PF_F_TRI:
        return *AT(base, f, const int) < 0 ? json_null() : json_boolean(*AT(base, f, const int));
    case PF_F_MIDR:
        return str_or_null(AT(base, f, const char));
    case PF_F_SPREAD:
        return ((const platform_cluster_doc *)base)->measured_mhz > 0 ? json_real(d) : json_null();
    case PF_F_OWNED:
        return cm_jw_string(s);
    case PF_F_NUM:
        return cm_jw_number(d);
    }
    return NULL;
}

/* See doc_fields.h. */
int pf_fields_put(json_t *o, const pf_field *fs, size_t n, const void *base)
{
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        if (fs[i].kind != PF_F_OPT || *AT(base, &fs[i], const char *const))
            rc |= cm_json_put(o, fs[i].key, field_value(&fs[i], base));
    return rc;
}

/* An owned kind's value of o into the struct at base, by json_read.h; 0 or
 * -1 with err. */
static int parse_owned(const json_t *o, const pf_field *f, void *base, const char *where, cm_error *err)
{
    switch (f->kind) {
    case PF_F_OWNED:
        return cm_jr_string(o, f->key, 1, AT(base, f, char *), where, err);
    case PF_F_NUM:
        return cm_jr_number(o, f->key, 1, AT(base, f, double), where, err);
    default:
        return cm_jr_bool(o, f->key, 1, AT(base, f, int), where, err);
    }
}

/* The JSON type a field of kind k is read from, as a noun for messages;
 * *ok says whether v has it. */
static const char *expected(pf_field_kind k, const json_t *v, int *ok)
{
    switch (k) {
    case PF_F_INT:
        *ok = json_is_integer(v);
        return "an integer";
    case PF_F_POS:
    case PF_F_SPREAD:
        *ok = json_is_number(v);
        return "a number";
    case PF_F_BOOL:
    case PF_F_TRI:
        *ok = json_is_boolean(v);
        return "a boolean";
    default: /* the strings */
        *ok = json_is_string(v);
        return "a string";
    }
}

/* The value of field f of o (absent or null: the field's empty value)
 * into the struct at base; 0, or -1 with err naming where.key. */
static int parse_field(const json_t *o, const pf_field *f, void *base, const char *where, cm_error *err)
{
    if (f->kind >= PF_F_OWNED)
        return parse_owned(o, f, base, where, err);
    const json_t *v = json_object_get(o, f->key);
    int null = !v || json_is_null(v), ok = 1;
    const char *noun = expected(f->kind, v, &ok);
    if (!null && !ok)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s: not %s", where, f->key, noun);
    size_t midr_len = sizeof((platform_cluster_doc *)0)->midr;
    switch (f->kind) {
    case PF_F_INT:
        *AT(base, f, long long) = null ? 0 : json_integer_value(v);
        break;
    case PF_F_POS:
    case PF_F_SPREAD:
        *AT(base, f, double) = null ? 0 : json_number_value(v);
        break;
    case PF_F_BOOL:
    case PF_F_TRI:
        *AT(base, f, int) = null ? (f->kind == PF_F_TRI ? -1 : 0) : json_is_true(v);
        break;
    case PF_F_MIDR:
        if (!null && json_string_length(v) >= midr_len)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s.%s: too long for a MIDR", where, f->key);
        snprintf(AT(base, f, char), midr_len, "%s", null ? "" : json_string_value(v));
        break;
    default: /* the strings */
        *AT(base, f, const char *) = null ? NULL : json_string_value(v);
    }
    return 0;
}

/* See doc_fields.h. */
int pf_fields_parse(const json_t *o, const pf_field *fs, size_t n, void *base, const char *where, cm_error *err)
{
    for (size_t i = 0; i < n; i++)
        if (parse_field(o, &fs[i], base, where, err) != 0)
            return -1;
    return 0;
}
