/*
 * detect.c — builds the detect document (see detect.h): the platform
 * layer's facts (system, CPU and features, kernel crypto, health), the
 * libraries of this build (the registry's backends and what their
 * describe() says), and the AES score per MHz of a quick figure per
 * cluster (aes_probe.c), and the verdicts that weigh all of it
 * (platform/verdict.h). The text view (detect_text.c) renders this JSON,
 * so `detect` and `detect --json` always state the same facts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/detect.h"
#include "measure/probe.h"
#include "registry/registry.h"
#include "platform/aes_result.h"
#include "platform/platform.h"
#include "platform/timer.h"
#include "platform/verdict.h"
#include "util/json.h"

#define DETECT_VERSION 1

/* The "backends" object: each compiled-in backend's version and the facts
 * its describe() gives (OpenSSL: its capability vector). NULL when out of
 * memory. */
static json_t *backends_json(void)
{
    json_t *o = json_object();
    int rc = o ? 0 : -1;
    for (size_t i = 0; i < cm_registry_count() && rc == 0; i++) {
        const cm_backend *b = cm_registry_backend(i);
        json_t *d = b->describe ? b->describe() : NULL;
        if (!json_is_object(d)) {
            json_decref(d);
            d = json_object();
        }
        const char *v = b->version ? b->version() : NULL;
        /* the version, unless describe() gave it */
        json_t *version = json_pack("{s:o}", "version", v && v[0] ? json_string(v) : json_null());
        rc |= d && version ? json_object_update_missing(d, version) : -1;
        json_decref(version);
        rc |= json_object_set_new(o, b->name, d);
    }
    return cm_json_checked(o, rc);
}

/* The "aes_score" object: {scores, reason}. Measured only live and with
 * the clock (the score needs each cluster's measured clock). NULL when out
 * of memory. */
static json_t *aes_score_json(const platform_cpu *cpu, int live, int measure_clock)
{
    platform_aes_block b = {0};
    char why[256] = "";
    int rc = 0;
    if (!live || !measure_clock)
        snprintf(why, sizeof why, "%s", live ? "not measured (--no-clock)" : "not measured (--sysroot)");
    else
        rc = cm_aes_probe(cpu, &b, why, sizeof why) < 0 ? -1 : 0;
    if (why[0] && !(b.reason = strdup(why)))
        rc = -1;
    json_t *o = rc == 0 ? platform_aes_block_to_json(&b) : NULL;
    platform_aes_block_free(&b);
    return o;
}

/* The health flags of the document: the snapshot's, then the CPU
 * description's. NULL when out of memory. */
static json_t *health_json(const platform_health *h, const platform_cpu *cpu, const platform_features *fs)
{
    json_t *flags = platform_health_flags_json(h);
    if (flags && platform_description_flags(flags, cpu, fs) == 0)
        return flags;
    json_decref(flags);
    return NULL;
}

/* The document from what was read; NULL when out of memory. */
static json_t *document(const char *sysroot, const platform_cpu *cpu, const platform_features *fs,
                        const platform_health *h, int measure_clock, cm_error *err)
{
    int live = !sysroot || !sysroot[0];
    json_t *doc = json_object();
    int rc = doc ? 0 : -1;
    rc |= json_object_set_new(doc, "detect_version", json_integer(DETECT_VERSION));
    rc |= json_object_set_new(doc, "sysroot", live ? json_null() : json_string(sysroot));
    rc |= json_object_set_new(doc, "system", platform_system_json(sysroot));
    rc |= json_object_set_new(doc, "cpu", platform_cpu_json(cpu, fs));
    rc |= json_object_set_new(doc, "kernel_crypto", platform_kernel_crypto(sysroot, err));
    /* The libraries are this binary's: they say nothing of a recorded root. */
    if (live)
        rc |= json_object_set_new(doc, "backends", backends_json());
    rc |= json_object_set_new(doc, "aes_score", aes_score_json(cpu, live, measure_clock));
    rc |= json_object_set_new(doc, "instruction_bounds",
                              cm_probe_summary_json(!live           ? "not measured (--sysroot)"
                                                    : !measure_clock ? "not measured (--no-clock)"
                                                                     : NULL));
    rc |= json_object_set_new(doc, "health", health_json(h, cpu, fs));
    if (h)
        rc |= json_object_set_new(doc, "health_snapshot", platform_health_json(h));
    /* Last: they weigh everything above (and judge the AES scores again). */
    if (rc == 0)
        rc |= cm_json_put(doc, "verdicts", platform_verdicts(doc));
    return cm_json_checked(doc, rc);
}

/* See detect.h. */
json_t *cm_detect_document(const char *sysroot, int measure_clock, cm_error *err)
{
    double t0 = cm_now_s();
    if (platform_check_sysroot(sysroot, err) != 0)
        return NULL;
    platform_cpu *cpu = platform_cpu_new();
    platform_features *fs = calloc(1, sizeof *fs);
    platform_health *h = NULL;
    json_t *doc = NULL;
    if (cpu && fs) {
        platform_cpu_read(sysroot, cpu, err);
        platform_features_read(sysroot, cpu, fs, err);
        /* The busy sample first: nothing of ours runs while it is taken. */
        h = platform_health_snapshot(sysroot, cpu, PLATFORM_HEALTH_BUSY, err);
        if (measure_clock && (!sysroot || !sysroot[0]))
            platform_measure_clocks(cpu);
        doc = document(sysroot, cpu, fs, h, measure_clock, err);
    }
    if (doc && json_object_set_new(doc, "elapsed_s", json_real(cm_now_s() - t0)) != 0) {
        json_decref(doc);
        doc = NULL;
    }
    if (!doc)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    platform_health_free(h);
    platform_cpu_free(cpu);
    free(fs);
    return doc;
}
