/*
 * wolfssl_xts_chacha20.c — the cipher-class algorithms of the wolfSSL
 * backend beyond AES-CBC/CTR: AES-XTS (wc_AesXts*) and ChaCha20 alone
 * (wc_Chacha_*).
 *
 * XTS is whole data units (algorithm.h, data_unit_min): create() keys one
 * XtsAes per direction once; each call is one unit with its tweak, at
 * least one block long, never a continuation. ChaCha20 is a stream: the
 * key is set once; a call with an iv (the 32-bit little-endian block
 * counter, then the 96-bit nonce, primitive.h) restarts it with
 * wc_Chacha_SetIV, a call with iv NULL goes on, wolfCrypt keeping the
 * unused keystream bytes of the last block.
 */
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

/* ---- AES-XTS -------------------------------------------------------------- */

#if WOLF_HAS_XTS
typedef struct xts_state {
    XtsAes xts[2]; /* [0] decrypt, [1] encrypt */
    int ready[2];
} xts_state;

static void xts_destroy(void *state)
{
    xts_state *st = state;
    if (st == NULL)
        return;
    for (int d = 0; d < 2; d++)
        if (st->ready[d])
            wc_AesXtsFree(&st->xts[d]);
    ref_wipe(st, sizeof *st);
    free(st);
}

/* key is the two AES keys, data then tweak (32 or 64 bytes). */
static cm_rc xts_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    xts_state *st;
    *state = NULL;
    if (key_len != want_len)
        return CM_ERR_INVALID;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    for (int d = 0; d < 2; d++) {
        if (wc_AesXtsSetKey(&st->xts[d], key, (word32)key_len,
                            d ? AES_ENCRYPTION : AES_DECRYPTION, NULL, INVALID_DEVID) != 0) {
            xts_destroy(st);
            return CM_ERR_LIBRARY;
        }
        st->ready[d] = 1;
    }
    *state = st;
    return CM_OK;
}

/* One whole data unit (at least 16 bytes, within word32) with its tweak. */
static cm_rc xts_run(xts_state *st, int d, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    int ret;
    if (iv == NULL || len < 16)
        return CM_ERR_INVALID;
    if (len > UINT32_MAX)
        return CM_ERR_UNSUPPORTED;
    ret = d ? wc_AesXtsEncrypt(&st->xts[1], out, in, (word32)len, iv, 16)
            : wc_AesXtsDecrypt(&st->xts[0], out, in, (word32)len, iv, 16);
    return ret == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc xts_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    return xts_run(state, 1, iv, in, out, len);
}

static cm_rc xts_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len)
{
    return xts_run(state, 0, iv, in, out, len);
}

#define WOLF_XTS(id, key_bytes)                                                         \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)             \
    { return xts_create(st, key, key_len, key_bytes); }                                 \
    const cm_cipher_vtable wolf_##id = {id##_create, xts_encrypt, xts_decrypt, xts_destroy};
WOLF_XTS(aes128xts, 32)
WOLF_XTS(aes256xts, 64)
#endif

/* ---- ChaCha20 ---------------------------------------------------------------- */

#if WOLF_HAS_CHACHA20
/* One stream per direction: both are the same operation. */
typedef struct chacha_state {
    ChaCha ctx[2];
} chacha_state;

static cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    chacha_state *st;
    *state = NULL;
    if (key_len != CHACHA_MAX_KEY_SZ)
        return CM_ERR_INVALID;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    if (wc_Chacha_SetKey(&st->ctx[0], key, (word32)key_len) != 0
        || wc_Chacha_SetKey(&st->ctx[1], key, (word32)key_len) != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

static cm_rc chacha_run(chacha_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    ChaCha *ctx = &st->ctx[d];
    if (iv != NULL) {
        word32 counter = (word32)iv[0] | (word32)iv[1] << 8 | (word32)iv[2] << 16
                         | (word32)iv[3] << 24;
        if (wc_Chacha_SetIV(ctx, iv + 4, counter) != 0)
            return CM_ERR_LIBRARY;
    }
    for (size_t done = 0; done < len;) {
        word32 n = (word32)(len - done < WOLF_CHUNK ? len - done : WOLF_CHUNK);
        if (wc_Chacha_Process(ctx, out + done, in + done, n) != 0)
            return CM_ERR_LIBRARY;
        done += n;
    }
    return CM_OK;
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
    ref_wipe(state, sizeof(chacha_state));
    free(state);
}

const cm_cipher_vtable wolf_chacha20 = {chacha_create, chacha_encrypt, chacha_decrypt,
                                        chacha_destroy};
#endif
