/*
 * blake2_neon.h — the BLAKE2b and BLAKE2s compressions with NEON
 * (blake2_neon.c): drop-in ref_blake2b/s_compress_fn for the portable
 * driver of src/impl/ref/blake2.h. Call them only when
 * cm_cpu_has("asimd") says so.
 */
#ifndef CM_IMPL_ARM64_BLAKE2_NEON_H
#define CM_IMPL_ARM64_BLAKE2_NEON_H

#include <stdint.h>

void arm64_blake2b_neon_compress(uint64_t h[8], const uint8_t block[128], uint64_t t, int last);
void arm64_blake2s_neon_compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last);

#endif
