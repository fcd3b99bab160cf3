/*
 * openssl_cipher.c — every EVP_CIPHER algorithm of the OpenSSL backend:
 * the cipher class (AES-CBC and AES-ECB without padding, AES-CTR, AES-XTS,
 * ChaCha20) and the AEAD class
 * (AES-GCM, ChaCha20-Poly1305), generic over an ossl_spec (see
 * openssl_internal.h; the table is in openssl_backend.c).
 *
 * The per-message path is what an application with a long-lived key does:
 * create() keys one EVP_CIPHER_CTX per direction once (a CBC decryption key
 * schedule differs from the encryption one, so a single context cannot be
 * turned around without re-keying); each message re-initialises its
 * context with the IV alone (key NULL), runs Update and Final, and for an
 * AEAD gets or checks the tag. XTS takes one whole data unit per
 * EVP_CipherUpdate after an IV (the tweak): it is never continued.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

/* The largest piece handed to one EVP_CipherUpdate (whose lengths are int);
 * a multiple of every block size so CBC chunks stay block-aligned. Tests
 * set a small one to exercise the splitting. */
#ifndef OSSL_CHUNK
#define OSSL_CHUNK ((size_t)1 << 30)
#endif

/* The shortest XTS data unit: one AES block (IEEE 1619). */
#define XTS_MIN_UNIT 16

/* Longest AEAD tag we ask OpenSSL for (GCM and Poly1305 both have 16). */
#define OSSL_MAX_TAG 16

typedef struct ossl_cipher_state {
    EVP_CIPHER_CTX *ctx[2]; /* indexed by direction: [0] decrypt, [1] encrypt */
    size_t iv_len[2];       /* the IV length currently set on each context */
    size_t fixed_iv_len;    /* the cipher's own IV (nonce) length */
    size_t block;           /* len must be a multiple of this (16 for CBC) */
    int variable_nonce;     /* GCM: any nonce length >= 1 */
    int whole_unit;         /* XTS: each call one data unit with its tweak */
#if OSSL_HAVE_3
    EVP_CIPHER *fetched;    /* our reference to the fetched cipher */
#endif
    /* ossl_aead_rekey: the new key, set on each context (stale[enc]) with
     * the next message's nonce, in one EVP_CipherInit_ex as `openssl speed
     * -aead` does */
    int stale[2];
    uint8_t key[EVP_MAX_KEY_LENGTH];
} ossl_cipher_state;

/* Gives the cipher spec names, or NULL. On 3.x it is fetched from the
 * default library context and *owned receives the reference to free with
 * EVP_CIPHER_free(); on 1.1.1 it is static and *owned is NULL. */
static const EVP_CIPHER *cipher_get(const ossl_spec *spec, EVP_CIPHER **owned)
{
#if OSSL_HAVE_3
    *owned = EVP_CIPHER_fetch(NULL, spec->evp_name, NULL);
    return *owned;
#else
    *owned = NULL;
    return spec->legacy_cipher != NULL ? spec->legacy_cipher() : NULL;
#endif
}

int ossl_cipher_available(const ossl_spec *spec, char *why, size_t why_len)
{
    EVP_CIPHER *owned;
    const EVP_CIPHER *cipher = cipher_get(spec, &owned);
    int engine_ok = cipher == NULL || spec->engine == NULL ||
                    ossl_engine_for(spec, cipher, why, why_len) != NULL;
#if OSSL_HAVE_3
    EVP_CIPHER_free(owned);
#endif
    if (cipher != NULL)
        return engine_ok;
    ERR_clear_error();
    snprintf(why, why_len, "this OpenSSL offers no %s (%s)", spec->evp_name,
             OSSL_HAVE_3 ? "EVP_CIPHER_fetch failed: no loaded provider has it"
                         : "disabled when the library was built");
    return 0;
}

void ossl_cipher_destroy(void *state)
{
    ossl_cipher_state *st = state;
    if (st == NULL)
        return;
    EVP_CIPHER_CTX_free(st->ctx[0]);
    EVP_CIPHER_CTX_free(st->ctx[1]);
#if OSSL_HAVE_3
    EVP_CIPHER_free(st->fetched);
#endif
    OPENSSL_cleanse(st->key, sizeof st->key);
    free(st);
}

cm_rc ossl_cipher_create(const ossl_spec *spec, void **state,
                         const uint8_t *key, size_t key_len)
{
    EVP_CIPHER *owned = NULL;
    ossl_cipher_state *st;
    const EVP_CIPHER *cipher;
    cm_rc rc = CM_ERR_LIBRARY;

    *state = NULL;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    cipher = cipher_get(spec, &owned);
#if OSSL_HAVE_3
    st->fetched = owned;
#else
    (void)owned;
#endif
    if (cipher == NULL)
        goto fail;
    if (key_len != (size_t)EVP_CIPHER_key_length(cipher)) {
        rc = CM_ERR_INVALID;
        goto fail;
    }
    void *engine = NULL;
    if (spec->engine) {
        char why[8];
        engine = ossl_engine_for(spec, cipher, why, sizeof why);
        if (engine == NULL) {
            rc = CM_ERR_UNSUPPORTED;
            goto fail;
        }
    }
    st->block = (size_t)EVP_CIPHER_block_size(cipher);
    st->fixed_iv_len = (size_t)EVP_CIPHER_iv_length(cipher);
    st->variable_nonce = EVP_CIPHER_mode(cipher) == EVP_CIPH_GCM_MODE;
    st->whole_unit = EVP_CIPHER_mode(cipher) == EVP_CIPH_XTS_MODE;
    for (int enc = 0; enc <= 1; enc++) {
        EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
        if (ctx == NULL) {
            rc = CM_ERR_NOMEM;
            goto fail;
        }
        st->ctx[enc] = ctx;
        if (EVP_CipherInit_ex(ctx, cipher, engine, key, NULL, enc) != 1)
            goto fail;
        /* No padding: a CBC message is whole blocks, as in every library. */
        if (st->block > 1 && EVP_CIPHER_CTX_set_padding(ctx, 0) != 1)
            goto fail;
        st->iv_len[enc] = st->fixed_iv_len;
    }
    *state = st;
    return CM_OK;
fail:
    ossl_cipher_destroy(st);
    return ossl_fail(rc);
}

/* Feeds len bytes of in through ctx, in pieces that fit an int. With out
 * NULL the bytes are AEAD associated data; otherwise the output goes to
 * out and *produced receives how many bytes OpenSSL wrote. */
static cm_rc cipher_update(EVP_CIPHER_CTX *ctx, uint8_t *out, const uint8_t *in,
                           size_t len, size_t *produced)
{
    size_t done = 0, made = 0;
    while (done < len) {
        size_t n = len - done < OSSL_CHUNK ? len - done : OSSL_CHUNK;
        int outl = 0;
        if (EVP_CipherUpdate(ctx, out != NULL ? out + made : NULL, &outl,
                             in + done, (int)n) != 1)
            return CM_ERR_LIBRARY;
        done += n;
        made += (size_t)outl;
    }
    if (produced != NULL)
        *produced = made;
    return CM_OK;
}

/* Processes len bytes of in (len 0 allowed, then in and out may be NULL)
 * through ctx, already started on its IV, and finishes the message: on
 * CM_OK exactly len bytes were written to out. A failing Final gives
 * final_rc (CM_ERR_AUTH when an AEAD tag did not match). */
static cm_rc cipher_body(EVP_CIPHER_CTX *ctx, const uint8_t *in, uint8_t *out,
                         size_t len, cm_rc final_rc)
{
    /* Final writes here, never past out: with no padding and whole blocks
     * (or a stream mode) it writes nothing, which we check. */
    uint8_t last[EVP_MAX_BLOCK_LENGTH];
    size_t produced = 0;
    int last_len = 0;

    if (len > 0) {
        cm_rc rc = cipher_update(ctx, out, in, len, &produced);
        if (rc != CM_OK)
            return rc;
    }
    if (EVP_CipherFinal_ex(ctx, last, &last_len) != 1)
        return final_rc;
    if (produced != len || last_len != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

/* One cipher-class call in direction enc: a new stream from iv, or (iv
 * NULL) the next piece of the current one, which EVP_CipherUpdate carries
 * on by itself (CBC chaining, CTR counter and keystream position). */
static cm_rc cipher_run(ossl_cipher_state *st, int enc, const uint8_t *iv,
                        const uint8_t *in, uint8_t *out, size_t len)
{
    EVP_CIPHER_CTX *ctx = st->ctx[enc];
    size_t produced = 0;
    cm_rc rc;

    /* block sizes are powers of two (1 or 16): a mask, not a division,
     * which costs tens of cycles on a 16-byte message */
    if ((len & (st->block - 1)) != 0)
        return CM_ERR_INVALID;
    if (st->whole_unit) {
        /* a data unit is at least one AES block, has its tweak, and goes
         * to OpenSSL in one EVP_CipherUpdate (XTS cannot be split) */
        if (iv == NULL || len < XTS_MIN_UNIT)
            return CM_ERR_INVALID;
        if (len > OSSL_CHUNK)
            return CM_ERR_UNSUPPORTED;
    }
    if (iv == NULL) {
        rc = len ? cipher_update(ctx, out, in, len, &produced) : CM_OK;
        if (rc == CM_OK && produced != len)
            rc = CM_ERR_LIBRARY;
        return rc == CM_OK ? CM_OK : ossl_fail(rc);
    }
    if (EVP_CipherInit_ex(ctx, NULL, NULL, NULL, iv, enc) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    rc = cipher_body(ctx, in, out, len, CM_ERR_LIBRARY);
    return rc == CM_OK ? CM_OK : ossl_fail(rc);
}

/* The next piece of a stream in one EVP call, as an application feeding
 * bulk data does (and as `openssl speed` measures): the path the timed loop
 * takes. Returns 1 with the outcome in *rc, or 0 when the call is not such
 * a piece (cipher_run then). */
static int stream_piece(ossl_cipher_state *st, int enc, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len, cm_rc *rc)
{
    int outl = 0;
    if (iv != NULL || st->whole_unit || len == 0 || len > OSSL_CHUNK ||
        (len & (st->block - 1)) != 0)
        return 0;
    int ok = enc ? EVP_EncryptUpdate(st->ctx[1], out, &outl, in, (int)len)
                 : EVP_DecryptUpdate(st->ctx[0], out, &outl, in, (int)len);
    *rc = ok == 1 && (size_t)outl == len ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
    return 1;
}

cm_rc ossl_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in,
                          uint8_t *out, size_t len)
{
    cm_rc rc;
    return stream_piece(state, 1, iv, in, out, len, &rc) ? rc
                                                         : cipher_run(state, 1, iv, in, out, len);
}

cm_rc ossl_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in,
                          uint8_t *out, size_t len)
{
    cm_rc rc;
    return stream_piece(state, 0, iv, in, out, len, &rc) ? rc
                                                         : cipher_run(state, 0, iv, in, out, len);
}

/* Starts an AEAD message in direction enc: checks the nonce and tag
 * lengths, sets the IV length when it changed (GCM), re-initialises with
 * the nonce and feeds the associated data. */
static cm_rc aead_start(ossl_cipher_state *st, int enc, const uint8_t *nonce,
                        size_t nonce_len, const uint8_t *aad, size_t aad_len,
                        size_t tag_len)
{
    EVP_CIPHER_CTX *ctx = st->ctx[enc];

    if (tag_len < 1 || tag_len > OSSL_MAX_TAG)
        return CM_ERR_UNSUPPORTED;
    /* ChaCha20-Poly1305 is defined (RFC 8439) for 96-bit nonces only;
     * OpenSSL would left-pad a shorter one into something that is not. */
    if (!st->variable_nonce && nonce_len != st->fixed_iv_len)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID; /* GCM needs at least one byte of IV */
    if (nonce_len > INT_MAX)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len != st->iv_len[enc]) {
        /* OpenSSL 3 takes GCM IVs of 1..128 bytes, 1.1.1 of any length. */
        if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)nonce_len,
                                NULL) <= 0)
            return ossl_fail(CM_ERR_UNSUPPORTED);
        st->iv_len[enc] = nonce_len;
    }
    if (EVP_CipherInit_ex(ctx, NULL, NULL, st->stale[enc] ? st->key : NULL, nonce, enc) != 1)
        return ossl_fail(CM_ERR_LIBRARY);
    st->stale[enc] = 0;
    if (aad_len > 0 && cipher_update(ctx, NULL, aad, aad_len, NULL) != CM_OK)
        return ossl_fail(CM_ERR_LIBRARY);
    return CM_OK;
}

/* A new key on the same contexts, as `openssl speed -aead` re-keys its one
 * context every message: kept here and set with the next message's nonce
 * (aead_start), key and nonce in one EVP_CipherInit_ex on the context that
 * message uses (the key schedule and GCM's key set-up), the cipher kept. */
cm_rc ossl_aead_rekey(void *state, const uint8_t *key, size_t key_len)
{
    ossl_cipher_state *st = state;
    if (key_len != (size_t)EVP_CIPHER_CTX_key_length(st->ctx[1]) || key_len > sizeof st->key)
        return CM_ERR_INVALID;
    memcpy(st->key, key, key_len);
    st->stale[0] = st->stale[1] = 1;
    return CM_OK;
}

cm_rc ossl_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t len, uint8_t *out, uint8_t *tag, size_t tag_len)
{
    ossl_cipher_state *st = state;
    EVP_CIPHER_CTX *ctx = st->ctx[1];
    cm_rc rc = aead_start(st, 1, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    rc = cipher_body(ctx, in, out, len, CM_ERR_LIBRARY);
    if (rc != CM_OK)
        return ossl_fail(rc);
    /* A truncated tag is the first tag_len bytes of the full one. */
    if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, (int)tag_len, tag) <= 0)
        return ossl_fail(CM_ERR_LIBRARY);
    return CM_OK;
}

cm_rc ossl_aead_open(void *state, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t len, uint8_t *out, const uint8_t *tag,
                     size_t tag_len)
{
    ossl_cipher_state *st = state;
    EVP_CIPHER_CTX *ctx = st->ctx[0];
    uint8_t expected[OSSL_MAX_TAG];
    cm_rc rc = aead_start(st, 0, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    /* The ctrl takes a non-const pointer: hand it a copy. */
    memcpy(expected, tag, tag_len);
    if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, (int)tag_len,
                            expected) <= 0)
        return ossl_fail(CM_ERR_LIBRARY);
    rc = cipher_body(ctx, in, out, len, CM_ERR_AUTH);
    if (rc != CM_OK) {
        /* OpenSSL decrypts before it checks: release no plaintext. */
        if (out != NULL && len > 0)
            OPENSSL_cleanse(out, len);
        return ossl_fail(rc);
    }
    return CM_OK;
}
