/*
 * openssl_pq.c — the post-quantum algorithms of the OpenSSL backend, which
 * OpenSSL has from 3.5: ML-KEM-512/768/1024 and the TLS hybrid
 * X25519MLKEM768 (kem class, EVP_PKEY_encapsulate / EVP_PKEY_decapsulate),
 * ML-DSA-44/65/87 and SLH-DSA-SHA2-128s/128f (signature class, pure
 * signatures through EVP_DigestSign / EVP_DigestVerify with no digest and
 * the empty context). The rows are OSSL_PQ_ALGORITHMS (openssl_internal.h);
 * against an older OpenSSL this file compiles to nothing and
 * openssl_backend.c lists the rows as lacking, with the reason.
 *
 * What one timed call does, as an application does it:
 *   keygen       EVP_PKEY_generate from a context initialised once;
 *   encapsulate  import the peer's key share (EVP_PKEY_fromdata "pub"),
 *                a context on it, EVP_PKEY_encapsulate (a TLS server);
 *   decapsulate  EVP_PKEY_decapsulate_init and EVP_PKEY_decapsulate on a
 *                context made once per key pair;
 *   sign/verify  EVP_DigestSignInit_ex / EVP_DigestVerifyInit_ex on the
 *                state's EVP_MD_CTX and one one-shot call (as
 *                openssl_signature.c does for Ed25519).
 */
#include "openssl_internal.h"

#if OSSL_HAVE_PQ
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/x509.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"

/* Where an empty message points: OpenSSL is not promised to accept NULL. */
static const uint8_t empty_buf[1];

/* ---- available ------------------------------------------------------------ */

/* 1 when a provider has key generation for name and its KEM or signature
 * (cls), else 0 with why. */
static int pq_available(const char *name, cm_class cls, char *why, size_t why_len)
{
    EVP_PKEY_CTX *gen = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
    int ok = gen != NULL && EVP_PKEY_keygen_init(gen) == 1;
    EVP_PKEY_CTX_free(gen);
    if (ok && cls == CM_CLASS_KEM) {
        EVP_KEM *k = EVP_KEM_fetch(NULL, name, NULL);
        ok = k != NULL;
        EVP_KEM_free(k);
    } else if (ok) {
        EVP_SIGNATURE *s = EVP_SIGNATURE_fetch(NULL, name, NULL);
        ok = s != NULL;
        EVP_SIGNATURE_free(s);
    }
    if (ok)
        return 1;
    ERR_clear_error();
    snprintf(why, why_len, "this OpenSSL (%s) offers no %s: no loaded provider has it",
             ossl_version(), name);
    return 0;
}

/* A new key generation context for name, initialised; NULL on failure. */
static EVP_PKEY_CTX *new_gen(const char *name)
{
    EVP_PKEY_CTX *gen = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
    if (gen != NULL && EVP_PKEY_keygen_init(gen) != 1) {
        EVP_PKEY_CTX_free(gen);
        return NULL;
    }
    return gen;
}

/* ---- kem ------------------------------------------------------------------ */

typedef struct pq_kem {
    const char *name;   /* OpenSSL's: "ML-KEM-768", "X25519MLKEM768" */
    int seeded;         /* ML-KEM: takes a seed (d || z) and the randomness m */
    size_t ct_bytes;    /* the row's ciphertext_bytes */
    EVP_PKEY_CTX *gen;  /* key generation, initialised once */
    EVP_PKEY_CTX *imp;  /* import of a peer's key, initialised once */
    EVP_PKEY *pkey;     /* the key pair, NULL until keygen / set_private_seed */
    EVP_PKEY_CTX *dec;  /* decapsulation context on pkey */
} pq_kem;

static void kem_destroy(void *state)
{
    pq_kem *st = state;
    if (st == NULL)
        return;
    EVP_PKEY_CTX_free(st->dec);
    EVP_PKEY_free(st->pkey);
    EVP_PKEY_CTX_free(st->imp);
    EVP_PKEY_CTX_free(st->gen);
    free(st);
}

static cm_rc kem_create(const char *name, void **state, const cm_algorithm *alg)
{
    const char *ct = cm_algorithm_param(alg, "ciphertext_bytes");
    pq_kem *st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->name = name;
    st->seeded = strncmp(name, "ML-KEM-", 7) == 0;
    st->ct_bytes = ct ? (size_t)strtoul(ct, NULL, 10) : 0;
    st->gen = new_gen(name);
    st->imp = EVP_PKEY_CTX_new_from_name(NULL, name, NULL);
    if (st->gen == NULL || st->imp == NULL || EVP_PKEY_fromdata_init(st->imp) != 1) {
        kem_destroy(st);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    *state = st;
    return CM_OK;
}

/* Makes k the state's key pair (taking it) and its decapsulation context. */
static cm_rc kem_take(pq_kem *st, EVP_PKEY *k)
{
    EVP_PKEY_CTX_free(st->dec);
    EVP_PKEY_free(st->pkey);
    st->pkey = k;
    st->dec = EVP_PKEY_CTX_new_from_pkey(NULL, k, NULL);
    return st->dec != NULL ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
}

static cm_rc kem_keygen(void *state)
{
    pq_kem *st = state;
    EVP_PKEY *k = NULL;
    if (EVP_PKEY_generate(st->gen, &k) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    return kem_take(st, k);
}

static cm_rc kem_set_private_seed(void *state, const uint8_t *seed, size_t len)
{
    pq_kem *st = state;
    EVP_PKEY_CTX *ctx;
    EVP_PKEY *k = NULL;
    OSSL_PARAM p[2];
    if (!st->seeded)
        return CM_ERR_UNSUPPORTED;
    if (len != 64) /* d || z: OpenSSL is not trusted to check every length */
        return CM_ERR_INVALID;
    p[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_ML_KEM_SEED, (void *)seed, len);
    p[1] = OSSL_PARAM_construct_end();
    ctx = EVP_PKEY_CTX_new_from_name(NULL, st->name, NULL);
    int ok = ctx != NULL && EVP_PKEY_fromdata_init(ctx) == 1 &&
             EVP_PKEY_fromdata(ctx, &k, EVP_PKEY_KEYPAIR, p) == 1;
    EVP_PKEY_CTX_free(ctx);
    if (!ok)
        return ossl_fail(CM_ERR_INVALID);
    return kem_take(st, k);
}

static cm_rc kem_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    pq_kem *st = state;
    unsigned char *enc = NULL;
    size_t n;
    if (st->pkey == NULL)
        return CM_ERR_INVALID;
    n = EVP_PKEY_get1_encoded_public_key(st->pkey, &enc);
    cm_rc rc = n == 0 ? ossl_fail(CM_ERR_LIBRARY) : n > *len ? CM_ERR_INVALID : CM_OK;
    if (rc == CM_OK) {
        memcpy(pub, enc, n);
        *len = n;
    }
    OPENSSL_free(enc);
    return rc;
}

static cm_rc kem_encapsulate(void *state, const uint8_t *peer, size_t peer_len,
                             const uint8_t *entropy, size_t entropy_len, uint8_t *ct,
                             size_t *ct_len, uint8_t *secret, size_t *secret_len)
{
    pq_kem *st = state;
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *ctx = NULL;
    OSSL_PARAM pub[2], ikme[2];
    cm_rc rc = CM_ERR_LIBRARY;
    if (entropy != NULL && !st->seeded)
        return CM_ERR_UNSUPPORTED;
    pub[0] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)peer, peer_len);
    pub[1] = OSSL_PARAM_construct_end();
    ikme[0] = OSSL_PARAM_construct_octet_string(OSSL_KEM_PARAM_IKME, (void *)entropy,
                                                entropy_len);
    ikme[1] = OSSL_PARAM_construct_end();
    if (EVP_PKEY_fromdata(st->imp, &k, EVP_PKEY_PUBLIC_KEY, pub) != 1)
        return ossl_fail(CM_ERR_INVALID); /* a wrong length, a coefficient >= q */
    if ((ctx = EVP_PKEY_CTX_new_from_pkey(NULL, k, NULL)) != NULL &&
        EVP_PKEY_encapsulate_init(ctx, entropy != NULL ? ikme : NULL) == 1 &&
        EVP_PKEY_encapsulate(ctx, ct, ct_len, secret, secret_len) == 1)
        rc = CM_OK;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(k);
    return rc == CM_OK ? CM_OK : ossl_fail(rc);
}

static cm_rc kem_decapsulate(void *state, const uint8_t *ct, size_t ct_len, uint8_t *secret,
                             size_t *secret_len)
{
    pq_kem *st = state;
    if (st->dec == NULL || (st->ct_bytes && ct_len != st->ct_bytes))
        return CM_ERR_INVALID;
    if (EVP_PKEY_decapsulate_init(st->dec, NULL) != 1 ||
        EVP_PKEY_decapsulate(st->dec, secret, secret_len, ct, ct_len) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    return CM_OK;
}

/* ---- signature ------------------------------------------------------------- */

typedef struct pq_sig {
    const char *name;   /* OpenSSL's: "ML-DSA-44", "SLH-DSA-SHA2-128s" */
    EVP_PKEY_CTX *gen;  /* key generation, initialised once */
    EVP_MD_CTX *ctx;    /* re-initialised by every sign() and verify() */
    EVP_PKEY *pkey;     /* NULL until keygen() or set_public_key() */
    int has_private;
} pq_sig;

static void sig_destroy(void *state)
{
    pq_sig *st = state;
    if (st == NULL)
        return;
    EVP_PKEY_free(st->pkey);
    EVP_MD_CTX_free(st->ctx);
    EVP_PKEY_CTX_free(st->gen);
    free(st);
}

static cm_rc sig_create(const char *name, void **state, const cm_algorithm *alg)
{
    (void)alg;
    pq_sig *st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->name = name;
    st->gen = new_gen(name);
    st->ctx = EVP_MD_CTX_new();
    if (st->gen == NULL || st->ctx == NULL) {
        sig_destroy(st);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    *state = st;
    return CM_OK;
}

static cm_rc sig_keygen(void *state)
{
    pq_sig *st = state;
    EVP_PKEY *k = NULL;
    if (EVP_PKEY_generate(st->gen, &k) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    EVP_PKEY_free(st->pkey);
    st->pkey = k;
    st->has_private = 1;
    return CM_OK;
}

static cm_rc sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                      size_t *sig_len)
{
    pq_sig *st = state;
    if (st->pkey == NULL || !st->has_private ||
        (size_t)EVP_PKEY_get_size(st->pkey) > *sig_len)
        return CM_ERR_INVALID;
    if (EVP_DigestSignInit_ex(st->ctx, NULL, NULL, NULL, NULL, st->pkey, NULL) != 1 ||
        EVP_DigestSign(st->ctx, sig, sig_len, len ? msg : empty_buf, len) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    return CM_OK;
}

static cm_rc sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    pq_sig *st = state;
    if (st->pkey == NULL)
        return CM_ERR_INVALID;
    if (EVP_DigestVerifyInit_ex(st->ctx, NULL, NULL, NULL, NULL, st->pkey, NULL) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    if (EVP_DigestVerify(st->ctx, sig_len ? sig : empty_buf, sig_len, len ? msg : empty_buf,
                         len) != 1)
        return ossl_fail(CM_ERR_AUTH);
    return CM_OK;
}

/* DER SubjectPublicKeyInfo of this algorithm only, every byte used. */
static cm_rc sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    pq_sig *st = state;
    const unsigned char *p = der;
    EVP_PKEY *k = d2i_PUBKEY_ex(NULL, &p, (long)der_len, NULL, NULL);
    if (k == NULL || p != der + der_len || !EVP_PKEY_is_a(k, st->name)) {
        EVP_PKEY_free(k);
        return ossl_fail(CM_ERR_INVALID);
    }
    EVP_PKEY_free(st->pkey);
    st->pkey = k;
    st->has_private = 0;
    return CM_OK;
}

static cm_rc sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    pq_sig *st = state;
    unsigned char *p = der;
    int n = st->pkey != NULL ? i2d_PUBKEY(st->pkey, NULL) : -1;
    if (n <= 0)
        return ossl_fail(CM_ERR_INVALID);
    if ((size_t)n > *len)
        return CM_ERR_INVALID;
    if (i2d_PUBKEY(st->pkey, &p) != n)
        return ossl_fail(CM_ERR_LIBRARY);
    *len = (size_t)n;
    return CM_OK;
}

/* ---- the rows' tables -------------------------------------------------------- */

#define OSSL_PQ_BIND_KEM(id, evp)                                                           \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)                            \
    { return kem_create(evp, st, alg); }                                                    \
    const cm_kem_vtable ossl_##id##_vtable = {id##_create, kem_keygen, kem_set_private_seed, \
        kem_get_public_key, kem_encapsulate, kem_decapsulate, kem_destroy};
#define OSSL_PQ_BIND_SIGNATURE(id, evp)                                                     \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)                            \
    { return sig_create(evp, st, alg); }                                                    \
    const cm_signature_vtable ossl_##id##_vtable = {id##_create, sig_keygen, sig_sign,      \
        sig_verify, sig_set_public_key, sig_get_public_key, sig_destroy};
#define OSSL_PQ_BIND(id, name, cls, evp, family)                                            \
    OSSL_PQ_BIND_##cls(id, evp)                                                             \
    int ossl_##id##_available(char *why, size_t why_len)                                    \
    { return pq_available(evp, CM_CLASS_##cls, why, why_len); }
OSSL_PQ_ALGORITHMS(OSSL_PQ_BIND)

#endif /* OSSL_HAVE_PQ */
