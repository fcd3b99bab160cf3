/*
 * x25519_kex.h — X25519 key agreement (RFC 7748) as a cm_kex_vtable around
 * a library's scalar multiplication, for the backends whose library gives
 * only that call (Nettle's curve25519_mul, libgcrypt's gcry_ecc_mul_point):
 * a key pair is a random 32-byte scalar (getentropy) and its product with
 * the base point 9; a shared secret is the scalar times the peer's
 * u-coordinate, refused when it is all zeros (RFC 7748 section 6.1). The
 * peer's key comes raw (32 bytes) or as an RFC 8410 SubjectPublicKeyInfo.
 * The clamping and the arithmetic are the library's.
 *
 * A backend writes its create() as x25519_kex_create(state, curve,
 * encoding, its_mul), with the algorithm's "curve" and "encoding"
 * parameters (cm_algorithm_param: impl knows no algorithm table), and takes
 * the other functions of its vtable from here.
 */
#ifndef CM_IMPL_X25519_KEX_H
#define CM_IMPL_X25519_KEX_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "cryptometer/primitive.h"
#include "impl/rfc8410_spki.h"

#define X25519_LEN 32

/* The library's q = n * p (u-coordinates, little-endian): 0, or -1 when
 * the library failed. */
typedef int x25519_mul_fn(uint8_t q[X25519_LEN], const uint8_t n[X25519_LEN],
                          const uint8_t p[X25519_LEN]);

typedef struct x25519_kex {
    x25519_mul_fn *mul;
    uint8_t priv[X25519_LEN];
    uint8_t pub[X25519_LEN];
    int has_key;
} x25519_kex;

/* A state for an algorithm of parameters curve (curve25519) and encoding
 * (raw, or NULL) computing with mul. */
static inline cm_rc x25519_kex_create(void **state, const char *curve, const char *encoding,
                                      x25519_mul_fn *mul)
{
    x25519_kex *k;
    *state = NULL;
    if (curve == NULL || strcasecmp(curve, "curve25519") != 0
        || (encoding != NULL && strcasecmp(encoding, "raw") != 0))
        return CM_ERR_UNSUPPORTED;
    if ((k = calloc(1, sizeof *k)) == NULL)
        return CM_ERR_NOMEM;
    k->mul = mul;
    *state = k;
    return CM_OK;
}

static inline cm_rc x25519_kex_set_private_key(void *state, const uint8_t *priv, size_t len)
{
    static const uint8_t base[X25519_LEN] = {9};
    x25519_kex *k = state;
    if (len != X25519_LEN)
        return CM_ERR_INVALID;
    memcpy(k->priv, priv, X25519_LEN);
    k->has_key = k->mul(k->pub, k->priv, base) == 0;
    return k->has_key ? CM_OK : CM_ERR_LIBRARY;
}

static inline cm_rc x25519_kex_keygen(void *state)
{
    uint8_t priv[X25519_LEN];
    cm_rc rc = getentropy(priv, sizeof priv) == 0
                   ? x25519_kex_set_private_key(state, priv, sizeof priv)
                   : CM_ERR_LIBRARY;
    memset(priv, 0, sizeof priv);
    return rc;
}

static inline cm_rc x25519_kex_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    x25519_kex *k = state;
    if (!k->has_key || *len < X25519_LEN)
        return CM_ERR_INVALID;
    memcpy(pub, k->pub, X25519_LEN);
    *len = X25519_LEN;
    return CM_OK;
}

static inline cm_rc x25519_kex_derive(void *state, cm_kex_peer form, const uint8_t *peer,
                                      size_t peer_len, uint8_t *secret, size_t *len)
{
    x25519_kex *k = state;
    const uint8_t *u = form == CM_KEX_PEER_SPKI ? rfc8410_spki_key(RFC8410_X25519, peer, peer_len)
                       : peer_len == X25519_LEN ? peer
                                                : NULL;
    uint8_t any = 0;
    if (!k->has_key || u == NULL || *len < X25519_LEN)
        return CM_ERR_INVALID;
    if (k->mul(secret, k->priv, u) != 0)
        return CM_ERR_LIBRARY;
    *len = X25519_LEN;
    for (size_t i = 0; i < X25519_LEN; i++) /* all zeros? no branch per byte */
        any |= secret[i];
    return any == 0 ? CM_ERR_INVALID : CM_OK;
}

static inline void x25519_kex_destroy(void *state)
{
    if (state == NULL)
        return;
    memset(state, 0, sizeof(x25519_kex));
    free(state);
}

#endif
