/*
 * sodium_backend.c — the libsodium backend: `cm_backend_libsodium`, its
 * implementations (one row per algorithm libsodium has exactly as the
 * algorithm table defines it), the ones it lacks with why, and its set-up
 * (sodium_init). The work is in sodium_symmetric.c and sodium_ed25519.c.
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
};

/* libsodium offers a few constructions by design, not every primitive. */
static const cm_missing_algorithm sodium_missing[] = {
    {"aes-128-cbc", "libsodium has no AES-CBC (no unauthenticated block modes)"},
    {"aes-256-cbc", "libsodium has no AES-CBC (no unauthenticated block modes)"},
    {"aes-128-ctr", "libsodium has no AES-CTR (no AES outside AES-256-GCM)"},
    {"aes-256-ctr", "libsodium has no AES-CTR (no AES outside AES-256-GCM)"},
    {"aes-128-gcm", "libsodium's AES-GCM takes 256-bit keys only (crypto_aead_aes256gcm)"},
    {"aes-128-xts", "libsodium has no AES-XTS"},
    {"aes-256-xts", "libsodium has no AES-XTS"},
    {"sha1", "libsodium has no SHA-1"},
    {"sha3-256", "libsodium has no SHA-3"},
    {"sha3-512", "libsodium has no SHA-3"},
    {"blake2s-256", "libsodium has BLAKE2b only (crypto_generichash), no BLAKE2s"},
    {"ecdsa-p256-sha256", "libsodium has no ECDSA and no NIST curve"},
    {"ecdsa-p384-sha384", "libsodium has no ECDSA and no NIST curve"},
    {"ecdh-p256", "libsodium has no NIST curve (X25519 only)"},
    {"rsa-2048-pss-sha256", "libsodium has no RSA"},
    {"rsa-3072-pss-sha256", "libsodium has no RSA"},
    {"rsa-4096-pss-sha256", "libsodium has no RSA"},
    {"rsa-2048-oaep-sha256", "libsodium has no RSA"},
    {"rsa-3072-oaep-sha256", "libsodium has no RSA"},
    {"rsa-4096-oaep-sha256", "libsodium has no RSA"},
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
    .missing = sodium_missing,
    .n_missing = sizeof sodium_missing / sizeof sodium_missing[0],
};
