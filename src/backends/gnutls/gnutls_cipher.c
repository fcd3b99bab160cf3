/*
 * gnutls_cipher.c — the cipher and AEAD classes of the GnuTLS backend:
 * AES-CBC without padding, AES-XTS, ChaCha20, AES-GCM and
 * ChaCha20-Poly1305, all through GnuTLS's gnutls_cipher_* API, generic
 * over a gt_spec (gnutls_internal.h).
 *
 * create() keys handles once. A cipher has one handle per direction,
 * because gnutls_cipher_set_iv on a block cipher restarts both directions
 * of a handle: a call with an iv sets it, and the handle keeps the
 * chaining value (CBC) or the block counter (ChaCha20, whose 16-byte IV is
 * GNUTLS_CIPHER_CHACHA20_32's: the little-endian counter, then the nonce)
 * between gnutls_cipher_encrypt2 / decrypt2 calls, which is how a call
 * with iv NULL continues the stream. GnuTLS drops the rest of a ChaCha20
 * keystream block at the end of a call; src/impl/stream_rest.h keeps it.
 * XTS is one whole data unit per call, with its tweak. An AEAD message is
 * gnutls_cipher_set_iv (nonce), gnutls_cipher_add_auth (associated data),
 * encrypt2 or decrypt2 in place of the caller's buffers, and
 * gnutls_cipher_tag, which gives the first tag_len bytes of the tag: the
 * same steps gnutls_aead_cipher_encrypt takes, without that call's
 * ciphertext-then-tag output buffer (a copy here). open() compares the
 * tag with gnutls_memcmp (time independent of the data) and wipes the
 * plaintext when it does not match.
 */
#include <stdlib.h>
#include <string.h>
#include "impl/stream_rest.h"
#include "gnutls_internal.h"

#define GT_MAX_TAG 16

enum { GT_CBC, GT_XTS, GT_STREAM, GT_AEAD };

typedef struct gt_cipher_state {
    gnutls_cipher_hd_t h[2]; /* [0] decrypt, [1] encrypt; an AEAD uses [1] only */
    int kind;                /* GT_CBC, GT_XTS, GT_STREAM or GT_AEAD */
    size_t block;            /* the cipher's block (CBC: len a multiple of it) */
    stream_rest rest[2];     /* GT_STREAM: per direction, the keystream rest */
    size_t tag_size;         /* AEAD: the full tag; 0 for CBC */
    size_t iv_size;          /* the cipher's IV or nonce length */
} gt_cipher_state;

void gt_cipher_destroy(void *state)
{
    gt_cipher_state *st = state;
    if (st == NULL)
        return;
    for (int d = 0; d < 2; d++)
        if (st->h[d] != NULL)
            gnutls_cipher_deinit(st->h[d]);
    free(st);
}

cm_rc gt_cipher_create(const gt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    uint8_t k[64];
    gnutls_datum_t kd = {k, (unsigned)key_len};
    gt_cipher_state *st;
    int aead;

    *state = NULL;
    if (key_len != (size_t)gnutls_cipher_get_key_size(spec->cipher) || key_len > sizeof k)
        return CM_ERR_INVALID;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->tag_size = (size_t)gnutls_cipher_get_tag_size(spec->cipher);
    st->iv_size = (size_t)gnutls_cipher_get_iv_size(spec->cipher);
    st->block = (size_t)gnutls_cipher_get_block_size(spec->cipher);
    aead = st->tag_size > 0;
    st->kind = aead ? GT_AEAD
               : spec->cipher == GNUTLS_CIPHER_AES_128_XTS
                       || spec->cipher == GNUTLS_CIPHER_AES_256_XTS ? GT_XTS
               : spec->cipher == GNUTLS_CIPHER_CHACHA20_32 ? GT_STREAM : GT_CBC;
    if (st->kind == GT_STREAM && st->block > STREAM_REST_MAX) {
        gt_cipher_destroy(st);
        return CM_ERR_UNSUPPORTED;
    }
    stream_rest_reset(&st->rest[0], st->block);
    stream_rest_reset(&st->rest[1], st->block);
    memcpy(k, key, key_len);
    for (int d = aead ? 1 : 0; d < 2; d++)
        if (gnutls_cipher_init(&st->h[d], spec->cipher, &kd, NULL) < 0) {
            gnutls_memset(k, 0, sizeof k);
            gt_cipher_destroy(st);
            return CM_ERR_LIBRARY;
        }
    gnutls_memset(k, 0, sizeof k);
    *state = st;
    return CM_OK;
}

/* GnuTLS's call in direction d over len bytes. */
static int crypt_dir(gt_cipher_state *st, int d, const uint8_t *in, uint8_t *out, size_t len)
{
    int ret = d ? gnutls_cipher_encrypt2(st->h[1], in, len, out, len)
                : gnutls_cipher_decrypt2(st->h[0], in, len, out, len);
    return ret < 0 ? -1 : 0;
}

/* stream_rest's call: whole keystream blocks in one direction. */
typedef struct gt_stream {
    gt_cipher_state *st;
    int d;
} gt_stream;

static int stream_blocks(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    gt_stream *s = ctx;
    return crypt_dir(s->st, s->d, in, out, len);
}

/* One cipher-class call in direction d: from iv when given, else on from
 * the handle's state (never for XTS: one whole data unit per call). */
static cm_rc cipher_run(gt_cipher_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    gt_stream s = {st, d};

    if (st->kind == GT_CBC && (len & (st->block - 1)) != 0)
        return CM_ERR_INVALID;
    if (st->kind == GT_XTS && (iv == NULL || len < st->block))
        return CM_ERR_INVALID;
    if (iv != NULL) {
        gnutls_cipher_set_iv(st->h[d], (void *)iv, st->iv_size);
        stream_rest_reset(&st->rest[d], st->block);
    }
    if (len == 0)
        return CM_OK;
    if (st->kind == GT_STREAM)
        return stream_rest_run(&st->rest[d], stream_blocks, &s, in, out, len) ? CM_ERR_LIBRARY
                                                                               : CM_OK;
    return crypt_dir(st, d, in, out, len) ? CM_ERR_LIBRARY : CM_OK;
}

cm_rc gt_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 1, iv, in, out, len);
}

cm_rc gt_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 0, iv, in, out, len);
}

/* Starts an AEAD message: checks the lengths, sets the nonce, feeds the
 * associated data. */
static cm_rc aead_start(gt_cipher_state *st, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, size_t tag_len)
{
    if (tag_len < 1 || tag_len > st->tag_size)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID;
    /* GnuTLS takes 96-bit nonces only: for GCM its set_iv refuses other
     * lengths (and gnutls_cipher_set_iv returns no error), ChaCha20-Poly1305
     * is defined for them only (RFC 8439). */
    if (nonce_len != st->iv_size)
        return CM_ERR_UNSUPPORTED;
    gnutls_cipher_set_iv(st->h[1], (void *)nonce, nonce_len);
    if (aad_len > 0 && gnutls_cipher_add_auth(st->h[1], aad, aad_len) < 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc gt_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len)
{
    gt_cipher_state *st = state;
    cm_rc rc = aead_start(st, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    if (len > 0 && gnutls_cipher_encrypt2(st->h[1], in, len, out, len) < 0)
        return CM_ERR_LIBRARY;
    return gnutls_cipher_tag(st->h[1], tag, tag_len) < 0 ? CM_ERR_LIBRARY : CM_OK;
}

cm_rc gt_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len)
{
    gt_cipher_state *st = state;
    uint8_t expected[GT_MAX_TAG];
    cm_rc rc = aead_start(st, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    if (len > 0 && gnutls_cipher_decrypt2(st->h[1], in, len, out, len) < 0)
        return CM_ERR_LIBRARY;
    if (gnutls_cipher_tag(st->h[1], expected, tag_len) < 0)
        return CM_ERR_LIBRARY;
    if (gnutls_memcmp(expected, tag, tag_len) != 0) {
        if (len > 0)
            gnutls_memset(out, 0, len);
        return CM_ERR_AUTH;
    }
    return CM_OK;
}
