/*
 * ref_arm64.h — the rows of the ref backend's aarch64 variants
 * (ref_arm64.c): `armce` (ARMv8 Crypto Extensions: AESE/AESMC, PMULL,
 * SHA1/SHA256 instructions) for AES-CBC, CTR, GCM, SHA-1 and SHA-256;
 * `sha512ce` (FEAT_SHA512 of ARMv8.2) for SHA-512; `neon` for ChaCha20,
 * ChaCha20-Poly1305, BLAKE2b, BLAKE2s, NORX32-4-1 and NORX64-4-1. Each
 * row's available() asks cm_cpu_has() for its features, so a CPU without
 * them (Cortex-A53 has no SHA512), or a mask (--isa, CRYPTOMETER_ISA_MASK),
 * makes it unavailable with the missing feature named.
 *
 * The code is compiled for aarch64 and 32-bit ARM (CM_REF_ARM64, set by
 * CMakeLists.txt; on 32-bit ARM, NEON is the "neon" feature and the
 * sha512ce row has no code: AArch32 has no SHA-512 instructions): elsewhere
 * the rows have no vtable and are listed unavailable, "aarch64 code: not in
 * this build". Each macro expands to its
 * rows with their trailing commas.
 */
#ifndef CM_BACKENDS_REF_ARM64_H
#define CM_BACKENDS_REF_ARM64_H

#include <stddef.h>
#include "cryptometer/primitive.h"

#ifdef CM_REF_ARM64

extern const cm_cipher_vtable ref_armce_aes128_cbc_vtable, ref_armce_aes256_cbc_vtable,
    ref_armce_aes128_ctr_vtable, ref_armce_aes256_ctr_vtable, ref_neon_chacha20_vtable;
extern const cm_aead_vtable ref_armce_gcm128_vtable, ref_armce_gcm256_vtable,
    ref_neon_chapoly_vtable, ref_neon_norx32_vtable, ref_neon_norx64_vtable;
extern const cm_hash_vtable ref_armce_sha1_vtable, ref_armce_sha256_vtable,
    ref_sha512ce_sha512_vtable, ref_neon_blake2b_vtable, ref_neon_blake2s_vtable;

/* available() of each variant's rows (backend.h). */
int ref_arm64_aes_available(char *why, size_t why_len);
int ref_arm64_gcm_available(char *why, size_t why_len);
int ref_arm64_sha1_available(char *why, size_t why_len);
int ref_arm64_sha2_available(char *why, size_t why_len);
int ref_arm64_sha512_available(char *why, size_t why_len);
int ref_arm64_neon_available(char *why, size_t why_len);

#define REF_ARM64_VT(vtable) (&vtable)
#define REF_ARM64_AVAIL(fn) fn
#if defined(__arm__)
#define REF_SHA512CE_VT(vtable) NULL
#else
#define REF_SHA512CE_VT(vtable) REF_ARM64_VT(vtable)
#endif

#else

/* Another architecture: the rows are still listed, unavailable, with no
 * code behind them (ref_backend.c says why), so that `list` shows every
 * variant the project has. */
int ref_arm64_not_built(char *why, size_t why_len);
#define REF_ARM64_VT(vtable) NULL
#define REF_ARM64_AVAIL(fn) ref_arm64_not_built
#define REF_SHA512CE_VT(vtable) NULL

#endif

/* One row: mk is CM_IMPL_CIPHER, CM_IMPL_AEAD or CM_IMPL_HASH. */
#define REF_ARM64_ROW(mk, alg, variant, vtable, avail)                                         \
    mk(alg, variant, REF_ARM64_VT(vtable), REF_ARM64_AVAIL(avail)),

#define REF_ARM64_AES_CBC_ROWS(alg, bits)                                                      \
    REF_ARM64_ROW(CM_IMPL_CIPHER, alg, "armce", ref_armce_aes##bits##_cbc_vtable,              \
                  ref_arm64_aes_available)
#define REF_ARM64_AES_CTR_ROWS(alg, bits)                                                      \
    REF_ARM64_ROW(CM_IMPL_CIPHER, alg, "armce", ref_armce_aes##bits##_ctr_vtable,              \
                  ref_arm64_aes_available)
#define REF_ARM64_AES_GCM_ROWS(alg, bits)                                                      \
    REF_ARM64_ROW(CM_IMPL_AEAD, alg, "armce", ref_armce_gcm##bits##_vtable,                    \
                  ref_arm64_gcm_available)
/* after the portable rows of these algorithms (ref_own.h) */
#define REF_ARM64_OWN_ROWS                                                                     \
    REF_ARM64_ROW(CM_IMPL_HASH, "sha1", "armce", ref_armce_sha1_vtable, ref_arm64_sha1_available) \
    REF_ARM64_ROW(CM_IMPL_HASH, "sha256", "armce", ref_armce_sha256_vtable,                    \
                  ref_arm64_sha2_available)                                                    \
    CM_IMPL_HASH("sha512", "sha512ce", REF_SHA512CE_VT(ref_sha512ce_sha512_vtable),            \
                 REF_ARM64_AVAIL(ref_arm64_sha512_available)),                                 \
    REF_ARM64_ROW(CM_IMPL_CIPHER, "chacha20", "neon", ref_neon_chacha20_vtable,                \
                  ref_arm64_neon_available)                                                    \
    REF_ARM64_ROW(CM_IMPL_AEAD, "chacha20-poly1305", "neon", ref_neon_chapoly_vtable,          \
                  ref_arm64_neon_available)                                                    \
    REF_ARM64_ROW(CM_IMPL_HASH, "blake2b-512", "neon", ref_neon_blake2b_vtable,                \
                  ref_arm64_neon_available)                                                    \
    REF_ARM64_ROW(CM_IMPL_HASH, "blake2s-256", "neon", ref_neon_blake2s_vtable,                \
                  ref_arm64_neon_available)                                                    \
    REF_ARM64_ROW(CM_IMPL_AEAD, "norx32-4-1", "neon", ref_neon_norx32_vtable,                  \
                  ref_arm64_neon_available)                                                    \
    REF_ARM64_ROW(CM_IMPL_AEAD, "norx64-4-1", "neon", ref_neon_norx64_vtable,                  \
                  ref_arm64_neon_available)

#endif
