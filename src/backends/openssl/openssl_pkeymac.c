/*
 * openssl_pkeymac.c — Poly1305 alone (the MAC class) in the OpenSSL
 * backend, generic over an ossl_spec (see openssl_internal.h; the row is
 * in openssl_backend.c).
 *
 * Poly1305's key is one-time (RFC 8439 section 2.5): there is no key
 * schedule to keep between messages, so every mac() sets the key again,
 * as an application computing one tag per key does; the state holds a
 * copy of the key (in memory only) so that benchmarks can repeat it.
 * OpenSSL 3 reaches Poly1305 through EVP_MAC (EVP_MAC_init with the key
 * for each message: its Poly1305 refuses to start again without one);
 * 1.1.1 has no EVP_MAC and exposes Poly1305 only as an EVP_PKEY, through
 * EVP_DigestSignInit / Update / Final on a raw private key, which is what
 * this file does there (its per-message cost includes a new EVP_PKEY_CTX).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

#define PKEYMAC_KEY 32 /* Poly1305's (r, s) */
#define PKEYMAC_TAG 16

typedef struct ossl_pkeymac_state {
#if OSSL_HAVE_3
    EVP_MAC *mac;
    EVP_MAC_CTX *ctx;
#else
    EVP_PKEY *pkey;
    EVP_MD_CTX *ctx;
#endif
    uint8_t key[PKEYMAC_KEY];
} ossl_pkeymac_state;

void ossl_pkeymac_destroy(void *state)
{
    ossl_pkeymac_state *st = state;
    if (st == NULL)
        return;
#if OSSL_HAVE_3
    EVP_MAC_CTX_free(st->ctx);
    EVP_MAC_free(st->mac);
#else
    EVP_MD_CTX_free(st->ctx);
    EVP_PKEY_free(st->pkey);
#endif
    OPENSSL_cleanse(st->key, sizeof st->key);
    free(st);
}

int ossl_pkeymac_available(const ossl_spec *spec, char *why, size_t why_len)
{
#if OSSL_HAVE_3
    EVP_MAC *mac = EVP_MAC_fetch(NULL, spec->evp_name, NULL);
    int ok = mac != NULL;
    EVP_MAC_free(mac);
#else
    static const uint8_t probe[PKEYMAC_KEY];
    EVP_PKEY *pkey = EVP_PKEY_new_raw_private_key(spec->pkey_id, NULL, probe, sizeof probe);
    int ok = pkey != NULL;
    EVP_PKEY_free(pkey);
#endif
    if (ok)
        return 1;
    ERR_clear_error();
    snprintf(why, why_len, "this OpenSSL offers no %s (%s)", spec->evp_name,
             OSSL_HAVE_3 ? "EVP_MAC_fetch failed: no loaded provider has it"
                         : "EVP_PKEY_new_raw_private_key failed: disabled when the library "
                           "was built");
    return 0;
}

cm_rc ossl_pkeymac_create(const ossl_spec *spec, void **state, const uint8_t *key,
                          size_t key_len)
{
    ossl_pkeymac_state *st;

    *state = NULL;
    if (key_len != PKEYMAC_KEY)
        return CM_ERR_INVALID;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    memcpy(st->key, key, key_len);
#if OSSL_HAVE_3
    st->mac = EVP_MAC_fetch(NULL, spec->evp_name, NULL);
    st->ctx = st->mac != NULL ? EVP_MAC_CTX_new(st->mac) : NULL;
    if (st->ctx == NULL) {
#else
    st->pkey = EVP_PKEY_new_raw_private_key(spec->pkey_id, NULL, key, key_len);
    st->ctx = EVP_MD_CTX_new();
    if (st->pkey == NULL || st->ctx == NULL) {
#endif
        ossl_pkeymac_destroy(st);
        return ossl_fail(CM_ERR_LIBRARY);
    }
    *state = st;
    return CM_OK;
}

cm_rc ossl_pkeymac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ossl_pkeymac_state *st = state;
    size_t n = PKEYMAC_TAG;
#if OSSL_HAVE_3
    if (EVP_MAC_init(st->ctx, st->key, sizeof st->key, NULL) != 1
        || (len > 0 && EVP_MAC_update(st->ctx, msg, len) != 1)
        || EVP_MAC_final(st->ctx, out, &n, PKEYMAC_TAG) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
#else
    if (EVP_MD_CTX_reset(st->ctx) != 1
        || EVP_DigestSignInit(st->ctx, NULL, NULL, NULL, st->pkey) != 1
        || (len > 0 && EVP_DigestSignUpdate(st->ctx, msg, len) != 1)
        || EVP_DigestSignFinal(st->ctx, out, &n) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
#endif
    return n == PKEYMAC_TAG ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
}
