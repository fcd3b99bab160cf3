/*
 * testcrypto.h — small, slow, obviously written AES (encryption only, for
 * CTR) and SHA-256 / HMAC-SHA-256 for the test-only backends (broken.c) and
 * for the correct reference the unit tests compare with
 * (tests/unit/test_kat.c). Not a backend of its own and never timed: it
 * exists so that the tests need no other backend to prove that the KAT
 * runner passes a correct implementation and fails a wrong one.
 */
#ifndef CM_TESTS_TESTCRYPTO_H
#define CM_TESTS_TESTCRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* An AES key schedule (encryption direction). */
typedef struct cmtest_aes {
    uint8_t rk[240]; /* round keys, 16 bytes per round */
    int rounds;      /* 10 or 14 */
} cmtest_aes;

/* Expands a 16- or 32-byte key; returns 0, or -1 for another length. */
int cmtest_aes_set_key(cmtest_aes *k, const uint8_t *key, size_t key_len);

/* out = AES-Encrypt(k, in) for one block (FIPS 197); out may equal in. */
void cmtest_aes_encrypt_block(const cmtest_aes *k, const uint8_t in[16], uint8_t out[16]);

/* CTR as in SP 800-38A: out = in XOR AES(ctr), AES(ctr+1), ... with the
 * whole block a big-endian 128-bit counter. Any len. */
void cmtest_aes_ctr_xor(const cmtest_aes *k, const uint8_t ctr[16], const uint8_t *in,
                        uint8_t *out, size_t len);

/* SHA-256 (FIPS 180-4) of len bytes of msg into out. */
void cmtest_sha256(const uint8_t *msg, size_t len, uint8_t out[32]);

/* HMAC-SHA-256 (RFC 2104) with a key of any length. */
void cmtest_hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len,
                        uint8_t out[32]);

#endif
