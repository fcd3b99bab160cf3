/*
 * afalg_internal.h — what the files of the afalg backend share.
 *
 * A binding is one kernel name to bind an AF_ALG socket to (a generic name
 * such as "cbc(aes)", so the kernel picks the driver by priority, or a
 * driver such as "cbc-aes-aesni"), with one data path (copy or zero-copy,
 * docs/afalg.md). afalg_discover.c finds the bindings from /proc/crypto at
 * run time, probes each with bind(), and makes the backend's rows: each row
 * reaches its binding through a create() and an available() made for its
 * slot (the vtables take no argument that could say which driver).
 * afalg_hash.c does hashes and HMAC, afalg_cipher.c skciphers and AEADs,
 * afalg_rng.c random number generators.
 */
#ifndef CM_BACKEND_AFALG_INTERNAL_H
#define CM_BACKEND_AFALG_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"

/* The two data paths. */
typedef enum afalg_path {
    AFALG_COPY = 0, /* sendmsg/send of the data, read/recvmsg of the result */
    AFALG_SPLICE    /* vmsplice into a pipe, splice into the socket, read */
} afalg_path;

typedef struct afalg_binding {
    const char *type;   /* AF_ALG salg_type: "hash", "skcipher", "aead", "rng" */
    char name[128];     /* salg_name: generic name or driver name */
    afalg_path path;
    cm_class cls;
    const char *mode;   /* skcipher: "cbc", "ctr" (how calls chain) or "xts" */
    size_t out_len;     /* hash and MAC: the digest length */
    int available;      /* bind() worked at discovery */
    char why[192];      /* otherwise why not */
} afalg_binding;

/* The binding of slot i (afalg_discover.c). */
const afalg_binding *afalg_binding_at(size_t i);

/* ---- afalg_hash.c: cm_hash_vtable and cm_mac_vtable over a binding ---- */
cm_rc afalg_hash_create(const afalg_binding *b, void **state);
cm_rc afalg_mac_create(const afalg_binding *b, void **state, const uint8_t *key, size_t key_len);
cm_rc afalg_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void afalg_hash_destroy(void *state);

/* ---- afalg_cipher.c: cm_cipher_vtable and cm_aead_vtable ---- */
cm_rc afalg_cipher_create(const afalg_binding *b, void **state, const uint8_t *key,
                          size_t key_len);
cm_rc afalg_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                           size_t len);
cm_rc afalg_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                           size_t len);
cm_rc afalg_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                      size_t tag_len);
cm_rc afalg_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                      size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                      const uint8_t *tag, size_t tag_len);
void afalg_cipher_destroy(void *state);

/* ---- afalg_rng.c: cm_rng_vtable (create through the binding) ---- */
cm_rc afalg_rng_create(const afalg_binding *b, void **state);
cm_rc afalg_rng_generate(void *state, uint8_t *out, size_t len);
void afalg_rng_destroy(void *state);

/* The rows found here (afalg_discover.c): the cm_backend's discover hook. */
struct cm_impl;
const struct cm_impl *afalg_discover(size_t *n);

/* Why AF_ALG sockets do not open here ("AF_ALG: not supported by this
 * kernel (...)"), or NULL when they do (after afalg_discover). */
const char *afalg_unsupported(void);

#endif
