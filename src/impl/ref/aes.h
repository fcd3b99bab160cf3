/*
 * aes.h — AES block cipher (FIPS 197), portable C: key expansion for 128-,
 * 192- and 256-bit keys and single-block encryption and decryption. The
 * modes (aes_modes.h, gcm.h) are built on these three functions.
 *
 * This is the classic 32-bit "T-table" implementation: fast and readable,
 * but its table lookups are indexed by secret data, so it is NOT
 * constant-time (cache-timing attacks apply). It exists to measure the
 * software path, not to protect secrets.
 */
#ifndef CM_IMPL_REF_AES_H
#define CM_IMPL_REF_AES_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"

#define REF_AES_BLOCK 16

/* An expanded key. Round keys are 32-bit words holding 4 state bytes each,
 * first byte in the most significant position (FIPS 197's column words). */
typedef struct ref_aes_key {
    uint32_t enc[60]; /* encryption round keys, 4 words per round */
    uint32_t dec[60]; /* decryption round keys (equivalent inverse cipher) */
    unsigned rounds;  /* 10, 12 or 14 */
} ref_aes_key;

/* Expands key (key_len 16, 24 or 32 bytes) into k for both directions.
 * Returns CM_OK, or CM_ERR_UNSUPPORTED for any other key length. */
cm_rc ref_aes_set_key(ref_aes_key *k, const uint8_t *key, size_t key_len);

/* out = AES-Encrypt(k, in) for one 16-byte block; out may equal in. */
void ref_aes_encrypt_block(const ref_aes_key *k, const uint8_t in[16], uint8_t out[16]);

/* out = AES-Decrypt(k, in) for one 16-byte block; out may equal in. */
void ref_aes_decrypt_block(const ref_aes_key *k, const uint8_t in[16], uint8_t out[16]);

#endif
