/*
 * cryptopp_impl.cpp — the Crypto++ backend's implementations: Crypto++'s
 * C++ classes behind the C vtables of include/cryptometer/primitive.h
 * (declared in cryptopp_internal.h; the table of rows is
 * cryptopp_backend.c). No exception leaves this file: each is a cm_rc.
 *
 * Ciphers: CBC_Mode<AES>, CTR_Mode<AES> and ECB_Mode<AES> objects per
 * direction, keyed once; Resynchronize() takes a new IV (ECB has none to
 * take) and ProcessData() carries the chaining value or the keystream on,
 * so a call with iv NULL continues the stream. XTS_Mode<AES>: one whole
 * data unit per call (Resynchronize with the tweak, then ProcessLastBlock,
 * which steals ciphertext for a partial last block; see xts_run for a
 * Crypto++ 8.7 defect it avoids). ChaChaTLS (RFC 8439): a new IV is
 * Resynchronize() with the nonce, then Seek() to the IV's block counter.
 * AEADs: GCM<AES> and ChaCha20Poly1305 through EncryptAndAuthenticate and
 * DecryptAndVerify, one message per call, on objects keyed once. Hashes:
 * CalculateDigest on one object; HMAC<SHA256> keyed once; Poly1305TLS keyed
 * for every message (a one-time key). The signatures are cryptopp_sign.cpp.
 */
#include <cstring>
#include <new>
#include <string>

#include <cryptopp/aes.h>
#include <cryptopp/blake2.h>
#include <cryptopp/chacha.h>
#include <cryptopp/chachapoly.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/filters.h>
#include <cryptopp/gcm.h>
#include <cryptopp/hmac.h>
#include <cryptopp/modes.h>
#include <cryptopp/osrng.h>
#include <cryptopp/poly1305.h>
#include <cryptopp/sha.h>
#include <cryptopp/sha3.h>
#include <cryptopp/xts.h>

extern "C" {
#include "cryptometer/algorithm.h"
}
#include "cryptopp_common.hpp"
#include "cryptopp_internal.h"

using namespace CryptoPP;
using cp::guard;
using cp::save_public;

namespace {

/* ---- ciphers --------------------------------------------------------- */

/* A cipher of mode M (CBC, CTR or ECB): one object per direction. */
template <class M> struct Stream {
    typename M::Decryption dec;
    typename M::Encryption enc;
    bool started[2] = {false, false};
};

template <class M, size_t KEY> cm_rc stream_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != KEY)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        static const byte zero[16] = {0};
        Stream<M> *st = new Stream<M>;
        /* ECB takes no IV: an unused IV parameter throws from a destructor */
        for (SimpleKeyingInterface *c : {static_cast<SimpleKeyingInterface *>(&st->dec),
                                         static_cast<SimpleKeyingInterface *>(&st->enc)})
            if (c->IsResynchronizable())
                c->SetKeyWithIV(key, key_len, zero, sizeof zero);
            else
                c->SetKey(key, key_len);
        *state = st;
        return CM_OK;
    });
}

template <class M, bool BLOCKS> cm_rc stream_run(void *state, int d, const uint8_t *iv,
                                                 const uint8_t *in, uint8_t *out, size_t len)
{
    Stream<M> *st = static_cast<Stream<M> *>(state);
    if ((iv == nullptr && !st->started[d]) || (BLOCKS && len % 16 != 0))
        return CM_ERR_INVALID;
    return guard([&] {
        SymmetricCipher &c = d ? static_cast<SymmetricCipher &>(st->enc)
                               : static_cast<SymmetricCipher &>(st->dec);
        if (iv != nullptr && c.IsResynchronizable())
            c.Resynchronize(iv, 16);
        st->started[d] = true;
        if (len > 0)
            c.ProcessData(out, in, len);
        return CM_OK;
    });
}

template <class M, bool BLOCKS> cm_rc stream_encrypt(void *s, const uint8_t *iv, const uint8_t *in,
                                                     uint8_t *out, size_t len)
{
    return stream_run<M, BLOCKS>(s, 1, iv, in, out, len);
}

template <class M, bool BLOCKS> cm_rc stream_decrypt(void *s, const uint8_t *iv, const uint8_t *in,
                                                     uint8_t *out, size_t len)
{
    return stream_run<M, BLOCKS>(s, 0, iv, in, out, len);
}

template <class M> void stream_destroy(void *state)
{
    delete static_cast<Stream<M> *>(state);
}

/* XTS: whole data units, the tweak in every call. */
template <size_t KEY> cm_rc xts_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != KEY)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        static const byte zero[16] = {0};
        Stream<XTS_Mode<AES>> *st = new Stream<XTS_Mode<AES>>;
        st->dec.SetKeyWithIV(key, key_len, zero, sizeof zero);
        st->enc.SetKeyWithIV(key, key_len, zero, sizeof zero);
        *state = st;
        return CM_OK;
    });
}

cm_rc xts_run(void *state, int d, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    Stream<XTS_Mode<AES>> *st = static_cast<Stream<XTS_Mode<AES>> *>(state);
    if (iv == nullptr || len < 16)
        return CM_ERR_INVALID;

    return guard([&] {
        SymmetricCipher &c = d ? static_cast<SymmetricCipher &>(st->enc)
                               : static_cast<SymmetricCipher &>(st->dec);
        c.Resynchronize(iv, 16);
        /* Crypto++ 8.7's ProcessLastBlock hands ProcessData a length that is
         * not whole blocks, and crashes, when two or more whole blocks come
         * before a partial one: the whole blocks before the last two pieces
         * go through ProcessData first, which carries the tweak on, as the
         * library's own fix does (docs/backends.md) */
        size_t head = len % 16 != 0 && len > 32 ? (len / 16 - 1) * 16 : 0;
        if (head > 0)
            c.ProcessData(out, in, head);
        c.ProcessLastBlock(out + head, len - head, in + head, len - head);
        return CM_OK;
    });
}

cm_rc xts_encrypt(void *s, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    return xts_run(s, 1, iv, in, out, len);
}

cm_rc xts_decrypt(void *s, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    return xts_run(s, 0, iv, in, out, len);
}

/* ChaCha20 (RFC 8439), one object per direction. */
struct Chacha {
    ChaChaTLS::Encryption c[2];
    bool started[2] = {false, false};
};

cm_rc chacha_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != 32)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        static const byte zero[12] = {0};
        Chacha *st = new Chacha;
        st->c[0].SetKeyWithIV(key, key_len, zero, sizeof zero);
        st->c[1].SetKeyWithIV(key, key_len, zero, sizeof zero);
        *state = st;
        return CM_OK;
    });
}

cm_rc chacha_run(void *state, int d, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    Chacha *st = static_cast<Chacha *>(state);
    if (iv == nullptr && !st->started[d])
        return CM_ERR_INVALID;
    return guard([&] {
        if (iv != nullptr) {
            lword counter = (word32)iv[0] | (word32)iv[1] << 8 | (word32)iv[2] << 16 |
                            (word32)iv[3] << 24;
            st->c[d].Resynchronize(iv + 4, 12);
            st->c[d].Seek(counter * 64);
        }
        st->started[d] = true;
        if (len > 0)
            st->c[d].ProcessData(out, in, len);
        return CM_OK;
    });
}

cm_rc chacha_encrypt(void *s, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    return chacha_run(s, 1, iv, in, out, len);
}

cm_rc chacha_decrypt(void *s, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    return chacha_run(s, 0, iv, in, out, len);
}

void chacha_destroy(void *state)
{
    delete static_cast<Chacha *>(state);
}

/* ---- AEADs ----------------------------------------------------------- */

/* An AEAD A (GCM<AES>, ChaCha20Poly1305): one object per direction; FIXED
 * is its only nonce length (0: any). */
template <class A> struct Aead {
    typename A::Decryption dec;
    typename A::Encryption enc;
};

template <class A, size_t KEY> cm_rc aead_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != KEY)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        /* keyed with a placeholder nonce (Crypto++ wants one with the key);
         * every message gives its own */
        static const byte zero[12] = {0};
        Aead<A> *st = new Aead<A>;
        st->dec.SetKeyWithIV(key, key_len, zero, sizeof zero);
        st->enc.SetKeyWithIV(key, key_len, zero, sizeof zero);
        *state = st;
        return CM_OK;
    });
}

template <size_t FIXED> cm_rc aead_check(size_t nonce_len, size_t tag_len)
{
    if (tag_len < 1 || tag_len > 16)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID; /* GCM needs at least one byte of IV */
    /* RFC 8439 is 96-bit nonces only */
    if (FIXED != 0 && nonce_len != FIXED)
        return CM_ERR_UNSUPPORTED;
    return CM_OK;
}

template <class A, size_t FIXED>
cm_rc aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                size_t tag_len)
{
    cm_rc rc = aead_check<FIXED>(nonce_len, tag_len);
    if (rc != CM_OK)
        return rc;
    Aead<A> *st = static_cast<Aead<A> *>(state);
    return guard([&] {
        st->enc.EncryptAndAuthenticate(out, tag, tag_len, nonce, (int)nonce_len, aad, aad_len,
                                       in, len);
        return CM_OK;
    });
}

template <class A, size_t FIXED>
cm_rc aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, const uint8_t *tag,
                size_t tag_len)
{
    cm_rc rc = aead_check<FIXED>(nonce_len, tag_len);
    if (rc != CM_OK)
        return rc;
    Aead<A> *st = static_cast<Aead<A> *>(state);
    return guard([&] {
        return st->dec.DecryptAndVerify(out, tag, tag_len, nonce, (int)nonce_len, aad, aad_len,
                                        in, len)
                   ? CM_OK
                   : CM_ERR_AUTH;
    });
}

template <class A> void aead_destroy(void *state)
{
    delete static_cast<Aead<A> *>(state);
}

/* ---- hashes and MACs --------------------------------------------------- */

template <class H> cm_rc hash_create(void **state)
{
    return guard([&] {
        *state = new H;
        return CM_OK;
    });
}

template <class H> cm_rc hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return guard([&] {
        static_cast<H *>(state)->CalculateDigest(out, msg, len);
        return CM_OK;
    });
}

template <class H> void hash_destroy(void *state)
{
    delete static_cast<H *>(state);
}

cm_rc hmac_create(void **state, const uint8_t *key, size_t key_len)
{
    return guard([&] {
        *state = new HMAC<SHA256>(key, key_len);
        return CM_OK;
    });
}

/* Poly1305TLS with its one-time key kept for every message. */
struct Poly {
    Poly1305TLS mac;
    byte key[32];
};

cm_rc poly_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != 32)
        return CM_ERR_UNSUPPORTED;
    return guard([&] {
        Poly *st = new Poly;
        std::memcpy(st->key, key, 32);
        *state = st;
        return CM_OK;
    });
}

cm_rc poly_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    Poly *st = static_cast<Poly *>(state);
    return guard([&] {
        st->mac.SetKey(st->key, sizeof st->key);
        st->mac.CalculateDigest(out, msg, len);
        return CM_OK;
    });
}

void poly_destroy(void *state)
{
    Poly *st = static_cast<Poly *>(state);
    if (st != nullptr)
        std::memset(st->key, 0, sizeof st->key);
    delete st;
}

} // namespace

/* ---- the vtables --------------------------------------------------------- */

#define CP_STREAM(id, M, KEY, BLOCKS)                                                       \
    const cm_cipher_vtable id = {stream_create<M, KEY>, stream_encrypt<M, BLOCKS>,          \
                                 stream_decrypt<M, BLOCKS>, stream_destroy<M>};
#define CP_HASH(id, H) const cm_hash_vtable id = {hash_create<H>, hash_digest<H>, hash_destroy<H>};

extern "C" {
CP_STREAM(cp_aes_128_cbc_vt, CBC_Mode<AES>, 16, true)
CP_STREAM(cp_aes_256_cbc_vt, CBC_Mode<AES>, 32, true)
CP_STREAM(cp_aes_128_ctr_vt, CTR_Mode<AES>, 16, false)
CP_STREAM(cp_aes_256_ctr_vt, CTR_Mode<AES>, 32, false)
CP_STREAM(cp_aes_128_ecb_vt, ECB_Mode<AES>, 16, true)
CP_STREAM(cp_aes_256_ecb_vt, ECB_Mode<AES>, 32, true)
const cm_cipher_vtable cp_aes_128_xts_vt = {xts_create<32>, xts_encrypt, xts_decrypt,
                                            stream_destroy<XTS_Mode<AES>>};
const cm_cipher_vtable cp_aes_256_xts_vt = {xts_create<64>, xts_encrypt, xts_decrypt,
                                            stream_destroy<XTS_Mode<AES>>};
const cm_cipher_vtable cp_chacha20_vt = {chacha_create, chacha_encrypt, chacha_decrypt,
                                         chacha_destroy};
const cm_aead_vtable cp_aes_128_gcm_vt = {aead_create<GCM<AES>, 16>, aead_seal<GCM<AES>, 0>,
                                          aead_open<GCM<AES>, 0>, aead_destroy<GCM<AES>>};
const cm_aead_vtable cp_aes_256_gcm_vt = {aead_create<GCM<AES>, 32>, aead_seal<GCM<AES>, 0>,
                                          aead_open<GCM<AES>, 0>, aead_destroy<GCM<AES>>};
const cm_aead_vtable cp_chacha20_poly1305_vt = {
    aead_create<ChaCha20Poly1305, 32>, aead_seal<ChaCha20Poly1305, 12>,
    aead_open<ChaCha20Poly1305, 12>, aead_destroy<ChaCha20Poly1305>};
CP_HASH(cp_sha1_vt, SHA1)
CP_HASH(cp_sha256_vt, SHA256)
CP_HASH(cp_sha512_vt, SHA512)
CP_HASH(cp_sha3_256_vt, SHA3_256)
CP_HASH(cp_sha3_512_vt, SHA3_512)
CP_HASH(cp_blake2b_512_vt, BLAKE2b)
CP_HASH(cp_blake2s_256_vt, BLAKE2s)
const cm_mac_vtable cp_hmac_sha256_vt = {hmac_create, hash_digest<HMAC<SHA256>>,
                                         hash_destroy<HMAC<SHA256>>};
const cm_mac_vtable cp_poly1305_vt = {poly_create, poly_mac, poly_destroy};

const char *cp_version(void)
{
    static char v[16];
    int n = LibraryVersion();
    std::snprintf(v, sizeof v, "%d.%d.%d", n / 100, n / 10 % 10, n % 10);
    return v;
}
}
