/*
 * botan_pubkey.c — the key-agreement and public-key encryption classes of
 * the Botan backend, through its C FFI.
 *
 * Key agreement (X25519 as "Curve25519", ECDH on secp256r1): one
 * botan_pk_op_ka_t ("Raw": the shared secret itself, no KDF) per private
 * key, reused for every derive. A peer key given raw goes to
 * botan_pk_op_key_agreement as it is; an X25519 peer key given as
 * SubjectPublicKeyInfo through botan_pubkey_load and
 * botan_pubkey_x25519_get_pubkey. Botan 2's FFI has no call that gives an
 * ECDH peer's point from a SubjectPublicKeyInfo, so that form is refused
 * (CM_ERR_UNSUPPORTED: those vector cases are skipped, never passed).
 *
 * RSA-OAEP ("OAEP(SHA-256)": SHA-256 and MGF1-SHA-256): one encrypt and one
 * decrypt operation per key, reused. Botan 2 takes an OAEP label only as
 * text inside the padding's name, so a non-empty label is refused
 * (CM_ERR_UNSUPPORTED).
 */
#include <stdlib.h>
#include <string.h>
#include "cryptometer/algorithm.h"
#include "botan_internal.h"

/* ---- key agreement ------------------------------------------------------ */

typedef struct bt_kex_state {
    const bt_spec *spec;
    botan_rng_t rng;
    botan_privkey_t priv;
    botan_pk_op_ka_t ka;
} bt_kex_state;

static void kex_drop(bt_kex_state *st)
{
    botan_pk_op_key_agreement_destroy(st->ka);
    botan_privkey_destroy(st->priv);
    st->ka = NULL;
    st->priv = NULL;
}

cm_rc bt_kex_create(const bt_spec *spec, void **state, const cm_algorithm *alg)
{
    bt_kex_state *st;
    (void)alg;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    if (botan_rng_init(&st->rng, "user") != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* The agreement operation for st->priv. */
static cm_rc kex_ready(bt_kex_state *st)
{
    return botan_pk_op_key_agreement_create(&st->ka, st->priv, "Raw", 0) == 0 ? CM_OK
                                                                              : CM_ERR_LIBRARY;
}

cm_rc bt_kex_keygen(void *state)
{
    bt_kex_state *st = state;
    kex_drop(st);
    if (botan_privkey_create(&st->priv, st->spec->name, st->spec->params, st->rng) != 0)
        return CM_ERR_LIBRARY;
    return kex_ready(st);
}

cm_rc bt_kex_set_private_key(void *state, const uint8_t *key, size_t len)
{
    bt_kex_state *st = state;
    int rc;
    kex_drop(st);
    if (strcmp(st->spec->name, "Curve25519") == 0) {
        if (len != 32)
            return CM_ERR_INVALID;
        rc = botan_privkey_load_x25519(&st->priv, key);
    } else {
        botan_mp_t x;
        if (botan_mp_init(&x) != 0)
            return CM_ERR_LIBRARY;
        rc = botan_mp_from_bin(x, key, len);
        if (rc == 0)
            rc = botan_privkey_load_ecdh(&st->priv, x, st->spec->params);
        botan_mp_destroy(x);
    }
    if (rc != 0)
        return CM_ERR_INVALID;
    return kex_ready(st);
}

cm_rc bt_kex_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    bt_kex_state *st = state;
    if (st->priv == NULL)
        return CM_ERR_INVALID;
    return botan_pk_op_key_agreement_export_public(st->priv, pub, len) == 0 ? CM_OK
                                                                             : CM_ERR_INVALID;
}

cm_rc bt_kex_derive(void *state, cm_kex_peer peer_form, const uint8_t *peer, size_t peer_len,
                    uint8_t *secret, size_t *secret_len)
{
    bt_kex_state *st = state;
    uint8_t raw[32];
    if (st->ka == NULL)
        return CM_ERR_INVALID;
    if (peer_form == CM_KEX_PEER_SPKI) {
        botan_pubkey_t pub;
        char algo[32];
        size_t algo_len = sizeof algo;
        int ok;
        if (strcmp(st->spec->name, "Curve25519") != 0)
            return CM_ERR_UNSUPPORTED;
        if (botan_pubkey_load(&pub, peer, peer_len) != 0)
            return CM_ERR_INVALID;
        ok = botan_pubkey_algo_name(pub, algo, &algo_len) == 0 && strcmp(algo, "Curve25519") == 0 &&
             botan_pubkey_x25519_get_pubkey(pub, raw) == 0;
        botan_pubkey_destroy(pub);
        if (!ok)
            return CM_ERR_INVALID;
        peer = raw;
        peer_len = sizeof raw;
    }
    if (botan_pk_op_key_agreement(st->ka, secret, secret_len, peer, peer_len, NULL, 0) != 0)
        return CM_ERR_INVALID;
    return CM_OK;
}

void bt_kex_destroy(void *state)
{
    bt_kex_state *st = state;
    if (st == NULL)
        return;
    kex_drop(st);
    botan_rng_destroy(st->rng);
    free(st);
}

/* ---- RSA-OAEP ------------------------------------------------------------- */

typedef struct bt_pke_state {
    const bt_spec *spec;
    botan_rng_t rng;
    botan_privkey_t priv;
    botan_pubkey_t pub;
    botan_pk_op_encrypt_t enc;
    botan_pk_op_decrypt_t dec;
} bt_pke_state;

static void pke_drop(bt_pke_state *st)
{
    botan_pk_op_encrypt_destroy(st->enc);
    botan_pk_op_decrypt_destroy(st->dec);
    botan_pubkey_destroy(st->pub);
    botan_privkey_destroy(st->priv);
    st->enc = NULL;
    st->dec = NULL;
    st->pub = NULL;
    st->priv = NULL;
}

cm_rc bt_pke_create(const bt_spec *spec, void **state, const cm_algorithm *alg)
{
    bt_pke_state *st;
    (void)alg;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    if (botan_rng_init(&st->rng, "user") != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* The operations for the state's keys (decrypt only with a private key). */
static cm_rc pke_ready(bt_pke_state *st)
{
    if (st->priv != NULL &&
        (botan_privkey_export_pubkey(&st->pub, st->priv) != 0 ||
         botan_pk_op_decrypt_create(&st->dec, st->priv, st->spec->padding, 0) != 0))
        return CM_ERR_LIBRARY;
    return botan_pk_op_encrypt_create(&st->enc, st->pub, st->spec->padding, 0) == 0
               ? CM_OK
               : CM_ERR_LIBRARY;
}

cm_rc bt_pke_keygen(void *state)
{
    bt_pke_state *st = state;
    pke_drop(st);
    if (botan_privkey_create(&st->priv, "RSA", st->spec->params, st->rng) != 0)
        return CM_ERR_LIBRARY;
    return pke_ready(st);
}

cm_rc bt_pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len)
{
    bt_pke_state *st = state;
    pke_drop(st);
    if (botan_privkey_load(&st->priv, st->rng, pkcs8, len, NULL) != 0)
        return CM_ERR_INVALID;
    return pke_ready(st);
}

cm_rc bt_pke_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    bt_pke_state *st = state;
    pke_drop(st);
    if (botan_pubkey_load(&st->pub, der, der_len) != 0)
        return CM_ERR_INVALID;
    return pke_ready(st);
}

cm_rc bt_pke_get_public_key(void *state, uint8_t *der, size_t *len)
{
    bt_pke_state *st = state;
    if (st->pub == NULL)
        return CM_ERR_INVALID;
    return botan_pubkey_export(st->pub, der, len, BOTAN_PRIVKEY_EXPORT_FLAG_DER) == 0
               ? CM_OK
               : CM_ERR_INVALID;
}

cm_rc bt_pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                     size_t len, uint8_t *ct, size_t *ct_len)
{
    bt_pke_state *st = state;
    (void)label;
    if (label_len != 0)
        return CM_ERR_UNSUPPORTED;
    if (st->enc == NULL)
        return CM_ERR_INVALID;
    return botan_pk_op_encrypt(st->enc, st->rng, ct, ct_len, msg, len) == 0 ? CM_OK
                                                                            : CM_ERR_LIBRARY;
}

cm_rc bt_pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                     size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    bt_pke_state *st = state;
    (void)label;
    if (label_len != 0)
        return CM_ERR_UNSUPPORTED;
    if (st->dec == NULL)
        return CM_ERR_INVALID;
    return botan_pk_op_decrypt(st->dec, msg, msg_len, ct, ct_len) == 0 ? CM_OK : CM_ERR_AUTH;
}

void bt_pke_destroy(void *state)
{
    bt_pke_state *st = state;
    if (st == NULL)
        return;
    pke_drop(st);
    botan_rng_destroy(st->rng);
    free(st);
}
