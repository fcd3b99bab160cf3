/*
 * kat_own.c — correct implementations of our own for the KAT tests
 * (kat_test.h): SHA-256, HMAC-SHA-256 and AES-CTR over the code of
 * src/impl/ref, never in the registry, and two CTRs that break the stream
 * contract (iv NULL continues) in the ways the cross-check must catch.
 */
#include <stdlib.h>
#include <string.h>
#include "impl/ref/aes.h"
#include "impl/ref/aes_modes.h"
#include "impl/ref/hmac_sha256.h"
#include "impl/ref/sha256.h"
#include "kat_test.h"

/* Correct SHA-256 for the tests: no state. */
static cm_rc own_hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* SHA-256 from src/impl/ref. */
static cm_rc own_sha256(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    ref_sha256(msg, len, out);
    return CM_OK;
}

/* Frees a state of the own implementations. */
static void own_free(void *state)
{
    free(state);
}

/* Schedules an HMAC key of any length. */
static cm_rc own_mac_create(void **state, const uint8_t *key, size_t key_len)
{
    ref_hmac_sha256_key *k = malloc(sizeof *k);
    if (!k)
        return CM_ERR_NOMEM;
    ref_hmac_sha256_set_key(k, key, key_len);
    *state = k;
    return CM_OK;
}

/* HMAC-SHA-256 from src/impl/ref. */
static cm_rc own_hmac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_hmac_sha256(state, msg, len, out);
    return CM_OK;
}

/* How an own CTR treats a call with iv NULL: as primitive.h says (the
 * next keystream byte of that direction's stream), or wrong in one of two
 * ways the cross-check must catch. */
enum ctr_flavour {
    CTR_CORRECT,
    CTR_RESTARTS, /* iv NULL starts again from the last IV: right in one call only */
    CTR_SHARED    /* one stream for both directions: right unless they interleave */
};

/* An own CTR state: the key, the flavour and per direction (0 decrypt,
 * 1 encrypt) the stream's initial counter block and the bytes done. */
typedef struct own_ctr_state {
    ref_aes_key key;
    enum ctr_flavour flavour;
    uint8_t iv[2][16];
    uint64_t pos[2];
} own_ctr_state;

/* AES key schedule for CTR; 16- or 32-byte keys. */
static cm_rc ctr_create_flavour(void **state, const uint8_t *key, size_t key_len,
                                enum ctr_flavour flavour)
{
    own_ctr_state *st = calloc(1, sizeof *st);
    if (!st)
        return CM_ERR_NOMEM;
    if (ref_aes_set_key(&st->key, key, key_len) != CM_OK) {
        free(st);
        return CM_ERR_UNSUPPORTED;
    }
    st->flavour = flavour;
    *state = st;
    return CM_OK;
}

static cm_rc own_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    return ctr_create_flavour(state, key, key_len, CTR_CORRECT);
}

static cm_rc restart_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    return ctr_create_flavour(state, key, key_len, CTR_RESTARTS);
}

static cm_rc shared_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    return ctr_create_flavour(state, key, key_len, CTR_SHARED);
}

/* iv plus n, as one big-endian 128-bit integer, into out. */
static void ctr_block_at(const uint8_t iv[16], uint64_t n, uint8_t out[16])
{
    memcpy(out, iv, 16);
    for (int i = 15; i >= 0 && n; i--) {
        uint64_t sum = out[i] + (n & 0xff);
        out[i] = (uint8_t)sum;
        n = (n >> 8) + (sum >> 8);
    }
}

/* CTR over ref_aes_ctr_xor in direction dir, from iv or (iv NULL) from
 * where the stream is, as the state's flavour has it. */
static cm_rc own_ctr_crypt(own_ctr_state *st, int dir, const uint8_t *iv, const uint8_t *in,
                           uint8_t *out, size_t len)
{
    uint8_t ctr[16];
    size_t head = 0;
    if (st->flavour == CTR_SHARED)
        dir = 0;
    if (iv)
        memcpy(st->iv[dir], iv, 16);
    if (iv || st->flavour == CTR_RESTARTS)
        st->pos[dir] = 0;
    uint64_t start = st->pos[dir];
    if (start % 16 && len) {
        uint8_t ks[16] = {0};
        size_t skip = (size_t)(start % 16);
        head = 16 - skip < len ? 16 - skip : len;
        ctr_block_at(st->iv[dir], start / 16, ctr);
        ref_aes_ctr_xor(&st->key, ctr, ks, ks, 16);
        for (size_t i = 0; i < head; i++)
            out[i] = in[i] ^ ks[skip + i];
    }
    if (len > head) {
        ctr_block_at(st->iv[dir], (start + head) / 16, ctr);
        ref_aes_ctr_xor(&st->key, ctr, in + head, out + head, len - head);
    }
    st->pos[dir] = start + len;
    return CM_OK;
}

static cm_rc own_ctr_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return own_ctr_crypt(state, 1, iv, in, out, len);
}

static cm_rc own_ctr_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return own_ctr_crypt(state, 0, iv, in, out, len);
}

static const cm_hash_vtable own_sha256_vt = {own_hash_create, own_sha256, own_free};
static const cm_mac_vtable own_hmac_vt = {own_mac_create, own_hmac, own_free};
static const cm_cipher_vtable own_ctr_vt = {own_ctr_create, own_ctr_encrypt, own_ctr_decrypt,
                                            own_free};
static const cm_cipher_vtable restart_ctr_vt = {restart_ctr_create, own_ctr_encrypt,
                                                own_ctr_decrypt, own_free};
static const cm_cipher_vtable shared_ctr_vt = {shared_ctr_create, own_ctr_encrypt,
                                               own_ctr_decrypt, own_free};
const cm_impl restart_ctr = CM_IMPL_CIPHER("aes-128-ctr", "restart", &restart_ctr_vt, NULL);
const cm_impl shared_ctr = CM_IMPL_CIPHER("aes-128-ctr", "shared", &shared_ctr_vt, NULL);
static const cm_impl own_impls[] = {
    CM_IMPL_HASH("sha256", "own", &own_sha256_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "own", &own_hmac_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "own", &own_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "own", &own_ctr_vt, NULL),
};
static const cm_backend own_backend = {.name = "test-own",
                                       .description = "correct test implementations",
                                       .impls = own_impls,
                                       .n_impls = sizeof own_impls / sizeof own_impls[0]};

/* The own implementation of algorithm. */
const cm_impl *own(const char *algorithm)
{
    return cm_backend_find_impl(&own_backend, algorithm, NULL);
}
