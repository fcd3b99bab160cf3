/*
 * ltc_kex.c — ECDH on P-256 (the kex class) of the LibTomCrypt backends,
 * over the maths descriptor of the spec (ltm_desc or gmp_desc; every call
 * sets the global ltc_mp first, as ltc_signature.c explains).
 *
 * keygen() is ecc_make_key_ex on LibTomCrypt's "ECC-256" parameters, with
 * the state's ChaCha20 PRNG. set_private_key() takes a big-endian scalar in
 * 1..n-1: LibTomCrypt 1.18 has no call that sets a key from its scalar
 * (ecc_set_key came after it), so the key is filled as ecc_make_key_ex
 * fills it, d * G by the descriptor's ecc_ptmul. Public keys are
 * uncompressed points (ecc_ansi_x963_export). derive() reads the peer's
 * point (raw 04 || x || y, or the one SubjectPublicKeyInfo form of it,
 * src/impl/ec_spki.h) with ecc_ansi_x963_import_ex and computes the
 * x-coordinate of the shared point with ecc_shared_secret.
 *
 * The peer's point goes to the library as it is: cryptometer measures and
 * checks LibTomCrypt's own behaviour and adds no check of its own (issue
 * #7). LibTomCrypt 1.18.2 checks that a point is on the curve only when it
 * reads its own key format (ecc_import, with a static _is_point): neither
 * ecc_ansi_x963_import_ex nor ecc_shared_secret checks the peer's point,
 * and the check is not exported (ltc_ecc_is_point came after 1.18);
 * Dropbear, for one, adds a copy of _is_point. Points off the curve are
 * then multiplied on another curve: most give a secret (a library finding,
 * docs/backends.md), some (with libtommath) make ecc_shared_secret fail
 * with CRYPT_INVALID_ARG, which derive() reports as the library's
 * refusal, CM_ERR_INVALID. The cofactor of P-256 is 1.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cryptometer/algorithm.h"
#include "impl/ec_spki.h"
#include "ltc_internal.h"

/* LibTomCrypt's mp_* names are for its own sources (LTC_SOURCE): the
 * arithmetic here calls the descriptor, ltc_mp, as they expand to. */

typedef struct ltc_kex_state {
    const ltc_spec *spec;
    const ltc_ecc_set_type *curve;
    prng_state prng;
    int prng_index;
    ecc_key key;
    int have_key;
    size_t field; /* bytes of a coordinate */
} ltc_kex_state;

static void drop_key(ltc_kex_state *st)
{
    if (st->have_key)
        ecc_free(&st->key);
    st->have_key = 0;
}

cm_rc ltc_kex_create(const ltc_spec *spec, void **state, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    const char *enc = cm_algorithm_param(alg, "encoding");
    const char *bytes = cm_algorithm_param(alg, "secret_bytes");
    ltc_kex_state *st;

    *state = NULL;
    if (curve == NULL || strcasecmp(curve, "P-256") != 0 || spec->curve_bytes != 32 ||
        (enc != NULL && strcmp(enc, "uncompressed") != 0) || bytes == NULL ||
        atoi(bytes) != spec->curve_bytes)
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    st->field = (size_t)spec->curve_bytes;
    st->curve = ltc_find_curve(spec->curve_bytes);
    if (st->curve == NULL || ltc_prng_start(&st->prng, &st->prng_index) != CM_OK) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

cm_rc ltc_kex_keygen(void *state)
{
    ltc_kex_state *st = state;
    ltc_mp = *st->spec->math;
    drop_key(st);
    if (ecc_make_key_ex(&st->prng, st->prng_index, &st->key, st->curve) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    st->have_key = 1;
    return CM_OK;
}

cm_rc ltc_kex_set_private_key(void *state, const uint8_t *key, size_t len)
{
    ltc_kex_state *st = state;
    ecc_key *k = &st->key;
    ecc_point *g;
    void *prime = NULL, *order = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    while (len > 0 && key[0] == 0)
        key++, len--;
    ltc_mp = *st->spec->math;
    drop_key(st);
    if (len == 0 || len > st->field)
        return CM_ERR_INVALID;
    if ((g = ltc_ecc_new_point()) == NULL)
        return CM_ERR_NOMEM;
    if (ltc_init_multi(&prime, &order, NULL) != CRYPT_OK) {
        ltc_ecc_del_point(g);
        return CM_ERR_NOMEM;
    }
    if (ltc_init_multi(&k->pubkey.x, &k->pubkey.y, &k->pubkey.z, &k->k, NULL) != CRYPT_OK) {
        rc = CM_ERR_NOMEM;
        goto done;
    }
    k->idx = -1;
    k->dp = st->curve;
    if (ltc_mp.read_radix(prime, st->curve->prime, 16) != CRYPT_OK ||
        ltc_mp.read_radix(order, st->curve->order, 16) != CRYPT_OK ||
        ltc_mp.read_radix(g->x, st->curve->Gx, 16) != CRYPT_OK ||
        ltc_mp.read_radix(g->y, st->curve->Gy, 16) != CRYPT_OK || ltc_mp.set_int(g->z, 1) != CRYPT_OK ||
        ltc_mp.unsigned_read(k->k, (unsigned char *)key, (unsigned long)len) != CRYPT_OK)
        goto fail;
    if (ltc_mp.compare_d(k->k, 0) == LTC_MP_EQ || ltc_mp.compare(k->k, order) != LTC_MP_LT) {
        rc = CM_ERR_INVALID;
        goto fail;
    }
    if (ltc_mp.ecc_ptmul(k->k, g, &k->pubkey, prime, 1) != CRYPT_OK)
        goto fail;
    k->type = PK_PRIVATE;
    st->have_key = 1;
    rc = CM_OK;
    goto done;
fail:
    ltc_deinit_multi(k->pubkey.x, k->pubkey.y, k->pubkey.z, k->k, NULL);
done:
    ltc_deinit_multi(prime, order, NULL);
    ltc_ecc_del_point(g);
    return rc;
}

cm_rc ltc_kex_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    ltc_kex_state *st = state;
    unsigned long out_len = *len;
    if (!st->have_key)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    if (ecc_ansi_x963_export(&st->key, pub, &out_len) != CRYPT_OK)
        return CM_ERR_INVALID;
    *len = out_len;
    return CM_OK;
}

cm_rc ltc_kex_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                     uint8_t *secret, size_t *secret_len)
{
    ltc_kex_state *st = state;
    const size_t point_len = 1 + 2 * st->field;
    const uint8_t *point = NULL;
    unsigned long out_len = *secret_len;
    ecc_key pk;
    int err;

    if (form == CM_KEX_PEER_SPKI)
        point = ec_spki_point(st->field, peer, peer_len);
    else if (peer_len == point_len && peer[0] == 0x04)
        point = peer;
    if (!st->have_key || point == NULL)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    err = ecc_ansi_x963_import_ex(point, (unsigned long)point_len, &pk,
                                  (ltc_ecc_set_type *)st->curve);
    if (err != CRYPT_OK)
        return err == CRYPT_MEM ? CM_ERR_NOMEM : CM_ERR_INVALID;
    err = ecc_shared_secret(&st->key, &pk, secret, &out_len);
    ecc_free(&pk);
    if (err == CRYPT_INVALID_ARG) /* the library's refusal of the peer's point */
        return CM_ERR_INVALID;
    if (err != CRYPT_OK)
        return err == CRYPT_MEM ? CM_ERR_NOMEM : CM_ERR_LIBRARY;
    *secret_len = out_len;
    return CM_OK;
}

void ltc_kex_destroy(void *state)
{
    ltc_kex_state *st = state;
    if (st == NULL)
        return;
    ltc_mp = *st->spec->math;
    drop_key(st);
    chacha20_prng_done(&st->prng);
    zeromem(st, sizeof *st);
    free(st);
}
