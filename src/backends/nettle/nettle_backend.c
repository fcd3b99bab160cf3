/*
 * nettle_backend.c — the Nettle backend: `cm_backend_nettle` and the one
 * table that maps each cryptometer algorithm to Nettle (nettle_internal.h).
 *
 * A spec binds an algorithm to Nettle's own description of it
 * (nettle-meta.h) and the entry points that description lacks; the macros
 * below make from each spec the create() the vtables need (they take no
 * algorithm argument) and the vtable. One variant, `default`: Nettle picks
 * its x86_64 and arm64 assembly itself at load time (fat build), from the
 * CPU, and offers no call to choose.
 */
#include <stdio.h>
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/gcm.h>
#include <nettle/version.h>
#include <nettle/xts.h>
#include "cryptometer/backend.h"
#include "nettle_internal.h"

/* Nettle 3.8 made AES-CBC encryption one call (cbc_aes128_encrypt). */
#if NETTLE_VERSION_MAJOR > 3 || (NETTLE_VERSION_MAJOR == 3 && NETTLE_VERSION_MINOR >= 8)
static void cbc128(const void *ctx, uint8_t *iv, size_t len, uint8_t *dst, const uint8_t *src)
{
    cbc_aes128_encrypt(ctx, iv, len, dst, src);
}
static void cbc256(const void *ctx, uint8_t *iv, size_t len, uint8_t *dst, const uint8_t *src)
{
    cbc_aes256_encrypt(ctx, iv, len, dst, src);
}
#define NT_CBC128 cbc128
#define NT_CBC256 cbc256
#else
#define NT_CBC128 NULL /* cbc_encrypt with aes128_encrypt, block by block */
#define NT_CBC256 NULL
#endif

/* GCM IVs of any length (nettle_aead's set_nonce takes 96 bits only). */
static void gcm128_iv(void *ctx, size_t len, const uint8_t *iv)
{
    gcm_aes128_set_iv(ctx, len, iv);
}
static void gcm256_iv(void *ctx, size_t len, const uint8_t *iv)
{
    gcm_aes256_set_iv(ctx, len, iv);
}

/* AES-XTS: Nettle's functions, typed for nt_xts_ops. */
#define NT_XTS_OPS(bits)                                                               \
    static void xts##bits##_enc_key(void *c, const uint8_t *k)                         \
    { xts_aes##bits##_set_encrypt_key(c, k); }                                         \
    static void xts##bits##_dec_key(void *c, const uint8_t *k)                         \
    { xts_aes##bits##_set_decrypt_key(c, k); }                                         \
    static void xts##bits##_enc(void *c, const uint8_t *t, size_t n, uint8_t *d,       \
                                const uint8_t *s)                                      \
    { xts_aes##bits##_encrypt_message(c, t, n, d, s); }                                \
    static void xts##bits##_dec(void *c, const uint8_t *t, size_t n, uint8_t *d,       \
                                const uint8_t *s)                                      \
    { xts_aes##bits##_decrypt_message(c, t, n, d, s); }                                \
    static const nt_xts_ops xts_aes##bits = {                                          \
        2 * AES##bits##_KEY_SIZE, sizeof(struct xts_aes##bits##_key), xts##bits##_enc_key, \
        xts##bits##_dec_key, xts##bits##_enc, xts##bits##_dec};
NT_XTS_OPS(128)
NT_XTS_OPS(256)

static const nt_spec spec_aes_128_cbc = {.cipher = &nettle_aes128, .mode = NT_CBC,
                                         .cbc_encrypt = NT_CBC128};
static const nt_spec spec_aes_256_cbc = {.cipher = &nettle_aes256, .mode = NT_CBC,
                                         .cbc_encrypt = NT_CBC256};
static const nt_spec spec_aes_128_ctr = {.cipher = &nettle_aes128, .mode = NT_CTR};
static const nt_spec spec_aes_256_ctr = {.cipher = &nettle_aes256, .mode = NT_CTR};
static const nt_spec spec_aes_128_xts = {.mode = NT_XTS, .xts = &xts_aes128};
static const nt_spec spec_aes_256_xts = {.mode = NT_XTS, .xts = &xts_aes256};
static const nt_spec spec_aes_128_ecb = {.cipher = &nettle_aes128, .mode = NT_ECB};
static const nt_spec spec_aes_256_ecb = {.cipher = &nettle_aes256, .mode = NT_ECB};
static const nt_spec spec_chacha20 = {.mode = NT_CHACHA};
static const nt_spec spec_aes_128_gcm = {.aead = &nettle_gcm_aes128, .set_iv = gcm128_iv};
static const nt_spec spec_aes_256_gcm = {.aead = &nettle_gcm_aes256, .set_iv = gcm256_iv};
static const nt_spec spec_chacha20_poly1305 = {.aead = &nettle_chacha_poly1305};
static const nt_spec spec_sha1 = {.hash = &nettle_sha1};
static const nt_spec spec_sha256 = {.hash = &nettle_sha256};
static const nt_spec spec_sha512 = {.hash = &nettle_sha512};
static const nt_spec spec_sha3_256 = {.hash = &nettle_sha3_256};
static const nt_spec spec_sha3_512 = {.hash = &nettle_sha3_512};

/* create() bound to a spec, and the vtable, per class. */
#define NT_CIPHER(id)                                                                  \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return nt_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_cipher_vtable id##_vt = {id##_create, nt_cipher_encrypt,          \
                                             nt_cipher_decrypt, nt_cipher_destroy};
#define NT_AEAD(id)                                                                    \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return nt_aead_create(&spec_##id, st, key, key_len); }                           \
    static const cm_aead_vtable id##_vt = {id##_create, nt_aead_seal, nt_aead_open,    \
                                           nt_aead_destroy};
#define NT_HASH(id)                                                                    \
    static cm_rc id##_create(void **st) { return nt_hash_create(&spec_##id, st); }     \
    static const cm_hash_vtable id##_vt = {id##_create, nt_hash_digest, nt_hash_destroy};

NT_CIPHER(aes_128_cbc)
NT_CIPHER(aes_256_cbc)
NT_CIPHER(aes_128_ctr)
NT_CIPHER(aes_256_ctr)
NT_CIPHER(aes_128_xts)
NT_CIPHER(aes_256_xts)
NT_CIPHER(aes_128_ecb)
NT_CIPHER(aes_256_ecb)
NT_CIPHER(chacha20)
NT_AEAD(aes_128_gcm)
NT_AEAD(aes_256_gcm)
NT_AEAD(chacha20_poly1305)
NT_HASH(sha1)
NT_HASH(sha256)
NT_HASH(sha512)
NT_HASH(sha3_256)
NT_HASH(sha3_512)

/* The headers of this Nettle that choose a reason of
 * data/backend_lacks.json (cm_backend.build_tags): one it has and this
 * backend does not call yet, or one it lacks. */
#if defined(__has_include) && __has_include(<nettle/blake2.h>)
#define NT_TAG_BLAKE2 " blake2.h"
#else
#define NT_TAG_BLAKE2 ""
#endif
#if defined(__has_include) && __has_include(<nettle/oaep.h>)
#define NT_TAG_OAEP " oaep.h"
#else
#define NT_TAG_OAEP ""
#endif

static const cm_impl nt_impls[] = {
    CM_IMPL_CIPHER("aes-128-cbc", "default", &aes_128_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "default", &aes_256_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "default", &aes_128_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "default", &aes_256_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-128-xts", "default", &aes_128_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "default", &aes_256_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ecb", "default", &aes_128_ecb_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ecb", "default", &aes_256_ecb_vt, NULL),
    CM_IMPL_CIPHER("chacha20", "default", &chacha20_vt, NULL),
    CM_IMPL_AEAD("aes-128-gcm", "default", &aes_128_gcm_vt, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "default", &aes_256_gcm_vt, NULL),
    CM_IMPL_AEAD("chacha20-poly1305", "default", &chacha20_poly1305_vt, NULL),
    CM_IMPL_HASH("sha1", "default", &sha1_vt, NULL),
    CM_IMPL_HASH("sha256", "default", &sha256_vt, NULL),
    CM_IMPL_HASH("sha512", "default", &sha512_vt, NULL),
    CM_IMPL_HASH("sha3-256", "default", &sha3_256_vt, NULL),
    CM_IMPL_HASH("sha3-512", "default", &sha3_512_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &nt_hmac_sha256_vtable, NULL),
    CM_IMPL_SIGNATURE("ed25519", "default", &nt_ed25519_vtable, NULL),
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &nt_rsa_pss_vtable, NULL),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &nt_rsa_pss_vtable, NULL),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &nt_rsa_pss_vtable, NULL),
    CM_IMPL_KEX("x25519", "default", &nt_x25519_vtable, NULL),
    CM_IMPL_KEX("ecdh-p256", "default", &nt_ecdh_p256_vtable, NULL),
};

/* "major.minor" of the library loaded at run time (Nettle reports no patch
 * level). */
static const char *nt_version(void)
{
    static char v[32];
    snprintf(v, sizeof v, "%d.%d", nettle_version_major(), nettle_version_minor());
    return v;
}

extern const cm_backend cm_backend_nettle;
const cm_backend cm_backend_nettle = {
    .name = "nettle",
    .description = "Nettle (nettle + hogweed): the low-level functions, keyed once, "
                   "as GnuTLS calls them",
    .version = nt_version,
    .impls = nt_impls,
    .n_impls = sizeof nt_impls / sizeof nt_impls[0],
    .build_tags = NT_TAG_BLAKE2 NT_TAG_OAEP,
};
