/*
 * brokenpk.c — the test-only backend `brokenpk`: public-key
 * implementations that are wrong on purpose, so that the tests can prove
 * the KAT runner and `run` catch them (tests/e2e/test_pubkey.py). Built
 * only with -DCRYPTOMETER_TEST_BACKENDS=ON, on the OpenSSL backend's
 * implementations (found through the registry; unavailable without it):
 *
 *   ed25519 (unverifiable)  OpenSSL's, except that sign() flips the low
 *                           bit of the signature's last byte: its own
 *                           verify is right, so the Wycheproof vectors
 *                           (verify only) pass and only the cross-check
 *                           (the peer verifies what it signed) catches it.
 *   x25519 (wrong-secret)   OpenSSL's, except that derive() flips the low
 *                           bit of the shared secret's first byte: every
 *                           valid Wycheproof case fails, named by tcId.
 */
#include <stdio.h>
#include "cryptometer/backend.h"
#include "registry/registry.h"

/* OpenSSL's implementation of alg, or NULL. The states are OpenSSL's
 * own: every call but the broken one passes straight through. */
static const cm_impl *ossl(const char *alg)
{
    const cm_backend *b = cm_registry_find_backend("openssl");
    return b ? cm_backend_find_impl(b, alg, "evp") : NULL;
}

static int available(const char *alg, char *why, size_t why_len)
{
    const cm_impl *impl = ossl(alg);
    if (impl)
        return 1;
    snprintf(why, why_len, "built on the openssl backend's %s, which this build does not have",
             alg);
    return 0;
}

/* ---- ed25519: a signature that does not verify -------------------------------- */

#define SIG(fn) (ossl("ed25519")->vt.signature->fn)

static cm_rc sig_create(void **st, const cm_algorithm *alg)
{
    return ossl("ed25519") ? SIG(create)(st, alg) : CM_ERR_UNSUPPORTED;
}
static cm_rc sig_keygen(void *st)
{
    return SIG(keygen)(st);
}
static cm_rc sig_sign(void *st, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    cm_rc rc = SIG(sign)(st, msg, len, sig, sig_len);
    if (rc == CM_OK && *sig_len > 0)
        sig[*sig_len - 1] ^= 1; /* the deliberate error */
    return rc;
}
static cm_rc sig_verify(void *st, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    return SIG(verify)(st, msg, len, sig, sig_len);
}
static cm_rc sig_set_public_key(void *st, const uint8_t *der, size_t len)
{
    return SIG(set_public_key)(st, der, len);
}
static cm_rc sig_get_public_key(void *st, uint8_t *der, size_t *len)
{
    return SIG(get_public_key)(st, der, len);
}
static void sig_destroy(void *st)
{
    if (st)
        SIG(destroy)(st);
}
static int sig_available(char *why, size_t why_len)
{
    return available("ed25519", why, why_len);
}
static const cm_signature_vtable unverifiable = {sig_create,          sig_keygen, sig_sign,
                                                 sig_verify,          sig_set_public_key,
                                                 sig_get_public_key, sig_destroy};

/* ---- x25519: a wrong shared secret --------------------------------------------- */

#define KEX(fn) (ossl("x25519")->vt.kex->fn)

static cm_rc kex_create(void **st, const cm_algorithm *alg)
{
    return ossl("x25519") ? KEX(create)(st, alg) : CM_ERR_UNSUPPORTED;
}
static cm_rc kex_keygen(void *st)
{
    return KEX(keygen)(st);
}
static cm_rc kex_set_private_key(void *st, const uint8_t *key, size_t len)
{
    return KEX(set_private_key)(st, key, len);
}
static cm_rc kex_get_public_key(void *st, uint8_t *pub, size_t *len)
{
    return KEX(get_public_key)(st, pub, len);
}
static cm_rc kex_derive(void *st, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                        uint8_t *secret, size_t *secret_len)
{
    cm_rc rc = KEX(derive)(st, form, peer, peer_len, secret, secret_len);
    if (rc == CM_OK && *secret_len > 0)
        secret[0] ^= 1; /* the deliberate error */
    return rc;
}
static void kex_destroy(void *st)
{
    if (st)
        KEX(destroy)(st);
}
static int kex_available(char *why, size_t why_len)
{
    return available("x25519", why, why_len);
}
static const cm_kex_vtable wrong_secret = {kex_create,         kex_keygen, kex_set_private_key,
                                           kex_get_public_key, kex_derive, kex_destroy};

static const cm_impl impls[] = {
    CM_IMPL_SIGNATURE("ed25519", "unverifiable", &unverifiable, sig_available),
    CM_IMPL_KEX("x25519", "wrong-secret", &wrong_secret, kex_available),
};

extern const cm_backend cm_backend_brokenpk;
const cm_backend cm_backend_brokenpk = {
    .name = "brokenpk",
    .description = "test only: OpenSSL's public-key implementations with a deliberate error "
                   "(a signature that does not verify, a wrong shared secret)",
    .impls = impls,
    .n_impls = sizeof impls / sizeof impls[0],
    .test_only = 1,
};
