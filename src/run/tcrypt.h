/*
 * tcrypt.h — `tcrypt`: the kernel's own speed test (crypto/tcrypt.c), run by
 * loading the tcrypt module with mode=... sec=1 (it measures while loading,
 * then refuses to stay: EAGAIN) and reading its lines from the kernel log,
 * parsed into rows per algorithm, driver, key size and block size
 * (docs/tcrypt.md).
 */
#ifndef CM_RUN_TCRYPT_H
#define CM_RUN_TCRYPT_H

#include <stddef.h>
#include <stdio.h>
#include "util/error.h"

struct json_t;

typedef struct cm_tcrypt_row {
    char algorithm[64];     /* "cbc(aes)", "sha256" */
    char driver[128];       /* the driver tcrypt's transform got: "cbc(aes-aesni)" */
    char op[12];            /* "encrypt", "decrypt", "digest" */
    int key_bits;           /* 0 for a hash */
    unsigned block_bytes;
    unsigned update_bytes;  /* a hash's bytes per update call; 0 for a cipher */
    double ops_per_s, bytes_per_s;
} cm_tcrypt_row;

/* Parses tcrypt's kernel-log lines (with or without the "tcrypt: " prefix
 * and a dmesg time stamp; other lines are skipped) into a malloc'ed *rows.
 * Returns how many (0: *rows NULL), or -1 out of memory. */
int cm_tcrypt_parse(const char *text, cm_tcrypt_row **rows);

typedef struct cm_tcrypt_result {
    char unavailable[300];  /* why nothing was measured, or "" */
    char kernel[96];
    char module[256];       /* the tcrypt module file loaded */
    cm_tcrypt_row *rows;
    int n;
} cm_tcrypt_result;

/* Loads tcrypt (module: its file, or NULL for the running kernel's) for
 * AES (mode 200) and SHA-256 (mode 300, alg=sha256), sec=1 each, and parses
 * what it logged. 0 (r->unavailable says when it could not run), or -1
 * with err out of memory. */
int cm_tcrypt_run(const char *module, cm_tcrypt_result *r, cm_error *err);

/* The document ({"kind": "tcrypt", ...}) and the text (tcrypt_out.c). */
struct json_t *cm_tcrypt_json(const cm_tcrypt_result *r);

/* The text, every line at most CM_TEXT_COLUMNS (util/text.h). */
void cm_tcrypt_text(FILE *out, const cm_tcrypt_result *r);

/* Reads a tcrypt document back into *r (`show`): 0, or -1 with err
 * (CM_EXIT_ENVIRONMENT) naming the field (tcrypt_read.c). Free r->rows. */
int cm_tcrypt_from_json(const struct json_t *doc, cm_tcrypt_result *r, cm_error *err);

#endif
