/*
 * hmac_sha256.h — HMAC-SHA-256 (RFC 2104, FIPS 198-1) in portable C.
 *
 * The key is processed once: the SHA-256 states after absorbing
 * K0 ^ ipad and K0 ^ opad are kept, so each message costs only its own
 * blocks plus two finalisations (as OpenSSL's HMAC with a reused key).
 */
#ifndef CM_IMPL_REF_HMAC_SHA256_H
#define CM_IMPL_REF_HMAC_SHA256_H

#include <stddef.h>
#include <stdint.h>
#include "impl/ref/sha256.h"

typedef struct ref_hmac_sha256_key {
    ref_sha256_ctx inner; /* SHA-256 state after the block K0 ^ ipad */
    ref_sha256_ctx outer; /* SHA-256 state after the block K0 ^ opad */
} ref_hmac_sha256_key;

/* Prepares k for a key of any length (0 allowed, key may then be NULL;
 * keys longer than 64 bytes are hashed first, as RFC 2104 says). */
void ref_hmac_sha256_set_key(ref_hmac_sha256_key *k, const uint8_t *key, size_t key_len);

/* out = HMAC-SHA-256(key, msg[0..len)); k is not modified. */
void ref_hmac_sha256(const ref_hmac_sha256_key *k, const uint8_t *msg, size_t len,
                     uint8_t out[32]);

#endif
