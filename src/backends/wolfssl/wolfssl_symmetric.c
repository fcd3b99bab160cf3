/*
 * wolfssl_symmetric.c — the symmetric algorithms of the wolfSSL backend
 * through wolfCrypt: AES-CBC, AES-CTR and AES-ECB (cipher class), AES-GCM and
 * ChaCha20-Poly1305 (AEAD), SHA-1/256/512 and SHA3-256/512 (wc_Hash*),
 * HMAC-SHA-256.
 *
 * What an application with a long-lived key does: create() runs the key
 * schedule once (one Aes per direction for the block modes, since a CBC
 * decryption schedule differs; wc_AesGcmSetKey; wc_HmacSetKey) and each
 * call reuses it. A cipher call with an iv restarts the stream with
 * wc_AesSetIV (which also drops CTR's unused keystream bytes); with iv
 * NULL it goes on: wolfCrypt keeps CBC's last block and CTR's counter and
 * keystream position in the Aes. ECB (wc_AesEcbEncrypt/Decrypt) has no IV
 * and carries nothing over. ChaCha20-Poly1305 is wolfCrypt's one-shot
 * call, which takes the key each time (it has no key schedule).
 * Lengths are word32 in wolfCrypt: longer inputs go in pieces.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/error-crypt.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/hmac.h>
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

/* A zero-length input or output still needs a pointer for some calls. */
static uint8_t empty_buf[1];

/* *state = a new zeroed block of size bytes. */
static cm_rc state_alloc(void **state, size_t size)
{
    *state = calloc(1, size);
    return *state != NULL ? CM_OK : CM_ERR_NOMEM;
}

/* ---- AES-CBC, AES-CTR and AES-ECB ------------------------------------------- */

#if WOLF_HAS_CBC || WOLF_HAS_CTR || WOLF_HAS_ECB
enum { WOLF_M_CBC, WOLF_M_CTR, WOLF_M_ECB };

typedef struct cipher_state {
    Aes aes[2];  /* [0] decrypt, [1] encrypt */
    int ready[2];
    int mode;    /* WOLF_M_CTR (any length), WOLF_M_CBC or WOLF_M_ECB (whole blocks) */
} cipher_state;

static void cipher_destroy(void *state)
{
    cipher_state *st = state;
    if (st == NULL)
        return;
    for (int d = 0; d < 2; d++)
        if (st->ready[d])
            wc_AesFree(&st->aes[d]);
    ref_wipe(st, sizeof *st);
    free(st);
}

/* Keys both directions once; CTR's decryption is its encryption. */
static cm_rc cipher_create(void **state, const uint8_t *key, size_t key_len, size_t want_len,
                           int mode)
{
    cipher_state *st;
    cm_rc rc;
    *state = NULL;
    if (key_len != want_len)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, sizeof *st)) != CM_OK)
        return rc;
    st = *state;
    st->mode = mode;
    for (int d = 0; d < 2; d++) {
        int dir = d || mode == WOLF_M_CTR ? AES_ENCRYPTION : AES_DECRYPTION;
        if (wc_AesInit(&st->aes[d], NULL, INVALID_DEVID) != 0)
            break;
        st->ready[d] = 1;
        if (wc_AesSetKey(&st->aes[d], key, (word32)key_len, NULL, dir) != 0)
            break;
    }
    if (!st->ready[0] || !st->ready[1]) {
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
    Aes *aes = &st->aes[d];
    if (st->mode != WOLF_M_CTR && (len & 15) != 0)
        return CM_ERR_INVALID;
    if (iv != NULL && st->mode != WOLF_M_ECB && wc_AesSetIV(aes, iv) != 0)
        return CM_ERR_LIBRARY;
    for (size_t done = 0; done < len;) {
        word32 n = (word32)(len - done < WOLF_CHUNK ? len - done : WOLF_CHUNK);
        int ret;
#if WOLF_HAS_CTR
        if (st->mode == WOLF_M_CTR)
            ret = wc_AesCtrEncrypt(aes, out + done, in + done, n);
        else
#endif
#if WOLF_HAS_ECB
        if (st->mode == WOLF_M_ECB)
            ret = d ? wc_AesEcbEncrypt(aes, out + done, in + done, n)
                    : wc_AesEcbDecrypt(aes, out + done, in + done, n);
        else
#endif
#if WOLF_HAS_CBC
            ret = d ? wc_AesCbcEncrypt(aes, out + done, in + done, n)
                    : wc_AesCbcDecrypt(aes, out + done, in + done, n);
#else
            ret = BAD_FUNC_ARG;
#endif
        if (ret != 0)
            return CM_ERR_LIBRARY;
        done += n;
    }
    return CM_OK;
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
#define WOLF_CIPHER(id, key_bytes, mode)                                                \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)             \
    { return cipher_create(st, key, key_len, key_bytes, mode); }                        \
    const cm_cipher_vtable wolf_##id = {id##_create, cipher_encrypt, cipher_decrypt,    \
                                        cipher_destroy};
#endif
#if WOLF_HAS_CBC
WOLF_CIPHER(aes128cbc, 16, WOLF_M_CBC)
WOLF_CIPHER(aes256cbc, 32, WOLF_M_CBC)
#endif
#if WOLF_HAS_CTR
WOLF_CIPHER(aes128ctr, 16, WOLF_M_CTR)
WOLF_CIPHER(aes256ctr, 32, WOLF_M_CTR)
#endif
#if WOLF_HAS_ECB
WOLF_CIPHER(aes128ecb, 16, WOLF_M_ECB)
WOLF_CIPHER(aes256ecb, 32, WOLF_M_ECB)
#endif

/* ---- AES-GCM ------------------------------------------------------------------ */

#if WOLF_HAS_GCM
/* Tags shorter than WOLFSSL_MIN_AUTH_TAG_SZ (12 by default) are refused by
 * wolfCrypt; lengths are word32. */
static cm_rc gcm_lengths(size_t nonce_len, size_t aad_len, size_t len, size_t tag_len)
{
    if (tag_len < WOLFSSL_MIN_AUTH_TAG_SZ || tag_len > AES_BLOCK_SIZE)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID;
    if (nonce_len > UINT32_MAX || aad_len > UINT32_MAX || len > UINT32_MAX)
        return CM_ERR_UNSUPPORTED;
    return CM_OK;
}

static void gcm_destroy(void *state)
{
    if (state == NULL)
        return;
    wc_AesFree(state);
    ref_wipe(state, sizeof(Aes));
    free(state);
}

static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len != want_len)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, sizeof(Aes))) != CM_OK)
        return rc;
    if (wc_AesInit(*state, NULL, INVALID_DEVID) != 0) {
        free(*state);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    if (wc_AesGcmSetKey(*state, key, (word32)key_len) != 0) {
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
    cm_rc rc = gcm_lengths(nonce_len, aad_len, len, tag_len);
    if (rc != CM_OK)
        return rc;
    if (wc_AesGcmEncrypt(state, len ? out : empty_buf, len ? in : empty_buf, (word32)len, nonce,
                         (word32)nonce_len, tag, (word32)tag_len, aad_len ? aad : NULL,
                         (word32)aad_len) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static cm_rc gcm_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    cm_rc rc = gcm_lengths(nonce_len, aad_len, len, tag_len);
    int ret;
    if (rc != CM_OK)
        return rc;
    ret = wc_AesGcmDecrypt(state, len ? out : empty_buf, len ? in : empty_buf, (word32)len,
                           nonce, (word32)nonce_len, tag, (word32)tag_len,
                           aad_len ? aad : NULL, (word32)aad_len);
    if (ret == AES_GCM_AUTH_E)
        return CM_ERR_AUTH;
    return ret == 0 ? CM_OK : CM_ERR_LIBRARY;
}

#define WOLF_GCM(id, key_bytes)                                                         \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)             \
    { return gcm_create(st, key, key_len, key_bytes); }                                 \
    const cm_aead_vtable wolf_##id = {id##_create, gcm_seal, gcm_open, gcm_destroy};
WOLF_GCM(aes128gcm, 16)
WOLF_GCM(aes256gcm, 32)
#endif

/* ---- ChaCha20-Poly1305 ---------------------------------------------------------- */

#if WOLF_HAS_CHACHAPOLY
/* No key schedule: the state is the key. */
static cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len != CHACHA20_POLY1305_AEAD_KEYSIZE)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, key_len)) != CM_OK)
        return rc;
    memcpy(*state, key, key_len);
    return CM_OK;
}

/* wolfCrypt's one-shot calls take a 12-byte nonce and a 16-byte tag only. */
static cm_rc chacha_lengths(size_t nonce_len, size_t aad_len, size_t len, size_t tag_len)
{
    if (nonce_len != CHACHA20_POLY1305_AEAD_IV_SIZE
        || tag_len != CHACHA20_POLY1305_AEAD_AUTHTAG_SIZE || aad_len > UINT32_MAX
        || len > UINT32_MAX)
        return CM_ERR_UNSUPPORTED;
    return CM_OK;
}

static cm_rc chacha_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, uint8_t *tag, size_t tag_len)
{
    cm_rc rc = chacha_lengths(nonce_len, aad_len, len, tag_len);
    if (rc != CM_OK)
        return rc;
    if (wc_ChaCha20Poly1305_Encrypt(state, nonce, aad_len ? aad : NULL, (word32)aad_len,
                                    len ? in : empty_buf, (word32)len, len ? out : empty_buf,
                                    tag) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static cm_rc chacha_open(void *state, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    cm_rc rc = chacha_lengths(nonce_len, aad_len, len, tag_len);
    int ret;
    if (rc != CM_OK)
        return rc;
    ret = wc_ChaCha20Poly1305_Decrypt(state, nonce, aad_len ? aad : NULL, (word32)aad_len,
                                      len ? in : empty_buf, (word32)len, tag,
                                      len ? out : empty_buf);
    if (ret == MAC_CMP_FAILED_E)
        return CM_ERR_AUTH;
    return ret == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static void chacha_destroy(void *state)
{
    if (state == NULL)
        return;
    ref_wipe(state, CHACHA20_POLY1305_AEAD_KEYSIZE);
    free(state);
}

const cm_aead_vtable wolf_chacha20poly1305 = {chacha_create, chacha_seal, chacha_open,
                                              chacha_destroy};
#endif

/* ---- hashes: wc_HashInit / Update / Final over wc_HashAlg ------------------------ */

typedef struct hash_state {
    wc_HashAlg alg;
    enum wc_HashType type;
} hash_state;

/* Feeds len bytes of msg to a started hash, in word32 pieces. */
static cm_rc hash_update(wc_HashAlg *alg, enum wc_HashType type, const uint8_t *msg, size_t len)
{
    for (size_t done = 0; done < len;) {
        word32 n = (word32)(len - done < WOLF_CHUNK ? len - done : WOLF_CHUNK);
        if (wc_HashUpdate(alg, type, msg + done, n) != 0)
            return CM_ERR_LIBRARY;
        done += n;
    }
    return CM_OK;
}

static cm_rc hash_create(void **state, enum wc_HashType type)
{
    cm_rc rc = state_alloc(state, sizeof(hash_state));
    if (rc != CM_OK)
        return rc;
    ((hash_state *)*state)->type = type;
    return CM_OK;
}

/* out = the digest of msg: init, update, final, each message anew. */
static cm_rc hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    hash_state *st = state;
    cm_rc rc;
    if (wc_HashInit(&st->alg, st->type) != 0)
        return CM_ERR_LIBRARY;
    rc = hash_update(&st->alg, st->type, msg, len);
    if (rc == CM_OK && wc_HashFinal(&st->alg, st->type, out) != 0)
        rc = CM_ERR_LIBRARY;
    wc_HashFree(&st->alg, st->type);
    return rc;
}

static void hash_destroy(void *state)
{
    free(state);
}

#define WOLF_HASH(id, type)                                                             \
    static cm_rc id##_create(void **st) { return hash_create(st, type); }               \
    const cm_hash_vtable wolf_##id = {id##_create, hash_digest, hash_destroy};
#if WOLF_HAS_SHA1
WOLF_HASH(sha1, WC_HASH_TYPE_SHA)
#endif
#if WOLF_HAS_SHA256
WOLF_HASH(sha256, WC_HASH_TYPE_SHA256)
#endif
#if WOLF_HAS_SHA512
WOLF_HASH(sha512, WC_HASH_TYPE_SHA512)
#endif
#if WOLF_HAS_SHA3
WOLF_HASH(sha3_256, WC_HASH_TYPE_SHA3_256)
WOLF_HASH(sha3_512, WC_HASH_TYPE_SHA3_512)
#endif

/* ---- HMAC-SHA-256 ------------------------------------------------------------------- */

#if WOLF_HAS_HMAC
static void hmac_destroy(void *state)
{
    if (state == NULL)
        return;
    wc_HmacFree(state);
    ref_wipe(state, sizeof(Hmac));
    free(state);
}

/* Keyed once (wolfCrypt keeps the padded key and re-hashes it per
 * message); any key length, 0 included. */
static cm_rc hmac_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len > UINT32_MAX)
        return CM_ERR_UNSUPPORTED;
    if ((rc = state_alloc(state, sizeof(Hmac))) != CM_OK)
        return rc;
    if (wc_HmacInit(*state, NULL, INVALID_DEVID) != 0) {
        free(*state);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    if (wc_HmacSetKey(*state, WC_SHA256, key_len ? key : empty_buf, (word32)key_len) != 0) {
        hmac_destroy(*state);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

static cm_rc hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    for (size_t done = 0; done < len;) {
        word32 n = (word32)(len - done < WOLF_CHUNK ? len - done : WOLF_CHUNK);
        if (wc_HmacUpdate(state, msg + done, n) != 0)
            return CM_ERR_LIBRARY;
        done += n;
    }
    return wc_HmacFinal(state, out) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

const cm_mac_vtable wolf_hmac_sha256 = {hmac_create, hmac_mac, hmac_destroy};
#endif
