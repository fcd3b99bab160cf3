/*
 * mbedtls_internal.h — what the files of the Mbed TLS backend share: the
 * build configuration (2.28's config.h or 3.x's build_info.h, both reached
 * through version.h), the guards that say which algorithms this build of
 * libmbedcrypto has, and the vtables the table in mbedtls_backend.c
 * lists.
 *
 * Builds against 2.28 and 3.x: every version split is an
 * `#if MBED_HAVE_3` in these files, never in callers.
 */
#ifndef CM_BACKEND_MBEDTLS_INTERNAL_H
#define CM_BACKEND_MBEDTLS_INTERNAL_H

#include <mbedtls/version.h>
#include "cryptometer/primitive.h"

#if MBEDTLS_VERSION_NUMBER < 0x021C0000
#error "the mbedtls backend needs Mbed TLS 2.28 or later"
#endif

/* 1 when building against 3.x: private struct fields, mbedtls_pk_sign's
 * sig_size, the _ret hash names gone. */
#if MBEDTLS_VERSION_NUMBER >= 0x03000000
#define MBED_HAVE_3 1
#define MBED_BUILD_TAGS "mbedtls-3" /* chooses reasons of data/backend_lacks.json */
#else
#define MBED_HAVE_3 0
#define MBED_BUILD_TAGS "mbedtls-2"
#endif

/* Which algorithms this libmbedcrypto was built with: 1 or 0. */
#if defined(MBEDTLS_AES_C) && defined(MBEDTLS_CIPHER_MODE_CBC)
#define MBED_HAS_CBC 1
#else
#define MBED_HAS_CBC 0
#endif
#if defined(MBEDTLS_AES_C) /* ECB is the block cipher's own call */
#define MBED_HAS_ECB 1
#else
#define MBED_HAS_ECB 0
#endif
#if defined(MBEDTLS_AES_C) && defined(MBEDTLS_CIPHER_MODE_CTR)
#define MBED_HAS_CTR 1
#else
#define MBED_HAS_CTR 0
#endif
#if defined(MBEDTLS_AES_C) && defined(MBEDTLS_GCM_C)
#define MBED_HAS_GCM 1
#else
#define MBED_HAS_GCM 0
#endif
#if defined(MBEDTLS_CHACHAPOLY_C)
#define MBED_HAS_CHACHAPOLY 1
#else
#define MBED_HAS_CHACHAPOLY 0
#endif
#if defined(MBEDTLS_SHA1_C) && defined(MBEDTLS_MD_C)
#define MBED_HAS_SHA1 1
#else
#define MBED_HAS_SHA1 0
#endif
#if defined(MBEDTLS_SHA256_C) && defined(MBEDTLS_MD_C)
#define MBED_HAS_SHA256 1
#else
#define MBED_HAS_SHA256 0
#endif
#if defined(MBEDTLS_SHA512_C) && defined(MBEDTLS_MD_C)
#define MBED_HAS_SHA512 1
#else
#define MBED_HAS_SHA512 0
#endif
#if defined(MBEDTLS_AES_C) && defined(MBEDTLS_CIPHER_MODE_XTS)
#define MBED_HAS_XTS 1
#else
#define MBED_HAS_XTS 0
#endif
#if defined(MBEDTLS_CHACHA20_C)
#define MBED_HAS_CHACHA20 1
#else
#define MBED_HAS_CHACHA20 0
#endif
#if defined(MBEDTLS_POLY1305_C)
#define MBED_HAS_POLY1305 1
#else
#define MBED_HAS_POLY1305 0
#endif
/* SHA-3 came with 3.5 */
#if defined(MBEDTLS_SHA3_C) && defined(MBEDTLS_MD_C)
#define MBED_HAS_SHA3 1
#else
#define MBED_HAS_SHA3 0
#endif
#if MBED_HAS_SHA256 && defined(MBEDTLS_ECDSA_C) && defined(MBEDTLS_PK_C) \
    && defined(MBEDTLS_PK_PARSE_C) && defined(MBEDTLS_PK_WRITE_C) \
    && defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED) && defined(MBEDTLS_CTR_DRBG_C) \
    && defined(MBEDTLS_ENTROPY_C)
#define MBED_HAS_ECDSA_P256 1
#else
#define MBED_HAS_ECDSA_P256 0
#endif

#if defined(MBEDTLS_ECDH_C) && defined(MBEDTLS_ECP_DP_CURVE25519_ENABLED) \
    && defined(MBEDTLS_CTR_DRBG_C) && defined(MBEDTLS_ENTROPY_C)
#define MBED_HAS_X25519 1
#else
#define MBED_HAS_X25519 0
#endif
#if defined(MBEDTLS_ECDH_C) && defined(MBEDTLS_ECP_DP_SECP256R1_ENABLED) \
    && defined(MBEDTLS_PK_PARSE_C) && defined(MBEDTLS_CTR_DRBG_C) && defined(MBEDTLS_ENTROPY_C)
#define MBED_HAS_ECDH_P256 1
#else
#define MBED_HAS_ECDH_P256 0
#endif

/* RSA-PSS and RSA-OAEP (PKCS#1 v2.1), key generation, SPKI/PKCS#8 DER */
#if MBED_HAS_SHA256 && defined(MBEDTLS_RSA_C) && defined(MBEDTLS_PKCS1_V21) \
    && defined(MBEDTLS_GENPRIME) && defined(MBEDTLS_PK_C) && defined(MBEDTLS_PK_PARSE_C) \
    && defined(MBEDTLS_PK_WRITE_C) && defined(MBEDTLS_CTR_DRBG_C) && defined(MBEDTLS_ENTROPY_C)
#define MBED_HAS_RSA 1
#else
#define MBED_HAS_RSA 0
#endif

/* The group and public point of an EC key pair (private fields in 3.x). */
#if MBED_HAVE_3
#define MBED_KEYPAIR_GROUP_ID(kp) ((kp)->MBEDTLS_PRIVATE(grp).id)
#define MBED_KEYPAIR_Q(kp) ((kp)->MBEDTLS_PRIVATE(Q))
#else
#define MBED_KEYPAIR_GROUP_ID(kp) ((kp)->grp.id)
#define MBED_KEYPAIR_Q(kp) ((kp)->Q)
#endif

#if MBED_HAS_ECDSA_P256 && defined(MBEDTLS_ECP_DP_SECP384R1_ENABLED) \
    && (defined(MBEDTLS_SHA384_C) || (!MBED_HAVE_3 && defined(MBEDTLS_SHA512_C)))
#define MBED_HAS_ECDSA_P384 1
#else
#define MBED_HAS_ECDSA_P384 0
#endif

/* mbedtls_symmetric.c */
extern const cm_cipher_vtable mbed_aes128cbc, mbed_aes256cbc, mbed_aes128ctr, mbed_aes256ctr,
    mbed_aes128ecb, mbed_aes256ecb;
extern const cm_aead_vtable mbed_aes128gcm, mbed_aes256gcm, mbed_chacha20poly1305;
extern const cm_hash_vtable mbed_sha1, mbed_sha256, mbed_sha512, mbed_sha3_256, mbed_sha3_512;
extern const cm_mac_vtable mbed_hmac_sha256;

/* mbedtls_xts_chacha20_poly1305.c */
extern const cm_cipher_vtable mbed_aes128xts, mbed_aes256xts, mbed_chacha20;
extern const cm_mac_vtable mbed_poly1305;

/* mbedtls_kex.c: X25519 and ECDH P-256 (the algorithm's curve) */
extern const cm_kex_vtable mbed_kex;

/* mbedtls_ecdsa.c: ECDSA over the algorithm's curve and hash, DER */
extern const cm_signature_vtable mbed_ecdsa;

/* mbedtls_rsa.c: RSA-PSS and RSA-OAEP with the algorithm's key bits */
extern const cm_signature_vtable mbed_rsa_pss;
extern const cm_pke_vtable mbed_rsa_oaep;

#endif
