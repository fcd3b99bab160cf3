/*
 * neon_a32.h — the few AArch64-only NEON intrinsics that the files of
 * src/impl/arm64/ use, defined from AArch32 ones, so that the same code
 * builds for 32-bit ARM (armhf: NEON of ARMv7, and the ARMv8 AES, PMULL,
 * SHA-1 and SHA-256 instructions in AArch32). Empty on aarch64.
 */
#ifndef CM_IMPL_ARM64_NEON_A32_H
#define CM_IMPL_ARM64_NEON_A32_H

#include <arm_neon.h>

#if defined(__arm__)
/* TRN1/TRN2: AArch32's VTRN gives both at once. */
static inline uint32x4_t vtrn1q_u32(uint32x4_t a, uint32x4_t b)
{
    return vtrnq_u32(a, b).val[0];
}

static inline uint32x4_t vtrn2q_u32(uint32x4_t a, uint32x4_t b)
{
    return vtrnq_u32(a, b).val[1];
}

static inline uint64x2_t vtrn1q_u64(uint64x2_t a, uint64x2_t b)
{
    return vcombine_u64(vget_low_u64(a), vget_low_u64(b));
}

static inline uint64x2_t vtrn2q_u64(uint64x2_t a, uint64x2_t b)
{
    return vcombine_u64(vget_high_u64(a), vget_high_u64(b));
}

/* RBIT of each byte: AArch32 has no vector RBIT; swap nibbles, pairs, bits. */
static inline uint8x16_t vrbitq_u8(uint8x16_t x)
{
    x = vorrq_u8(vshrq_n_u8(x, 4), vshlq_n_u8(x, 4));
    x = vorrq_u8(vandq_u8(vshrq_n_u8(x, 2), vdupq_n_u8(0x33)), vshlq_n_u8(vandq_u8(x, vdupq_n_u8(0x33)), 2));
    return vorrq_u8(vandq_u8(vshrq_n_u8(x, 1), vdupq_n_u8(0x55)), vshlq_n_u8(vandq_u8(x, vdupq_n_u8(0x55)), 1));
}
#endif

#endif
