/*
 * gcrypt_backend.c — the libgcrypt backend: `cm_backend_libgcrypt`, its
 * set-up hook, and the one table that maps each cryptometer algorithm to
 * libgcrypt's identifiers (gcrypt_internal.h). The macros make, from each
 * row's spec, the create() the vtables need and the vtable; the work is in
 * gcrypt_cipher.c, gcrypt_digest.c, gcrypt_signature.c, gcrypt_kex.c and
 * gcrypt_rsa.c.
 *
 * One variant, `default`: libgcrypt picks its AES-NI, VAES, SSSE3, PCLMUL,
 * SHA-NI, AVX2 and ARMv8 code from the CPU (its "hwf" features) when it
 * initialises. GCRYCTL_DISABLE_HWF switches them off, for the whole process
 * and only before initialisation: gc_init does it for each name of
 * CRYPTOMETER_GCRYPT_DISABLE_HWF (comma-separated, e.g. "intel-aesni,
 * intel-pclmul"), the switch `explain` sets (data/cpu_switches.json).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cryptometer/backend.h"
#include "gcrypt_internal.h"

#define GC_HWF_ENV "CRYPTOMETER_GCRYPT_DISABLE_HWF"

/* GCRYCTL_DISABLE_HWF for each name of GC_HWF_ENV; a name libgcrypt refuses
 * is named in why. */
static cm_rc gc_disable_hwf(char *why, size_t why_len)
{
    const char *env = getenv(GC_HWF_ENV);
    char names[256];
    if (!env || !*env)
        return CM_OK;
    snprintf(names, sizeof names, "%s", env);
    for (char *save = NULL, *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
        if (gcry_control(GCRYCTL_DISABLE_HWF, name, NULL) != 0) {
            snprintf(why, why_len, "libgcrypt refuses the hardware feature name '%s' of %s", name, GC_HWF_ENV);
            return CM_ERR_LIBRARY;
        }
    }
    return CM_OK;
}

/* gcry_check_version (libgcrypt's required first call: it also checks that
 * the library loaded is at least the headers' version), then the end of
 * initialisation without secure memory (nothing here needs locked pages). */
static cm_rc gc_init(char *why, size_t why_len)
{
    if (gc_disable_hwf(why, why_len) != CM_OK)
        return CM_ERR_LIBRARY;
    if (gcry_check_version(GCRYPT_VERSION) == NULL) {
        snprintf(why, why_len, "the libgcrypt loaded (%s) is older than the headers built "
                 "against (%s)", gcry_check_version(NULL), GCRYPT_VERSION);
        return CM_ERR_LIBRARY;
    }
    if (gcry_control(GCRYCTL_DISABLE_SECMEM, 0) != 0
        || gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0) != 0) {
        snprintf(why, why_len, "gcry_control could not finish libgcrypt's initialisation");
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

static const char *gc_version(void)
{
    return gcry_check_version(NULL);
}

static const gc_spec spec_aes_128_cbc = {.cipher = GCRY_CIPHER_AES128, .mode = GCRY_CIPHER_MODE_CBC};
static const gc_spec spec_aes_256_cbc = {.cipher = GCRY_CIPHER_AES256, .mode = GCRY_CIPHER_MODE_CBC};
static const gc_spec spec_aes_128_ctr = {.cipher = GCRY_CIPHER_AES128, .mode = GCRY_CIPHER_MODE_CTR};
static const gc_spec spec_aes_256_ctr = {.cipher = GCRY_CIPHER_AES256, .mode = GCRY_CIPHER_MODE_CTR};
static const gc_spec spec_aes_128_xts = {.cipher = GCRY_CIPHER_AES128, .mode = GCRY_CIPHER_MODE_XTS};
static const gc_spec spec_aes_256_xts = {.cipher = GCRY_CIPHER_AES256, .mode = GCRY_CIPHER_MODE_XTS};
static const gc_spec spec_aes_128_ecb = {.cipher = GCRY_CIPHER_AES128, .mode = GCRY_CIPHER_MODE_ECB};
static const gc_spec spec_aes_256_ecb = {.cipher = GCRY_CIPHER_AES256, .mode = GCRY_CIPHER_MODE_ECB};
static const gc_spec spec_chacha20 = {.cipher = GCRY_CIPHER_CHACHA20, .mode = GCRY_CIPHER_MODE_STREAM};
static const gc_spec spec_aes_128_gcm = {.cipher = GCRY_CIPHER_AES128, .mode = GCRY_CIPHER_MODE_GCM};
static const gc_spec spec_aes_256_gcm = {.cipher = GCRY_CIPHER_AES256, .mode = GCRY_CIPHER_MODE_GCM};
static const gc_spec spec_chacha20_poly1305 = {.cipher = GCRY_CIPHER_CHACHA20,
                                               .mode = GCRY_CIPHER_MODE_POLY1305};
static const gc_spec spec_sha1 = {.md = GCRY_MD_SHA1};
static const gc_spec spec_sha256 = {.md = GCRY_MD_SHA256};
static const gc_spec spec_sha512 = {.md = GCRY_MD_SHA512};
static const gc_spec spec_sha3_256 = {.md = GCRY_MD_SHA3_256};
static const gc_spec spec_sha3_512 = {.md = GCRY_MD_SHA3_512};
static const gc_spec spec_blake2b_512 = {.md = GCRY_MD_BLAKE2B_512};
static const gc_spec spec_blake2s_256 = {.md = GCRY_MD_BLAKE2S_256};
static const gc_spec spec_hmac_sha256 = {.mac = GCRY_MAC_HMAC_SHA256};
static const gc_spec spec_poly1305 = {.mac = GCRY_MAC_POLY1305};

/* create() bound to a spec, and the vtable, per class. */
#define GC_CIPHER(id)                                                                  \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return gc_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_cipher_vtable id##_vt = {id##_create, gc_cipher_encrypt,          \
                                             gc_cipher_decrypt, gc_cipher_destroy};
#define GC_AEAD(id)                                                                    \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return gc_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_aead_vtable id##_vt = {id##_create, gc_aead_seal, gc_aead_open,    \
                                           gc_cipher_destroy};
#define GC_HASH(id)                                                                    \
    static cm_rc id##_create(void **st) { return gc_hash_create(&spec_##id, st); }     \
    static const cm_hash_vtable id##_vt = {id##_create, gc_hash_digest, gc_hash_destroy};
#define GC_MAC(id)                                                                     \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return gc_mac_create(&spec_##id, st, key, key_len); }                            \
    static const cm_mac_vtable id##_vt = {id##_create, gc_mac_mac, gc_mac_destroy};

GC_CIPHER(aes_128_cbc)
GC_CIPHER(aes_256_cbc)
GC_CIPHER(aes_128_ctr)
GC_CIPHER(aes_256_ctr)
GC_CIPHER(aes_128_xts)
GC_CIPHER(aes_256_xts)
GC_CIPHER(aes_128_ecb)
GC_CIPHER(aes_256_ecb)
GC_CIPHER(chacha20)
GC_AEAD(aes_128_gcm)
GC_AEAD(aes_256_gcm)
GC_AEAD(chacha20_poly1305)
GC_HASH(sha1)
GC_HASH(sha256)
GC_HASH(sha512)
GC_HASH(sha3_256)
GC_HASH(sha3_512)
GC_HASH(blake2b_512)
GC_HASH(blake2s_256)
GC_MAC(hmac_sha256)
GC_MAC(poly1305)

static const cm_impl gc_impls[] = {
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
    CM_IMPL_HASH("blake2b-512", "default", &blake2b_512_vt, NULL),
    CM_IMPL_HASH("blake2s-256", "default", &blake2s_256_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &hmac_sha256_vt, NULL),
    CM_IMPL_MAC("poly1305", "default", &poly1305_vt, NULL),
    CM_IMPL_SIGNATURE("ed25519", "default", &gc_ed25519_vtable, NULL),
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &gc_rsa_pss_vtable, NULL),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &gc_rsa_pss_vtable, NULL),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &gc_rsa_pss_vtable, NULL),
    CM_IMPL_KEX("x25519", "default", &gc_x25519_vtable, NULL),
    CM_IMPL_KEX("ecdh-p256", "default", &gc_ecdh_p256_vtable, NULL),
};

extern const cm_backend cm_backend_libgcrypt;
const cm_backend cm_backend_libgcrypt = {
    .name = "libgcrypt",
    .description = "libgcrypt (gcry_cipher, gcry_md, gcry_mac, gcry_pk with S-expressions), "
                   "keyed once as applications do",
    .version = gc_version,
    .impls = gc_impls,
    .n_impls = sizeof gc_impls / sizeof gc_impls[0],
    .init = gc_init,
};
