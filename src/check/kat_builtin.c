/*
 * kat_builtin.c — our own vector format, "cryptometer-kat-v1", used for the
 * NIST examples that have no Wycheproof file (vectors/nist/fips180.json,
 * vectors/nist/sp800-38a-ctr.json; format in vectors/README.md):
 *
 *   {"format": "cryptometer-kat-v1", "source": [...], "tests": [
 *      {"id", "algorithm", "comment", ...fields of the algorithm's class}]}
 *
 * The fields of an entry are its class's (class_hash.c: "msg" or
 * "msg_ascii" with "repeat", "digest"; class_cipher.c: "key", "iv", "pt",
 * "ct"; class_kex.c: "private", "public", "peer", "shared"). Only entries
 * whose "algorithm" is the algorithm under test are
 * run.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check/kat.h"
#include "check/kat_internal.h"

/* Sets *tests to the "tests" array of doc; -1 with err when doc is not a
 * cryptometer-kat-v1 document. */
static int check_format(json_t *doc, const char *source, json_t **tests, cm_error *err)
{
    const json_t *format = json_object_get(doc, "format");
    *tests = json_object_get(doc, "tests");
    if (!json_is_string(format) || strcmp(json_string_value(format), "cryptometer-kat-v1") != 0 ||
        !json_is_array(*tests))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not a cryptometer-kat-v1 file "
                            "(\"format\" and a \"tests\" array)", source);
    return 0;
}

/* See kat_internal.h. */
int kat_builtin_scan(json_t *doc, const char *source, cm_kat_file_info *info, cm_error *err)
{
    json_t *tests, *test;
    size_t i;
    memset(info, 0, sizeof *info);
    if (check_format(doc, source, &tests, err) != 0)
        return -1;
    json_array_foreach(tests, i, test) {
        const char *name = json_string_value(json_object_get(test, "algorithm"));
        if (!json_is_object(test) || !name || !json_is_integer(json_object_get(test, "id")))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests[%zu] is not an object with "
                                "\"algorithm\" and an integer \"id\"", source, i);
        const cm_algorithm *alg = cm_algorithm_find(name);
        char why[192];
        size_t k = 0;
        if (alg) {
            while (k < info->n_algs && info->algs[k] != alg)
                k++;
            if (k == info->n_algs && k < CM_KAT_FILE_MAX_ALGS) {
                info->algs[info->n_algs++] = alg;
            } else if (k == info->n_algs) {
                snprintf(why, sizeof why, "%s: more algorithms in one file than %d", name,
                         CM_KAT_FILE_MAX_ALGS);
                alg = NULL;
            }
        } else {
            snprintf(why, sizeof why, "algorithm \"%s\": not in this build", name);
        }
        if (alg) {
            info->cases++;
            info->alg_cases[k]++;
        } else {
            info->cases_left_out++;
            cm_kat_file_add_gap(info, why, 1);
        }
    }
    return 0;
}

/* See kat_internal.h: runs the entries of doc whose "algorithm" is alg. */
int kat_builtin_run(json_t *doc, const char *source, const cm_impl *impl,
                    const cm_algorithm *alg, cm_kat_report *rep, cm_error *err)
{
    json_t *tests;
    if (check_format(doc, source, &tests, err) != 0)
        return -1;
    const cm_class_module *m = cm_class_of(alg);
    if (!m->builtin_case)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: cryptometer-kat-v1 has no %s entries",
                            source, m->name);
    int run = 0;
    size_t i;
    json_t *test;
    json_array_foreach(tests, i, test) {
        const char *name = json_string_value(json_object_get(test, "algorithm"));
        const json_t *id = json_object_get(test, "id");
        const char *comment = json_string_value(json_object_get(test, "comment"));
        if (!json_is_object(test) || !name || !json_is_integer(id))
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests[%zu] is not an object with "
                                "\"algorithm\" and an integer \"id\"", source, i);
        if (strcmp(name, alg->name) != 0)
            continue;
        char label[192], why[160];
        snprintf(label, sizeof label, "%s id %lld (\"%s\")", source,
                 (long long)json_integer_value(id), comment ? comment : "");
        kat_progress("%s id %lld", source, (long long)json_integer_value(id));
        int rc = m->builtin_case(impl, alg, test, label, rep, why, sizeof why);
        if (rc != 0)
            return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: tests[%zu] (id %lld): %s", source,
                                i, (long long)json_integer_value(id), why);
        run++;
    }
    kat_settle_vectors(rep);
    return run;
}
