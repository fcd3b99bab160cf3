/*
 * cryptopp_sign.cpp — the Crypto++ backend's signatures behind the C
 * vtables of include/cryptometer/primitive.h (declared in
 * cryptopp_internal.h; the rows are cryptopp_backend.c). No exception
 * leaves this file: each is a cm_rc. Ed25519: ed25519Signer and
 * ed25519Verifier. ECDSA: ECDSA<ECP, SHA256>, whose signatures are
 * IEEE P1363 (r || s): Crypto++'s own DSAConvertSignatureFormat turns them
 * into DER and back. RSA-PSS: RSASS<PSS, SHA256> (MGF1-SHA-256, a salt of
 * the hash's length, Crypto++'s default), keys of e = 65537. Public keys
 * are X.509 SubjectPublicKeyInfo (Save, Load), the curve named by its OID.
 */
#include <cstring>
#include <new>
#include <string>

#include <cryptopp/cryptlib.h>
#include <cryptopp/dsa.h>
#include <cryptopp/eccrypto.h>
#include <cryptopp/filters.h>
#include <cryptopp/oids.h>
#include <cryptopp/osrng.h>
#include <cryptopp/pssr.h>
#include <cryptopp/rsa.h>
#include <cryptopp/sha.h>
#include <cryptopp/xed25519.h>

extern "C" {
#include "cryptometer/algorithm.h"
}
#include "cryptopp_common.hpp"
#include "cryptopp_internal.h"

using namespace CryptoPP;
using cp::guard;
using cp::save_public;

namespace {

/* ---- signatures -------------------------------------------------------- */

struct Ed {
    AutoSeededRandomPool rng;
    ed25519Signer signer;
    ed25519Verifier verifier;
    bool have_private = false, have_public = false;
};

cm_rc ed_create(void **state, const cm_algorithm *)
{
    return guard([&] {
        *state = new Ed;
        return CM_OK;
    });
}

cm_rc ed_keygen(void *state)
{
    Ed *st = static_cast<Ed *>(state);
    return guard([&] {
        st->signer = ed25519Signer(st->rng);
        st->verifier = ed25519Verifier(st->signer);
        st->have_private = st->have_public = true;
        return CM_OK;
    });
}

cm_rc ed_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    Ed *st = static_cast<Ed *>(state);
    if (!st->have_private)
        return CM_ERR_INVALID;
    if (*sig_len < st->signer.MaxSignatureLength())
        return CM_ERR_INVALID;
    return guard([&] {
        *sig_len = st->signer.SignMessage(st->rng, msg, len, sig);
        return CM_OK;
    });
}

cm_rc ed_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig, size_t sig_len)
{
    Ed *st = static_cast<Ed *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    if (sig_len != st->verifier.SignatureLength())
        return CM_ERR_AUTH;
    return guard([&] {
        return st->verifier.VerifyMessage(msg, len, sig, sig_len) ? CM_OK : CM_ERR_AUTH;
    });
}

cm_rc ed_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    Ed *st = static_cast<Ed *>(state);
    st->have_private = st->have_public = false;
    cm_rc rc = guard([&] {
        ArraySource src(der, der_len, true);
        st->verifier = ed25519Verifier(src);
        return CM_OK;
    });
    if (rc != CM_OK)
        return CM_ERR_INVALID;
    st->have_public = true;
    return CM_OK;
}

cm_rc ed_get_public_key(void *state, uint8_t *der, size_t *len)
{
    Ed *st = static_cast<Ed *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    return guard([&] { return save_public(st->verifier.GetPublicKey(), der, len); });
}

void ed_destroy(void *state)
{
    delete static_cast<Ed *>(state);
}

/* ECDSA over curve C with hash H, DER signatures. */
template <class H> struct Ec {
    AutoSeededRandomPool rng;
    typename ECDSA<ECP, H>::PrivateKey priv;
    typename ECDSA<ECP, H>::PublicKey pub;
    bool have_private = false, have_public = false;
};

template <class H> cm_rc ec_create(void **state, const cm_algorithm *alg)
{
    const char *enc = cm_algorithm_param(alg, "encoding");
    if (enc != nullptr && std::strcmp(enc, "der") != 0)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        *state = new Ec<H>;
        return CM_OK;
    });
}

template <class H, OID (*CURVE)()> cm_rc ec_keygen(void *state)
{
    Ec<H> *st = static_cast<Ec<H> *>(state);
    return guard([&] {
        st->priv.Initialize(st->rng, CURVE());
        st->priv.MakePublicKey(st->pub);
        st->pub.AccessGroupParameters().SetEncodeAsOID(true);
        st->have_private = st->have_public = true;
        return CM_OK;
    });
}

template <class H> cm_rc ec_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                                 size_t *sig_len)
{
    Ec<H> *st = static_cast<Ec<H> *>(state);
    if (!st->have_private)
        return CM_ERR_INVALID;
    return guard([&] {
        typename ECDSA<ECP, H>::Signer signer(st->priv);
        byte p1363[2 * 66];
        size_t n = signer.SignMessage(st->rng, msg, len, p1363);
        size_t der = DSAConvertSignatureFormat(sig, *sig_len, DSA_DER, p1363, n, DSA_P1363);
        if (der == 0 || der > *sig_len)
            return CM_ERR_INVALID;
        *sig_len = der;
        return CM_OK;
    });
}

template <class H> cm_rc ec_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                                   size_t sig_len)
{
    Ec<H> *st = static_cast<Ec<H> *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    cm_rc rc = guard([&] {
        typename ECDSA<ECP, H>::Verifier verifier(st->pub);
        byte p1363[2 * 66];
        size_t want = verifier.SignatureLength();
        if (want > sizeof p1363)
            return CM_ERR_LIBRARY;
        size_t n = DSAConvertSignatureFormat(p1363, want, DSA_P1363, sig, sig_len, DSA_DER);
        if (n != want)
            return CM_ERR_AUTH;
        return verifier.VerifyMessage(msg, len, p1363, n) ? CM_OK : CM_ERR_AUTH;
    });
    /* a signature Crypto++ cannot decode does not verify */
    return rc == CM_ERR_LIBRARY || rc == CM_ERR_UNSUPPORTED ? CM_ERR_AUTH : rc;
}

template <class H> cm_rc ec_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    Ec<H> *st = static_cast<Ec<H> *>(state);
    st->have_private = st->have_public = false;
    cm_rc rc = guard([&] {
        ArraySource src(der, der_len, true);
        st->pub.Load(src);
        return st->pub.Validate(st->rng, 2) ? CM_OK : CM_ERR_INVALID;
    });
    if (rc != CM_OK)
        return CM_ERR_INVALID;
    st->have_public = true;
    return CM_OK;
}

template <class H> cm_rc ec_get_public_key(void *state, uint8_t *der, size_t *len)
{
    Ec<H> *st = static_cast<Ec<H> *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    return guard([&] { return save_public(st->pub, der, len); });
}

template <class H> void ec_destroy(void *state)
{
    delete static_cast<Ec<H> *>(state);
}

/* RSA-PSS with SHA-256, MGF1-SHA-256 and a salt of the hash's length
 * (Crypto++'s PSS default), e = 65537. */
template <unsigned BITS> struct Rsa {
    AutoSeededRandomPool rng;
    RSA::PrivateKey priv;
    RSA::PublicKey pub;
    bool have_private = false, have_public = false;
};

template <unsigned BITS> cm_rc rsa_create(void **state, const cm_algorithm *)
{
    return guard([&] {
        *state = new Rsa<BITS>;
        return CM_OK;
    });
}

template <unsigned BITS> cm_rc rsa_keygen(void *state)
{
    Rsa<BITS> *st = static_cast<Rsa<BITS> *>(state);
    return guard([&] {
        st->priv.Initialize(st->rng, BITS, 65537);
        st->pub = RSA::PublicKey(st->priv);
        st->have_private = st->have_public = true;
        return CM_OK;
    });
}

template <unsigned BITS> cm_rc rsa_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                                        size_t *sig_len)
{
    Rsa<BITS> *st = static_cast<Rsa<BITS> *>(state);
    if (!st->have_private)
        return CM_ERR_INVALID;
    return guard([&] {
        RSASS<PSS, SHA256>::Signer signer(st->priv);
        if (*sig_len < signer.MaxSignatureLength())
            return CM_ERR_INVALID;
        *sig_len = signer.SignMessage(st->rng, msg, len, sig);
        return CM_OK;
    });
}

template <unsigned BITS> cm_rc rsa_verify(void *state, const uint8_t *msg, size_t len,
                                          const uint8_t *sig, size_t sig_len)
{
    Rsa<BITS> *st = static_cast<Rsa<BITS> *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    cm_rc rc = guard([&] {
        RSASS<PSS, SHA256>::Verifier verifier(st->pub);
        if (sig_len != verifier.SignatureLength())
            return CM_ERR_AUTH;
        return verifier.VerifyMessage(msg, len, sig, sig_len) ? CM_OK : CM_ERR_AUTH;
    });
    return rc == CM_ERR_LIBRARY || rc == CM_ERR_UNSUPPORTED ? CM_ERR_AUTH : rc;
}

template <unsigned BITS> cm_rc rsa_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    Rsa<BITS> *st = static_cast<Rsa<BITS> *>(state);
    st->have_private = st->have_public = false;
    cm_rc rc = guard([&] {
        ArraySource src(der, der_len, true);
        st->pub.Load(src);
        return CM_OK;
    });
    if (rc != CM_OK)
        return CM_ERR_INVALID;
    st->have_public = true;
    return CM_OK;
}

template <unsigned BITS> cm_rc rsa_get_public_key(void *state, uint8_t *der, size_t *len)
{
    Rsa<BITS> *st = static_cast<Rsa<BITS> *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    return guard([&] { return save_public(st->pub, der, len); });
}

template <unsigned BITS> void rsa_destroy(void *state)
{
    delete static_cast<Rsa<BITS> *>(state);
}

} // namespace

/* ---- the vtables --------------------------------------------------------- */

extern "C" {
const cm_signature_vtable cp_ed25519_vt = {ed_create, ed_keygen, ed_sign, ed_verify,
                                           ed_set_public_key, ed_get_public_key, ed_destroy};
const cm_signature_vtable cp_ecdsa_p256_sha256_vt = {
    ec_create<SHA256>, ec_keygen<SHA256, ASN1::secp256r1>, ec_sign<SHA256>, ec_verify<SHA256>,
    ec_set_public_key<SHA256>, ec_get_public_key<SHA256>, ec_destroy<SHA256>};
const cm_signature_vtable cp_ecdsa_p384_sha384_vt = {
    ec_create<SHA384>, ec_keygen<SHA384, ASN1::secp384r1>, ec_sign<SHA384>, ec_verify<SHA384>,
    ec_set_public_key<SHA384>, ec_get_public_key<SHA384>, ec_destroy<SHA384>};
#define CP_RSA(id, BITS)                                                                    \
    const cm_signature_vtable id = {rsa_create<BITS>, rsa_keygen<BITS>, rsa_sign<BITS>,     \
                                    rsa_verify<BITS>, rsa_set_public_key<BITS>,             \
                                    rsa_get_public_key<BITS>, rsa_destroy<BITS>};
CP_RSA(cp_rsa_2048_pss_sha256_vt, 2048)
CP_RSA(cp_rsa_3072_pss_sha256_vt, 3072)
CP_RSA(cp_rsa_4096_pss_sha256_vt, 4096)
}
