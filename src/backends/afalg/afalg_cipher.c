/*
 * afalg_cipher.c — skciphers (CBC, CTR, XTS, ECB) and AEADs (GCM,
 * ChaCha20-Poly1305) through AF_ALG "skcipher" and "aead" sockets, with
 * libkcapi: the copy path is KCAPI_ACCESS_SENDMSG (sendmsg of the data,
 * read of the result), the zero-copy path KCAPI_ACCESS_VMSPLICE (sendmsg
 * of the operation, vmsplice + splice of the data, read).
 *
 * The kernel takes at most 16 pages per request, so a message is cut into
 * 64 KiB requests here, each with its IV (libkcapi would cut it too but
 * send the first IV again with each piece). The IV of each call is computed
 * here, never left in the kernel: CBC chains from the last ciphertext
 * block, CTR adds the blocks done to the counter and does a call that
 * starts inside a block through one block of its own (cm_cipher_vtable's
 * stream contract). An XTS call is one data unit with its own tweak
 * (cm_cipher_vtable), one request of at most 64 KiB (CM_ERR_UNSUPPORTED
 * beyond: the kernel cannot carry a tweak across requests). ECB has no IV
 * (the kernel's ivsize is 0): requests go without one, nothing chains. AEAD
 * messages are one request: associated data, text and tag together at
 * most 64 KiB (CM_ERR_UNSUPPORTED beyond).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <kcapi.h>
#include "afalg_internal.h"

#define REQUEST_MAX (64u << 10)

typedef struct afalg_cipher {
    const afalg_binding *b;
    struct kcapi_handle *h;
    int access;       /* KCAPI_ACCESS_SENDMSG or KCAPI_ACCESS_VMSPLICE */
    int ctr;          /* CTR */
    int xts;          /* XTS */
    int ecb;          /* ECB (else, and not CTR or XTS, CBC) */
    /* Per direction ([0] decrypt, [1] encrypt: each continues its own
     * stream): the next call's IV (CBC) or counter block (CTR), and for
     * CTR the bytes of that block already used. */
    uint8_t iv[2][16];
    size_t in_block[2];
    uint32_t taglen;  /* AEAD: the tag length set on the socket */
    uint8_t *buf_in, *buf_out; /* AEAD: aad || text || tag */
    size_t buf_cap;
} afalg_cipher;

void afalg_cipher_destroy(void *state)
{
    afalg_cipher *s = state;
    if (!s)
        return;
    if (s->h) {
        if (s->b->cls == CM_CLASS_AEAD)
            kcapi_aead_destroy(s->h);
        else
            kcapi_cipher_destroy(s->h);
    }
    free(s->buf_in);
    free(s->buf_out);
    free(s);
}

cm_rc afalg_cipher_create(const afalg_binding *b, void **state, const uint8_t *key,
                          size_t key_len)
{
    afalg_cipher *s = calloc(1, sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->b = b;
    s->access = b->path == AFALG_SPLICE ? KCAPI_ACCESS_VMSPLICE : KCAPI_ACCESS_SENDMSG;
    s->ctr = b->mode && strcmp(b->mode, "ctr") == 0;
    s->xts = b->mode && strcmp(b->mode, "xts") == 0;
    s->ecb = b->mode && strcmp(b->mode, "ecb") == 0;
    cm_rc rc = CM_OK;
    if (b->cls == CM_CLASS_AEAD) {
        if (kcapi_aead_init(&s->h, b->name, 0) != 0)
            rc = CM_ERR_LIBRARY;
        else if (kcapi_aead_setkey(s->h, key, (uint32_t)key_len) != 0)
            rc = CM_ERR_INVALID;
        else
            s->taglen = kcapi_aead_authsize(s->h);
    } else if (kcapi_cipher_init(&s->h, b->name, 0) != 0) {
        rc = CM_ERR_LIBRARY;
    } else if (kcapi_cipher_setkey(s->h, key, (uint32_t)key_len) != 0) {
        rc = CM_ERR_INVALID;
    } else if (kcapi_cipher_ivsize(s->h) != (s->ecb ? 0 : 16)) {
        rc = CM_ERR_UNSUPPORTED;
    }
    if (rc != CM_OK) {
        afalg_cipher_destroy(s);
        return rc;
    }
    *state = s;
    return CM_OK;
}

/* Adds n to the 128-bit big-endian counter block. */
static void ctr_add(uint8_t *ctr, size_t n)
{
    unsigned carry = 0;
    for (int i = 15; i >= 0; i--) {
        unsigned v = ctr[i] + (unsigned)(n & 0xff) + carry;
        ctr[i] = (uint8_t)v;
        carry = v >> 8;
        n >>= 8;
    }
}

/* One request of len <= REQUEST_MAX with IV iv. */
static cm_rc request(afalg_cipher *s, int enc, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    ssize_t got = enc ? kcapi_cipher_encrypt(s->h, in, len, iv, out, len, s->access)
                      : kcapi_cipher_decrypt(s->h, in, len, iv, out, len, s->access);
    return got == (ssize_t)len ? CM_OK : got == -EINVAL ? CM_ERR_INVALID : CM_ERR_LIBRARY;
}

/* CTR: the rest of a counter block already started in direction d
 * (m <= 16 - in_block[d]). */
static cm_rc ctr_partial(afalg_cipher *s, int d, const uint8_t *in, uint8_t *out, size_t m)
{
    uint8_t block[16] = {0}, ks[16];
    memcpy(block + s->in_block[d], in, m);
    cm_rc rc = request(s, 1, s->iv[d], block, ks, sizeof block);
    if (rc != CM_OK)
        return rc;
    memcpy(out, ks + s->in_block[d], m);
    s->in_block[d] += m;
    if (s->in_block[d] == 16) {
        ctr_add(s->iv[d], 1);
        s->in_block[d] = 0;
    }
    return CM_OK;
}

static cm_rc cipher_crypt(afalg_cipher *s, int enc, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                   size_t len)
{
    int d = enc != 0;
    if (s->xts) {
        if (!iv || len < 16)
            return CM_ERR_INVALID;
        return len > REQUEST_MAX ? CM_ERR_UNSUPPORTED : request(s, enc, iv, in, out, len);
    }
    if (iv && !s->ecb) {
        memcpy(s->iv[d], iv, 16);
        s->in_block[d] = 0;
    }
    if (!s->ctr && len % 16)
        return CM_ERR_INVALID;
    if (s->ctr && s->in_block[d] && len) {
        size_t m = 16 - s->in_block[d] < len ? 16 - s->in_block[d] : len;
        cm_rc rc = ctr_partial(s, d, in, out, m);
        if (rc != CM_OK)
            return rc;
        in += m;
        out += m;
        len -= m;
    }
    while (len) {
        size_t piece = len < REQUEST_MAX ? len : REQUEST_MAX;
        uint8_t next[16];
        if (!s->ctr && !s->ecb)
            memcpy(next, (enc ? out : in) + piece - 16, 16); /* out is read after */
        cm_rc rc = request(s, enc, s->ecb ? NULL : s->iv[d], in, out, piece);
        if (rc != CM_OK)
            return rc;
        if (s->ctr) {
            ctr_add(s->iv[d], piece / 16);
            s->in_block[d] = piece % 16;
        } else if (!s->ecb) {
            memcpy(s->iv[d], enc ? out + piece - 16 : next, 16);
        }
        in += piece;
        out += piece;
        len -= piece;
    }
    return CM_OK;
}

cm_rc afalg_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                           size_t len)
{
    return cipher_crypt(state, 1, iv, in, out, len);
}

cm_rc afalg_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                           size_t len)
{
    return cipher_crypt(state, 0, iv, in, out, len);
}

/* ------------------------------------------------------------------------
 * AEAD
 * ---------------------------------------------------------------------- */

/* Checks the message against the kernel's request limits, sets the tag
 * length and the associated data length, and makes room for total bytes
 * in both buffers. */
static cm_rc aead_prepare(afalg_cipher *s, size_t nonce_len, size_t aad_len, size_t tag_len,
                          size_t total)
{
    if (nonce_len != kcapi_aead_ivsize(s->h) || total > REQUEST_MAX)
        return CM_ERR_UNSUPPORTED;
    if (tag_len != s->taglen) {
        if (kcapi_aead_settaglen(s->h, (uint32_t)tag_len) != 0)
            return CM_ERR_UNSUPPORTED;
        s->taglen = (uint32_t)tag_len;
    }
    kcapi_aead_setassoclen(s->h, aad_len);
    if (total > s->buf_cap) {
        size_t cap = REQUEST_MAX; /* page-aligned, for vmsplice */
        free(s->buf_in);
        free(s->buf_out);
        s->buf_in = s->buf_out = NULL;
        s->buf_cap = 0;
        if (posix_memalign((void **)&s->buf_in, 4096, cap) != 0 ||
            posix_memalign((void **)&s->buf_out, 4096, cap) != 0)
            return CM_ERR_NOMEM;
        s->buf_cap = cap;
    }
    return CM_OK;
}

cm_rc afalg_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len)
{
    afalg_cipher *s = state;
    cm_rc rc = aead_prepare(s, nonce_len, aad_len, tag_len, aad_len + len + tag_len);
    if (rc != CM_OK)
        return rc;
    if (aad_len)
        memcpy(s->buf_in, aad, aad_len);
    if (len)
        memcpy(s->buf_in + aad_len, in, len);
    ssize_t got = kcapi_aead_encrypt(s->h, s->buf_in, aad_len + len, nonce, s->buf_out,
                                     aad_len + len + tag_len, s->access);
    if (got != (ssize_t)(aad_len + len + tag_len))
        return got == -EINVAL ? CM_ERR_INVALID : CM_ERR_LIBRARY;
    if (len)
        memcpy(out, s->buf_out + aad_len, len);
    memcpy(tag, s->buf_out + aad_len + len, tag_len);
    return CM_OK;
}

cm_rc afalg_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    afalg_cipher *s = state;
    cm_rc rc = aead_prepare(s, nonce_len, aad_len, tag_len, aad_len + len + tag_len);
    if (rc != CM_OK)
        return rc;
    if (aad_len)
        memcpy(s->buf_in, aad, aad_len);
    if (len)
        memcpy(s->buf_in + aad_len, in, len);
    memcpy(s->buf_in + aad_len + len, tag, tag_len);
    ssize_t got = kcapi_aead_decrypt(s->h, s->buf_in, aad_len + len + tag_len, nonce,
                                     s->buf_out, aad_len + len, s->access);
    if (got == -EBADMSG)
        return CM_ERR_AUTH;
    if (got != (ssize_t)(aad_len + len))
        return got == -EINVAL ? CM_ERR_INVALID : CM_ERR_LIBRARY;
    if (len)
        memcpy(out, s->buf_out + aad_len, len);
    return CM_OK;
}
