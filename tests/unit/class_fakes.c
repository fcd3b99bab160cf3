/*
 * class_fakes.c — the counting fakes of the class tests (class_fakes.h):
 * one table per class whose functions count their calls and do trivial
 * deterministic work (a keystream XOR, a tag or signature made of a byte
 * sum), an odd twin of each that gets byte FLIP_AT wrong, the rows that
 * wrap them, and the deterministic inputs a cross-check runs them on.
 */
#include <stdlib.h>
#include <string.h>
#include "class_fakes.h"

#define FLIP_AT 3   /* the output byte an odd fake gets wrong */

unsigned long calls[F_COUNT];

/* A fake's state: whether it is the odd one, its key byte, and per
 * direction (0 decrypt, 1 encrypt) where its stream is. */
typedef struct fake {
    int odd;
    uint8_t key, iv0[2];
    size_t pos[2];
    int has_key, has_private;
} fake;

/* See class_fakes.h. */
void reset_calls(void)
{
    memset(calls, 0, sizeof calls);
}

/* See class_fakes.h. */
unsigned long all_calls(void)
{
    unsigned long n = 0;
    for (int i = 0; i < F_COUNT; i++)
        n += calls[i];
    return n;
}

/* A byte that depends on every byte of p and on seed. */
static uint8_t mix(const uint8_t *p, size_t n, uint8_t seed)
{
    uint32_t h = 2166136261u ^ seed;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return (uint8_t)(h ^ h >> 8 ^ h >> 16 ^ h >> 24);
}

/* n output bytes from h; an odd fake's byte FLIP_AT differs. */
static void fake_out(uint8_t *out, size_t n, uint8_t h, int odd)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(h + i * 7);
    if (odd && n > FLIP_AT)
        out[FLIP_AT] ^= 0x80;
}

static cm_rc fake_new(void **state, int odd, uint8_t key)
{
    fake *f = calloc(1, sizeof *f);
    calls[F_CREATE]++;
    if (!f)
        return CM_ERR_NOMEM;
    f->odd = odd;
    f->key = key;
    *state = f;
    return CM_OK;
}

/* See class_fakes.h. */
void fake_destroy(void *state)
{
    calls[F_DESTROY]++;
    free(state);
}

/* name_create and name_create_odd, with the create() parameters of the
 * class (the first named state), keyed by key_expr. */
#define FAKE_CREATES(name, key_expr, ...)                                              \
    static cm_rc name##_create(__VA_ARGS__)                                            \
    {                                                                                  \
        return fake_new(state, 0, key_expr);                                           \
    }                                                                                  \
    static cm_rc name##_create_odd(__VA_ARGS__)                                        \
    {                                                                                  \
        return fake_new(state, 1, key_expr);                                           \
    }

/* A 32-byte digest or tag of msg under the state's key; counts fn. */
static cm_rc out32(void *state, const uint8_t *msg, size_t len, uint8_t *out, enum fn fn)
{
    fake *f = state;
    calls[fn]++;
    fake_out(out, 32, mix(msg, len, f->key), f->odd);
    return CM_OK;
}

/* hash */
FAKE_CREATES(hash, 0, void **state)
static cm_rc hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return out32(state, msg, len, out, F_DIGEST);
}

/* mac */
FAKE_CREATES(mac, mix(key, key_len, 1), void **state, const uint8_t *key, size_t key_len)
static cm_rc mac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    return out32(state, msg, len, out, F_MAC);
}

/* cipher: a keystream XOR; an iv starts a stream, iv NULL continues it */
FAKE_CREATES(cipher, mix(key, key_len, 2), void **state, const uint8_t *key, size_t key_len)
static cm_rc cipher_crypt(fake *f, int dir, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                          size_t len)
{
    if (iv) {
        f->pos[dir] = 0;
        f->iv0[dir] = mix(iv, 16, 3);
    }
    for (size_t i = 0; i < len; i++) {
        size_t p = f->pos[dir] + i;
        out[i] = in[i] ^ (uint8_t)(f->key + f->iv0[dir] + p * 13 + (p >> 8));
        if (f->odd && dir == 1 && p == FLIP_AT)
            out[i] ^= 0x80;
    }
    f->pos[dir] += len;
    return CM_OK;
}
static cm_rc cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    calls[F_ENCRYPT]++;
    return cipher_crypt(state, 1, iv, in, out, len);
}
static cm_rc cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                            size_t len)
{
    calls[F_DECRYPT]++;
    return cipher_crypt(state, 0, iv, in, out, len);
}

/* aead: a keystream XOR from key and nonce, a tag over key, aad and
 * ciphertext */
FAKE_CREATES(aead, mix(key, key_len, 4), void **state, const uint8_t *key, size_t key_len)
static void aead_xor(const fake *f, const uint8_t *nonce, size_t nonce_len, const uint8_t *in,
                     uint8_t *out, size_t len)
{
    uint8_t base = (uint8_t)(f->key + mix(nonce, nonce_len, 5));
    for (size_t i = 0; i < len; i++)
        out[i] = in[i] ^ (uint8_t)(base + i * 11);
}
static void aead_tag(const fake *f, const uint8_t *aad, size_t aad_len, const uint8_t *ct,
                     size_t len, uint8_t *tag, size_t tag_len)
{
    fake_out(tag, tag_len, (uint8_t)(f->key ^ mix(aad, aad_len, 6) ^ mix(ct, len, 7)), f->odd);
}
static cm_rc aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                       size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                       size_t tag_len)
{
    calls[F_SEAL]++;
    aead_xor(state, nonce, nonce_len, in, out, len);
    aead_tag(state, aad, aad_len, out, len, tag, tag_len);
    return CM_OK;
}
static cm_rc aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                       size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                       const uint8_t *tag, size_t tag_len)
{
    uint8_t want[64];
    calls[F_OPEN]++;
    if (tag_len > sizeof want)
        return CM_ERR_UNSUPPORTED;
    aead_tag(state, aad, aad_len, in, len, want, tag_len);
    if (memcmp(want, tag, tag_len) != 0)
        return CM_ERR_AUTH;
    aead_xor(state, nonce, nonce_len, in, out, len);
    return CM_OK;
}

/* signature: the public key is the key byte (a 1-byte "DER"); a signature
 * is SIG_LEN bytes from the key and the message */
FAKE_CREATES(sig, ((void)alg, 0), void **state, const cm_algorithm *alg)
static cm_rc sig_keygen(void *state)
{
    fake *f = state;
    calls[F_KEYGEN]++;
    f->key = 0x5a;
    f->has_key = f->has_private = 1;
    return CM_OK;
}
static cm_rc sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len)
{
    fake *f = state;
    calls[F_SIGN]++;
    if (!f->has_private || *sig_len < SIG_LEN)
        return CM_ERR_INVALID;
    fake_out(sig, SIG_LEN, mix(msg, len, f->key), f->odd);
    *sig_len = SIG_LEN;
    return CM_OK;
}
static cm_rc sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                        size_t sig_len)
{
    fake *f = state;
    uint8_t want[SIG_LEN];
    calls[F_VERIFY]++;
    if (!f->has_key)
        return CM_ERR_INVALID;
    fake_out(want, SIG_LEN, mix(msg, len, f->key), f->odd);
    return sig_len == SIG_LEN && memcmp(want, sig, SIG_LEN) == 0 ? CM_OK : CM_ERR_AUTH;
}
static cm_rc sig_verify_refuses(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                                size_t sig_len)
{
    (void)state, (void)msg, (void)len, (void)sig, (void)sig_len;
    calls[F_VERIFY]++;
    return CM_ERR_AUTH;
}
static cm_rc sig_set_public_key(void *state, const uint8_t *der, size_t der_len)
{
    fake *f = state;
    calls[F_SET_PUB]++;
    if (der_len != 1)
        return CM_ERR_INVALID;
    f->key = der[0];
    f->has_key = 1;
    f->has_private = 0;
    return CM_OK;
}
static cm_rc sig_get_public_key(void *state, uint8_t *der, size_t *len)
{
    fake *f = state;
    calls[F_GET_PUB]++;
    if (!f->has_key || *len < 1)
        return CM_ERR_INVALID;
    der[0] = f->key;
    *len = 1;
    return CM_OK;
}

/* kex: the public key is the key byte; the secret is 32 bytes from
 * both keys (an odd fake gets byte FLIP_AT wrong) */
FAKE_CREATES(kex, ((void)alg, 0), void **state, const cm_algorithm *alg)
static cm_rc kex_set_private_key(void *state, const uint8_t *key, size_t len)
{
    fake *f = state;
    calls[F_SET_PRIV]++;
    if (len != 1)
        return CM_ERR_INVALID;
    f->key = key[0];
    f->has_key = f->has_private = 1;
    return CM_OK;
}
static cm_rc kex_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                        uint8_t *secret, size_t *secret_len)
{
    fake *f = state;
    calls[F_DERIVE]++;
    if (!f->has_private || form != CM_KEX_PEER_RAW || peer_len != 1 || *secret_len < 32)
        return CM_ERR_INVALID;
    fake_out(secret, 32, (uint8_t)(f->key ^ peer[0]), f->odd);
    *secret_len = 32;
    return CM_OK;
}

/* kem, as ml-kem-512 (its row's sizes: an 800-byte public key of the key
 * byte, a 768-byte ciphertext, a 32-byte secret): the ciphertext is the
 * peer's key byte at every position, the secret comes from it; a
 * ciphertext whose last byte is not the key byte decapsulates to another
 * secret (implicit rejection) unless the fake is "sticky"; a "short" fake
 * gives a ciphertext one byte short */
#define KEM_PUB 800
#define KEM_CT 768
FAKE_CREATES(kem, ((void)alg, 0), void **state, const cm_algorithm *alg)
static cm_rc kem_create_sticky(void **state, const cm_algorithm *alg)
{
    (void)alg;
    return fake_new(state, 2, 0);
}
static cm_rc kem_create_short(void **state, const cm_algorithm *alg)
{
    (void)alg;
    return fake_new(state, 3, 0);
}
static cm_rc kem_get_public_key(void *state, uint8_t *pub, size_t *len)
{
    fake *f = state;
    calls[F_GET_PUB]++;
    if (!f->has_key || *len < KEM_PUB)
        return CM_ERR_INVALID;
    memset(pub, f->key, KEM_PUB);
    *len = KEM_PUB;
    return CM_OK;
}
static cm_rc kem_encapsulate(void *state, const uint8_t *peer, size_t peer_len,
                             const uint8_t *entropy, size_t entropy_len, uint8_t *ct,
                             size_t *ct_len, uint8_t *secret, size_t *secret_len)
{
    fake *f = state;
    (void)entropy, (void)entropy_len;
    calls[F_ENCAPS]++;
    if (peer_len != KEM_PUB || *ct_len < KEM_CT || *secret_len < 32)
        return CM_ERR_INVALID;
    memset(ct, peer[0], KEM_CT);
    *ct_len = f->odd == 3 ? KEM_CT - 1 : KEM_CT;
    fake_out(secret, 32, peer[0], 0);
    *secret_len = 32;
    return CM_OK;
}
static cm_rc kem_decapsulate(void *state, const uint8_t *ct, size_t ct_len, uint8_t *secret,
                             size_t *secret_len)
{
    fake *f = state;
    calls[F_DECAPS]++;
    if (!f->has_private || ct_len != KEM_CT || *secret_len < 32)
        return CM_ERR_INVALID;
    int rejected = ct[KEM_CT - 1] != f->key && f->odd != 2;
    fake_out(secret, 32, rejected ? (uint8_t)~f->key : f->key, f->odd == 1);
    *secret_len = 32;
    return CM_OK;
}

/* pke: a ciphertext is the message XOR the key byte and one check byte;
 * an odd fake decrypts byte FLIP_AT wrong */
FAKE_CREATES(pke, ((void)alg, 0), void **state, const cm_algorithm *alg)
static cm_rc pke_encrypt(void *state, const uint8_t *l, size_t ll, const uint8_t *msg,
                         size_t len, uint8_t *ct, size_t *ct_len)
{
    fake *f = state;
    (void)l, (void)ll;
    calls[F_ENCRYPT]++;
    if (!f->has_key || *ct_len < len + 1)
        return CM_ERR_INVALID;
    for (size_t i = 0; i < len; i++)
        ct[i] = msg[i] ^ f->key;
    ct[len] = mix(ct, len, f->key);
    *ct_len = len + 1;
    return CM_OK;
}
static cm_rc pke_decrypt(void *state, const uint8_t *l, size_t ll, const uint8_t *ct,
                         size_t ct_len, uint8_t *msg, size_t *msg_len)
{
    fake *f = state;
    (void)l, (void)ll;
    calls[F_DECRYPT]++;
    if (!f->has_private || ct_len < 1 || *msg_len < ct_len - 1)
        return CM_ERR_INVALID;
    if (ct[ct_len - 1] != mix(ct, ct_len - 1, f->key))
        return CM_ERR_AUTH;
    for (size_t i = 0; i + 1 < ct_len; i++)
        msg[i] = ct[i] ^ f->key;
    if (f->odd && ct_len - 1 > FLIP_AT)
        msg[FLIP_AT] ^= 0x80;
    *msg_len = ct_len - 1;
    return CM_OK;
}
static cm_rc pke_set_private_key(void *state, const uint8_t *key, size_t len)
{
    return kex_set_private_key(state, key, len);
}

#ifdef CM_TEST_CLASSES
/* checksum */
FAKE_CREATES(sum, 0, void **state)
static cm_rc sum_sum(void *state, const uint8_t *msg, size_t len, uint32_t *out)
{
    fake *f = state;
    uint8_t b[4];
    calls[F_SUM]++;
    fake_out(b, 4, mix(msg, len, 8), 0);
    memcpy(out, b, 4);
    if (f->odd)
        *out ^= 0x80808080u; /* every byte, whatever the byte order */
    return CM_OK;
}
#endif

const cm_hash_vtable hash_vt = {hash_create, hash_digest, fake_destroy};
const cm_hash_vtable hash_odd_vt = {hash_create_odd, hash_digest, fake_destroy};
const cm_mac_vtable mac_vt = {mac_create, mac_mac, fake_destroy};
const cm_mac_vtable mac_odd_vt = {mac_create_odd, mac_mac, fake_destroy};
const cm_cipher_vtable cipher_vt = {cipher_create, cipher_encrypt, cipher_decrypt,
                                           fake_destroy};
const cm_cipher_vtable cipher_odd_vt = {cipher_create_odd, cipher_encrypt, cipher_decrypt,
                                               fake_destroy};
const cm_aead_vtable aead_vt = {aead_create, aead_seal, aead_open, fake_destroy};
const cm_aead_vtable aead_odd_vt = {aead_create_odd, aead_seal, aead_open, fake_destroy};
const cm_signature_vtable sig_vt = {sig_create, sig_keygen, sig_sign, sig_verify,
                                           sig_set_public_key, sig_get_public_key, fake_destroy};
const cm_signature_vtable sig_odd_vt = {sig_create_odd, sig_keygen, sig_sign, sig_verify,
                                               sig_set_public_key, sig_get_public_key,
                                               fake_destroy};
const cm_signature_vtable sig_refuses_vt = {sig_create, sig_keygen, sig_sign,
                                                   sig_verify_refuses, sig_set_public_key,
                                                   sig_get_public_key, fake_destroy};
/* rng fakes: kind 0 fresh xorshift64 bytes, 1 zeros, 2 the same bytes on
 * every call, 3 every odd bit forced to 1 half the time more (biased). */
typedef struct rng_fake {
    int kind;
    uint64_t x;
} rng_fake;

static cm_rc rng_create_kind(void **state, int kind)
{
    rng_fake *r = calloc(1, sizeof *r);
    calls[F_CREATE]++;
    if (!r)
        return CM_ERR_NOMEM;
    r->kind = kind;
    r->x = 0x853c49e6748fea9bULL;
    *state = r;
    return CM_OK;
}
static cm_rc rng_create(void **s) { return rng_create_kind(s, 0); }
static cm_rc rng_create_zeros(void **s) { return rng_create_kind(s, 1); }
static cm_rc rng_create_repeat(void **s) { return rng_create_kind(s, 2); }
static cm_rc rng_create_biased(void **s) { return rng_create_kind(s, 3); }

static cm_rc rng_generate(void *state, uint8_t *out, size_t len)
{
    rng_fake *r = state;
    calls[F_GENERATE]++;
    if (r->kind == 2)
        r->x = 0x853c49e6748fea9bULL;
    for (size_t i = 0; i < len; i++) {
        r->x ^= r->x << 13, r->x ^= r->x >> 7, r->x ^= r->x << 17;
        uint8_t b = (uint8_t)(r->x >> 32);
        out[i] = r->kind == 1 ? 0 : r->kind == 3 ? (uint8_t)(b | ((r->x >> 48) & 0xaa)) : b;
    }
    return CM_OK;
}

static void rng_retries(void *state, uint64_t *attempts, uint64_t *failures)
{
    (void)state;
    calls[F_RETRIES]++;
    *attempts = 200;
    *failures = 3;
}

const cm_rng_vtable rng_vt = {rng_create, rng_generate, rng_retries, fake_destroy};
const cm_rng_vtable rng_zeros_vt = {rng_create_zeros, rng_generate, NULL, fake_destroy};
const cm_rng_vtable rng_repeat_vt = {rng_create_repeat, rng_generate, NULL, fake_destroy};
const cm_rng_vtable rng_biased_vt = {rng_create_biased, rng_generate, NULL, fake_destroy};
const cm_kex_vtable kex_vt = {kex_create, sig_keygen, kex_set_private_key,
                                     sig_get_public_key, kex_derive, fake_destroy};
const cm_kex_vtable kex_odd_vt = {kex_create_odd, sig_keygen, kex_set_private_key,
                                         sig_get_public_key, kex_derive, fake_destroy};
#define KEM_VT(create) {create, sig_keygen, NULL, kem_get_public_key, kem_encapsulate, \
                        kem_decapsulate, fake_destroy}
const cm_kem_vtable kem_vt = KEM_VT(kem_create);
const cm_kem_vtable kem_odd_vt = KEM_VT(kem_create_odd);
const cm_kem_vtable kem_sticky_vt = KEM_VT(kem_create_sticky);
const cm_kem_vtable kem_short_vt = KEM_VT(kem_create_short);
const cm_pke_vtable pke_vt = {pke_create, sig_keygen, pke_set_private_key,
                                     sig_set_public_key, sig_get_public_key, pke_encrypt,
                                     pke_decrypt, fake_destroy};
const cm_pke_vtable pke_odd_vt = {pke_create_odd, sig_keygen, pke_set_private_key,
                                         sig_set_public_key, sig_get_public_key, pke_encrypt,
                                         pke_decrypt, fake_destroy};
#ifdef CM_TEST_CLASSES
const cm_checksum_vtable sum_vt = {sum_create, sum_sum, fake_destroy};
const cm_checksum_vtable sum_odd_vt = {sum_create_odd, sum_sum, fake_destroy};
#endif

const cm_impl hash_impl = CM_IMPL_HASH("sha256", "fake", &hash_vt, NULL);
const cm_impl mac_impl = CM_IMPL_MAC("hmac-sha256", "fake", &mac_vt, NULL);
const cm_impl cbc_impl = CM_IMPL_CIPHER("aes-128-cbc", "fake", &cipher_vt, NULL);
const cm_impl aead_impl = CM_IMPL_AEAD("aes-128-gcm", "fake", &aead_vt, NULL);
const cm_impl sig_impl = CM_IMPL_SIGNATURE("ed25519", "fake", &sig_vt, NULL);
const cm_impl rng_impl = CM_IMPL_RNG("random", "fake", &rng_vt, NULL);
const cm_impl kex_impl = CM_IMPL_KEX("x25519", "fake", &kex_vt, NULL);
const cm_impl pke_impl = CM_IMPL_PKE("rsa-2048-oaep-sha256", "fake", &pke_vt, NULL);
const cm_impl kem_impl = CM_IMPL_KEM("ml-kem-512", "fake", &kem_vt, NULL);
#ifdef CM_TEST_CLASSES
const cm_impl sum_impl = CM_IMPL_CHECKSUM("fletcher32", "fake", &sum_vt, NULL);
#endif

/* Runs the class's cross_one (or, peer NULL, its self_one) on
 * deterministic inputs of size bytes; 1 or 0 with detail. */
int cross(const cm_impl *impl, const cm_impl *peer, size_t size, char *detail,
                 size_t detail_len)
{
    const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
    const cm_class_module *m = cm_class_of(alg);
    size_t n = (size > CM_BENCH_MAX_OUT ? size : CM_BENCH_MAX_OUT) + 1;
    uint8_t key[CM_BENCH_MAX_KEY], iv[CM_BENCH_MAX_IV], aad[CM_AEAD_AAD_LEN];
    uint8_t *buf[7];
    for (int i = 0; i < 7; i++)
        buf[i] = calloc(1, n);
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 3 + 1);
    memset(iv, 0x24, sizeof iv);
    memset(aad, 0x61, sizeof aad);
    for (size_t i = 0; i < size; i++)
        buf[0][i] = (uint8_t)(i * 5 + 7);
    detail[0] = '\0';
    cm_cross_case c = {alg, impl, peer, peer ? "peer:fake" : "itself", size, 0x1234, key, iv,
                       aad, buf[0], sizeof aad, buf[1], buf[2], buf[3], buf[4], buf[5], buf[6],
                       detail, detail_len};
    int ok = peer ? m->cross_one(&c) : m->self_one(&c);
    for (int i = 0; i < 7; i++)
        free(buf[i]);
    return ok;
}
