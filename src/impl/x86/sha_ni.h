/*
 * sha_ni.h — the SHA-1 and SHA-256 compressions with the x86 SHA
 * extensions (sha_ni.c, compiled with -msha -msse4.1): drop-in
 * ref_sha1_blocks_fn / ref_sha256_blocks_fn for the portable drivers of
 * src/impl/ref/sha1.h and sha256.h. Call them only when cm_cpu_has("sha_ni,
 * sse4_1, ssse3") says so.
 */
#ifndef CM_IMPL_X86_SHA_NI_H
#define CM_IMPL_X86_SHA_NI_H

#include <stddef.h>
#include <stdint.h>

void x86_shani_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n);
void x86_shani_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n);

#endif
