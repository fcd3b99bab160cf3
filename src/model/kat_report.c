/*
 * kat_report.c — the check report and its JSON form (see kat_report.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/kat_report.h"
#include "util/json.h"

/* ---- the report ------------------------------------------------------------ */

void cm_kat_report_init(cm_kat_report *rep)
{
    memset(rep, 0, sizeof *rep);
    rep->vectors = CM_CHECK_NONE;
    rep->cross = CM_CHECK_NONE;
}

/* See kat_report.h. */
int cm_kat_report_known(const cm_kat_report *rep)
{
    return rep->known_id[0] && cm_kat_report_status(rep) == CM_CHECK_FAILED;
}

/* See kat_report.h. */
const char *cm_check_status_name(cm_check_status s)
{
    switch (s) {
    case CM_CHECK_PASSED: return "passed";
    case CM_CHECK_FAILED: return "failed";
    default: return "none";
    }
}

/* See kat_report.h. */
cm_check_status cm_kat_report_status(const cm_kat_report *rep)
{
    if (rep->vectors == CM_CHECK_FAILED || rep->cross == CM_CHECK_FAILED)
        return CM_CHECK_FAILED;
    if (rep->vectors == CM_CHECK_PASSED || rep->cross == CM_CHECK_PASSED)
        return CM_CHECK_PASSED;
    return CM_CHECK_NONE;
}

/* Parses "passed"/"failed"/"none"; -1 for anything else. */
static int status_from_name(const char *s)
{
    if (!s)
        return -1;
    if (strcmp(s, "passed") == 0)
        return CM_CHECK_PASSED;
    if (strcmp(s, "failed") == 0)
        return CM_CHECK_FAILED;
    if (strcmp(s, "none") == 0)
        return CM_CHECK_NONE;
    return -1;
}

/* A JSON string, or null for an empty C string. */
static json_t *string_or_null(const char *s)
{
    return s[0] ? cm_json_string_lossy(s) : json_null();
}

/* The list in s, items separated by sep, as a JSON array of strings. */
static json_t *split_list(const char *s, const char *sep)
{
    json_t *arr = json_array();
    size_t sep_len = strlen(sep);
    while (arr && *s) {
        const char *end = strstr(s, sep);
        size_t n = end ? (size_t)(end - s) : strlen(s);
        if (json_array_append_new(arr, cm_json_stringn_lossy(s, n)) != 0) {
            json_decref(arr);
            return NULL;
        }
        s += n + (end ? sep_len : 0);
    }
    return arr;
}

/* The known finding of rep as JSON, or null when it has none. */
static json_t *known_json(const cm_kat_report *rep)
{
    if (!rep->known_id[0])
        return json_null();
    return json_pack("{s:o, s:o, s:b, s:s}", "id", cm_json_string_lossy(rep->known_id), "what",
                     cm_json_string_lossy(rep->known_what), "security", rep->known_security,
                     "timed", rep->known_inside ? "inside" : "outside");
}

/* See kat.h; every jansson return is checked, NULL on failure. */
json_t *cm_kat_report_json(const cm_kat_report *rep)
{
    json_t *root = json_object(), *vec = json_object(), *cross = json_object();
    int bad = !root || !vec || !cross;
    if (!bad) {
        bad |= cm_json_put(vec, "status", json_string(cm_check_status_name(rep->vectors)));
        bad |= cm_json_put(vec, "passed", json_integer(rep->passed));
        bad |= cm_json_put(vec, "failed", json_integer(rep->failed));
        bad |= cm_json_put(vec, "skipped", json_integer(rep->skipped));
        bad |= cm_json_put(vec, "skipped_cases", split_list(rep->skipped_cases, "\n"));
        bad |= cm_json_put(vec, "findings", json_integer(rep->findings));
        bad |= cm_json_put(vec, "finding_cases", split_list(rep->finding_cases, "\n"));
        bad |= cm_json_put(vec, "sources", split_list(rep->sources, ", "));
        bad |= cm_json_put(vec, "failure", string_or_null(rep->failure));
        bad |= cm_json_put(cross, "status", json_string(cm_check_status_name(rep->cross)));
        bad |= cm_json_put(cross, "peer", string_or_null(rep->cross_peer));
        bad |= cm_json_put(cross, "detail", cm_json_string_lossy(rep->cross_detail));
        bad |= cm_json_put(root, "status", json_string(cm_check_status_name(cm_kat_report_status(rep))));
        bad |= cm_json_put(root, "known_finding", known_json(rep));
        bad |= cm_json_put(root, "vectors", vec);
        vec = NULL;
        bad |= cm_json_put(root, "cross_check", cross);
        cross = NULL;
    }
    json_decref(vec);
    json_decref(cross);
    if (bad) {
        json_decref(root);
        return NULL;
    }
    return root;
}

/* Appends line to list (skipped_cases or finding_cases of a report, of
 * size bytes; newlines in line become spaces) if it fits whole. */
static void add_case_line(char *list, size_t size, const char *line)
{
    size_t used = strlen(list), n = strlen(line);
    if (used + (used ? 1 : 0) + n + 1 > size)
        return;
    char *p = list + used;
    if (used)
        *p++ = '\n';
    for (size_t i = 0; i <= n; i++)
        p[i] = line[i] == '\n' ? ' ' : line[i];
}

/* Copies the string member key of obj (or "" for null) into dst. */
static int copy_string(const json_t *obj, const char *key, char *dst, size_t dst_len)
{
    const json_t *v = json_object_get(obj, key);
    if (json_is_null(v)) {
        dst[0] = '\0';
        return 0;
    }
    if (!json_is_string(v))
        return -1;
    snprintf(dst, dst_len, "%s", json_string_value(v));
    return 0;
}

/* Reads the non-negative integer member key of obj into *out. */
static int copy_count(const json_t *obj, const char *key, unsigned *out)
{
    const json_t *v = json_object_get(obj, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return -1;
    *out = (unsigned)json_integer_value(v);
    return 0;
}

/* The optional "known_finding" of a report (absent or null: none) into rep.
 * 0, or -1 when it has another shape. */
static int known_from_json(const json_t *k, cm_kat_report *rep)
{
    const char *timed = json_string_value(json_object_get(k, "timed"));
    if (!k || json_is_null(k))
        return 0;
    if (!json_is_object(k) || !json_is_boolean(json_object_get(k, "security")) || !timed ||
        copy_string(k, "id", rep->known_id, sizeof rep->known_id) ||
        copy_string(k, "what", rep->known_what, sizeof rep->known_what) || !rep->known_id[0])
        return -1;
    rep->known_security = json_is_true(json_object_get(k, "security"));
    rep->known_inside = strcmp(timed, "inside") == 0;
    return 0;
}

/* See kat_report.h. */
int cm_kat_report_from_json(const json_t *j, cm_kat_report *rep)
{
    cm_kat_report_init(rep);
    const json_t *vec = json_object_get(j, "vectors");
    const json_t *cross = json_object_get(j, "cross_check");
    if (!json_is_object(vec) || !json_is_object(cross))
        return -1;
    int vs = status_from_name(json_string_value(json_object_get(vec, "status")));
    int cs = status_from_name(json_string_value(json_object_get(cross, "status")));
    if (vs < 0 || cs < 0)
        return -1;
    rep->vectors = (cm_check_status)vs;
    rep->cross = (cm_check_status)cs;
    if (copy_count(vec, "passed", &rep->passed) || copy_count(vec, "failed", &rep->failed) ||
        copy_count(vec, "skipped", &rep->skipped) ||
        copy_string(vec, "failure", rep->failure, sizeof rep->failure) ||
        copy_string(cross, "peer", rep->cross_peer, sizeof rep->cross_peer) ||
        copy_string(cross, "detail", rep->cross_detail, sizeof rep->cross_detail))
        return -1;
    const json_t *sources = json_object_get(vec, "sources");
    size_t i;
    const json_t *s;
    if (!json_is_array(sources))
        return -1;
    json_array_foreach(sources, i, s) {
        if (!json_is_string(s))
            return -1;
        kat_add_source(rep, json_string_value(s));
    }
    /* optional: absent from reports written before it existed */
    const json_t *skips = json_object_get(vec, "skipped_cases");
    if (skips && !json_is_array(skips))
        return -1;
    json_array_foreach(skips, i, s) {
        if (!json_is_string(s))
            return -1;
        add_case_line(rep->skipped_cases, sizeof rep->skipped_cases, json_string_value(s));
    }
    const json_t *found = json_object_get(vec, "finding_cases");
    if ((found && !json_is_array(found)) ||
        (json_object_get(vec, "findings") && copy_count(vec, "findings", &rep->findings)))
        return -1;
    json_array_foreach(found, i, s) {
        if (!json_is_string(s))
            return -1;
        add_case_line(rep->finding_cases, sizeof rep->finding_cases, json_string_value(s));
    }
    return known_from_json(json_object_get(j, "known_finding"), rep);
}

/* ---- helpers of kat_internal.h ---------------------------------------------- */

/* See kat_report.h. */
void kat_pass(cm_kat_report *rep)
{
    rep->passed++;
}

/* Counts one case in *count and adds its line, fmt with ap, to cases (of
 * size bytes). */
static void count_case(unsigned *count, char *cases, size_t size, const char *fmt, va_list ap)
{
    char line[384];
    vsnprintf(line, sizeof line, fmt, ap);
    (*count)++;
    add_case_line(cases, size, line);
}

/* See kat_report.h. */
void kat_skip(cm_kat_report *rep, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    count_case(&rep->skipped, rep->skipped_cases, sizeof rep->skipped_cases, fmt, ap);
    va_end(ap);
}

/* See kat_report.h. */
void kat_finding(cm_kat_report *rep, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    count_case(&rep->findings, rep->finding_cases, sizeof rep->finding_cases, fmt, ap);
    va_end(ap);
}

/* See kat_report.h. */
void kat_fail(cm_kat_report *rep, const char *fmt, ...)
{
    size_t used = strlen(rep->failed_ids), n = strlen(rep->case_at);
    if (n && used + n + 2 <= sizeof rep->failed_ids) {
        snprintf(rep->failed_ids + used, sizeof rep->failed_ids - used, "%s%s", used ? " " : "",
                 rep->case_at);
        rep->failed_named++;
    }
    if (rep->failed++ == 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(rep->failure, sizeof rep->failure, fmt, ap);
        va_end(ap);
    }
}

/* See kat_report.h. */
void kat_add_source(cm_kat_report *rep, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = rep->sources; (p = strstr(p, name)) != NULL; p += n)
        if ((p == rep->sources || p[-1] == ' ') && (p[n] == '\0' || p[n] == ','))
            return;
    size_t used = strlen(rep->sources);
    snprintf(rep->sources + used, sizeof rep->sources - used, "%s%s",
             used ? ", " : "", name);
}

/* See kat_report.h. */
void kat_settle_vectors(cm_kat_report *rep)
{
    rep->vectors = rep->failed ? CM_CHECK_FAILED
                   : rep->passed ? CM_CHECK_PASSED
                                 : CM_CHECK_NONE;
}
