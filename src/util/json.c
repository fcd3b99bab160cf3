/* json.c — see json.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/json.h"

json_t *cm_json_checked(json_t *o, int rc)
{
    if (rc == 0 && o)
        return o;
    json_decref(o);
    return NULL;
}

/* The length of the well-formed UTF-8 sequence at s[0..n) (RFC 3629: no
 * overlong forms, no surrogates, at most U+10FFFF), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n)
{
    size_t len = s[0] < 0x80 ? 1 : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
               : s[0] >= 0xe0 && s[0] <= 0xef ? 3 : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (len == 0 || len > n)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] > 0x9f) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] > 0x8f))
        return 0;
    return len;
}

void cm_utf8_scrub(char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t len = utf8_sequence((const unsigned char *)s + i, n - i);
        if (len == 0)
            s[i++] = '?';
        else
            i += len;
    }
}

json_t *cm_json_stringn_lossy(const char *s, size_t n)
{
    json_t *j = json_stringn(s, n);
    if (j)
        return j;
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    for (size_t i = 0; i < n; i++)
        copy[i] = s[i] == '\0' ? '?' : s[i];
    cm_utf8_scrub(copy, n);
    copy[n] = '\0';
    j = json_stringn(copy, n);
    free(copy);
    return j;
}

json_t *cm_json_string_lossy(const char *s)
{
    return cm_json_stringn_lossy(s, strlen(s));
}

int cm_json_put(json_t *obj, const char *key, json_t *value)
{
    return value && json_object_set_new(obj, key, value) == 0 ? 0 : -1;
}

char *cm_json_strdup(const json_t *s)
{
    const char *v = json_string_value(s);
    return v ? strdup(v) : NULL;
}

/* See json.h. */
double cm_json_real_as_written(double x)
{
    char text[64];
    if (!isfinite(x))
        return x;
    snprintf(text, sizeof text, "%.*g", CM_JSON_REAL_DIGITS, x);
    return strtod(text, NULL);
}
