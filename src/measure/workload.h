/*
 * workload.h — turns (implementation, operation, size) into a cm_workload
 * the runner can time, through the class module of the algorithm's class
 * (class.h) only.
 *
 * What one operation includes (docs/methodology.md) is the class module's:
 * hash — a whole digest of `size` bytes; mac — a whole MAC with a key set
 * up once; cipher — the next `size` bytes of one long stream
 * (or, for a cipher of whole data units such as XTS, one data unit of `size`
 * bytes with its tweak); aead — one
 * whole message with its nonce and 13 bytes of AAD; signature — one key
 * generation, one signature or one verification of a message of the
 * algorithm's "message_bytes". Input and output buffers are distinct and
 * 64-byte aligned.
 */
#ifndef CM_MEASURE_WORKLOAD_H
#define CM_MEASURE_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/backend.h"
#include "model/class.h"
#include "util/error.h"
#include "measure/runner.h"

/* Sets up b for impl: buffers, deterministic key material and message,
 * then the class module's bench_open. Returns 0 or -1 with err set. */
int cm_bench_open(cm_bench *b, const cm_impl *impl, cm_op op, size_t size, cm_error *err);

/* The workload that times b, and the one that measures the loop around it:
 * the same loop calling the class's do-nothing table. */
cm_workload cm_bench_workload(cm_bench *b);
cm_workload cm_bench_overhead(cm_bench *b, cm_bench *scratch);

void cm_bench_close(cm_bench *b);

/* Whether size is a valid message length for alg (CBC: whole blocks;
 * XTS: a data unit of at least data_unit_min bytes). */
int cm_size_fits(const cm_algorithm *alg, size_t size);
/* The rule cm_size_fits applies, as a sentence for a skipped record:
 * "aes-128-cbc takes whole 16-byte blocks". */
void cm_size_rule(const cm_algorithm *alg, char *out, size_t out_len);

/* The message length an operation of alg measures: size for figures per
 * byte; the algorithm's "message_bytes" (32 if it has none) for figures
 * per operation. */
size_t cm_bench_message_len(const cm_algorithm *alg, size_t size);

#endif
