/*
 * nettle_cipher.c — the cipher class of the Nettle backend: AES-CBC without
 * padding and AES-CTR, generic over an nt_spec (nettle_internal.h).
 *
 * create() runs Nettle's key schedules once (encryption, and decryption
 * for CBC). CBC goes through cbc_aes128_encrypt / cbc_aes256_encrypt where
 * Nettle has them (3.8 and later: one call that keeps the AES rounds in
 * registers) and cbc_decrypt; CTR through ctr_crypt. Both update the
 * IV/counter in place, which is how a call with iv NULL continues the
 * stream. ctr_crypt drops the rest of a partial keystream block, so the
 * state keeps that block itself to go on from the next keystream byte
 * (primitive.h).
 */
#include <stdlib.h>
#include <string.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include "nettle_internal.h"

#define NT_BLOCK 16

typedef struct nt_cipher_state {
    const nt_spec *spec;
    void *enc, *dec;           /* key schedules (dec: CBC only) */
    /* per direction ([0] decrypt, [1] encrypt): */
    uint8_t iv[2][NT_BLOCK];   /* CBC chaining value or CTR counter */
    uint8_t ks[2][NT_BLOCK];   /* CTR: the current keystream block */
    size_t ks_used[2];         /* bytes of ks used (NT_BLOCK: none left) */
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
    nt_free(st->enc, st->spec->cipher->context_size);
    nt_free(st->dec, st->spec->cipher->context_size);
    nt_free(st, sizeof *st);
}

cm_rc nt_cipher_create(const nt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    const struct nettle_cipher *c = spec->cipher;
    nt_cipher_state *st;
    cm_rc rc;

    *state = NULL;
    if (key_len != c->key_size)
        return CM_ERR_INVALID;
    if ((rc = nt_alloc((void **)&st, sizeof *st)) != CM_OK)
        return rc;
    st->spec = spec;
    st->ks_used[0] = st->ks_used[1] = NT_BLOCK;
    rc = nt_alloc(&st->enc, c->context_size);
    if (rc == CM_OK && spec->mode == NT_CBC)
        rc = nt_alloc(&st->dec, c->context_size);
    if (rc != CM_OK) {
        nt_cipher_destroy(st);
        return rc;
    }
    c->set_encrypt_key(st->enc, key);
    if (st->dec)
        c->set_decrypt_key(st->dec, key);
    *state = st;
    return CM_OK;
}

/* CTR over len bytes from the current position of direction d's stream. */
static void ctr_run(nt_cipher_state *st, int d, const uint8_t *in, uint8_t *out, size_t len)
{
    nettle_cipher_func *f = st->spec->cipher->encrypt;
    uint8_t *ks = st->ks[d];
    size_t bulk;

    while (len > 0 && st->ks_used[d] < NT_BLOCK) {
        *out++ = *in++ ^ ks[st->ks_used[d]++];
        len--;
    }
    bulk = len & ~(size_t)(NT_BLOCK - 1);
    if (bulk > 0)
        ctr_crypt(st->enc, f, NT_BLOCK, st->iv[d], bulk, out, in);
    in += bulk, out += bulk, len -= bulk;
    if (len > 0) {
        /* one more keystream block (the counter steps past it), kept */
        memset(ks, 0, NT_BLOCK);
        ctr_crypt(st->enc, f, NT_BLOCK, st->iv[d], NT_BLOCK, ks, ks);
        for (size_t i = 0; i < len; i++)
            out[i] = in[i] ^ ks[i];
        st->ks_used[d] = len;
    }
}

/* One call in direction enc (1 encrypt, 0 decrypt): restarts from iv when
 * given, then processes len bytes. */
static cm_rc cipher_run(nt_cipher_state *st, int enc, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    const nt_spec *spec = st->spec;
    int ctr = spec->mode == NT_CTR;

    if (!ctr && (len & (NT_BLOCK - 1)) != 0)
        return CM_ERR_INVALID;
    if (iv != NULL) {
        memcpy(st->iv[enc], iv, NT_BLOCK);
        st->ks_used[enc] = NT_BLOCK;
    }
    if (len == 0)
        return CM_OK;
    if (ctr)
        ctr_run(st, enc, in, out, len);
    else if (!enc)
        cbc_decrypt(st->dec, spec->cipher->decrypt, NT_BLOCK, st->iv[0], len, out, in);
    else if (spec->cbc_encrypt)
        spec->cbc_encrypt(st->enc, st->iv[1], len, out, in);
    else
        cbc_encrypt(st->enc, spec->cipher->encrypt, NT_BLOCK, st->iv[1], len, out, in);
    return CM_OK;
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
