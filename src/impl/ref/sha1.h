/*
 * sha1.h — SHA-1 (FIPS 180-4) in portable C: streaming interface (init,
 * update, final) and a one-shot helper. SHA-1 is broken for collision
 * resistance; it is here because it is still measured everywhere.
 */
#ifndef CM_IMPL_REF_SHA1_H
#define CM_IMPL_REF_SHA1_H

#include <stddef.h>
#include <stdint.h>

#define REF_SHA1_BLOCK 64
#define REF_SHA1_DIGEST 20

/* h = the chaining value after n whole blocks of p: the portable compression
 * (ref_sha1_blocks) or an instruction-set one (src/impl/x86/sha_ni.h). */
typedef void ref_sha1_blocks_fn(uint32_t h[5], const uint8_t *p, size_t n);

typedef struct ref_sha1_ctx {
    ref_sha1_blocks_fn *blocks; /* the compression this context uses */
    uint32_t h[5];      /* chaining value */
    uint64_t bytes;     /* message bytes absorbed so far */
    uint8_t buf[64];    /* partial block */
    size_t buf_len;     /* bytes in buf, 0..63 */
} ref_sha1_ctx;

/* Starts a new message with the portable compression. */
void ref_sha1_init(ref_sha1_ctx *c);

/* Starts a new message with the compression f. */
void ref_sha1_init_with(ref_sha1_ctx *c, ref_sha1_blocks_fn *f);

/* The portable compression. */
void ref_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n);

/* Absorbs len bytes of data (NULL allowed when len is 0). */
void ref_sha1_update(ref_sha1_ctx *c, const uint8_t *data, size_t len);

/* Pads, writes the 20-byte digest to out; c must be re-initialised before
 * reuse. */
void ref_sha1_final(ref_sha1_ctx *c, uint8_t out[20]);

/* out = SHA-1(msg[0..len)). */
void ref_sha1(const uint8_t *msg, size_t len, uint8_t out[20]);

#endif
