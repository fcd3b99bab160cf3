/*
 * emulation.h — whether the CPU is emulated, as a C struct: what
 * verdict_emulation.c finds in a CPU description and a health snapshot,
 * what the verdicts (verdict.c) and the run's analysis weigh, and what the
 * table's emulation line shows. emulation_json.c is the one file that
 * writes it as JSON (a run's analysis.emulation, detect's "emulation") and
 * reads it back.
 */
#ifndef CM_PLATFORM_EMULATION_H
#define CM_PLATFORM_EMULATION_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

typedef struct platform_emulation_doc {
    int emulated;           /* positive evidence was found */
    char **evidence;        /* sentences: positive evidence */
    size_t n_evidence;
    char **hints;           /* sentences: supporting only */
    size_t n_hints;
    char *native;           /* a hardware hypervisor's signature, or NULL */
} platform_emulation_doc;

/* Appends a copy of text to the sentences *v (*n of them). 0, or -1 when
 * out of memory. */
int platform_emulation_add(char ***v, size_t *n, const char *text);

void platform_emulation_free(platform_emulation_doc *em);

/* {emulated, evidence, hints, native (absent when NULL)}. New reference,
 * NULL when out of memory. */
struct json_t *platform_emulation_to_json(const platform_emulation_doc *em);

/* The inverse of platform_emulation_to_json() (o NULL or null: not
 * emulated, nothing known). 0, or -1 with err naming the field (CM_EXIT_ENVIRONMENT);
 * free with platform_emulation_free() either way. */
int platform_emulation_from_json(const struct json_t *o, platform_emulation_doc *em, cm_error *err);

#endif
