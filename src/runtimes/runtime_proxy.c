/*
 * runtime_proxy.c — the class tables of a runtime backend's rows: each
 * call is one request to the server (runtime.h), byte strings in hex, the
 * object it made at create() named by its handle. Only the known-answer
 * vectors and the cross-check call these; timed loops run in the runtime.
 * Classes: hash, mac, aead, signature, kex here; cipher, pke and kem in
 * runtime_proxy_cipher.c and runtime_proxy_pk.c (runtime_proxy.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "runtimes/runtime.h"
#include "runtimes/runtime_proxy.h"

json_t *cm_proxy_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    char *s = malloc(2 * n + 1);
    if (!s)
        return NULL;
    for (size_t i = 0; i < n; i++)
        s[2 * i] = digits[p[i] >> 4], s[2 * i + 1] = digits[p[i] & 15];
    s[2 * n] = '\0';
    json_t *j = json_stringn(s, 2 * n);
    free(s);
    return j;
}

/* Decodes the hex member key of reply into out (at most cap bytes);
 * the length, or -1. */
static long unhex(const json_t *reply, const char *key, uint8_t *out, size_t cap)
{
    const char *s = json_string_value(json_object_get(reply, key));
    size_t n = s ? strlen(s) / 2 : 0;
    if (!s || n > cap)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(s + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return (long)n;
}

cm_rc cm_proxy_call(void *state, json_t *req, json_t **reply)
{
    char why[256];
    if (req && state)
        json_object_set_new(req, "h", json_integer((json_int_t)(intptr_t)state));
    json_t *r = cm_runtime_call(req, why, sizeof why);
    if (!r)
        return CM_ERR_LIBRARY;
    const char *err = json_string_value(json_object_get(r, "err"));
    cm_rc rc = json_is_true(json_object_get(r, "ok")) ? CM_OK
               : !err                                 ? CM_ERR_LIBRARY
               : !strcmp(err, "auth")                 ? CM_ERR_AUTH
               : !strcmp(err, "invalid")              ? CM_ERR_INVALID
               : !strcmp(err, "unsupported")          ? CM_ERR_UNSUPPORTED
                                                      : CM_ERR_LIBRARY;
    if (reply && rc == CM_OK)
        *reply = r;
    else
        json_decref(r);
    return rc;
}

cm_rc cm_proxy_take(json_t *r, const char *key, uint8_t *out, size_t cap, size_t *n)
{
    long got = unhex(r, key, out, cap);
    json_decref(r);
    if (got < 0 || (!n && (size_t)got != cap))
        return CM_ERR_LIBRARY;
    if (n)
        *n = (size_t)got;
    return CM_OK;
}

cm_rc cm_proxy_create_keyed(void **state, const uint8_t *key, size_t key_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(NULL, json_pack("{s:s, s:s, s:s, s:o}", "op", "create", "algorithm",
                                             cm_runtime_algorithm(), "variant",
                                             cm_runtime_variant(), "key",
                                             cm_proxy_hex(key, key_len)),
                             &r);
    if (rc == CM_OK) {
        *state = (void *)(intptr_t)json_integer_value(json_object_get(r, "h"));
        json_decref(r);
    }
    return rc;
}

static cm_rc create_plain(void **state)
{
    return cm_proxy_create_keyed(state, NULL, 0);
}

cm_rc cm_proxy_create_alg(void **state, const cm_algorithm *alg)
{
    (void)alg; /* the bound implementation's */
    return cm_proxy_create_keyed(state, NULL, 0);
}

void cm_proxy_destroy(void *state)
{
    cm_proxy_call(state, json_pack("{s:s}", "op", "destroy"), NULL);
}

/* hash and mac: one whole message; out receives out_len bytes */
static cm_rc digest_as(const char *op, void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o}", "op", op, "msg",
                                              cm_proxy_hex(msg, len)),
                             &r);
    if (rc != CM_OK)
        return rc;
    const cm_algorithm *alg = cm_algorithm_find(cm_runtime_algorithm());
    return cm_proxy_take(r, "out", out, alg ? alg->out_len : 0, NULL);
}

static cm_rc digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return digest_as("digest", state, msg, len, out);
}

static cm_rc mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return digest_as("mac", state, msg, len, out);
}

static cm_rc seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                  size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                  size_t tag_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o, s:o, s:o, s:i}", "op", "seal", "nonce",
                                              cm_proxy_hex(nonce, nonce_len), "aad",
                                              cm_proxy_hex(aad, aad_len), "msg",
                                              cm_proxy_hex(in, len), "tag_len", (int)tag_len),
                             &r);
    if (rc != CM_OK)
        return rc;
    json_incref(r);
    rc = cm_proxy_take(r, "out", out, len, NULL);
    return rc == CM_OK ? cm_proxy_take(r, "tag", tag, tag_len, NULL) : (json_decref(r), rc);
}

static cm_rc open_(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o, s:o, s:o, s:o}", "op", "open", "nonce",
                                              cm_proxy_hex(nonce, nonce_len), "aad",
                                              cm_proxy_hex(aad, aad_len), "msg",
                                              cm_proxy_hex(in, len), "tag",
                                              cm_proxy_hex(tag, tag_len)),
                             &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "out", out, len, NULL);
}

/* signature and kex: a request with no output but its rc */
static cm_rc simple(void *state, const char *op)
{
    return cm_proxy_call(state, json_pack("{s:s}", "op", op), NULL);
}

cm_rc cm_proxy_keygen(void *state)
{
    return simple(state, "keygen");
}

static cm_rc sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o}", "op", "sign", "msg",
                                              cm_proxy_hex(msg, len)),
                             &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "sig", sig, *sig_len, sig_len);
}

static cm_rc verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                    size_t sig_len)
{
    return cm_proxy_call(state, json_pack("{s:s, s:o, s:o}", "op", "verify", "msg",
                                          cm_proxy_hex(msg, len), "tag",
                                          cm_proxy_hex(sig, sig_len)),
                         NULL);
}

cm_rc cm_proxy_set_key(void *state, const char *op, const uint8_t *key, size_t len)
{
    return cm_proxy_call(state, json_pack("{s:s, s:o}", "op", op, "key",
                                          cm_proxy_hex(key, len)),
                         NULL);
}

cm_rc cm_proxy_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    return cm_proxy_set_key(state, "set_public_key", der, der_len);
}

cm_rc cm_proxy_set_private_key(void *state, const uint8_t *key, size_t len)
{
    return cm_proxy_set_key(state, "set_private_key", key, len);
}

cm_rc cm_proxy_get_public_key(void *state, uint8_t *out, size_t *len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s}", "op", "get_public_key"), &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "out", out, *len, len);
}

static cm_rc derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                    uint8_t *secret, size_t *secret_len)
{
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o, s:b}", "op", "derive", "peer",
                                              cm_proxy_hex(peer, peer_len), "peer_spki",
                                              form == CM_KEX_PEER_SPKI),
                             &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "out", secret, *secret_len, secret_len);
}

static const cm_hash_vtable hash_vt = {create_plain, digest, cm_proxy_destroy};
static const cm_mac_vtable mac_vt = {cm_proxy_create_keyed, mac, cm_proxy_destroy};
static const cm_aead_vtable aead_vt = {cm_proxy_create_keyed, seal, open_, cm_proxy_destroy};
static const cm_signature_vtable sig_vt = {cm_proxy_create_alg, cm_proxy_keygen, sign, verify,
                                           cm_proxy_set_public_key, cm_proxy_get_public_key,
                                           cm_proxy_destroy};
static const cm_kex_vtable kex_vt = {cm_proxy_create_alg, cm_proxy_keygen,
                                     cm_proxy_set_private_key, cm_proxy_get_public_key, derive,
                                     cm_proxy_destroy};

cm_vtable_ref cm_runtime_proxy(cm_class cls)
{
    cm_vtable_ref v = {.any = NULL};
    switch (cls) {
    case CM_CLASS_HASH: v.hash = &hash_vt; break;
    case CM_CLASS_MAC: v.mac = &mac_vt; break;
    case CM_CLASS_AEAD: v.aead = &aead_vt; break;
    case CM_CLASS_SIGNATURE: v.signature = &sig_vt; break;
    case CM_CLASS_KEX: v.kex = &kex_vt; break;
    case CM_CLASS_CIPHER: v.cipher = &cm_proxy_cipher; break;
    case CM_CLASS_PKE: v.pke = &cm_proxy_pke; break;
    case CM_CLASS_KEM: v.kem = &cm_proxy_kem; break;
    default: break;
    }
    return v;
}
