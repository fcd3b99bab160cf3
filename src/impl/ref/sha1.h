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

typedef struct ref_sha1_ctx {
    uint32_t h[5];      /* chaining value */
    uint64_t bytes;     /* message bytes absorbed so far */
    uint8_t buf[64];    /* partial block */
    size_t buf_len;     /* bytes in buf, 0..63 */
} ref_sha1_ctx;

/* Starts a new message. */
void ref_sha1_init(ref_sha1_ctx *c);

/* Absorbs len bytes of data (NULL allowed when len is 0). */
void ref_sha1_update(ref_sha1_ctx *c, const uint8_t *data, size_t len);

/* Pads, writes the 20-byte digest to out; c must be re-initialised before
 * reuse. */
void ref_sha1_final(ref_sha1_ctx *c, uint8_t out[20]);

/* out = SHA-1(msg[0..len)). */
void ref_sha1(const uint8_t *msg, size_t len, uint8_t out[20]);

#endif
