/*
 * mbedtls_kex.c — key agreement (the kex class) of the Mbed TLS backend:
 * X25519 and ECDH on P-256, through the mbedtls_ecp / mbedtls_ecdh
 * functions that take plain group, scalar and point objects (the same in
 * 2.28 and 3.x; mbedtls_ecdh_context's fields are private in 3.x).
 *
 * The state holds one CTR_DRBG (blinding), the group, the key pair (d, Q)
 * and a point for the peer. derive() reads the peer's point (X25519: 32
 * little-endian bytes; P-256: an uncompressed point, or a DER
 * SubjectPublicKeyInfo through mbedtls_pk_parse_public_key), checks it
 * (mbedtls_ecp_check_pubkey: on the curve, not the point at infinity) and
 * computes the shared secret with mbedtls_ecdh_compute_shared; X25519's
 * all-zero result is refused with CM_ERR_INVALID (RFC 7748 section 6.1).
 * Secrets are written in the curve's byte order: little-endian for
 * X25519, big-endian for P-256.
 */
#include <stdlib.h>
#include <string.h>
#include "mbedtls_internal.h"
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"

#if MBED_HAS_X25519 || MBED_HAS_ECDH_P256
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecp.h>
#include <mbedtls/entropy.h>
#include <mbedtls/pk.h>
#include <mbedtls/platform_util.h>

typedef struct kex_state {
    int montgomery; /* X25519 rather than a short Weierstrass curve */
    size_t field_len;
    mbedtls_entropy_context entropy;
    mbedtls_ctr_drbg_context drbg;
    mbedtls_ecp_group grp;
    mbedtls_mpi d, z;
    mbedtls_ecp_point Q, peer;
    int has_key;
} kex_state;

static void kex_destroy(void *state)
{
    kex_state *st = state;
    if (st == NULL)
        return;
    mbedtls_ecp_point_free(&st->peer);
    mbedtls_ecp_point_free(&st->Q);
    mbedtls_mpi_free(&st->z);
    mbedtls_mpi_free(&st->d);
    mbedtls_ecp_group_free(&st->grp);
    mbedtls_ctr_drbg_free(&st->drbg);
    mbedtls_entropy_free(&st->entropy);
    mbedtls_platform_zeroize(st, sizeof *st);
    free(st);
}

/* X25519 with raw keys, or P-256 with uncompressed points. */
static cm_rc kex_create(void **state, const cm_algorithm *alg)
{
    static const unsigned char personal[] = "cryptometer mbedtls kex";
    const char *curve = alg != NULL ? cm_algorithm_param(alg, "curve") : NULL;
    const char *encoding = alg != NULL ? cm_algorithm_param(alg, "encoding") : NULL;
    mbedtls_ecp_group_id id = MBEDTLS_ECP_DP_NONE;
    kex_state *st;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
#if MBED_HAS_X25519
    if (curve && encoding && strcmp(curve, "curve25519") == 0 && strcmp(encoding, "raw") == 0)
        id = MBEDTLS_ECP_DP_CURVE25519;
#endif
#if MBED_HAS_ECDH_P256
    if (curve && encoding && strcmp(curve, "P-256") == 0 && strcmp(encoding, "uncompressed") == 0)
        id = MBEDTLS_ECP_DP_SECP256R1;
#endif
    if (id == MBEDTLS_ECP_DP_NONE)
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    mbedtls_entropy_init(&st->entropy);
    mbedtls_ctr_drbg_init(&st->drbg);
    mbedtls_ecp_group_init(&st->grp);
    mbedtls_mpi_init(&st->d);
    mbedtls_mpi_init(&st->z);
    mbedtls_ecp_point_init(&st->Q);
    mbedtls_ecp_point_init(&st->peer);
    if (mbedtls_ctr_drbg_seed(&st->drbg, mbedtls_entropy_func, &st->entropy, personal,
                              sizeof personal - 1) != 0
        || mbedtls_ecp_group_load(&st->grp, id) != 0) {
        kex_destroy(st);
        return CM_ERR_LIBRARY;
    }
    st->montgomery = id != MBEDTLS_ECP_DP_SECP256R1;
    st->field_len = (st->grp.pbits + 7) / 8;
    *state = st;
    return CM_OK;
}

static cm_rc kex_keygen(void *state)
{
    kex_state *st = state;
    st->has_key = 0;
    if (mbedtls_ecp_gen_keypair(&st->grp, &st->d, &st->Q, mbedtls_ctr_drbg_random, &st->drbg)
        != 0)
        return CM_ERR_LIBRARY;
    st->has_key = 1;
    return CM_OK;
}

/* X25519: the 32 bytes RFC 7748 gives, clamped as X25519 does; P-256: a
 * big-endian scalar in [1, n-1]. Q = d G. */
static cm_rc kex_set_private_key(void *state, const uint8_t *key, size_t len)
{
    kex_state *st = state;
    int ret;
    st->has_key = 0;
    if (key == NULL || len == 0)
        return CM_ERR_INVALID;
    if (st->montgomery) {
        uint8_t k[32];
        if (len != sizeof k)
            return CM_ERR_INVALID;
        memcpy(k, key, sizeof k);
        k[0] &= 248;
        k[31] &= 127;
        k[31] |= 64;
        ret = mbedtls_mpi_read_binary_le(&st->d, k, sizeof k);
        mbedtls_platform_zeroize(k, sizeof k);
    } else {
        ret = mbedtls_mpi_read_binary(&st->d, key, len);
    }
    if (ret != 0 || mbedtls_ecp_check_privkey(&st->grp, &st->d) != 0
        || mbedtls_ecp_mul(&st->grp, &st->Q, &st->d, &st->grp.G, mbedtls_ctr_drbg_random,
                           &st->drbg) != 0)
        return CM_ERR_INVALID;
    st->has_key = 1;
    return CM_OK;
}

static cm_rc kex_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    kex_state *st = state;
    size_t n = 0;
    if (!st->has_key
        || mbedtls_ecp_point_write_binary(&st->grp, &st->Q, MBEDTLS_ECP_PF_UNCOMPRESSED, &n, pub,
                                          *len) != 0)
        return CM_ERR_INVALID;
    *len = n;
    return CM_OK;
}

/* The peer's point from a DER SubjectPublicKeyInfo of the state's curve. */
static cm_rc peer_from_spki(kex_state *st, const uint8_t *der, size_t len)
{
    mbedtls_pk_context pk;
    cm_rc rc = CM_ERR_INVALID;
    mbedtls_pk_init(&pk);
    if (mbedtls_pk_parse_public_key(&pk, der, len) == 0
        && mbedtls_pk_get_type(&pk) == MBEDTLS_PK_ECKEY
        && MBED_KEYPAIR_GROUP_ID(mbedtls_pk_ec(pk)) == st->grp.id
        && mbedtls_ecp_copy(&st->peer, &MBED_KEYPAIR_Q(mbedtls_pk_ec(pk))) == 0)
        rc = CM_OK;
    mbedtls_pk_free(&pk);
    return rc;
}

static cm_rc kex_derive(void *state, cm_kex_peer peer_form, const uint8_t *peer,
                        size_t peer_len, uint8_t *secret, size_t *secret_len)
{
    kex_state *st = state;
    int ret;
    if (!st->has_key || peer == NULL || *secret_len < st->field_len)
        return CM_ERR_INVALID;
    if (peer_form == CM_KEX_PEER_SPKI) {
        if (st->montgomery)
            return CM_ERR_UNSUPPORTED; /* Mbed TLS parses no RFC 8410 keys */
        if (peer_from_spki(st, peer, peer_len) != CM_OK)
            return CM_ERR_INVALID;
    } else if ((st->montgomery && peer_len != st->field_len)
               || mbedtls_ecp_point_read_binary(&st->grp, &st->peer, peer, peer_len) != 0) {
        return CM_ERR_INVALID;
    }
    if (mbedtls_ecp_check_pubkey(&st->grp, &st->peer) != 0
        || mbedtls_ecdh_compute_shared(&st->grp, &st->z, &st->peer, &st->d,
                                       mbedtls_ctr_drbg_random, &st->drbg) != 0
        || (st->montgomery && mbedtls_mpi_cmp_int(&st->z, 0) == 0))
        return CM_ERR_INVALID;
    ret = st->montgomery ? mbedtls_mpi_write_binary_le(&st->z, secret, st->field_len)
                         : mbedtls_mpi_write_binary(&st->z, secret, st->field_len);
    if (ret != 0)
        return CM_ERR_LIBRARY;
    *secret_len = st->field_len;
    return CM_OK;
}

const cm_kex_vtable mbed_kex = {kex_create, kex_keygen, kex_set_private_key, kex_get_public_key,
                                kex_derive, kex_destroy};
#endif
