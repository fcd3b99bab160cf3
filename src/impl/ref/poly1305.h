/*
 * poly1305.h — the Poly1305 one-time authenticator of RFC 8439 §2.5 in
 * portable C: streaming interface (init, update, final).
 *
 * Two arithmetic back-ends, chosen at compile time: three 44/44/42-bit limbs
 * with 64x64->128-bit products where the compiler has unsigned __int128
 * (64-bit GCC and Clang), otherwise five 26-bit limbs with 32x32->64-bit
 * products (any C11 compiler; 32-bit CPUs). Define REF_POLY1305_NO_INT128
 * to force the second one (tests do, to check it on a 64-bit machine).
 * Both are constant-time.
 */
#ifndef CM_IMPL_REF_POLY1305_H
#define CM_IMPL_REF_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SIZEOF_INT128__) && !defined(REF_POLY1305_NO_INT128)
#define REF_POLY1305_INT128 1
#else
#define REF_POLY1305_INT128 0
#endif

typedef struct ref_poly1305_ctx {
#if REF_POLY1305_INT128
    uint64_t r[3], h[3]; /* clamped r and accumulator, 44/44/42-bit limbs */
#else
    uint32_t r[5], h[5]; /* clamped r and accumulator, 26-bit limbs */
#endif
    uint32_t s[4];       /* the second half of the key, added at the end */
    uint8_t buf[16];     /* partial block */
    size_t buf_len;      /* bytes in buf, 0..15 */
} ref_poly1305_ctx;

/* Starts a MAC with the 32-byte one-time key (r || s). */
void ref_poly1305_init(ref_poly1305_ctx *c, const uint8_t key[32]);

/* Absorbs len bytes of data (NULL allowed when len is 0). */
void ref_poly1305_update(ref_poly1305_ctx *c, const uint8_t *data, size_t len);

/* Writes the 16-byte tag and wipes the context. */
void ref_poly1305_final(ref_poly1305_ctx *c, uint8_t tag[16]);

#endif
