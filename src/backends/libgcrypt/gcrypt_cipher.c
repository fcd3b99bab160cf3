/*
 * gcrypt_cipher.c — the cipher and AEAD classes of the libgcrypt backend:
 * AES-CBC and AES-ECB without padding, AES-CTR, AES-XTS, ChaCha20, AES-GCM and
 * ChaCha20-Poly1305 through gcry_cipher_*, generic over a gc_spec
 * (gcrypt_internal.h).
 *
 * create() opens and keys handles once: one per direction for a cipher
 * (each keeps its chaining value, or its counter and the unused keystream
 * bytes, between calls, which is how a call with iv NULL continues the
 * stream), one for an AEAD. A call with an iv sets it (gcry_cipher_setiv,
 * or gcry_cipher_setctr for CTR; ChaCha20's 16-byte IV is the little-endian
 * block counter then the nonce, which libgcrypt's setiv takes as such). XTS
 * is one whole data unit per call, with its tweak. ECB has no IV to set
 * and nothing to continue. An AEAD message is setiv (which restarts
 * the mode's state), gcry_cipher_authenticate, encrypt or decrypt, then
 * gcry_cipher_gettag (the first tag_len bytes of the full tag) or
 * gcry_cipher_checktag, which compares in constant time and takes only
 * the tag lengths libgcrypt allows (GCM: 4, 8, 12-16 bytes; others give
 * CM_ERR_UNSUPPORTED).
 */
#include <stdlib.h>
#include <string.h>
#include "gcrypt_internal.h"

#define GC_MAX_TAG 16

typedef struct gc_cipher_state {
    gcry_cipher_hd_t h[2]; /* [0] decrypt, [1] encrypt; an AEAD uses [1] only */
    int mode;
    size_t block;          /* len must be a multiple of this (16 CBC and ECB, 1 otherwise) */
    size_t iv_len;         /* the IV, counter block or (ChaCha20-Poly1305) nonce */
} gc_cipher_state;

static int is_aead(int mode)
{
    return mode == GCRY_CIPHER_MODE_GCM || mode == GCRY_CIPHER_MODE_POLY1305;
}

void gc_cipher_destroy(void *state)
{
    gc_cipher_state *st = state;
    if (st == NULL)
        return;
    for (int d = 0; d < 2; d++)
        gcry_cipher_close(st->h[d]); /* accepts NULL */
    free(st);
}

cm_rc gc_cipher_create(const gc_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    gc_cipher_state *st;
    int aead = is_aead(spec->mode);

    *state = NULL;
    /* XTS takes two keys of the cipher's length */
    if (key_len != gcry_cipher_get_algo_keylen(spec->cipher)
                       * (spec->mode == GCRY_CIPHER_MODE_XTS ? 2 : 1))
        return CM_ERR_INVALID;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->mode = spec->mode;
    st->block = spec->mode == GCRY_CIPHER_MODE_CBC || spec->mode == GCRY_CIPHER_MODE_ECB
                    ? gcry_cipher_get_algo_blklen(spec->cipher)
                    : 1;
    st->iv_len = spec->mode == GCRY_CIPHER_MODE_POLY1305 ? 12 : 16;
    for (int d = aead ? 1 : 0; d < 2; d++)
        if (gcry_cipher_open(&st->h[d], spec->cipher, spec->mode, 0) != 0
            || gcry_cipher_setkey(st->h[d], key, key_len) != 0) {
            gc_cipher_destroy(st);
            return CM_ERR_LIBRARY;
        }
    *state = st;
    return CM_OK;
}

/* One cipher-class call in direction d: from iv when given, else on from
 * the handle's state. */
static cm_rc cipher_run(gc_cipher_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    gcry_cipher_hd_t h = st->h[d];
    gcry_error_t e = 0;

    if ((len & (st->block - 1)) != 0)
        return CM_ERR_INVALID;
    if (st->mode == GCRY_CIPHER_MODE_XTS && (iv == NULL || len < 16))
        return CM_ERR_INVALID; /* one whole data unit, never a stream */
    if (iv != NULL && st->mode != GCRY_CIPHER_MODE_ECB)
        e = st->mode == GCRY_CIPHER_MODE_CTR ? gcry_cipher_setctr(h, iv, st->iv_len)
                                             : gcry_cipher_setiv(h, iv, st->iv_len);
    if (e == 0 && len > 0)
        e = d ? gcry_cipher_encrypt(h, out, len, in, len) : gcry_cipher_decrypt(h, out, len, in, len);
    return e == 0 ? CM_OK : CM_ERR_LIBRARY;
}

cm_rc gc_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 1, iv, in, out, len);
}

cm_rc gc_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 0, iv, in, out, len);
}

/* Starts an AEAD message: checks the lengths, sets the nonce, feeds the
 * associated data. */
static cm_rc aead_start(gc_cipher_state *st, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, size_t tag_len)
{
    gcry_cipher_hd_t h = st->h[1];

    if (tag_len < 1 || tag_len > GC_MAX_TAG)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID;
    /* ChaCha20-Poly1305 is defined for 96-bit nonces only (RFC 8439);
     * libgcrypt would also take its 64-bit original */
    if (st->mode == GCRY_CIPHER_MODE_POLY1305 && nonce_len != st->iv_len)
        return CM_ERR_UNSUPPORTED;
    if (gcry_cipher_setiv(h, nonce, nonce_len) != 0)
        return CM_ERR_UNSUPPORTED;
    if (aad_len > 0 && gcry_cipher_authenticate(h, aad, aad_len) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc gc_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len)
{
    gc_cipher_state *st = state;
    uint8_t full[GC_MAX_TAG];
    cm_rc rc = aead_start(st, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    if (len > 0 && gcry_cipher_encrypt(st->h[1], out, len, in, len) != 0)
        return CM_ERR_LIBRARY;
    if (gcry_cipher_gettag(st->h[1], full, sizeof full) != 0)
        return CM_ERR_LIBRARY;
    memcpy(tag, full, tag_len);
    return CM_OK;
}

cm_rc gc_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len)
{
    gc_cipher_state *st = state;
    cm_rc rc = aead_start(st, nonce, nonce_len, aad, aad_len, tag_len);
    gcry_error_t e;

    if (rc != CM_OK)
        return rc;
    if (len > 0 && gcry_cipher_decrypt(st->h[1], out, len, in, len) != 0)
        return CM_ERR_LIBRARY;
    e = gcry_cipher_checktag(st->h[1], tag, tag_len);
    if (e == 0)
        return CM_OK;
    if (len > 0)
        memset(out, 0, len); /* release no plaintext */
    if (gcry_err_code(e) == GPG_ERR_CHECKSUM)
        return CM_ERR_AUTH;
    return gcry_err_code(e) == GPG_ERR_INV_LENGTH ? CM_ERR_UNSUPPORTED : CM_ERR_LIBRARY;
}
