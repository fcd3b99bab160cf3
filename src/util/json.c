/* json.c — see json.h. */
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

json_t *cm_json_stringn_lossy(const char *s, size_t n)
{
    json_t *j = json_stringn(s, n);
    if (j)
        return j;
    char *copy = malloc(n + 1);
    if (!copy)
        return NULL;
    for (size_t i = 0; i < n; i++)
        copy[i] = (unsigned char)s[i] >= 0x80 || s[i] == '\0' ? '?' : s[i];
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
