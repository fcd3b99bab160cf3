/*
 * mbedtls_rsa.c — RSA of the Mbed TLS backend: RSASSA-PSS signatures (the
 * signature class) and RSAES-OAEP encryption (the pke class), PKCS#1 v2.1
 * padding with the algorithm's hash, MGF1 over the same hash, e = 65537,
 * the key in an mbedtls_pk context (mbedtls_pk_rsa gives its RSA context).
 *
 * What an application holding a key does: create() seeds one CTR_DRBG
 * from the entropy source (PSS salts, OAEP seeds, the blinding of every
 * private-key operation); keygen() is mbedtls_rsa_gen_key with the
 * algorithm's key_bits; sign() hashes the message (mbedtls_md) and calls
 * mbedtls_rsa_rsassa_pss_sign_ext with the algorithm's salt length;
 * verify() is mbedtls_rsa_rsassa_pss_verify_ext with that salt length
 * (no other is accepted); encrypt() and decrypt() are
 * mbedtls_rsa_rsaes_oaep_encrypt / _decrypt. Mbed TLS takes the MGF1 hash
 * from the RSA context's hash_id (mbedtls_rsa_set_padding), which is the
 * padding's hash: a row whose MGF1 hash differs is unsupported. Public keys
 * go in and out as DER SubjectPublicKeyInfo (mbedtls_pk_parse_public_key,
 * mbedtls_pk_write_pubkey_der), private keys (pke) come as PKCS#8
 * PrivateKeyInfo (mbedtls_pk_parse_key, after checking the input is that).
 *
 * 2.28 and 3.x differ in the mode argument 2.28 still takes (always the
 * key's own side here), mbedtls_rsa_set_padding's return value and
 * mbedtls_pk_parse_key's random generator.
 */
#include <stdlib.h>
#include <string.h>
#include "mbedtls_internal.h"
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"

#if MBED_HAS_RSA
#include <mbedtls/asn1.h>
#include <mbedtls/bignum.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/md.h>
#include <mbedtls/pk.h>
#include <mbedtls/platform_util.h>
#include <mbedtls/rsa.h>

#define RSA_E 65537

typedef struct rsa_state {
    unsigned bits;          /* the algorithm's modulus size */
    mbedtls_md_type_t hash; /* the padding's hash, MGF1's too */
    unsigned hlen;          /* its digest's length */
    int salt;               /* PSS: salt bytes */
    mbedtls_entropy_context entropy;
    mbedtls_ctr_drbg_context drbg;
    mbedtls_pk_context pk;
    int has_public, has_private;
} rsa_state;

static void rsa_destroy(void *state)
{
    rsa_state *st = state;
    if (st == NULL)
        return;
    mbedtls_pk_free(&st->pk);
    mbedtls_ctr_drbg_free(&st->drbg);
    mbedtls_entropy_free(&st->entropy);
    mbedtls_platform_zeroize(st, sizeof *st);
    free(st);
}

/* 1 when alg's parameter key is value. */
static int param_is(const cm_algorithm *alg, const char *key, const char *value)
{
    const char *v = cm_algorithm_param(alg, key);
    return v != NULL && strcmp(v, value) == 0;
}

/* Binds the state to alg: padding (pss or oaep, the class's), SHA-256 as
 * the hash and MGF1's hash, e = 65537, PSS's salt length. */
static cm_rc rsa_create(void **state, const cm_algorithm *alg, const char *padding)
{
    static const unsigned char personal[] = "cryptometer mbedtls rsa";
    const char *bits, *salt;
    rsa_state *st;

    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    bits = cm_algorithm_param(alg, "key_bits");
    salt = cm_algorithm_param(alg, "salt_bytes");
    if (bits == NULL || atoi(bits) < 1024 || atoi(bits) > MBEDTLS_MPI_MAX_BITS
        || !param_is(alg, "padding", padding) || !param_is(alg, "hash", "sha256")
        || !param_is(alg, "mgf_hash", "sha256") || !param_is(alg, "public_exponent", "65537")
        || (strcmp(padding, "pss") == 0 && (salt == NULL || atoi(salt) < 0)))
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->bits = (unsigned)atoi(bits);
    st->hash = MBEDTLS_MD_SHA256;
    st->hlen = mbedtls_md_get_size(mbedtls_md_info_from_type(st->hash));
    st->salt = salt != NULL ? atoi(salt) : 0;
    mbedtls_entropy_init(&st->entropy);
    mbedtls_ctr_drbg_init(&st->drbg);
    mbedtls_pk_init(&st->pk);
    if (mbedtls_ctr_drbg_seed(&st->drbg, mbedtls_entropy_func, &st->entropy, personal,
                              sizeof personal - 1) != 0) {
        rsa_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

static cm_rc pss_create(void **state, const cm_algorithm *alg)
{
    return rsa_create(state, alg, "pss");
}

static cm_rc oaep_create(void **state, const cm_algorithm *alg)
{
    return rsa_create(state, alg, "oaep");
}

/* Empties the state's key. */
static void key_clear(rsa_state *st)
{
    mbedtls_pk_free(&st->pk);
    mbedtls_pk_init(&st->pk);
    st->has_public = st->has_private = 0;
}

/* PKCS#1 v2.1 padding with the state's hash on its RSA key. */
static int set_v21(rsa_state *st)
{
#if MBED_HAVE_3
    return mbedtls_rsa_set_padding(mbedtls_pk_rsa(st->pk), MBEDTLS_RSA_PKCS_V21, st->hash);
#else
    mbedtls_rsa_set_padding(mbedtls_pk_rsa(st->pk), MBEDTLS_RSA_PKCS_V21, (int)st->hash);
    return 0;
#endif
}

/* Keeps the key just parsed if it is RSA of the algorithm's size; else
 * empties the state. */
static cm_rc key_take(rsa_state *st, int has_private)
{
    if (mbedtls_pk_get_type(&st->pk) != MBEDTLS_PK_RSA
        || mbedtls_pk_get_bitlen(&st->pk) != st->bits || set_v21(st) != 0) {
        key_clear(st);
        return CM_ERR_INVALID;
    }
    st->has_public = 1;
    st->has_private = has_private;
    return CM_OK;
}

static cm_rc rsa_keygen(void *state)
{
    rsa_state *st = state;
    key_clear(st);
    if (mbedtls_pk_setup(&st->pk, mbedtls_pk_info_from_type(MBEDTLS_PK_RSA)) != 0
        || mbedtls_rsa_gen_key(mbedtls_pk_rsa(st->pk), mbedtls_ctr_drbg_random, &st->drbg,
                               st->bits, RSA_E) != 0
        || set_v21(st) != 0) {
        key_clear(st);
        return CM_ERR_LIBRARY;
    }
    st->has_public = st->has_private = 1;
    return CM_OK;
}

/* One DER SubjectPublicKeyInfo of an RSA key of the algorithm's size. */
static cm_rc rsa_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    rsa_state *st = state;
    key_clear(st);
    if (der == NULL || der_len == 0 || mbedtls_pk_parse_public_key(&st->pk, der, der_len) != 0) {
        key_clear(st);
        return CM_ERR_INVALID;
    }
    return key_take(st, 0);
}

/* mbedtls_pk_write_pubkey_der writes at the end of the buffer: the DER is
 * moved to its start. */
static cm_rc rsa_get_public_key(void *state, uint8_t *der, size_t *len)
{
    rsa_state *st = state;
    int n;
    if (!st->has_public)
        return CM_ERR_INVALID;
    n = mbedtls_pk_write_pubkey_der(&st->pk, der, *len);
    if (n <= 0)
        return CM_ERR_INVALID;
    memmove(der, der + *len - (size_t)n, (size_t)n);
    *len = (size_t)n;
    return CM_OK;
}

/* ---- RSASSA-PSS ---------------------------------------------------------- */

/* digest = SHA-256 of msg (32 bytes). */
static cm_rc rsa_digest(const rsa_state *st, const uint8_t *msg, size_t len,
                        unsigned char *digest)
{
    const mbedtls_md_info_t *info = mbedtls_md_info_from_type(st->hash);
    return info != NULL && mbedtls_md(info, msg, len, digest) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

/* sig needs room for the modulus's length. */
static cm_rc pss_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                      size_t *sig_len)
{
    rsa_state *st = state;
    unsigned char digest[MBEDTLS_MD_MAX_SIZE];
    mbedtls_rsa_context *rsa = mbedtls_pk_rsa(st->pk);
    cm_rc rc;
    if (!st->has_private || *sig_len < mbedtls_rsa_get_len(rsa))
        return CM_ERR_INVALID;
    if ((rc = rsa_digest(st, msg, len, digest)) != CM_OK)
        return rc;
    if (mbedtls_rsa_rsassa_pss_sign_ext(rsa, mbedtls_ctr_drbg_random, &st->drbg, st->hash,
                                        st->hlen, digest, st->salt, sig) != 0)
        return CM_ERR_LIBRARY;
    *sig_len = mbedtls_rsa_get_len(rsa);
    return CM_OK;
}

/* CM_ERR_AUTH for every signature Mbed TLS does not accept; one of another
 * length than the modulus's is not handed to it (it reads that many). */
static cm_rc pss_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    rsa_state *st = state;
    unsigned char digest[MBEDTLS_MD_MAX_SIZE];
    mbedtls_rsa_context *rsa = mbedtls_pk_rsa(st->pk);
    cm_rc rc;
    int ret;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if (sig_len != mbedtls_rsa_get_len(rsa))
        return CM_ERR_AUTH;
    if ((rc = rsa_digest(st, msg, len, digest)) != CM_OK)
        return rc;
#if MBED_HAVE_3
    ret = mbedtls_rsa_rsassa_pss_verify_ext(rsa, st->hash, st->hlen, digest, st->hash,
                                            st->salt, sig);
#else
    ret = mbedtls_rsa_rsassa_pss_verify_ext(rsa, NULL, NULL, MBEDTLS_RSA_PUBLIC, st->hash, st->hlen,
                                            digest, st->hash, st->salt, sig);
#endif
    return ret == 0 ? CM_OK : CM_ERR_AUTH;
}

const cm_signature_vtable mbed_rsa_pss = {pss_create,         rsa_keygen,         pss_sign,
                                          pss_verify,         rsa_set_public_key, rsa_get_public_key,
                                          rsa_destroy};

/* ---- RSAES-OAEP ---------------------------------------------------------- */

/* 1 when der is SEQUENCE { INTEGER version, SEQUENCE AlgorithmIdentifier,
 * ... }, the start of a PKCS#8 PrivateKeyInfo (a PKCS#1 RSAPrivateKey,
 * which mbedtls_pk_parse_key reads too, has an INTEGER there), filling
 * exactly der_len bytes. */
static int is_pkcs8(const uint8_t *der, size_t der_len)
{
    unsigned char *p = (unsigned char *)(uintptr_t)der, *end = p + der_len;
    size_t n;
    int version;
    return mbedtls_asn1_get_tag(&p, end, &n, MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE)
               == 0
           && p + n == end && mbedtls_asn1_get_int(&p, end, &version) == 0 && p < end
           && *p == (MBEDTLS_ASN1_CONSTRUCTED | MBEDTLS_ASN1_SEQUENCE);
}

static cm_rc oaep_set_private_key(void *state, const uint8_t *pkcs8, size_t len)
{
    rsa_state *st = state;
    int ret;
    key_clear(st);
    if (pkcs8 == NULL || len == 0 || !is_pkcs8(pkcs8, len))
        return CM_ERR_INVALID;
#if MBED_HAVE_3
    ret = mbedtls_pk_parse_key(&st->pk, pkcs8, len, NULL, 0, mbedtls_ctr_drbg_random, &st->drbg);
#else
    ret = mbedtls_pk_parse_key(&st->pk, pkcs8, len, NULL, 0);
#endif
    if (ret != 0) {
        key_clear(st);
        return CM_ERR_INVALID;
    }
    return key_take(st, 1);
}

/* ct needs room for the modulus's length; a message too long for the
 * padding is CM_ERR_INVALID. */
static cm_rc oaep_encrypt(void *state, const uint8_t *label, size_t label_len,
                          const uint8_t *msg, size_t len, uint8_t *ct, size_t *ct_len)
{
    rsa_state *st = state;
    mbedtls_rsa_context *rsa = mbedtls_pk_rsa(st->pk);
    int ret;
    if (!st->has_public || *ct_len < mbedtls_rsa_get_len(rsa))
        return CM_ERR_INVALID;
#if MBED_HAVE_3
    ret = mbedtls_rsa_rsaes_oaep_encrypt(rsa, mbedtls_ctr_drbg_random, &st->drbg, label,
                                         label_len, len, msg, ct);
#else
    ret = mbedtls_rsa_rsaes_oaep_encrypt(rsa, mbedtls_ctr_drbg_random, &st->drbg,
                                         MBEDTLS_RSA_PUBLIC, label, label_len, len, msg, ct);
#endif
    if (ret != 0)
        return CM_ERR_INVALID;
    *ct_len = mbedtls_rsa_get_len(rsa);
    return CM_OK;
}

/* Every failure is a ciphertext that does not decrypt (Mbed TLS does not
 * tell a padding error apart); one of another length than the modulus's
 * is not handed to it (it reads that many bytes). */
static cm_rc oaep_decrypt(void *state, const uint8_t *label, size_t label_len,
                          const uint8_t *ct, size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    rsa_state *st = state;
    mbedtls_rsa_context *rsa = mbedtls_pk_rsa(st->pk);
    unsigned char out[MBEDTLS_MPI_MAX_SIZE];
    size_t n = 0;
    cm_rc rc = CM_OK;
    int ret;
    if (!st->has_private)
        return CM_ERR_INVALID;
    if (ct_len != mbedtls_rsa_get_len(rsa))
        return CM_ERR_AUTH;
#if MBED_HAVE_3
    ret = mbedtls_rsa_rsaes_oaep_decrypt(rsa, mbedtls_ctr_drbg_random, &st->drbg, label,
                                         label_len, &n, ct, out, sizeof out);
#else
    ret = mbedtls_rsa_rsaes_oaep_decrypt(rsa, mbedtls_ctr_drbg_random, &st->drbg,
                                         MBEDTLS_RSA_PRIVATE, label, label_len, &n, ct, out,
                                         sizeof out);
#endif
    if (ret != 0)
        rc = CM_ERR_AUTH;
    else if (n > *msg_len)
        rc = CM_ERR_INVALID;
    else {
        memcpy(msg, out, n);
        *msg_len = n;
    }
    mbedtls_platform_zeroize(out, sizeof out);
    return rc;
}

const cm_pke_vtable mbed_rsa_oaep = {oaep_create,          rsa_keygen,
                                     oaep_set_private_key, rsa_set_public_key,
                                     rsa_get_public_key,   oaep_encrypt,
                                     oaep_decrypt,         rsa_destroy};
#endif
