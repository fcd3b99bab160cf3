/*
 * openssl_pke.c — the public-key encryption class of the OpenSSL backend
 * (RSA-OAEP), generic over an ossl_spec (EVP_PKEY_RSA); key bits, hash and
 * MGF1 hash are the algorithm's parameters.
 *
 * What an application with a long-lived key does: a key (keygen(),
 * set_private_key() from PKCS#8, set_public_key() from
 * SubjectPublicKeyInfo) gets one encryption and one decryption
 * EVP_PKEY_CTX, initialised once with OAEP padding, the OAEP hash and the
 * MGF1 hash; encrypt() and decrypt() are one EVP_PKEY_encrypt or
 * EVP_PKEY_decrypt call each. A call with a label sets it first (and the
 * next call without one clears it). Keys are generated with OpenSSL's
 * default public exponent, 65537.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

/* Room for a decrypted message: the largest modulus we take (8192 bits). */
#define PKE_MAX_BYTES 1024

typedef struct ossl_pke_state {
    const ossl_spec *spec;
    EVP_PKEY_CTX *gen;           /* key generation, initialised once */
    EVP_PKEY *pkey;              /* NULL until a key is set */
    int has_private;
    EVP_PKEY_CTX *enc, *dec;     /* on pkey, OAEP set (dec: private keys only) */
    int enc_label, dec_label;    /* a label is set on enc, dec */
    const EVP_MD *md, *mgf_md;
#if OSSL_HAVE_3
    EVP_MD *md_owned, *mgf_owned;
#endif
    int key_bits;
} ossl_pke_state;

void ossl_pke_destroy(void *state)
{
    ossl_pke_state *st = state;
    if (st == NULL)
        return;
    EVP_PKEY_CTX_free(st->enc);
    EVP_PKEY_CTX_free(st->dec);
    EVP_PKEY_free(st->pkey);
    EVP_PKEY_CTX_free(st->gen);
#if OSSL_HAVE_3
    EVP_MD_free(st->md_owned);
    EVP_MD_free(st->mgf_owned);
#endif
    free(st);
}

cm_rc ossl_pke_create(const ossl_spec *spec, void **state, const cm_algorithm *alg)
{
    const char *bits = cm_algorithm_param(alg, "key_bits");
    const char *padding = cm_algorithm_param(alg, "padding");
    const char *hash = cm_algorithm_param(alg, "hash");
    const char *mgf = cm_algorithm_param(alg, "mgf_hash");
    const char *e = cm_algorithm_param(alg, "public_exponent");
    ossl_pke_state *st;

    *state = NULL;
    if (spec->pkey_id != EVP_PKEY_RSA || bits == NULL || padding == NULL
        || strcmp(padding, "oaep") != 0 || hash == NULL || (e != NULL && strcmp(e, "65537") != 0))
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    st->key_bits = atoi(bits);
    if (mgf == NULL)
        mgf = hash;
#if OSSL_HAVE_3
    st->md = st->md_owned = EVP_MD_fetch(NULL, hash, NULL);
    st->mgf_md = st->mgf_owned = EVP_MD_fetch(NULL, mgf, NULL);
#else
    st->md = EVP_get_digestbyname(hash);
    st->mgf_md = EVP_get_digestbyname(mgf);
#endif
    if (st->md == NULL || st->mgf_md == NULL || st->key_bits < 1024
        || st->key_bits > PKE_MAX_BYTES * 8) {
        ossl_pke_destroy(st);
        return ossl_fail(CM_ERR_UNSUPPORTED);
    }
    if ((st->gen = EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, NULL)) == NULL
        || EVP_PKEY_keygen_init(st->gen) != 1
        || EVP_PKEY_CTX_set_rsa_keygen_bits(st->gen, st->key_bits) <= 0) {
        ossl_pke_destroy(st);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    *state = st;
    return CM_OK;
}

/* OAEP with the state's hashes on a context just initialised. */
static int oaep(const ossl_pke_state *st, EVP_PKEY_CTX *ctx)
{
    return EVP_PKEY_CTX_set_rsa_padding(ctx, RSA_PKCS1_OAEP_PADDING) > 0
           && EVP_PKEY_CTX_set_rsa_oaep_md(ctx, st->md) > 0
           && EVP_PKEY_CTX_set_rsa_mgf1_md(ctx, st->mgf_md) > 0;
}

/* Makes k (ours now) the state's key, with its contexts. */
static cm_rc pke_set_key(ossl_pke_state *st, EVP_PKEY *k, int has_private)
{
    EVP_PKEY_CTX_free(st->enc);
    EVP_PKEY_CTX_free(st->dec);
    EVP_PKEY_free(st->pkey);
    st->enc = st->dec = NULL;
    st->enc_label = st->dec_label = 0;
    st->pkey = k;
    st->has_private = has_private;
    if ((st->enc = EVP_PKEY_CTX_new(k, NULL)) == NULL || EVP_PKEY_encrypt_init(st->enc) != 1
        || !oaep(st, st->enc)
        || (has_private
            && ((st->dec = EVP_PKEY_CTX_new(k, NULL)) == NULL
                || EVP_PKEY_decrypt_init(st->dec) != 1 || !oaep(st, st->dec)))) {
        EVP_PKEY_CTX_free(st->enc);
        EVP_PKEY_CTX_free(st->dec);
        EVP_PKEY_free(st->pkey);
        st->enc = st->dec = NULL;
        st->pkey = NULL;
        return ossl_fail(CM_ERR_LIBRARY);
    }
    return CM_OK;
}

cm_rc ossl_pke_keygen(void *state)
{
    ossl_pke_state *st = state;
    EVP_PKEY *k = NULL;
    if (EVP_PKEY_keygen(st->gen, &k) != 1) {
        EVP_PKEY_free(k);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    return pke_set_key(st, k, 1);
}

/* Takes k if it is an RSA key of the algorithm's size (else frees it). */
static cm_rc pke_take(ossl_pke_state *st, EVP_PKEY *k, int has_private)
{
    if (k == NULL)
        return ossl_fail(CM_ERR_INVALID);
    if (EVP_PKEY_id(k) != EVP_PKEY_RSA || EVP_PKEY_bits(k) != st->key_bits) {
        EVP_PKEY_free(k);
        return ossl_fail(CM_ERR_INVALID);
    }
    return pke_set_key(st, k, has_private);
}

cm_rc ossl_pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len)
{
    const unsigned char *p = pkcs8;
    PKCS8_PRIV_KEY_INFO *info;
    EVP_PKEY *k = NULL;

    if (pkcs8 == NULL || len == 0 || len > LONG_MAX)
        return CM_ERR_INVALID;
    info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)len);
    if (info != NULL && p == pkcs8 + len)
        k = EVP_PKCS82PKEY(info);
    PKCS8_PRIV_KEY_INFO_free(info);
    return pke_take(state, k, 1);
}

cm_rc ossl_pke_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    const unsigned char *p = der;
    EVP_PKEY *k;

    if (der == NULL || der_len == 0 || der_len > LONG_MAX)
        return CM_ERR_INVALID;
    k = d2i_PUBKEY(NULL, &p, (long)der_len);
    if (k != NULL && p != der + der_len) {
        EVP_PKEY_free(k);
        k = NULL;
    }
    return pke_take(state, k, 0);
}

cm_rc ossl_pke_get_public_key(void *state, uint8_t *der, size_t *len)
{
    ossl_pke_state *st = state;
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

/* Sets label (or clears the one set before) on ctx; *set tracks it. */
static int set_label(EVP_PKEY_CTX *ctx, int *set, const uint8_t *label, size_t len)
{
    unsigned char *copy;
    if (len == 0 && !*set)
        return 1;
    if (len > INT_MAX)
        return 0;
    copy = len > 0 ? OPENSSL_memdup(label, len) : NULL;
    if (len > 0 && copy == NULL)
        return 0;
    /* the context owns copy from here */
    if (EVP_PKEY_CTX_set0_rsa_oaep_label(ctx, copy, (int)len) <= 0) {
        OPENSSL_free(copy);
        return 0;
    }
    *set = len > 0;
    return 1;
}

cm_rc ossl_pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                       size_t len, uint8_t *ct, size_t *ct_len)
{
    ossl_pke_state *st = state;
    static const uint8_t empty[1];
    size_t n = *ct_len;

    if (st->pkey == NULL || n < (size_t)EVP_PKEY_size(st->pkey))
        return CM_ERR_INVALID;
    if (!set_label(st->enc, &st->enc_label, label, label_len))
        return ossl_fail(CM_ERR_LIBRARY);
    if (EVP_PKEY_encrypt(st->enc, ct, &n, len > 0 ? msg : empty, len) != 1)
        return ossl_fail(CM_ERR_INVALID); /* a message too long for the padding */
    *ct_len = n;
    return CM_OK;
}

cm_rc ossl_pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                       size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    ossl_pke_state *st = state;
    static const uint8_t empty[1];
    uint8_t out[PKE_MAX_BYTES];
    size_t n = sizeof out;
    cm_rc rc = CM_OK;

    if (st->pkey == NULL || !st->has_private)
        return CM_ERR_INVALID;
    if (!set_label(st->dec, &st->dec_label, label, label_len))
        return ossl_fail(CM_ERR_LIBRARY);
    /* every failure is a ciphertext that does not decrypt: OpenSSL does
     * not tell a padding error apart (and must not) */
    if (EVP_PKEY_decrypt(st->dec, out, &n, ct_len > 0 ? ct : empty, ct_len) != 1)
        rc = ossl_fail(CM_ERR_AUTH);
    else if (n > *msg_len)
        rc = CM_ERR_INVALID;
    else {
        memcpy(msg, out, n);
        *msg_len = n;
    }
    OPENSSL_cleanse(out, sizeof out);
    return rc;
}
