/*
 * blake2_x86.h — BLAKE2 compressions on SIMD registers, drop-in
 * ref_blake2b_compress_fn / ref_blake2s_compress_fn for the drivers of
 * src/impl/ref/blake2.h: BLAKE2b with AVX2 (blake2b_avx2.c, the 4x64-bit
 * rows in one ymm register each) and BLAKE2s with SSE4.1 (blake2s_sse41.c,
 * the 4x32-bit rows in one xmm register each). Call them only when
 * cm_cpu_has() says the CPU has "avx2" / "sse4_1,ssse3".
 */
#ifndef CM_IMPL_X86_BLAKE2_X86_H
#define CM_IMPL_X86_BLAKE2_X86_H

#include <stdint.h>

void x86_blake2b_avx2_compress(uint64_t h[8], const uint8_t block[128], uint64_t t, int last);
void x86_blake2s_sse41_compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last);

#endif
