/*
 * runtime_proxy_pk.c — the proxy tables of the pke class (RSA-OAEP:
 * primitive.h, cm_pke_vtable) and the kem class (ML-KEM: cm_kem_vtable)
 * for a runtime backend's rows: each call is one request, byte strings in
 * hex. pke: "encrypt" and "decrypt" with "label" and "msg", the result in
 * "out"; kem: "set_private_seed" (the "key"), "encapsulate" to "peer"
 * with "entropy" (JSON null: the runtime's own randomness), the
 * ciphertext in "ct" and the secret in "out", "decapsulate" of "msg".
 */
#include <jansson.h>
#include "runtimes/runtime_proxy.h"

/* pke: out receives at most *out_len bytes, *out_len set */
static cm_rc pke_call(const char *op, void *state, const uint8_t *label, size_t label_len,
                      const uint8_t *in, size_t len, uint8_t *out, size_t *out_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o, s:o}", "op", op, "label",
                                              cm_proxy_hex(label, label_len), "msg",
                                              cm_proxy_hex(in, len)),
                             &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "out", out, *out_len, out_len);
}

static cm_rc pke_encrypt(void *state, const uint8_t *label, size_t label_len,
                         const uint8_t *msg, size_t len, uint8_t *ct, size_t *ct_len)
{
    return pke_call("encrypt", state, label, label_len, msg, len, ct, ct_len);
}

static cm_rc pke_decrypt(void *state, const uint8_t *label, size_t label_len,
                         const uint8_t *ct, size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    return pke_call("decrypt", state, label, label_len, ct, ct_len, msg, msg_len);
}

const cm_pke_vtable cm_proxy_pke = {cm_proxy_create_alg, cm_proxy_keygen,
                                    cm_proxy_set_private_key, cm_proxy_set_public_key,
                                    cm_proxy_get_public_key, pke_encrypt, pke_decrypt,
                                    cm_proxy_destroy};

static cm_rc kem_set_private_seed(void *state, const uint8_t *seed, size_t len)
{
    return cm_proxy_set_key(state, "set_private_seed", seed, len);
}

static cm_rc kem_encapsulate(void *state, const uint8_t *peer, size_t peer_len,
                             const uint8_t *entropy, size_t entropy_len, uint8_t *ct,
                             size_t *ct_len, uint8_t *secret, size_t *secret_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o, s:o?}", "op", "encapsulate", "peer",
                                              cm_proxy_hex(peer, peer_len), "entropy",
                                              entropy ? cm_proxy_hex(entropy, entropy_len)
                                                      : NULL),
                             &r);
    if (rc != CM_OK)
        return rc;
    json_incref(r);
    rc = cm_proxy_take(r, "ct", ct, *ct_len, ct_len);
    return rc == CM_OK ? cm_proxy_take(r, "out", secret, *secret_len, secret_len)
                       : (json_decref(r), rc);
}

static cm_rc kem_decapsulate(void *state, const uint8_t *ct, size_t ct_len, uint8_t *secret,
                             size_t *secret_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o}", "op", "decapsulate", "msg",
                                              cm_proxy_hex(ct, ct_len)),
                             &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "out", secret, *secret_len, secret_len);
}

const cm_kem_vtable cm_proxy_kem = {cm_proxy_create_alg, cm_proxy_keygen, kem_set_private_seed,
                                    cm_proxy_get_public_key, kem_encapsulate, kem_decapsulate,
                                    cm_proxy_destroy};
