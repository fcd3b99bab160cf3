/*
 * context.h — what a run records about the machine (context.c): the
 * context objects every result file carries, taken before the run, the
 * health flags of the whole run, taken after it, and the flags that the
 * CPU description itself raises (shared with the detect document).
 */
#ifndef CM_PLATFORM_CONTEXT_H
#define CM_PLATFORM_CONTEXT_H

#include "platform/cpu.h"
#include "platform/features.h"
#include "platform/health.h"
#include "util/error.h"

struct json_t;

/* Appends the flags that come from the CPU description rather than from a
 * health snapshot to flags: clock gaps, /proc/cpuinfo disagreements
 * (platform_feature_disagreement()), an unknown name in
 * CRYPTOMETER_ISA_MASK. 0, or -1 when out of memory. */
int platform_description_flags(struct json_t *flags, const platform_cpu *cpu,
                               const platform_features *fs);

/* For a run: reads cpu (allocated by the caller with platform_cpu_new,
 * every cluster's clock measured), takes the health snapshot before the run
 * into *before (caller frees), and returns the context objects every result
 * file carries: {cpu, kernel_crypto, health, health_before}. New reference,
 * or NULL with err set. */
struct json_t *platform_run_context(platform_cpu *cpu, platform_health **before, cm_error *err);

/* After the run: takes the after snapshot and returns the health flags of
 * the whole run (what before raised, what changed during the run — drift,
 * throttling, swapping — and the CPU-description flags already in
 * ctx.health); sets ctx.health_after. New reference, or NULL. */
struct json_t *platform_run_health(const platform_cpu *cpu, const platform_health *before,
                                   struct json_t *ctx, cm_error *err);

#endif
