/*
 * ltc_pke.c — RSA-OAEP (the pke class) of the LibTomCrypt backends, over
 * the maths descriptor of the spec (ltm_desc or gmp_desc; every call sets
 * the global ltc_mp first, as ltc_signature.c explains).
 *
 * encrypt() and decrypt() are rsa_encrypt_key_ex and rsa_decrypt_key_ex
 * with LTC_PKCS_1_OAEP and the spec's hash (SHA-256), which LibTomCrypt
 * 1.18 uses for the label's hash and for MGF1 alike (pkcs_1_oaep_encode
 * and _decode take one hash index), as the rows' parameters ask; an empty
 * label is passed as NULL, which LibTomCrypt hashes as the empty string.
 * Encryption draws its seed from the state's ChaCha20 PRNG. Keys: as the
 * RSA-PSS rows (ltc_signature.c), rsa_make_key with e = 65537, public keys
 * through rsa_export(PK_PUBLIC | PK_STD) and rsa_import
 * (SubjectPublicKeyInfo); private keys from PKCS#8 with rsa_import_pkcs8
 * (no password).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cryptometer/algorithm.h"
#include "ltc_internal.h"

typedef struct ltc_pke_state {
    const ltc_spec *spec;
    prng_state prng;
    int prng_index;
    int hash_index;
    rsa_key rsa;
    int have_key;
} ltc_pke_state;

static void drop_key(ltc_pke_state *st)
{
    if (st->have_key)
        rsa_free(&st->rsa);
    st->have_key = 0;
}

/* 1 when alg's parameter key is value. */
static int param_is(const cm_algorithm *alg, const char *key, const char *value)
{
    const char *v = cm_algorithm_param(alg, key);
    return v != NULL && strcasecmp(v, value) == 0;
}

cm_rc ltc_pke_create(const ltc_spec *spec, void **state, const cm_algorithm *alg)
{
    const char *bits = cm_algorithm_param(alg, "key_bits");
    ltc_pke_state *st;

    *state = NULL;
    if (bits == NULL || atoi(bits) != spec->rsa_bits || !param_is(alg, "padding", "oaep") ||
        !param_is(alg, "hash", spec->hash->name) || !param_is(alg, "mgf_hash", spec->hash->name) ||
        !param_is(alg, "public_exponent", "65537"))
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    st->hash_index = find_hash(spec->hash->name);
    if (st->hash_index < 0 || ltc_prng_start(&st->prng, &st->prng_index) != CM_OK) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

cm_rc ltc_pke_keygen(void *state)
{
    ltc_pke_state *st = state;
    ltc_mp = *st->spec->math;
    drop_key(st);
    if (rsa_make_key(&st->prng, st->prng_index, st->spec->rsa_bits / 8, 65537, &st->rsa) !=
        CRYPT_OK)
        return CM_ERR_LIBRARY;
    st->have_key = 1;
    return CM_OK;
}

/* Makes the key of der (read by import: rsa_import or PKCS#8) the
 * state's; a key of type PK_PRIVATE is asked for when want_private. */
static cm_rc set_key(ltc_pke_state *st, const uint8_t *der, size_t len, int want_private)
{
    int err;
    ltc_mp = *st->spec->math;
    drop_key(st);
    err = want_private ? rsa_import_pkcs8(der, (unsigned long)len, NULL, 0, &st->rsa)
                       : rsa_import(der, (unsigned long)len, &st->rsa);
    if (err != CRYPT_OK)
        return err == CRYPT_MEM ? CM_ERR_NOMEM : CM_ERR_INVALID;
    st->have_key = 1;
    if (want_private && st->rsa.type != PK_PRIVATE) {
        drop_key(st);
        return CM_ERR_INVALID;
    }
    return CM_OK;
}

cm_rc ltc_pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len)
{
    return set_key(state, pkcs8, len, 1);
}

cm_rc ltc_pke_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    return set_key(state, der, der_len, 0);
}

cm_rc ltc_pke_get_public_key(void *state, uint8_t *der, size_t *len)
{
    ltc_pke_state *st = state;
    unsigned long out_len = *len;
    if (!st->have_key)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    if (rsa_export(der, &out_len, PK_PUBLIC | PK_STD, &st->rsa) != CRYPT_OK)
        return CM_ERR_INVALID;
    *len = out_len;
    return CM_OK;
}

cm_rc ltc_pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                      size_t len, uint8_t *ct, size_t *ct_len)
{
    ltc_pke_state *st = state;
    unsigned long out_len = *ct_len;
    int err;
    if (!st->have_key)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    err = rsa_encrypt_key_ex(msg, (unsigned long)len, ct, &out_len, label_len ? label : NULL,
                             (unsigned long)label_len, &st->prng, st->prng_index,
                             st->hash_index, LTC_PKCS_1_OAEP, &st->rsa);
    if (err != CRYPT_OK)
        return err == CRYPT_MEM ? CM_ERR_NOMEM : CM_ERR_INVALID;
    *ct_len = out_len;
    return CM_OK;
}

cm_rc ltc_pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                      size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    ltc_pke_state *st = state;
    unsigned long out_len = *msg_len;
    int stat = 0, err;
    if (!st->have_key || st->rsa.type != PK_PRIVATE)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    err = rsa_decrypt_key_ex(ct, (unsigned long)ct_len, msg, &out_len, label_len ? label : NULL,
                             (unsigned long)label_len, st->hash_index, LTC_PKCS_1_OAEP, &stat,
                             &st->rsa);
    if (err == CRYPT_MEM)
        return CM_ERR_NOMEM;
    /* a ciphertext of the wrong length, out of range or badly padded
     * (CRYPT_INVALID_PACKET, CRYPT_PK_INVALID_SIZE...) does not decrypt */
    if (err != CRYPT_OK || stat != 1)
        return CM_ERR_AUTH;
    *msg_len = out_len;
    return CM_OK;
}

void ltc_pke_destroy(void *state)
{
    ltc_pke_state *st = state;
    if (st == NULL)
        return;
    ltc_mp = *st->spec->math;
    drop_key(st);
    chacha20_prng_done(&st->prng);
    zeromem(st, sizeof *st);
    free(st);
}
