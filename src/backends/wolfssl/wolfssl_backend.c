/*
 * wolfssl_backend.c — the wolfSSL backend: `cm_backend_wolfssl`, its
 * implementations, the algorithms this build of wolfCrypt lacks with the
 * configure switch that is off (read from its options.h at compile time:
 * Debian's package is built with a chosen set), its set-up (wolfCrypt_Init)
 * and the acceleration it was built with. The work is in
 * wolfssl_symmetric.c, wolfssl_signature.c, wolfssl_rsa.c and the others
 * CMakeLists.txt lists.
 */
#include <stdio.h>
#include <jansson.h>
#include "wolfssl_internal.h"
#include <wolfssl/ssl.h>
#include <wolfssl/wolfcrypt/wc_port.h>
#include "cryptometer/backend.h"

/* Debian 12's wolfSSL 5.5 has post-quantum schemes (round-3 Kyber,
 * Dilithium, SPHINCS+: not FIPS 203/204/205) only through liboqs, and is
 * built without it (no HAVE_LIBOQS in options.h, no such symbol in
 * libwolfssl.so.35). */
#define WOLF_NO_PQ(alg, scheme)                                                          \
    "wolfSSL 5.5 as Debian builds it has no " alg ": its round-3 " scheme                \
    " comes only through liboqs, left out of the build (no HAVE_LIBOQS)"

static const cm_impl wolf_impls[] = {
#if WOLF_HAS_CBC
    CM_IMPL_CIPHER("aes-128-cbc", "wolfcrypt", &wolf_aes128cbc, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "wolfcrypt", &wolf_aes256cbc, NULL),
#endif
#if WOLF_HAS_CTR
    CM_IMPL_CIPHER("aes-128-ctr", "wolfcrypt", &wolf_aes128ctr, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "wolfcrypt", &wolf_aes256ctr, NULL),
#endif
#if WOLF_HAS_ECB
    CM_IMPL_CIPHER("aes-128-ecb", "wolfcrypt", &wolf_aes128ecb, NULL),
    CM_IMPL_CIPHER("aes-256-ecb", "wolfcrypt", &wolf_aes256ecb, NULL),
#endif
#if WOLF_HAS_XTS
    CM_IMPL_CIPHER("aes-128-xts", "wolfcrypt", &wolf_aes128xts, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "wolfcrypt", &wolf_aes256xts, NULL),
#endif
#if WOLF_HAS_CHACHA20
    CM_IMPL_CIPHER("chacha20", "wolfcrypt", &wolf_chacha20, NULL),
#endif
#if WOLF_HAS_GCM
    CM_IMPL_AEAD("aes-128-gcm", "wolfcrypt", &wolf_aes128gcm, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "wolfcrypt", &wolf_aes256gcm, NULL),
#endif
#if WOLF_HAS_CHACHAPOLY
    CM_IMPL_AEAD("chacha20-poly1305", "wolfcrypt", &wolf_chacha20poly1305, NULL),
#endif
#if WOLF_HAS_SHA1
    CM_IMPL_HASH("sha1", "wolfcrypt", &wolf_sha1, NULL),
#endif
#if WOLF_HAS_SHA256
    CM_IMPL_HASH("sha256", "wolfcrypt", &wolf_sha256, NULL),
#endif
#if WOLF_HAS_SHA512
    CM_IMPL_HASH("sha512", "wolfcrypt", &wolf_sha512, NULL),
#endif
#if WOLF_HAS_SHA3
    CM_IMPL_HASH("sha3-256", "wolfcrypt", &wolf_sha3_256, NULL),
    CM_IMPL_HASH("sha3-512", "wolfcrypt", &wolf_sha3_512, NULL),
#endif
#if WOLF_HAS_BLAKE2B
    CM_IMPL_HASH("blake2b-512", "wolfcrypt", &wolf_blake2b512, NULL),
#endif
#if WOLF_HAS_BLAKE2S
    CM_IMPL_HASH("blake2s-256", "wolfcrypt", &wolf_blake2s256, NULL),
#endif
#if WOLF_HAS_POLY1305
    CM_IMPL_MAC("poly1305", "wolfcrypt", &wolf_poly1305, NULL),
#endif
#if WOLF_HAS_HMAC
    CM_IMPL_MAC("hmac-sha256", "wolfcrypt", &wolf_hmac_sha256, NULL),
#endif
#if WOLF_HAS_ED25519
    CM_IMPL_SIGNATURE("ed25519", "wolfcrypt", &wolf_signature, NULL),
#endif
#if WOLF_HAS_ECDSA
    CM_IMPL_SIGNATURE("ecdsa-p256-sha256", "wolfcrypt", &wolf_signature, NULL),
#endif
#if WOLF_HAS_ECDSA_P384
    CM_IMPL_SIGNATURE("ecdsa-p384-sha384", "wolfcrypt", &wolf_signature, NULL),
#endif
#if WOLF_HAS_RSA_PSS
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "wolfcrypt", &wolf_rsa_pss, wolf_rsa_available),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "wolfcrypt", &wolf_rsa_pss, wolf_rsa_available),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "wolfcrypt", &wolf_rsa_pss, wolf_rsa_available),
#endif
    CM_IMPL_LACKING_PQ_SIGNATURES("wolfcrypt", WOLF_NO_PQ("ML-DSA", "Dilithium"),
                                  WOLF_NO_PQ("SLH-DSA", "SPHINCS+")),
    CM_IMPL_LACKING_PQ_KEMS("wolfcrypt", WOLF_NO_PQ("ML-KEM", "Kyber")),
#if WOLF_HAS_RSA_OAEP
    CM_IMPL_PKE("rsa-2048-oaep-sha256", "wolfcrypt", &wolf_rsa_oaep, wolf_rsa_available),
    CM_IMPL_PKE("rsa-3072-oaep-sha256", "wolfcrypt", &wolf_rsa_oaep, wolf_rsa_available),
    CM_IMPL_PKE("rsa-4096-oaep-sha256", "wolfcrypt", &wolf_rsa_oaep, wolf_rsa_available),
#endif
#if WOLF_HAS_X25519
    CM_IMPL_KEX("x25519", "wolfcrypt", &wolf_x25519, NULL),
#endif
#if WOLF_HAS_ECDH_P256
    CM_IMPL_KEX("ecdh-p256", "wolfcrypt", &wolf_ecdh, NULL),
#endif
    /* the table's algorithms this library lacks, with the reason */
#if !WOLF_HAS_CBC
    CM_IMPL_LACKING(CIPHER, "aes-128-cbc", "default",
                    "this wolfSSL was built without AES-CBC (NO_AES_CBC: --disable-aescbc)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-cbc", "default",
                    "this wolfSSL was built without AES-CBC (NO_AES_CBC: --disable-aescbc)"),
#endif
#if !WOLF_HAS_CTR
    CM_IMPL_LACKING(CIPHER, "aes-128-ctr", "default",
                    "this wolfSSL was built without AES-CTR (WOLFSSL_AES_COUNTER off: "
                    "--enable-aesctr not given)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-ctr", "default",
                    "this wolfSSL was built without AES-CTR (WOLFSSL_AES_COUNTER off: "
                    "--enable-aesctr not given)"),
#endif
#if !WOLF_HAS_ECB
    CM_IMPL_LACKING(CIPHER, "aes-128-ecb", "default",
                    "this wolfSSL was built without AES-ECB (HAVE_AES_ECB off)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-ecb", "default",
                    "this wolfSSL was built without AES-ECB (HAVE_AES_ECB off)"),
#endif
#if !WOLF_HAS_GCM
    CM_IMPL_LACKING(AEAD, "aes-128-gcm", "default",
                    "this wolfSSL was built without AES-GCM (HAVE_AESGCM off: --disable-aesgcm)"),
    CM_IMPL_LACKING(AEAD, "aes-256-gcm", "default",
                    "this wolfSSL was built without AES-GCM (HAVE_AESGCM off: --disable-aesgcm)"),
#endif
#if !WOLF_HAS_CHACHAPOLY
    CM_IMPL_LACKING(AEAD, "chacha20-poly1305", "default",
                    "this wolfSSL was built without ChaCha20 or Poly1305 (HAVE_CHACHA / "
                    "HAVE_POLY1305 off: --disable-chacha / --disable-poly1305)"),
#endif
#if !WOLF_HAS_SHA1
    CM_IMPL_LACKING(HASH, "sha1", "default",
                    "this wolfSSL was built without SHA-1 (NO_SHA: --disable-sha)"),
#endif
#if !WOLF_HAS_SHA256
    CM_IMPL_LACKING(HASH, "sha256", "default",
                    "this wolfSSL was built without SHA-256 (NO_SHA256: --disable-sha256)"),
#endif
#if !WOLF_HAS_SHA512
    CM_IMPL_LACKING(HASH, "sha512", "default",
                    "this wolfSSL was built without SHA-512 (WOLFSSL_SHA512 off: --disable-sha512)"),
#endif
#if !WOLF_HAS_HMAC
    CM_IMPL_LACKING(MAC, "hmac-sha256", "default",
                    "this wolfSSL was built without HMAC-SHA-256 (NO_HMAC or NO_SHA256)"),
#endif
#if !WOLF_HAS_XTS
    CM_IMPL_LACKING(CIPHER, "aes-128-xts", "default",
                    "this wolfSSL was built without AES-XTS (WOLFSSL_AES_XTS off: "
                    "--enable-xts not given)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-xts", "default",
                    "this wolfSSL was built without AES-XTS (WOLFSSL_AES_XTS off: "
                    "--enable-xts not given)"),
#endif
#if !WOLF_HAS_CHACHA20
    CM_IMPL_LACKING(CIPHER, "chacha20", "default",
                    "this wolfSSL was built without ChaCha20 (HAVE_CHACHA off: --disable-chacha)"),
#endif
#if !WOLF_HAS_POLY1305
    CM_IMPL_LACKING(MAC, "poly1305", "default",
                    "this wolfSSL was built without Poly1305 (HAVE_POLY1305 off: "
                    "--disable-poly1305)"),
#endif
#if !WOLF_HAS_SHA3
    CM_IMPL_LACKING(HASH, "sha3-256", "default",
                    "this wolfSSL was built without SHA-3 (WOLFSSL_SHA3 off: --disable-sha3)"),
    CM_IMPL_LACKING(HASH, "sha3-512", "default",
                    "this wolfSSL was built without SHA-3 (WOLFSSL_SHA3 off: --disable-sha3)"),
#endif
#if !WOLF_HAS_BLAKE2B
    CM_IMPL_LACKING(HASH, "blake2b-512", "default",
                    "this wolfSSL was built without BLAKE2b (HAVE_BLAKE2B off: "
                    "--enable-blake2 not given)"),
#endif
#if !WOLF_HAS_BLAKE2S
    CM_IMPL_LACKING(HASH, "blake2s-256", "default",
                    "this wolfSSL was built without BLAKE2s (HAVE_BLAKE2S off: "
                    "--enable-blake2s not given)"),
#endif
#if !WOLF_HAS_ED25519
    CM_IMPL_LACKING(SIGNATURE, "ed25519", "default",
                    "this wolfSSL was built without Ed25519 key generation (HAVE_ED25519 or "
                    "WOLFSSL_KEY_GEN off: --enable-ed25519 / --enable-keygen not given)"),
#endif
#if !WOLF_HAS_ECDSA
    CM_IMPL_LACKING(SIGNATURE, "ecdsa-p256-sha256", "default",
                    "this wolfSSL was built without ECC (HAVE_ECC off: --disable-ecc)"),
#endif
#if !WOLF_HAS_ECDSA_P384
    CM_IMPL_LACKING(SIGNATURE, "ecdsa-p384-sha384", "default",
                    "this wolfSSL was built without ECC or SHA-384 (HAVE_ECC, WOLFSSL_SHA384)"),
#endif
#if !WOLF_HAS_ECDH_P256
    CM_IMPL_LACKING(KEX, "ecdh-p256", "default",
                    "this wolfSSL was built without ECC (HAVE_ECC off: --disable-ecc)"),
#endif
#if !WOLF_HAS_X25519
    CM_IMPL_LACKING(KEX, "x25519", "default",
                    "this wolfSSL was built without Curve25519 (HAVE_CURVE25519 off: "
                    "--enable-curve25519 not given)"),
#endif
#if !WOLF_HAS_RSA_PSS
#define WOLF_NO_RSA_PSS                                                                  \
    "this wolfSSL was built without RSA-PSS or RSA key generation (NO_RSA, WC_RSA_PSS or " \
    "WOLFSSL_KEY_GEN off: --disable-rsa, --enable-rsapss / --enable-keygen not given)"
    CM_IMPL_LACKING(SIGNATURE, "rsa-2048-pss-sha256", "default", WOLF_NO_RSA_PSS),
    CM_IMPL_LACKING(SIGNATURE, "rsa-3072-pss-sha256", "default", WOLF_NO_RSA_PSS),
    CM_IMPL_LACKING(SIGNATURE, "rsa-4096-pss-sha256", "default", WOLF_NO_RSA_PSS),
#endif
#if !WOLF_HAS_RSA_OAEP
#define WOLF_NO_RSA_OAEP                                                                 \
    "this wolfSSL was built without RSA-OAEP or RSA key generation (NO_RSA, WC_NO_RSA_OAEP " \
    "or WOLFSSL_KEY_GEN off: --disable-rsa, --disable-oaep, --enable-keygen not given)"
    CM_IMPL_LACKING(PKE, "rsa-2048-oaep-sha256", "default", WOLF_NO_RSA_OAEP),
    CM_IMPL_LACKING(PKE, "rsa-3072-oaep-sha256", "default", WOLF_NO_RSA_OAEP),
    CM_IMPL_LACKING(PKE, "rsa-4096-oaep-sha256", "default", WOLF_NO_RSA_OAEP),
#endif
};

/* Defined name as a JSON boolean: was the switch on when wolfSSL was built. */
#define WOLF_SWITCH(obj, key, on) json_object_set_new(obj, key, json_boolean(on))

/* The acceleration this wolfCrypt was built with (its options.h): Debian's
 * package, for one, has no AES-NI, so its AES runs table code. */
static json_t *wolf_describe(void)
{
    json_t *o = json_object();
    if (o == NULL)
        return NULL;
#ifdef WOLFSSL_AESNI
    WOLF_SWITCH(o, "aesni", 1);
#else
    WOLF_SWITCH(o, "aesni", 0);
#endif
#ifdef USE_INTEL_SPEEDUP
    WOLF_SWITCH(o, "intel_speedup", 1);
#else
    WOLF_SWITCH(o, "intel_speedup", 0);
#endif
#ifdef WOLFSSL_HAVE_SP_ECC
    WOLF_SWITCH(o, "sp_ecc", 1);
#else
    WOLF_SWITCH(o, "sp_ecc", 0);
#endif
#ifdef WOLFSSL_SP_X86_64
    WOLF_SWITCH(o, "sp_x86_64_asm", 1);
#else
    WOLF_SWITCH(o, "sp_x86_64_asm", 0);
#endif
    json_object_set_new(o, "headers_version", json_string(LIBWOLFSSL_VERSION_STRING));
    return o;
}

static cm_rc wolf_init(char *why, size_t why_len)
{
    int ret = wolfCrypt_Init();
    if (ret != 0) {
        snprintf(why, why_len, "wolfCrypt_Init() failed (%d)", ret);
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

static void wolf_teardown(void)
{
    wolfCrypt_Cleanup();
}

extern const cm_backend cm_backend_wolfssl;
const cm_backend cm_backend_wolfssl = {
    .name = "wolfssl",
    .description = "wolfSSL's wolfCrypt through its wc_* API (Aes, wc_HashAlg, Hmac, "
                   "ed25519_key, ecc_key, RsaKey), keyed once",
    .version = wolfSSL_lib_version,
    .describe = wolf_describe,
    .impls = wolf_impls,
    .n_impls = sizeof wolf_impls / sizeof wolf_impls[0],
    .init = wolf_init,
    .teardown = wolf_teardown,
};
