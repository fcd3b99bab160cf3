/*
 * wolfssl_signature.c — the signature class of the wolfSSL backend:
 * Ed25519 (wc_ed25519_*) and ECDSA (wc_ecc_*), one table, the algorithm's
 * parameters (curve, hash, encoding: src/model/algorithm.c) choosing at
 * create().
 *
 * What an application does: the state holds one WC_RNG and one key;
 * keygen() makes a key pair with wc_ed25519_make_key / wc_ecc_make_key_ex;
 * Ed25519 signs the message itself (PureEdDSA); ECDSA hashes it with the
 * algorithm's hash (wc_Hash) and signs the digest with wc_ecc_sign_hash,
 * whose output is DER (X9.62 Ecdsa-Sig-Value), as is what
 * wc_ecc_verify_hash reads. Public keys go in and out as DER
 * SubjectPublicKeyInfo through wolfCrypt's own encoders.
 */
#include <stdlib.h>
#include <string.h>
#include "wolfssl_internal.h"
#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/hash.h>
#include <wolfssl/wolfcrypt/random.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

#if WOLF_HAS_ED25519 || WOLF_HAS_ECDSA

/* A message or signature of length 0 still needs a pointer. */
static const uint8_t empty_buf[1];

/* The curves and hashes of the algorithm table this file maps. */
static const struct wolf_curve {
    const char *name; /* as in the algorithm table */
    int id;           /* ECC_SECP256R1, ... (0: Ed25519) */
    int bytes;        /* field size */
} wolf_curves[] = {
#if WOLF_HAS_ED25519
    {"ed25519", 0, 32},
#endif
#if WOLF_HAS_ECDSA
    {"P-256", ECC_SECP256R1, 32},
    {"P-384", ECC_SECP384R1, 48},
#endif
};

static const struct wolf_hash {
    const char *name;
    enum wc_HashType type;
} wolf_hashes[] = {
    {"sha256", WC_HASH_TYPE_SHA256},
#ifdef WOLFSSL_SHA384
    {"sha384", WC_HASH_TYPE_SHA384},
#endif
#ifdef WOLFSSL_SHA512
    {"sha512", WC_HASH_TYPE_SHA512},
#endif
};

typedef struct sig_state {
    const struct wolf_curve *curve;
    enum wc_HashType hash; /* ECDSA's; unused for Ed25519 */
    WC_RNG rng;
    int rng_ready, key_ready, has_public, has_private;
    union {
#if WOLF_HAS_ED25519
        ed25519_key ed;
#endif
#if WOLF_HAS_ECDSA
        ecc_key ec;
#endif
    } key;
} sig_state;

/* 1 for Ed25519, 0 for ECDSA. */
static int is_ed(const sig_state *st)
{
    return st->curve->id == 0;
}

/* Frees the state's key (if any) and initialises an empty one. */
static cm_rc key_reset(sig_state *st)
{
    int ret = -1;
    if (st->key_ready) {
#if WOLF_HAS_ED25519
        if (is_ed(st))
            wc_ed25519_free(&st->key.ed);
#endif
#if WOLF_HAS_ECDSA
        if (!is_ed(st))
            wc_ecc_free(&st->key.ec);
#endif
    }
    st->key_ready = st->has_public = st->has_private = 0;
#if WOLF_HAS_ED25519
    if (is_ed(st))
        ret = wc_ed25519_init(&st->key.ed);
#endif
#if WOLF_HAS_ECDSA
    if (!is_ed(st))
        ret = wc_ecc_init(&st->key.ec);
#endif
    if (ret != 0)
        return CM_ERR_LIBRARY;
    st->key_ready = 1;
    return CM_OK;
}

static void sig_destroy(void *state)
{
    sig_state *st = state;
    if (st == NULL)
        return;
    if (st->key_ready) {
#if WOLF_HAS_ED25519
        if (is_ed(st))
            wc_ed25519_free(&st->key.ed);
#endif
#if WOLF_HAS_ECDSA
        if (!is_ed(st))
            wc_ecc_free(&st->key.ec);
#endif
    }
    if (st->rng_ready)
        wc_FreeRng(&st->rng);
    ref_wipe(st, sizeof *st);
    free(st);
}

/* Binds the state to alg's curve and hash; Ed25519 takes neither a hash
 * nor an encoding, ECDSA needs a hash and DER. */
static cm_rc sig_create(void **state, const cm_algorithm *alg)
{
    const char *curve, *hash, *encoding;
    sig_state *st;
    *state = NULL;
    if (alg == NULL)
        return CM_ERR_INVALID;
    curve = cm_algorithm_param(alg, "curve");
    hash = cm_algorithm_param(alg, "hash");
    encoding = cm_algorithm_param(alg, "encoding");
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    for (size_t i = 0; curve && i < sizeof wolf_curves / sizeof wolf_curves[0]; i++)
        if (strcmp(wolf_curves[i].name, curve) == 0)
            st->curve = &wolf_curves[i];
    st->hash = WC_HASH_TYPE_NONE;
    for (size_t i = 0; hash && i < sizeof wolf_hashes / sizeof wolf_hashes[0]; i++)
        if (strcmp(wolf_hashes[i].name, hash) == 0)
            st->hash = wolf_hashes[i].type;
    if (st->curve == NULL
        || (is_ed(st) ? hash != NULL || encoding != NULL
                      : st->hash == WC_HASH_TYPE_NONE || encoding == NULL
                            || strcmp(encoding, "der") != 0)) {
        free(st);
        return CM_ERR_UNSUPPORTED;
    }
    if (wc_InitRng(&st->rng) != 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    st->rng_ready = 1;
    if (key_reset(st) != CM_OK) {
        sig_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

static cm_rc sig_keygen(void *state)
{
    sig_state *st = state;
    int ret = -1;
    if (key_reset(st) != CM_OK)
        return CM_ERR_LIBRARY;
#if WOLF_HAS_ED25519
    if (is_ed(st))
        ret = wc_ed25519_make_key(&st->rng, ED25519_KEY_SIZE, &st->key.ed);
#endif
#if WOLF_HAS_ECDSA
    if (!is_ed(st))
        ret = wc_ecc_make_key_ex(&st->rng, st->curve->bytes, &st->key.ec, st->curve->id);
#endif
    if (ret != 0)
        return CM_ERR_LIBRARY;
    st->has_public = st->has_private = 1;
    return CM_OK;
}

#if WOLF_HAS_ECDSA
/* digest = the algorithm's hash of msg; *n its length. */
static cm_rc ecdsa_digest(const sig_state *st, const uint8_t *msg, size_t len, uint8_t *digest,
                          word32 *n)
{
    int size = wc_HashGetDigestSize(st->hash);
    if (size <= 0 || size > WC_MAX_DIGEST_SIZE || len > UINT32_MAX)
        return CM_ERR_UNSUPPORTED;
    if (wc_Hash(st->hash, len ? msg : empty_buf, (word32)len, digest, (word32)size) != 0)
        return CM_ERR_LIBRARY;
    *n = (word32)size;
    return CM_OK;
}
#endif

/* sig needs room for the longest signature: 64 bytes for Ed25519,
 * wc_ecc_sig_size (72 for P-256) for ECDSA. */
static cm_rc sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    sig_state *st = state;
    word32 n = *sig_len > UINT32_MAX ? UINT32_MAX : (word32)*sig_len;
    int ret = -1;
    if (!st->has_private || len > UINT32_MAX)
        return CM_ERR_INVALID;
#if WOLF_HAS_ED25519
    if (is_ed(st)) {
        if (n < ED25519_SIG_SIZE)
            return CM_ERR_INVALID;
        ret = wc_ed25519_sign_msg(len ? msg : empty_buf, (word32)len, sig, &n, &st->key.ed);
    }
#endif
#if WOLF_HAS_ECDSA
    if (!is_ed(st)) {
        uint8_t digest[WC_MAX_DIGEST_SIZE];
        word32 dn;
        cm_rc rc;
        if (n < (word32)wc_ecc_sig_size(&st->key.ec))
            return CM_ERR_INVALID;
        if ((rc = ecdsa_digest(st, msg, len, digest, &dn)) != CM_OK)
            return rc;
        ret = wc_ecc_sign_hash(digest, dn, sig, &n, &st->rng, &st->key.ec);
    }
#endif
    if (ret != 0 || n == 0 || n > *sig_len)
        return CM_ERR_LIBRARY;
    *sig_len = n;
    return CM_OK;
}

/* CM_OK only when wolfCrypt returns 0 and sets its result to 1: every
 * malformed or wrong signature is CM_ERR_AUTH. */
static cm_rc sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    sig_state *st = state;
    int ret = -1, res = 0;
    if (!st->has_public)
        return CM_ERR_INVALID;
    if (len > UINT32_MAX || sig_len > UINT32_MAX)
        return CM_ERR_AUTH;
    if (sig_len == 0)
        sig = empty_buf;
#if WOLF_HAS_ED25519
    if (is_ed(st))
        ret = wc_ed25519_verify_msg(sig, (word32)sig_len, len ? msg : empty_buf, (word32)len,
                                    &res, &st->key.ed);
#endif
#if WOLF_HAS_ECDSA
    if (!is_ed(st)) {
        uint8_t digest[WC_MAX_DIGEST_SIZE];
        word32 dn;
        cm_rc rc = ecdsa_digest(st, msg, len, digest, &dn);
        if (rc != CM_OK)
            return rc;
        ret = wc_ecc_verify_hash(sig, (word32)sig_len, digest, dn, &res, &st->key.ec);
    }
#endif
    return ret == 0 && res == 1 ? CM_OK : CM_ERR_AUTH;
}

/* Takes one whole DER SubjectPublicKeyInfo of the algorithm's key type
 * (for ECDSA: of its curve, a point on it). */
static cm_rc sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    sig_state *st = state;
    word32 idx = 0;
    int ret = -1;
    if (der == NULL || der_len == 0 || der_len > UINT32_MAX || key_reset(st) != CM_OK)
        return CM_ERR_INVALID;
#if WOLF_HAS_ED25519
    /* wolfSSL 5.5 leaves idx at the key's start, not after it: the whole
     * input is checked by its length instead, which RFC 8410 fixes (a
     * 12-byte header and the 32-byte key) */
    if (is_ed(st)) {
        ret = wc_Ed25519PublicKeyDecode(der, &idx, &st->key.ed, (word32)der_len);
        idx = der_len == 12 + ED25519_PUB_KEY_SIZE ? (word32)der_len : 0;
    }
#endif
#if WOLF_HAS_ECDSA
    if (!is_ed(st)) {
        ret = wc_EccPublicKeyDecode(der, &idx, &st->key.ec, (word32)der_len);
        if (ret == 0 && (wc_ecc_get_curve_id(st->key.ec.idx) != st->curve->id
                         || wc_ecc_check_key(&st->key.ec) != 0))
            ret = -1;
    }
#endif
    if (ret != 0 || idx != der_len) {
        key_reset(st);
        return CM_ERR_INVALID;
    }
    st->has_public = 1;
    return CM_OK;
}

static cm_rc sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    sig_state *st = state;
    word32 room = *len > UINT32_MAX ? UINT32_MAX : (word32)*len;
    int n = -1;
    if (!st->has_public)
        return CM_ERR_INVALID;
#if WOLF_HAS_ED25519
    if (is_ed(st))
        n = wc_Ed25519PublicKeyToDer(&st->key.ed, der, room, 1);
#endif
#if WOLF_HAS_ECDSA
    if (!is_ed(st))
        n = wc_EccPublicKeyToDer(&st->key.ec, der, room, 1);
#endif
    if (n <= 0)
        return CM_ERR_INVALID;
    *len = (size_t)n;
    return CM_OK;
}

const cm_signature_vtable wolf_signature = {sig_create, sig_keygen, sig_sign, sig_verify,
                                            sig_set_public_key, sig_get_public_key,
                                            sig_destroy};
#endif
