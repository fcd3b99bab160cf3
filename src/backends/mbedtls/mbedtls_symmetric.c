/*
 * mbedtls_symmetric.c — the symmetric algorithms of the Mbed TLS backend:
 * AES-CBC, AES-CTR and AES-ECB (mbedtls_aes_*), AES-GCM (mbedtls_gcm_*),
 * ChaCha20-Poly1305 (mbedtls_chachapoly_*), SHA-1/256/512 and, from 3.5,
 * SHA3-256/512 (mbedtls_md)
 * and HMAC-SHA-256 (mbedtls_md_hmac_*).
 *
 * What an application with a long-lived key does: create() runs the key
 * schedule once (one mbedtls_aes_context per direction, since a CBC
 * decryption schedule differs; mbedtls_gcm_setkey; chachapoly_setkey;
 * hmac_starts) and every call reuses it. Mbed TLS's block-mode calls take
 * the chaining state from the caller: the state keeps CBC's IV (updated
 * in place by the library) and CTR's counter block, keystream block and
 * offset, so a call with iv NULL goes on where the last one stopped and
 * a call with an iv starts them anew. ECB is mbedtls_aes_crypt_ecb, one
 * block per call, over the message: no IV, nothing kept. These APIs are the same in 2.28
 * and 3.x.
 */
#include <stdlib.h>
#include <string.h>
#include "mbedtls_internal.h"
#include <mbedtls/aes.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>
#include <mbedtls/md.h>
#include <mbedtls/platform_util.h>
#include "cryptometer/primitive.h"

/* *state = a new zeroed block of size bytes. */
static cm_rc state_alloc(void **state, size_t size)
{
    *state = calloc(1, size);
    return *state != NULL ? CM_OK : CM_ERR_NOMEM;
}

/* Wipes and frees a state of size bytes; NULL is accepted. */
static void state_free(void *state, size_t size)
{
    if (state == NULL)
        return;
    mbedtls_platform_zeroize(state, size);
    free(state);
}

/* ---- AES-CBC, AES-CTR and AES-ECB ------------------------------------------- */

#if MBED_HAS_CBC || MBED_HAS_CTR || MBED_HAS_ECB
enum { MBED_M_CBC, MBED_M_CTR, MBED_M_ECB };

typedef struct cipher_state {
    mbedtls_aes_context aes[2]; /* [0] decrypt, [1] encrypt (CTR: both encrypt) */
    int mode;                   /* MBED_M_CBC, MBED_M_CTR or MBED_M_ECB */
    /* per direction: CBC's IV / CTR's counter block, CTR's keystream block
     * and the offset of its next unused byte */
    unsigned char iv[2][16], stream[2][16];
    size_t off[2];
} cipher_state;

static void cipher_destroy(void *state)
{
    cipher_state *st = state;
    if (st == NULL)
        return;
    mbedtls_aes_free(&st->aes[0]);
    mbedtls_aes_free(&st->aes[1]);
    state_free(st, sizeof *st);
}

static cm_rc cipher_create(void **state, const uint8_t *key, size_t key_len, size_t want_len,
                           int mode)
{
    cipher_state *st;
    cm_rc rc;
    int ret;
    *state = NULL;
    if (key_len != want_len)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, sizeof *st)) != CM_OK)
        return rc;
    st = *state;
    st->mode = mode;
    mbedtls_aes_init(&st->aes[0]);
    mbedtls_aes_init(&st->aes[1]);
    ret = mode == MBED_M_CTR ? mbedtls_aes_setkey_enc(&st->aes[0], key, (unsigned)key_len * 8)
              : mbedtls_aes_setkey_dec(&st->aes[0], key, (unsigned)key_len * 8);
    if (ret == 0)
        ret = mbedtls_aes_setkey_enc(&st->aes[1], key, (unsigned)key_len * 8);
    if (ret != 0) {
        cipher_destroy(st);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

/* One call in direction d: restart from iv, or go on (iv NULL). */
static cm_rc cipher_run(cipher_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    int ret = -1;
    if (st->mode != MBED_M_CTR && (len & 15) != 0)
        return CM_ERR_INVALID;
    if (iv != NULL && st->mode != MBED_M_ECB) {
        memcpy(st->iv[d], iv, 16);
        st->off[d] = 0;
    }
    if (len == 0)
        return CM_OK;
#if MBED_HAS_ECB
    if (st->mode == MBED_M_ECB) {
        ret = 0;
        for (size_t off = 0; off < len && ret == 0; off += 16)
            ret = mbedtls_aes_crypt_ecb(&st->aes[d], d ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                        in + off, out + off);
    }
#endif
#if MBED_HAS_CTR
    if (st->mode == MBED_M_CTR)
        ret = mbedtls_aes_crypt_ctr(&st->aes[d], len, &st->off[d], st->iv[d], st->stream[d], in,
                                    out);
#endif
#if MBED_HAS_CBC
    if (st->mode == MBED_M_CBC)
        ret = mbedtls_aes_crypt_cbc(&st->aes[d], d ? MBEDTLS_AES_ENCRYPT : MBEDTLS_AES_DECRYPT,
                                    len, st->iv[d], in, out);
#endif
    return ret == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    return cipher_run(state, 1, iv, in, out, len);
}

static cm_rc cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    return cipher_run(state, 0, iv, in, out, len);
}

/* A cipher vtable with create() bound to a key length and mode. */
#define MBED_CIPHER(id, key_bytes, mode)                                                \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)             \
    { return cipher_create(st, key, key_len, key_bytes, mode); }                        \
    const cm_cipher_vtable mbed_##id = {id##_create, cipher_encrypt, cipher_decrypt,    \
                                        cipher_destroy};
#endif
#if MBED_HAS_CBC
MBED_CIPHER(aes128cbc, 16, MBED_M_CBC)
MBED_CIPHER(aes256cbc, 32, MBED_M_CBC)
#endif
#if MBED_HAS_CTR
MBED_CIPHER(aes128ctr, 16, MBED_M_CTR)
MBED_CIPHER(aes256ctr, 32, MBED_M_CTR)
#endif
#if MBED_HAS_ECB
MBED_CIPHER(aes128ecb, 16, MBED_M_ECB)
MBED_CIPHER(aes256ecb, 32, MBED_M_ECB)
#endif

/* ---- AES-GCM ------------------------------------------------------------------ */

#if MBED_HAS_GCM
/* Mbed TLS takes tags of 4 to 16 bytes and any nonce of at least 1. */
static cm_rc gcm_lengths(size_t nonce_len, size_t tag_len)
{
    if (tag_len < 4 || tag_len > 16)
        return CM_ERR_UNSUPPORTED;
    return nonce_len == 0 ? CM_ERR_INVALID : CM_OK;
}

static void gcm_destroy(void *state)
{
    if (state == NULL)
        return;
    mbedtls_gcm_free(state);
    state_free(state, sizeof(mbedtls_gcm_context));
}

static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len != want_len)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, sizeof(mbedtls_gcm_context))) != CM_OK)
        return rc;
    mbedtls_gcm_init(*state);
    if (mbedtls_gcm_setkey(*state, MBEDTLS_CIPHER_ID_AES, key, (unsigned)key_len * 8) != 0) {
        gcm_destroy(*state);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

static cm_rc gcm_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len)
{
    cm_rc rc = gcm_lengths(nonce_len, tag_len);
    if (rc != CM_OK)
        return rc;
    if (mbedtls_gcm_crypt_and_tag(state, MBEDTLS_GCM_ENCRYPT, len, nonce, nonce_len, aad, aad_len,
                                  in, out, tag_len, tag) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static cm_rc gcm_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    cm_rc rc = gcm_lengths(nonce_len, tag_len);
    int ret;
    if (rc != CM_OK)
        return rc;
    ret = mbedtls_gcm_auth_decrypt(state, len, nonce, nonce_len, aad, aad_len, tag, tag_len, in,
                                   out);
    if (ret == MBEDTLS_ERR_GCM_AUTH_FAILED)
        return CM_ERR_AUTH;
    return ret == 0 ? CM_OK : CM_ERR_LIBRARY;
}

#define MBED_GCM(id, key_bytes)                                                         \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)             \
    { return gcm_create(st, key, key_len, key_bytes); }                                 \
    const cm_aead_vtable mbed_##id = {id##_create, gcm_seal, gcm_open, gcm_destroy};
MBED_GCM(aes128gcm, 16)
MBED_GCM(aes256gcm, 32)
#endif

/* ---- ChaCha20-Poly1305 ---------------------------------------------------------- */

#if MBED_HAS_CHACHAPOLY
static void chacha_destroy(void *state)
{
    if (state == NULL)
        return;
    mbedtls_chachapoly_free(state);
    state_free(state, sizeof(mbedtls_chachapoly_context));
}

static cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len != 32)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, sizeof(mbedtls_chachapoly_context))) != CM_OK)
        return rc;
    mbedtls_chachapoly_init(*state);
    if (mbedtls_chachapoly_setkey(*state, key) != 0) {
        chacha_destroy(*state);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

/* A 12-byte nonce and the full 16-byte tag only. */
static cm_rc chacha_lengths(size_t nonce_len, size_t tag_len)
{
    return nonce_len == 12 && tag_len == 16 ? CM_OK : CM_ERR_UNSUPPORTED;
}

static cm_rc chacha_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, uint8_t *tag, size_t tag_len)
{
    cm_rc rc = chacha_lengths(nonce_len, tag_len);
    if (rc != CM_OK)
        return rc;
    if (mbedtls_chachapoly_encrypt_and_tag(state, len, nonce, aad, aad_len, in, out, tag) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static cm_rc chacha_open(void *state, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    cm_rc rc = chacha_lengths(nonce_len, tag_len);
    int ret;
    if (rc != CM_OK)
        return rc;
    ret = mbedtls_chachapoly_auth_decrypt(state, len, nonce, aad, aad_len, tag, in, out);
    if (ret == MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED)
        return CM_ERR_AUTH;
    return ret == 0 ? CM_OK : CM_ERR_LIBRARY;
}

const cm_aead_vtable mbed_chacha20poly1305 = {chacha_create, chacha_seal, chacha_open,
                                              chacha_destroy};
#endif

/* ---- hashes: mbedtls_md, one call per message ------------------------------------ */

#if MBED_HAS_SHA1 || MBED_HAS_SHA256 || MBED_HAS_SHA512 || MBED_HAS_SHA3
/* The state is the digest's mbedtls_md_info_t (static in the library). */
static cm_rc hash_create(void **state, mbedtls_md_type_t type)
{
    const mbedtls_md_info_t *info = mbedtls_md_info_from_type(type);
    *state = (void *)(uintptr_t)info;
    return info != NULL ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return mbedtls_md(state, msg, len, out) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

/* Nothing to free: the info belongs to the library. */
static void hash_destroy(void *state)
{
    (void)state;
}

#define MBED_HASH(id, type)                                                             \
    static cm_rc id##_create(void **st) { return hash_create(st, type); }               \
    const cm_hash_vtable mbed_##id = {id##_create, hash_digest, hash_destroy};
#endif
#if MBED_HAS_SHA1
MBED_HASH(sha1, MBEDTLS_MD_SHA1)
#endif
#if MBED_HAS_SHA256
MBED_HASH(sha256, MBEDTLS_MD_SHA256)
#endif
#if MBED_HAS_SHA512
MBED_HASH(sha512, MBEDTLS_MD_SHA512)
#endif
#if MBED_HAS_SHA3
MBED_HASH(sha3_256, MBEDTLS_MD_SHA3_256)
MBED_HASH(sha3_512, MBEDTLS_MD_SHA3_512)
#endif

/* ---- HMAC-SHA-256 -------------------------------------------------------------------- */

#if MBED_HAS_SHA256
static void hmac_destroy(void *state)
{
    if (state == NULL)
        return;
    mbedtls_md_free(state);
    state_free(state, sizeof(mbedtls_md_context_t));
}

/* Keyed once (hmac_starts keeps the padded key); any key length. */
static cm_rc hmac_create(void **state, const uint8_t *key, size_t key_len)
{
    static const uint8_t no_key[1];
    cm_rc rc;
    *state = NULL;
    if ((rc = state_alloc(state, sizeof(mbedtls_md_context_t))) != CM_OK)
        return rc;
    mbedtls_md_init(*state);
    if (mbedtls_md_setup(*state, mbedtls_md_info_from_type(MBEDTLS_MD_SHA256), 1) != 0
        || mbedtls_md_hmac_starts(*state, key_len ? key : no_key, key_len) != 0) {
        hmac_destroy(*state);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

/* One message, then hmac_reset readies the keyed state for the next. */
static cm_rc hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    if (mbedtls_md_hmac_update(state, msg, len) != 0 || mbedtls_md_hmac_finish(state, out) != 0
        || mbedtls_md_hmac_reset(state) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

const cm_mac_vtable mbed_hmac_sha256 = {hmac_create, hmac_mac, hmac_destroy};
#endif
