/*
 * detect_doc.h — a detect document (detect.h) read back into structs, once
 * (detect_json.c), for the text view (detect_text.c): each part parsed, or
 * why it could not be, so that a malformed part is one "not shown" line and
 * the rest of the document is still shown.
 */
#ifndef CM_RUN_DETECT_DOC_H
#define CM_RUN_DETECT_DOC_H

#include "measure/probe_doc.h"
#include "platform/aes_result.h"
#include "platform/cpu_doc.h"
#include "platform/flags.h"
#include "platform/kernel_crypto.h"
#include "platform/library.h"
#include "platform/verdict_list.h"
#include "util/error.h"

struct json_t;

typedef struct cm_detect_doc {
    const char *sysroot; /* the recorded root it was read from; NULL: this machine */
    int cpu_ok, system_ok, kernel_ok, libraries_ok, aes_ok, bounds_ok, verdicts_ok, health_ok;
    int has_verdicts;    /* 0: a document without "verdicts" (no section) */
    platform_cpu_doc cpu;
    platform_system_doc system;
    platform_kcrypto kernel;
    platform_libraries libraries;
    platform_aes_block aes;
    cm_probe_summary bounds;
    platform_verdict_list verdicts;
    platform_flags health;
    /* why each part that did not parse is not shown */
    cm_error cpu_err, system_err, kernel_err, verdicts_err, health_err;
} cm_detect_doc;

/* Reads every part of doc into d (which borrows doc's strings: doc must
 * outlive it). Never fails as a whole: each part's *_ok says whether it
 * parsed. Free with cm_detect_doc_free. */
void cm_detect_doc_parse(const struct json_t *doc, cm_detect_doc *d);

/* Frees what the parts allocated (not d). */
void cm_detect_doc_free(cm_detect_doc *d);

#endif
