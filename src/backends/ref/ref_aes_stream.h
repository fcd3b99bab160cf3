/*
 * ref_aes_stream.h — the state of the ref backend's AES-CBC and AES-CTR
 * rows, whatever code does the AES: a key schedule of one engine (portable
 * C, AES-NI, VAES) and the position of one stream per direction, so that a
 * call with iv NULL continues the previous one (primitive.h,
 * cm_cipher_vtable). Each variant is an engine; the stream logic is
 * written once (ref_aes_stream.c).
 */
#ifndef CM_BACKENDS_REF_AES_STREAM_H
#define CM_BACKENDS_REF_AES_STREAM_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"

/* The whole-message functions of one AES implementation, over its own key
 * schedule (ks, key_size bytes, 16-byte aligned). The semantics are those
 * of src/impl/ref/aes_modes.h. */
typedef struct ref_aes_engine {
    size_t key_size;
    cm_rc (*set_key)(void *ks, const uint8_t *key, size_t key_len);
    void (*encrypt_block)(const void *ks, const uint8_t in[16], uint8_t out[16]);
    cm_rc (*cbc_encrypt)(const void *ks, const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                         size_t len);
    cm_rc (*cbc_decrypt)(const void *ks, const uint8_t iv[16], const uint8_t *in, uint8_t *out,
                         size_t len);
    void (*ctr_xor)(const void *ks, const uint8_t ctr[16], const uint8_t *in, uint8_t *out,
                    size_t len);
} ref_aes_engine;

/* Defines the engine `name` over an implementation's typed functions
 * (key type key_t), through adapters that give them the void * key. */
#define REF_AES_ENGINE(name, key_t, set_key_fn, block_fn, cbc_enc_fn, cbc_dec_fn, ctr_fn)        \
    static cm_rc name##_set_key(void *ks, const uint8_t *key, size_t key_len)                    \
    {                                                                                            \
        return set_key_fn((key_t *)ks, key, key_len);                                            \
    }                                                                                            \
    static void name##_block(const void *ks, const uint8_t in[16], uint8_t out[16])              \
    {                                                                                            \
        block_fn((const key_t *)ks, in, out);                                                    \
    }                                                                                            \
    static cm_rc name##_cbc_enc(const void *ks, const uint8_t iv[16], const uint8_t *in,         \
                                uint8_t *out, size_t len)                                        \
    {                                                                                            \
        return cbc_enc_fn((const key_t *)ks, iv, in, out, len);                                  \
    }                                                                                            \
    static cm_rc name##_cbc_dec(const void *ks, const uint8_t iv[16], const uint8_t *in,         \
                                uint8_t *out, size_t len)                                        \
    {                                                                                            \
        return cbc_dec_fn((const key_t *)ks, iv, in, out, len);                                  \
    }                                                                                            \
    static void name##_ctr(const void *ks, const uint8_t ctr[16], const uint8_t *in,             \
                           uint8_t *out, size_t len)                                             \
    {                                                                                            \
        ctr_fn((const key_t *)ks, ctr, in, out, len);                                            \
    }                                                                                            \
    static const ref_aes_engine name = {sizeof(key_t),     name##_set_key,  name##_block,         \
                                        name##_cbc_enc,   name##_cbc_dec, name##_ctr}

/* A new stream over engine e for a key of exactly want_len bytes (else
 * CM_ERR_UNSUPPORTED). */
cm_rc ref_aes_stream_create(void **state, const ref_aes_engine *e, const uint8_t *key,
                            size_t key_len, size_t want_len);

/* Wipes and frees a stream; NULL is accepted. */
void ref_aes_stream_destroy(void *state);

/* The cm_cipher_vtable functions of CBC (without padding) and CTR. */
cm_rc ref_aes_stream_cbc_encrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len);
cm_rc ref_aes_stream_cbc_decrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len);
cm_rc ref_aes_stream_ctr_encrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len);
cm_rc ref_aes_stream_ctr_decrypt(void *state, const uint8_t *iv, const uint8_t *in,
                                 uint8_t *out, size_t len);

/* The create functions of engine e for AES-128 and AES-256 keys:
 * prefix_aes128_create and prefix_aes256_create. */
#define REF_AES_CREATE(prefix, e)                                                                 \
    static cm_rc prefix##_aes128_create(void **state, const uint8_t *key, size_t key_len)         \
    {                                                                                             \
        return ref_aes_stream_create(state, &e, key, key_len, 16);                                \
    }                                                                                             \
    static cm_rc prefix##_aes256_create(void **state, const uint8_t *key, size_t key_len)         \
    {                                                                                             \
        return ref_aes_stream_create(state, &e, key, key_len, 32);                                \
    }

/* The table of one key size and mode (cbc or ctr) over those create
 * functions, e.g. REF_AES_VTABLE(aesni, 128, cbc) defines
 * aesni_aes128_cbc_vtable (write static before it to keep it private). */
#define REF_AES_VTABLE(prefix, bits, mode)                                                        \
    const cm_cipher_vtable prefix##_aes##bits##_##mode##_vtable = {                        \
        prefix##_aes##bits##_create, ref_aes_stream_##mode##_encrypt,                             \
        ref_aes_stream_##mode##_decrypt, ref_aes_stream_destroy}

#endif
