/*
 * sodium_backend.c — the libsodium backend: `cm_backend_libsodium`, its
 * implementations (one row per algorithm libsodium has exactly as the
 * algorithm table defines it; data/backend_lacks.json says why it lacks the
 * others) and its set-up (sodium_init). The work is in the other sodium_*.c files.
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
