/*
 * sodium_backend.c — the libsodium backend: `cm_backend_libsodium`, its
 * implementations (one row per algorithm libsodium has exactly as the
 * algorithm table defines it), the ones it lacks with why, and its set-up
 * (sodium_init). The work is in the other sodium_*.c files.
 */
#include <stdio.h>
#include <sodium.h>
#include "cryptometer/backend.h"
#include "sodium_internal.h"

static const cm_impl sodium_impls[] = {
    CM_IMPL_AEAD("aes-256-gcm", "default", &sodium_aes256gcm, sodium_aes256gcm_available),
    CM_IMPL_AEAD("chacha20-poly1305", "default", &sodium_chacha20poly1305, NULL),
    CM_IMPL_HASH("sha256", "default", &sodium_sha256, NULL),
    CM_IMPL_HASH("sha512", "default", &sodium_sha512, NULL),
    CM_IMPL_HASH("blake2b-512", "default", &sodium_blake2b512, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &sodium_hmac_sha256, NULL),
    CM_IMPL_MAC("poly1305", "default", &sodium_poly1305, NULL),
    CM_IMPL_CIPHER("chacha20", "default", &sodium_chacha20, NULL),
    CM_IMPL_SIGNATURE("ed25519", "default", &sodium_ed25519, NULL),
    CM_IMPL_KEX("x25519", "default", &sodium_x25519, NULL),
    CM_IMPL_RNG("random", "randombytes_buf", &sodium_randombytes, NULL),
    /* the table's algorithms libsodium lacks: it offers a few constructions by design */
    CM_IMPL_LACKING(CIPHER, "aes-128-cbc", "default",
                    "libsodium has no AES-CBC (no unauthenticated block modes)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-cbc", "default",
                    "libsodium has no AES-CBC (no unauthenticated block modes)"),
    CM_IMPL_LACKING(CIPHER, "aes-128-ctr", "default",
                    "libsodium has no AES-CTR (no AES outside AES-256-GCM)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-ctr", "default",
                    "libsodium has no AES-CTR (no AES outside AES-256-GCM)"),
    CM_IMPL_LACKING(AEAD, "aes-128-gcm", "default",
                    "libsodium's AES-GCM takes 256-bit keys only (crypto_aead_aes256gcm)"),
    CM_IMPL_LACKING(CIPHER, "aes-128-xts", "default", "libsodium has no AES-XTS"),
    CM_IMPL_LACKING(CIPHER, "aes-256-xts", "default", "libsodium has no AES-XTS"),
    CM_IMPL_LACKING(CIPHER, "aes-128-ecb", "default",
                    "libsodium has no AES-ECB (no unauthenticated block modes)"),
    CM_IMPL_LACKING(CIPHER, "aes-256-ecb", "default",
                    "libsodium has no AES-ECB (no unauthenticated block modes)"),
    CM_IMPL_LACKING(HASH, "sha1", "default", "libsodium has no SHA-1"),
    CM_IMPL_LACKING(HASH, "sha3-256", "default", "libsodium has no SHA-3"),
    CM_IMPL_LACKING(HASH, "sha3-512", "default", "libsodium has no SHA-3"),
    CM_IMPL_LACKING(HASH, "blake2s-256", "default",
                    "libsodium has BLAKE2b only (crypto_generichash), no BLAKE2s"),
    CM_IMPL_LACKING(SIGNATURE, "ecdsa-p256-sha256", "default",
                    "libsodium has no ECDSA and no NIST curve"),
    CM_IMPL_LACKING(SIGNATURE, "ecdsa-p384-sha384", "default",
                    "libsodium has no ECDSA and no NIST curve"),
    CM_IMPL_LACKING(KEX, "ecdh-p256", "default", "libsodium has no NIST curve (X25519 only)"),
    CM_IMPL_LACKING(SIGNATURE, "rsa-2048-pss-sha256", "default", "libsodium has no RSA"),
    CM_IMPL_LACKING(SIGNATURE, "rsa-3072-pss-sha256", "default", "libsodium has no RSA"),
    CM_IMPL_LACKING(SIGNATURE, "rsa-4096-pss-sha256", "default", "libsodium has no RSA"),
    CM_IMPL_LACKING_PQ_SIGNATURES("default", "libsodium has no ML-DSA",
                                  "libsodium has no SLH-DSA"),
    CM_IMPL_LACKING_PQ_KEMS("default", "libsodium has no ML-KEM"),
    CM_IMPL_LACKING(PKE, "rsa-2048-oaep-sha256", "default", "libsodium has no RSA"),
    CM_IMPL_LACKING(PKE, "rsa-3072-oaep-sha256", "default", "libsodium has no RSA"),
    CM_IMPL_LACKING(PKE, "rsa-4096-oaep-sha256", "default", "libsodium has no RSA"),
};

/* sodium_init: picks the CPU-specific code; 1 means already done. */
static cm_rc sodium_backend_init(char *why, size_t why_len)
{
    if (sodium_init() < 0) {
        snprintf(why, why_len, "sodium_init() failed");
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

extern const cm_backend cm_backend_libsodium;
const cm_backend cm_backend_libsodium = {
    .name = "libsodium",
    .description = "libsodium through its one-shot APIs (crypto_aead_*, crypto_hash_*, "
                   "crypto_auth_hmacsha256, crypto_sign), keyed once",
    .version = sodium_version_string,
    .impls = sodium_impls,
    .n_impls = sizeof sodium_impls / sizeof sodium_impls[0],
    .init = sodium_backend_init,
};
