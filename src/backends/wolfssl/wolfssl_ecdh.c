/*
 * wolfssl_ecdh.c — ECDH on P-256 (the kex class) in the wolfSSL backend
 * through wc_ecc_*: the state holds one WC_RNG (wolfCrypt's timing-
 * resistant build blinds the scalar multiplication with it) and the key
 * pair; public keys are uncompressed points (X9.63, wc_ecc_export_x963).
 * derive() imports the peer's point (raw, or a SubjectPublicKeyInfo
 * through wc_EccPublicKeyDecode) into a second key, refuses one that is
 * not on the curve (wc_ecc_point_is_on_curve) or of another curve, and
 * computes the x-coordinate of the shared point (wc_ecc_shared_secret).
 */
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/random.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

#if WOLF_HAS_ECDH_P256
typedef struct ecdh_state {
    WC_RNG rng;
    ecc_key key, peer;
    int curve_id, field_len, has_key;
} ecdh_state;

static void ecdh_destroy(void *state)
{
    ecdh_state *st = state;
    if (st == NULL)
        return;
    wc_ecc_free(&st->key);
    wc_ecc_free(&st->peer);
    wc_FreeRng(&st->rng);
    ref_wipe(st, sizeof *st);
    free(st);
}

/* P-256 with uncompressed points, nothing else. */
static cm_rc ecdh_create(void **state, const cm_algorithm *alg)
{
    const char *curve = alg != NULL ? cm_algorithm_param(alg, "curve") : NULL;
    const char *encoding = alg != NULL ? cm_algorithm_param(alg, "encoding") : NULL;
    ecdh_state *st;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    if (curve == NULL || strcmp(curve, "P-256") != 0 || encoding == NULL
        || strcmp(encoding, "uncompressed") != 0)
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->curve_id = ECC_SECP256R1;
    st->field_len = 32;
    if (wc_InitRng(&st->rng) != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    if (wc_ecc_init(&st->key) != 0 || wc_ecc_init(&st->peer) != 0) {
        ecdh_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* Empties key (wolfCrypt keeps no way to reuse an ecc_key otherwise). */
static cm_rc key_reset(ecc_key *key)
{
    wc_ecc_free(key);
    return wc_ecc_init(key) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc ecdh_keygen(void *state)
{
    ecdh_state *st = state;
    st->has_key = 0;
    if (key_reset(&st->key) != CM_OK
        || wc_ecc_make_key_ex(&st->rng, st->field_len, &st->key, st->curve_id) != 0
        || wc_ecc_set_rng(&st->key, &st->rng) != 0)
        return CM_ERR_LIBRARY;
    st->has_key = 1;
    return CM_OK;
}

/* A big-endian scalar (leading zero bytes allowed); its public point is
 * computed. */
static cm_rc ecdh_set_private_key(void *state, const uint8_t *key, size_t len)
{
    ecdh_state *st = state;
    st->has_key = 0;
    while (len > (size_t)st->field_len && key != NULL && *key == 0) {
        key++;
        len--;
    }
    if (key == NULL || len == 0 || len > (size_t)st->field_len || key_reset(&st->key) != CM_OK)
        return CM_ERR_INVALID;
    if (wc_ecc_import_private_key_ex(key, (word32)len, NULL, 0, &st->key, st->curve_id) != 0
        || wc_ecc_set_rng(&st->key, &st->rng) != 0 || wc_ecc_make_pub(&st->key, NULL) != 0)
        return CM_ERR_INVALID;
    st->has_key = 1;
    return CM_OK;
}

static cm_rc ecdh_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    ecdh_state *st = state;
    word32 n = *len > UINT32_MAX ? UINT32_MAX : (word32)*len;
    if (!st->has_key || wc_ecc_export_x963(&st->key, pub, &n) != 0)
        return CM_ERR_INVALID;
    *len = n;
    return CM_OK;
}

static cm_rc ecdh_derive(void *state, cm_kex_peer peer_form, const uint8_t *peer,
                         size_t peer_len, uint8_t *secret, size_t *secret_len)
{
    ecdh_state *st = state;
    word32 n = *secret_len > UINT32_MAX ? UINT32_MAX : (word32)*secret_len, idx = 0;
    int ret;
    if (!st->has_key || peer == NULL || peer_len == 0 || peer_len > UINT32_MAX
        || key_reset(&st->peer) != CM_OK)
        return CM_ERR_INVALID;
    if (peer_form == CM_KEX_PEER_SPKI)
        ret = wc_EccPublicKeyDecode(peer, &idx, &st->peer, (word32)peer_len);
    else
        ret = wc_ecc_import_x963_ex(peer, (word32)peer_len, &st->peer, st->curve_id);
    if (ret != 0 || (peer_form == CM_KEX_PEER_SPKI && idx != peer_len)
        || wc_ecc_get_curve_id(st->peer.idx) != st->curve_id
        || wc_ecc_point_is_on_curve(&st->peer.pubkey, st->peer.idx) != 0)
        return CM_ERR_INVALID;
    if (wc_ecc_shared_secret(&st->key, &st->peer, secret, &n) != 0)
        return CM_ERR_INVALID;
    *secret_len = n;
    return CM_OK;
}

const cm_kex_vtable wolf_ecdh = {ecdh_create, ecdh_keygen, ecdh_set_private_key,
                                 ecdh_get_public_key, ecdh_derive, ecdh_destroy};
#endif
