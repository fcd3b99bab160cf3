/*
 * workload.h — turns (algorithm, implementation, operation, size) into a
 * cm_workload the runner can time, through the class's vtable only.
 *
 * What one operation includes (docs/methodology.md): hash — a whole digest
 * (init, update, final) of `size` bytes; mac — a whole MAC with a key set
 * up once; cipher — the next `size` bytes of one long stream (key and IV set
 * once; CBC chaining and the CTR counter carry on, as `openssl speed`
 * measures); aead — one whole message with its nonce and 13 bytes of AAD (a
 * TLS record header), key scheduled once, tag computed or checked.
 * Input and output buffers are distinct and 64-byte aligned.
 */
#ifndef CM_CORE_WORKLOAD_H
#define CM_CORE_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/backend.h"
#include "util/error.h"
#include "core/runner.h"

#define CM_AEAD_AAD_LEN 13

typedef struct cm_bench {
    const cm_algorithm *alg;
    const void *vtable;   /* the implementation's, or a do-nothing one */
    cm_op op;
    size_t size;
    void *state;
    uint8_t *in, *out;
    uint8_t key[64], iv[16], aad[CM_AEAD_AAD_LEN], tag[64];
} cm_bench;

/* Sets up b for impl: creates the keyed state and, for decrypt/open, a
 * valid ciphertext (and tag) to process. Returns 0 or -1 with err set. */
int cm_bench_open(cm_bench *b, const cm_algorithm *alg, const cm_impl *impl,
                  cm_op op, size_t size, cm_error *err);

/* The workload that times b, and the one that measures the loop around it:
 * the same loop calling a function of the same shape that does nothing. */
cm_workload cm_bench_workload(cm_bench *b);
cm_workload cm_bench_overhead(cm_bench *b, cm_bench *scratch);

void cm_bench_close(cm_bench *b);

/* Whether size is a valid message length for alg (CBC: whole blocks). */
int cm_size_fits(const cm_algorithm *alg, size_t size);

#endif
