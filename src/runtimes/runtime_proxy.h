/*
 * runtime_proxy.h — inside src/runtimes: what the proxy tables of every
 * class share (runtime_proxy.c): one request on an object of the bound
 * server, byte strings in hex, and the calls several classes make alike.
 * The tables of the cipher, pke and kem classes are in
 * runtime_proxy_cipher.c and runtime_proxy_pk.c.
 */
#ifndef CM_RUNTIMES_RUNTIME_PROXY_H
#define CM_RUNTIMES_RUNTIME_PROXY_H

#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "cryptometer/primitive.h"

/* n bytes at p as a JSON string of lower-case hex (new reference). */
json_t *cm_proxy_hex(const uint8_t *p, size_t n);

/* Sends req (stolen) on object state (its handle; NULL: none); the reply
 * (to free) in *reply when asked and the call succeeded. */
cm_rc cm_proxy_call(void *state, json_t *req, json_t **reply);

/* The hex member key of r (freed) into out: exactly cap bytes when n is
 * NULL, else at most cap, *n set. */
cm_rc cm_proxy_take(json_t *r, const char *key, uint8_t *out, size_t cap, size_t *n);

/* create() with a key, or bound to the algorithm (the bound row's). */
cm_rc cm_proxy_create_keyed(void **state, const uint8_t *key, size_t key_len);
cm_rc cm_proxy_create_alg(void **state, const struct cm_algorithm *alg);

/* The calls of the public-key classes alike: request op with the hex
 * "key" (set_public_key: DER SubjectPublicKeyInfo; set_private_key: the
 * class's encoding, raw or PKCS#8); keygen; get_public_key into out. */
cm_rc cm_proxy_set_key(void *state, const char *op, const uint8_t *key, size_t len);
cm_rc cm_proxy_keygen(void *state);
cm_rc cm_proxy_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc cm_proxy_set_private_key(void *state, const uint8_t *key, size_t len);
cm_rc cm_proxy_get_public_key(void *state, uint8_t *out, size_t *len);
void cm_proxy_destroy(void *state);

extern const cm_cipher_vtable cm_proxy_cipher;
extern const cm_pke_vtable cm_proxy_pke;
extern const cm_kem_vtable cm_proxy_kem;

#endif
