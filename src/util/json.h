/*
 * json.h — the one convention for building JSON with jansson: every call
 * that can fail (json_object_set_new, json_array_append_new, json_pack, a
 * constructor) has its result or'ed into an int rc (0 or -1; the *_new
 * calls steal their value even when they fail, and fail on a NULL value,
 * so a failed constructor inside them is caught too), and the builder ends
 * with cm_json_checked(). Out of memory is then an error value (NULL),
 * never a silently shorter document.
 */
#ifndef CM_UTIL_JSON_H
#define CM_UTIL_JSON_H

#include <jansson.h>

/* o when rc is 0 and o is not NULL; otherwise frees o and returns NULL. */
json_t *cm_json_checked(json_t *o, int rc);

/* Makes the n bytes at s valid UTF-8 in place: each byte that is not part
 * of a well-formed UTF-8 sequence (a host name or a /proc line in another
 * encoding, a message cut inside a character) becomes '?'; the length is
 * kept. The one rule for bytes read from the system or a file on their way
 * to a document (docs/security.md). */
void cm_utf8_scrub(char *s, size_t n);

/* A JSON string of the n bytes at s, cm_utf8_scrub'ed (and NULs made '?')
 * when they are not valid UTF-8. NULL only when out of memory. */
json_t *cm_json_stringn_lossy(const char *s, size_t n);

/* cm_json_stringn_lossy of a C string. */
json_t *cm_json_string_lossy(const char *s);

/* A malloc'ed copy of the JSON string s, or NULL when s is no string. */
char *cm_json_strdup(const json_t *s);

/* Significant digits of a real in the documents the tool writes
 * (cm_json_text); a figure whose text the document must reproduce is kept
 * as written (cm_json_real_as_written). */
#define CM_JSON_REAL_DIGITS 10

/* x as a document holds it: rounded to CM_JSON_REAL_DIGITS significant
 * digits, so that what run prints from memory and what show prints from
 * the file are the same (a bound of 0.37499999999 cycles per byte printed
 * "0.37" by run and "0.38" by show, from the file's 0.375). */
double cm_json_real_as_written(double x);

/* Adds key: value to obj, stealing value; -1 if value is NULL or the set
 * fails, else 0 (to be or'ed into rc). */
int cm_json_put(json_t *obj, const char *key, json_t *value);

#endif
