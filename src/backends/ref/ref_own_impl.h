/*
 * ref_own_impl.h — macros that define the class tables (primitive.h) of
 * the ref backend's BLAKE2, NORX, SHA and ChaCha20 rows over a given compression or
 * permutation, so every variant (ref_own.c, ref_simd.c, ref_arm64.c) is the same
 * wrapper around its own core. Private to src/backends/ref/.
 */
#ifndef CM_BACKENDS_REF_OWN_IMPL_H
#define CM_BACKENDS_REF_OWN_IMPL_H

#include <string.h>
#include "backends/ref/ref_state.h"
#include "impl/ref/blake2.h"
#include "impl/ref/chacha20.h"
#include "impl/ref/chacha20_poly1305.h"
#include "impl/ref/norx.h"
#include "impl/ref/sha1.h"
#include "impl/ref/sha256.h"
#include "impl/ref/sha512.h"

/* The states of the digest-only rows hold nothing; one byte keeps create
 * and destroy the same as everywhere else. */
static inline cm_rc ref_own_empty_create(void **state)
{
    return ref_state_alloc(state, 1);
}

static inline void ref_own_empty_destroy(void *state)
{
    ref_state_free(state, 1);
}

/* A hash table named name: out = driver(msg, compress). */
#define REF_BLAKE2_VTABLE(name, driver, compress)                                              \
    static cm_rc name##_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)      \
    {                                                                                          \
        (void)state;                                                                           \
        driver(msg, len, out, compress);                                                       \
        return CM_OK;                                                                          \
    }                                                                                          \
    const cm_hash_vtable name = {ref_own_empty_create, name##_digest, ref_own_empty_destroy};

/* A SHA table named name over the streaming driver of src/impl/ref/ with
 * the compression blocks. */
#define REF_SHA_VTABLE(name, sha, blocks)                                                      \
    static cm_rc name##_create(void **state)                                                   \
    {                                                                                          \
        return ref_state_alloc(state, sizeof(ref_##sha##_ctx));                                \
    }                                                                                          \
    static cm_rc name##_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)      \
    {                                                                                          \
        ref_##sha##_ctx *c = state;                                                            \
        ref_##sha##_init_with(c, blocks);                                                      \
        ref_##sha##_update(c, msg, len);                                                       \
        ref_##sha##_final(c, out);                                                             \
        return CM_OK;                                                                          \
    }                                                                                          \
    static void name##_destroy(void *state)                                                    \
    {                                                                                          \
        ref_state_free(state, sizeof(ref_##sha##_ctx));                                        \
    }                                                                                          \
    const cm_hash_vtable name = {name##_create, name##_digest, name##_destroy};

/* A NORX state: the key, 4 words. */
typedef struct ref_norx_key {
    uint8_t key[REF_NORX64_KEY];
} ref_norx_key;

/* An AEAD table named name for NORX<bits>-4-1 over the permutation perm:
 * the key of 4 words only, the nonce of 4 words only, tags of 1..4 words
 * (a prefix of the full tag); else CM_ERR_UNSUPPORTED. */
#define REF_NORX_VTABLE(name, bits, perm)                                                      \
    static cm_rc name##_create(void **state, const uint8_t *key, size_t key_len)               \
    {                                                                                          \
        cm_rc rc;                                                                              \
        if (key_len != REF_NORX##bits##_KEY)                                                   \
            return CM_ERR_UNSUPPORTED;                                                         \
        rc = ref_state_alloc(state, sizeof(ref_norx_key));                                     \
        if (rc == CM_OK)                                                                       \
            memcpy(((ref_norx_key *)*state)->key, key, key_len);                               \
        return rc;                                                                             \
    }                                                                                          \
    static cm_rc name##_seal(void *state, const uint8_t *nonce, size_t nonce_len,              \
                             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, \
                             uint8_t *out, uint8_t *tag, size_t tag_len)                       \
    {                                                                                          \
        if (nonce_len != REF_NORX##bits##_KEY || tag_len == 0 ||                               \
            tag_len > REF_NORX##bits##_KEY)                                                    \
            return CM_ERR_UNSUPPORTED;                                                         \
        ref_norx##bits##_seal(((ref_norx_key *)state)->key, nonce, aad, aad_len, in, len, out, \
                              tag, tag_len, perm);                                             \
        return CM_OK;                                                                          \
    }                                                                                          \
    static cm_rc name##_open(void *state, const uint8_t *nonce, size_t nonce_len,              \
                             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, \
                             uint8_t *out, const uint8_t *tag, size_t tag_len)                 \
    {                                                                                          \
        if (nonce_len != REF_NORX##bits##_KEY || tag_len == 0 ||                               \
            tag_len > REF_NORX##bits##_KEY)                                                    \
            return CM_ERR_UNSUPPORTED;                                                         \
        return ref_norx##bits##_open(((ref_norx_key *)state)->key, nonce, aad, aad_len, in,    \
                                     len, out, tag, tag_len, perm) == 0                        \
                   ? CM_OK                                                                     \
                   : CM_ERR_AUTH;                                                              \
    }                                                                                          \
    static void name##_destroy(void *state)                                                    \
    {                                                                                          \
        ref_state_free(state, sizeof(ref_norx_key));                                           \
    }                                                                                          \
    const cm_aead_vtable name = {name##_create, name##_seal, name##_open, name##_destroy};

/* ---- ChaCha20 as a stream (primitive.h, cm_cipher_vtable) ------------------ */

/* Where one direction's stream stands. */
typedef struct ref_chacha20_pos {
    uint8_t nonce[12];
    uint32_t counter; /* the next whole block */
    uint8_t ks[64];   /* the keystream of the block before it */
    size_t used;      /* bytes of ks used; 64 when none is left */
    int started;      /* an iv was given */
} ref_chacha20_pos;

typedef struct ref_chacha20_stream {
    ref_chacha20_key key;
    ref_chacha20_pos dir[2]; /* encrypt, decrypt */
} ref_chacha20_stream;

/* One call on a stream (ref_own.c): iv (16 bytes: LE counter, nonce)
 * starts it; NULL goes on from the next keystream byte (CM_ERR_INVALID
 * before any iv). Whole blocks go through f. */
cm_rc ref_chacha20_stream_xor(ref_chacha20_pos *p, const ref_chacha20_key *k, const uint8_t *iv,
                              const uint8_t *in, uint8_t *out, size_t len,
                              ref_chacha20_xor_fn *f);

/* A cipher table named name for chacha20 with the whole-block function f. */
#define REF_CHACHA20_VTABLE(name, f)                                                           \
    static cm_rc name##_create(void **state, const uint8_t *key, size_t key_len)               \
    {                                                                                          \
        cm_rc rc;                                                                              \
        if (key_len != 32)                                                                     \
            return CM_ERR_UNSUPPORTED;                                                         \
        rc = ref_state_alloc(state, sizeof(ref_chacha20_stream));                              \
        if (rc == CM_OK)                                                                       \
            ref_chacha20_set_key(&((ref_chacha20_stream *)*state)->key, key);                  \
        return rc;                                                                             \
    }                                                                                          \
    static cm_rc name##_encrypt(void *state, const uint8_t *iv, const uint8_t *in,             \
                                uint8_t *out, size_t len)                                      \
    {                                                                                          \
        ref_chacha20_stream *s = state;                                                        \
        return ref_chacha20_stream_xor(&s->dir[0], &s->key, iv, in, out, len, f);              \
    }                                                                                          \
    static cm_rc name##_decrypt(void *state, const uint8_t *iv, const uint8_t *in,             \
                                uint8_t *out, size_t len)                                      \
    {                                                                                          \
        ref_chacha20_stream *s = state;                                                        \
        return ref_chacha20_stream_xor(&s->dir[1], &s->key, iv, in, out, len, f);              \
    }                                                                                          \
    static void name##_destroy(void *state)                                                    \
    {                                                                                          \
        ref_state_free(state, sizeof(ref_chacha20_stream));                                    \
    }                                                                                          \
    const cm_cipher_vtable name = {name##_create, name##_encrypt, name##_decrypt,               \
                                   name##_destroy};

/* An AEAD table named name for chacha20-poly1305 with the keystream of f
 * (the contract of src/impl/ref/chacha20_poly1305.h). */
#define REF_CHAPOLY_VTABLE(name, f)                                                            \
    static cm_rc name##_create(void **state, const uint8_t *key, size_t key_len)               \
    {                                                                                          \
        cm_rc rc;                                                                              \
        if (key_len != 32)                                                                     \
            return CM_ERR_UNSUPPORTED;                                                         \
        rc = ref_state_alloc(state, sizeof(ref_chacha20_poly1305_key));                        \
        if (rc == CM_OK)                                                                       \
            ref_chacha20_set_key(*state, key);                                                 \
        return rc;                                                                             \
    }                                                                                          \
    static cm_rc name##_seal(void *state, const uint8_t *nonce, size_t nonce_len,              \
                             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, \
                             uint8_t *out, uint8_t *tag, size_t tag_len)                       \
    {                                                                                          \
        return ref_chacha20_poly1305_seal_with(state, nonce, nonce_len, aad, aad_len, in, len, \
                                               out, tag, tag_len, f);                          \
    }                                                                                          \
    static cm_rc name##_open(void *state, const uint8_t *nonce, size_t nonce_len,              \
                             const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len, \
                             uint8_t *out, const uint8_t *tag, size_t tag_len)                 \
    {                                                                                          \
        return ref_chacha20_poly1305_open_with(state, nonce, nonce_len, aad, aad_len, in, len, \
                                               out, tag, tag_len, f);                          \
    }                                                                                          \
    static void name##_destroy(void *state)                                                    \
    {                                                                                          \
        ref_state_free(state, sizeof(ref_chacha20_poly1305_key));                              \
    }                                                                                          \
    const cm_aead_vtable name = {name##_create, name##_seal, name##_open, name##_destroy};

#endif
