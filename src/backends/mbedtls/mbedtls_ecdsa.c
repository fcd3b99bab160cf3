/*
 * mbedtls_ecdsa.c — ECDSA of the Mbed TLS backend through the mbedtls_pk
 * layer, as an application holding a key does: create() seeds one
 * CTR_DRBG from the entropy source; keygen() makes a key pair on the
 * algorithm's curve (mbedtls_ecp_gen_key); sign() hashes the message with
 * the algorithm's hash (mbedtls_md) and signs the digest with
 * mbedtls_pk_sign, whose output is DER (X9.62 Ecdsa-Sig-Value), as is
 * what mbedtls_pk_verify reads. This libmbedcrypto's build decides the
 * nonce: with MBEDTLS_ECDSA_DETERMINISTIC (Debian's and the default
 * configuration) it is RFC 6979's, derived with HMAC-DRBG; OpenSSL draws
 * a random one. Public keys go in and out as DER SubjectPublicKeyInfo
 * (mbedtls_pk_parse_public_key, mbedtls_pk_write_pubkey_der).
 *
 * 2.28 and 3.x differ here in mbedtls_pk_sign (3.x takes the buffer's
 * size) and in the keypair's group, private in 3.x.
 */
#include <stdlib.h>
#include <string.h>
#include "mbedtls_internal.h"
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"

#if MBED_HAS_ECDSA_P256
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#include <mbedtls/entropy.h>
#include <mbedtls/md.h>
#include <mbedtls/pk.h>
#include <mbedtls/platform_util.h>

/* The curves and hashes of the algorithm table this file maps. */
static const struct mbed_curve {
    const char *name;
    mbedtls_ecp_group_id id;
} mbed_curves[] = {
    {"P-256", MBEDTLS_ECP_DP_SECP256R1},
#ifdef MBEDTLS_ECP_DP_SECP384R1_ENABLED
    {"P-384", MBEDTLS_ECP_DP_SECP384R1},
#endif
};

static const struct mbed_hash {
    const char *name;
    mbedtls_md_type_t type;
} mbed_hashes[] = {
    {"sha256", MBEDTLS_MD_SHA256},
#if defined(MBEDTLS_SHA384_C) || (!MBED_HAVE_3 && defined(MBEDTLS_SHA512_C))
    {"sha384", MBEDTLS_MD_SHA384},
#endif
#ifdef MBEDTLS_SHA512_C
    {"sha512", MBEDTLS_MD_SHA512},
#endif
};

typedef struct ecdsa_state {
    mbedtls_ecp_group_id curve;
    mbedtls_md_type_t hash;
    mbedtls_entropy_context entropy;
    mbedtls_ctr_drbg_context drbg;
    mbedtls_pk_context pk;
    int has_public, has_private;
} ecdsa_state;

static void ecdsa_destroy(void *state)
{
    ecdsa_state *st = state;
    if (st == NULL)
        return;
    mbedtls_pk_free(&st->pk);
    mbedtls_ctr_drbg_free(&st->drbg);
    mbedtls_entropy_free(&st->entropy);
    mbedtls_platform_zeroize(st, sizeof *st);
    free(st);
}

/* The algorithm's curve and hash, DER signatures; nothing else. */
static cm_rc ecdsa_create(void **state, const cm_algorithm *alg)
{
    static const unsigned char personal[] = "cryptometer mbedtls ecdsa";
    const char *curve, *hash, *encoding;
    ecdsa_state *st;
    int curve_ok = 0, hash_ok = 0;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    curve = cm_algorithm_param(alg, "curve");
    hash = cm_algorithm_param(alg, "hash");
    encoding = cm_algorithm_param(alg, "encoding");
    for (size_t i = 0; curve && i < sizeof mbed_curves / sizeof mbed_curves[0]; i++)
        if (strcmp(mbed_curves[i].name, curve) == 0) {
            st->curve = mbed_curves[i].id;
            curve_ok = 1;
        }
    for (size_t i = 0; hash && i < sizeof mbed_hashes / sizeof mbed_hashes[0]; i++)
        if (strcmp(mbed_hashes[i].name, hash) == 0) {
            st->hash = mbed_hashes[i].type;
            hash_ok = 1;
        }
    if (!curve_ok || !hash_ok || encoding == NULL || strcmp(encoding, "der") != 0) {
        free(st);
        return CM_ERR_UNSUPPORTED;
    }
    mbedtls_entropy_init(&st->entropy);
    mbedtls_ctr_drbg_init(&st->drbg);
    mbedtls_pk_init(&st->pk);
    if (mbedtls_ctr_drbg_seed(&st->drbg, mbedtls_entropy_func, &st->entropy, personal,
                              sizeof personal - 1) != 0) {
        ecdsa_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* Empties the state's key and sets it up as an EC key. */
static cm_rc key_reset(ecdsa_state *st)
{
    mbedtls_pk_free(&st->pk);
    mbedtls_pk_init(&st->pk);
    st->has_public = st->has_private = 0;
    return mbedtls_pk_setup(&st->pk, mbedtls_pk_info_from_type(MBEDTLS_PK_ECKEY)) == 0
               ? CM_OK
               : CM_ERR_LIBRARY;
}

static cm_rc ecdsa_keygen(void *state)
{
    ecdsa_state *st = state;
    if (key_reset(st) != CM_OK
        || mbedtls_ecp_gen_key(st->curve, mbedtls_pk_ec(st->pk), mbedtls_ctr_drbg_random,
                               &st->drbg) != 0)
        return CM_ERR_LIBRARY;
    st->has_public = st->has_private = 1;
    return CM_OK;
}

/* digest = the algorithm's hash of msg; *n its length. */
static cm_rc ecdsa_digest(const ecdsa_state *st, const uint8_t *msg, size_t len,
                          unsigned char *digest, size_t *n)
{
    const mbedtls_md_info_t *info = mbedtls_md_info_from_type(st->hash);
    if (info == NULL || mbedtls_md(info, msg, len, digest) != 0)
        return CM_ERR_LIBRARY;
    *n = mbedtls_md_get_size(info);
    return CM_OK;
}

/* sig needs room for the longest signature of the curve
 * (MBEDTLS_ECDSA_MAX_SIG_LEN: 72 bytes for P-256). */
static cm_rc ecdsa_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                        size_t *sig_len)
{
    ecdsa_state *st = state;
    unsigned char digest[MBEDTLS_MD_MAX_SIZE];
    size_t dn, n = 0;
    cm_rc rc;
    if (!st->has_private
        || *sig_len < MBEDTLS_ECDSA_MAX_SIG_LEN(mbedtls_pk_get_bitlen(&st->pk)))
        return CM_ERR_INVALID;
    if ((rc = ecdsa_digest(st, msg, len, digest, &dn)) != CM_OK)
        return rc;
#if MBED_HAVE_3
    if (mbedtls_pk_sign(&st->pk, st->hash, digest, dn, sig, *sig_len, &n,
                        mbedtls_ctr_drbg_random, &st->drbg) != 0)
        return CM_ERR_LIBRARY;
#else
    /* 2.28 takes no buffer size and writes at most the curve's
     * MBEDTLS_ECDSA_MAX_SIG_LEN, checked above */
    if (mbedtls_pk_sign(&st->pk, st->hash, digest, dn, sig, &n, mbedtls_ctr_drbg_random,
                        &st->drbg) != 0)
        return CM_ERR_LIBRARY;
#endif
    if (n == 0 || n > *sig_len)
        return CM_ERR_LIBRARY;
    *sig_len = n;
    return CM_OK;
}

/* CM_ERR_AUTH for every signature Mbed TLS does not accept, malformed
 * DER and trailing bytes included. */
static cm_rc ecdsa_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                          size_t sig_len)
{
    ecdsa_state *st = state;
    unsigned char digest[MBEDTLS_MD_MAX_SIZE];
    size_t dn;
    cm_rc rc;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if ((rc = ecdsa_digest(st, msg, len, digest, &dn)) != CM_OK)
        return rc;
    return mbedtls_pk_verify(&st->pk, st->hash, digest, dn, sig, sig_len) == 0 ? CM_OK
                                                                                : CM_ERR_AUTH;
}

/* One DER SubjectPublicKeyInfo of an EC key on the algorithm's curve
 * (mbedtls_pk_parse_public_key checks that the point is on it). */
static cm_rc ecdsa_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    ecdsa_state *st = state;
    mbedtls_pk_free(&st->pk);
    mbedtls_pk_init(&st->pk);
    st->has_public = st->has_private = 0;
    if (der == NULL || der_len == 0 || mbedtls_pk_parse_public_key(&st->pk, der, der_len) != 0
        || mbedtls_pk_get_type(&st->pk) != MBEDTLS_PK_ECKEY
        || MBED_KEYPAIR_GROUP_ID(mbedtls_pk_ec(st->pk)) != st->curve) {
        mbedtls_pk_free(&st->pk);
        mbedtls_pk_init(&st->pk);
        return CM_ERR_INVALID;
    }
    st->has_public = 1;
    return CM_OK;
}

/* mbedtls_pk_write_pubkey_der writes at the end of the buffer: the DER is
 * moved to its start. */
static cm_rc ecdsa_get_public_key(void *state, uint8_t *der, size_t *len)
{
    ecdsa_state *st = state;
    int n;
    if (!st->has_public)
        return CM_ERR_INVALID;
    n = mbedtls_pk_write_pubkey_der(&st->pk, der, *len);
    if (n <= 0)
        return CM_ERR_INVALID;
    memmove(der, der + *len - (size_t)n, (size_t)n);
    *len = (size_t)n;
    return CM_OK;
}

const cm_signature_vtable mbed_ecdsa = {ecdsa_create, ecdsa_keygen, ecdsa_sign, ecdsa_verify,
                                        ecdsa_set_public_key, ecdsa_get_public_key,
                                        ecdsa_destroy};
#endif
