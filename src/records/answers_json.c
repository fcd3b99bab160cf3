/*
 * answers_json.c — the "answers" object of a result document, both ways
 * (answers.h; the schema's "answers", docs/result-format.md): written from
 * cm_answers by the run, parsed back into it by `show` (absent fields and
 * nulls accepted, a wrong type refused with one line naming the field).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "records/answers.h"
#include "util/json.h"
#include "util/json_read.h"

/* ---- writing ---- */

static json_t *names(const char (*v)[CM_ANSWER_NAME], size_t n)
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++)
        if (json_array_append_new(a, cm_json_string_lossy(v[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

static json_t *accel_json(const cm_answer_accel *x)
{
    return json_pack("{s:s, s:s, s:o, s:o, s:o}", "feature", x->feature, "offered_by",
                     x->offered_by, "used_by", names(x->used_by, x->n_used), "not_used_by",
                     names(x->not_used_by, x->n_not), "text", cm_json_string_lossy(x->text));
}

static json_t *fastest_json(const cm_answer_fastest *f)
{
    int two = f->runner_up[0] != 0;
    json_t *ci = two ? json_pack("[f, f]", f->margin_lo, f->margin_hi) : json_null();
    return json_pack("{s:s, s:o, s:s, s:s, s:f, s:o, s:o, s:o, s:o, s:b, s:o}", "operation",
                     f->operation, "size", f->size ? json_integer((json_int_t)f->size) : json_null(),
                     "unit", f->unit, "winner", f->winner, "winner_value", f->winner_value,
                     "runner_up", two ? json_string(f->runner_up) : json_null(), "runner_up_value",
                     cm_jw_number(two ? f->runner_up_value : NAN), "margin",
                     cm_jw_number(two ? f->margin : NAN), "margin_ci", ci, "clear", f->clear,
                     "text", cm_json_string_lossy(f->text));
}

static json_t *finding_json(const cm_answer_finding *f)
{
    return json_pack("{s:s, s:o, s:o, s:b, s:o}", "kind", f->kind, "implementation",
                     cm_json_string_lossy(f->implementation), "finding",
                     f->id[0] ? json_string(f->id) : json_null(), "security_relevant",
                     f->security_relevant, "text", cm_json_string_lossy(f->text));
}

static json_t *trust_json(const cm_answer_trust *t)
{
    json_t *flags = json_array();
    for (size_t i = 0; flags && i < t->n_flags; i++)
        if (json_array_append_new(flags, json_string(t->flags[i])) != 0) {
            json_decref(flags);
            flags = NULL;
        }
    return json_pack("{s:b, s:o, s:o}", "quotable", t->quotable, "text",
                     cm_json_string_lossy(t->text), "flags", flags);
}

const char *const cm_dmc_verdicts[4] = {"no-clear-difference", "faster", "slower", "not-compared"};

/* A positive size, or null. */
static json_t *size_or_null(size_t v)
{
    return v ? json_integer((json_int_t)v) : json_null();
}

static json_t *nonempty(const char *s)
{
    return s[0] ? json_string(s) : json_null();
}

static json_t *dmcrypt_json(const cm_answer_dmcrypt *d)
{
    int compared = d->verdict != CM_DMC_NOT_COMPARED;
    return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:s, s:o, s:o, s:o, s:o, s:o}",
                     "cipher", cm_json_string_lossy(d->cipher), "served_by", cm_json_string_lossy(d->served_by),
                     "driver_class", nonempty(d->driver_class), "generic", nonempty(d->generic),
                     "af_alg_reachable", d->af_alg < 0 ? json_null() : json_boolean(d->af_alg),
                     "af_alg_why", nonempty(d->af_alg_why), "io_size", size_or_null(d->io_size),
                     "mb_per_s", cm_jw_number(d->mb_s > 0 ? d->mb_s : NAN),
                     "generic_mb_per_s", cm_jw_number(d->generic_mb_s > 0 ? d->generic_mb_s : NAN),
                     "linear_mb_per_s", cm_jw_number(d->linear_mb_s > 0 ? d->linear_mb_s : NAN),
                     "ratio_range", compared ? json_pack("[f, f]", d->ratio_lo, d->ratio_hi) : json_null(),
                     "verdict", cm_dmc_verdicts[d->verdict], "pays_off_from_io_size", size_or_null(d->pays_from_io),
                     "pays_off_from_sector_size", size_or_null(d->pays_from_sector),
                     "cpu_s_per_gb_saved", cm_jw_number(d->cpu_s_per_gb_saved), "cpu_saved_range",
                     isnan(d->cpu_s_per_gb_saved) ? json_null() : json_pack("[f, f]", d->cpu_saved_lo, d->cpu_saved_hi),
                     "text", cm_json_string_lossy(d->text));
}

/* Appends each(items + i * size) for i < n to a new array. */
static json_t *array_of(const void *items, size_t n, size_t size, json_t *(*each)(const void *))
{
    json_t *a = json_array();
    for (size_t i = 0; a && i < n; i++) {
        json_t *o = each((const char *)items + i * size);
        if (!o || json_array_append_new(a, o) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

static json_t *accel_any(const void *p) { return accel_json(p); }
static json_t *fastest_any(const void *p) { return fastest_json(p); }
static json_t *finding_any(const void *p) { return finding_json(p); }
static json_t *dmcrypt_any(const void *p) { return dmcrypt_json(p); }

json_t *cm_answers_to_json(const cm_answers *a)
{
    json_t *lines = json_array();
    for (size_t i = 0; lines && i < a->n_lines; i++)
        if (json_array_append_new(lines, cm_json_string_lossy(a->lines[i])) != 0) {
            json_decref(lines);
            lines = NULL;
        }
    json_t *o = json_pack("{s:o, s:o, s:o, s:o, s:o}", "acceleration",
                          array_of(a->accel, a->n_accel, sizeof a->accel[0], accel_any), "fastest",
                          array_of(a->fastest, a->n_fastest, sizeof a->fastest[0], fastest_any),
                          "findings", array_of(a->findings, a->n_findings, sizeof a->findings[0], finding_any),
                          "trust", trust_json(&a->trust), "lines", lines);
    /* a dmcrypt document's ciphers: only there */
    if (o && a->n_dmcrypt &&
        json_object_set_new(o, "dmcrypt", array_of(a->dmcrypt, a->n_dmcrypt, sizeof a->dmcrypt[0], dmcrypt_any)) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* ---- parsing ---- */

/* The string at key copied into buf (len bytes; "" when absent or null). */
static int str_into(const json_t *o, const char *key, char *buf, size_t len, const char *where,
                    cm_error *err)
{
    char *s;
    if (cm_jr_string(o, key, 1, &s, where, err) != 0)
        return -1;
    snprintf(buf, len, "%s", s ? s : "");
    free(s);
    return 0;
}

/* The strings of the array at key into v (at most max; *n their count). */
static int names_into(const json_t *o, const char *key, char (*v)[CM_ANSWER_NAME], size_t max,
                      size_t *n, const char *where, cm_error *err)
{
    const json_t *arr = NULL;
    char **s = NULL;
    size_t k = 0;
    if (cm_jr_container(o, key, 'a', 1, &arr, where, err) != 0 ||
        cm_jr_strings(arr, &s, &k, where, err) != 0)
        return -1;
    for (*n = 0; *n < k && *n < max; (*n)++)
        snprintf(v[*n], CM_ANSWER_NAME, "%s", s[*n]);
    cm_jr_strings_free(s, k);
    return 0;
}

static int accel_from(const json_t *o, cm_answer_accel *x, const char *where, cm_error *err)
{
    return str_into(o, "feature", x->feature, sizeof x->feature, where, err) ||
           str_into(o, "offered_by", x->offered_by, sizeof x->offered_by, where, err) ||
           names_into(o, "used_by", x->used_by, CM_ANSWER_MAX_IMPLS, &x->n_used, where, err) ||
           names_into(o, "not_used_by", x->not_used_by, CM_ANSWER_MAX_IMPLS, &x->n_not, where, err) ||
           str_into(o, "text", x->text, sizeof x->text, where, err) ? -1 : 0;
}

static int fastest_from(const json_t *o, cm_answer_fastest *f, const char *where, cm_error *err)
{
    long long size = 0;
    const json_t *ci = NULL;
    int rc = str_into(o, "operation", f->operation, sizeof f->operation, where, err) ||
             cm_jr_int(o, "size", 1, &size, where, err) ||
             str_into(o, "unit", f->unit, sizeof f->unit, where, err) ||
             str_into(o, "winner", f->winner, sizeof f->winner, where, err) ||
             cm_jr_number(o, "winner_value", 1, &f->winner_value, where, err) ||
             str_into(o, "runner_up", f->runner_up, sizeof f->runner_up, where, err) ||
             cm_jr_number(o, "runner_up_value", 1, &f->runner_up_value, where, err) ||
             cm_jr_number(o, "margin", 1, &f->margin, where, err) ||
             cm_jr_container(o, "margin_ci", 'a', 1, &ci, where, err) ||
             cm_jr_bool(o, "clear", 1, &f->clear, where, err) ||
             str_into(o, "text", f->text, sizeof f->text, where, err);
    f->size = size > 0 ? (size_t)size : 0;
    f->margin_lo = ci ? json_number_value(json_array_get(ci, 0)) : NAN;
    f->margin_hi = ci ? json_number_value(json_array_get(ci, 1)) : NAN;
    return rc ? -1 : 0;
}

static int finding_from(const json_t *o, cm_answer_finding *f, const char *where, cm_error *err)
{
    return str_into(o, "kind", f->kind, sizeof f->kind, where, err) ||
           str_into(o, "implementation", f->implementation, sizeof f->implementation, where, err) ||
           str_into(o, "finding", f->id, sizeof f->id, where, err) ||
           cm_jr_bool(o, "security_relevant", 1, &f->security_relevant, where, err) ||
           str_into(o, "text", f->text, sizeof f->text, where, err) ? -1 : 0;
}

static int dmcrypt_from(const json_t *o, cm_answer_dmcrypt *d, const char *where, cm_error *err)
{
    long long io = 0, pio = 0, psec = 0;
    int reach = 0;
    const json_t *range = NULL, *cpu = NULL, *reach_o = json_object_get(o, "af_alg_reachable");
    char verdict[32];
    int rc = str_into(o, "cipher", d->cipher, sizeof d->cipher, where, err) ||
             str_into(o, "served_by", d->served_by, sizeof d->served_by, where, err) ||
             str_into(o, "driver_class", d->driver_class, sizeof d->driver_class, where, err) ||
             str_into(o, "generic", d->generic, sizeof d->generic, where, err) ||
             cm_jr_bool(o, "af_alg_reachable", 1, &reach, where, err) ||
             str_into(o, "af_alg_why", d->af_alg_why, sizeof d->af_alg_why, where, err) ||
             cm_jr_int(o, "io_size", 1, &io, where, err) || cm_jr_number(o, "mb_per_s", 1, &d->mb_s, where, err) ||
             cm_jr_number(o, "generic_mb_per_s", 1, &d->generic_mb_s, where, err) ||
             cm_jr_number(o, "linear_mb_per_s", 1, &d->linear_mb_s, where, err) ||
             cm_jr_container(o, "ratio_range", 'a', 1, &range, where, err) ||
             str_into(o, "verdict", verdict, sizeof verdict, where, err) ||
             cm_jr_int(o, "pays_off_from_io_size", 1, &pio, where, err) ||
             cm_jr_int(o, "pays_off_from_sector_size", 1, &psec, where, err) ||
             cm_jr_number(o, "cpu_s_per_gb_saved", 1, &d->cpu_s_per_gb_saved, where, err) ||
             cm_jr_container(o, "cpu_saved_range", 'a', 1, &cpu, where, err) ||
             str_into(o, "text", d->text, sizeof d->text, where, err);
    d->af_alg = json_is_boolean(reach_o) ? reach : -1;
    d->io_size = io > 0 ? (size_t)io : 0;
    d->pays_from_io = pio > 0 ? (size_t)pio : 0;
    d->pays_from_sector = psec > 0 ? (unsigned)psec : 0;
    d->ratio_lo = range ? json_number_value(json_array_get(range, 0)) : NAN;
    d->ratio_hi = range ? json_number_value(json_array_get(range, 1)) : NAN;
    d->cpu_saved_lo = cpu ? json_number_value(json_array_get(cpu, 0)) : NAN;
    d->cpu_saved_hi = cpu ? json_number_value(json_array_get(cpu, 1)) : NAN;
    d->verdict = CM_DMC_NOT_COMPARED;
    for (int v = 0; v < 4; v++)
        if (!strcmp(verdict, cm_dmc_verdicts[v]))
            d->verdict = v;
    return rc ? -1 : 0;
}

/* Each object of the array at key, parsed into items (at most max). */
static int each_from(const json_t *o, const char *key, void *items, size_t size, size_t max,
                     size_t *n, int (*parse)(const json_t *, void *, const char *, cm_error *),
                     cm_error *err)
{
    const json_t *arr, *v;
    char where[64];
    size_t i;
    if (cm_jr_container(o, key, 'a', 1, &arr, "answers", err) != 0)
        return -1;
    *n = 0;
    json_array_foreach(arr, i, v) {
        snprintf(where, sizeof where, "answers %s[%zu]", key, i);
        if (!json_is_object(v))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
        if (*n < max && parse(v, (char *)items + *n * size, where, err) != 0)
            return -1;
        *n += *n < max;
    }
    return 0;
}

static int accel_p(const json_t *o, void *x, const char *w, cm_error *e) { return accel_from(o, x, w, e); }
static int fastest_p(const json_t *o, void *x, const char *w, cm_error *e) { return fastest_from(o, x, w, e); }
static int finding_p(const json_t *o, void *x, const char *w, cm_error *e) { return finding_from(o, x, w, e); }
static int dmcrypt_p(const json_t *o, void *x, const char *w, cm_error *e) { return dmcrypt_from(o, x, w, e); }

int cm_answers_from_json(const json_t *o, cm_answers *a, cm_error *err)
{
    const json_t *trust = NULL;
    char **lines = NULL;
    size_t n_lines = 0;
    memset(a, 0, sizeof *a);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "\"answers\" is not an object");
    char (*flags)[CM_ANSWER_NAME] = calloc(CM_ANSWER_MAX_FLAGS, CM_ANSWER_NAME);
    const json_t *arr = NULL;
    int rc = !flags ||
             each_from(o, "acceleration", a->accel, sizeof a->accel[0], CM_ANSWER_MAX_ACCEL,
                       &a->n_accel, accel_p, err) ||
             each_from(o, "fastest", a->fastest, sizeof a->fastest[0], CM_ANSWER_MAX_FASTEST,
                       &a->n_fastest, fastest_p, err) ||
             each_from(o, "findings", a->findings, sizeof a->findings[0], CM_ANSWER_MAX_FINDINGS,
                       &a->n_findings, finding_p, err) ||
             each_from(o, "dmcrypt", a->dmcrypt, sizeof a->dmcrypt[0], CM_ANSWER_MAX_DMCRYPT,
                       &a->n_dmcrypt, dmcrypt_p, err) ||
             cm_jr_container(o, "trust", 'o', 1, &trust, "answers", err) ||
             (trust && (cm_jr_bool(trust, "quotable", 1, &a->trust.quotable, "answers trust", err) ||
                        str_into(trust, "text", a->trust.text, sizeof a->trust.text, "answers trust", err) ||
                        names_into(trust, "flags", flags, CM_ANSWER_MAX_FLAGS, &a->trust.n_flags,
                                   "answers trust", err))) ||
             cm_jr_container(o, "lines", 'a', 1, &arr, "answers", err) ||
             cm_jr_strings(arr, &lines, &n_lines, "answers lines", err);
    for (size_t i = 0; flags && i < a->trust.n_flags; i++)
        snprintf(a->trust.flags[i], sizeof a->trust.flags[0], "%s", flags[i]);
    for (a->n_lines = 0; a->n_lines < n_lines && a->n_lines < CM_ANSWER_MAX_LINES; a->n_lines++)
        snprintf(a->lines[a->n_lines], CM_TEXT_COLUMNS + 1, "%s", lines[a->n_lines]);
    cm_jr_strings_free(lines, n_lines);
    free(flags);
    return rc ? (flags ? -1 : cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory")) : 0;
}

const json_t *cm_answers_of_document(const json_t *doc)
{
    return json_object_get(doc, "answers");
}

int cm_answers_print_document(FILE *out, const json_t *doc)
{
    const json_t *o = cm_answers_of_document(doc);
    cm_error err = {0};
    if (!o) {
        fprintf(out, "Answers: no answers in this document (written before run wrote them).\n");
        return 0;
    }
    cm_answers *a = malloc(sizeof *a);
    if (!a || cm_answers_from_json(o, a, &err) != 0) {
        fprintf(out, "Answers: unreadable (%s).\n", a ? err.msg : "out of memory");
        free(a);
        return -1;
    }
    cm_answers_print(out, a);
    free(a);
    return 0;
}
