/*
 * cryptopp_pubkey.cpp — the key agreement and public-key encryption classes
 * of the Crypto++ backend (vtables declared in cryptopp_internal.h).
 *
 * Key agreement through Crypto++'s SimpleKeyAgreementDomain: x25519
 * (xed25519.h) and ECDH<ECP>::Domain on ASN1::secp256r1(). A key pair is
 * the domain's raw private and public keys (X25519's 32 bytes; the
 * 32-byte big-endian scalar and the uncompressed point, 04 || x || y, as
 * the domain encodes it without point compression). derive() is one
 * Agree() with validateOtherPublicKey set: it decodes the peer's key and
 * refuses a point not on the curve (ECDH) or one of Crypto++'s list of
 * small-order points (X25519); an all-zero X25519 secret is refused too
 * (RFC 7748 section 6.1, the class's rule). An ECDH peer key given as
 * SubjectPublicKeyInfo is loaded by DL_PublicKey_EC<ECP> (named or
 * explicit curve, compressed or not; on the state's curve when it names
 * none) and taken only when its group is P-256 (curve, base point, order
 * and cofactor); Crypto++'s x25519 reads
 * no public key from a SubjectPublicKeyInfo (only PKCS#8 private keys), so
 * that form is refused for X25519 (CM_ERR_UNSUPPORTED).
 *
 * RSA-OAEP: RSAES<OAEP<SHA256>> (OAEP with SHA-256, MGF1 with the same
 * hash), one Encryptor and one Decryptor per key, reused; the label goes
 * in as Name::EncodingParameters(). Keys are made with e = 65537, loaded
 * from PKCS#8 (private) and SubjectPublicKeyInfo (public), and must have
 * the algorithm's modulus size.
 */
#include <cstdlib>
#include <cstring>
#include <memory>

#include <cryptopp/argnames.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/eccrypto.h>
#include <cryptopp/filters.h>
#include <cryptopp/oids.h>
#include <cryptopp/osrng.h>
#include <cryptopp/rsa.h>
#include <cryptopp/secblock.h>
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

/* True when the algorithm's parameter `name` is `want`. */
bool param_is(const cm_algorithm *alg, const char *name, const char *want)
{
    const char *v = cm_algorithm_param(alg, name);
    return v != nullptr && std::strcmp(v, want) == 0;
}

/* ---- key agreement ------------------------------------------------------ */

typedef ECDH<ECP>::Domain EcDomain;

struct Kex {
    AutoSeededRandomPool rng;
    std::unique_ptr<SimpleKeyAgreementDomain> dom;
    EcDomain *ec = nullptr; /* dom, when it is ECDH */
    SecByteBlock priv, pub;
    bool have_key = false;
};

/* A state for domain d (ours now) if the algorithm is its curve, encoding
 * and secret length. */
cm_rc kex_create(void **state, const cm_algorithm *alg, const char *curve, const char *encoding,
                 SimpleKeyAgreementDomain *d, EcDomain *ec)
{
    std::unique_ptr<SimpleKeyAgreementDomain> owned(d);
    const char *bytes = cm_algorithm_param(alg, "secret_bytes");
    if (!param_is(alg, "curve", curve) || !param_is(alg, "encoding", encoding) ||
        bytes == nullptr || std::strtoul(bytes, nullptr, 10) != d->AgreedValueLength())
        return CM_ERR_UNSUPPORTED;
    Kex *st = new Kex;
    st->dom = std::move(owned);
    st->ec = ec;
    st->priv.New(d->PrivateKeyLength());
    st->pub.New(d->PublicKeyLength());
    *state = st;
    return CM_OK;
}

cm_rc x25519_create(void **state, const cm_algorithm *alg)
{
    return guard([&] { return kex_create(state, alg, "curve25519", "raw", new x25519, nullptr); });
}

cm_rc ecdh_p256_create(void **state, const cm_algorithm *alg)
{
    return guard([&] {
        EcDomain *d = new EcDomain(ASN1::secp256r1());
        return kex_create(state, alg, "P-256", "uncompressed", d, d);
    });
}

cm_rc kex_keygen(void *state)
{
    Kex *st = static_cast<Kex *>(state);
    st->have_key = false;
    return guard([&] {
        st->dom->GenerateKeyPair(st->rng, st->priv, st->pub);
        st->have_key = true;
        return CM_OK;
    });
}

cm_rc kex_set_private_key(void *state, const uint8_t *key, size_t len)
{
    Kex *st = static_cast<Kex *>(state);
    st->have_key = false;
    if (key == nullptr || len == 0)
        return CM_ERR_INVALID;
    if (st->ec == nullptr) {
        /* X25519: the 32 bytes as given (Crypto++ clamps them when it uses them) */
        if (len != st->priv.size())
            return CM_ERR_INVALID;
        std::memcpy(st->priv, key, len);
    } else {
        /* ECDH: a scalar in [1, n - 1], leading zero bytes allowed */
        Integer x(key, len);
        if (x.IsZero() || x >= st->ec->GetGroupParameters().GetSubgroupOrder())
            return CM_ERR_INVALID;
        x.Encode(st->priv, st->priv.size());
    }
    return guard([&] {
        st->dom->GeneratePublicKey(st->rng, st->priv, st->pub);
        st->have_key = true;
        return CM_OK;
    });
}

cm_rc kex_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    Kex *st = static_cast<Kex *>(state);
    if (!st->have_key || *len < st->pub.size())
        return CM_ERR_INVALID;
    std::memcpy(pub, st->pub, st->pub.size());
    *len = st->pub.size();
    return CM_OK;
}

/* An ECDH peer's SubjectPublicKeyInfo as the domain's encoding of its point
 * (into enc), if its group is the domain's: CM_ERR_INVALID otherwise. */
cm_rc ec_peer_from_spki(const EcDomain &dom, const uint8_t *der, size_t len, byte *enc)
{
    cm_rc rc = guard([&] {
        const DL_GroupParameters_EC<ECP> &ours = dom.GetGroupParameters();
        /* the key starts on the state's curve: an encoding without curve
         * parameters is read on it (Crypto++'s implicit parameters), where a
         * default-constructed key would dereference a null curve */
        DL_PublicKey_EC<ECP> k;
        k.AccessGroupParameters().Initialize(ours.GetCurve(), ours.GetSubgroupGenerator(),
                                             ours.GetSubgroupOrder(), ours.GetCofactor());
        ArraySource src(der, len, true);
        k.Load(src);
        const DL_GroupParameters_EC<ECP> &theirs = k.GetGroupParameters();
        if (src.MaxRetrievable() != 0 || !(theirs.GetCurve() == ours.GetCurve()) ||
            !(theirs.GetSubgroupGenerator() == ours.GetSubgroupGenerator()) ||
            theirs.GetSubgroupOrder() != ours.GetSubgroupOrder() ||
            theirs.GetCofactor() != ours.GetCofactor())
            return CM_ERR_INVALID;
        ours.EncodeElement(true, k.GetPublicElement(), enc);
        return CM_OK;
    });
    return rc == CM_ERR_NOMEM ? rc : rc == CM_OK ? CM_OK : CM_ERR_INVALID;
}

cm_rc kex_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                 uint8_t *secret, size_t *secret_len)
{
    Kex *st = static_cast<Kex *>(state);
    const size_t n = st->dom->AgreedValueLength();
    if (!st->have_key || peer == nullptr || *secret_len < n)
        return CM_ERR_INVALID;
    const byte *other = peer;
    SecByteBlock decoded;
    if (form == CM_KEX_PEER_SPKI) {
        if (st->ec == nullptr)
            return CM_ERR_UNSUPPORTED;
        decoded.New(st->pub.size());
        cm_rc rc = ec_peer_from_spki(*st->ec, peer, peer_len, decoded);
        if (rc != CM_OK)
            return rc;
        other = decoded;
    } else if (peer_len != st->pub.size() || (st->ec != nullptr && peer[0] != 0x04)) {
        return CM_ERR_INVALID;
    }
    cm_rc rc = guard([&] {
        return st->dom->Agree(secret, st->priv, other, true) ? CM_OK : CM_ERR_INVALID;
    });
    if (rc != CM_OK)
        return rc == CM_ERR_NOMEM ? rc : CM_ERR_INVALID;
    if (st->ec == nullptr) {
        byte any = 0;
        for (size_t i = 0; i < n; i++)
            any |= secret[i];
        if (any == 0)
            return CM_ERR_INVALID;
    }
    *secret_len = n;
    return CM_OK;
}

void kex_destroy(void *state)
{
    delete static_cast<Kex *>(state);
}

/* ---- RSA-OAEP ------------------------------------------------------------- */

typedef RSAES<OAEP<SHA256>> Oaep;

struct Pke {
    AutoSeededRandomPool rng;
    unsigned bits = 0;
    Oaep::Encryptor enc;
    Oaep::Decryptor dec;
    bool have_private = false, have_public = false;
};

cm_rc pke_create(void **state, const cm_algorithm *alg)
{
    const char *bits = cm_algorithm_param(alg, "key_bits");
    const char *e = cm_algorithm_param(alg, "public_exponent");
    if (bits == nullptr || !param_is(alg, "padding", "oaep") || !param_is(alg, "hash", "sha256") ||
        !param_is(alg, "mgf_hash", "sha256") || (e != nullptr && std::strcmp(e, "65537") != 0))
        return CM_ERR_UNSUPPORTED;
    unsigned long b = std::strtoul(bits, nullptr, 10);
    if (b < 1024 || b > 16384)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        Pke *st = new Pke;
        st->bits = (unsigned)b;
        *state = st;
        return CM_OK;
    });
}

cm_rc pke_keygen(void *state)
{
    Pke *st = static_cast<Pke *>(state);
    st->have_private = st->have_public = false;
    return guard([&] {
        st->dec.AccessKey().Initialize(st->rng, st->bits, 65537);
        st->enc.AccessKey().AssignFrom(st->dec.GetKey());
        st->have_private = st->have_public = true;
        return CM_OK;
    });
}

/* Loads DER key k from der (all of it): CM_ERR_INVALID when it is not one. */
template <class K> cm_rc load_key(K &k, const uint8_t *der, size_t len)
{
    if (der == nullptr || len == 0)
        return CM_ERR_INVALID;
    cm_rc rc = guard([&] {
        ArraySource src(der, len, true);
        k.Load(src);
        return src.MaxRetrievable() == 0 ? CM_OK : CM_ERR_INVALID;
    });
    return rc == CM_ERR_NOMEM ? rc : rc == CM_OK ? CM_OK : CM_ERR_INVALID;
}

cm_rc pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len)
{
    Pke *st = static_cast<Pke *>(state);
    st->have_private = st->have_public = false;
    cm_rc rc = load_key(st->dec.AccessKey(), pkcs8, len);
    if (rc != CM_OK)
        return rc;
    if (st->dec.GetKey().GetModulus().BitCount() != st->bits)
        return CM_ERR_INVALID;
    return guard([&] {
        st->enc.AccessKey().AssignFrom(st->dec.GetKey());
        st->have_private = st->have_public = true;
        return CM_OK;
    });
}

cm_rc pke_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    Pke *st = static_cast<Pke *>(state);
    st->have_private = st->have_public = false;
    cm_rc rc = load_key(st->enc.AccessKey(), der, der_len);
    if (rc != CM_OK)
        return rc;
    if (st->enc.GetKey().GetModulus().BitCount() != st->bits)
        return CM_ERR_INVALID;
    st->have_public = true;
    return CM_OK;
}

cm_rc pke_get_public_key(void *state, uint8_t *der, size_t *len)
{
    Pke *st = static_cast<Pke *>(state);
    if (!st->have_public)
        return CM_ERR_INVALID;
    return guard([&] { return save_public(st->enc.GetKey(), der, len); });
}

/* The OAEP label as Crypto++'s parameters (none: the empty label). */
AlgorithmParameters label_params(const uint8_t *label, size_t len)
{
    return MakeParameters(Name::EncodingParameters(), ConstByteArrayParameter(label, len, false));
}

cm_rc pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                  size_t len, uint8_t *ct, size_t *ct_len)
{
    Pke *st = static_cast<Pke *>(state);
    static const byte empty[1] = {0};
    if (!st->have_public || *ct_len < st->enc.FixedCiphertextLength() ||
        len > st->enc.FixedMaxPlaintextLength())
        return CM_ERR_INVALID;
    return guard([&] {
        st->enc.Encrypt(st->rng, len > 0 ? msg : empty, len, ct,
                        label_params(label_len > 0 ? label : empty, label_len));
        *ct_len = st->enc.FixedCiphertextLength();
        return CM_OK;
    });
}

cm_rc pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                  size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    Pke *st = static_cast<Pke *>(state);
    static const byte empty[1] = {0};
    if (!st->have_private)
        return CM_ERR_INVALID;
    /* Decrypt reads FixedCiphertextLength() bytes whatever it is given: a
     * ciphertext of another length does not decrypt */
    if (ct_len != st->dec.FixedCiphertextLength())
        return CM_ERR_AUTH;
    cm_rc rc = guard([&] {
        SecByteBlock out(st->dec.FixedMaxPlaintextLength() + 1);
        DecodingResult r = st->dec.Decrypt(st->rng, ct, ct_len, out,
                                           label_params(label_len > 0 ? label : empty, label_len));
        if (!r.isValidCoding)
            return CM_ERR_AUTH;
        if (r.messageLength > *msg_len)
            return CM_ERR_INVALID;
        std::memcpy(msg, out, r.messageLength);
        *msg_len = r.messageLength;
        return CM_OK;
    });
    /* Crypto++ throws for a ciphertext not below the modulus: it does not
     * decrypt */
    return rc == CM_ERR_LIBRARY || rc == CM_ERR_UNSUPPORTED ? CM_ERR_AUTH : rc;
}

void pke_destroy(void *state)
{
    delete static_cast<Pke *>(state);
}

} // namespace

extern "C" {
const cm_kex_vtable cp_x25519_vt = {x25519_create,      kex_keygen, kex_set_private_key,
                                    kex_get_public_key, kex_derive, kex_destroy};
const cm_kex_vtable cp_ecdh_p256_vt = {ecdh_p256_create,   kex_keygen, kex_set_private_key,
                                       kex_get_public_key, kex_derive, kex_destroy};
const cm_pke_vtable cp_rsa_oaep_sha256_vt = {pke_create,          pke_keygen,         pke_set_private_key,
                                             pke_set_public_key,  pke_get_public_key, pke_encrypt,
                                             pke_decrypt,         pke_destroy};
}
