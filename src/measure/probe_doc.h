/*
 * probe_doc.h — the probe document (`cryptometer probe`, docs/probes.md)
 * and its short form (detect's and a run's "instruction_bounds") as C
 * structs. probe.c fills them, probe_bounds.c derives the bounds, the views
 * (probe_text.c, detect's text) read them; probe_json.c is the one file
 * that writes them as JSON and parses them back (docs/probe.schema.json:
 * the keys, types and order are the document's). A NAN number is JSON
 * null; a NULL string is null.
 */
#ifndef CM_MEASURE_PROBE_DOC_H
#define CM_MEASURE_PROBE_DOC_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

/* One figure of a probe (latency, or reciprocal throughput), in cycles. */
typedef struct cm_probe_figure {
    int measured;   /* 0: only how (the kernel is absent, or gave no samples) */
    double cycles;  /* the median over the samples */
    double min, max, mad, ci_low, ci_high, ci_rel, cv;
    int n;          /* samples */
    double ns, mhz; /* the median ns per unit; the median clock beside them */
    double *samples_cycles;
    size_t n_samples;
    int has_per_cycle; /* throughput: units per cycle, 1/cycles */
    double per_cycle;
    char *how;      /* what the kernel times, in words */
} cm_probe_figure;

/* One probe: an instruction's latency and throughput. */
typedef struct cm_probe_result {
    char *name, *instruction;
    char **needs;   /* the features it needs (cm_cpu_has names) */
    size_t n_needs;
    char *status;   /* measured, unavailable, crashed, timeout, error */
    char *reason;   /* why not measured; NULL when measured */
    cm_probe_figure latency, throughput;
} cm_probe_result;

/* One bound of data/probe_bounds.json evaluated with the probes' figures. */
typedef struct cm_probe_bound {
    char *algorithm, *operation;
    char *variant;  /* the row's variant, NULL: every implementation */
    double bytes;
    char *formula, *limited_by;
    double cycles, bound_cpb; /* NAN: a figure it needs is missing */
    char *status;   /* computed, unavailable */
    char *reason;   /* why unavailable; NULL when computed */
    char *why;      /* the row's reasoning */
} cm_probe_bound;

/* The core clock around the probes and beside their samples. */
typedef struct cm_probe_clock {
    int measured;   /* 0: not measured around the probes (quick): only reference_mhz */
    double mhz_before, mhz_after, mhz, drift, check_mhz;
    int agree;
    double spread;
    char *method;
    int segments;   /* children the probes took */
    double reference_mhz; /* the median clock beside the samples; NAN: nothing probed */
} cm_probe_clock;

/* The probe document. */
typedef struct cm_probe_doc {
    int schema_version;
    char *tool_name, *tool_version;
    char *arch;
    char *model_name;
    int cpu;        /* the CPU the probes ran on */
    char *isa_mask; /* NULL: none */
    cm_probe_clock clock;
    int emulated;
    struct json_t *emulation; /* the emulator evidence (platform/verdict.h), as written there */
    cm_probe_result *probes;
    size_t n_probes;
    cm_probe_bound *bounds;
    size_t n_bounds;
    double elapsed_s;
} cm_probe_doc;

/* The short form of a quick probe: detect's and a run's instruction_bounds. */
typedef struct cm_probe_summary {
    int measured;   /* 0: bounds empty, reason says why (only those two keys) */
    int cpu;
    double reference_mhz;
    int emulated;
    cm_probe_result *probes;
    size_t n_probes;
    cm_probe_bound *bounds;
    size_t n_bounds;
    char *reason;   /* NULL when measured */
} cm_probe_summary;

/* ---- probe_json.c: the one writer and parser -------------------------- */

/* The document as JSON; NULL when out of memory. New reference. */
struct json_t *cm_probe_doc_to_json(const cm_probe_doc *d);

/* Parses a probe document into *d (zeroed first; free with
 * cm_probe_doc_free, also on failure). 0, or -1 with one line in err. */
int cm_probe_doc_from_json(const struct json_t *o, cm_probe_doc *d, cm_error *err);

void cm_probe_doc_free(cm_probe_doc *d);

/* The short form as JSON ({bounds: [], reason} when not measured). */
struct json_t *cm_probe_summary_to_json(const cm_probe_summary *s);

/* Parses the short form into *s (zeroed first; free with
 * cm_probe_summary_free, also on failure). 0, or -1 with err (a missing
 * object too). */
int cm_probe_summary_from_json(const struct json_t *o, cm_probe_summary *s, cm_error *err);

void cm_probe_summary_free(cm_probe_summary *s);

/* The bounds array as JSON. */
struct json_t *cm_probe_bounds_to_json(const cm_probe_bound *b, size_t n);

/* Frees the members of one figure, probe and bound, and arrays of them. */
void cm_probe_figure_free(cm_probe_figure *f);
void cm_probe_results_free(cm_probe_result *p, size_t n);
void cm_probe_bounds_free(cm_probe_bound *b, size_t n);

#endif
