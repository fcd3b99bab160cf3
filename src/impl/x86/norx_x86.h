/*
 * norx_x86.h — the NORX v3.0 permutation F^4 on SIMD registers, drop-in
 * ref_norx64_permute_fn / ref_norx32_permute_fn for the sponge of
 * src/impl/ref/norx.h: NORX64 with AVX2 (norx64_avx2.c) and NORX32 with
 * SSSE3 (norx32_ssse3.c), the four rows of the state in four registers.
 * Call them only when cm_cpu_has() says the CPU has "avx2" / "ssse3".
 */
#ifndef CM_IMPL_X86_NORX_X86_H
#define CM_IMPL_X86_NORX_X86_H

#include <stdint.h>

void x86_norx64_avx2_permute(uint64_t s[16]);
void x86_norx32_ssse3_permute(uint32_t s[16]);

#endif
