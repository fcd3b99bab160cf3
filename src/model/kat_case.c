/*
 * kat_case.c — counting cases, hex fields, the fields of a case read for
 * its check, comparisons, a call's outcome, return-code names and the
 * progress hook (see kat_case.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/kat_case.h"

/* The value of one hex digit, or -1. */
static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* See kat_case.h. */
int kat_hex_field(const json_t *obj, const char *field, uint8_t **out,
                  size_t *len, char *why, size_t why_len)
{
    const json_t *v = json_object_get(obj, field);
    *out = NULL;
    *len = 0;
    if (!v) {
        snprintf(why, why_len, "field \"%s\" is missing", field);
        return -1;
    }
    if (!json_is_string(v)) {
        snprintf(why, why_len, "field \"%s\" is not a string", field);
        return -1;
    }
    const char *hex = json_string_value(v);
    size_t n = json_string_length(v);
    if (n % 2) {
        snprintf(why, why_len, "field \"%s\" has an odd number of hex digits (%zu)", field, n);
        return -1;
    }
    uint8_t *buf = malloc(n / 2 + 1);
    if (!buf) {
        snprintf(why, why_len, "out of memory decoding field \"%s\"", field);
        return -1;
    }
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hex_value(hex[2 * i]), lo = hex_value(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            snprintf(why, why_len, "field \"%s\" is not hex (character %zu)", field,
                     hi < 0 ? 2 * i : 2 * i + 1);
            free(buf);
            return -1;
        }
        buf[i] = (uint8_t)(hi << 4 | lo);
    }
    buf[n / 2] = 0;
    *out = buf;
    *len = n / 2;
    return 0;
}

/* See kat_case.h. */
int kat_expect(cm_kat_report *rep, const char *label, const char *what, const uint8_t *out,
               size_t out_len, const uint8_t *want, size_t want_len)
{
    if (out_len != want_len) {
        kat_fail(rep, "%s: %s is %zu bytes, expected %zu", label, what, out_len, want_len);
        return 0;
    }
    size_t at = kat_diff_at(out, want, out_len);
    if (at == out_len)
        return 1;
    kat_fail(rep, "%s: %s differs from the expected at byte %zu of %zu (0x%02x, expected 0x%02x)",
             label, what, at, out_len, out[at], want[at]);
    return 0;
}

/* See kat_case.h. */
int kat_call_ok(cm_kat_report *rep, const char *label, const char *call, cm_rc rc)
{
    if (rc == CM_ERR_UNSUPPORTED)
        kat_skip(rep, "%s: %s returned CM_ERR_UNSUPPORTED", label, call);
    else if (rc != CM_OK)
        kat_fail(rep, "%s: %s returned %s", label, call, kat_rc_name(rc));
    return rc == CM_OK;
}

static void fields_free(kat_fields *f)
{
    for (int i = 0; i < KAT_MAX_FIELDS; i++) {
        free(f->v[i]);
        f->v[i] = NULL;
    }
}

/* Reads into f the hex fields names lists (kat_fields_case): 0, or -1
 * with the first reason in why and nothing left to free. */
static int fields_read(kat_fields *f, const json_t *group, const json_t *test,
                       const char *const *names, char *why, size_t why_len)
{
    memset(f, 0, sizeof *f);
    for (int i = 0; names[i] && i < KAT_MAX_FIELDS; i++) {
        int of_group = strncmp(names[i], "group.", 6) == 0;
        if (kat_hex_field(of_group ? group : test, names[i] + (of_group ? 6 : 0), &f->v[i],
                          &f->n[i], why, why_len) != 0) {
            fields_free(f);
            return -1;
        }
    }
    return 0;
}

/* See kat_case.h. */
int kat_fields_case(const cm_wp_case *c, const char *const *names, kat_fields_fn fn,
                    cm_kat_report *rep, char *why, size_t why_len)
{
    kat_fields f;
    if (fields_read(&f, c->group, c->test, names, why, why_len) != 0)
        return -1;
    int rc = c->impl ? fn(c, &f, rep, why, why_len) : 0;
    fields_free(&f);
    return rc;
}

/* See kat_case.h. */
cm_rc kat_keyed_state(cm_rc (*create)(void **state, const struct cm_algorithm *alg),
                      cm_rc (*set_key)(void *state, const uint8_t *key, size_t len),
                      const struct cm_algorithm *alg, const uint8_t *key, size_t len,
                      void **state)
{
    *state = NULL;
    cm_rc rc = create(state, alg);
    return rc == CM_OK ? set_key(*state, key, len) : rc;
}

/* See kat_case.h. */
size_t kat_diff_at(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return i;
    return n;
}

/* See kat_case.h. */
const char *kat_rc_name(cm_rc rc)
{
    switch (rc) {
    case CM_OK: return "CM_OK";
    case CM_ERR_AUTH: return "CM_ERR_AUTH";
    case CM_ERR_UNSUPPORTED: return "CM_ERR_UNSUPPORTED";
    case CM_ERR_INVALID: return "CM_ERR_INVALID";
    case CM_ERR_LIBRARY: return "CM_ERR_LIBRARY";
    case CM_ERR_NOMEM: return "CM_ERR_NOMEM";
    default: return "an unknown return code";
    }
}

static cm_kat_progress_fn progress_fn;
static void *progress_ctx;

/* See kat_case.h. */
void cm_kat_set_progress(cm_kat_progress_fn fn, void *ctx)
{
    progress_fn = fn;
    progress_ctx = ctx;
}

/* See kat_case.h. */
void kat_progress(const char *fmt, ...)
{
    if (!progress_fn)
        return;
    char where[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(where, sizeof where, fmt, ap);
    va_end(ap);
    progress_fn(progress_ctx, where);
}
