/*
 * broken.c — the test-only backend `broken`: implementations that are
 * wrong on purpose, so that the tests can prove the KAT runner fails them
 * (tests/unit/test_kat.c, test_kat_verify.c). Built only with
 * -DCRYPTOMETER_TEST_BACKENDS=ON.
 *
 *   aes-128-ctr  ref's correct CTR, streams included (a call with iv NULL
 *                goes on from the next keystream byte), except that the low bit of
 *                byte 64 of a stream (counted from its IV: a one-shot
 *                message longer than 64 bytes, or the piece that reaches
 *                byte 64) is flipped. The longest known-answer vector
 *                (SP 800-38A F.5.1) is exactly 64 bytes, so the vectors
 *                pass and only the cross-check (random messages of 256,
 *                1000, ... bytes) can catch it: the kind of tail or
 *                multi-block bug the cross-check exists for.
 *   sha256       a correct SHA-256 whose last digest bit is flipped: every
 *                vector fails.
 */
#include <stdlib.h>
#include <string.h>
#include "cryptometer/backend.h"
#include "registry/registry.h"
#include "impl/ref/sha256.h"

#define BROKEN_CTR_LIMIT 64 /* bytes that come out right */

/* ---- aes-128-ctr ------------------------------------------------------------ */

/* ref's CTR (found through the registry: the test backends are built on
 * ref) and, per direction (0 decrypt, 1 encrypt), the bytes of the stream
 * done since its IV. */
typedef struct ctr_state {
    const cm_cipher_vtable *ref;
    void *ref_state;
    uint64_t pos[2];
} ctr_state;

/* Keys ref's CTR; 16-byte keys only. */
static cm_rc ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    const cm_backend *ref = cm_registry_find_backend("ref");
    const cm_impl *impl = ref ? cm_backend_find_impl(ref, "aes-128-ctr", "portable") : NULL;
    if (!impl)
        return CM_ERR_UNSUPPORTED;
    ctr_state *st = calloc(1, sizeof *st);
    if (!st)
        return CM_ERR_NOMEM;
    st->ref = impl->vt.cipher;
    cm_rc rc = st->ref->create(&st->ref_state, key, key_len);
    if (rc != CM_OK) {
        free(st);
        return rc;
    }
    *state = st;
    return CM_OK;
}

/* ref's CTR in direction dir, then the deliberate bit flip at stream byte
 * BROKEN_CTR_LIMIT. */
static cm_rc ctr_crypt(ctr_state *st, int dir, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                       size_t len)
{
    cm_rc rc = (dir ? st->ref->encrypt : st->ref->decrypt)(st->ref_state, iv, in, out, len);
    if (rc != CM_OK)
        return rc;
    if (iv)
        st->pos[dir] = 0;
    uint64_t start = st->pos[dir];
    st->pos[dir] = start + len;
    if (start <= BROKEN_CTR_LIMIT && BROKEN_CTR_LIMIT < start + len)
        out[BROKEN_CTR_LIMIT - start] ^= 1;
    return CM_OK;
}

/* Encryption: its own stream (CTR encrypts and decrypts alike). */
static cm_rc ctr_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    return ctr_crypt(state, 1, iv, in, out, len);
}

/* Decryption: its own stream. */
static cm_rc ctr_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    return ctr_crypt(state, 0, iv, in, out, len);
}

/* Frees ref's state and ours. */
static void ctr_destroy(void *state)
{
    ctr_state *st = state;
    if (st)
        st->ref->destroy(st->ref_state);
    free(st);
}

static const cm_cipher_vtable broken_ctr = {ctr_create, ctr_encrypt, ctr_decrypt, ctr_destroy};

/* ---- sha256 -------------------------------------------------------------------- */

/* Hashes need no state here. */
static cm_rc hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* SHA-256 with the last bit of the digest flipped. */
static cm_rc sha256_wrong(void *state, const uint8_t *msg, size_t len, uint8_t *out)
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
    CM_IMPL_CIPHER("aes-128-ctr", "wrong-counter", &broken_ctr, NULL),
    CM_IMPL_HASH("sha256", "flipped-bit", &broken_sha256, NULL),
};

const cm_backend cm_backend_broken = {
    .name = "broken",
    .description = "TEST ONLY: deliberately wrong aes-128-ctr (beyond 64 bytes) and sha256",
    .impls = broken_impls,
    .n_impls = sizeof broken_impls / sizeof broken_impls[0],
    .test_only = 1,
};
