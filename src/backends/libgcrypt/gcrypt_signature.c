/*
 * gcrypt_signature.c — the public-key classes of the libgcrypt backend:
 * Ed25519 (PureEdDSA) through gcry_pk_genkey, gcry_pk_sign and
 * gcry_pk_verify, whose keys, data and signatures are S-expressions, and
 * X25519 through gcry_ecc_mul_point (src/impl/x25519_kex.h).
 *
 * What an application does with libgcrypt: keygen() generates an
 * (ecc (curve Ed25519) (flags eddsa)) key pair and keeps its private- and
 * public-key S-expressions; sign() builds the data expression
 * (data (flags eddsa) (hash-algo sha512) (value MSG)), signs, and takes
 * the 32-byte r and s out of (sig-val (eddsa (r) (s))); verify() builds
 * both expressions and verifies. Building and parsing the S-expressions is
 * part of every call, as it is for every user of this API. Public keys
 * travel as SubjectPublicKeyInfo (src/impl/rfc8410_spki.h), which
 * libgcrypt does not read or write.
 *
 * ECDSA is not here: libgcrypt's ECDSA signatures are (r, s) in an
 * S-expression and it has no DER encoding of them (gcrypt_backend.c).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cryptometer/algorithm.h"
#include "impl/rfc8410_spki.h"
#include "impl/x25519_kex.h"
#include "gcrypt_internal.h"

#define ED_LEN 32

static const uint8_t empty_msg[1]; /* where an empty message points */

typedef struct gc_ed_state {
    gcry_sexp_t priv;  /* NULL until keygen(), and after set_public_key() */
    gcry_sexp_t pub;   /* NULL until keygen() or set_public_key() */
    uint8_t q[ED_LEN]; /* the raw public key */
} gc_ed_state;

static void ed_clear(gc_ed_state *st)
{
    gcry_sexp_release(st->priv); /* accepts NULL */
    gcry_sexp_release(st->pub);
    st->priv = st->pub = NULL;
}

static void ed_destroy(void *state)
{
    if (state == NULL)
        return;
    ed_clear(state);
    free(state);
}

static cm_rc ed_create(void **state, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    *state = NULL;
    if ((curve != NULL && strcasecmp(curve, "ed25519") != 0)
        || cm_algorithm_param(alg, "hash") != NULL || cm_algorithm_param(alg, "encoding") != NULL)
        return CM_ERR_UNSUPPORTED;
    *state = calloc(1, sizeof(gc_ed_state));
    return *state ? CM_OK : CM_ERR_NOMEM;
}

/* Copies the n-th datum of the token named name inside e into out, which
 * holds exactly len bytes; a 33-byte value with libgcrypt's 0x40 prefix of
 * a native point counts as its 32 bytes. 0, or -1 when absent or of
 * another length. */
static int sexp_bytes(gcry_sexp_t e, const char *name, uint8_t *out, size_t len)
{
    gcry_sexp_t t = gcry_sexp_find_token(e, name, 0);
    size_t n = 0;
    const char *d = t ? gcry_sexp_nth_data(t, 1, &n) : NULL;
    int rc = -1;
    if (d != NULL && n == len + 1 && (uint8_t)d[0] == 0x40)
        d++, n--;
    if (d != NULL && n == len) {
        memcpy(out, d, len);
        rc = 0;
    }
    gcry_sexp_release(t);
    return rc;
}

static cm_rc ed_keygen(void *state)
{
    gc_ed_state *st = state;
    gcry_sexp_t parms = NULL, key = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    ed_clear(st);
    if (gcry_sexp_build(&parms, NULL, "(genkey (ecc (curve Ed25519) (flags eddsa)))") == 0
        && gcry_pk_genkey(&key, parms) == 0) {
        st->priv = gcry_sexp_find_token(key, "private-key", 0);
        st->pub = gcry_sexp_find_token(key, "public-key", 0);
        if (st->priv && st->pub && sexp_bytes(st->pub, "q", st->q, ED_LEN) == 0)
            rc = CM_OK;
        else
            ed_clear(st);
    }
    gcry_sexp_release(parms);
    gcry_sexp_release(key);
    return rc;
}

/* The data expression of a message for PureEdDSA. */
static gcry_error_t ed_data(gcry_sexp_t *data, const uint8_t *msg, size_t len)
{
    return gcry_sexp_build(data, NULL, "(data (flags eddsa) (hash-algo sha512) (value %b))",
                           (int)len, len ? msg : empty_msg);
}

static cm_rc ed_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    gc_ed_state *st = state;
    gcry_sexp_t data = NULL, s = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    if (st->priv == NULL || *sig_len < 2 * ED_LEN || len > INT32_MAX)
        return CM_ERR_INVALID;
    if (ed_data(&data, msg, len) == 0 && gcry_pk_sign(&s, data, st->priv) == 0
        && sexp_bytes(s, "r", sig, ED_LEN) == 0 && sexp_bytes(s, "s", sig + ED_LEN, ED_LEN) == 0) {
        *sig_len = 2 * ED_LEN;
        rc = CM_OK;
    }
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static cm_rc ed_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                       size_t sig_len)
{
    gc_ed_state *st = state;
    gcry_sexp_t data = NULL, s = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    if (st->pub == NULL || len > INT32_MAX)
        return CM_ERR_INVALID;
    if (sig_len != 2 * ED_LEN)
        return CM_ERR_AUTH;
    if (ed_data(&data, msg, len) == 0
        && gcry_sexp_build(&s, NULL, "(sig-val (eddsa (r %b) (s %b)))", ED_LEN, sig, ED_LEN,
                           sig + ED_LEN) == 0)
        rc = gcry_pk_verify(s, data, st->pub) == 0 ? CM_OK : CM_ERR_AUTH;
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static cm_rc ed_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    gc_ed_state *st = state;
    const uint8_t *key = rfc8410_spki_key(RFC8410_ED25519, der, der_len);

    ed_clear(st);
    if (key == NULL)
        return CM_ERR_INVALID;
    if (gcry_sexp_build(&st->pub, NULL, "(public-key (ecc (curve Ed25519) (flags eddsa) (q %b)))",
                        ED_LEN, key) != 0)
        return CM_ERR_LIBRARY;
    memcpy(st->q, key, ED_LEN);
    return CM_OK;
}

static cm_rc ed_get_public_key(void *state, uint8_t *der, size_t *len)
{
    gc_ed_state *st = state;
    if (st->pub == NULL)
        return CM_ERR_INVALID;
    return rfc8410_spki_write(RFC8410_ED25519, st->q, der, len) == 0 ? CM_OK : CM_ERR_INVALID;
}

const cm_signature_vtable gc_ed25519_vtable = {
    ed_create, ed_keygen, ed_sign, ed_verify, ed_set_public_key, ed_get_public_key, ed_destroy};

/* ---- X25519 (gcry_ecc_mul_point, libgcrypt 1.9 and later) ---------------- */

static int gc_curve25519_mul(uint8_t q[X25519_LEN], const uint8_t n[X25519_LEN],
                             const uint8_t p[X25519_LEN])
{
    return gcry_ecc_mul_point(GCRY_ECC_CURVE25519, q, n, p) == 0 ? 0 : -1;
}

static cm_rc x25519_create(void **state, const cm_algorithm *alg)
{
    return x25519_kex_create(state, cm_algorithm_param(alg, "curve"),
                             cm_algorithm_param(alg, "encoding"), gc_curve25519_mul);
}

const cm_kex_vtable gc_x25519_vtable = {
    x25519_create, x25519_kex_keygen, x25519_kex_set_private_key, x25519_kex_get_public_key,
    x25519_kex_derive, x25519_kex_destroy};
