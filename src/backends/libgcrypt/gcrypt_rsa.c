/*
 * gcrypt_rsa.c — RSA keys and RSA-PSS signatures in the libgcrypt backend,
 * through gcry_pk_genkey, gcry_pk_sign and gcry_pk_verify, whose keys and
 * data are S-expressions. The key handling (gc_rsa_*, gcrypt_internal.h)
 * is apart from the signature calls, for any other RSA row to share.
 *
 * create() takes exactly the algorithm's parameters or returns
 * CM_ERR_UNSUPPORTED: e = 65537, the hash, an MGF1 hash that is the hash
 * (libgcrypt's PSS and OAEP use the one hash-algo for both), and for PSS
 * the salt length. keygen() is (genkey (rsa (nbits N) (rsa-use-e 65537))).
 * Public keys come in and go out as SubjectPublicKeyInfo, through
 * gcrypt_rsa_der.c: libgcrypt reads and writes no DER.
 *
 * sign() hashes the message with gcry_md_hash_buffer and signs
 * (data (flags pss) (hash sha256 DIGEST) (salt-length 32)); libgcrypt draws
 * the salt. (libgcrypt would also hash a (value MSG) itself, but refuses an
 * empty one.) verify() is gcry_pk_verify of the same data, with that salt
 * length, so a signature with another salt length is refused.
 *
 * libgcrypt takes and gives signatures (and ciphertexts) as integers:
 * turning them into and from k-byte strings (I2OSP, and OS2IP with its
 * length check: RFC 8017 sections 4.1, 4.2, 8.1.2) is ours.
 */
#include <stdlib.h>
#include <string.h>
#include "cryptometer/algorithm.h"
#include "gcrypt_internal.h"

#define GC_RSA_MAX_BYTES 1024 /* the largest modulus taken: 8192 bits */

static const uint8_t empty[1]; /* where an empty message points */

static void rsa_clear(gc_rsa_state *st)
{
    gcry_sexp_release(st->pub); /* accepts NULL */
    gcry_sexp_release(st->priv);
    st->pub = st->priv = NULL;
}

void gc_rsa_destroy(void *state)
{
    if (state == NULL)
        return;
    rsa_clear(state);
    free(state);
}

/* 1 when alg's parameter key is value. */
static int param_is(const cm_algorithm *alg, const char *key, const char *value)
{
    const char *v = cm_algorithm_param(alg, key);
    return v != NULL && strcmp(v, value) == 0;
}

/* See gcrypt_internal.h. */
cm_rc gc_rsa_create(void **state, const cm_algorithm *alg, const char *padding)
{
    const char *bits = cm_algorithm_param(alg, "key_bits");
    const char *hash = cm_algorithm_param(alg, "hash");
    gc_rsa_state *st;
    int md;

    *state = NULL;
    if (bits == NULL || hash == NULL || !param_is(alg, "padding", padding)
        || !param_is(alg, "public_exponent", "65537") || !param_is(alg, "mgf_hash", hash)
        || atoi(bits) < 1024 || atoi(bits) > GC_RSA_MAX_BYTES * 8
        || (md = gcry_md_map_name(hash)) == 0)
        return CM_ERR_UNSUPPORTED;
    if ((st = calloc(1, sizeof *st)) == NULL)
        return CM_ERR_NOMEM;
    st->bits = (unsigned)atoi(bits);
    st->k = (st->bits + 7) / 8;
    st->md = md;
    st->hash = hash;
    *state = st;
    return CM_OK;
}

static cm_rc pss_create(void **state, const cm_algorithm *alg)
{
    const char *salt = cm_algorithm_param(alg, "salt_bytes");
    cm_rc rc;
    if (salt == NULL || atoi(salt) < 0 || atoi(salt) > 16384)
        return CM_ERR_UNSUPPORTED; /* libgcrypt's bound */
    if ((rc = gc_rsa_create(state, alg, "pss")) == CM_OK)
        ((gc_rsa_state *)*state)->salt = (unsigned)atoi(salt);
    return rc;
}

/* ---- keys ---------------------------------------------------------------------- */

/* See gcrypt_internal.h. */
cm_rc gc_rsa_take(gc_rsa_state *st, gcry_sexp_t pub, gcry_sexp_t priv)
{
    rsa_clear(st);
    if (pub == NULL || gcry_pk_get_nbits(pub) != st->bits) {
        gcry_sexp_release(pub);
        gcry_sexp_release(priv);
        return CM_ERR_INVALID;
    }
    st->pub = pub;
    st->priv = priv;
    return CM_OK;
}

cm_rc gc_rsa_keygen(void *state)
{
    gc_rsa_state *st = state;
    gcry_sexp_t parms = NULL, key = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    rsa_clear(st);
    if (gcry_sexp_build(&parms, NULL, "(genkey (rsa (nbits %u) (rsa-use-e %u)))", st->bits,
                        65537u) == 0
        && gcry_pk_genkey(&key, parms) == 0)
        rc = gc_rsa_take(st, gcry_sexp_find_token(key, "public-key", 0),
                         gcry_sexp_find_token(key, "private-key", 0));
    gcry_sexp_release(parms);
    gcry_sexp_release(key);
    return rc == CM_ERR_INVALID ? CM_ERR_LIBRARY : rc;
}

/* See gcrypt_internal.h. */
gcry_sexp_t gc_rsa_public_of(gcry_mpi_t n, gcry_mpi_t e)
{
    gcry_sexp_t pub = NULL;
    if (gcry_sexp_build(&pub, NULL, "(public-key (rsa (n %m) (e %m)))", n, e) != 0)
        return NULL;
    return pub;
}

cm_rc gc_rsa_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    gcry_mpi_t n, e;
    cm_rc rc;
    rsa_clear(state);
    if (der == NULL || gc_rsa_spki_read(der, der_len, &n, &e) != 0)
        return CM_ERR_INVALID;
    rc = gc_rsa_take(state, gc_rsa_public_of(n, e), NULL);
    gcry_mpi_release(n);
    gcry_mpi_release(e);
    return rc;
}

/* The n-th (1: first) integer named name in e, unsigned, or NULL. */
static gcry_mpi_t mpi_of(gcry_sexp_t e, const char *name)
{
    gcry_sexp_t t = gcry_sexp_find_token(e, name, 0);
    gcry_mpi_t x = t ? gcry_sexp_nth_mpi(t, 1, GCRYMPI_FMT_USG) : NULL;
    gcry_sexp_release(t);
    return x;
}

cm_rc gc_rsa_get_public_key(void *state, uint8_t *der, size_t *len)
{
    gc_rsa_state *st = state;
    gcry_mpi_t n, e;
    cm_rc rc;
    if (st->pub == NULL)
        return CM_ERR_INVALID;
    n = mpi_of(st->pub, "n"), e = mpi_of(st->pub, "e");
    rc = n == NULL || e == NULL                     ? CM_ERR_LIBRARY
         : gc_rsa_spki_write(n, e, der, len) != 0 ? CM_ERR_INVALID
                                                    : CM_OK;
    gcry_mpi_release(n);
    gcry_mpi_release(e);
    return rc;
}

/* See gcrypt_internal.h. */
int gc_rsa_fixed_bytes(gcry_sexp_t e, const char *name, uint8_t *out, size_t k)
{
    gcry_sexp_t t = gcry_sexp_find_token(e, name, 0);
    size_t n = 0;
    const char *d = t ? gcry_sexp_nth_data(t, 1, &n) : NULL;
    int rc = -1;
    while (d != NULL && n > k && *d == 0)
        d++, n--;
    if (d != NULL && n <= k) {
        memset(out, 0, k - n);
        memcpy(out + k - n, d, n);
        rc = 0;
    }
    gcry_sexp_release(t);
    return rc;
}

/* ---- RSA-PSS ------------------------------------------------------------------- */

/* The data expression of msg's digest for PSS with the state's salt. */
static gcry_error_t pss_data(const gc_rsa_state *st, gcry_sexp_t *data, const uint8_t *msg,
                             size_t len)
{
    uint8_t digest[64];
    unsigned dlen = gcry_md_get_algo_dlen(st->md);
    if (dlen == 0 || dlen > sizeof digest)
        return gcry_error(GPG_ERR_DIGEST_ALGO);
    gcry_md_hash_buffer(st->md, digest, len ? msg : empty, len);
    return gcry_sexp_build(data, NULL, "(data (flags pss) (hash %s %b) (salt-length %u))",
                           st->hash, (int)dlen, digest, st->salt);
}

static cm_rc pss_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    gc_rsa_state *st = state;
    gcry_sexp_t data = NULL, s = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    if (st->priv == NULL || *sig_len < st->k)
        return CM_ERR_INVALID;
    if (pss_data(st, &data, msg, len) == 0 && gcry_pk_sign(&s, data, st->priv) == 0
        && gc_rsa_fixed_bytes(s, "s", sig, st->k) == 0) {
        *sig_len = st->k;
        rc = CM_OK;
    }
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

static cm_rc pss_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    gc_rsa_state *st = state;
    gcry_sexp_t data = NULL, s = NULL;
    cm_rc rc = CM_ERR_LIBRARY;

    if (st->pub == NULL)
        return CM_ERR_INVALID;
    if (sig_len != st->k) /* RFC 8017 8.1.2 step 1 */
        return CM_ERR_AUTH;
    if (pss_data(st, &data, msg, len) == 0
        && gcry_sexp_build(&s, NULL, "(sig-val (rsa (s %b)))", (int)sig_len, sig) == 0)
        rc = gcry_pk_verify(s, data, st->pub) == 0 ? CM_OK : CM_ERR_AUTH;
    gcry_sexp_release(data);
    gcry_sexp_release(s);
    return rc;
}

const cm_signature_vtable gc_rsa_pss_vtable = {
    pss_create, gc_rsa_keygen, pss_sign, pss_verify, gc_rsa_set_public_key, gc_rsa_get_public_key,
    gc_rsa_destroy};
