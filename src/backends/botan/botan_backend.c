/*
 * botan_backend.c — the Botan backend: `cm_backend_botan` and the one table
 * that maps each cryptometer algorithm to its Botan name (botan_internal.h).
 * The macros make, from each row's spec, the create() the vtables need and
 * the vtable; the work is in botan_cipher.c, botan_digest.c and
 * botan_signature.c.
 *
 * One variant, `default`: Botan picks its accelerated code (AES-NI, CLMUL,
 * SHA-NI, SIMD ChaCha...) from the CPU itself; BOTAN_CLEAR_CPUID can mask
 * it, once per process, before first use.
 */
#include "cryptometer/backend.h"
#include "botan_internal.h"

static const bt_spec spec_aes_128_cbc = {.name = "AES-128/CBC/NoPadding"};
static const bt_spec spec_aes_256_cbc = {.name = "AES-256/CBC/NoPadding"};
static const bt_spec spec_aes_128_ctr = {.name = "CTR-BE(AES-128)", .stream = 1};
static const bt_spec spec_aes_256_ctr = {.name = "CTR-BE(AES-256)", .stream = 1};
static const bt_spec spec_aes_128_xts = {.name = "AES-128/XTS", .unit = 1};
static const bt_spec spec_aes_256_xts = {.name = "AES-256/XTS", .unit = 1};
static const bt_spec spec_aes_128_gcm = {.aead_fmt = "AES-128/GCM(%zu)"};
static const bt_spec spec_aes_256_gcm = {.aead_fmt = "AES-256/GCM(%zu)"};
static const bt_spec spec_chacha20_poly1305 = {.name = "ChaCha20Poly1305"};
static const bt_spec spec_sha1 = {.name = "SHA-1"};
static const bt_spec spec_sha256 = {.name = "SHA-256"};
static const bt_spec spec_sha512 = {.name = "SHA-512"};
static const bt_spec spec_sha3_256 = {.name = "SHA-3(256)"};
static const bt_spec spec_sha3_512 = {.name = "SHA-3(512)"};
static const bt_spec spec_blake2b_512 = {.name = "BLAKE2b(512)"};
static const bt_spec spec_hmac_sha256 = {.name = "HMAC(SHA-256)"};
static const bt_spec spec_poly1305 = {.name = "Poly1305", .one_time_key = 1};
static const bt_spec spec_ed25519 = {.name = "Ed25519", .padding = "Pure"};
static const bt_spec spec_ecdsa_p256_sha256 = {.name = "ECDSA", .params = "secp256r1",
                                               .padding = "EMSA1(SHA-256)",
                                               .sig_flags = BOTAN_PUBKEY_DER_FORMAT_SIGNATURE};
static const bt_spec spec_ecdsa_p384_sha384 = {.name = "ECDSA", .params = "secp384r1",
                                               .padding = "EMSA1(SHA-384)",
                                               .sig_flags = BOTAN_PUBKEY_DER_FORMAT_SIGNATURE};
/* PSS: SHA-256, MGF1 with SHA-256, a 32-byte salt (Botan then requires
 * exactly that salt length on verifying) */
#define BT_PSS "EMSA4(SHA-256,MGF1,32)"
static const bt_spec spec_rsa_2048_pss = {.name = "RSA", .params = "2048", .padding = BT_PSS};
static const bt_spec spec_rsa_3072_pss = {.name = "RSA", .params = "3072", .padding = BT_PSS};
static const bt_spec spec_rsa_4096_pss = {.name = "RSA", .params = "4096", .padding = BT_PSS};

static const bt_spec spec_x25519 = {.name = "Curve25519", .params = ""};
static const bt_spec spec_ecdh_p256 = {.name = "ECDH", .params = "secp256r1"};
static const bt_spec spec_rsa_2048_oaep = {.params = "2048", .padding = "OAEP(SHA-256)"};
static const bt_spec spec_rsa_3072_oaep = {.params = "3072", .padding = "OAEP(SHA-256)"};
static const bt_spec spec_rsa_4096_oaep = {.params = "4096", .padding = "OAEP(SHA-256)"};

/* create() bound to a spec, and the vtable, per class. */
#define BT_CIPHER(id)                                                                  \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return bt_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_cipher_vtable id##_vt = {id##_create, bt_cipher_encrypt,          \
                                             bt_cipher_decrypt, bt_cipher_destroy};
#define BT_AEAD(id)                                                                    \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return bt_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_aead_vtable id##_vt = {id##_create, bt_aead_seal, bt_aead_open,    \
                                           bt_cipher_destroy};
#define BT_HASH(id)                                                                    \
    static cm_rc id##_create(void **st) { return bt_hash_create(&spec_##id, st); }     \
    static const cm_hash_vtable id##_vt = {id##_create, bt_hash_digest, bt_hash_destroy};
#define BT_MAC(id)                                                                     \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return bt_mac_create(&spec_##id, st, key, key_len); }                            \
    static const cm_mac_vtable id##_vt = {id##_create, bt_mac_mac, bt_mac_destroy};
#define BT_SIGNATURE(id)                                                               \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)                      \
    { return bt_sig_create(&spec_##id, st, alg); }                                     \
    static const cm_signature_vtable id##_vt = {                                       \
        id##_create, bt_sig_keygen, bt_sig_sign, bt_sig_verify,                        \
        bt_sig_set_public_key, bt_sig_get_public_key, bt_sig_destroy};

#define BT_KEX(id)                                                                     \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)                      \
    { return bt_kex_create(&spec_##id, st, alg); }                                     \
    static const cm_kex_vtable id##_vt = {id##_create, bt_kex_keygen,                  \
                                          bt_kex_set_private_key, bt_kex_get_public_key, \
                                          bt_kex_derive, bt_kex_destroy};
#define BT_PKE(id)                                                                     \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)                      \
    { return bt_pke_create(&spec_##id, st, alg); }                                     \
    static const cm_pke_vtable id##_vt = {id##_create, bt_pke_keygen, bt_pke_set_private_key, \
                                          bt_pke_set_public_key, bt_pke_get_public_key,  \
                                          bt_pke_encrypt, bt_pke_decrypt, bt_pke_destroy};

BT_CIPHER(aes_128_cbc)
BT_CIPHER(aes_256_cbc)
BT_CIPHER(aes_128_ctr)
BT_CIPHER(aes_256_ctr)
BT_CIPHER(aes_128_xts)
BT_CIPHER(aes_256_xts)
BT_AEAD(aes_128_gcm)
BT_AEAD(aes_256_gcm)
BT_AEAD(chacha20_poly1305)
BT_HASH(sha1)
BT_HASH(sha256)
BT_HASH(sha512)
BT_HASH(sha3_256)
BT_HASH(sha3_512)
BT_HASH(blake2b_512)
BT_MAC(hmac_sha256)
BT_MAC(poly1305)
BT_SIGNATURE(ed25519)
BT_SIGNATURE(ecdsa_p256_sha256)
BT_SIGNATURE(ecdsa_p384_sha384)
BT_SIGNATURE(rsa_2048_pss)
BT_SIGNATURE(rsa_3072_pss)
BT_SIGNATURE(rsa_4096_pss)
BT_KEX(x25519)
BT_KEX(ecdh_p256)
BT_PKE(rsa_2048_oaep)
BT_PKE(rsa_3072_oaep)
BT_PKE(rsa_4096_oaep)

static const cm_impl bt_impls[] = {
    CM_IMPL_CIPHER("aes-128-cbc", "default", &aes_128_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "default", &aes_256_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "default", &aes_128_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "default", &aes_256_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-128-xts", "default", &aes_128_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "default", &aes_256_xts_vt, NULL),
    CM_IMPL_AEAD("aes-128-gcm", "default", &aes_128_gcm_vt, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "default", &aes_256_gcm_vt, NULL),
    CM_IMPL_AEAD("chacha20-poly1305", "default", &chacha20_poly1305_vt, NULL),
    CM_IMPL_HASH("sha1", "default", &sha1_vt, NULL),
    CM_IMPL_HASH("sha256", "default", &sha256_vt, NULL),
    CM_IMPL_HASH("sha512", "default", &sha512_vt, NULL),
    CM_IMPL_HASH("sha3-256", "default", &sha3_256_vt, NULL),
    CM_IMPL_HASH("sha3-512", "default", &sha3_512_vt, NULL),
    CM_IMPL_HASH("blake2b-512", "default", &blake2b_512_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &hmac_sha256_vt, NULL),
    CM_IMPL_MAC("poly1305", "default", &poly1305_vt, NULL),
    CM_IMPL_SIGNATURE("ed25519", "default", &ed25519_vt, NULL),
    CM_IMPL_SIGNATURE("ecdsa-p256-sha256", "default", &ecdsa_p256_sha256_vt, NULL),
    CM_IMPL_SIGNATURE("ecdsa-p384-sha384", "default", &ecdsa_p384_sha384_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &rsa_2048_pss_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &rsa_3072_pss_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &rsa_4096_pss_vt, NULL),
    CM_IMPL_KEX("x25519", "default", &x25519_vt, NULL),
    CM_IMPL_KEX("ecdh-p256", "default", &ecdh_p256_vt, NULL),
    CM_IMPL_PKE("rsa-2048-oaep-sha256", "default", &rsa_2048_oaep_vt, NULL),
    CM_IMPL_PKE("rsa-3072-oaep-sha256", "default", &rsa_3072_oaep_vt, NULL),
    CM_IMPL_PKE("rsa-4096-oaep-sha256", "default", &rsa_4096_oaep_vt, NULL),
};

/* The version of the library loaded at run time. */
static const char *bt_version(void)
{
    return botan_version_string();
}

extern const cm_backend cm_backend_botan;
const cm_backend cm_backend_botan = {
    .name = "botan",
    .description = "Botan 2 through its C FFI (botan_cipher, botan_hash, botan_mac, "
                   "botan_privkey/botan_pk_op), keyed once as applications do",
    .version = bt_version,
    .impls = bt_impls,
    .n_impls = sizeof bt_impls / sizeof bt_impls[0],
};
