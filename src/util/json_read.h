/*
 * json_read.h — typed reads of one field of a JSON object, for the files
 * that parse a document into its C struct (the `*_json.c` files: the
 * probe document, the AES scores, the backends). Each read takes the
 * object, the key, whether the field may be absent or null, and `where`
 * (the part being read, for the message); it writes the value and returns
 * 0, or -1 with one clear line in err (CM_EXIT_ENVIRONMENT) when the field
 * has the wrong type or a required one is missing:
 * "probe document probes[2]: \"status\" is not a string".
 */
#ifndef CM_UTIL_JSON_READ_H
#define CM_UTIL_JSON_READ_H

#include <jansson.h>
#include "util/error.h"

/* A malloc'ed copy of the string at key; *out NULL when absent or null. */
int cm_jr_string(const json_t *o, const char *key, int optional, char **out, const char *where, cm_error *err);

/* The string at key copied into buf (len bytes, cut to fit); "" when
 * absent or null. */
int cm_jr_string_into(const json_t *o, const char *key, int optional, char *buf, size_t len,
                      const char *where, cm_error *err);

/* The number at key; *out NAN when absent or null. */
int cm_jr_number(const json_t *o, const char *key, int optional, double *out, const char *where, cm_error *err);

/* The integer at key; *out unchanged when absent or null. */
int cm_jr_int(const json_t *o, const char *key, int optional, long long *out, const char *where, cm_error *err);

/* The boolean at key; *out 0 when absent or null. */
int cm_jr_bool(const json_t *o, const char *key, int optional, int *out, const char *where, cm_error *err);

/* The array (type 'a') or object (type 'o') at key, borrowed; *out NULL
 * when absent or null. */
int cm_jr_container(const json_t *o, const char *key, char type, int optional, const json_t **out,
                    const char *where, cm_error *err);

/* A malloc'ed array of malloc'ed copies of the strings of array a (which
 * may be NULL: none); *n their count. */
int cm_jr_strings(const json_t *a, char ***out, size_t *n, const char *where, cm_error *err);

/* Frees what cm_jr_strings made. */
void cm_jr_strings_free(char **v, size_t n);

/* A JSON string of s, or null when s is NULL. NULL only when out of memory. */
json_t *cm_jw_string(const char *s);

/* A JSON array of the n strings of v. NULL only when out of memory. */
json_t *cm_jw_strings(char *const *v, size_t n);

/* A JSON real of v, or null when v is NAN. */
json_t *cm_jw_number(double v);

#endif
