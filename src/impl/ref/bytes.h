/*
 * bytes.h — small helpers shared by cryptometer's portable C implementations
 * (src/impl/ref/): endian-explicit loads and stores built from single bytes
 * (correct on little- and big-endian CPUs and at any alignment), rotations,
 * a constant-time comparison and a wipe the compiler may not remove.
 *
 * Everything here is static inline; the header is private to src/impl/ref/.
 */
#ifndef CM_IMPL_REF_BYTES_H
#define CM_IMPL_REF_BYTES_H

#include <stddef.h>
#include <stdint.h>

/* The 32-bit big-endian value of p[0..3]. */
static inline uint32_t ref_load32_be(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* The 32-bit little-endian value of p[0..3]. */
static inline uint32_t ref_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The 64-bit big-endian value of p[0..7]. */
static inline uint64_t ref_load64_be(const uint8_t *p)
{
    return (uint64_t)ref_load32_be(p) << 32 | ref_load32_be(p + 4);
}

/* The 64-bit little-endian value of p[0..7]. */
static inline uint64_t ref_load64_le(const uint8_t *p)
{
    return (uint64_t)ref_load32_le(p + 4) << 32 | ref_load32_le(p);
}

/* Writes v to p[0..3], most significant byte first. */
static inline void ref_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Writes v to p[0..3], least significant byte first. */
static inline void ref_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* Writes v to p[0..7], most significant byte first. */
static inline void ref_store64_be(uint8_t *p, uint64_t v)
{
    ref_store32_be(p, (uint32_t)(v >> 32));
    ref_store32_be(p + 4, (uint32_t)v);
}

/* Writes v to p[0..7], least significant byte first. */
static inline void ref_store64_le(uint8_t *p, uint64_t v)
{
    ref_store32_le(p, (uint32_t)v);
    ref_store32_le(p + 4, (uint32_t)(v >> 32));
}

/* Rotations; n must be 1..31 (resp. 1..63). Compilers turn these into one
 * rotate instruction where the CPU has one. */
static inline uint32_t ref_rotl32(uint32_t v, unsigned n) { return v << n | v >> (32 - n); }
static inline uint32_t ref_rotr32(uint32_t v, unsigned n) { return v >> n | v << (32 - n); }
static inline uint64_t ref_rotr64(uint64_t v, unsigned n) { return v >> n | v << (64 - n); }

/* out[i] = a[i] ^ b[i] for i < n; out may alias a or b exactly. */
static inline void ref_xor_bytes(uint8_t *out, const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = a[i] ^ b[i];
}

/* 1 when a[0..n) equals b[0..n), else 0, in time that depends only on n
 * (for tag checks: no early exit on the first differing byte). */
static inline int ref_ct_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint32_t diff = 0;
    for (size_t i = 0; i < n; i++)
        diff |= (uint32_t)(a[i] ^ b[i]);
    /* diff is 0..255: (diff - 1) >> 8 has bit 0 set only when diff == 0. */
    return (int)(((diff - 1) >> 8) & 1);
}

/* Sets p[0..n) to zero through a volatile pointer, so that wiping a key
 * just before free() is not optimised away as a dead store. */
static inline void ref_wipe(void *p, size_t n)
{
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n--)
        *v++ = 0;
}

#endif
