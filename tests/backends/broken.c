/*
 * broken.c — the test-only backend `broken`: implementations that are
 * wrong on purpose, so that the tests can prove the KAT runner fails them
 * (tests/unit/test_kat.c). Built only with -DCRYPTOMETER_TEST_BACKENDS=ON.
 *
 *   aes-128-ctr  correct CTR, except that for messages longer than 64 bytes
 *                the low bit of output byte 64 is flipped. The longest
 *                known-answer vector (SP 800-38A F.5.1) is exactly 64 bytes,
 *                so the vectors pass and only the cross-check (random
 *                messages of 256, 1000, ... bytes) can catch it: the kind of
 *                tail or multi-block bug the cross-check exists for.
 *   sha256       a correct SHA-256 whose last digest bit is flipped: every
 *                vector fails.
 */
#include <stdlib.h>
#include "cryptometer/backend.h"
#include "impl/ref/aes.h"
#include "impl/ref/aes_modes.h"
#include "impl/ref/sha256.h"

#define BROKEN_CTR_LIMIT 64 /* bytes that come out right */

/* ---- aes-128-ctr ------------------------------------------------------------ */

/* Keys the cipher; 16-byte keys only. */
static int ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != 16)
        return CM_ERR_UNSUPPORTED;
    ref_aes_key *k = malloc(sizeof *k);
    if (!k)
        return CM_ERR_NOMEM;
    ref_aes_set_key(k, key, key_len);
    *state = k;
    return CM_OK;
}

/* CTR with the deliberate bit flip past BROKEN_CTR_LIMIT bytes; the same
 * function decrypts. */
static int ctr_crypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    ref_aes_ctr_xor(state, iv, in, out, len);
    if (len > BROKEN_CTR_LIMIT)
        out[BROKEN_CTR_LIMIT] ^= 1;
    return CM_OK;
}

/* Frees the key schedule. */
static void ctr_destroy(void *state)
{
    free(state);
}

static const cm_cipher_vtable broken_ctr = {ctr_create, ctr_crypt, ctr_crypt, ctr_destroy};

/* ---- sha256 -------------------------------------------------------------------- */

/* Hashes need no state here. */
static int hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* SHA-256 with the last bit of the digest flipped. */
static int sha256_wrong(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    ref_sha256(msg, len, out);
    out[31] ^= 1;
    return CM_OK;
}

/* Nothing to free. */
static void hash_destroy(void *state)
{
    (void)state;
}

static const cm_hash_vtable broken_sha256 = {hash_create, sha256_wrong, hash_destroy};

static const cm_impl broken_impls[] = {
    {"aes-128-ctr", &broken_ctr, NULL},
    {"sha256", &broken_sha256, NULL},
};

const cm_backend cm_backend_broken = {
    "broken",
    "TEST ONLY: deliberately wrong aes-128-ctr (beyond 64 bytes) and sha256",
    NULL,
    NULL,
    broken_impls,
    sizeof broken_impls / sizeof broken_impls[0],
    1, /* test_only */
};
