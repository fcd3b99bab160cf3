/*
 * ref_arm64.c — the ref backend's ARM variants (aarch64, and 32-bit ARM
 * where the same files build for AArch32) behind the class tables (see
 * ref_arm64.h): engines over src/impl/arm64/ for the CBC and CTR streams,
 * the GCM tables, the SHA and ChaCha20 tables, and what each needs of the
 * CPU. Compiled without instruction-set flags: only the files of
 * src/impl/arm64/ have them.
 */
#include <stdio.h>
#include "cryptometer/cpu.h"
#include "backends/ref/ref_aes_stream.h"
#include "backends/ref/ref_arm64.h"
#include "backends/ref/ref_own_impl.h"
#include "backends/ref/ref_state.h"
#include "impl/arm64/aes_arm64.h"
#include "impl/arm64/blake2_neon.h"
#include "impl/arm64/chacha20_neon.h"
#include "impl/arm64/gcm_arm64.h"
#include "impl/arm64/norx_neon.h"
#include "impl/arm64/sha_arm64.h"

/* ---- what each variant needs ---------------------------------------------- */

/* The features (data/cpu_features.json, "aarch64" or "arm") of the
 * instructions each file uses, the most telling first. The 32-bit table
 * calls Advanced SIMD "neon" (HWCAP_NEON). */
#if defined(__arm__)
#define NEON_FEATURE "neon"
#else
#define NEON_FEATURE "asimd"
#endif

int ref_arm64_aes_available(char *why, size_t why_len)
{
    return cm_cpu_has("aes", why, why_len);
}

int ref_arm64_gcm_available(char *why, size_t why_len)
{
    return cm_cpu_has("pmull,aes", why, why_len);
}

int ref_arm64_sha1_available(char *why, size_t why_len)
{
    return cm_cpu_has("sha1", why, why_len);
}

int ref_arm64_sha2_available(char *why, size_t why_len)
{
    return cm_cpu_has("sha2", why, why_len);
}

int ref_arm64_sha512_available(char *why, size_t why_len)
{
#if defined(__arm__)
    snprintf(why, why_len, "no SHA-512 instructions in AArch32 (ARMv8.2's SHA512 is AArch64 only)");
    return 0;
#else
    return cm_cpu_has("sha512", why, why_len);
#endif
}

int ref_arm64_neon_available(char *why, size_t why_len)
{
    return cm_cpu_has(NEON_FEATURE, why, why_len);
}

/* ---- AES-CBC and AES-CTR -------------------------------------------------- */

REF_AES_ENGINE(armce_engine, arm64_aes_key, arm64_aes_set_key, arm64_aes_encrypt_block,
               arm64_aes_cbc_encrypt, arm64_aes_cbc_decrypt, arm64_aes_ctr_xor);
REF_AES_CREATE(ref_armce, armce_engine)
REF_AES_VTABLE(ref_armce, 128, cbc);
REF_AES_VTABLE(ref_armce, 256, cbc);
REF_AES_VTABLE(ref_armce, 128, ctr);
REF_AES_VTABLE(ref_armce, 256, ctr);

/* ---- AES-GCM -------------------------------------------------------------- */

/* A new GCM key for exactly want_len key bytes (else CM_ERR_UNSUPPORTED). */
static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    cm_rc rc = ref_state_alloc(state, sizeof(arm64_gcm_key));
    if (rc != CM_OK)
        return rc;
    rc = arm64_gcm_set_key(*state, key, key_len);
    if (rc != CM_OK) {
        ref_state_free(*state, sizeof(arm64_gcm_key));
        *state = NULL;
    }
    return rc;
}

static cm_rc gcm128_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 16);
}

static cm_rc gcm256_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 32);
}

static cm_rc gcm_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len)
{
    return arm64_gcm_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

static cm_rc gcm_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    return arm64_gcm_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

/* Wipes and frees a GCM key; NULL is accepted. */
static void gcm_destroy(void *state)
{
    ref_state_free(state, sizeof(arm64_gcm_key));
}

const cm_aead_vtable ref_armce_gcm128_vtable = {gcm128_create, gcm_seal, gcm_open, gcm_destroy};
const cm_aead_vtable ref_armce_gcm256_vtable = {gcm256_create, gcm_seal, gcm_open, gcm_destroy};

/* ---- SHA, ChaCha20, BLAKE2, NORX ------------------------------------------------- */

REF_SHA_VTABLE(ref_armce_sha1_vtable, sha1, arm64_sha1_blocks)
REF_SHA_VTABLE(ref_armce_sha256_vtable, sha256, arm64_sha256_blocks)
#if !defined(__arm__)
REF_SHA_VTABLE(ref_sha512ce_sha512_vtable, sha512, arm64_sha512_blocks)
#endif
REF_CHACHA20_VTABLE(ref_neon_chacha20_vtable, arm64_chacha20_neon_xor)
REF_CHAPOLY_VTABLE(ref_neon_chapoly_vtable, arm64_chacha20_neon_xor)
REF_BLAKE2_VTABLE(ref_neon_blake2b_vtable, ref_blake2b, arm64_blake2b_neon_compress)
REF_BLAKE2_VTABLE(ref_neon_blake2s_vtable, ref_blake2s, arm64_blake2s_neon_compress)
REF_NORX_VTABLE(ref_neon_norx32_vtable, 32, arm64_norx32_neon_permute)
REF_NORX_VTABLE(ref_neon_norx64_vtable, 64, arm64_norx64_neon_permute)
