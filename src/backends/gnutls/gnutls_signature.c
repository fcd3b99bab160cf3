/*
 * gnutls_signature.c — the signature class of the GnuTLS backend: Ed25519,
 * ECDSA (DER signatures, as GnuTLS makes them) and RSA-PSS through its
 * abstract key API, generic over a gt_spec (key type, signature scheme,
 * curve or RSA key size, and the parameters the scheme carries out).
 *
 * keygen() is gnutls_privkey_generate2 on the spec's curve or key size
 * (RSA: e = 65537, GnuTLS's) and gnutls_pubkey_import_privkey; sign() is gnutls_privkey_sign_data2 (the
 * library hashes with the scheme's hash and allocates the signature, which
 * is copied out and freed: its API's cost); verify() is
 * gnutls_pubkey_verify_data2. Public keys come and go as DER
 * SubjectPublicKeyInfo (gnutls_pubkey_import / gnutls_pubkey_export2).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <gnutls/abstract.h>
#include <gnutls/x509.h>
#include "cryptometer/algorithm.h"
#include "gnutls_internal.h"

static const uint8_t empty_msg[1]; /* where an empty message points */

/* RSA-PSS signatures are verified with the salt length the row fixes (the
 * digest's, which is the one GnuTLS signs with), as OpenSSL does when it is
 * set: without the flag GnuTLS would take any salt length. */
#define VERIFY_FLAGS GNUTLS_VERIFY_RSA_PSS_FIXED_SALT_LENGTH

typedef struct gt_sig_state {
    const gt_spec *spec;
    gnutls_privkey_t priv; /* NULL until keygen(), and after set_public_key() */
    gnutls_pubkey_t pub;   /* NULL until keygen() or set_public_key() */
} gt_sig_state;

/* Drops the state's keys. */
static void sig_clear(gt_sig_state *st)
{
    if (st->priv != NULL)
        gnutls_privkey_deinit(st->priv);
    if (st->pub != NULL)
        gnutls_pubkey_deinit(st->pub);
    st->priv = NULL;
    st->pub = NULL;
}

void gt_sig_destroy(void *state)
{
    if (state == NULL)
        return;
    sig_clear(state);
    free(state);
}

/* 1 when every parameter of alg but the measured message's length is one
 * of spec's "key", "value" pairs. */
static int params_match(const gt_spec *spec, const cm_algorithm *alg)
{
    for (int i = 0; i < CM_MAX_PARAMS && alg->params[i].key; i++) {
        const cm_param *p = &alg->params[i];
        int found = strcmp(p->key, "message_bytes") == 0;
        for (const char *const *q = spec->params; !found && q[0] != NULL; q += 2)
            found = strcmp(q[0], p->key) == 0 && strcasecmp(q[1], p->value) == 0;
        if (!found)
            return 0;
    }
    return 1;
}

cm_rc gt_sig_create(const gt_spec *spec, void **state, const cm_algorithm *alg)
{
    gt_sig_state *st;

    *state = NULL;
    if (!params_match(spec, alg))
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    *state = st;
    return CM_OK;
}

cm_rc gt_sig_keygen(void *state)
{
    gt_sig_state *st = state;
    unsigned bits = st->spec->curve ? GNUTLS_CURVE_TO_BITS(st->spec->curve) : st->spec->bits;
    sig_clear(st);
    if (gnutls_privkey_init(&st->priv) < 0 || gnutls_pubkey_init(&st->pub) < 0
        || gnutls_privkey_generate2(st->priv, st->spec->pk, bits, 0, NULL, 0) < 0
        || gnutls_pubkey_import_privkey(st->pub, st->priv, 0, 0) < 0) {
        sig_clear(st);
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

cm_rc gt_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    gt_sig_state *st = state;
    gnutls_datum_t data = {(unsigned char *)(len ? msg : empty_msg), (unsigned)len};
    gnutls_datum_t out = {NULL, 0};
    cm_rc rc = CM_OK;

    if (st->priv == NULL)
        return CM_ERR_INVALID;
    if (gnutls_privkey_sign_data2(st->priv, st->spec->sign, 0, &data, &out) < 0)
        return CM_ERR_LIBRARY;
    if (out.size > *sig_len)
        rc = CM_ERR_INVALID;
    else {
        memcpy(sig, out.data, out.size);
        *sig_len = out.size;
    }
    gnutls_free(out.data);
    return rc;
}

cm_rc gt_sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                    size_t sig_len)
{
    gt_sig_state *st = state;
    gnutls_datum_t data = {(unsigned char *)(len ? msg : empty_msg), (unsigned)len};
    gnutls_datum_t s = {(unsigned char *)(sig_len ? sig : empty_msg), (unsigned)sig_len};

    if (st->pub == NULL)
        return CM_ERR_INVALID;
    /* every refusal is "does not verify", malformed DER included */
    return gnutls_pubkey_verify_data2(st->pub, st->spec->sign, VERIFY_FLAGS, &data, &s) < 0
               ? CM_ERR_AUTH
               : CM_OK;
}

cm_rc gt_sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    gt_sig_state *st = state;
    gnutls_datum_t d = {(unsigned char *)der, (unsigned)der_len};
    gnutls_ecc_curve_t curve = GNUTLS_ECC_CURVE_INVALID;
    int ok;

    sig_clear(st);
    if (gnutls_pubkey_init(&st->pub) < 0)
        return CM_ERR_NOMEM;
    unsigned bits = 0;
    ok = gnutls_pubkey_import(st->pub, &d, GNUTLS_X509_FMT_DER) >= 0
         && gnutls_pubkey_get_pk_algorithm(st->pub, &bits) == (int)st->spec->pk
         && (st->spec->curve
                 ? gnutls_pubkey_export_ecc_raw2(st->pub, &curve, NULL, NULL, 0) >= 0
                       && curve == st->spec->curve
                 : bits == st->spec->bits);
    if (!ok) {
        sig_clear(st);
        return CM_ERR_INVALID;
    }
    return CM_OK;
}

cm_rc gt_sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    gt_sig_state *st = state;
    gnutls_datum_t out = {NULL, 0};
    cm_rc rc = CM_OK;

    if (st->pub == NULL)
        return CM_ERR_INVALID;
    if (gnutls_pubkey_export2(st->pub, GNUTLS_X509_FMT_DER, &out) < 0)
        return CM_ERR_LIBRARY;
    if (out.size > *len)
        rc = CM_ERR_INVALID;
    else {
        memcpy(der, out.data, out.size);
        *len = out.size;
    }
    gnutls_free(out.data);
    return rc;
}
