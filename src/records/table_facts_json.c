/*
 * table_facts_json.c — the one file that reads what run's table shows
 * around the records (table_facts.h) from a result document: settings,
 * context (cpu, libraries, health) and analysis (emulation, aes_score).
 * Leniently, as the table has always read them: a part that is absent or
 * of another type is shown as unknown; only the health flags, parsed by
 * their own parser (platform/flags.h), say why they are not shown.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "records/table_facts.h"
#include "util/json.h"

/* A member of obj at path "a.b" (NULL when absent). */
static const json_t *field(const json_t *obj, const char *path)
{
    char key[64];
    const char *dot;
    while ((dot = strchr(path, '.')) != NULL && obj) {
        snprintf(key, sizeof key, "%.*s", (int)(dot - path), path);
        obj = json_object_get(obj, key);
        path = dot + 1;
    }
    return obj ? json_object_get(obj, path) : NULL;
}

/* A copy of the string at key of o (NULL when it is not a string); *rc -1
 * when out of memory. */
static char *string_at(const json_t *o, const char *key, int *rc)
{
    const char *s = json_string_value(json_object_get(o, key));
    char *copy = s ? strdup(s) : NULL;
    if (s && !copy)
        *rc = -1;
    return copy;
}

/* The number at key of o, or NAN. */
static double number_at(const json_t *o, const char *key)
{
    const json_t *v = json_object_get(o, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

/* The clusters' clocks and the libraries not built. */
static int read_context(const json_t *doc, cm_table_facts *t)
{
    size_t i;
    const json_t *v, *clusters = field(doc, "context.cpu.clusters"), *libs = field(doc, "context.libraries");
    int rc = 0;
    t->clusters = calloc(json_array_size(clusters) + 1, sizeof *t->clusters);
    t->missing = calloc(json_array_size(libs) + 1, sizeof *t->missing);
    if (!t->clusters || !t->missing)
        return -1;
    json_array_foreach(clusters, i, v) {
        cm_table_cluster *c = &t->clusters[t->n_clusters++];
        c->core_name = string_at(v, "core_name", &rc);
        c->measured_mhz = number_at(v, "measured_mhz");
        c->claimed_mhz = number_at(v, "claimed_mhz");
    }
    json_array_foreach(libs, i, v) {
        if (json_is_true(json_object_get(v, "available")))
            continue;
        cm_table_missing *m = &t->missing[t->n_missing++];
        m->backend = string_at(v, "backend", &rc);
        m->reason = string_at(v, "reason", &rc);
        m->package = string_at(v, "package", &rc);
    }
    return rc;
}

/* The emulation line, the AES score messages and the health. */
static int read_analysis(const json_t *doc, cm_table_facts *t)
{
    size_t i;
    const json_t *v, *scores = field(doc, "analysis.aes_score");
    const char *why = json_string_value(json_array_get(field(doc, "analysis.emulation.evidence"), 0));
    int rc = 0;
    t->emulated = json_is_true(field(doc, "analysis.emulation.emulated"));
    if (why && !(t->emulated_why = strdup(why)))
        return -1;
    if (!(t->score_messages = calloc(json_array_size(scores) + 1, sizeof *t->score_messages)))
        return -1;
    json_array_foreach(scores, i, v)
        t->score_messages[t->n_scores++] = string_at(v, "message", &rc);
    if (platform_flags_from_json(field(doc, "context.health"), &t->health, &t->health_error) != 0)
        platform_flags_free(&t->health);
    return rc;
}

/* See table_facts.h. */
void cm_table_facts_read(const json_t *doc, cm_table_facts *t)
{
    size_t i;
    const json_t *s;
    int rc = 0; /* out of memory: what was read is shown */
    memset(t, 0, sizeof *t);
    t->model = string_at(field(doc, "context.cpu"), "model_name", &rc);
    t->per_cluster = json_is_true(field(doc, "settings.per_cluster"));
    t->cpu = (int)json_integer_value(field(doc, "settings.cpu"));
    t->interrupted = json_is_true(json_object_get(doc, "interrupted"));
    t->runtimes_left_out = json_is_false(field(doc, "settings.runtimes"));
    json_array_foreach(field(doc, "settings.size_limits"), i, s)
        if (t->n_size_limits < CM_MAX_SIZE_LIMITS &&
            cm_size_limit_read(s, &t->size_limits[t->n_size_limits]) == 0)
            t->n_size_limits++;
    json_array_foreach(field(doc, "settings.sizes"), i, s)
        if (t->n_sizes < CM_MAX_SIZES)
            t->sizes[t->n_sizes++] = (size_t)json_integer_value(s);
    if (rc == 0 && read_context(doc, t) == 0)
        read_analysis(doc, t);
}

/* See table_facts.h. */
void cm_table_facts_free(cm_table_facts *t)
{
    for (size_t i = 0; i < t->n_clusters; i++)
        free(t->clusters[i].core_name);
    for (size_t i = 0; i < t->n_missing; i++) {
        free(t->missing[i].backend);
        free(t->missing[i].reason);
        free(t->missing[i].package);
    }
    for (size_t i = 0; i < t->n_scores; i++)
        free(t->score_messages[i]);
    free(t->clusters);
    free(t->missing);
    free(t->score_messages);
    free(t->model);
    free(t->emulated_why);
    platform_flags_free(&t->health);
}
