/*
 * wolfssl_rsa.c — RSA of the wolfSSL backend: RSASSA-PSS signatures (the
 * signature class) and RSAES-OAEP encryption (the pke class) through
 * wolfCrypt's RsaKey, with SHA-256, MGF1-SHA-256 and e = 65537 as the
 * algorithm table asks (src/model/algorithm.c).
 *
 * What an application holding a key does: the state holds one WC_RNG and
 * one RsaKey (the RNG set on it for the blinding of private-key
 * operations, wc_RsaSetRNG); keygen() is wc_MakeRsaKey with the
 * algorithm's key_bits; sign() hashes the message (wc_Hash) and calls
 * wc_RsaPSS_Sign_ex with the algorithm's salt length; verify() is
 * wc_RsaPSS_Verify_ex and wc_RsaPSS_CheckPadding_ex with that salt length
 * (no other is accepted); encrypt() and decrypt() are
 * wc_RsaPublicEncrypt_ex / wc_RsaPrivateDecrypt_ex with WC_RSA_OAEP_PAD.
 * Public keys go in and out as DER SubjectPublicKeyInfo
 * (wc_RsaPublicKeyDecode, which reads a bare RSAPublicKey too, so the key
 * is written back with wc_RsaKeyToPublicDer and must be the input;
 * wc_RsaKeyToPublicDer), private keys (pke) come as PKCS#8 PrivateKeyInfo
 * (wc_GetPkcs8TraditionalOffset, then wc_RsaPrivateKeyDecode).
 */
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

#if WOLF_HAS_RSA_PSS || WOLF_HAS_RSA_OAEP

#define RSA_E 65537
#define RSA_MAX_BYTES (RSA_MAX_SIZE / 8) /* the largest modulus this wolfCrypt takes */
#define HASH WC_HASH_TYPE_SHA256
#define MGF WC_MGF1SHA256

/* A message, label or signature of length 0 still needs a pointer. */
static const uint8_t empty_buf[1];

typedef struct wolf_rsa_state {
    int bits; /* the algorithm's modulus size */
    int salt; /* PSS: salt bytes */
    WC_RNG rng;
    RsaKey key;
    int rng_ready, key_ready, has_public, has_private;
} wolf_rsa_state;

/* Frees the state's key (if any) and initialises an empty one. */
static cm_rc key_reset(wolf_rsa_state *st)
{
    if (st->key_ready)
        wc_FreeRsaKey(&st->key);
    st->key_ready = st->has_public = st->has_private = 0;
    if (wc_InitRsaKey(&st->key, NULL) != 0)
        return CM_ERR_LIBRARY;
    st->key_ready = 1;
#ifdef WC_RSA_BLINDING
    if (wc_RsaSetRNG(&st->key, &st->rng) != 0)
        return CM_ERR_LIBRARY;
#endif
    return CM_OK;
}

static void rsa_destroy(void *state)
{
    wolf_rsa_state *st = state;
    if (st == NULL)
        return;
    if (st->key_ready)
        wc_FreeRsaKey(&st->key);
    if (st->rng_ready)
        wc_FreeRng(&st->rng);
    ref_wipe(st, sizeof *st);
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
    const char *bits, *salt;
    wolf_rsa_state *st;

    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    bits = cm_algorithm_param(alg, "key_bits");
    salt = cm_algorithm_param(alg, "salt_bytes");
    if (bits == NULL || atoi(bits) < 1024 || atoi(bits) > RSA_MAX_SIZE
        || !param_is(alg, "padding", padding) || !param_is(alg, "hash", "sha256")
        || !param_is(alg, "mgf_hash", "sha256") || !param_is(alg, "public_exponent", "65537")
        || (strcmp(padding, "pss") == 0 && (salt == NULL || atoi(salt) < 0)))
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->bits = atoi(bits);
    st->salt = salt != NULL ? atoi(salt) : 0;
    if (wc_InitRng(&st->rng) != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    st->rng_ready = 1;
    if (key_reset(st) != CM_OK) {
        rsa_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

static cm_rc rsa_keygen(void *state)
{
    wolf_rsa_state *st = state;
    if (key_reset(st) != CM_OK || wc_MakeRsaKey(&st->key, st->bits, RSA_E, &st->rng) != 0)
        return CM_ERR_LIBRARY;
    st->has_public = st->has_private = 1;
    return CM_OK;
}

/* The bit length of the state's modulus (0 when it cannot be read). */
static int modulus_bits(wolf_rsa_state *st)
{
    byte n[RSA_MAX_BYTES], e[8];
    word32 n_len = sizeof n, e_len = sizeof e;
    int bits;
    if (wc_RsaFlattenPublicKey(&st->key, e, &e_len, n, &n_len) != 0 || n_len == 0 || n[0] == 0)
        return 0;
    bits = (int)(8 * n_len);
    for (byte top = n[0]; !(top & 0x80); top = (byte)(top << 1))
        bits--;
    return bits;
}

/* Keeps the key just decoded if its modulus has the algorithm's size;
 * else empties the state. */
static cm_rc key_take(wolf_rsa_state *st, int has_private)
{
    if (modulus_bits(st) != st->bits) {
        key_reset(st);
        return CM_ERR_INVALID;
    }
    st->has_public = 1;
    st->has_private = has_private;
    return CM_OK;
}

/* One whole DER SubjectPublicKeyInfo of an RSA key of the algorithm's
 * size, written as wolfCrypt writes it. */
static cm_rc rsa_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    wolf_rsa_state *st = state;
    byte again[RSA_MAX_BYTES + 64];
    word32 idx = 0;
    int n;
    if (der == NULL || der_len == 0 || der_len > sizeof again || key_reset(st) != CM_OK)
        return CM_ERR_INVALID;
    if (wc_RsaPublicKeyDecode(der, &idx, &st->key, (word32)der_len) != 0 || idx != der_len
        || (n = wc_RsaKeyToPublicDer(&st->key, again, sizeof again)) <= 0
        || (size_t)n != der_len || memcmp(again, der, der_len) != 0) {
        key_reset(st);
        return CM_ERR_INVALID;
    }
    return key_take(st, 0);
}

static cm_rc rsa_get_public_key(void *state, uint8_t *der, size_t *len)
{
    wolf_rsa_state *st = state;
    word32 room = *len > UINT32_MAX ? UINT32_MAX : (word32)*len;
    int n;
    if (!st->has_public)
        return CM_ERR_INVALID;
    n = wc_RsaKeyToPublicDer(&st->key, der, room);
    if (n <= 0)
        return CM_ERR_INVALID;
    *len = (size_t)n;
    return CM_OK;
}

/* The modulus's length in bytes: the length of every signature and
 * ciphertext. */
static size_t modulus_bytes(const wolf_rsa_state *st)
{
    return (size_t)(st->bits + 7) / 8;
}

#if WOLF_HAS_RSA_PSS
/* ---- RSASSA-PSS ---------------------------------------------------------- */

static cm_rc pss_create(void **state, const cm_algorithm *alg)
{
    return rsa_create(state, alg, "pss");
}

/* digest = SHA-256 of msg. */
static cm_rc pss_digest(const uint8_t *msg, size_t len, byte digest[WC_SHA256_DIGEST_SIZE])
{
    if (len > UINT32_MAX)
        return CM_ERR_INVALID;
    return wc_Hash(HASH, len ? msg : empty_buf, (word32)len, digest, WC_SHA256_DIGEST_SIZE) == 0
               ? CM_OK
               : CM_ERR_LIBRARY;
}

/* sig needs room for the modulus's length. */
static cm_rc pss_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    wolf_rsa_state *st = state;
    byte digest[WC_SHA256_DIGEST_SIZE];
    cm_rc rc;
    int n;
    if (!st->has_private || *sig_len < modulus_bytes(st))
        return CM_ERR_INVALID;
    if ((rc = pss_digest(msg, len, digest)) != CM_OK)
        return rc;
    n = wc_RsaPSS_Sign_ex(digest, sizeof digest, sig, (word32)modulus_bytes(st), HASH, MGF,
                          st->salt, &st->key, &st->rng);
    if (n <= 0 || (size_t)n > *sig_len)
        return CM_ERR_LIBRARY;
    *sig_len = (size_t)n;
    return CM_OK;
}

/* CM_ERR_AUTH for every signature wolfCrypt does not accept; one of
 * another length than the modulus's is not handed to it. */
static cm_rc pss_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    wolf_rsa_state *st = state;
    byte digest[WC_SHA256_DIGEST_SIZE], in[RSA_MAX_BYTES], out[RSA_MAX_BYTES];
    cm_rc rc;
    int n;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if (sig_len != modulus_bytes(st))
        return CM_ERR_AUTH;
    if ((rc = pss_digest(msg, len, digest)) != CM_OK)
        return rc;
    memcpy(in, sig, sig_len); /* wolfCrypt's verify takes a writable input */
    n = wc_RsaPSS_Verify_ex(in, (word32)sig_len, out, sizeof out, HASH, MGF, st->salt, &st->key);
    if (n <= 0)
        return CM_ERR_AUTH;
    return wc_RsaPSS_CheckPadding_ex(digest, sizeof digest, out, (word32)n, HASH, st->salt,
                                     st->bits)
                   == 0
               ? CM_OK
               : CM_ERR_AUTH;
}

const cm_signature_vtable wolf_rsa_pss = {pss_create,         rsa_keygen,         pss_sign,
                                          pss_verify,         rsa_set_public_key, rsa_get_public_key,
                                          rsa_destroy};
#endif

#if WOLF_HAS_RSA_OAEP
/* ---- RSAES-OAEP ---------------------------------------------------------- */

static cm_rc oaep_create(void **state, const cm_algorithm *alg)
{
    return rsa_create(state, alg, "oaep");
}

/* A PKCS#8 PrivateKeyInfo holding an RSAPrivateKey of the algorithm's
 * size (a bare RSAPrivateKey is refused). */
static cm_rc oaep_set_private_key(void *state, const uint8_t *pkcs8, size_t len)
{
    wolf_rsa_state *st = state;
    byte *copy;
    word32 idx = 0;
    int inner, ret = -1;
    if (pkcs8 == NULL || len == 0 || len > UINT32_MAX || key_reset(st) != CM_OK)
        return CM_ERR_INVALID;
    /* wc_GetPkcs8TraditionalOffset takes a writable input */
    if ((copy = malloc(len)) == NULL)
        return CM_ERR_NOMEM;
    memcpy(copy, pkcs8, len);
    inner = wc_GetPkcs8TraditionalOffset(copy, &idx, (word32)len);
    if (inner > 0 && idx + (word32)inner <= len) {
        word32 end = idx + (word32)inner;
        ret = wc_RsaPrivateKeyDecode(copy, &idx, &st->key, end);
        if (idx != end)
            ret = -1;
    }
    ref_wipe(copy, len);
    free(copy);
    if (ret != 0) {
        key_reset(st);
        return CM_ERR_INVALID;
    }
    return key_take(st, 1);
}

/* The label as wolfCrypt takes it (writable): a copy, or NULL when empty. */
static cm_rc label_copy(const uint8_t *label, size_t len, byte **copy)
{
    *copy = NULL;
    if (len == 0)
        return CM_OK;
    if (len > UINT32_MAX)
        return CM_ERR_INVALID;
    if ((*copy = malloc(len)) == NULL)
        return CM_ERR_NOMEM;
    memcpy(*copy, label, len);
    return CM_OK;
}

/* ct needs room for the modulus's length; a message too long for the
 * padding is CM_ERR_INVALID. */
static cm_rc oaep_encrypt(void *state, const uint8_t *label, size_t label_len,
                          const uint8_t *msg, size_t len, uint8_t *ct, size_t *ct_len)
{
    wolf_rsa_state *st = state;
    byte *lab;
    cm_rc rc;
    int n;
    if (!st->has_public || *ct_len < modulus_bytes(st) || len > UINT32_MAX)
        return CM_ERR_INVALID;
    if ((rc = label_copy(label, label_len, &lab)) != CM_OK)
        return rc;
    n = wc_RsaPublicEncrypt_ex(len ? msg : empty_buf, (word32)len, ct,
                               (word32)modulus_bytes(st), &st->key, &st->rng, WC_RSA_OAEP_PAD,
                               HASH, MGF, lab, (word32)label_len);
    free(lab);
    if (n <= 0 || (size_t)n > *ct_len)
        return CM_ERR_INVALID;
    *ct_len = (size_t)n;
    return CM_OK;
}

/* Every failure is a ciphertext that does not decrypt (wolfCrypt does not
 * tell a padding error apart); one of another length than the modulus's
 * is not handed to it. */
static cm_rc oaep_decrypt(void *state, const uint8_t *label, size_t label_len,
                          const uint8_t *ct, size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    wolf_rsa_state *st = state;
    byte out[RSA_MAX_BYTES], *lab;
    cm_rc rc;
    int n;
    if (!st->has_private)
        return CM_ERR_INVALID;
    if (ct_len != modulus_bytes(st))
        return CM_ERR_AUTH;
    if ((rc = label_copy(label, label_len, &lab)) != CM_OK)
        return rc;
    /* a message may be empty: n == 0 is a success */
    n = wc_RsaPrivateDecrypt_ex(ct, (word32)ct_len, out, sizeof out, &st->key, WC_RSA_OAEP_PAD,
                                HASH, MGF, lab, (word32)label_len);
    free(lab);
    if (n < 0)
        rc = CM_ERR_AUTH;
    else if ((size_t)n > *msg_len)
        rc = CM_ERR_INVALID;
    else {
        memcpy(msg, out, (size_t)n);
        *msg_len = (size_t)n;
    }
    ref_wipe(out, sizeof out);
    return rc;
}

const cm_pke_vtable wolf_rsa_oaep = {oaep_create,          rsa_keygen,
                                     oaep_set_private_key, rsa_set_public_key,
                                     rsa_get_public_key,   oaep_encrypt,
                                     oaep_decrypt,         rsa_destroy};
#endif
#endif
