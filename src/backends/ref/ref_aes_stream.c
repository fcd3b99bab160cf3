/*
 * ref_aes_stream.c — CBC and CTR streams over any AES engine (see
 * ref_aes_stream.h): the chaining block and the counter kept between calls
 * with iv NULL, the partial keystream block of CTR.
 */
#include <string.h>
#include "backends/ref/ref_aes_stream.h"
#include "backends/ref/ref_state.h"

/* An engine's key schedule with the position of one stream per direction
 * (0 decrypt, 1 encrypt). */
typedef struct aes_stream {
    const ref_aes_engine *e;
    size_t size;            /* bytes of this state, for the wipe */
    uint8_t next_iv[2][16]; /* CBC: the chaining block; CTR: the next counter block */
    uint8_t ks[2][16];      /* CTR: the keystream block being used */
    size_t ks_used[2];      /* CTR: bytes of ks already used (16: none left) */
    _Alignas(16) unsigned char key[]; /* e->key_size bytes */
} aes_stream;

/* See ref_aes_stream.h. */
cm_rc ref_aes_stream_create(void **state, const ref_aes_engine *e, const uint8_t *key,
                            size_t key_len, size_t want_len)
{
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    size_t size = sizeof(aes_stream) + e->key_size;
    cm_rc rc = ref_state_alloc(state, size);
    if (rc != CM_OK)
        return rc;
    aes_stream *st = *state;
    st->e = e;
    st->size = size;
    rc = e->set_key(st->key, key, key_len);
    if (rc != CM_OK) {
        ref_state_free(st, size);
        *state = NULL;
    }
    return rc;
}

/* See ref_aes_stream.h. */
void ref_aes_stream_destroy(void *state)
{
    if (state)
        ref_state_free(state, ((aes_stream *)state)->size);
}

/* CBC without padding in direction enc (CM_ERR_INVALID unless len is a
 * multiple of 16), from iv or, iv NULL, from the stream's chaining block. */
static cm_rc aes_cbc(aes_stream *st, int enc, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    uint8_t next[16];
    cm_rc rc;
    if (len % 16 != 0)
        return CM_ERR_INVALID;
    if (iv)
        memcpy(st->next_iv[enc], iv, 16);
    if (len == 0)
        return CM_OK;
    /* the next chaining block is the last ciphertext block: in's when
     * decrypting (read before out may overwrite it), out's when encrypting */
    if (!enc)
        memcpy(next, in + len - 16, 16);
    rc = enc ? st->e->cbc_encrypt(st->key, st->next_iv[1], in, out, len)
             : st->e->cbc_decrypt(st->key, st->next_iv[0], in, out, len);
    memcpy(st->next_iv[enc], enc ? out + len - 16 : next, 16);
    return rc;
}

/* See ref_aes_stream.h. */
cm_rc ref_aes_stream_cbc_encrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len)
{
    return aes_cbc(state, 1, iv, in, out, len);
}

/* See ref_aes_stream.h. */
cm_rc ref_aes_stream_cbc_decrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len)
{
    return aes_cbc(state, 0, iv, in, out, len);
}

/* Adds n to the big-endian 128-bit counter block ctr. */
static void ctr_add(uint8_t ctr[16], uint64_t n)
{
    for (int i = 15; i >= 0 && n; i--) {
        uint64_t sum = ctr[i] + (n & 0xff);
        ctr[i] = (uint8_t)sum;
        n = (n >> 8) + (sum >> 8);
    }
}

/* CTR in direction enc (both directions are the same operation): from iv
 * as the initial counter block or, iv NULL, from the stream's next
 * keystream byte. Any len. */
static cm_rc aes_ctr(aes_stream *st, int enc, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    if (iv) {
        memcpy(st->next_iv[enc], iv, 16);
        st->ks_used[enc] = 16;
    }
    /* what is left of the current keystream block */
    while (len && st->ks_used[enc] < 16) {
        *out++ = *in++ ^ st->ks[enc][st->ks_used[enc]++];
        len--;
    }
    size_t whole = len - len % 16;
    if (whole) {
        st->e->ctr_xor(st->key, st->next_iv[enc], in, out, whole);
        ctr_add(st->next_iv[enc], whole / 16);
        in += whole, out += whole, len -= whole;
    }
    if (len) { /* a partial block starts a new keystream block */
        st->e->encrypt_block(st->key, st->next_iv[enc], st->ks[enc]);
        ctr_add(st->next_iv[enc], 1);
        for (st->ks_used[enc] = 0; st->ks_used[enc] < len; st->ks_used[enc]++)
            out[st->ks_used[enc]] = in[st->ks_used[enc]] ^ st->ks[enc][st->ks_used[enc]];
    }
    return CM_OK;
}

/* See ref_aes_stream.h. */
cm_rc ref_aes_stream_ctr_encrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len)
{
    return aes_ctr(state, 1, iv, in, out, len);
}

/* See ref_aes_stream.h. */
cm_rc ref_aes_stream_ctr_decrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len)
{
    return aes_ctr(state, 0, iv, in, out, len);
}
