/*
 * mbedtls_backend.c — the Mbed TLS backend: `cm_backend_mbedtls`, its
 * implementations (those this build's configuration has: the reasons for
 * the others are in data/backend_lacks.json), and its set-up:
 * psa_crypto_init where the library has PSA, since 3.x routes some of
 * the legacy calls through it (MBEDTLS_USE_PSA_CRYPTO). The work is in
 * mbedtls_symmetric.c, mbedtls_ecdsa.c, mbedtls_kex.c and mbedtls_rsa.c.
 */
#include <stdio.h>
#include "mbedtls_internal.h"
#ifdef MBEDTLS_PSA_CRYPTO_C
#include <psa/crypto.h>
#endif
#include "cryptometer/backend.h"

static const cm_impl mbed_impls[] = {
#if MBED_HAS_CBC
    CM_IMPL_CIPHER("aes-128-cbc", "default", &mbed_aes128cbc, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "default", &mbed_aes256cbc, NULL),
#endif
#if MBED_HAS_CTR
    CM_IMPL_CIPHER("aes-128-ctr", "default", &mbed_aes128ctr, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "default", &mbed_aes256ctr, NULL),
#endif
#if MBED_HAS_ECB
    CM_IMPL_CIPHER("aes-128-ecb", "default", &mbed_aes128ecb, NULL),
    CM_IMPL_CIPHER("aes-256-ecb", "default", &mbed_aes256ecb, NULL),
#endif
#if MBED_HAS_XTS
    CM_IMPL_CIPHER("aes-128-xts", "default", &mbed_aes128xts, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "default", &mbed_aes256xts, NULL),
#endif
#if MBED_HAS_CHACHA20
    CM_IMPL_CIPHER("chacha20", "default", &mbed_chacha20, NULL),
#endif
#if MBED_HAS_GCM
    CM_IMPL_AEAD("aes-128-gcm", "default", &mbed_aes128gcm, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "default", &mbed_aes256gcm, NULL),
#endif
#if MBED_HAS_CHACHAPOLY
    CM_IMPL_AEAD("chacha20-poly1305", "default", &mbed_chacha20poly1305, NULL),
#endif
#if MBED_HAS_SHA1
    CM_IMPL_HASH("sha1", "default", &mbed_sha1, NULL),
#endif
#if MBED_HAS_SHA256
    CM_IMPL_HASH("sha256", "default", &mbed_sha256, NULL),
#endif
#if MBED_HAS_SHA512
    CM_IMPL_HASH("sha512", "default", &mbed_sha512, NULL),
#endif
#if MBED_HAS_SHA3
    CM_IMPL_HASH("sha3-256", "default", &mbed_sha3_256, NULL),
    CM_IMPL_HASH("sha3-512", "default", &mbed_sha3_512, NULL),
#endif
#if MBED_HAS_POLY1305
    CM_IMPL_MAC("poly1305", "default", &mbed_poly1305, NULL),
#endif
#if MBED_HAS_SHA256
    CM_IMPL_MAC("hmac-sha256", "default", &mbed_hmac_sha256, NULL),
#endif
#if MBED_HAS_ECDSA_P256
    CM_IMPL_SIGNATURE("ecdsa-p256-sha256", "default", &mbed_ecdsa, NULL),
#endif
#if MBED_HAS_ECDSA_P384
    CM_IMPL_SIGNATURE("ecdsa-p384-sha384", "default", &mbed_ecdsa, NULL),
#endif
#if MBED_HAS_RSA
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &mbed_rsa_pss, NULL),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &mbed_rsa_pss, NULL),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &mbed_rsa_pss, NULL),
    CM_IMPL_PKE("rsa-2048-oaep-sha256", "default", &mbed_rsa_oaep, NULL),
    CM_IMPL_PKE("rsa-3072-oaep-sha256", "default", &mbed_rsa_oaep, NULL),
    CM_IMPL_PKE("rsa-4096-oaep-sha256", "default", &mbed_rsa_oaep, NULL),
#endif
#if MBED_HAS_X25519
    CM_IMPL_KEX("x25519", "default", &mbed_kex, NULL),
#endif
#if MBED_HAS_ECDH_P256
    CM_IMPL_KEX("ecdh-p256", "default", &mbed_kex, NULL),
#endif
};

/* The runtime library's version (mbedtls_version_get_string). */
static const char *mbed_version(void)
{
    static char v[18];
#ifdef MBEDTLS_VERSION_C
    mbedtls_version_get_string(v);
#else
    snprintf(v, sizeof v, "%s", MBEDTLS_VERSION_STRING);
#endif
    return v;
}

static cm_rc mbed_init(char *why, size_t why_len)
{
#ifdef MBEDTLS_PSA_CRYPTO_C
    psa_status_t s = psa_crypto_init();
    if (s != PSA_SUCCESS) {
        snprintf(why, why_len, "psa_crypto_init() failed (%d)", (int)s);
        return CM_ERR_LIBRARY;
    }
#else
    (void)why;
    (void)why_len;
#endif
    return CM_OK;
}

static void mbed_teardown(void)
{
#ifdef MBEDTLS_PSA_CRYPTO_C
    mbedtls_psa_crypto_free();
#endif
}

extern const cm_backend cm_backend_mbedtls;
const cm_backend cm_backend_mbedtls = {
    .name = "mbedtls",
    .description = "Mbed TLS libmbedcrypto through its module APIs (mbedtls_aes, gcm, "
                   "chachapoly, md, pk, rsa), keyed once",
    .version = mbed_version,
    .impls = mbed_impls,
    .n_impls = sizeof mbed_impls / sizeof mbed_impls[0],
    .build_tags = MBED_BUILD_TAGS,
    .init = mbed_init,
    .teardown = mbed_teardown,
};
