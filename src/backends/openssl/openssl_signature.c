/*
 * openssl_signature.c — the signature class of the OpenSSL backend
 * (Ed25519, ECDSA, RSA-PSS), generic over an ossl_spec (see openssl_internal.h; the
 * table is in openssl_backend.c): the spec gives the EVP_PKEY type, the
 * algorithm's parameters (curve, hash, encoding) are read at create().
 *
 * What an application with a long-lived key does: create() makes one
 * EVP_PKEY_CTX initialised for key generation (curve set) and one
 * EVP_MD_CTX; keygen() generates from the former, sign() and verify()
 * re-initialise the latter with EVP_DigestSignInit / EVP_DigestVerifyInit
 * and make one one-shot EVP_DigestSign / EVP_DigestVerify call. Ed25519
 * takes no digest (PureEdDSA); ECDSA hashes the message with the
 * algorithm's hash and its signatures are DER (X9.62 Ecdsa-Sig-Value).
 * RSA-PSS hashes the message with the algorithm's hash and sets, on the
 * EVP_PKEY_CTX that each Init returns, PSS padding, the MGF1 hash and the
 * salt length (fixed: a verify accepts only that length); its keys are
 * generated with the algorithm's key_bits and OpenSSL's default public
 * exponent, 65537.
 *
 * The same calls exist in 1.1.1 and 3.x; the version splits are fetching
 * the hash and reading a public key's curve. OpenSSL 1.1.1 keeps the
 * EVP_MD_CTX's EVP_PKEY_CTX (and so its key) across Init calls, so the
 * context is reset whenever the state's key changes.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#ifndef OPENSSL_NO_EC
#include <openssl/ec.h>
#endif
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

/* Where an empty message or signature points: OpenSSL is not promised to
 * accept NULL with length 0 on every path. */
static const uint8_t empty_buf[1];

typedef struct ossl_sig_state {
    const ossl_spec *spec;
    EVP_PKEY_CTX *gen;  /* key generation, initialised once */
    EVP_MD_CTX *ctx;    /* re-initialised by every sign() and verify() */
    const EVP_MD *md;   /* ECDSA's and RSA-PSS's hash; NULL for Ed25519 */
    const EVP_MD *mgf_md; /* RSA-PSS's MGF1 hash */
#if OSSL_HAVE_3
    EVP_MD *md_owned, *mgf_owned; /* our references to the fetched hashes */
#endif
    int key_bits;       /* RSA: the modulus size */
    int salt_len;       /* RSA-PSS: salt bytes */
    int curve_nid;      /* EC: the algorithm's curve; NID_undef otherwise */
    EVP_PKEY *pkey;     /* NULL until keygen() or set_public_key() */
    int has_private;    /* pkey came from keygen() */
    size_t sig_max;     /* EVP_PKEY_size(pkey): the longest signature */
} ossl_sig_state;

/* ---- curves ------------------------------------------------------------- */

/* See openssl_internal.h. */
int ossl_curve_nid(const char *name)
{
#ifndef OPENSSL_NO_EC
    int nid = EC_curve_nist2nid(name);
    if (nid != NID_undef)
        return nid;
    nid = OBJ_sn2nid(name);
    if (nid != NID_undef)
        return nid;
    return OBJ_ln2nid(name);
#else
    (void)name;
    return NID_undef;
#endif
}

/* The named curve of EC key k; NID_undef when it has none (explicit
 * parameters) or is not an EC key. */
static int pkey_curve_nid(EVP_PKEY *k)
{
#if defined(OPENSSL_NO_EC)
    (void)k;
    return NID_undef;
#elif OSSL_HAVE_3
    char name[80];
    size_t n = 0;
    int nid;

    if (EVP_PKEY_get_group_name(k, name, sizeof name, &n) != 1 || n == 0)
        return NID_undef;
    nid = OBJ_sn2nid(name);
    return nid != NID_undef ? nid : ossl_curve_nid(name);
#else
    const EC_KEY *ec = EVP_PKEY_get0_EC_KEY(k);
    const EC_GROUP *group = ec != NULL ? EC_KEY_get0_group(ec) : NULL;
    return group != NULL ? EC_GROUP_get_curve_name(group) : NID_undef;
#endif
}

/* ---- available / create / destroy --------------------------------------- */

int ossl_pkey_available(const ossl_spec *spec, cm_class cls, char *why, size_t why_len)
{
    EVP_PKEY_CTX *gen;
    int ok = 1;
    const char *reason;

#ifdef OPENSSL_NO_EC
    if (spec->pkey_id == EVP_PKEY_EC) {
        snprintf(why, why_len, "this OpenSSL offers no %s (built with "
                 "OPENSSL_NO_EC)", spec->evp_name);
        return 0;
    }
#endif
#if OSSL_HAVE_3
    {
        /* the operation's implementation: a signature, a key exchange,
         * an asymmetric cipher */
        if (cls == CM_CLASS_KEX) {
            EVP_KEYEXCH *x = EVP_KEYEXCH_fetch(NULL, spec->evp_name, NULL);
            ok = x != NULL;
            EVP_KEYEXCH_free(x);
        } else if (cls == CM_CLASS_PKE) {
            EVP_ASYM_CIPHER *x = EVP_ASYM_CIPHER_fetch(NULL, spec->evp_name, NULL);
            ok = x != NULL;
            EVP_ASYM_CIPHER_free(x);
        } else {
            EVP_SIGNATURE *x = EVP_SIGNATURE_fetch(NULL, spec->evp_name, NULL);
            ok = x != NULL;
            EVP_SIGNATURE_free(x);
        }
    }
    reason = ok ? "no key generation for its key type in any loaded provider"
                : "the fetch of its operation failed: no loaded provider has it";
#else
    (void)cls;
    reason = "disabled when the library was built";
#endif
    if (ok) {
        gen = EVP_PKEY_CTX_new_id(spec->pkey_id, NULL);
        ok = gen != NULL && EVP_PKEY_keygen_init(gen) == 1;
        EVP_PKEY_CTX_free(gen);
    }
    if (ok)
        return 1;
    ERR_clear_error();
    snprintf(why, why_len, "this OpenSSL offers no %s (%s)", spec->evp_name,
             reason);
    return 0;
}

void ossl_sig_destroy(void *state)
{
    ossl_sig_state *st = state;
    if (st == NULL)
        return;
    EVP_PKEY_free(st->pkey);
    EVP_MD_CTX_free(st->ctx);
    EVP_PKEY_CTX_free(st->gen);
#if OSSL_HAVE_3
    EVP_MD_free(st->md_owned);
    EVP_MD_free(st->mgf_owned);
#endif
    free(st);
}

/* The hash called name, or NULL; on 3.x *owned receives our reference. */
static const EVP_MD *get_md(const char *name, EVP_MD **owned)
{
#if OSSL_HAVE_3
    return *owned = EVP_MD_fetch(NULL, name, NULL);
#else
    (void)owned;
    return EVP_get_digestbyname(name);
#endif
}

/* RSA-PSS: key bits, PSS, hash, MGF1 hash, salt length; e = 65537. */
static cm_rc sig_bind_rsa(ossl_sig_state *st, const cm_algorithm *alg)
{
    const char *bits = cm_algorithm_param(alg, "key_bits");
    const char *padding = cm_algorithm_param(alg, "padding");
    const char *hash = cm_algorithm_param(alg, "hash");
    const char *mgf = cm_algorithm_param(alg, "mgf_hash");
    const char *salt = cm_algorithm_param(alg, "salt_bytes");
    const char *e = cm_algorithm_param(alg, "public_exponent");

    if (bits == NULL || padding == NULL || strcmp(padding, "pss") != 0
        || hash == NULL || salt == NULL || (e != NULL && strcmp(e, "65537") != 0))
        return CM_ERR_UNSUPPORTED;
    st->key_bits = atoi(bits);
    st->salt_len = atoi(salt);
#if OSSL_HAVE_3
    st->md = get_md(hash, &st->md_owned);
    st->mgf_md = get_md(mgf != NULL ? mgf : hash, &st->mgf_owned);
#else
    st->md = get_md(hash, NULL);
    st->mgf_md = get_md(mgf != NULL ? mgf : hash, NULL);
#endif
    if (st->key_bits < 1024 || st->salt_len < 0 || st->md == NULL || st->mgf_md == NULL)
        return ossl_fail(CM_ERR_UNSUPPORTED);
    return CM_OK;
}

/* Checks alg's parameters against what spec's key type does and binds st
 * to them: CM_ERR_UNSUPPORTED for a curve, hash or encoding we do not
 * do. */
static cm_rc sig_bind(ossl_sig_state *st, const cm_algorithm *alg)
{
    const char *curve = cm_algorithm_param(alg, "curve");
    const char *hash = cm_algorithm_param(alg, "hash");
    const char *encoding = cm_algorithm_param(alg, "encoding");

    st->curve_nid = NID_undef;
    if (st->spec->pkey_id == EVP_PKEY_EC) {
        /* ECDSA: a named curve, a hash, DER signatures */
        if (curve == NULL || hash == NULL
            || (encoding != NULL && strcasecmp(encoding, "der") != 0))
            return CM_ERR_UNSUPPORTED;
        if ((st->curve_nid = ossl_curve_nid(curve)) == NID_undef)
            return ossl_fail(CM_ERR_UNSUPPORTED);
#if OSSL_HAVE_3
        st->md = st->md_owned = EVP_MD_fetch(NULL, hash, NULL);
#else
        st->md = EVP_get_digestbyname(hash);
#endif
        if (st->md == NULL)
            return ossl_fail(CM_ERR_UNSUPPORTED);
        return CM_OK;
    }
    if (st->spec->pkey_id == EVP_PKEY_ED25519) {
        /* PureEdDSA: no pre-hash (Ed25519ph), no other curve */
        if ((curve != NULL && strcasecmp(curve, "ed25519") != 0)
            || hash != NULL || encoding != NULL)
            return CM_ERR_UNSUPPORTED;
        st->md = NULL;
        return CM_OK;
    }
    if (st->spec->pkey_id == EVP_PKEY_RSA)
        return sig_bind_rsa(st, alg);
    return CM_ERR_UNSUPPORTED;
}

cm_rc ossl_sig_create(const ossl_spec *spec, void **state,
                      const cm_algorithm *alg)
{
    ossl_sig_state *st;
    cm_rc rc = CM_ERR_LIBRARY;

    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    if ((rc = sig_bind(st, alg)) != CM_OK)
        goto fail;
    rc = CM_ERR_LIBRARY;
    if ((st->ctx = EVP_MD_CTX_new()) == NULL
        || (st->gen = EVP_PKEY_CTX_new_id(spec->pkey_id, NULL)) == NULL
        || EVP_PKEY_keygen_init(st->gen) != 1)
        goto fail;
#ifndef OPENSSL_NO_EC
    if (spec->pkey_id == EVP_PKEY_EC
        && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(st->gen, st->curve_nid) <= 0)
        goto fail;
#endif
    if (spec->pkey_id == EVP_PKEY_RSA
        && EVP_PKEY_CTX_set_rsa_keygen_bits(st->gen, st->key_bits) <= 0)
        goto fail;
    *state = st;
    return CM_OK;
fail:
    ossl_sig_destroy(st);
    return ossl_fail(rc);
}

/* ---- keys ----------------------------------------------------------------- */

/* Makes k (ours now) the state's key, dropping the previous one. */
static cm_rc sig_set_key(ossl_sig_state *st, EVP_PKEY *k, int has_private)
{
    int size = EVP_PKEY_size(k);

    EVP_PKEY_free(st->pkey);
    st->pkey = k;
    st->has_private = has_private;
    st->sig_max = size > 0 ? (size_t)size : 0;
    /* 1.1.1 would keep signing with the old key's EVP_PKEY_CTX */
    if (size <= 0 || EVP_MD_CTX_reset(st->ctx) != 1) {
        EVP_PKEY_free(st->pkey);
        st->pkey = NULL;
        st->has_private = 0;
        return ossl_fail(CM_ERR_LIBRARY);
    }
    return CM_OK;
}

cm_rc ossl_sig_keygen(void *state)
{
    ossl_sig_state *st = state;
    EVP_PKEY *k = NULL;

    if (EVP_PKEY_keygen(st->gen, &k) != 1) {
        EVP_PKEY_free(k);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    return sig_set_key(st, k, 1);
}

cm_rc ossl_sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    ossl_sig_state *st = state;
    const unsigned char *p = der;
    EVP_PKEY *k;

    if (der == NULL || der_len == 0 || der_len > LONG_MAX)
        return CM_ERR_INVALID;
    k = d2i_PUBKEY(NULL, &p, (long)der_len);
    if (k == NULL)
        return ossl_fail(CM_ERR_INVALID);
    /* the whole input, the algorithm's key type, for EC its curve, for
     * RSA its size */
    if (p != der + der_len || EVP_PKEY_id(k) != st->spec->pkey_id
        || (st->spec->pkey_id == EVP_PKEY_EC
            && pkey_curve_nid(k) != st->curve_nid)
        || (st->spec->pkey_id == EVP_PKEY_RSA && EVP_PKEY_bits(k) != st->key_bits)) {
        EVP_PKEY_free(k);
        return ossl_fail(CM_ERR_INVALID);
    }
    return sig_set_key(st, k, 0);
}

cm_rc ossl_sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    ossl_sig_state *st = state;
    unsigned char *p = der;
    int n;

    if (st->pkey == NULL)
        return CM_ERR_INVALID;
    if ((n = i2d_PUBKEY(st->pkey, NULL)) <= 0)
        return ossl_fail(CM_ERR_LIBRARY);
    if ((size_t)n > *len)
        return CM_ERR_INVALID;
    if (i2d_PUBKEY(st->pkey, &p) != n)
        return ossl_fail(CM_ERR_LIBRARY);
    *len = (size_t)n;
    return CM_OK;
}

/* ---- sign / verify ------------------------------------------------------ */

/* After a DigestSign/VerifyInit: RSA-PSS's padding, MGF1 hash and salt
 * length on the context it returned (nothing for the other key types). */
static int sig_padding(const ossl_sig_state *st, EVP_PKEY_CTX *pctx)
{
    if (st->spec->pkey_id != EVP_PKEY_RSA)
        return 1;
    return EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PSS_PADDING) > 0
           && EVP_PKEY_CTX_set_rsa_mgf1_md(pctx, st->mgf_md) > 0
           && EVP_PKEY_CTX_set_rsa_pss_saltlen(pctx, st->salt_len) > 0;
}

cm_rc ossl_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                    size_t *sig_len)
{
    ossl_sig_state *st = state;
    size_t n = *sig_len;

    /* no key, or a public key alone (set_public_key) */
    if (st->pkey == NULL || !st->has_private)
        return CM_ERR_INVALID;
    /* room for the longest signature: an ECDSA one's length varies */
    if (n < st->sig_max)
        return CM_ERR_INVALID;
    EVP_PKEY_CTX *pctx = NULL;
    if (EVP_DigestSignInit(st->ctx, &pctx, st->md, NULL, st->pkey) != 1
        || !sig_padding(st, pctx)
        || EVP_DigestSign(st->ctx, sig, &n, len > 0 ? msg : empty_buf, len) != 1
        || n == 0 || n > *sig_len)
        return ossl_fail(CM_ERR_LIBRARY);
    *sig_len = n;
    return CM_OK;
}

cm_rc ossl_sig_verify(void *state, const uint8_t *msg, size_t len,
                      const uint8_t *sig, size_t sig_len)
{
    ossl_sig_state *st = state;

    EVP_PKEY_CTX *pctx = NULL;
    if (st->pkey == NULL)
        return CM_ERR_INVALID;
    if (EVP_DigestVerifyInit(st->ctx, &pctx, st->md, NULL, st->pkey) != 1
        || !sig_padding(st, pctx))
        return ossl_fail(CM_ERR_LIBRARY);
    /* 1 verified; 0 did not; < 0 malformed (a DER error, a wrong length)
     * or an error inside OpenSSL, which it does not tell apart. */
    if (EVP_DigestVerify(st->ctx, sig_len > 0 ? sig : empty_buf, sig_len,
                         len > 0 ? msg : empty_buf, len) != 1)
        return ossl_fail(CM_ERR_AUTH);
    return CM_OK;
}
