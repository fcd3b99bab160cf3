/*
 * nettle_rsa.c — RSA-PSS signatures (SHA-256, MGF1-SHA-256, a 32-byte
 * salt, e = 65537) for the Nettle backend, with hogweed's rsa_* calls and
 * GMP integers at their interface.
 *
 * keygen() is rsa_generate_keypair with e = 65537 and getentropy() as the
 * random source; sign() hashes the message (sha256_*), draws the salt and
 * calls rsa_pss_sha256_sign_digest_tr (the blinded, checked signing);
 * verify() is rsa_pss_sha256_verify_digest with the row's salt length.
 * Public keys come as SubjectPublicKeyInfo, read with Nettle's own DER
 * reader (asn1_der_*, rsa_public_key_from_der_iterator); Nettle writes no
 * DER, so get_public_key() writes the SubjectPublicKeyInfo of (n, e) here:
 * the one encoding of two integers, for the other side of a cross-check.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <nettle/asn1.h>
#include <nettle/bignum.h>
#include <nettle/rsa.h>
#include <nettle/sha2.h>
#include "cryptometer/algorithm.h"
#include "nettle_internal.h"

#define SALT 32
#define NT_RSA_MAX_BITS 16384 /* the largest modulus a public key may have */

/* AlgorithmIdentifier { rsaEncryption, NULL } */
static const uint8_t rsa_alg_id[15] = {0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86,
                                       0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

typedef struct nt_rsa_state {
    unsigned bits;
    struct rsa_public_key pub;
    struct rsa_private_key priv;
    mpz_t s; /* scratch: a signature */
    int has_public, has_private;
} nt_rsa_state;

static void rsa_destroy(void *state)
{
    nt_rsa_state *st = state;
    if (st == NULL)
        return;
    rsa_public_key_clear(&st->pub);
    rsa_private_key_clear(&st->priv);
    mpz_clear(st->s);
    free(st);
}

/* 1 when alg's parameter key is value. */
static int param_is(const cm_algorithm *alg, const char *key, const char *value)
{
    const char *v = cm_algorithm_param(alg, key);
    return v != NULL && strcasecmp(v, value) == 0;
}

static cm_rc rsa_create(void **state, const cm_algorithm *alg)
{
    const char *bits = cm_algorithm_param(alg, "key_bits");
    nt_rsa_state *st;

    *state = NULL;
    if (bits == NULL || atoi(bits) < 1024 || !param_is(alg, "padding", "pss")
        || !param_is(alg, "hash", "sha256") || !param_is(alg, "mgf_hash", "sha256")
        || !param_is(alg, "salt_bytes", "32") || !param_is(alg, "public_exponent", "65537"))
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->bits = (unsigned)atoi(bits);
    rsa_public_key_init(&st->pub);
    rsa_private_key_init(&st->priv);
    mpz_init(st->s);
    *state = st;
    return CM_OK;
}

/* nettle_random_func over getentropy(); *ctx (an int) is set on failure. */
static void entropy(void *ctx, size_t len, uint8_t *dst)
{
    while (len > 0) {
        size_t n = len < 256 ? len : 256;
        if (getentropy(dst, n) != 0) {
            *(int *)ctx = 1;
            memset(dst, 0, n);
        }
        dst += n, len -= n;
    }
}

static cm_rc rsa_keygen(void *state)
{
    nt_rsa_state *st = state;
    int failed = 0;
    mpz_set_ui(st->pub.e, 65537);
    st->has_public = st->has_private = 0;
    if (!rsa_generate_keypair(&st->pub, &st->priv, &failed, entropy, NULL, NULL, st->bits, 0)
        || failed)
        return CM_ERR_LIBRARY;
    st->has_public = st->has_private = 1;
    return CM_OK;
}

static void digest_of(const uint8_t *msg, size_t len, uint8_t digest[SHA256_DIGEST_SIZE])
{
    static const uint8_t empty[1];
    struct sha256_ctx h;
    sha256_init(&h);
    sha256_update(&h, len, len ? msg : empty);
    sha256_digest(&h, SHA256_DIGEST_SIZE, digest);
}

static cm_rc rsa_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    nt_rsa_state *st = state;
    uint8_t digest[SHA256_DIGEST_SIZE], salt[SALT];
    int failed = 0;

    if (!st->has_private || *sig_len < st->pub.size)
        return CM_ERR_INVALID;
    digest_of(msg, len, digest);
    entropy(&failed, sizeof salt, salt);
    if (failed || !rsa_pss_sha256_sign_digest_tr(&st->pub, &st->priv, &failed, entropy, SALT,
                                                 salt, digest, st->s)
        || failed)
        return CM_ERR_LIBRARY;
    nettle_mpz_get_str_256(st->pub.size, sig, st->s);
    *sig_len = st->pub.size;
    return CM_OK;
}

static cm_rc rsa_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    nt_rsa_state *st = state;
    uint8_t digest[SHA256_DIGEST_SIZE];

    if (!st->has_public)
        return CM_ERR_INVALID;
    if (sig_len != st->pub.size)
        return CM_ERR_AUTH;
    digest_of(msg, len, digest);
    nettle_mpz_set_str_256_u(st->s, sig_len, sig);
    return rsa_pss_sha256_verify_digest(&st->pub, SALT, digest, st->s) ? CM_OK : CM_ERR_AUTH;
}

/* Reads SEQUENCE { rsaEncryption AlgorithmIdentifier, BIT STRING {
 * RSAPublicKey } } with Nettle's DER reader: 1, or 0 when der is not that. */
static int spki_read(struct rsa_public_key *pub, const uint8_t *der, size_t len)
{
    struct asn1_der_iterator i;
    /* the outer SEQUENCE (nothing after it), then its first element: the
     * AlgorithmIdentifier, whose one form is compared byte for byte */
    if (asn1_der_iterator_first(&i, len, der) != ASN1_ITERATOR_CONSTRUCTED
        || i.type != ASN1_SEQUENCE
        || asn1_der_decode_constructed_last(&i) != ASN1_ITERATOR_CONSTRUCTED
        || i.type != ASN1_SEQUENCE || i.length != sizeof rsa_alg_id - 2
        || memcmp(i.data, rsa_alg_id + 2, sizeof rsa_alg_id - 2) != 0)
        return 0;
    /* the BIT STRING, last, holding RSAPublicKey { n, e } */
    if (asn1_der_iterator_next(&i) != ASN1_ITERATOR_PRIMITIVE || i.type != ASN1_BITSTRING
        || asn1_der_decode_bitstring_last(&i) != ASN1_ITERATOR_CONSTRUCTED
        || i.type != ASN1_SEQUENCE)
        return 0;
    /* Nettle's reader of RSAPublicKey takes the SEQUENCE itself */
    return rsa_public_key_from_der_iterator(pub, NT_RSA_MAX_BITS, &i);
}

static cm_rc rsa_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    nt_rsa_state *st = state;
    st->has_public = st->has_private = 0;
    if (!spki_read(&st->pub, der, der_len) || mpz_sizeinbase(st->pub.n, 2) != st->bits)
        return CM_ERR_INVALID;
    st->has_public = 1;
    return CM_OK;
}

/* ---- writing the SubjectPublicKeyInfo ------------------------------------ */

/* The length of a DER length field for n. */
static size_t der_len_size(size_t n)
{
    return n < 0x80 ? 1 : n < 0x100 ? 2 : 3;
}

/* Writes tag and length n at p; returns the bytes written. */
static size_t der_head(uint8_t *p, uint8_t tag, size_t n)
{
    p[0] = tag;
    if (n < 0x80) {
        p[1] = (uint8_t)n;
        return 2;
    }
    if (n < 0x100) {
        p[1] = 0x81, p[2] = (uint8_t)n;
        return 3;
    }
    p[1] = 0x82, p[2] = (uint8_t)(n >> 8), p[3] = (uint8_t)n;
    return 4;
}

/* Bytes of the content of the INTEGER x (positive): a leading zero byte
 * when its top bit is set. */
static size_t int_len(const mpz_t x)
{
    size_t n = nettle_mpz_sizeinbase_256_u(x);
    return n + (mpz_tstbit(x, 8 * n - 1) ? 1 : 0);
}

static size_t der_int(uint8_t *p, const mpz_t x)
{
    size_t n = int_len(x), h = der_head(p, 0x02, n);
    nettle_mpz_get_str_256(n, p + h, x); /* pads with the leading zero */
    return h + n;
}

static cm_rc rsa_get_public_key(void *state, uint8_t *der, size_t *len)
{
    nt_rsa_state *st = state;
    size_t ln, le, seq, bit, total, p = 0;

    if (!st->has_public)
        return CM_ERR_INVALID;
    ln = int_len(st->pub.n), le = int_len(st->pub.e);
    seq = 1 + der_len_size(ln) + ln + 1 + der_len_size(le) + le;       /* RSAPublicKey content */
    bit = 1 + (1 + der_len_size(seq) + seq);                             /* BIT STRING content */
    total = sizeof rsa_alg_id + 1 + der_len_size(bit) + bit;             /* outer content */
    if (*len < 1 + der_len_size(total) + total || total > 0xffff)
        return CM_ERR_INVALID;
    p += der_head(der + p, 0x30, total);
    memcpy(der + p, rsa_alg_id, sizeof rsa_alg_id);
    p += sizeof rsa_alg_id;
    p += der_head(der + p, 0x03, bit);
    der[p++] = 0; /* no unused bits */
    p += der_head(der + p, 0x30, seq);
    p += der_int(der + p, st->pub.n);
    p += der_int(der + p, st->pub.e);
    *len = p;
    return CM_OK;
}

const cm_signature_vtable nt_rsa_pss_vtable = {rsa_create, rsa_keygen,         rsa_sign,
                                               rsa_verify, rsa_set_public_key, rsa_get_public_key,
                                               rsa_destroy};
