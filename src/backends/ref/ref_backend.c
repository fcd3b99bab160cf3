/*
 * ref_backend.c — the "ref" backend: cryptometer's own portable C
 * implementations (src/impl/ref/) behind the class tables of primitive.h.
 *
 * Variant `portable`: plain C11 with byte-wise loads and stores, no
 * intrinsics, no assembly, the same code on every CPU. It is the software
 * baseline that hardware paths and libraries are compared with, and always
 * available. On x86-64 the AES rows have variants with the AES instructions
 * too (`aesni`, `vaes256`: ref_x86.h), each available where the CPU has
 * its features; on aarch64 those with the ARMv8 Crypto Extensions and
 * NEON (`armce`, `sha512ce`, `neon`: ref_arm64.h). The AES
 * and GHASH code is table-based and not constant-time (see aes.h); it is
 * for measuring, not for protecting secrets.
 *
 * Every state is malloc'ed in create and wiped and freed in destroy.
 */
#include "cryptometer/backend.h"
#include "backends/ref/ref_aes_stream.h"
#include "backends/ref/ref_state.h"
#include <stdio.h>
#include "backends/ref/ref_arm64.h"
#include "backends/ref/ref_x86.h"
#include "backends/ref/ref_own.h"
#include "impl/ref/aes.h"
#include "impl/ref/aes_modes.h"
#include "impl/ref/chacha20_poly1305.h"
#include "impl/ref/gcm.h"
#include "impl/ref/hmac_sha256.h"
#include "impl/ref/sha1.h"
#include "impl/ref/sha256.h"
#include "impl/ref/sha512.h"
#include "ref_rng.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

/* ---- hashes ------------------------------------------------------------- */

/* A new SHA-1 context (scratch space for digest). */
static cm_rc sha1_create(void **state)
{
    return ref_state_alloc(state, sizeof(ref_sha1_ctx));
}

/* out = SHA-1(msg); the state is only scratch space. */
static cm_rc sha1_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha1_ctx *c = state;
    ref_sha1_init(c);
    ref_sha1_update(c, msg, len);
    ref_sha1_final(c, out);
    return CM_OK;
}

/* Wipes and frees a SHA-1 state; NULL is accepted. */
static void sha1_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_sha1_ctx));
}

/* A new SHA-256 context. */
static cm_rc sha256_create(void **state)
{
    return ref_state_alloc(state, sizeof(ref_sha256_ctx));
}

/* out = SHA-256(msg). */
static cm_rc sha256_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha256_ctx *c = state;
    ref_sha256_init(c);
    ref_sha256_update(c, msg, len);
    ref_sha256_final(c, out);
    return CM_OK;
}

/* Wipes and frees a SHA-256 state; NULL is accepted. */
static void sha256_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_sha256_ctx));
}

/* A new SHA-512 context. */
static cm_rc sha512_create(void **state)
{
    return ref_state_alloc(state, sizeof(ref_sha512_ctx));
}

/* out = SHA-512(msg). */
static cm_rc sha512_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha512_ctx *c = state;
    ref_sha512_init(c);
    ref_sha512_update(c, msg, len);
    ref_sha512_final(c, out);
    return CM_OK;
}

/* Wipes and frees a SHA-512 state; NULL is accepted. */
static void sha512_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_sha512_ctx));
}

static const cm_hash_vtable sha1_vtable = {sha1_create, sha1_digest, sha1_destroy};
static const cm_hash_vtable sha256_vtable = {sha256_create, sha256_digest, sha256_destroy};
static const cm_hash_vtable sha512_vtable = {sha512_create, sha512_digest, sha512_destroy};

/* ---- HMAC-SHA-256 --------------------------------------------------------- */

/* Any key length, 0 and longer than a block included. */
static cm_rc hmac_sha256_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc = ref_state_alloc(state, sizeof(ref_hmac_sha256_key));
    if (rc != CM_OK)
        return rc;
    ref_hmac_sha256_set_key(*state, key, key_len);
    return CM_OK;
}

/* out = HMAC-SHA-256(key, msg), reusing the precomputed key schedule. */
static cm_rc hmac_sha256_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_hmac_sha256(state, msg, len, out);
    return CM_OK;
}

/* Wipes and frees an HMAC key state; NULL is accepted. */
static void hmac_sha256_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_hmac_sha256_key));
}

static const cm_mac_vtable hmac_sha256_vtable = {hmac_sha256_create, hmac_sha256_mac,
                                                 hmac_sha256_destroy};

/* ---- AES-CBC and AES-CTR -------------------------------------------------- */

REF_AES_ENGINE(portable_engine, ref_aes_key, ref_aes_set_key, ref_aes_encrypt_block,
               ref_aes_cbc_encrypt, ref_aes_cbc_decrypt, ref_aes_ctr_xor);
REF_AES_CREATE(portable, portable_engine)
static REF_AES_VTABLE(portable, 128, cbc);
static REF_AES_VTABLE(portable, 256, cbc);
static REF_AES_VTABLE(portable, 128, ctr);
static REF_AES_VTABLE(portable, 256, ctr);

/* ---- AES-ECB -------------------------------------------------------------- */

/* A new AES key schedule for a key of exactly want_len bytes (else
 * CM_ERR_UNSUPPORTED): all the state ECB has. ref_aes_set_key fails only
 * for lengths other than 16, 24 and 32. */
static cm_rc ecb_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    cm_rc rc = ref_state_alloc(state, sizeof(ref_aes_key));
    return rc == CM_OK ? ref_aes_set_key(*state, key, key_len) : rc;
}

static cm_rc ecb128_create(void **state, const uint8_t *key, size_t key_len)
{
    return ecb_create(state, key, key_len, 16);
}

static cm_rc ecb256_create(void **state, const uint8_t *key, size_t key_len)
{
    return ecb_create(state, key, key_len, 32);
}

/* Whole blocks only (else CM_ERR_INVALID); ECB has no IV, iv is not read. */
static cm_rc ecb_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    (void)iv;
    return ref_aes_ecb(state, 0, in, out, len);
}

static cm_rc ecb_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    (void)iv;
    return ref_aes_ecb(state, 1, in, out, len);
}

/* Wipes and frees an AES key schedule; NULL is accepted. */
static void ecb_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_aes_key));
}

static const cm_cipher_vtable ecb128_vtable = {ecb128_create, ecb_encrypt, ecb_decrypt,
                                               ecb_destroy};
static const cm_cipher_vtable ecb256_vtable = {ecb256_create, ecb_encrypt, ecb_decrypt,
                                               ecb_destroy};

/* ---- AES-GCM -------------------------------------------------------------- */

/* A new GCM key for exactly want_len key bytes (else CM_ERR_UNSUPPORTED). */
static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    cm_rc rc;
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    rc = ref_state_alloc(state, sizeof(ref_gcm_key));
    if (rc != CM_OK)
        return rc;
    rc = ref_gcm_set_key(*state, key, key_len);
    if (rc != CM_OK) {
        ref_state_free(*state, sizeof(ref_gcm_key));
        *state = NULL;
    }
    return rc;
}

/* AES-128-GCM only: key_len must be 16. */
static cm_rc gcm128_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 16);
}

/* AES-256-GCM only: key_len must be 32. */
static cm_rc gcm256_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 32);
}

/* Any nonce length >= 1, tag_len 1..16 (see gcm.h). */
static cm_rc gcm_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len)
{
    return ref_gcm_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

/* CM_ERR_AUTH, with no plaintext written, when the tag does not match. */
static cm_rc gcm_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    return ref_gcm_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

/* Wipes and frees a GCM key (AES schedule and GHASH table); NULL is accepted. */
static void gcm_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_gcm_key));
}

static const cm_aead_vtable gcm128_vtable = {gcm128_create, gcm_seal, gcm_open, gcm_destroy};
static const cm_aead_vtable gcm256_vtable = {gcm256_create, gcm_seal, gcm_open, gcm_destroy};

/* ---- ChaCha20-Poly1305 ---------------------------------------------------- */

/* A 32-byte key only (else CM_ERR_UNSUPPORTED). */
static cm_rc chapoly_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    if (key_len != 32)
        return CM_ERR_UNSUPPORTED;
    rc = ref_state_alloc(state, sizeof(ref_chacha20_poly1305_key));
    if (rc != CM_OK)
        return rc;
    ref_chacha20_set_key(*state, key);
    return CM_OK;
}

/* 12-byte nonce only (else CM_ERR_UNSUPPORTED), tag_len 1..16. */
static cm_rc chapoly_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return ref_chacha20_poly1305_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                      tag_len);
}

/* CM_ERR_AUTH, with no plaintext written, when the tag does not match. */
static cm_rc chapoly_open(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return ref_chacha20_poly1305_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                      tag_len);
}

/* Wipes and frees a ChaCha20-Poly1305 key; NULL is accepted. */
static void chapoly_destroy(void *state)
{
    ref_state_free(state, sizeof(ref_chacha20_poly1305_key));
}

static const cm_aead_vtable chapoly_vtable = {chapoly_create, chapoly_seal, chapoly_open,
                                              chapoly_destroy};

/* ---- registration --------------------------------------------------------- */

/* The code is ours, so its version is cryptometer's. */
#ifndef CM_REF_ARM64
/* The aarch64 variants' rows in another architecture's build (ref_arm64.h). */
int ref_arm64_not_built(char *why, size_t why_len)
{
    snprintf(why, why_len, "aarch64 code: not in this build (its CPU is not aarch64)");
    return 0;
}
#endif

static const char *ref_version(void)
{
    return "cryptometer " CM_VERSION;
}

static const cm_impl ref_impls[] = {
    /* the variants of an algorithm from the most general to the most
     * specific: dispatch's choice is the last available one */
    CM_IMPL_CIPHER("aes-128-cbc", "portable", &portable_aes128_cbc_vtable, NULL),
    REF_X86_AES_CBC_ROWS("aes-128-cbc", 128)
    REF_ARM64_AES_CBC_ROWS("aes-128-cbc", 128)
    CM_IMPL_CIPHER("aes-256-cbc", "portable", &portable_aes256_cbc_vtable, NULL),
    REF_X86_AES_CBC_ROWS("aes-256-cbc", 256)
    REF_ARM64_AES_CBC_ROWS("aes-256-cbc", 256)
    CM_IMPL_CIPHER("aes-128-ctr", "portable", &portable_aes128_ctr_vtable, NULL),
    REF_X86_AES_CTR_ROWS("aes-128-ctr", 128)
    REF_ARM64_AES_CTR_ROWS("aes-128-ctr", 128)
    CM_IMPL_CIPHER("aes-256-ctr", "portable", &portable_aes256_ctr_vtable, NULL),
    REF_X86_AES_CTR_ROWS("aes-256-ctr", 256)
    REF_ARM64_AES_CTR_ROWS("aes-256-ctr", 256)
    CM_IMPL_CIPHER("aes-128-ecb", "portable", &ecb128_vtable, NULL),
    CM_IMPL_CIPHER("aes-256-ecb", "portable", &ecb256_vtable, NULL),
    CM_IMPL_AEAD("aes-128-gcm", "portable", &gcm128_vtable, NULL),
    REF_X86_AES_GCM_ROWS("aes-128-gcm", 128)
    REF_ARM64_AES_GCM_ROWS("aes-128-gcm", 128)
    CM_IMPL_AEAD("aes-256-gcm", "portable", &gcm256_vtable, NULL),
    REF_X86_AES_GCM_ROWS("aes-256-gcm", 256)
    REF_ARM64_AES_GCM_ROWS("aes-256-gcm", 256)
    CM_IMPL_AEAD("chacha20-poly1305", "portable", &chapoly_vtable, NULL),
    CM_IMPL_HASH("sha1", "portable", &sha1_vtable, NULL),
    CM_IMPL_HASH("sha256", "portable", &sha256_vtable, NULL),
    CM_IMPL_HASH("sha512", "portable", &sha512_vtable, NULL),
    CM_IMPL_MAC("hmac-sha256", "portable", &hmac_sha256_vtable, NULL),
    REF_RNG_ROWS
    /* BLAKE2, NORX, and the SHA-NI and SIMD variants (ref_own.h) */
    REF_OWN_ROWS
    /* the aarch64 SHA and NEON variants (ref_arm64.h) */
    REF_ARM64_OWN_ROWS
};

const cm_backend cm_backend_ref = {
    .name = "ref",
    .description = "cryptometer's own code: portable C",
    .version = ref_version,
    .impls = ref_impls,
    .n_impls = sizeof ref_impls / sizeof ref_impls[0],
    .peer_rank = 1, /* the first reference of other implementations' cross-checks */
};
