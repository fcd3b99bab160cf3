/*
 * openssl_digest.c — the hash class (EVP_MD) and HMAC (the MAC class) of
 * the OpenSSL backend, generic over an ossl_spec (see openssl_internal.h;
 * the table is in openssl_backend.c).
 *
 * Hash: one EVP_MD_CTX per state, re-initialised for every message.
 * HMAC: keyed once at create(); every message re-initialises the context
 * with no key, which reuses the inner and outer key blocks as an
 * application with a long-lived key does. OpenSSL 3 reaches HMAC through
 * EVP_MAC (HMAC_CTX is deprecated there), 1.1.1 through HMAC_CTX.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#include <openssl/core_names.h>
#include <openssl/params.h>
#else
#include <openssl/hmac.h>
#endif
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

/* Where a zero-length key points: OpenSSL reads a NULL key as "keep the
 * current key", which on a fresh context means "no key" and fails. */
static const uint8_t empty_key[1];

/* Gives the digest spec names, or NULL. On 3.x it is fetched and *owned
 * receives the reference to free with EVP_MD_free(); on 1.1.1 it is
 * static and *owned is NULL. */
static const EVP_MD *md_get(const ossl_spec *spec, EVP_MD **owned)
{
#if OSSL_HAVE_3
    *owned = EVP_MD_fetch(NULL, spec->evp_name, NULL);
    return *owned;
#else
    *owned = NULL;
    return spec->legacy_md != NULL ? spec->legacy_md() : NULL;
#endif
}

/* Drops a reference md_get() gave; accepts NULL. */
static void md_release(EVP_MD *owned)
{
#if OSSL_HAVE_3
    EVP_MD_free(owned);
#else
    (void)owned;
#endif
}

int ossl_md_available(const ossl_spec *spec, int hmac, char *why,
                      size_t why_len)
{
    EVP_MD *owned;
    int ok = md_get(spec, &owned) != NULL;
    md_release(owned);
#if OSSL_HAVE_3
    if (ok && hmac) {
        EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
        ok = mac != NULL;
        EVP_MAC_free(mac);
    }
#else
    (void)hmac;
#endif
    if (ok)
        return 1;
    ERR_clear_error();
    snprintf(why, why_len, "this OpenSSL offers no %s%s (%s)",
             hmac ? "HMAC with " : "", spec->evp_name,
             OSSL_HAVE_3 ? "fetch failed: no loaded provider has it"
                         : "disabled when the library was built");
    return 0;
}

/* ===== hash ============================================================= */

typedef struct ossl_hash_state {
    EVP_MD_CTX *ctx;
    const EVP_MD *md;
    EVP_MD *owned; /* 3.x: our reference to the fetched digest */
    unsigned int out_len;
} ossl_hash_state;

void ossl_hash_destroy(void *state)
{
    ossl_hash_state *st = state;
    if (st == NULL)
        return;
    EVP_MD_CTX_free(st->ctx);
    md_release(st->owned);
    free(st);
}

cm_rc ossl_hash_create(const ossl_spec *spec, void **state)
{
    ossl_hash_state *st;
    int size;

    *state = NULL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->md = md_get(spec, &st->owned);
    st->ctx = EVP_MD_CTX_new();
    if (st->md == NULL || st->ctx == NULL || (size = EVP_MD_size(st->md)) <= 0) {
        ossl_hash_destroy(st);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    st->out_len = (unsigned int)size;
    *state = st;
    return CM_OK;
}

cm_rc ossl_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ossl_hash_state *st = state;
    unsigned int n = 0;

    if (EVP_DigestInit_ex(st->ctx, st->md, NULL) != 1
        || (len > 0 && EVP_DigestUpdate(st->ctx, msg, len) != 1)
        || EVP_DigestFinal_ex(st->ctx, out, &n) != 1 || n != st->out_len)
        return ossl_fail(CM_ERR_LIBRARY);
    return CM_OK;
}

/* ===== HMAC ============================================================= */

typedef struct ossl_hmac_state {
#if OSSL_HAVE_3
    EVP_MAC *mac;
    EVP_MAC_CTX *ctx;
#else
    HMAC_CTX *ctx;
#endif
    size_t out_len;
} ossl_hmac_state;

void ossl_hmac_destroy(void *state)
{
    ossl_hmac_state *st = state;
    if (st == NULL)
        return;
#if OSSL_HAVE_3
    EVP_MAC_CTX_free(st->ctx);
    EVP_MAC_free(st->mac);
#else
    HMAC_CTX_free(st->ctx);
#endif
    free(st);
}

#if OSSL_HAVE_3

/* Keys st (EVP_MAC): digest by name, the key set once. */
static cm_rc hmac_key(ossl_hmac_state *st, const ossl_spec *spec,
                      const uint8_t *key, size_t key_len)
{
    char digest[64];
    OSSL_PARAM params[2];

    snprintf(digest, sizeof digest, "%s", spec->evp_name);
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST,
                                                 digest, 0);
    params[1] = OSSL_PARAM_construct_end();
    st->mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    if (st->mac == NULL || (st->ctx = EVP_MAC_CTX_new(st->mac)) == NULL)
        return CM_ERR_LIBRARY;
    if (EVP_MAC_init(st->ctx, key_len > 0 ? key : empty_key, key_len,
                     params) != 1)
        return CM_ERR_LIBRARY;
    st->out_len = EVP_MAC_CTX_get_mac_size(st->ctx);
    return CM_OK;
}

#else

/* Keys st (HMAC_CTX): the digest and the key set once. */
static cm_rc hmac_key(ossl_hmac_state *st, const ossl_spec *spec,
                      const uint8_t *key, size_t key_len)
{
    const EVP_MD *md = spec->legacy_md != NULL ? spec->legacy_md() : NULL;

    if (key_len > INT_MAX)
        return CM_ERR_UNSUPPORTED;
    if (md == NULL || (st->ctx = HMAC_CTX_new()) == NULL)
        return CM_ERR_LIBRARY;
    if (HMAC_Init_ex(st->ctx, key_len > 0 ? key : empty_key, (int)key_len,
                     md, NULL) != 1)
        return CM_ERR_LIBRARY;
    st->out_len = (size_t)EVP_MD_size(md);
    return CM_OK;
}

#endif

cm_rc ossl_hmac_create(const ossl_spec *spec, void **state, const uint8_t *key,
                       size_t key_len)
{
    ossl_hmac_state *st;
    cm_rc rc;

    *state = NULL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    rc = hmac_key(st, spec, key, key_len);
    if (rc != CM_OK || st->out_len == 0) {
        ossl_hmac_destroy(st);
        return ossl_fail(rc != CM_OK ? rc : CM_ERR_LIBRARY);
    }
    *state = st;
    return CM_OK;
}

cm_rc ossl_hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ossl_hmac_state *st = state;
#if OSSL_HAVE_3
    size_t n = 0;

    if (EVP_MAC_init(st->ctx, NULL, 0, NULL) != 1
        || (len > 0 && EVP_MAC_update(st->ctx, msg, len) != 1)
        || EVP_MAC_final(st->ctx, out, &n, st->out_len) != 1
        || n != st->out_len)
        return ossl_fail(CM_ERR_LIBRARY);
#else
    unsigned int n = 0;

    if (HMAC_Init_ex(st->ctx, NULL, 0, NULL, NULL) != 1
        || (len > 0 && HMAC_Update(st->ctx, msg, len) != 1)
        || HMAC_Final(st->ctx, out, &n) != 1 || n != st->out_len)
        return ossl_fail(CM_ERR_LIBRARY);
#endif
    return CM_OK;
}
