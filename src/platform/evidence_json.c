/*
 * evidence_json.c — the one file that reads what the verdicts weigh
 * (evidence.h) from a detect document or a run's context: each part is
 * handed to its own parser (cpu_json.c, health_json.c, flags_json.c,
 * library_json.c, kernel_crypto_json.c, aes_result_json.c); this file
 * only knows where each part sits in the two documents.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/evidence.h"

/* The "details" of the openssl row of a run's "libraries" array (NULL:
 * none). */
static const json_t *openssl_of_libraries(const json_t *libraries)
{
    size_t i;
    const json_t *lib;
    json_array_foreach(libraries, i, lib) {
        const char *backend = json_string_value(json_object_get(lib, "backend"));
        if (backend && strcmp(backend, "openssl") == 0)
            return json_object_get(lib, "details");
    }
    return NULL;
}

/* The health snapshot at key of o into *ev (null or absent: none). */
static int snapshot_of(const json_t *o, const char *key, platform_evidence *ev, cm_error *err)
{
    const json_t *s = json_object_get(o, key);
    if (!s || json_is_null(s))
        return 0;
    if (!(ev->snapshot = calloc(1, sizeof *ev->snapshot)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    return platform_health_from_json(s, ev->snapshot, err);
}

/* See evidence.h. */
int platform_evidence_from_json(const json_t *o, platform_evidence_kind kind, platform_evidence *ev,
                                cm_error *err)
{
    int detect = kind == PLATFORM_EVIDENCE_DETECT;
    const json_t *scores = detect ? json_object_get(o, "aes_score") : NULL;
    const json_t *openssl = detect ? json_object_get(json_object_get(o, "backends"), "openssl")
                                   : openssl_of_libraries(json_object_get(o, "libraries"));
    memset(ev, 0, sizeof *ev);
    if (platform_cpu_doc_from_json(json_object_get(o, "cpu"), &ev->cpu, err) != 0 ||
        snapshot_of(o, detect ? "health_snapshot" : "health_before", ev, err) != 0 ||
        platform_flags_from_json(json_object_get(o, "health"), &ev->health, err) != 0 ||
        platform_library_from_json("openssl", openssl, &ev->openssl, err) != 0 ||
        platform_kcrypto_from_json(json_object_get(o, "kernel_crypto"), &ev->kc, err) != 0)
        return -1;
    ev->has_scores = scores != NULL;
    return scores ? platform_aes_block_from_json(scores, &ev->scores, err) : 0;
}

/* See evidence.h. */
void platform_evidence_free(platform_evidence *ev)
{
    platform_cpu_doc_free(&ev->cpu);
    platform_health_free(ev->snapshot);
    platform_flags_free(&ev->health);
    platform_library_free(&ev->openssl);
    platform_kcrypto_free(&ev->kc);
    platform_aes_block_free(&ev->scores);
    memset(ev, 0, sizeof *ev);
}
