/*
 * nettle_kex.c — ECDH on P-256 for the Nettle backend, with hogweed's
 * elliptic-curve calls on nettle_get_secp_256r1() (GMP integers at the
 * interface, as hogweed's API is).
 *
 * keygen() is ecdsa_generate_keypair (a scalar and its point: what an ECDH
 * key pair is too) with getentropy() as the random source;
 * set_private_key() takes a big-endian scalar, which ecc_scalar_set
 * refuses outside 1..n-1, and computes d * G. derive() reads the peer's
 * uncompressed point (raw 04 || x || y, or the one SubjectPublicKeyInfo
 * form of it for P-256, compared byte for byte); ecc_point_set refuses
 * coordinates out of the field and points not on the curve; then
 * ecc_point_mul and the x-coordinate. The cofactor of P-256 is 1.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <nettle/bignum.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include "cryptometer/algorithm.h"
#include "nettle_internal.h"

#define FIELD 32              /* bytes of a P-256 coordinate and scalar */
#define POINT (1 + 2 * FIELD) /* 04 || x || y */

/* SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING } of an
 * uncompressed point: the SubjectPublicKeyInfo without its 65-byte point */
static const uint8_t spki_prefix[26] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
    0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};

typedef struct nt_ecdh_state {
    struct ecc_scalar d;
    struct ecc_point pub, peer, shared;
    mpz_t x, y;  /* scratch */
    int has_key;
} nt_ecdh_state;

static void ecdh_destroy(void *state)
{
    nt_ecdh_state *st = state;
    if (st == NULL)
        return;
    ecc_scalar_clear(&st->d);
    ecc_point_clear(&st->pub);
    ecc_point_clear(&st->peer);
    ecc_point_clear(&st->shared);
    mpz_clear(st->x);
    mpz_clear(st->y);
    free(st);
}

static cm_rc ecdh_create(void **state, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    const char *encoding = cm_algorithm_param(alg, "encoding");
    const struct ecc_curve *c = nettle_get_secp_256r1();
    nt_ecdh_state *st;

    *state = NULL;
    if (curve == NULL || strcasecmp(curve, "P-256") != 0
        || (encoding != NULL && strcasecmp(encoding, "uncompressed") != 0))
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    ecc_scalar_init(&st->d, c);
    ecc_point_init(&st->pub, c);
    ecc_point_init(&st->peer, c);
    ecc_point_init(&st->shared, c);
    mpz_init(st->x);
    mpz_init(st->y);
    *state = st;
    return CM_OK;
}

/* nettle_random_func over getentropy(); *ctx (an int) is set on failure. */
static void entropy(void *ctx, size_t len, uint8_t *dst)
{
    while (len > 0) {
        size_t n = len < 256 ? len : 256;
        if (getentropy(dst, n) != 0) {
            *(int *)ctx = 1;
            memset(dst, 0, n);
        }
        dst += n, len -= n;
    }
}

static cm_rc ecdh_keygen(void *state)
{
    nt_ecdh_state *st = state;
    int failed = 0;
    ecdsa_generate_keypair(&st->pub, &st->d, &failed, entropy);
    st->has_key = !failed;
    return failed ? CM_ERR_LIBRARY : CM_OK;
}

static cm_rc ecdh_set_private_key(void *state, const uint8_t *key, size_t len)
{
    nt_ecdh_state *st = state;
    if (len == 0)
        return CM_ERR_INVALID;
    nettle_mpz_set_str_256_u(st->x, len, key);
    if (!ecc_scalar_set(&st->d, st->x))
        return CM_ERR_INVALID;
    ecc_point_mul_g(&st->pub, &st->d);
    st->has_key = 1;
    return CM_OK;
}

static cm_rc ecdh_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    nt_ecdh_state *st = state;
    if (!st->has_key || *len < POINT)
        return CM_ERR_INVALID;
    ecc_point_get(&st->pub, st->x, st->y);
    pub[0] = 0x04;
    nettle_mpz_get_str_256(FIELD, pub + 1, st->x);
    nettle_mpz_get_str_256(FIELD, pub + 1 + FIELD, st->y);
    *len = POINT;
    return CM_OK;
}

static cm_rc ecdh_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                         uint8_t *secret, size_t *secret_len)
{
    nt_ecdh_state *st = state;
    const uint8_t *pt = NULL;

    if (form == CM_KEX_PEER_SPKI) {
        if (peer_len == sizeof spki_prefix + POINT
            && memcmp(peer, spki_prefix, sizeof spki_prefix) == 0)
            pt = peer + sizeof spki_prefix;
    } else if (peer_len == POINT) {
        pt = peer;
    }
    if (!st->has_key || pt == NULL || pt[0] != 0x04 || *secret_len < FIELD)
        return CM_ERR_INVALID;
    nettle_mpz_set_str_256_u(st->x, FIELD, pt + 1);
    nettle_mpz_set_str_256_u(st->y, FIELD, pt + 1 + FIELD);
    if (!ecc_point_set(&st->peer, st->x, st->y)) /* out of the field, or off the curve */
        return CM_ERR_INVALID;
    ecc_point_mul(&st->shared, &st->d, &st->peer);
    ecc_point_get(&st->shared, st->x, NULL);
    nettle_mpz_get_str_256(FIELD, secret, st->x);
    *secret_len = FIELD;
    return CM_OK;
}

const cm_kex_vtable nt_ecdh_p256_vtable = {ecdh_create,         ecdh_keygen,
                                           ecdh_set_private_key, ecdh_get_public_key,
                                           ecdh_derive,         ecdh_destroy};
