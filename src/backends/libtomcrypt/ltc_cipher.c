/*
 * ltc_cipher.c — the cipher class of the LibTomCrypt backend: AES-CBC
 * and AES-ECB without padding (cbc_*, ecb_*: no IV), AES-CTR (ctr_* with
 * a big-endian counter over the whole block), AES-XTS (xts_*: one whole
 * data unit per call, the tweak its IV) and ChaCha20 (chacha_* with
 * chacha_ivctr32: the 16-byte IV is the little-endian block counter then
 * the 96-bit nonce, RFC 8439).
 *
 * One LibTomCrypt state per direction (XTS and ECB: one for both), keyed
 * once at create(). Each keeps its chaining value, counter and unused
 * keystream itself, so a call with iv NULL continues the previous one; a
 * call with an iv resets it (cbc_setiv, ctr_setiv, chacha_ivctr32).
 */
#include <stdlib.h>
#include <string.h>
#include "ltc_internal.h"

typedef struct ltc_cipher_state {
    const ltc_spec *spec;
    union {
        symmetric_CBC cbc[2]; /* [0] decrypt, [1] encrypt */
        symmetric_CTR ctr[2];
        symmetric_ECB ecb; /* both directions */
        symmetric_xts xts;
        chacha_state chacha[2];
    } u;
    int started[2]; /* an iv was given in this direction */
} ltc_cipher_state;

cm_rc ltc_cipher_create(const ltc_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    static const uint8_t zero_iv[16];
    ltc_cipher_state *st;
    int aes = ltc_aes_index(), err = CRYPT_OK;

    if (key_len != spec->key_len)
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    for (int d = 0; d < 2 && err == CRYPT_OK; d++) {
        switch (spec->mode) {
        case LTC_M_CBC:
            err = cbc_start(aes, zero_iv, key, (int)key_len, 0, &st->u.cbc[d]);
            break;
        case LTC_M_ECB:
            if (d == 0)
                err = ecb_start(aes, key, (int)key_len, 0, &st->u.ecb);
            break;
        case LTC_M_CTR:
            err = ctr_start(aes, zero_iv, key, (int)key_len, 0, CTR_COUNTER_BIG_ENDIAN,
                            &st->u.ctr[d]);
            break;
        case LTC_M_XTS:
            if (d == 0)
                err = xts_start(aes, key, key + key_len / 2, key_len / 2, 0, &st->u.xts);
            break;
        case LTC_M_CHACHA:
            err = chacha_setup(&st->u.chacha[d], key, key_len, 20);
            break;
        default:
            err = CRYPT_INVALID_ARG;
        }
    }
    if (err != CRYPT_OK) {
        ltc_cipher_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* One call in direction d (1 encrypt, 0 decrypt). */
static cm_rc cipher_run(ltc_cipher_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    int err;

    if (st->spec->mode == LTC_M_XTS) {
        uint8_t tweak[16];
        if (iv == NULL || len < 16)
            return CM_ERR_INVALID;
        memcpy(tweak, iv, sizeof tweak);
        err = d ? xts_encrypt(in, len, out, tweak, &st->u.xts)
                : xts_decrypt(in, len, out, tweak, &st->u.xts);
        return err == CRYPT_OK ? CM_OK : CM_ERR_LIBRARY;
    }
    if (iv == NULL && !st->started[d])
        return CM_ERR_INVALID;
    switch (st->spec->mode) {
    case LTC_M_CBC:
        if (len % 16 != 0)
            return CM_ERR_INVALID;
        if (iv != NULL && cbc_setiv(iv, 16, &st->u.cbc[d]) != CRYPT_OK)
            return CM_ERR_LIBRARY;
        err = d ? cbc_encrypt(in, out, len, &st->u.cbc[d])
                : cbc_decrypt(in, out, len, &st->u.cbc[d]);
        break;
    case LTC_M_ECB:
        if (len % 16 != 0)
            return CM_ERR_INVALID;
        err = d ? ecb_encrypt(in, out, len, &st->u.ecb) : ecb_decrypt(in, out, len, &st->u.ecb);
        break;
    case LTC_M_CTR:
        if (iv != NULL && ctr_setiv(iv, 16, &st->u.ctr[d]) != CRYPT_OK)
            return CM_ERR_LIBRARY;
        err = ctr_encrypt(in, out, len, &st->u.ctr[d]);
        break;
    case LTC_M_CHACHA:
        if (iv != NULL) {
            ulong32 counter;
            LOAD32L(counter, iv);
            if (chacha_ivctr32(&st->u.chacha[d], iv + 4, 12, counter) != CRYPT_OK)
                return CM_ERR_LIBRARY;
        }
        err = chacha_crypt(&st->u.chacha[d], in, len, out);
        break;
    default:
        return CM_ERR_UNSUPPORTED;
    }
    if (err != CRYPT_OK)
        return CM_ERR_LIBRARY;
    st->started[d] = 1;
    return CM_OK;
}

cm_rc ltc_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    return cipher_run(state, 1, iv, in, out, len);
}

cm_rc ltc_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    return cipher_run(state, 0, iv, in, out, len);
}

void ltc_cipher_destroy(void *state)
{
    ltc_cipher_state *st = state;
    if (st == NULL)
        return;
    zeromem(st, sizeof *st);
    free(st);
}
