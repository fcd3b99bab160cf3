/*
 * probe.h — the instruction probes (`cryptometer probe`, docs/probes.md):
 * the latency and throughput, in core cycles at the measured clock, of the
 * instructions that bound crypto code (kernels in src/probes/), measured in
 * a forked child pinned to one CPU, and the bounds that data/probe_bounds.json
 * derives from them for each implementation's figure (probe_bounds.c).
 * probe_text.c renders the document; cmd_probe.c is the command.
 */
#ifndef CM_MEASURE_PROBE_H
#define CM_MEASURE_PROBE_H

#include <stdio.h>
#include "util/error.h"

struct json_t;

typedef struct cm_probe_options {
    int cpu;           /* the CPU to pin to; -1: the one the process is on */
    int quick;         /* fewer, shorter samples (detect's block) */
    const char *only;  /* comma-separated probe names, or NULL for every probe */
} cm_probe_options;

/* The probe document: {schema "cryptometer-probe", schema_version, tool, arch, cpu {model_name, cpu}, isa_mask,
 * clock, emulated, emulation, probes [...], bounds [...], elapsed_s}
 * (docs/probes.md, docs/probe.schema.json). A probe whose features are
 * absent or masked is listed "unavailable" with the missing feature named;
 * one whose child died (SIGILL) "crashed" with the signal. NULL with err
 * set when out of memory. New reference. */
struct json_t *cm_probe_document(const cm_probe_options *opt, cm_error *err);

/* The short form of a quick probe (detect's "instruction_bounds", a run's
 * context.instruction_bounds): {cpu, reference_mhz, emulated, probes,
 * bounds, reason: null}; with not_measured, nothing is run and it is
 * {bounds: [], reason: not_measured}. A failure is its reason. NULL only
 * when out of memory. */
struct json_t *cm_probe_summary(const char *not_measured);

/* The "bounds" array of a probe document's figures: one object per row of
 * data/probe_bounds.json for this document's arch, {algorithm, operation,
 * variant, bytes, formula, limited_by, cycles, bound_cpb, status, reason}
 * (bound_cpb null with a reason when a figure it needs is missing). NULL
 * when the table is unreadable or out of memory (err set). */
struct json_t *cm_probe_bounds(const struct json_t *probes_doc, cm_error *err);

/* The bound object of bounds (cm_probe_bounds) that applies to an
 * implementation's (algorithm, operation, variant): the row naming the
 * variant, else the row naming none; NULL when none applies. Borrowed. */
const struct json_t *cm_probe_bound_for(const struct json_t *bounds, const char *algorithm,
                                        const char *operation, const char *variant);

struct cm_record_set;

/* For `run`: puts context.instruction_bounds (cm_probe_summary of a quick
 * probe on this thread's CPU, or its reason when no record has a bound to
 * take) and sets bound_cpb of every record measured on that CPU whose
 * (algorithm, operation, variant) has a computed bound (probe_records.c).
 * 0, or -1 when out of memory. */
int cm_probe_bound_records(struct json_t *context, struct cm_record_set *recs);

/* Writes the probe document for a person. */
void cm_probe_render_text(FILE *out, const struct json_t *doc);

/* Writes the lines of the "instruction bounds" block of a bounds array
 * (detect, probe): one per algorithm and formula; with only_computed, the
 * bounds that lack a figure are counted in one line instead of listed. */
void cm_probe_render_bounds(FILE *out, const struct json_t *bounds, int only_computed);

#endif
