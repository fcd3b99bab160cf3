/*
 * wolfssl_x25519.c — X25519 (RFC 7748) key agreement of the wolfSSL
 * backend through wc_curve25519_*: keys in RFC 7748's little-endian byte
 * order (the _ex calls with EC25519_LITTLE_ENDIAN); the state holds one
 * WC_RNG and the key pair; derive() imports the peer's key (raw, or a
 * SubjectPublicKeyInfo through wc_Curve25519PublicKeyDecode) into a second
 * key and computes the shared secret, which wolfCrypt refuses when it is
 * all zero: CM_ERR_INVALID then, as for a key wolfCrypt does not import.
 */
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/random.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

#if WOLF_HAS_X25519
typedef struct x_state {
    WC_RNG rng;
    curve25519_key key, peer;
    int has_key;
} x_state;

static void x_destroy(void *state)
{
    x_state *st = state;
    if (st == NULL)
        return;
    wc_curve25519_free(&st->key);
    wc_curve25519_free(&st->peer);
    wc_FreeRng(&st->rng);
    ref_wipe(st, sizeof *st);
    free(st);
}

/* X25519 with raw keys, nothing else. */
static cm_rc x_create(void **state, const cm_algorithm *alg)
{
    const char *curve = alg != NULL ? cm_algorithm_param(alg, "curve") : NULL;
    const char *encoding = alg != NULL ? cm_algorithm_param(alg, "encoding") : NULL;
    x_state *st;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    if (curve == NULL || strcmp(curve, "curve25519") != 0 || encoding == NULL
        || strcmp(encoding, "raw") != 0)
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    if (wc_InitRng(&st->rng) != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    if (wc_curve25519_init(&st->key) != 0 || wc_curve25519_init(&st->peer) != 0) {
        x_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

static cm_rc x_keygen(void *state)
{
    x_state *st = state;
    st->has_key = 0;
    if (wc_curve25519_make_key(&st->rng, CURVE25519_KEYSIZE, &st->key) != 0)
        return CM_ERR_LIBRARY;
    st->has_key = 1;
    return CM_OK;
}

/* The 32-byte scalar as RFC 7748 gives it; its public key is computed. */
static cm_rc x_set_private_key(void *state, const uint8_t *key, size_t len)
{
    x_state *st = state;
    uint8_t priv[CURVE25519_KEYSIZE], pub[CURVE25519_KEYSIZE];
    cm_rc rc = CM_ERR_INVALID;
    st->has_key = 0;
    if (key == NULL || len != CURVE25519_KEYSIZE)
        return CM_ERR_INVALID;
    /* wolfCrypt takes a clamped scalar; X25519 clamps whatever it is given */
    memcpy(priv, key, sizeof priv);
    priv[0] &= 248;
    priv[31] &= 127;
    priv[31] |= 64;
    if (wc_curve25519_make_pub(sizeof pub, pub, sizeof priv, priv) == 0
        && wc_curve25519_import_private_raw_ex(priv, sizeof priv, pub, sizeof pub, &st->key,
                                               EC25519_LITTLE_ENDIAN) == 0) {
        st->has_key = 1;
        rc = CM_OK;
    }
    ref_wipe(priv, sizeof priv);
    return rc;
}

static cm_rc x_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    x_state *st = state;
    word32 n = CURVE25519_KEYSIZE;
    if (!st->has_key || *len < CURVE25519_KEYSIZE
        || wc_curve25519_export_public_ex(&st->key, pub, &n, EC25519_LITTLE_ENDIAN) != 0)
        return CM_ERR_INVALID;
    *len = n;
    return CM_OK;
}

static cm_rc x_derive(void *state, cm_kex_peer peer_form, const uint8_t *peer, size_t peer_len,
                      uint8_t *secret, size_t *secret_len)
{
    x_state *st = state;
    word32 n = CURVE25519_KEYSIZE, idx = 0;
    int ret;
    if (!st->has_key || *secret_len < CURVE25519_KEYSIZE || peer == NULL
        || peer_len > UINT32_MAX)
        return CM_ERR_INVALID;
    wc_curve25519_free(&st->peer);
    if (wc_curve25519_init(&st->peer) != 0)
        return CM_ERR_LIBRARY;
    if (peer_form == CM_KEX_PEER_SPKI)
        ret = peer_len == 12 + CURVE25519_KEYSIZE
                  ? wc_Curve25519PublicKeyDecode(peer, &idx, &st->peer, (word32)peer_len)
                  : -1;
    else
        ret = wc_curve25519_import_public_ex(peer, (word32)peer_len, &st->peer,
                                             EC25519_LITTLE_ENDIAN);
    if (ret != 0)
        return CM_ERR_INVALID;
    if (wc_curve25519_shared_secret_ex(&st->key, &st->peer, secret, &n, EC25519_LITTLE_ENDIAN)
        != 0)
        return CM_ERR_INVALID;
    *secret_len = n;
    return CM_OK;
}

const cm_kex_vtable wolf_x25519 = {x_create, x_keygen, x_set_private_key, x_get_public_key,
                                   x_derive, x_destroy};
#endif
