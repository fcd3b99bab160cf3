/*
 * sha512.h — SHA-512 (FIPS 180-4) in portable C: streaming interface
 * (init, update, final) and a one-shot helper.
 */
#ifndef CM_IMPL_REF_SHA512_H
#define CM_IMPL_REF_SHA512_H

#include <stddef.h>
#include <stdint.h>

#define REF_SHA512_BLOCK 128
#define REF_SHA512_DIGEST 64

/* h = the chaining value after n whole blocks of p: the portable compression
 * (ref_sha512_blocks) or an instruction-set one (src/impl/arm64/sha_arm64.h). */
typedef void ref_sha512_blocks_fn(uint64_t h[8], const uint8_t *p, size_t n);

typedef struct ref_sha512_ctx {
    ref_sha512_blocks_fn *blocks; /* the compression this context uses */
    uint64_t h[8];      /* chaining value */
    uint64_t bytes;     /* message bytes absorbed so far (the 128-bit bit
                           count of FIPS 180-4 is derived from it) */
    uint8_t buf[128];   /* partial block */
    size_t buf_len;     /* bytes in buf, 0..127 */
} ref_sha512_ctx;

/* The round constants K (FIPS 180-4 section 4.2.3). */
extern const uint64_t ref_sha512_k[80];

/* Starts a new message with the portable compression. */
void ref_sha512_init(ref_sha512_ctx *c);

/* Starts a new message with the compression f. */
void ref_sha512_init_with(ref_sha512_ctx *c, ref_sha512_blocks_fn *f);

/* The portable compression. */
void ref_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t n);

/* Absorbs len bytes of data (NULL allowed when len is 0). */
void ref_sha512_update(ref_sha512_ctx *c, const uint8_t *data, size_t len);

/* Pads, writes the 64-byte digest to out; c must be re-initialised before
 * reuse. */
void ref_sha512_final(ref_sha512_ctx *c, uint8_t out[64]);

/* out = SHA-512(msg[0..len)). */
void ref_sha512(const uint8_t *msg, size_t len, uint8_t out[64]);

#endif
