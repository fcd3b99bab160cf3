/*
 * sha256.h — SHA-256 (FIPS 180-4) in portable C: streaming interface
 * (init, update, final) and a one-shot helper. The streaming context can be
 * copied by assignment, which HMAC (hmac_sha256.h) uses to reuse a keyed
 * state.
 */
#ifndef CM_IMPL_REF_SHA256_H
#define CM_IMPL_REF_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define REF_SHA256_BLOCK 64
#define REF_SHA256_DIGEST 32

/* h = the chaining value after n whole blocks of p: the portable compression
 * (ref_sha256_blocks) or an instruction-set one (src/impl/x86/sha_ni.h). */
typedef void ref_sha256_blocks_fn(uint32_t h[8], const uint8_t *p, size_t n);

typedef struct ref_sha256_ctx {
    ref_sha256_blocks_fn *blocks; /* the compression this context uses */
    uint32_t h[8];      /* chaining value */
    uint64_t bytes;     /* message bytes absorbed so far */
    uint8_t buf[64];    /* partial block */
    size_t buf_len;     /* bytes in buf, 0..63 */
} ref_sha256_ctx;

/* The round constants K (FIPS 180-4 section 4.2.2). */
extern const uint32_t ref_sha256_k[64];

/* Starts a new message with the portable compression. */
void ref_sha256_init(ref_sha256_ctx *c);

/* Starts a new message with the compression f. */
void ref_sha256_init_with(ref_sha256_ctx *c, ref_sha256_blocks_fn *f);

/* The portable compression. */
void ref_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n);

/* Absorbs len bytes of data (NULL allowed when len is 0). */
void ref_sha256_update(ref_sha256_ctx *c, const uint8_t *data, size_t len);

/* Pads, writes the 32-byte digest to out; c must be re-initialised before
 * reuse. */
void ref_sha256_final(ref_sha256_ctx *c, uint8_t out[32]);

/* out = SHA-256(msg[0..len)). */
void ref_sha256(const uint8_t *msg, size_t len, uint8_t out[32]);

#endif
