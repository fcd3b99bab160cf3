/*
 * ref_own.h — the rows of the ref backend's BLAKE2, NORX and ChaCha20 alone (portable C,
 * ref_own.c) and of its SHA-NI and SIMD variants on x86-64 (ref_simd.c):
 * one block of rows for ref_backend.c, REF_OWN_ROWS, with its trailing
 * comma. Variants run in order from the most general to the most
 * specific; each x86 row's available() asks cm_cpu_has() for its features.
 */
#ifndef CM_BACKENDS_REF_OWN_H
#define CM_BACKENDS_REF_OWN_H

#include <stddef.h>
#include "cryptometer/backend.h"

extern const cm_hash_vtable ref_portable_blake2b_vtable, ref_portable_blake2s_vtable;
extern const cm_aead_vtable ref_portable_norx32_vtable, ref_portable_norx64_vtable;
extern const cm_cipher_vtable ref_portable_chacha20_vtable;

#define REF_OWN_PORTABLE_ROWS                                                                  \
    CM_IMPL_HASH("blake2b-512", "portable", &ref_portable_blake2b_vtable, NULL),               \
    CM_IMPL_HASH("blake2s-256", "portable", &ref_portable_blake2s_vtable, NULL),               \
    CM_IMPL_AEAD("norx32-4-1", "portable", &ref_portable_norx32_vtable, NULL),                 \
    CM_IMPL_AEAD("norx64-4-1", "portable", &ref_portable_norx64_vtable, NULL),                 \
    CM_IMPL_CIPHER("chacha20", "portable", &ref_portable_chacha20_vtable, NULL),

#ifdef CM_REF_X86

extern const cm_hash_vtable ref_shani_sha1_vtable, ref_shani_sha256_vtable,
    ref_avx2_blake2b_vtable, ref_sse41_blake2s_vtable;
extern const cm_aead_vtable ref_avx2_norx64_vtable, ref_ssse3_norx32_vtable;
extern const cm_cipher_vtable ref_avx2_chacha20_vtable;
extern const cm_aead_vtable ref_avx2_chapoly_vtable;

/* available() of each x86 variant (backend.h). */
int ref_own_shani_available(char *why, size_t why_len);
int ref_own_avx2_available(char *why, size_t why_len);
int ref_own_sse41_available(char *why, size_t why_len);
int ref_own_ssse3_available(char *why, size_t why_len);

#define REF_OWN_X86_ROWS                                                                       \
    CM_IMPL_HASH("sha1", "shani", &ref_shani_sha1_vtable, ref_own_shani_available),            \
    CM_IMPL_HASH("sha256", "shani", &ref_shani_sha256_vtable, ref_own_shani_available),        \
    CM_IMPL_HASH("blake2b-512", "avx2", &ref_avx2_blake2b_vtable, ref_own_avx2_available),     \
    CM_IMPL_HASH("blake2s-256", "sse41", &ref_sse41_blake2s_vtable, ref_own_sse41_available),   \
    CM_IMPL_AEAD("norx32-4-1", "ssse3", &ref_ssse3_norx32_vtable, ref_own_ssse3_available),     \
    CM_IMPL_AEAD("norx64-4-1", "avx2", &ref_avx2_norx64_vtable, ref_own_avx2_available),       \
    CM_IMPL_CIPHER("chacha20", "avx2", &ref_avx2_chacha20_vtable, ref_own_avx2_available),     \
    CM_IMPL_AEAD("chacha20-poly1305", "avx2", &ref_avx2_chapoly_vtable, ref_own_avx2_available),

#else

#define REF_OWN_X86_ROWS

#endif

#define REF_OWN_ROWS REF_OWN_PORTABLE_ROWS REF_OWN_X86_ROWS

#endif
