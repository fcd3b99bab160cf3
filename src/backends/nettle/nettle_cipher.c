/*
 * nettle_cipher.c — the cipher class of the Nettle backend: AES-CBC and
 * AES-ECB without padding, AES-CTR, AES-XTS and ChaCha20, generic over an
 * nt_spec (nettle_internal.h).
 *
 * create() runs Nettle's key schedules once, one context per direction
 * where a direction needs its own (CBC and XTS decryption schedules,
 * ChaCha20's per-context nonce and counter). CBC goes through
 * cbc_aes128_encrypt / cbc_aes256_encrypt where Nettle has them (3.8 and
 * later: one call that keeps the AES rounds in registers) and cbc_decrypt;
 * CTR through ctr_crypt; ECB through the nettle_cipher's own encrypt and
 * decrypt (whole blocks, each alone); XTS through
 * xts_aes*_encrypt_message (one whole data unit per call, ciphertext
 * stealing included); ChaCha20 through
 * chacha_set_nonce96, chacha_set_counter32 and chacha_crypt32 (the 16-byte
 * IV is the little-endian block counter then the nonce, RFC 8439). CBC and
 * CTR update the IV or counter in place, which is how a call with iv NULL
 * continues the stream; ctr_crypt and chacha_crypt32 drop the rest of a
 * partial keystream block, which src/impl/stream_rest.h keeps.
 */
#include <stdlib.h>
#include <string.h>
#include <nettle/cbc.h>
#include <nettle/chacha.h>
#include <nettle/ctr.h>
#include "impl/stream_rest.h"
#include "nettle_internal.h"

#define NT_BLOCK 16

typedef struct nt_cipher_state {
    const nt_spec *spec;
    size_t ctx_size;
    void *ctx[2];              /* [0] decrypt, [1] encrypt; CTR uses [1] for both */
    uint8_t iv[2][NT_BLOCK];   /* per direction: CBC chaining value or CTR counter */
    stream_rest rest[2];       /* per direction: CTR and ChaCha20 keystream rest */
} nt_cipher_state;

cm_rc nt_alloc(void **state, size_t size)
{
    *state = calloc(1, size);
    return *state ? CM_OK : CM_ERR_NOMEM;
}

void nt_free(void *state, size_t size)
{
    if (state == NULL)
        return;
    memset(state, 0, size);
    free(state);
}

void nt_cipher_destroy(void *state)
{
    nt_cipher_state *st = state;
    if (st == NULL)
        return;
    nt_free(st->ctx[0], st->ctx_size);
    nt_free(st->ctx[1], st->ctx_size);
    nt_free(st, sizeof *st);
}

/* The key length and context size of spec's cipher. */
static void cipher_sizes(const nt_spec *spec, size_t *key_len, size_t *ctx_size)
{
    if (spec->mode == NT_XTS) {
        *key_len = spec->xts->key_size;
        *ctx_size = spec->xts->context_size;
    } else if (spec->mode == NT_CHACHA) {
        *key_len = CHACHA_KEY_SIZE;
        *ctx_size = sizeof(struct chacha_ctx);
    } else {
        *key_len = spec->cipher->key_size;
        *ctx_size = spec->cipher->context_size;
    }
}

/* Keys direction d's context. */
static void cipher_key(const nt_spec *spec, void *ctx, int d, const uint8_t *key)
{
    if (spec->mode == NT_XTS)
        (d ? spec->xts->set_encrypt_key : spec->xts->set_decrypt_key)(ctx, key);
    else if (spec->mode == NT_CHACHA)
        chacha_set_key(ctx, key);
    else
        (d ? spec->cipher->set_encrypt_key : spec->cipher->set_decrypt_key)(ctx, key);
}

cm_rc nt_cipher_create(const nt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    nt_cipher_state *st;
    size_t want_key;
    cm_rc rc;

    *state = NULL;
    if ((rc = nt_alloc((void **)&st, sizeof *st)) != CM_OK)
        return rc;
    st->spec = spec;
    cipher_sizes(spec, &want_key, &st->ctx_size);
    if (key_len != want_key) {
        nt_cipher_destroy(st);
        return CM_ERR_INVALID;
    }
    for (int d = spec->mode == NT_CTR ? 1 : 0; d < 2; d++) {
        if ((rc = nt_alloc(&st->ctx[d], st->ctx_size)) != CM_OK) {
            nt_cipher_destroy(st);
            return rc;
        }
        cipher_key(spec, st->ctx[d], d, key);
    }
    stream_rest_reset(&st->rest[0], spec->mode == NT_CHACHA ? CHACHA_BLOCK_SIZE : NT_BLOCK);
    stream_rest_reset(&st->rest[1], spec->mode == NT_CHACHA ? CHACHA_BLOCK_SIZE : NT_BLOCK);
    *state = st;
    return CM_OK;
}

/* stream_rest's call for one direction of a state. */
typedef struct nt_stream {
    nt_cipher_state *st;
    int d;
} nt_stream;

static int ctr_crypt_blocks(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    nt_stream *s = ctx;
    ctr_crypt(s->st->ctx[1], s->st->spec->cipher->encrypt, NT_BLOCK, s->st->iv[s->d], len, out,
              in);
    return 0;
}

static int chacha_crypt_blocks(void *ctx, const uint8_t *in, uint8_t *out, size_t len)
{
    nt_stream *s = ctx;
    chacha_crypt32(s->st->ctx[s->d], len, out, in);
    return 0;
}

/* Starts direction d's stream from iv. */
static void stream_start(nt_cipher_state *st, int d, const uint8_t *iv)
{
    if (st->spec->mode == NT_CHACHA) {
        chacha_set_nonce96(st->ctx[d], iv + 4);
        chacha_set_counter32(st->ctx[d], iv);
    } else {
        memcpy(st->iv[d], iv, NT_BLOCK);
    }
    stream_rest_reset(&st->rest[d], st->rest[d].block);
}

/* One call in direction d (1 encrypt, 0 decrypt). */
static cm_rc cipher_run(nt_cipher_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    const nt_spec *spec = st->spec;
    nt_stream s = {st, d};

    switch (spec->mode) {
    case NT_XTS: /* one whole data unit with its tweak: never a stream */
        if (iv == NULL || len < NT_BLOCK)
            return CM_ERR_INVALID;
        (d ? spec->xts->encrypt : spec->xts->decrypt)(st->ctx[d], iv, len, out, in);
        return CM_OK;
    case NT_ECB: /* each block alone: no IV, nothing carried over */
        if ((len & (NT_BLOCK - 1)) != 0)
            return CM_ERR_INVALID;
        if (len > 0)
            (d ? spec->cipher->encrypt : spec->cipher->decrypt)(st->ctx[d], len, out, in);
        return CM_OK;
    case NT_CBC:
        if ((len & (NT_BLOCK - 1)) != 0)
            return CM_ERR_INVALID;
        if (iv != NULL)
            memcpy(st->iv[d], iv, NT_BLOCK);
        if (len == 0)
            return CM_OK;
        if (!d)
            cbc_decrypt(st->ctx[0], spec->cipher->decrypt, NT_BLOCK, st->iv[0], len, out, in);
        else if (spec->cbc_encrypt)
            spec->cbc_encrypt(st->ctx[1], st->iv[1], len, out, in);
        else
            cbc_encrypt(st->ctx[1], spec->cipher->encrypt, NT_BLOCK, st->iv[1], len, out, in);
        return CM_OK;
    default: /* CTR, ChaCha20: streams */
        if (iv != NULL)
            stream_start(st, d, iv);
        if (len > 0)
            stream_rest_run(&st->rest[d],
                            spec->mode == NT_CTR ? ctr_crypt_blocks : chacha_crypt_blocks, &s,
                            in, out, len);
        return CM_OK;
    }
}

cm_rc nt_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 1, iv, in, out, len);
}

cm_rc nt_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 0, iv, in, out, len);
}
