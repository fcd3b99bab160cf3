/*
 * sodium_chacha20_poly1305_alone.c — ChaCha20 alone (cipher class) and
 * Poly1305 alone (MAC class) in the libsodium backend.
 *
 * ChaCha20: libsodium's IETF call (crypto_stream_chacha20_ietf_xor_ic)
 * starts at a whole block of a given counter and keeps no state, so the
 * stream of primitive.h is kept here: the counter and nonce the iv gave
 * (32-bit little-endian counter, then the 96-bit nonce) and the unused
 * keystream bytes of the last partial block. Poly1305:
 * crypto_onetimeauth_poly1305 with the key kept from create() (a
 * Poly1305 key has no set-up beyond its clamping, done per message).
 */
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "cryptometer/primitive.h"
#include "sodium_internal.h"

/* ---- ChaCha20 ------------------------------------------------------------- */

typedef struct stream {
    uint8_t nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
    uint32_t counter;  /* the next whole block */
    uint8_t block[64]; /* keystream of block counter - 1 ... */
    size_t used;       /* ... of which this many bytes are used (64: none left) */
} stream;

typedef struct chacha_state {
    uint8_t key[crypto_stream_chacha20_ietf_KEYBYTES];
    stream dir[2]; /* [0] decrypt, [1] encrypt: the same operation */
} chacha_state;

static cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    chacha_state *st;
    *state = NULL;
    if (key_len != crypto_stream_chacha20_ietf_KEYBYTES)
        return CM_ERR_INVALID;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    memcpy(st->key, key, key_len);
    st->dir[0].used = st->dir[1].used = 64;
    *state = st;
    return CM_OK;
}

/* XORs len bytes of in with the keystream of s into out. */
static cm_rc chacha_xor(const uint8_t *key, stream *s, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    size_t whole;
    /* the rest of the last partial block */
    while (len > 0 && s->used < 64) {
        *out++ = *in++ ^ s->block[s->used++];
        len--;
    }
    whole = len & ~(size_t)63;
    if (whole > 0) {
        if (crypto_stream_chacha20_ietf_xor_ic(out, in, whole, s->nonce, s->counter, key) != 0)
            return CM_ERR_LIBRARY;
        s->counter += (uint32_t)(whole / 64);
        in += whole;
        out += whole;
        len -= whole;
    }
    if (len > 0) {
        memset(s->block, 0, sizeof s->block);
        if (crypto_stream_chacha20_ietf_xor_ic(s->block, s->block, sizeof s->block, s->nonce,
                                               s->counter, key) != 0)
            return CM_ERR_LIBRARY;
        s->counter++;
        for (s->used = 0; s->used < len; s->used++)
            out[s->used] = in[s->used] ^ s->block[s->used];
    }
    return CM_OK;
}

static cm_rc chacha_run(chacha_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    stream *s = &st->dir[d];
    if (iv != NULL) {
        s->counter = (uint32_t)iv[0] | (uint32_t)iv[1] << 8 | (uint32_t)iv[2] << 16
                     | (uint32_t)iv[3] << 24;
        memcpy(s->nonce, iv + 4, sizeof s->nonce);
        s->used = 64;
    }
    return chacha_xor(st->key, s, in, out, len);
}

static cm_rc chacha_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    return chacha_run(state, 1, iv, in, out, len);
}

static cm_rc chacha_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    return chacha_run(state, 0, iv, in, out, len);
}

static void chacha_destroy(void *state)
{
    if (state == NULL)
        return;
    sodium_memzero(state, sizeof(chacha_state));
    free(state);
}

const cm_cipher_vtable sodium_chacha20 = {chacha_create, chacha_encrypt, chacha_decrypt,
                                          chacha_destroy};

/* ---- Poly1305 ------------------------------------------------------------------ */

static cm_rc poly_create(void **state, const uint8_t *key, size_t key_len)
{
    *state = NULL;
    if (key_len != crypto_onetimeauth_poly1305_KEYBYTES)
        return CM_ERR_INVALID;
    if ((*state = malloc(key_len)) == NULL)
        return CM_ERR_NOMEM;
    memcpy(*state, key, key_len);
    return CM_OK;
}

static cm_rc poly_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return crypto_onetimeauth_poly1305(out, msg, len, state) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static void poly_destroy(void *state)
{
    if (state == NULL)
        return;
    sodium_memzero(state, crypto_onetimeauth_poly1305_KEYBYTES);
    free(state);
}

const cm_mac_vtable sodium_poly1305 = {poly_create, poly_mac, poly_destroy};
