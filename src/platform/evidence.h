/*
 * evidence.h — what the verdicts weigh, typed: the parts of a detect
 * document or of a run's context that verdict.c, the run's analysis and
 * the health after a run read (the CPU, the health snapshot and flags,
 * OpenSSL's facts, the kernel's crypto, detect's AES scores).
 * evidence_json.c is the one file that reads them from either document.
 */
#ifndef CM_PLATFORM_EVIDENCE_H
#define CM_PLATFORM_EVIDENCE_H

#include "platform/aes_result.h"
#include "platform/cpu_doc.h"
#include "platform/flags.h"
#include "platform/health.h"
#include "platform/kernel_crypto.h"
#include "platform/library.h"
#include "util/error.h"

struct json_t;

/* Which document the evidence is read from: a detect document (its
 * "health_snapshot", "backends" object and "aes_score") or a run's context
 * (its "health_before" and "libraries" array, no AES scores). */
typedef enum platform_evidence_kind {
    PLATFORM_EVIDENCE_DETECT,
    PLATFORM_EVIDENCE_RUN
} platform_evidence_kind;

typedef struct platform_evidence {
    platform_cpu_doc cpu;      /* its strings are the document's: keep it */
    platform_health *snapshot; /* NULL: none */
    platform_flags health;
    platform_library openssl;  /* nothing known when not built */
    platform_kcrypto kc;
    int has_scores;            /* detect's "aes_score" was there */
    platform_aes_block scores;
} platform_evidence;

/* Reads the evidence of o (a document of kind) into *ev. 0, or -1 with err
 * (CM_EXIT_ENVIRONMENT) naming the part of the wrong type; free with
 * platform_evidence_free() either way. */
int platform_evidence_from_json(const struct json_t *o, platform_evidence_kind kind, platform_evidence *ev,
                                cm_error *err);

void platform_evidence_free(platform_evidence *ev);

#endif
