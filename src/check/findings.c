/*
 * findings.c — matching a failed check against the known library
 * findings of data/library_findings.json (see findings.h). The table is
 * embedded in the binary (cmake/Embed.cmake) and parsed once per process.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check/findings.h"
#include "util/embedded_json.h"

#define TABLE_PATH "data/library_findings.json"

/* The parsed table (kept for the process), or NULL when missing. */
static json_t *table(void)
{
    return cm_embedded_json(TABLE_PATH);
}

/* See findings.h. */
int cm_version_cmp(const char *a, const char *b)
{
    while (*a && !isdigit((unsigned char)*a))
        a++;
    while (*b && !isdigit((unsigned char)*b))
        b++;
    for (int part = 0; part < 6; part++) {
        char *ea, *eb;
        unsigned long x = isdigit((unsigned char)*a) ? strtoul(a, &ea, 10) : (ea = (char *)a, 0);
        unsigned long y = isdigit((unsigned char)*b) ? strtoul(b, &eb, 10) : (eb = (char *)b, 0);
        if (x != y)
            return x < y ? -1 : 1;
        a = *ea == '.' ? ea + 1 : ea;
        b = *eb == '.' ? eb + 1 : eb;
    }
    return 0;
}

/* 1 when version lies in the finding's range: at or after versions.from,
 * before versions.fixed_in (null: no fixed version known). */
static int in_range(const json_t *f, const char *version)
{
    const json_t *v = json_object_get(f, "versions");
    const char *from = json_string_value(json_object_get(v, "from"));
    const char *fixed = json_string_value(json_object_get(v, "fixed_in"));
    return version && from && cm_version_cmp(version, from) >= 0 &&
           (!fixed || cm_version_cmp(version, fixed) < 0);
}

/* 1 when the case "file#tcId" is one of the finding's. */
static int lists_case(const json_t *f, const char *file_case)
{
    const char *file = json_string_value(json_object_get(f, "file"));
    const char *hash = strrchr(file_case, '#');
    size_t i;
    const json_t *id;
    if (!file || !hash || strlen(file) != (size_t)(hash - file_case) ||
        strncmp(file, file_case, strlen(file)) != 0)
        return 0;
    long long tc = strtoll(hash + 1, NULL, 10);
    json_array_foreach(json_object_get(f, "tcIds"), i, id)
        if (json_integer_value(id) == tc)
            return 1;
    return 0;
}

/* 1 when text holds words as a whole: not inside a longer number or word
 * ("0-byte message" is not in "1000-byte message"). */
static int holds_whole(const char *text, const char *words)
{
    size_t n = strlen(words);
    for (const char *p = strstr(text, words); p; p = strstr(p + 1, words))
        if ((p == text || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[n]))
            return 1;
    return 0;
}

/* 1 when every failure of rep is finding f's. */
static int explains(const json_t *f, const cm_kat_report *rep)
{
    const char *cross = json_string_value(json_object_get(f, "cross_check"));
    if (rep->cross == CM_CHECK_FAILED && (!cross || !holds_whole(rep->cross_detail, cross)))
        return 0;
    if (rep->failed_named != rep->failed)
        return 0;
    char ids[sizeof rep->failed_ids];
    snprintf(ids, sizeof ids, "%s", rep->failed_ids);
    char *save = NULL;
    for (char *tok = strtok_r(ids, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
        if (!lists_case(f, tok))
            return 0;
    return 1;
}

/* See findings.h. */
int cm_findings_match(const cm_backend *b, const cm_algorithm *alg, cm_kat_report *rep)
{
    const char *version = b->version ? b->version() : NULL;
    size_t i;
    const json_t *f;
    if (cm_kat_report_status(rep) != CM_CHECK_FAILED)
        return 0;
    json_array_foreach(json_object_get(table(), "findings"), i, f) {
        const char *backend = json_string_value(json_object_get(f, "backend"));
        const char *algorithm = json_string_value(json_object_get(f, "algorithm"));
        const char *id = json_string_value(json_object_get(f, "id"));
        const char *what = json_string_value(json_object_get(f, "what"));
        const char *timed = json_string_value(json_object_get(f, "timed"));
        if (!backend || !algorithm || !id || !what || !timed || strcmp(backend, b->name) != 0 ||
            strcmp(algorithm, alg->name) != 0 || !in_range(f, version) || !explains(f, rep))
            continue;
        snprintf(rep->known_id, sizeof rep->known_id, "%s", id);
        snprintf(rep->known_what, sizeof rep->known_what, "%s", what);
        rep->known_security = json_is_true(json_object_get(f, "security"));
        rep->known_inside = strcmp(timed, "outside") != 0;
        return 1;
    }
    return 0;
}
