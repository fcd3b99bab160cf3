/*
 * detect.h — the detect document: what the machine has for cryptography,
 * whether it is used, whether figures taken now can be trusted. Core builds
 * it from the platform layer's facts (src/platform/) and what only core
 * knows — the backends of this build, a quick AES figure through the
 * registry (aes_probe.c). detect_text.c renders it for a person;
 * cmd_detect.c is `cryptometer detect`.
 */
#ifndef CM_RUN_DETECT_H
#define CM_RUN_DETECT_H

#include <stddef.h>
#include <stdio.h>
#include "platform/cpu.h"
#include "run/sweep_crossover.h"
#include "util/error.h"

struct json_t;
struct platform_aes_block;

/* The whole detect document: {detect_version, sysroot, system, cpu,
 * kernel_crypto, backends (live only), aes_score {scores, reason},
 * instruction_bounds {reference_mhz, emulated, probes, bounds, reason}, health,
 * health_snapshot, emulation, verdicts, elapsed_s} (docs/detect.md). measure_clock is ignored
 * with a sysroot. NULL with err set on an unreadable sysroot or when out of
 * memory. New reference. */
struct json_t *cm_detect_document(const char *sysroot, int measure_clock, cm_error *err);

/* A sweep document as `detect --sweep` weighs it: the file, what was swept
 * and its crossovers, computed again from its records (sweep_crossover.h). */
typedef struct cm_loaded_sweep {
    char *file, *algorithm, *operation;
    cm_crossover *xo;
    size_t n_xo;
} cm_loaded_sweep;

/* `detect --sweep FILE`: a sweep document (docs/sweep.md) read and checked
 * into *s. 0, or -1 with err (CM_EXIT_ENVIRONMENT) when the file is
 * unreadable, not JSON, not a sweep document of schema version 1, or a
 * record is malformed. Free with cm_loaded_sweep_free() either way. */
int cm_detect_sweep_load(const char *file, cm_loaded_sweep *s, cm_error *err);

void cm_loaded_sweep_free(cm_loaded_sweep *s);

/* Appends to doc's "verdicts", per loaded sweep of s[0..n), one verdict
 * per crossover (id "crossover"), and sets doc["sweeps"] (each {file,
 * algorithm, operation, crossovers}). 0, or -1 when out of memory. */
int cm_detect_add_sweeps(struct json_t *doc, const cm_loaded_sweep *s, size_t n);

/* Writes the detect document for a person, readable in ten seconds, every
 * line wrapped to 100 columns (cm_text_print_wrapped). */
void cm_detect_render_text(FILE *out, const struct json_t *doc);

/* Measures what data/aes_score_per_mhz.json says sbc-bench measures (its
 * "metric": the openssl backend's aes-256-cbc encryption of 16 KiB) on the
 * first CPU of each cluster that has a measured clock (a quick figure,
 * ~80 ms each, in a forked child) and appends one verdict per cluster
 * (platform_aes_score_judge(), with its cluster and quick) to scores
 * (platform/aes_result.h). Returns how many, or -1 when out of memory; on
 * 0, why says why not (backend missing, no measured clock, child failed). */
int cm_aes_probe(const platform_cpu *cpu, struct platform_aes_block *scores, char *why, size_t why_len);

#endif
