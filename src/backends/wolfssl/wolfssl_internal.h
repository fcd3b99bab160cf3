/*
 * wolfssl_internal.h — what the files of the wolfSSL backend share: the
 * wolfSSL headers in the order they need (options.h, the library's build
 * configuration, first), the guards that say which algorithms this build
 * of wolfCrypt has, and the vtables the table in wolfssl_backend.c lists.
 */
#ifndef CM_BACKEND_WOLFSSL_INTERNAL_H
#define CM_BACKEND_WOLFSSL_INTERNAL_H

#include <wolfssl/options.h>
#include <wolfssl/wolfcrypt/settings.h>
#include "cryptometer/primitive.h"

/* Which algorithms this wolfCrypt was built with (its options.h): 1 or 0. */
#if !defined(NO_AES) && !defined(NO_AES_CBC)
#define WOLF_HAS_CBC 1
#else
#define WOLF_HAS_CBC 0
#endif
#if !defined(NO_AES) && defined(HAVE_AES_ECB)
#define WOLF_HAS_ECB 1
#else
#define WOLF_HAS_ECB 0
#endif
#if !defined(NO_AES) && defined(WOLFSSL_AES_COUNTER)
#define WOLF_HAS_CTR 1
#else
#define WOLF_HAS_CTR 0
#endif
#if !defined(NO_AES) && defined(HAVE_AESGCM)
#define WOLF_HAS_GCM 1
#else
#define WOLF_HAS_GCM 0
#endif
#if defined(HAVE_CHACHA) && defined(HAVE_POLY1305)
#define WOLF_HAS_CHACHAPOLY 1
#else
#define WOLF_HAS_CHACHAPOLY 0
#endif
#if !defined(NO_SHA)
#define WOLF_HAS_SHA1 1
#else
#define WOLF_HAS_SHA1 0
#endif
#if !defined(NO_SHA256)
#define WOLF_HAS_SHA256 1
#else
#define WOLF_HAS_SHA256 0
#endif
#if defined(WOLFSSL_SHA512)
#define WOLF_HAS_SHA512 1
#else
#define WOLF_HAS_SHA512 0
#endif
#if !defined(NO_HMAC) && !defined(NO_SHA256)
#define WOLF_HAS_HMAC 1
#else
#define WOLF_HAS_HMAC 0
#endif
#if defined(HAVE_ED25519) && defined(WOLFSSL_KEY_GEN)
#define WOLF_HAS_ED25519 1
#else
#define WOLF_HAS_ED25519 0
#endif
#if defined(HAVE_ECC) && !defined(NO_SHA256)
#define WOLF_HAS_ECDSA 1
#else
#define WOLF_HAS_ECDSA 0
#endif
#if !defined(NO_AES) && defined(WOLFSSL_AES_XTS)
#define WOLF_HAS_XTS 1
#else
#define WOLF_HAS_XTS 0
#endif
#if defined(HAVE_CHACHA)
#define WOLF_HAS_CHACHA20 1
#else
#define WOLF_HAS_CHACHA20 0
#endif
#if defined(HAVE_POLY1305)
#define WOLF_HAS_POLY1305 1
#else
#define WOLF_HAS_POLY1305 0
#endif
#if defined(WOLFSSL_SHA3)
#define WOLF_HAS_SHA3 1
#else
#define WOLF_HAS_SHA3 0
#endif
#if defined(HAVE_BLAKE2B)
#define WOLF_HAS_BLAKE2B 1
#else
#define WOLF_HAS_BLAKE2B 0
#endif
#if defined(HAVE_BLAKE2S)
#define WOLF_HAS_BLAKE2S 1
#else
#define WOLF_HAS_BLAKE2S 0
#endif
#if defined(HAVE_CURVE25519)
#define WOLF_HAS_X25519 1
#else
#define WOLF_HAS_X25519 0
#endif
#if defined(HAVE_ECC)
#define WOLF_HAS_ECDH_P256 1
#else
#define WOLF_HAS_ECDH_P256 0
#endif
#if defined(HAVE_ECC) && defined(WOLFSSL_SHA384)
#define WOLF_HAS_ECDSA_P384 1
#else
#define WOLF_HAS_ECDSA_P384 0
#endif

/* RSA: key generation for both rows, PSS padding, OAEP padding */
#if !defined(NO_RSA) && defined(WOLFSSL_KEY_GEN) && defined(WC_RSA_PSS) && !defined(NO_SHA256)
#define WOLF_HAS_RSA_PSS 1
#else
#define WOLF_HAS_RSA_PSS 0
#endif
#if !defined(NO_RSA) && defined(WOLFSSL_KEY_GEN) && !defined(WC_NO_RSA_OAEP) \
    && !defined(NO_SHA256)
#define WOLF_HAS_RSA_OAEP 1
#else
#define WOLF_HAS_RSA_OAEP 0
#endif

/* The largest piece handed to one wolfCrypt call, whose lengths are
 * word32: a multiple of the AES block. */
#define WOLF_CHUNK ((size_t)1 << 30)

/* wolfssl_symmetric.c */
extern const cm_cipher_vtable wolf_aes128cbc, wolf_aes256cbc, wolf_aes128ctr, wolf_aes256ctr,
    wolf_aes128ecb, wolf_aes256ecb;
extern const cm_aead_vtable wolf_aes128gcm, wolf_aes256gcm, wolf_chacha20poly1305;
extern const cm_hash_vtable wolf_sha1, wolf_sha256, wolf_sha512, wolf_sha3_256, wolf_sha3_512;
extern const cm_mac_vtable wolf_hmac_sha256;

/* wolfssl_xts_chacha20.c */
extern const cm_cipher_vtable wolf_aes128xts, wolf_aes256xts, wolf_chacha20;

/* wolfssl_blake2_poly1305.c */
extern const cm_hash_vtable wolf_blake2b512, wolf_blake2s256;
extern const cm_mac_vtable wolf_poly1305;

/* wolfssl_x25519.c, wolfssl_ecdh.c */
extern const cm_kex_vtable wolf_x25519, wolf_ecdh;

/* wolfssl_signature.c: one table for Ed25519 and ECDSA (the algorithm's
 * parameters say which) */
extern const cm_signature_vtable wolf_signature;

/* wolfssl_rsa.c: RSA-PSS and RSA-OAEP with the algorithm's key bits */
extern const cm_signature_vtable wolf_rsa_pss;
extern const cm_pke_vtable wolf_rsa_oaep;

/* wolfssl_mp_rand.c: 1 when wolfSSL's own calls of mp_rand reach
 * wolfSSL's (the availability of the RSA rows), else 0 with why */
int wolf_rsa_available(char *why, size_t why_len);

#endif
