/*
 * norx_neon.h — F^4 of NORX32 and NORX64 (v3.0) with NEON
 * (norx_neon.c): drop-in ref_norx32/64_permute_fn for the portable sponge
 * of src/impl/ref/norx.h. Call them only when cm_cpu_has("asimd") says so.
 */
#ifndef CM_IMPL_ARM64_NORX_NEON_H
#define CM_IMPL_ARM64_NORX_NEON_H

#include <stdint.h>

void arm64_norx32_neon_permute(uint32_t s[16]);
void arm64_norx64_neon_permute(uint64_t s[16]);

#endif
