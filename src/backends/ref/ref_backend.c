/*
 * ref_backend.c — the "ref" backend: cryptometer's own portable C
 * implementations (src/impl/ref/) behind the class tables of primitive.h.
 *
 * Plain C11 with byte-wise loads and stores: no intrinsics, no assembly,
 * the same code on every CPU. It is the software baseline that hardware
 * paths and libraries are compared with, and always available. The AES
 * and GHASH code is table-based and not constant-time (see aes.h); it is
 * for measuring, not for protecting secrets.
 *
 * Every state is malloc'ed in create and wiped and freed in destroy.
 */
#include <stdlib.h>
#include <string.h>
#include "cryptometer/backend.h"
#include "impl/ref/aes.h"
#include "impl/ref/aes_modes.h"
#include "impl/ref/bytes.h"
#include "impl/ref/chacha20_poly1305.h"
#include "impl/ref/gcm.h"
#include "impl/ref/hmac_sha256.h"
#include "impl/ref/sha1.h"
#include "impl/ref/sha256.h"
#include "impl/ref/sha512.h"
#include "ref_rng.h"

#ifndef CM_VERSION
#define CM_VERSION "unknown"
#endif

/* *state = a new zeroed block of size bytes; CM_ERR_NOMEM if none. */
static cm_rc state_alloc(void **state, size_t size)
{
    void *p = calloc(1, size);
    if (p == NULL)
        return CM_ERR_NOMEM;
    *state = p;
    return CM_OK;
}

/* Wipes and frees a state of size bytes; NULL is accepted. */
static void state_free(void *state, size_t size)
{
    if (state == NULL)
        return;
    ref_wipe(state, size);
    free(state);
}

/* ---- hashes ------------------------------------------------------------- */

/* A new SHA-1 context (scratch space for digest). */
static cm_rc sha1_create(void **state)
{
    return state_alloc(state, sizeof(ref_sha1_ctx));
}

/* out = SHA-1(msg); the state is only scratch space. */
static cm_rc sha1_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha1_ctx *c = state;
    ref_sha1_init(c);
    ref_sha1_update(c, msg, len);
    ref_sha1_final(c, out);
    return CM_OK;
}

/* Wipes and frees a SHA-1 state; NULL is accepted. */
static void sha1_destroy(void *state)
{
    state_free(state, sizeof(ref_sha1_ctx));
}

/* A new SHA-256 context. */
static cm_rc sha256_create(void **state)
{
    return state_alloc(state, sizeof(ref_sha256_ctx));
}

/* out = SHA-256(msg). */
static cm_rc sha256_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha256_ctx *c = state;
    ref_sha256_init(c);
    ref_sha256_update(c, msg, len);
    ref_sha256_final(c, out);
    return CM_OK;
}

/* Wipes and frees a SHA-256 state; NULL is accepted. */
static void sha256_destroy(void *state)
{
    state_free(state, sizeof(ref_sha256_ctx));
}

/* A new SHA-512 context. */
static cm_rc sha512_create(void **state)
{
    return state_alloc(state, sizeof(ref_sha512_ctx));
}

/* out = SHA-512(msg). */
static cm_rc sha512_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_sha512_ctx *c = state;
    ref_sha512_init(c);
    ref_sha512_update(c, msg, len);
    ref_sha512_final(c, out);
    return CM_OK;
}

/* Wipes and frees a SHA-512 state; NULL is accepted. */
static void sha512_destroy(void *state)
{
    state_free(state, sizeof(ref_sha512_ctx));
}

static const cm_hash_vtable sha1_vtable = {sha1_create, sha1_digest, sha1_destroy};
static const cm_hash_vtable sha256_vtable = {sha256_create, sha256_digest, sha256_destroy};
static const cm_hash_vtable sha512_vtable = {sha512_create, sha512_digest, sha512_destroy};

/* ---- HMAC-SHA-256 --------------------------------------------------------- */

/* Any key length, 0 and longer than a block included. */
static cm_rc hmac_sha256_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc = state_alloc(state, sizeof(ref_hmac_sha256_key));
    if (rc != CM_OK)
        return rc;
    ref_hmac_sha256_set_key(*state, key, key_len);
    return CM_OK;
}

/* out = HMAC-SHA-256(key, msg), reusing the precomputed key schedule. */
static cm_rc hmac_sha256_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_hmac_sha256(state, msg, len, out);
    return CM_OK;
}

/* Wipes and frees an HMAC key state; NULL is accepted. */
static void hmac_sha256_destroy(void *state)
{
    state_free(state, sizeof(ref_hmac_sha256_key));
}

static const cm_mac_vtable hmac_sha256_vtable = {hmac_sha256_create, hmac_sha256_mac,
                                                 hmac_sha256_destroy};

/* ---- AES-CBC and AES-CTR -------------------------------------------------- */

/* An AES key schedule with the position of one stream per direction
 * (0 decrypt, 1 encrypt), for calls that continue a stream (iv NULL). */
typedef struct aes_stream {
    ref_aes_key key;
    uint8_t next_iv[2][16]; /* CBC: the chaining block; CTR: the next counter block */
    uint8_t ks[2][16];      /* CTR: the keystream block being used */
    size_t ks_used[2];      /* CTR: bytes of ks already used (16: none left) */
} aes_stream;

/* A new AES key schedule for a key of exactly want_len bytes; any other
 * length is CM_ERR_UNSUPPORTED. */
static cm_rc aes_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    cm_rc rc;
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    rc = state_alloc(state, sizeof(aes_stream));
    if (rc != CM_OK)
        return rc;
    rc = ref_aes_set_key(&((aes_stream *)*state)->key, key, key_len);
    if (rc != CM_OK) {
        state_free(*state, sizeof(aes_stream));
        *state = NULL;
    }
    return rc;
}

/* AES-128 only: key_len must be 16. */
static cm_rc aes128_create(void **state, const uint8_t *key, size_t key_len)
{
    return aes_create(state, key, key_len, 16);
}

/* AES-256 only: key_len must be 32. */
static cm_rc aes256_create(void **state, const uint8_t *key, size_t key_len)
{
    return aes_create(state, key, key_len, 32);
}

/* Wipes and frees an AES key schedule; NULL is accepted. */
static void aes_destroy(void *state)
{
    state_free(state, sizeof(aes_stream));
}

/* CBC without padding in direction enc (CM_ERR_INVALID unless len is a
 * multiple of 16), from iv or, iv NULL, from the stream's chaining block. */
static cm_rc aes_cbc(aes_stream *st, int enc, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    uint8_t next[16];
    cm_rc rc;
    if (len % 16 != 0)
        return CM_ERR_INVALID;
    if (iv)
        memcpy(st->next_iv[enc], iv, 16);
    if (len == 0)
        return CM_OK;
    /* the next chaining block is the last ciphertext block: in's when
     * decrypting (read before out may overwrite it), out's when encrypting */
    if (!enc)
        memcpy(next, in + len - 16, 16);
    rc = enc ? ref_aes_cbc_encrypt(&st->key, st->next_iv[1], in, out, len)
             : ref_aes_cbc_decrypt(&st->key, st->next_iv[0], in, out, len);
    memcpy(st->next_iv[enc], enc ? out + len - 16 : next, 16);
    return rc;
}

static cm_rc aes_cbc_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return aes_cbc(state, 1, iv, in, out, len);
}

static cm_rc aes_cbc_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return aes_cbc(state, 0, iv, in, out, len);
}

/* Adds n to the big-endian 128-bit counter block ctr. */
static void ctr_add(uint8_t ctr[16], uint64_t n)
{
    for (int i = 15; i >= 0 && n; i--) {
        uint64_t sum = ctr[i] + (n & 0xff);
        ctr[i] = (uint8_t)sum;
        n = (n >> 8) + (sum >> 8);
    }
}

/* CTR in direction enc (both directions are the same operation): from iv
 * as the initial counter block or, iv NULL, from the stream's next
 * keystream byte. Any len. */
static cm_rc aes_ctr(aes_stream *st, int enc, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                     size_t len)
{
    if (iv) {
        memcpy(st->next_iv[enc], iv, 16);
        st->ks_used[enc] = 16;
    }
    /* what is left of the current keystream block */
    while (len && st->ks_used[enc] < 16) {
        *out++ = *in++ ^ st->ks[enc][st->ks_used[enc]++];
        len--;
    }
    size_t whole = len - len % 16;
    if (whole) {
        ref_aes_ctr_xor(&st->key, st->next_iv[enc], in, out, whole);
        ctr_add(st->next_iv[enc], whole / 16);
        in += whole, out += whole, len -= whole;
    }
    if (len) { /* a partial block starts a new keystream block */
        ref_aes_encrypt_block(&st->key, st->next_iv[enc], st->ks[enc]);
        ctr_add(st->next_iv[enc], 1);
        for (st->ks_used[enc] = 0; st->ks_used[enc] < len; st->ks_used[enc]++)
            out[st->ks_used[enc]] = in[st->ks_used[enc]] ^ st->ks[enc][st->ks_used[enc]];
    }
    return CM_OK;
}

static cm_rc aes_ctr_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return aes_ctr(state, 1, iv, in, out, len);
}

static cm_rc aes_ctr_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return aes_ctr(state, 0, iv, in, out, len);
}

static const cm_cipher_vtable aes128_cbc_vtable = {aes128_create, aes_cbc_encrypt,
                                                   aes_cbc_decrypt, aes_destroy};
static const cm_cipher_vtable aes256_cbc_vtable = {aes256_create, aes_cbc_encrypt,
                                                   aes_cbc_decrypt, aes_destroy};
static const cm_cipher_vtable aes128_ctr_vtable = {aes128_create, aes_ctr_encrypt,
                                                   aes_ctr_decrypt, aes_destroy};
static const cm_cipher_vtable aes256_ctr_vtable = {aes256_create, aes_ctr_encrypt,
                                                   aes_ctr_decrypt, aes_destroy};

/* ---- AES-GCM -------------------------------------------------------------- */

/* A new GCM key for exactly want_len key bytes (else CM_ERR_UNSUPPORTED). */
static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    cm_rc rc;
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    rc = state_alloc(state, sizeof(ref_gcm_key));
    if (rc != CM_OK)
        return rc;
    rc = ref_gcm_set_key(*state, key, key_len);
    if (rc != CM_OK) {
        state_free(*state, sizeof(ref_gcm_key));
        *state = NULL;
    }
    return rc;
}

/* AES-128-GCM only: key_len must be 16. */
static cm_rc gcm128_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 16);
}

/* AES-256-GCM only: key_len must be 32. */
static cm_rc gcm256_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 32);
}

/* Any nonce length >= 1, tag_len 1..16 (see gcm.h). */
static cm_rc gcm_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len)
{
    return ref_gcm_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

/* CM_ERR_AUTH, with no plaintext written, when the tag does not match. */
static cm_rc gcm_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len)
{
    return ref_gcm_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

/* Wipes and frees a GCM key (AES schedule and GHASH table); NULL is accepted. */
static void gcm_destroy(void *state)
{
    state_free(state, sizeof(ref_gcm_key));
}

static const cm_aead_vtable gcm128_vtable = {gcm128_create, gcm_seal, gcm_open, gcm_destroy};
static const cm_aead_vtable gcm256_vtable = {gcm256_create, gcm_seal, gcm_open, gcm_destroy};

/* ---- ChaCha20-Poly1305 ---------------------------------------------------- */

/* A 32-byte key only (else CM_ERR_UNSUPPORTED). */
static cm_rc chapoly_create(void **state, const uint8_t *key, size_t key_len)
{
    cm_rc rc;
    if (key_len != 32)
        return CM_ERR_UNSUPPORTED;
    rc = state_alloc(state, sizeof(ref_chacha20_poly1305_key));
    if (rc != CM_OK)
        return rc;
    ref_chacha20_set_key(*state, key);
    return CM_OK;
}

/* 12-byte nonce only (else CM_ERR_UNSUPPORTED), tag_len 1..16. */
static cm_rc chapoly_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return ref_chacha20_poly1305_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                      tag_len);
}

/* CM_ERR_AUTH, with no plaintext written, when the tag does not match. */
static cm_rc chapoly_open(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return ref_chacha20_poly1305_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                      tag_len);
}

/* Wipes and frees a ChaCha20-Poly1305 key; NULL is accepted. */
static void chapoly_destroy(void *state)
{
    state_free(state, sizeof(ref_chacha20_poly1305_key));
}

static const cm_aead_vtable chapoly_vtable = {chapoly_create, chapoly_seal, chapoly_open,
                                              chapoly_destroy};

/* ---- registration --------------------------------------------------------- */

/* The code is ours, so its version is cryptometer's. */
static const char *ref_version(void)
{
    return "cryptometer " CM_VERSION;
}

static const cm_impl ref_impls[] = {
    CM_IMPL_CIPHER("aes-128-cbc", "portable", &aes128_cbc_vtable, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "portable", &aes256_cbc_vtable, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "portable", &aes128_ctr_vtable, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "portable", &aes256_ctr_vtable, NULL),
    CM_IMPL_AEAD("aes-128-gcm", "portable", &gcm128_vtable, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "portable", &gcm256_vtable, NULL),
    CM_IMPL_AEAD("chacha20-poly1305", "portable", &chapoly_vtable, NULL),
    CM_IMPL_HASH("sha1", "portable", &sha1_vtable, NULL),
    CM_IMPL_HASH("sha256", "portable", &sha256_vtable, NULL),
    CM_IMPL_HASH("sha512", "portable", &sha512_vtable, NULL),
    CM_IMPL_MAC("hmac-sha256", "portable", &hmac_sha256_vtable, NULL),
    REF_RNG_ROWS
};

const cm_backend cm_backend_ref = {
    .name = "ref",
    .description = "cryptometer's own code: portable C",
    .version = ref_version,
    .impls = ref_impls,
    .n_impls = sizeof ref_impls / sizeof ref_impls[0],
    .peer_rank = 1, /* the first reference of other implementations' cross-checks */
};
