/*
 * sodium_symmetric.c — the hashes (SHA-256, SHA-512, BLAKE2b-512),
 * HMAC-SHA-256 and the
 * AEADs (AES-256-GCM, ChaCha20-Poly1305 IETF) of the libsodium backend.
 *
 * What an application with a long-lived key does: HMAC keys one state at
 * create() and copies it for each message (the key's inner and outer
 * blocks are hashed once); AES-256-GCM expands its key once
 * (crypto_aead_aes256gcm_beforenm) and seals with the _afternm calls;
 * ChaCha20-Poly1305 has no key schedule, so the key is kept and passed to
 * each call. libsodium's AEADs take their own nonce length (12 bytes) and
 * full 16-byte tags only: anything else is CM_ERR_UNSUPPORTED. The AEADs
 * are the detached forms, so the tag goes where primitive.h wants it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include "cryptometer/primitive.h"
#include "sodium_internal.h"

/* *state = a new zeroed block of size bytes aligned for libsodium's
 * states (crypto_aead_aes256gcm_state wants 16). */
static cm_rc state_alloc(void **state, size_t size)
{
    size_t rounded = (size + 15) & ~(size_t)15;
    void *p = aligned_alloc(16, rounded);
    if (p == NULL)
        return CM_ERR_NOMEM;
    memset(p, 0, rounded);
    *state = p;
    return CM_OK;
}

/* Wipes and frees a state of size bytes; NULL is accepted. */
static void state_free(void *state, size_t size)
{
    if (state == NULL)
        return;
    sodium_memzero(state, size);
    free(state);
}

/* ---- hashes ------------------------------------------------------------- */

/* Hashes keep no state: libsodium's one-shot call is init, update, final. */
static cm_rc hash_create(void **state)
{
    return state_alloc(state, 1);
}

static void hash_destroy(void *state)
{
    state_free(state, 1);
}

static cm_rc sha256_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    return crypto_hash_sha256(out, msg, len) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc sha512_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    return crypto_hash_sha512(out, msg, len) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

/* BLAKE2b with a 64-byte digest and no key (crypto_generichash_blake2b). */
static cm_rc blake2b512_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    return crypto_generichash_blake2b(out, 64, msg, len, NULL, 0) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

const cm_hash_vtable sodium_sha256 = {hash_create, sha256_digest, hash_destroy};
const cm_hash_vtable sodium_blake2b512 = {hash_create, blake2b512_digest, hash_destroy};
const cm_hash_vtable sodium_sha512 = {hash_create, sha512_digest, hash_destroy};

/* ---- HMAC-SHA-256 --------------------------------------------------------- */

typedef struct hmac_state {
    crypto_auth_hmacsha256_state keyed; /* after init with the key */
    crypto_auth_hmacsha256_state work;  /* a copy per message */
} hmac_state;

/* Keys the state once; any key length (libsodium hashes long keys). */
static cm_rc hmac_create(void **state, const uint8_t *key, size_t key_len)
{
    static const uint8_t no_key[1];
    hmac_state *st;
    cm_rc rc = state_alloc(state, sizeof *st);
    if (rc != CM_OK)
        return rc;
    st = *state;
    if (crypto_auth_hmacsha256_init(&st->keyed, key_len ? key : no_key, key_len) != 0) {
        state_free(st, sizeof *st);
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

/* out = HMAC-SHA-256(key, msg) from a copy of the keyed state. */
static cm_rc hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    hmac_state *st = state;
    st->work = st->keyed;
    if (crypto_auth_hmacsha256_update(&st->work, msg, len) != 0
        || crypto_auth_hmacsha256_final(&st->work, out) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static void hmac_destroy(void *state)
{
    state_free(state, sizeof(hmac_state));
}

const cm_mac_vtable sodium_hmac_sha256 = {hmac_create, hmac_mac, hmac_destroy};

/* ---- AEADs ------------------------------------------------------------------ */

/* CM_OK when nonce_len and tag_len are those libsodium's AEADs take. */
static cm_rc aead_lengths(size_t nonce_len, size_t want_nonce, size_t tag_len)
{
    if (nonce_len != want_nonce || tag_len != 16)
        return CM_ERR_UNSUPPORTED;
    return CM_OK;
}

int sodium_aes256gcm_available(char *why, size_t why_len)
{
    if (crypto_aead_aes256gcm_is_available())
        return 1;
    snprintf(why, why_len, "libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ, which this "
             "CPU lacks (crypto_aead_aes256gcm_is_available() is 0)");
    return 0;
}

/* The expanded key once (beforenm); CM_ERR_INVALID for a key of another
 * length, CM_ERR_UNSUPPORTED where the CPU cannot run it. */
static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len != crypto_aead_aes256gcm_KEYBYTES)
        return CM_ERR_INVALID;
    if (!crypto_aead_aes256gcm_is_available())
        return CM_ERR_UNSUPPORTED;
    if ((rc = state_alloc(state, sizeof(crypto_aead_aes256gcm_state))) != CM_OK)
        return rc;
    if (crypto_aead_aes256gcm_beforenm(*state, key) != 0) {
        state_free(*state, sizeof(crypto_aead_aes256gcm_state));
        *state = NULL;
        return CM_ERR_LIBRARY;
    }
    return CM_OK;
}

static cm_rc gcm_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len)
{
    cm_rc rc = aead_lengths(nonce_len, crypto_aead_aes256gcm_NPUBBYTES, tag_len);
    if (rc != CM_OK)
        return rc;
    if (crypto_aead_aes256gcm_encrypt_detached_afternm(out, tag, NULL, in, len, aad, aad_len,
                                                       NULL, nonce, state) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static cm_rc gcm_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    cm_rc rc = aead_lengths(nonce_len, crypto_aead_aes256gcm_NPUBBYTES, tag_len);
    if (rc != CM_OK)
        return rc;
    /* -1 is the only failure: the tag did not match (out is then zeroed) */
    if (crypto_aead_aes256gcm_decrypt_detached_afternm(out, NULL, in, len, tag, aad, aad_len,
                                                       nonce, state) != 0)
        return CM_ERR_AUTH;
    return CM_OK;
}

static void gcm_destroy(void *state)
{
    state_free(state, sizeof(crypto_aead_aes256gcm_state));
}

const cm_aead_vtable sodium_aes256gcm = {gcm_create, gcm_seal, gcm_open, gcm_destroy};

/* ChaCha20-Poly1305 has no key schedule: the state is the key. */
static cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    *state = NULL;
    if (key_len != crypto_aead_chacha20poly1305_ietf_KEYBYTES)
        return CM_ERR_INVALID;
    if ((rc = state_alloc(state, key_len)) != CM_OK)
        return rc;
    memcpy(*state, key, key_len);
    return CM_OK;
}

static cm_rc chacha_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, uint8_t *tag, size_t tag_len)
{
    cm_rc rc = aead_lengths(nonce_len, crypto_aead_chacha20poly1305_ietf_NPUBBYTES, tag_len);
    if (rc != CM_OK)
        return rc;
    if (crypto_aead_chacha20poly1305_ietf_encrypt_detached(out, tag, NULL, in, len, aad,
                                                           aad_len, NULL, nonce, state) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

static cm_rc chacha_open(void *state, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    cm_rc rc = aead_lengths(nonce_len, crypto_aead_chacha20poly1305_ietf_NPUBBYTES, tag_len);
    if (rc != CM_OK)
        return rc;
    if (crypto_aead_chacha20poly1305_ietf_decrypt_detached(out, NULL, in, len, tag, aad,
                                                           aad_len, nonce, state) != 0)
        return CM_ERR_AUTH;
    return CM_OK;
}

static void chacha_destroy(void *state)
{
    state_free(state, crypto_aead_chacha20poly1305_ietf_KEYBYTES);
}

const cm_aead_vtable sodium_chacha20poly1305 = {chacha_create, chacha_seal, chacha_open,
                                                chacha_destroy};
