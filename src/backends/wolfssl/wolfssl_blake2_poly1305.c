/*
 * wolfssl_blake2_poly1305.c — the wolfSSL backend's BLAKE2b-512 and
 * BLAKE2s-256 (unkeyed, wc_InitBlake2b / wc_InitBlake2s: wolfCrypt's
 * generic wc_Hash* calls do not take BLAKE2) and Poly1305 alone
 * (wc_Poly1305*: the one-time key is set per message, which is all its
 * key set-up is).
 */
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/blake2.h>
#include <wolfssl/wolfcrypt/poly1305.h>
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

/* ---- BLAKE2 ------------------------------------------------------------------ */

/* The state is scratch space for the library's context. */
#define WOLF_BLAKE2(id, type, init, update, final, bytes)                               \
    static cm_rc id##_create(void **state)                                              \
    {                                                                                   \
        *state = calloc(1, sizeof(type));                                               \
        return *state != NULL ? CM_OK : CM_ERR_NOMEM;                                   \
    }                                                                                   \
    static cm_rc id##_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out) \
    {                                                                                   \
        if (init(state, bytes) != 0)                                                    \
            return CM_ERR_LIBRARY;                                                      \
        for (size_t done = 0; done < len;) {                                            \
            word32 n = (word32)(len - done < WOLF_CHUNK ? len - done : WOLF_CHUNK);     \
            if (update(state, msg + done, n) != 0)                                      \
                return CM_ERR_LIBRARY;                                                  \
            done += n;                                                                  \
        }                                                                               \
        return final(state, out, bytes) == 0 ? CM_OK : CM_ERR_LIBRARY;                  \
    }                                                                                   \
    static void id##_destroy(void *state)                                               \
    {                                                                                   \
        free(state);                                                                    \
    }                                                                                   \
    const cm_hash_vtable wolf_##id = {id##_create, id##_digest, id##_destroy};
#if WOLF_HAS_BLAKE2B
WOLF_BLAKE2(blake2b512, Blake2b, wc_InitBlake2b, wc_Blake2bUpdate, wc_Blake2bFinal, 64)
#endif
#if WOLF_HAS_BLAKE2S
WOLF_BLAKE2(blake2s256, Blake2s, wc_InitBlake2s, wc_Blake2sUpdate, wc_Blake2sFinal, 32)
#endif

/* ---- Poly1305 ------------------------------------------------------------------ */

#if WOLF_HAS_POLY1305
typedef struct poly_state {
    Poly1305 ctx;
    uint8_t key[32];
} poly_state;

static cm_rc poly_create(void **state, const uint8_t *key, size_t key_len)
{
    poly_state *st;
    *state = NULL;
    if (key_len != sizeof st->key)
        return CM_ERR_INVALID;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    memcpy(st->key, key, key_len);
    *state = st;
    return CM_OK;
}

static cm_rc poly_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    poly_state *st = state;
    if (wc_Poly1305SetKey(&st->ctx, st->key, sizeof st->key) != 0)
        return CM_ERR_LIBRARY;
    for (size_t done = 0; done < len;) {
        word32 n = (word32)(len - done < WOLF_CHUNK ? len - done : WOLF_CHUNK);
        if (wc_Poly1305Update(&st->ctx, msg + done, n) != 0)
            return CM_ERR_LIBRARY;
        done += n;
    }
    return wc_Poly1305Final(&st->ctx, out) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

static void poly_destroy(void *state)
{
    if (state == NULL)
        return;
    ref_wipe(state, sizeof(poly_state));
    free(state);
}

const cm_mac_vtable wolf_poly1305 = {poly_create, poly_mac, poly_destroy};
#endif
