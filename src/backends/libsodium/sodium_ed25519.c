/*
 * sodium_ed25519.c — Ed25519 (PureEdDSA, RFC 8032) of the libsodium
 * backend: crypto_sign_keypair, crypto_sign_detached and
 * crypto_sign_verify_detached, the calls an application makes.
 *
 * libsodium knows raw 32-byte public keys only; the DER
 * SubjectPublicKeyInfo of primitive.h is the fixed RFC 8410 form
 * (sodium_spki.c).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "sodium_internal.h"

typedef struct ed_state {
    uint8_t pk[crypto_sign_PUBLICKEYBYTES];
    uint8_t sk[crypto_sign_SECRETKEYBYTES];
    int has_public, has_private;
} ed_state;

/* PureEdDSA over edwards25519, no pre-hash, no context. */
static cm_rc ed_create(void **state, const cm_algorithm *alg)
{
    const char *curve = alg != NULL ? cm_algorithm_param(alg, "curve") : NULL;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    if (curve == NULL || strcmp(curve, "ed25519") != 0 || cm_algorithm_param(alg, "hash") != NULL)
        return CM_ERR_UNSUPPORTED;
    *state = calloc(1, sizeof(ed_state));
    return *state != NULL ? CM_OK : CM_ERR_NOMEM;
}

static cm_rc ed_keygen(void *state)
{
    ed_state *st = state;
    if (crypto_sign_keypair(st->pk, st->sk) != 0)
        return CM_ERR_LIBRARY;
    st->has_public = st->has_private = 1;
    return CM_OK;
}

static cm_rc ed_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    ed_state *st = state;
    unsigned long long n = 0;
    if (!st->has_private || *sig_len < crypto_sign_BYTES)
        return CM_ERR_INVALID;
    if (crypto_sign_detached(sig, &n, msg, len, st->sk) != 0 || n != crypto_sign_BYTES)
        return CM_ERR_LIBRARY;
    *sig_len = (size_t)n;
    return CM_OK;
}

/* Every rejection is CM_ERR_AUTH: a wrong length, a non-canonical S, a
 * small-order point or a signature that does not verify. */
static cm_rc ed_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                       size_t sig_len)
{
    ed_state *st = state;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if (sig_len != crypto_sign_BYTES || crypto_sign_verify_detached(sig, msg, len, st->pk) != 0)
        return CM_ERR_AUTH;
    return CM_OK;
}

/* Takes the RFC 8410 SubjectPublicKeyInfo exactly: anything else is not
 * an Ed25519 public key. */
static cm_rc ed_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    ed_state *st = state;
    const uint8_t *key = sodium_spki_key(der, der_len, SODIUM_OID_ED25519);
    if (key == NULL)
        return CM_ERR_INVALID;
    memcpy(st->pk, key, crypto_sign_PUBLICKEYBYTES);
    sodium_memzero(st->sk, sizeof st->sk);
    st->has_public = 1;
    st->has_private = 0;
    return CM_OK;
}

static cm_rc ed_get_public_key(void *state, uint8_t *der, size_t *len)
{
    ed_state *st = state;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if (*len < SODIUM_SPKI_HEADER + crypto_sign_PUBLICKEYBYTES)
        return CM_ERR_INVALID;
    sodium_spki_write(der, st->pk, SODIUM_OID_ED25519);
    *len = SODIUM_SPKI_HEADER + crypto_sign_PUBLICKEYBYTES;
    return CM_OK;
}

static void ed_destroy(void *state)
{
    if (state == NULL)
        return;
    sodium_memzero(state, sizeof(ed_state));
    free(state);
}

const cm_signature_vtable sodium_ed25519 = {ed_create, ed_keygen, ed_sign, ed_verify,
                                            ed_set_public_key, ed_get_public_key, ed_destroy};
