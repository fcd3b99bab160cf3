/*
 * stream_rest.h — carrying a stream cipher on from the next keystream byte
 * for a library whose call drops the rest of its last keystream block
 * (Nettle's ctr_crypt and chacha_crypt32, GnuTLS's ChaCha20): the
 * primitive.h contract is that a call with iv NULL continues the previous
 * one as if both had been one call.
 *
 * Whole blocks go to the library as they are; a tail shorter than a block
 * takes one more keystream block from the library (it encrypts a block of
 * zeros, which also steps its counter past it), uses what it needs and keeps
 * the rest for the next call.
 */
#ifndef CM_IMPL_STREAM_REST_H
#define CM_IMPL_STREAM_REST_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define STREAM_REST_MAX 64 /* the largest block: ChaCha20's */

typedef struct stream_rest {
    uint8_t ks[STREAM_REST_MAX]; /* the current keystream block */
    size_t block;                /* the library's block length */
    size_t used;                 /* bytes of ks used (block: none left) */
} stream_rest;

/* The library's call over len bytes, len a multiple of the block: 0, or -1
 * when it failed. */
typedef int stream_rest_crypt_fn(void *ctx, const uint8_t *in, uint8_t *out, size_t len);

/* Forgets any rest: the stream starts on a block boundary (a new IV). */
static inline void stream_rest_reset(stream_rest *r, size_t block)
{
    r->block = block;
    r->used = block;
}

/* Processes len bytes from the current position of the stream: 0, or -1
 * when the library failed. */
static inline int stream_rest_run(stream_rest *r, stream_rest_crypt_fn *crypt, void *ctx,
                                  const uint8_t *in, uint8_t *out, size_t len)
{
    size_t bulk;
    while (len > 0 && r->used < r->block) {
        *out++ = *in++ ^ r->ks[r->used++];
        len--;
    }
    bulk = len - len % r->block;
    if (bulk > 0 && crypt(ctx, in, out, bulk) != 0)
        return -1;
    in += bulk, out += bulk, len -= bulk;
    if (len > 0) {
        memset(r->ks, 0, r->block);
        if (crypt(ctx, r->ks, r->ks, r->block) != 0)
            return -1;
        for (size_t i = 0; i < len; i++)
            out[i] = in[i] ^ r->ks[i];
        r->used = len;
    }
    return 0;
}

#endif
