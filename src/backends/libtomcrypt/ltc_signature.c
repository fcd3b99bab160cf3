/*
 * ltc_signature.c — the signature class of the LibTomCrypt backends: ECDSA
 * with a DER signature (ecc_sign_hash and ecc_verify_hash write and read
 * SEQUENCE { r, s }) and RSA-PSS (rsa_sign_hash_ex and rsa_verify_hash_ex
 * with LTC_PKCS_1_PSS, the spec's hash for the message and MGF1, a salt of
 * the algorithm's length; keys from rsa_make_key with e = 65537, public keys
 * through rsa_export(PK_PUBLIC | PK_STD) and rsa_import, which write and read
 * SubjectPublicKeyInfo), over the maths descriptor of the spec (ltm_desc or
 * gmp_desc).
 *
 * LibTomCrypt takes its maths from one global, ltc_mp; both backends live
 * in one binary, so every call sets it to its own descriptor first (a
 * struct copy, nothing next to a scalar multiplication). The message is
 * hashed with the algorithm's hash by the library's descriptor. Nonces come
 * from LibTomCrypt's ChaCha20 PRNG, seeded once per state from the system
 * (rng_get_bytes). Public keys travel as SubjectPublicKeyInfo, which
 * LibTomCrypt 1.18 neither reads nor writes for ECC: its raw point
 * (ecc_ansi_x963_*) inside the fixed prefix of src/impl/ec_spki.h.
 */
#include <stdlib.h>
#include <string.h>
#include "cryptometer/algorithm.h"
#include "impl/ec_spki.h"
#include "ltc_internal.h"

typedef struct ltc_sig_state {
    const ltc_spec *spec;
    const ltc_ecc_set_type *curve;
    prng_state prng;
    int prng_index;
    ecc_key key;
    rsa_key rsa;
    int have_key;
    unsigned long salt_len; /* RSA-PSS */
    int hash_index;         /* RSA-PSS */
} ltc_sig_state;

static void drop_key(ltc_sig_state *st)
{
    if (st->have_key && st->spec->rsa_bits)
        rsa_free(&st->rsa);
    else if (st->have_key)
        ecc_free(&st->key);
    st->have_key = 0;
}

cm_rc ltc_sig_create(const ltc_spec *spec, void **state, const cm_algorithm *alg)
{
    ltc_sig_state *st;
    const char *enc = cm_algorithm_param(alg, "encoding");
    const char *salt = cm_algorithm_param(alg, "salt_bytes");

    if (enc != NULL && strcmp(enc, "der") != 0)
        return CM_ERR_UNSUPPORTED;
    if (spec->rsa_bits && salt == NULL)
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    st->curve = spec->rsa_bits ? NULL : ltc_find_curve(spec->curve_bytes);
    st->salt_len = salt ? strtoul(salt, NULL, 10) : 0;
    st->hash_index = find_hash(spec->hash->name);
    if ((st->curve == NULL && !spec->rsa_bits) || st->hash_index < 0 ||
        ltc_prng_start(&st->prng, &st->prng_index) != CM_OK) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

cm_rc ltc_sig_keygen(void *state)
{
    ltc_sig_state *st = state;
    int err;
    ltc_mp = *st->spec->math;
    drop_key(st);
    if (st->spec->rsa_bits)
        err = rsa_make_key(&st->prng, st->prng_index, st->spec->rsa_bits / 8, 65537, &st->rsa);
    else
        err = ecc_make_key_ex(&st->prng, st->prng_index, &st->key, st->curve);
    if (err != CRYPT_OK)
        return CM_ERR_LIBRARY;
    st->have_key = 1;
    return CM_OK;
}

/* msg hashed with the spec's hash into h (*h_len set). */
static cm_rc hash_msg(const ltc_sig_state *st, const uint8_t *msg, size_t len, uint8_t *h,
                      unsigned long *h_len)
{
    const struct ltc_hash_descriptor *d = st->spec->hash;
    hash_state md;
    if (d->init(&md) != CRYPT_OK || d->process(&md, msg, len) != CRYPT_OK ||
        d->done(&md, h) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    *h_len = d->hashsize;
    return CM_OK;
}

cm_rc ltc_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    ltc_sig_state *st = state;
    uint8_t h[MAXBLOCKSIZE];
    unsigned long h_len, out_len = *sig_len;
    cm_rc rc;

    int err;

    if (!st->have_key || (st->spec->rsa_bits ? st->rsa.type : st->key.type) != PK_PRIVATE)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    rc = hash_msg(st, msg, len, h, &h_len);
    if (rc != CM_OK)
        return rc;
    if (st->spec->rsa_bits)
        err = rsa_sign_hash_ex(h, h_len, sig, &out_len, LTC_PKCS_1_PSS, &st->prng,
                               st->prng_index, st->hash_index, st->salt_len, &st->rsa);
    else
        err = ecc_sign_hash(h, h_len, sig, &out_len, &st->prng, st->prng_index, &st->key);
    if (err != CRYPT_OK)
        return CM_ERR_LIBRARY;
    *sig_len = out_len;
    return CM_OK;
}

cm_rc ltc_sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t sig_len)
{
    ltc_sig_state *st = state;
    uint8_t h[MAXBLOCKSIZE];
    unsigned long h_len;
    int stat = 0, err;
    cm_rc rc;

    if (!st->have_key)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    rc = hash_msg(st, msg, len, h, &h_len);
    if (rc != CM_OK)
        return rc;
    if (st->spec->rsa_bits)
        err = rsa_verify_hash_ex(sig, sig_len, h, h_len, LTC_PKCS_1_PSS, st->hash_index,
                                 st->salt_len, &stat, &st->rsa);
    else
        err = ecc_verify_hash(sig, sig_len, h, h_len, &stat, &st->key);
    if (err == CRYPT_MEM)
        return CM_ERR_NOMEM;
    /* a signature LibTomCrypt cannot decode does not verify */
    return err == CRYPT_OK && stat == 1 ? CM_OK : CM_ERR_AUTH;
}

cm_rc ltc_sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    ltc_sig_state *st = state;
    const uint8_t *point;

    ltc_mp = *st->spec->math;
    drop_key(st);
    if (st->spec->rsa_bits) {
        if (rsa_import(der, der_len, &st->rsa) != CRYPT_OK)
            return CM_ERR_INVALID;
        st->have_key = 1;
        return CM_OK;
    }
    point = ec_spki_point((size_t)st->spec->curve_bytes, der, der_len);
    if (point == NULL)
        return CM_ERR_INVALID;
    if (ecc_ansi_x963_import_ex(point, 1 + 2 * (unsigned long)st->spec->curve_bytes, &st->key,
                                (ltc_ecc_set_type *)st->curve) != CRYPT_OK)
        return CM_ERR_INVALID;
    st->have_key = 1;
    return CM_OK;
}

cm_rc ltc_sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    ltc_sig_state *st = state;
    uint8_t point[1 + 2 * 66];
    unsigned long point_len = sizeof point;

    if (!st->have_key)
        return CM_ERR_INVALID;
    ltc_mp = *st->spec->math;
    if (st->spec->rsa_bits) {
        unsigned long out_len = *len;
        if (rsa_export(der, &out_len, PK_PUBLIC | PK_STD, &st->rsa) != CRYPT_OK)
            return CM_ERR_INVALID;
        *len = out_len;
        return CM_OK;
    }
    if (ecc_ansi_x963_export(&st->key, point, &point_len) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    return ec_spki_write((size_t)st->spec->curve_bytes, point, point_len, der, len) == 0
               ? CM_OK
               : CM_ERR_INVALID;
}

void ltc_sig_destroy(void *state)
{
    ltc_sig_state *st = state;
    if (st == NULL)
        return;
    ltc_mp = *st->spec->math;
    drop_key(st);
    chacha20_prng_done(&st->prng);
    zeromem(st, sizeof *st);
    free(st);
}
