/*
 * sodium_x25519.c — X25519 (RFC 7748) key agreement of the libsodium
 * backend: crypto_scalarmult_curve25519_base for the public key,
 * crypto_scalarmult_curve25519 for the shared secret, which libsodium
 * refuses (-1) for an all-zero result and for the public keys of small
 * order it lists: derive() then gives CM_ERR_INVALID, as primitive.h asks
 * for an all-zero secret. Keys are raw 32-byte strings; a peer's key may
 * also come as the RFC 8410 SubjectPublicKeyInfo (sodium_spki.c).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "sodium_internal.h"

typedef struct x_state {
    uint8_t sk[crypto_scalarmult_curve25519_SCALARBYTES];
    uint8_t pk[crypto_scalarmult_curve25519_BYTES];
    int has_key;
} x_state;

/* X25519 with raw keys, nothing else. */
static cm_rc x_create(void **state, const cm_algorithm *alg)
{
    const char *curve = alg != NULL ? cm_algorithm_param(alg, "curve") : NULL;
    const char *encoding = alg != NULL ? cm_algorithm_param(alg, "encoding") : NULL;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    if (curve == NULL || strcmp(curve, "curve25519") != 0 || encoding == NULL
        || strcmp(encoding, "raw") != 0)
        return CM_ERR_UNSUPPORTED;
    *state = calloc(1, sizeof(x_state));
    return *state != NULL ? CM_OK : CM_ERR_NOMEM;
}

/* sk as given, pk computed from it. */
static cm_rc x_set(x_state *st)
{
    if (crypto_scalarmult_curve25519_base(st->pk, st->sk) != 0)
        return CM_ERR_INVALID;
    st->has_key = 1;
    return CM_OK;
}

static cm_rc x_keygen(void *state)
{
    x_state *st = state;
    randombytes_buf(st->sk, sizeof st->sk);
    return x_set(st) == CM_OK ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc x_set_private_key(void *state, const uint8_t *key, size_t len)
{
    x_state *st = state;
    st->has_key = 0;
    if (key == NULL || len != sizeof st->sk)
        return CM_ERR_INVALID;
    memcpy(st->sk, key, len);
    return x_set(st);
}

static cm_rc x_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    x_state *st = state;
    if (!st->has_key || *len < sizeof st->pk)
        return CM_ERR_INVALID;
    memcpy(pub, st->pk, sizeof st->pk);
    *len = sizeof st->pk;
    return CM_OK;
}

static cm_rc x_derive(void *state, cm_kex_peer peer_form, const uint8_t *peer, size_t peer_len,
                      uint8_t *secret, size_t *secret_len)
{
    x_state *st = state;
    const uint8_t *u = peer;
    if (!st->has_key || *secret_len < crypto_scalarmult_curve25519_BYTES)
        return CM_ERR_INVALID;
    if (peer_form == CM_KEX_PEER_SPKI)
        u = sodium_spki_key(peer, peer_len, SODIUM_OID_X25519);
    else if (peer_len != crypto_scalarmult_curve25519_BYTES)
        u = NULL;
    if (u == NULL || crypto_scalarmult_curve25519(secret, st->sk, u) != 0)
        return CM_ERR_INVALID;
    *secret_len = crypto_scalarmult_curve25519_BYTES;
    return CM_OK;
}

static void x_destroy(void *state)
{
    if (state == NULL)
        return;
    sodium_memzero(state, sizeof(x_state));
    free(state);
}

const cm_kex_vtable sodium_x25519 = {x_create, x_keygen, x_set_private_key, x_get_public_key,
                                     x_derive, x_destroy};
