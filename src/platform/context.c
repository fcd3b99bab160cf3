/*
 * context.c — what a run records about the machine: the context before the
 * run, the health flags of the whole run after it, and the flags of the CPU
 * description (see context.h). Out of memory is an error (NULL or -1),
 * never a context with parts missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <jansson.h>

#include "platform/clock.h"
#include "platform/context.h"
#include "platform/describe.h"
#include "platform/evidence.h"
#include "platform/kcrypto.h"
#include "util/json.h"

/* See context.h. */
int platform_description_flags(json_t *flags, const platform_cpu *cpu, const platform_features *fs)
{
    if (platform_clock_flags(cpu, flags) != 0)
        return -1;
    char msg[512];
    int rc = 0;
    for (int i = 0; i < fs->n; i++)
        if (platform_feature_disagreement(&fs->f[i], msg, sizeof msg))
            rc |= platform_flag_add(flags, "feature-mismatch", "info", msg);
    if (fs->mask_unknown[0]) {
        snprintf(msg, sizeof msg, "CRYPTOMETER_ISA_MASK names features this CPU's table does not know: %s.",
                 fs->mask_unknown);
        rc |= platform_flag_add(flags, "isa-mask-unknown", "warning", msg);
    }
    return rc;
}

/* The context objects of a run from what was read; NULL when out of memory. */
static json_t *context_json(const platform_cpu *cpu, const platform_features *fs,
                            const platform_health *before, cm_error *err)
{
    json_t *ctx = json_object(), *cpu_doc = platform_cpu_json(cpu, fs);
    json_t *flags = platform_health_flags_json(before);
    int rc = ctx && cpu_doc && flags ? 0 : -1;
    if (rc == 0)
        rc = platform_description_flags(flags, cpu, fs);
    rc |= json_object_set_new(ctx, "cpu", cpu_doc);
    rc |= json_object_set_new(ctx, "kernel_crypto", platform_kernel_crypto(NULL, err));
    rc |= json_object_set_new(ctx, "health", flags);
    if (before)
        rc |= json_object_set_new(ctx, "health_before", platform_health_json(before));
    return cm_json_checked(ctx, rc);
}

/* See context.h. */
json_t *platform_run_context(platform_cpu *cpu, platform_health **before, cm_error *err)
{
    platform_features *fs = calloc(1, sizeof *fs);
    *before = NULL;
    if (!fs) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
        return NULL;
    }
    platform_cpu_read(NULL, cpu, err);
    platform_features_read(NULL, cpu, fs, err);
    /* The busy sample first: nothing of ours runs while it is taken. */
    *before = platform_health_snapshot(NULL, cpu, PLATFORM_HEALTH_BUSY, err);
    platform_measure_clocks(cpu);
    if (*before)
        platform_health_record_clocks(*before, cpu);
    json_t *ctx = context_json(cpu, fs, *before, err);
    free(fs);
    if (!ctx)
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory describing the machine");
    return ctx;
}

/* The health flags of the whole run into flags: before's and what changed
 * (after), then those of ctx.health that the snapshots do not raise again
 * (the CPU-description ones). 0, or -1 with err. */
static int run_flags(const platform_health *before, const platform_health *after, const json_t *ctx,
                     platform_flags *flags, cm_error *err)
{
    platform_evidence ctx_read;
    int rc = platform_evidence_from_json(ctx, PLATFORM_EVIDENCE_RUN, &ctx_read, err);
    if (rc == 0 && (platform_health_flags(before, after, flags) != 0 ||
                    platform_flags_merge(flags, flags->n, &ctx_read.health) != 0))
        rc = cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory taking the health after the run");
    platform_evidence_free(&ctx_read);
    return rc;
}

/* See context.h. */
json_t *platform_run_health(const platform_cpu *cpu, const platform_health *before, json_t *ctx,
                            cm_error *err)
{
    platform_health *after = platform_health_snapshot(NULL, cpu, PLATFORM_HEALTH_CLOCK, err);
    platform_flags flags = {0};
    json_t *out = NULL;
    if (before && after && run_flags(before, after, ctx, &flags, err) == 0) {
        out = platform_flags_to_json(&flags);
        if (!out || json_object_set_new(ctx, "health_after", platform_health_json(after)) != 0) {
            json_decref(out);
            out = NULL;
            cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory taking the health after the run");
        }
    }
    platform_flags_free(&flags);
    platform_health_free(after);
    return out;
}
