/*
 * gcrypt_kex.c — ECDH on P-256 for the libgcrypt backend, through its
 * public elliptic-curve arithmetic (gcry_mpi_ec_*) on a context of the
 * named curve "NIST P-256".
 *
 * keygen() is gcry_pk_genkey on the curve (its private scalar d and public
 * point q kept); set_private_key() takes a big-endian scalar in 1..n-1 and
 * computes d * G. derive() is what a handshake does with a peer's key
 * share: read the uncompressed point (raw 04 || x || y, or the one
 * SubjectPublicKeyInfo form of it for P-256, compared byte for byte),
 * refuse coordinates out of the field or a point not on the curve
 * (gcry_mpi_ec_curve_point), multiply (gcry_mpi_ec_mul) and take the
 * x-coordinate. The cofactor of P-256 is 1: no further check.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cryptometer/algorithm.h"
#include "gcrypt_internal.h"

#define FIELD 32                /* bytes of a P-256 coordinate and scalar */
#define POINT (1 + 2 * FIELD)   /* 04 || x || y */

/* SEQUENCE { SEQUENCE { id-ecPublicKey, prime256v1 }, BIT STRING } of an
 * uncompressed point: the SubjectPublicKeyInfo without its 65-byte point */
static const uint8_t spki_prefix[26] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
    0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};

typedef struct gc_ecdh_state {
    gcry_ctx_t ec;       /* the curve */
    gcry_mpi_t d;        /* NULL until a key is set */
    uint8_t pub[POINT];
} gc_ecdh_state;

static void ecdh_destroy(void *state)
{
    gc_ecdh_state *st = state;
    if (st == NULL)
        return;
    gcry_mpi_release(st->d); /* accepts NULL */
    gcry_ctx_release(st->ec);
    free(st);
}

static cm_rc ecdh_create(void **state, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    const char *encoding = cm_algorithm_param(alg, "encoding");
    gc_ecdh_state *st;

    *state = NULL;
    if (curve == NULL || strcasecmp(curve, "P-256") != 0
        || (encoding != NULL && strcasecmp(encoding, "uncompressed") != 0))
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    if (gcry_mpi_ec_new(&st->ec, NULL, "NIST P-256") != 0) {
        ecdh_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* Writes v big-endian into exactly FIELD bytes: 0, or -1 when it is longer. */
static int mpi_field(gcry_mpi_t v, uint8_t out[FIELD])
{
    size_t n = 0;
    uint8_t buf[FIELD];
    if (gcry_mpi_print(GCRYMPI_FMT_USG, buf, sizeof buf, &n, v) != 0 || n > FIELD)
        return -1;
    memset(out, 0, FIELD);
    memcpy(out + FIELD - n, buf, n);
    return 0;
}

/* st->pub = the affine encoding of point p: 0, or -1 at infinity. */
static int point_encode(gc_ecdh_state *st, gcry_mpi_point_t p)
{
    gcry_mpi_t x = gcry_mpi_new(0), y = gcry_mpi_new(0);
    int rc = gcry_mpi_ec_get_affine(x, y, p, st->ec) == 0 && mpi_field(x, st->pub + 1) == 0
                     && mpi_field(y, st->pub + 1 + FIELD) == 0
                 ? 0
                 : -1;
    st->pub[0] = 0x04;
    gcry_mpi_release(x);
    gcry_mpi_release(y);
    return rc;
}

static cm_rc ecdh_set_private_key(void *state, const uint8_t *key, size_t len)
{
    gc_ecdh_state *st = state;
    gcry_mpi_t d = NULL, n = gcry_mpi_ec_get_mpi("n", st->ec, 1);
    gcry_mpi_point_t g = gcry_mpi_ec_get_point("g", st->ec, 1), p = gcry_mpi_point_new(0);
    cm_rc rc = CM_ERR_INVALID;

    if (n != NULL && g != NULL && len > 0
        && gcry_mpi_scan(&d, GCRYMPI_FMT_USG, key, len, NULL) == 0
        && gcry_mpi_cmp_ui(d, 0) > 0 && gcry_mpi_cmp(d, n) < 0) {
        gcry_mpi_ec_mul(p, d, g, st->ec);
        if (point_encode(st, p) == 0) {
            gcry_mpi_release(st->d);
            st->d = d;
            d = NULL;
            rc = CM_OK;
        } else {
            rc = CM_ERR_LIBRARY;
        }
    }
    gcry_mpi_release(d);
    gcry_mpi_release(n);
    gcry_mpi_point_release(g);
    gcry_mpi_point_release(p);
    return rc;
}

static cm_rc ecdh_keygen(void *state)
{
    gc_ecdh_state *st = state;
    gcry_sexp_t parms = NULL, key = NULL, tok = NULL;
    gcry_mpi_t d = NULL;
    uint8_t buf[FIELD];
    cm_rc rc = CM_ERR_LIBRARY;

    if (gcry_sexp_build(&parms, NULL, "(genkey (ecc (curve \"NIST P-256\")))") == 0
        && gcry_pk_genkey(&key, parms) == 0
        && (tok = gcry_sexp_find_token(key, "d", 0)) != NULL
        && (d = gcry_sexp_nth_mpi(tok, 1, GCRYMPI_FMT_USG)) != NULL && mpi_field(d, buf) == 0)
        rc = ecdh_set_private_key(st, buf, sizeof buf); /* q = d * G, as genkey made it */
    memset(buf, 0, sizeof buf);
    gcry_mpi_release(d);
    gcry_sexp_release(tok);
    gcry_sexp_release(key);
    gcry_sexp_release(parms);
    return rc;
}

static cm_rc ecdh_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    gc_ecdh_state *st = state;
    if (st->d == NULL || *len < POINT)
        return CM_ERR_INVALID;
    memcpy(pub, st->pub, POINT);
    *len = POINT;
    return CM_OK;
}

static cm_rc ecdh_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                         uint8_t *secret, size_t *secret_len)
{
    gc_ecdh_state *st = state;
    const uint8_t *pt = NULL;
    gcry_mpi_t x = NULL, y = NULL, one = NULL, p = NULL, sx = NULL;
    gcry_mpi_point_t q = NULL, r = NULL;
    cm_rc rc = CM_ERR_INVALID;

    if (form == CM_KEX_PEER_SPKI) {
        if (peer_len == sizeof spki_prefix + POINT
            && memcmp(peer, spki_prefix, sizeof spki_prefix) == 0)
            pt = peer + sizeof spki_prefix;
    } else if (peer_len == POINT) {
        pt = peer;
    }
    if (st->d == NULL || pt == NULL || pt[0] != 0x04 || *secret_len < FIELD)
        return CM_ERR_INVALID;
    p = gcry_mpi_ec_get_mpi("p", st->ec, 1);
    one = gcry_mpi_set_ui(NULL, 1);
    if (p != NULL && gcry_mpi_scan(&x, GCRYMPI_FMT_USG, pt + 1, FIELD, NULL) == 0
        && gcry_mpi_scan(&y, GCRYMPI_FMT_USG, pt + 1 + FIELD, FIELD, NULL) == 0
        && gcry_mpi_cmp(x, p) < 0 && gcry_mpi_cmp(y, p) < 0) {
        q = gcry_mpi_point_set(NULL, x, y, one);
        if (gcry_mpi_ec_curve_point(q, st->ec)) {
            r = gcry_mpi_point_new(0);
            sx = gcry_mpi_new(0);
            gcry_mpi_ec_mul(r, st->d, q, st->ec);
            if (gcry_mpi_ec_get_affine(sx, NULL, r, st->ec) == 0 && mpi_field(sx, secret) == 0) {
                *secret_len = FIELD;
                rc = CM_OK;
            }
        }
    }
    gcry_mpi_release(x);
    gcry_mpi_release(y);
    gcry_mpi_release(one);
    gcry_mpi_release(p);
    gcry_mpi_release(sx);
    gcry_mpi_point_release(q);
    gcry_mpi_point_release(r);
    return rc;
}

const cm_kex_vtable gc_ecdh_p256_vtable = {ecdh_create,         ecdh_keygen,
                                           ecdh_set_private_key, ecdh_get_public_key,
                                           ecdh_derive,         ecdh_destroy};
