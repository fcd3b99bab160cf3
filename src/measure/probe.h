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
#include "measure/probe_doc.h"
#include "util/error.h"

struct json_t;

typedef struct cm_probe_options {
    int cpu;           /* the CPU to pin to; -1: the one the process is on */
    int quick;         /* fewer, shorter samples (detect's block) */
    const char *only;  /* comma-separated probe names, or NULL for every probe */
} cm_probe_options;

/* Runs the probes and fills the probe document *d (probe_doc.h; as JSON
 * docs/probes.md, docs/probe.schema.json). A probe whose features are
 * absent or masked is listed "unavailable" with the missing feature named;
 * one whose child died (SIGILL) "crashed" with the signal. 0, or -1 with
 * err set when out of memory or the bounds table is broken; free *d with
 * cm_probe_doc_free() either way. */
int cm_probe_document(const cm_probe_options *opt, cm_probe_doc *d, cm_error *err);

/* The short form of a quick probe (detect's "instruction_bounds", a run's
 * context.instruction_bounds) into *s: measured, with the CPU, reference
 * clock, emulation, probes and bounds; with not_measured, nothing is run
 * and its reason is not_measured. A failure is its reason. 0, or -1 when
 * out of memory; free *s with cm_probe_summary_free() either way. */
int cm_probe_summarise(const char *not_measured, cm_probe_summary *s);

/* cm_probe_summarise() as JSON (cm_probe_summary_to_json()). NULL only
 * when out of memory. */
struct json_t *cm_probe_summary_json(const char *not_measured);

/* The bounds that data/probe_bounds.json gives for arch with the figures of
 * probes: one per row of that arch, into a malloc'ed *out of *nout (free
 * with cm_probe_bounds_free()); a bound whose figure is missing has
 * bound_cpb NAN and a reason. 0, or -1 with err when the table is
 * unreadable or out of memory. */
int cm_probe_bounds(const char *arch, const cm_probe_result *probes, size_t n, cm_probe_bound **out,
                    size_t *nout, cm_error *err);

/* The bound of bounds[0..n) that applies to an implementation's
 * (algorithm, operation, variant): the row naming the variant, else the row
 * naming none; NULL when none applies. */
const cm_probe_bound *cm_probe_bound_for(const cm_probe_bound *bounds, size_t n, const char *algorithm,
                                         const char *operation, const char *variant);

struct cm_record_set;

/* For `run`: puts context.instruction_bounds (cm_probe_summary of a quick
 * probe on this thread's CPU, or its reason when no record has a bound to
 * take) and sets bound_cpb of every record measured on that CPU whose
 * (algorithm, operation, variant) has a computed bound (probe_records.c).
 * 0, or -1 when out of memory. */
int cm_probe_bound_records(struct json_t *context, struct cm_record_set *recs);

/* Writes the probe document for a person. */
void cm_probe_render_text(FILE *out, const cm_probe_doc *d);

/* Writes the lines of the "instruction bounds" block of bounds[0..n)
 * (detect, probe): one per algorithm and formula; with only_computed, the
 * bounds that lack a figure are counted in one line instead of listed. */
void cm_probe_render_bounds(FILE *out, const cm_probe_bound *bounds, size_t n, int only_computed);

#endif
