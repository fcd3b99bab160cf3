/*
 * mbedtls_xts_chacha20_poly1305.c — the Mbed TLS backend's AES-XTS
 * (mbedtls_aes_xts_*), ChaCha20 alone (mbedtls_chacha20_*) and Poly1305
 * alone (mbedtls_poly1305_mac).
 *
 * XTS is whole data units (algorithm.h, data_unit_min): one context per
 * direction keyed once, each call one unit with its tweak. ChaCha20 is a
 * stream: the key is set once per direction; a call with an iv (32-bit
 * little-endian block counter, then the 96-bit nonce, primitive.h)
 * restarts it with mbedtls_chacha20_starts, a call with iv NULL goes on
 * (the context keeps the unused keystream bytes). Poly1305 keeps its
 * one-time key and authenticates each message with the one-shot call.
 * These APIs are the same in 2.28 and 3.x.
 */
#include <stdlib.h>
#include <string.h>
#include "mbedtls_internal.h"
#include <mbedtls/aes.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/platform_util.h>
#include <mbedtls/poly1305.h>
#include "cryptometer/primitive.h"

/* ---- AES-XTS ---------------------------------------------------------------- */

#if MBED_HAS_XTS
typedef struct xts_state {
    mbedtls_aes_xts_context ctx[2]; /* [0] decrypt, [1] encrypt */
} xts_state;

static void xts_destroy(void *state)
{
    xts_state *st = state;
    if (st == NULL)
        return;
    mbedtls_aes_xts_free(&st->ctx[0]);
    mbedtls_aes_xts_free(&st->ctx[1]);
    mbedtls_platform_zeroize(st, sizeof *st);
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
    mbedtls_aes_xts_init(&st->ctx[0]);
    mbedtls_aes_xts_init(&st->ctx[1]);
    if (mbedtls_aes_xts_setkey_dec(&st->ctx[0], key, (unsigned)key_len * 8) != 0
        || mbedtls_aes_xts_setkey_enc(&st->ctx[1], key, (unsigned)key_len * 8) != 0) {
        xts_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* One whole data unit (16 bytes to 16 MiB, Mbed TLS's limit) with its
 * tweak. */
static cm_rc xts_run(xts_state *st, int d, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    if (iv == NULL || len < 16)
        return CM_ERR_INVALID;
    if (len > ((size_t)1 << 24))
        return CM_ERR_UNSUPPORTED;
    return mbedtls_aes_crypt_xts(&st->ctx[d], d ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT, len,
                                 iv, in, out) == 0
               ? CM_OK
               : CM_ERR_LIBRARY;
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

#define MBED_XTS(id, key_bytes)                                                         \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)             \
    { return xts_create(st, key, key_len, key_bytes); }                                 \
    const cm_cipher_vtable mbed_##id = {id##_create, xts_encrypt, xts_decrypt, xts_destroy};
MBED_XTS(aes128xts, 32)
MBED_XTS(aes256xts, 64)
#endif

/* ---- ChaCha20 ------------------------------------------------------------------- */

#if MBED_HAS_CHACHA20
typedef struct chacha_state {
    mbedtls_chacha20_context ctx[2]; /* per direction: the same operation */
} chacha_state;

static void chacha_destroy(void *state)
{
    chacha_state *st = state;
    if (st == NULL)
        return;
    mbedtls_chacha20_free(&st->ctx[0]);
    mbedtls_chacha20_free(&st->ctx[1]);
    mbedtls_platform_zeroize(st, sizeof *st);
    free(st);
}

static cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    chacha_state *st;
    *state = NULL;
    if (key_len != 32)
        return CM_ERR_INVALID;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    for (int d = 0; d < 2; d++) {
        mbedtls_chacha20_init(&st->ctx[d]);
        if (mbedtls_chacha20_setkey(&st->ctx[d], key) != 0) {
            chacha_destroy(st);
            return CM_ERR_LIBRARY;
        }
    }
    *state = st;
    return CM_OK;
}

static cm_rc chacha_run(chacha_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    if (iv != NULL) {
        uint32_t counter = (uint32_t)iv[0] | (uint32_t)iv[1] << 8 | (uint32_t)iv[2] << 16
                           | (uint32_t)iv[3] << 24;
        if (mbedtls_chacha20_starts(&st->ctx[d], iv + 4, counter) != 0)
            return CM_ERR_LIBRARY;
    }
    if (len == 0)
        return CM_OK;
    return mbedtls_chacha20_update(&st->ctx[d], len, in, out) == 0 ? CM_OK : CM_ERR_LIBRARY;
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

const cm_cipher_vtable mbed_chacha20 = {chacha_create, chacha_encrypt, chacha_decrypt,
                                        chacha_destroy};
#endif

/* ---- Poly1305 --------------------------------------------------------------------- */

#if MBED_HAS_POLY1305
static cm_rc poly_create(void **state, const uint8_t *key, size_t key_len)
{
    *state = NULL;
    if (key_len != 32)
        return CM_ERR_INVALID;
    if ((*state = malloc(key_len)) == NULL)
        return CM_ERR_NOMEM;
    memcpy(*state, key, key_len);
    return CM_OK;
}

static cm_rc poly_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return mbedtls_poly1305_mac(state, msg, len, out) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static void poly_destroy(void *state)
{
    if (state == NULL)
        return;
    mbedtls_platform_zeroize(state, 32);
    free(state);
}

const cm_mac_vtable mbed_poly1305 = {poly_create, poly_mac, poly_destroy};
#endif
