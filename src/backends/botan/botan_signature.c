/*
 * botan_signature.c — the signature class of the Botan backend: Ed25519
 * ("Pure"), ECDSA ("EMSA1(SHA-256)" or "EMSA1(SHA-384)" with
 * BOTAN_PUBKEY_DER_FORMAT_SIGNATURE, Botan's DER encoding of (r, s)) and
 * RSA-PSS ("EMSA4(SHA-256,MGF1,32)") through botan_privkey_create,
 * botan_pk_op_sign_* and botan_pk_op_verify_*.
 *
 * The sign and verify operations are made once per key (keygen,
 * set_public_key) and reused: botan_pk_op_*_finish leaves them ready for
 * the next message. Public keys are DER SubjectPublicKeyInfo both ways
 * (botan_pubkey_export, botan_pubkey_load). Randomness is Botan's "user"
 * RNG (its AutoSeeded_RNG), made once per state.
 */
#include <stdlib.h>
#include <string.h>
#include "cryptometer/algorithm.h"
#include "botan_internal.h"

typedef struct bt_sig_state {
    const bt_spec *spec;
    botan_rng_t rng;
    botan_privkey_t priv;
    botan_pubkey_t pub;
    botan_pk_op_sign_t sign;
    botan_pk_op_verify_t verify;
} bt_sig_state;

/* Frees the key and its operations. */
static void drop_key(bt_sig_state *st)
{
    botan_pk_op_sign_destroy(st->sign);
    botan_pk_op_verify_destroy(st->verify);
    botan_pubkey_destroy(st->pub);
    botan_privkey_destroy(st->priv);
    st->sign = NULL;
    st->verify = NULL;
    st->pub = NULL;
    st->priv = NULL;
}

cm_rc bt_sig_create(const bt_spec *spec, void **state, const cm_algorithm *alg)
{
    const char *enc = cm_algorithm_param(alg, "encoding");
    bt_sig_state *st;
    if (enc != NULL && strcmp(enc, "der") != 0 && spec->sig_flags != 0)
        return CM_ERR_UNSUPPORTED;
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

/* The verify operation for st->pub. */
static cm_rc make_verifier(bt_sig_state *st)
{
    return botan_pk_op_verify_create(&st->verify, st->pub, st->spec->padding,
                                     st->spec->sig_flags) == 0
               ? CM_OK
               : CM_ERR_LIBRARY;
}

cm_rc bt_sig_keygen(void *state)
{
    bt_sig_state *st = state;
    drop_key(st);
    if (botan_privkey_create(&st->priv, st->spec->name, st->spec->params, st->rng) != 0 ||
        botan_privkey_export_pubkey(&st->pub, st->priv) != 0 ||
        botan_pk_op_sign_create(&st->sign, st->priv, st->spec->padding, st->spec->sig_flags) != 0)
        return CM_ERR_LIBRARY;
    return make_verifier(st);
}

cm_rc bt_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    bt_sig_state *st = state;
    if (st->sign == NULL)
        return CM_ERR_INVALID;
    if (botan_pk_op_sign_update(st->sign, msg, len) != 0 ||
        botan_pk_op_sign_finish(st->sign, st->rng, sig, sig_len) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc bt_sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                    size_t sig_len)
{
    bt_sig_state *st = state;
    int rc;
    if (st->verify == NULL)
        return CM_ERR_INVALID;
    if (botan_pk_op_verify_update(st->verify, msg, len) != 0)
        return CM_ERR_LIBRARY;
    rc = botan_pk_op_verify_finish(st->verify, sig, sig_len);
    /* BOTAN_FFI_INVALID_VERIFIER, or an error decoding the signature: it does
     * not verify */
    return rc == 0 ? CM_OK : CM_ERR_AUTH;
}

cm_rc bt_sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    bt_sig_state *st = state;
    char algo[32];
    size_t algo_len = sizeof algo;
    drop_key(st);
    if (botan_pubkey_load(&st->pub, der, der_len) != 0)
        return CM_ERR_INVALID;
    /* a key of another algorithm is not this state's */
    if (botan_pubkey_algo_name(st->pub, algo, &algo_len) != 0 ||
        strcmp(algo, st->spec->name) != 0) {
        drop_key(st);
        return CM_ERR_INVALID;
    }
    return make_verifier(st);
}

cm_rc bt_sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    bt_sig_state *st = state;
    if (st->pub == NULL)
        return CM_ERR_INVALID;
    return botan_pubkey_export(st->pub, der, len, BOTAN_PRIVKEY_EXPORT_FLAG_DER) == 0
               ? CM_OK
               : CM_ERR_INVALID;
}

void bt_sig_destroy(void *state)
{
    bt_sig_state *st = state;
    if (st == NULL)
        return;
    drop_key(st);
    botan_rng_destroy(st->rng);
    free(st);
}
