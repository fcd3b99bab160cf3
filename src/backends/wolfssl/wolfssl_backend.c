/*
 * wolfssl_backend.c — the wolfSSL backend: `cm_backend_wolfssl`, its
 * implementations (those this build of wolfCrypt has, read from its
 * options.h at compile time: Debian's package is built with a chosen set;
 * data/backend_lacks.json names the configure switch of each other one),
 * its set-up (wolfCrypt_Init)
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
