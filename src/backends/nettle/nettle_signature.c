/*
 * nettle_signature.c — the public-key classes of the Nettle backend:
 * Ed25519 (PureEdDSA, RFC 8032) with hogweed's ed25519_sha512_*, and X25519
 * key agreement with curve25519_mul (src/impl/x25519_kex.h).
 *
 * Nettle works on raw 32-byte keys: keygen() draws the private key from
 * getentropy() and derives the public key (ed25519_sha512_public_key),
 * which is what Ed25519 key generation is; sign() and verify() are one
 * Nettle call each. Public keys travel as SubjectPublicKeyInfo
 * (src/impl/rfc8410_spki.h), which Nettle does not read or write.
 *
 * ECDSA is not here: hogweed's ecdsa_sign gives the integers (r, s) and has
 * no DER encoding of them (nettle_backend.c says so in the table).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <nettle/curve25519.h>
#include <nettle/eddsa.h>
#include "cryptometer/algorithm.h"
#include "impl/rfc8410_spki.h"
#include "impl/x25519_kex.h"
#include "nettle_internal.h"

typedef struct nt_ed25519_state {
    uint8_t priv[ED25519_KEY_SIZE];
    uint8_t pub[ED25519_KEY_SIZE];
    int has_public, has_private;
} nt_ed25519_state;

/* Where an empty message points: Nettle is not promised to take NULL. */
static const uint8_t empty_msg[1];

static cm_rc ed_create(void **state, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    *state = NULL;
    /* PureEdDSA: no pre-hash (Ed25519ph), no other curve */
    if ((curve != NULL && strcasecmp(curve, "ed25519") != 0)
        || cm_algorithm_param(alg, "hash") != NULL || cm_algorithm_param(alg, "encoding") != NULL)
        return CM_ERR_UNSUPPORTED;
    return nt_alloc(state, sizeof(nt_ed25519_state));
}

static cm_rc ed_keygen(void *state)
{
    nt_ed25519_state *st = state;
    if (getentropy(st->priv, sizeof st->priv) != 0)
        return CM_ERR_LIBRARY;
    ed25519_sha512_public_key(st->pub, st->priv);
    st->has_public = st->has_private = 1;
    return CM_OK;
}

static cm_rc ed_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    nt_ed25519_state *st = state;
    if (!st->has_private || *sig_len < ED25519_SIGNATURE_SIZE)
        return CM_ERR_INVALID;
    ed25519_sha512_sign(st->pub, st->priv, len, len ? msg : empty_msg, sig);
    *sig_len = ED25519_SIGNATURE_SIZE;
    return CM_OK;
}

static cm_rc ed_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                       size_t sig_len)
{
    nt_ed25519_state *st = state;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if (sig_len != ED25519_SIGNATURE_SIZE)
        return CM_ERR_AUTH;
    return ed25519_sha512_verify(st->pub, len, len ? msg : empty_msg, sig) ? CM_OK : CM_ERR_AUTH;
}

static cm_rc ed_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    nt_ed25519_state *st = state;
    const uint8_t *key = rfc8410_spki_key(RFC8410_ED25519, der, der_len);
    if (key == NULL)
        return CM_ERR_INVALID;
    memset(st->priv, 0, sizeof st->priv);
    memcpy(st->pub, key, sizeof st->pub);
    st->has_private = 0;
    st->has_public = 1;
    return CM_OK;
}

static cm_rc ed_get_public_key(void *state, uint8_t *der, size_t *len)
{
    nt_ed25519_state *st = state;
    if (!st->has_public)
        return CM_ERR_INVALID;
    return rfc8410_spki_write(RFC8410_ED25519, st->pub, der, len) == 0 ? CM_OK : CM_ERR_INVALID;
}

static void ed_destroy(void *state)
{
    nt_free(state, sizeof(nt_ed25519_state));
}

const cm_signature_vtable nt_ed25519_vtable = {
    ed_create, ed_keygen, ed_sign, ed_verify, ed_set_public_key, ed_get_public_key, ed_destroy};

/* ---- X25519 (curve25519_mul, RFC 7748 since Nettle 3.1) ------------------ */

static int nt_curve25519_mul(uint8_t q[X25519_LEN], const uint8_t n[X25519_LEN],
                             const uint8_t p[X25519_LEN])
{
    curve25519_mul(q, n, p);
    return 0;
}

static cm_rc x25519_create(void **state, const cm_algorithm *alg)
{
    return x25519_kex_create(state, cm_algorithm_param(alg, "curve"),
                             cm_algorithm_param(alg, "encoding"), nt_curve25519_mul);
}

const cm_kex_vtable nt_x25519_vtable = {
    x25519_create, x25519_kex_keygen, x25519_kex_set_private_key, x25519_kex_get_public_key,
    x25519_kex_derive, x25519_kex_destroy};
