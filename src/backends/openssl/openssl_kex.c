/*
 * openssl_kex.c — the key agreement class of the OpenSSL backend (X25519,
 * ECDH), generic over an ossl_spec: its EVP_PKEY type (EVP_PKEY_X25519 or
 * EVP_PKEY_EC); the curve is the algorithm's parameter.
 *
 * What a TLS implementation does with a long-lived EVP_PKEY_CTX: create()
 * makes the key generation context (curve set); a key (keygen() or
 * set_private_key()) gets one derive context, initialised once. derive()
 * makes an EVP_PKEY of the peer's public key (X25519: from its 32 raw
 * bytes; EC: the state's group with the uncompressed point set, which
 * OpenSSL checks is on the curve; or from DER SubjectPublicKeyInfo), sets
 * it as the peer (on 3.x this also checks the key) and derives. Public
 * keys are exported as OpenSSL does for TLS key shares
 * (EVP_PKEY_get1_tls_encodedpoint on 1.1.1, get1_encoded_public_key on
 * 3.x): X25519's raw bytes, an uncompressed EC point.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/x509.h>
#ifndef OPENSSL_NO_EC
#include <openssl/ec.h>
#endif
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

#if OSSL_HAVE_3
#define OSSL_GET1_ENCODED EVP_PKEY_get1_encoded_public_key
#define OSSL_SET1_ENCODED EVP_PKEY_set1_encoded_public_key
#define OSSL_SAME_PARAMS EVP_PKEY_parameters_eq
#else
#define OSSL_GET1_ENCODED EVP_PKEY_get1_tls_encodedpoint
#define OSSL_SET1_ENCODED EVP_PKEY_set1_tls_encodedpoint
#define OSSL_SAME_PARAMS EVP_PKEY_cmp_parameters
#endif

typedef struct ossl_kex_state {
    const ossl_spec *spec;
    EVP_PKEY_CTX *gen;    /* key generation, initialised once */
    EVP_PKEY *pkey;       /* NULL until keygen() or set_private_key() */
    EVP_PKEY_CTX *derive; /* on pkey, EVP_PKEY_derive_init'ed */
    int curve_nid;        /* EC: the algorithm's curve */
    size_t field_len;     /* bytes of a coordinate (X25519: 32) */
} ossl_kex_state;

void ossl_kex_destroy(void *state)
{
    ossl_kex_state *st = state;
    if (st == NULL)
        return;
    EVP_PKEY_CTX_free(st->derive);
    EVP_PKEY_free(st->pkey);
    EVP_PKEY_CTX_free(st->gen);
    free(st);
}

cm_rc ossl_kex_create(const ossl_spec *spec, void **state, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    const char *bytes = cm_algorithm_param(alg, "secret_bytes");
    ossl_kex_state *st;

    *state = NULL;
    if (curve == NULL || bytes == NULL)
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    st->field_len = (size_t)atoi(bytes);
    st->curve_nid = NID_undef;
    if (spec->pkey_id == EVP_PKEY_EC) {
        if ((st->curve_nid = ossl_curve_nid(curve)) == NID_undef)
            goto unsupported;
    } else if (spec->pkey_id != EVP_PKEY_X25519 || strcmp(curve, "curve25519") != 0
               || st->field_len != 32) {
        goto unsupported;
    }
    if ((st->gen = EVP_PKEY_CTX_new_id(spec->pkey_id, NULL)) == NULL
        || EVP_PKEY_keygen_init(st->gen) != 1
#ifndef OPENSSL_NO_EC
        || (spec->pkey_id == EVP_PKEY_EC
            && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(st->gen, st->curve_nid) <= 0)
#endif
    ) {
        ossl_kex_destroy(st);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    *state = st;
    return CM_OK;
unsupported:
    ossl_kex_destroy(st);
    return ossl_fail(CM_ERR_UNSUPPORTED);
}

/* Makes k (ours now) the state's key, with its derive context. */
static cm_rc kex_set_key(ossl_kex_state *st, EVP_PKEY *k)
{
    EVP_PKEY_CTX_free(st->derive);
    EVP_PKEY_free(st->pkey);
    st->pkey = k;
    st->derive = EVP_PKEY_CTX_new(k, NULL);
    if (st->derive == NULL || EVP_PKEY_derive_init(st->derive) != 1) {
        EVP_PKEY_CTX_free(st->derive);
        EVP_PKEY_free(st->pkey);
        st->derive = NULL;
        st->pkey = NULL;
        return ossl_fail(CM_ERR_LIBRARY);
    }
    return CM_OK;
}

cm_rc ossl_kex_keygen(void *state)
{
    ossl_kex_state *st = state;
    EVP_PKEY *k = NULL;
    if (EVP_PKEY_keygen(st->gen, &k) != 1) {
        EVP_PKEY_free(k);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    return kex_set_key(st, k);
}

#ifndef OPENSSL_NO_EC
/* An EC key from its big-endian scalar: a DER ECPrivateKey (RFC 5915)
 * without its public key, which OpenSSL computes when it parses one. */
static EVP_PKEY *ec_from_scalar(const ossl_kex_state *st, const uint8_t *key, size_t len)
{
    unsigned char der[160], *p;
    const unsigned char *q = der;
    const ASN1_OBJECT *oid = OBJ_nid2obj(st->curve_nid);
    int oid_len = oid != NULL ? i2d_ASN1_OBJECT(oid, NULL) : -1;
    size_t body;

    while (len > 0 && key[0] == 0)
        key++, len--;
    if (len == 0 || len > st->field_len || oid_len <= 0 || oid_len > 32)
        return NULL;
    /* SEQUENCE { INTEGER 1, OCTET STRING scalar, [0] { curve OID } } */
    body = 3 + 2 + st->field_len + 2 + (size_t)oid_len;
    if (body > 127)
        return NULL;
    p = der;
    *p++ = 0x30, *p++ = (unsigned char)body;
    *p++ = 0x02, *p++ = 0x01, *p++ = 0x01;
    *p++ = 0x04, *p++ = (unsigned char)st->field_len;
    memset(p, 0, st->field_len - len);
    memcpy(p + st->field_len - len, key, len);
    p += st->field_len;
    *p++ = 0xa0, *p++ = (unsigned char)oid_len;
    i2d_ASN1_OBJECT(oid, &p);
    EVP_PKEY *k = d2i_PrivateKey(EVP_PKEY_EC, NULL, &q, (long)(p - der));
    OPENSSL_cleanse(der, sizeof der);
    return k;
}
#endif

cm_rc ossl_kex_set_private_key(void *state, const uint8_t *key, size_t len)
{
    ossl_kex_state *st = state;
    EVP_PKEY *k = NULL;

    if (st->spec->pkey_id == EVP_PKEY_X25519) {
        if (len != 32)
            return CM_ERR_INVALID;
        k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, key, len);
    }
#ifndef OPENSSL_NO_EC
    else
        k = ec_from_scalar(st, key, len);
#endif
    if (k == NULL)
        return ossl_fail(CM_ERR_INVALID);
    return kex_set_key(st, k);
}

cm_rc ossl_kex_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    ossl_kex_state *st = state;
    unsigned char *enc = NULL;
    size_t n;

    if (st->pkey == NULL)
        return CM_ERR_INVALID;
    n = OSSL_GET1_ENCODED(st->pkey, &enc);
    if (n == 0 || enc == NULL) {
        OPENSSL_free(enc);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    if (n > *len) {
        OPENSSL_free(enc);
        return CM_ERR_INVALID;
    }
    memcpy(pub, enc, n);
    *len = n;
    OPENSSL_free(enc);
    return CM_OK;
}

/* The peer's key from its raw encoding (X25519's 32 bytes; an uncompressed
 * point, 04 || x || y, of the state's curve) or from DER
 * SubjectPublicKeyInfo (same key type and curve parameters); NULL when it
 * is none of these. */
static EVP_PKEY *peer_key(const ossl_kex_state *st, cm_kex_peer form, const uint8_t *peer,
                          size_t len)
{
    EVP_PKEY *k = NULL;

    if (form == CM_KEX_PEER_SPKI) {
        const unsigned char *p = peer;
        if (len == 0 || len > LONG_MAX || (k = d2i_PUBKEY(NULL, &p, (long)len)) == NULL)
            return NULL;
        if (p == peer + len && EVP_PKEY_id(k) == st->spec->pkey_id
            && (st->spec->pkey_id != EVP_PKEY_EC || OSSL_SAME_PARAMS(k, st->pkey) == 1))
            return k;
    } else if (st->spec->pkey_id == EVP_PKEY_X25519) {
        if (len == 32)
            return EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, len);
        return NULL;
    } else if (len == 1 + 2 * st->field_len && peer[0] == 0x04 && (k = EVP_PKEY_new()) != NULL
               && EVP_PKEY_copy_parameters(k, st->pkey) == 1
               && OSSL_SET1_ENCODED(k, peer, len) == 1) {
        return k;
    }
    EVP_PKEY_free(k);
    return NULL;
}

cm_rc ossl_kex_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                      uint8_t *secret, size_t *secret_len)
{
    ossl_kex_state *st = state;
    EVP_PKEY *k;
    size_t n;
    cm_rc rc = CM_ERR_INVALID;

    if (st->pkey == NULL || peer == NULL || *secret_len < st->field_len)
        return CM_ERR_INVALID;
    if ((k = peer_key(st, form, peer, peer_len)) == NULL)
        return ossl_fail(CM_ERR_INVALID);
    n = *secret_len;
    /* set_peer refuses a point of another group (and on 3.x an invalid
     * one); derive refuses X25519's all-zero secret */
    if (EVP_PKEY_derive_set_peer(st->derive, k) == 1
        && EVP_PKEY_derive(st->derive, secret, &n) == 1) {
        *secret_len = n;
        rc = CM_OK;
    }
    EVP_PKEY_free(k);
    return rc == CM_OK ? CM_OK : ossl_fail(rc);
}
