/*
 * test_classes.c — each class module (class.h) driven by a counting fake:
 * a table of the class whose functions count their calls and do trivial
 * deterministic work (a keystream XOR, a tag or signature made of a byte
 * sum), wrapped in a local cm_impl. Through workload.h it checks that
 *
 *   bench_open calls create once, plus what the operation consumes (the
 *   ciphertext a decrypt or an open needs, a key and a signature);
 *   a workload of N iterations calls the operation exactly N times and
 *   nothing else; the overhead workload calls none of the fake's
 *   functions (it runs the class's do-nothing table); close calls destroy
 *   once, except where the key pair is kept for the next benchmark
 *   (signature, pke: kept_key.h, and verify/decrypt then make no key); the class's unit is per byte, or per operation for signatures;
 *
 * and that cross_one accepts two fakes that give the same outputs and
 * reports the first differing byte when the peer differs (for signatures:
 * a peer whose verify refuses everything fails it); a passing signature or
 * pke cross-check keeps this implementation's key pair, which the next
 * benchmark takes instead of making one, and a failing one keeps none; and that the
 * Wycheproof and cryptometer-kat-v1 case hooks pass a case made from the
 * fake's own outputs, fail a corrupted one and refuse a malformed one.
 * The rng class has no cross_one: its self_one passes a fake source of
 * xorshift bytes and fails an all-zeros one, a repeating one and a biased
 * one, and keeps a retry note. The checksum class is in test builds only
 * (CM_TEST_CLASSES).
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check.h"
#include "model/kept_key.h"
#include "model/class.h"
#include "check/kat.h"
#include "measure/workload.h"

/* ---- the counting fakes ------------------------------------------------------------ */

enum fn {
    F_CREATE, F_DESTROY, F_DIGEST, F_MAC, F_ENCRYPT, F_DECRYPT, F_SEAL, F_OPEN, F_KEYGEN,
    F_SIGN, F_VERIFY, F_SET_PUB, F_GET_PUB, F_SUM, F_DERIVE, F_SET_PRIV, F_GENERATE, F_RETRIES,
    F_ENCAPS, F_DECAPS, F_COUNT
};
static unsigned long calls[F_COUNT];

#define FLIP_AT 3   /* the output byte an odd fake gets wrong */
#define SIG_LEN 64  /* a fake signature (ed25519's length) */

/* A fake's state: whether it is the odd one, its key byte, and per
 * direction (0 decrypt, 1 encrypt) where its stream is. */
typedef struct fake {
    int odd;
    uint8_t key, iv0[2];
    size_t pos[2];
    int has_key, has_private;
} fake;

static void reset_calls(void)
{
    memset(calls, 0, sizeof calls);
}

static unsigned long all_calls(void)
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

static void fake_destroy(void *state)
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

static const cm_hash_vtable hash_vt = {hash_create, hash_digest, fake_destroy};
static const cm_hash_vtable hash_odd_vt = {hash_create_odd, hash_digest, fake_destroy};
static const cm_mac_vtable mac_vt = {mac_create, mac_mac, fake_destroy};
static const cm_mac_vtable mac_odd_vt = {mac_create_odd, mac_mac, fake_destroy};
static const cm_cipher_vtable cipher_vt = {cipher_create, cipher_encrypt, cipher_decrypt,
                                           fake_destroy};
static const cm_cipher_vtable cipher_odd_vt = {cipher_create_odd, cipher_encrypt, cipher_decrypt,
                                               fake_destroy};
static const cm_aead_vtable aead_vt = {aead_create, aead_seal, aead_open, fake_destroy};
static const cm_aead_vtable aead_odd_vt = {aead_create_odd, aead_seal, aead_open, fake_destroy};
static const cm_signature_vtable sig_vt = {sig_create, sig_keygen, sig_sign, sig_verify,
                                           sig_set_public_key, sig_get_public_key, fake_destroy};
static const cm_signature_vtable sig_odd_vt = {sig_create_odd, sig_keygen, sig_sign, sig_verify,
                                               sig_set_public_key, sig_get_public_key,
                                               fake_destroy};
static const cm_signature_vtable sig_refuses_vt = {sig_create, sig_keygen, sig_sign,
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

static const cm_rng_vtable rng_vt = {rng_create, rng_generate, rng_retries, fake_destroy};
static const cm_rng_vtable rng_zeros_vt = {rng_create_zeros, rng_generate, NULL, fake_destroy};
static const cm_rng_vtable rng_repeat_vt = {rng_create_repeat, rng_generate, NULL, fake_destroy};
static const cm_rng_vtable rng_biased_vt = {rng_create_biased, rng_generate, NULL, fake_destroy};
static const cm_kex_vtable kex_vt = {kex_create, sig_keygen, kex_set_private_key,
                                     sig_get_public_key, kex_derive, fake_destroy};
static const cm_kex_vtable kex_odd_vt = {kex_create_odd, sig_keygen, kex_set_private_key,
                                         sig_get_public_key, kex_derive, fake_destroy};
#define KEM_VT(create) {create, sig_keygen, NULL, kem_get_public_key, kem_encapsulate, \
                        kem_decapsulate, fake_destroy}
static const cm_kem_vtable kem_vt = KEM_VT(kem_create);
static const cm_kem_vtable kem_odd_vt = KEM_VT(kem_create_odd);
static const cm_kem_vtable kem_sticky_vt = KEM_VT(kem_create_sticky);
static const cm_kem_vtable kem_short_vt = KEM_VT(kem_create_short);
static const cm_pke_vtable pke_vt = {pke_create, sig_keygen, pke_set_private_key,
                                     sig_set_public_key, sig_get_public_key, pke_encrypt,
                                     pke_decrypt, fake_destroy};
static const cm_pke_vtable pke_odd_vt = {pke_create_odd, sig_keygen, pke_set_private_key,
                                         sig_set_public_key, sig_get_public_key, pke_encrypt,
                                         pke_decrypt, fake_destroy};
#ifdef CM_TEST_CLASSES
static const cm_checksum_vtable sum_vt = {sum_create, sum_sum, fake_destroy};
static const cm_checksum_vtable sum_odd_vt = {sum_create_odd, sum_sum, fake_destroy};
#endif

/* ---- measuring ---------------------------------------------------------------------- */

#define ITERS 37

/* Opens a bench of impl for op and checks the calls of each step:
 * bench_open makes exactly the calls in prep (each once: create first),
 * the workload calls op_fn ITERS times and nothing else, the overhead
 * workload calls nothing of the fake's, close calls destroy once, or
 * nothing when the state is kept for the next benchmark (kept_key.h). */
static void bench_steps_keeping(const cm_impl *impl, cm_op op, const enum fn *prep, size_t n_prep,
                                enum fn op_fn, int kept)
{
    const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
    cm_bench b, scratch;
    cm_error err = {0};
    reset_calls();
    int opened = cm_bench_open(&b, impl, op, cm_bench_message_len(alg, 64), &err) == 0;
    CHECK(opened);
    if (!opened) {
        fprintf(stderr, "  %s/%s: %s\n", impl->algorithm, cm_op_name(op), err.msg);
        return;
    }
    CHECK(all_calls() == n_prep);
    for (size_t i = 0; i < n_prep; i++)
        CHECK(calls[prep[i]] == 1);

    reset_calls();
    cm_workload w = cm_bench_workload(&b);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(calls[op_fn] == ITERS);
    CHECK(all_calls() == ITERS);

    reset_calls();
    w = cm_bench_overhead(&b, &scratch);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(all_calls() == 0);

    reset_calls();
    cm_bench_close(&b);
    CHECK(kept ? all_calls() == 0 : calls[F_DESTROY] == 1 && all_calls() == 1);
}

static void bench_steps(const cm_impl *impl, cm_op op, const enum fn *prep, size_t n_prep,
                        enum fn op_fn)
{
    bench_steps_keeping(impl, op, prep, n_prep, op_fn, 0);
}

/* Takes the state kept for vt (there must be one) and frees it. */
static void drop_kept(const void *vt)
{
    void *state = cm_kept_key_take(vt);
    CHECK(state != NULL);
    if (state)
        fake_destroy(state);
}

#define PREP(...) (const enum fn[]){__VA_ARGS__}, sizeof (const enum fn[]){__VA_ARGS__} / sizeof(enum fn)

static const cm_impl hash_impl = CM_IMPL_HASH("sha256", "fake", &hash_vt, NULL);
static const cm_impl mac_impl = CM_IMPL_MAC("hmac-sha256", "fake", &mac_vt, NULL);
static const cm_impl cbc_impl = CM_IMPL_CIPHER("aes-128-cbc", "fake", &cipher_vt, NULL);
static const cm_impl aead_impl = CM_IMPL_AEAD("aes-128-gcm", "fake", &aead_vt, NULL);
static const cm_impl sig_impl = CM_IMPL_SIGNATURE("ed25519", "fake", &sig_vt, NULL);
static const cm_impl rng_impl = CM_IMPL_RNG("random", "fake", &rng_vt, NULL);
static const cm_impl kex_impl = CM_IMPL_KEX("x25519", "fake", &kex_vt, NULL);
static const cm_impl pke_impl = CM_IMPL_PKE("rsa-2048-oaep-sha256", "fake", &pke_vt, NULL);
static const cm_impl kem_impl = CM_IMPL_KEM("ml-kem-512", "fake", &kem_vt, NULL);
#ifdef CM_TEST_CLASSES
static const cm_impl sum_impl = CM_IMPL_CHECKSUM("fletcher32", "fake", &sum_vt, NULL);
#endif

/* kex derive: bench_open makes the state's key pair and a peer's (two
 * creates, two keygens, one export, the peer destroyed); the workload
 * derives ITERS times from the peer's public key. */
static void kex_derive_steps(void)
{
    cm_bench b, scratch;
    cm_error err = {0};
    reset_calls();
    int opened = cm_bench_open(&b, &kex_impl, CM_OP_DERIVE, 32, &err) == 0;
    CHECK(opened);
    if (!opened)
        return;
    CHECK(calls[F_CREATE] == 2 && calls[F_KEYGEN] == 2 && calls[F_GET_PUB] == 1 &&
          calls[F_DESTROY] == 1 && all_calls() == 6);
    CHECK(b.tag_len == 1);
    reset_calls();
    cm_workload w = cm_bench_workload(&b);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(calls[F_DERIVE] == ITERS && all_calls() == ITERS);
    reset_calls();
    w = cm_bench_overhead(&b, &scratch);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(all_calls() == 0);
    cm_bench_close(&b);
}

static void test_measuring(void)
{
    bench_steps(&hash_impl, CM_OP_DIGEST, PREP(F_CREATE), F_DIGEST);
    bench_steps(&mac_impl, CM_OP_MAC, PREP(F_CREATE), F_MAC);
    bench_steps(&cbc_impl, CM_OP_ENCRYPT, PREP(F_CREATE, F_ENCRYPT), F_ENCRYPT);
    bench_steps(&cbc_impl, CM_OP_DECRYPT, PREP(F_CREATE, F_ENCRYPT, F_DECRYPT), F_DECRYPT);
    bench_steps(&aead_impl, CM_OP_SEAL, PREP(F_CREATE), F_SEAL);
    bench_steps(&aead_impl, CM_OP_OPEN, PREP(F_CREATE, F_SEAL), F_OPEN);
    bench_steps(&sig_impl, CM_OP_KEYGEN, PREP(F_CREATE), F_KEYGEN);
    /* sign makes the key pair and keeps it; verify takes it and only signs */
    bench_steps_keeping(&sig_impl, CM_OP_SIGN, PREP(F_CREATE, F_KEYGEN, F_SIGN), F_SIGN, 1);
    bench_steps_keeping(&sig_impl, CM_OP_VERIFY, PREP(F_SIGN), F_VERIFY, 1);
    drop_kept(&sig_vt);
    bench_steps(&rng_impl, CM_OP_GENERATE, PREP(F_CREATE), F_GENERATE);
    bench_steps(&kex_impl, CM_OP_KEYGEN, PREP(F_CREATE), F_KEYGEN);
    bench_steps_keeping(&pke_impl, CM_OP_ENCRYPT, PREP(F_CREATE, F_KEYGEN, F_ENCRYPT), F_ENCRYPT, 1);
    bench_steps_keeping(&pke_impl, CM_OP_DECRYPT, PREP(F_ENCRYPT), F_DECRYPT, 1);
    drop_kept(&pke_vt);
    kex_derive_steps();
    bench_steps(&kem_impl, CM_OP_KEYGEN, PREP(F_CREATE), F_KEYGEN);
    bench_steps(&kem_impl, CM_OP_ENCAPSULATE, PREP(F_CREATE, F_KEYGEN, F_GET_PUB), F_ENCAPS);
    bench_steps(&kem_impl, CM_OP_DECAPSULATE, PREP(F_CREATE, F_KEYGEN, F_GET_PUB, F_ENCAPS),
                F_DECAPS);
    {
        /* a ciphertext of another size than the row's fails the set-up */
        static const cm_impl kem_short = CM_IMPL_KEM("ml-kem-512", "short", &kem_short_vt, NULL);
        cm_bench b;
        cm_error err = {0};
        CHECK(cm_bench_open(&b, &kem_short, CM_OP_DECAPSULATE, 32, &err) != 0);
        CHECK_CONTAINS(err.msg, "a ciphertext of 767 bytes (ml-kem-512: 768)");
    }
#ifdef CM_TEST_CLASSES
    bench_steps(&sum_impl, CM_OP_SUM, PREP(F_CREATE), F_SUM);
#endif

    static const cm_class per_byte[] = {CM_CLASS_HASH, CM_CLASS_MAC, CM_CLASS_CIPHER,
                                        CM_CLASS_AEAD, CM_CLASS_RNG, CM_CLASS_CHECKSUM};
    for (size_t i = 0; i < sizeof per_byte / sizeof per_byte[0]; i++) {
        const cm_class_module *m = cm_class_module_of(per_byte[i]);
#ifndef CM_TEST_CLASSES
        if (per_byte[i] == CM_CLASS_CHECKSUM) {
            CHECK(m == NULL);
            continue;
        }
#endif
        CHECK(m && m->cls == per_byte[i] && m->unit == CM_UNIT_BYTE);
    }
    const cm_class_module *sig = cm_class_module_of(CM_CLASS_SIGNATURE);
    CHECK(sig && sig->unit == CM_UNIT_OP);
    const cm_class_module *kem = cm_class_module_of(CM_CLASS_KEM);
    CHECK(kem && kem->unit == CM_UNIT_OP && strcmp(kem->name, "kem") == 0);
    CHECK(cm_bench_message_len(cm_algorithm_find("ed25519"), 4096) == 32);
}

/* ---- cross-check -------------------------------------------------------------------- */

/* Runs the class's cross_one (or, peer NULL, its self_one) on
 * deterministic inputs of size bytes; 1 or 0 with detail. */
static int cross(const cm_impl *impl, const cm_impl *peer, size_t size, char *detail,
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

/* impl agrees with same (another fake giving the same outputs) and not
 * with odd, whose difference the detail names with want. */
static void cross_pair(const cm_impl *impl, const cm_impl *same, const cm_impl *odd,
                       const char *want)
{
    char detail[384];
    int ok = cross(impl, same, 64, detail, sizeof detail);
    CHECK(ok);
    if (!ok)
        fprintf(stderr, "  %s: %s\n", impl->algorithm, detail);
    CHECK(!cross(impl, odd, 64, detail, sizeof detail));
    CHECK_CONTAINS(detail, want);
    CHECK_CONTAINS(detail, "seed 0x0000000000001234");
}

static void test_cross(void)
{
    static const cm_impl hash_b = CM_IMPL_HASH("sha256", "b", &hash_vt, NULL);
    static const cm_impl hash_odd = CM_IMPL_HASH("sha256", "odd", &hash_odd_vt, NULL);
    cross_pair(&hash_impl, &hash_b, &hash_odd, "digest differs from peer:fake at byte 3 of 32");

    static const cm_impl mac_b = CM_IMPL_MAC("hmac-sha256", "b", &mac_vt, NULL);
    static const cm_impl mac_odd = CM_IMPL_MAC("hmac-sha256", "odd", &mac_odd_vt, NULL);
    cross_pair(&mac_impl, &mac_b, &mac_odd, "tag differs from peer:fake at byte 3 of 32");

    static const cm_impl ctr = CM_IMPL_CIPHER("aes-128-ctr", "fake", &cipher_vt, NULL);
    static const cm_impl ctr_b = CM_IMPL_CIPHER("aes-128-ctr", "b", &cipher_vt, NULL);
    static const cm_impl ctr_odd = CM_IMPL_CIPHER("aes-128-ctr", "odd", &cipher_odd_vt, NULL);
    cross_pair(&ctr, &ctr_b, &ctr_odd, "encrypt output differs from peer:fake at byte 3 of 64");
    static const cm_impl cbc_b = CM_IMPL_CIPHER("aes-128-cbc", "b", &cipher_vt, NULL);
    static const cm_impl cbc_odd = CM_IMPL_CIPHER("aes-128-cbc", "odd", &cipher_odd_vt, NULL);
    cross_pair(&cbc_impl, &cbc_b, &cbc_odd, "at byte 3 of 64");
    char detail[384];
    CHECK(cross(&ctr, NULL, 100, detail, sizeof detail));
    /* without a peer: an odd cipher does not decrypt what it encrypted */
    CHECK(!cross(&ctr_odd, NULL, 100, detail, sizeof detail));
    CHECK_CONTAINS(detail, "decrypt output differs from the original message at byte 3");

    static const cm_impl aead_b = CM_IMPL_AEAD("aes-128-gcm", "b", &aead_vt, NULL);
    static const cm_impl aead_odd = CM_IMPL_AEAD("aes-128-gcm", "odd", &aead_odd_vt, NULL);
    cross_pair(&aead_impl, &aead_b, &aead_odd, "seal tag differs from peer:fake at byte 3 of 16");

    static const cm_impl sig_b = CM_IMPL_SIGNATURE("ed25519", "b", &sig_vt, NULL);
    static const cm_impl sig_odd = CM_IMPL_SIGNATURE("ed25519", "odd", &sig_odd_vt, NULL);
    static const cm_impl sig_refuses = CM_IMPL_SIGNATURE("ed25519", "refuses", &sig_refuses_vt,
                                                         NULL);
    cross_pair(&sig_impl, &sig_b, &sig_odd, "verified by peer:fake: verify returned CM_ERR_AUTH");
    CHECK(!cross(&sig_impl, &sig_refuses, 32, detail, sizeof detail));
    CHECK_CONTAINS(detail, "verify returned CM_ERR_AUTH");
    CHECK(cross(&sig_impl, NULL, 32, detail, sizeof detail));
    CHECK(!cross(&sig_refuses, NULL, 32, detail, sizeof detail));

    /* rng: no peer ever; the self-check passes a working source (with its
     * retry note) and fails each broken one with what is wrong */
    CHECK(cm_class_module_of(CM_CLASS_RNG)->cross_one == NULL);
    CHECK(cm_class_module_of(CM_CLASS_RNG)->no_peer != NULL);
    static const cm_impl rng_zeros = CM_IMPL_RNG("random", "zeros", &rng_zeros_vt, NULL);
    static const cm_impl rng_repeat = CM_IMPL_RNG("random", "repeat", &rng_repeat_vt, NULL);
    static const cm_impl rng_biased = CM_IMPL_RNG("random", "biased", &rng_biased_vt, NULL);
    static const size_t rng_sizes[] = {0, 1, 15, 64, 1000};
    for (size_t i = 0; i < sizeof rng_sizes / sizeof rng_sizes[0]; i++) {
        int ok = cross(&rng_impl, NULL, rng_sizes[i], detail, sizeof detail);
        CHECK(ok);
        if (!ok)
            fprintf(stderr, "  rng %zu bytes: %s\n", rng_sizes[i], detail);
        CHECK_CONTAINS(detail, "retries: 3 of 200");
        CHECK(!cross(&rng_biased, NULL, rng_sizes[i], detail, sizeof detail));
        CHECK_CONTAINS(detail, "monobit");
    }
    CHECK(!cross(&rng_zeros, NULL, 64, detail, sizeof detail));
    CHECK_CONTAINS(detail, "all zeros");
    CHECK(!cross(&rng_zeros, NULL, 0, detail, sizeof detail)); /* 16 bytes compared at least */
    CHECK_CONTAINS(detail, "all zeros");
    CHECK(!cross(&rng_repeat, NULL, 64, detail, sizeof detail));
    CHECK_CONTAINS(detail, "two in a row are equal");
    static const cm_impl kex_b = CM_IMPL_KEX("x25519", "b", &kex_vt, NULL);
    static const cm_impl kex_odd = CM_IMPL_KEX("x25519", "odd", &kex_odd_vt, NULL);
    cross_pair(&kex_impl, &kex_b, &kex_odd, "the shared secret differs from peer:fake at byte 3 of 32");
    CHECK(cross(&kex_impl, NULL, 32, detail, sizeof detail));

    static const cm_impl kem_b = CM_IMPL_KEM("ml-kem-512", "b", &kem_vt, NULL);
    static const cm_impl kem_odd = CM_IMPL_KEM("ml-kem-512", "odd", &kem_odd_vt, NULL);
    static const cm_impl kem_sticky = CM_IMPL_KEM("ml-kem-512", "sticky", &kem_sticky_vt, NULL);
    static const cm_impl kem_short = CM_IMPL_KEM("ml-kem-512", "short", &kem_short_vt, NULL);
    cross_pair(&kem_impl, &kem_b, &kem_odd,
               "the decapsulated secret differs from peer:fake at byte 3 of 32");
    CHECK(cross(&kem_impl, NULL, 32, detail, sizeof detail));
    /* no implicit rejection: a flipped ciphertext gave the same secret */
    CHECK(!cross(&kem_impl, &kem_sticky, 32, detail, sizeof detail));
    CHECK_CONTAINS(detail, "gave the same secret for a ciphertext with its last bit flipped");
    CHECK(!cross(&kem_short, NULL, 32, detail, sizeof detail));
    CHECK_CONTAINS(detail, "a ciphertext of 767 bytes (ml-kem-512: 768)");

    static const cm_impl pke_b = CM_IMPL_PKE("rsa-2048-oaep-sha256", "b", &pke_vt, NULL);
    static const cm_impl pke_odd = CM_IMPL_PKE("rsa-2048-oaep-sha256", "odd", &pke_odd_vt, NULL);
    cross_pair(&pke_impl, &pke_b, &pke_odd, "decrypt gave back another message");
    CHECK(cross(&pke_impl, NULL, 32, detail, sizeof detail));
    CHECK(!cross(&pke_odd, NULL, 32, detail, sizeof detail));

#ifdef CM_TEST_CLASSES
    static const cm_impl sum_b = CM_IMPL_CHECKSUM("fletcher32", "b", &sum_vt, NULL);
    static const cm_impl sum_odd = CM_IMPL_CHECKSUM("fletcher32", "odd", &sum_odd_vt, NULL);
    cross_pair(&sum_impl, &sum_b, &sum_odd, "sum differs from peer:fake at byte 0 of 4");
#endif
}

/* ---- Wycheproof and cryptometer-kat-v1 cases --------------------------------------- */

/* n bytes of p as lower-case hex, in one of 8 static buffers used in turn. */
static const char *hex(const uint8_t *p, size_t n)
{
    static char buf[8][512];
    static int k;
    char *b = buf[k++ % 8];
    for (size_t i = 0; i < n && i < 255; i++)
        snprintf(b + 2 * i, 3, "%02x", p[i]);
    b[n < 255 ? 2 * n : 510] = '\0';
    return b;
}

/* Runs the class's wycheproof_case on (group, test) against impl (NULL:
 * only well-formedness) as a case of the given result. Returns the hook's
 * value; *rep receives the counts, why the reason of a -1. */
static int wp_run(const cm_impl *impl, const char *algorithm, json_t *group, json_t *test,
                  cm_wp_result result, cm_kat_report *rep, char *why, size_t why_len)
{
    const cm_algorithm *alg = cm_algorithm_find(algorithm);
    cm_wp_case c = {impl, alg, group, test, result, "fake.json tcId 1"};
    cm_kat_report_init(rep);
    why[0] = '\0';
    int rc = cm_class_of(alg)->wycheproof_case(&c, rep, why, why_len);
    json_decref(group);
    json_decref(test);
    return rc;
}

/* One case through the hook three ways: right (passes), with a corrupted
 * expected output (a valid case fails; as an invalid case it passes), and
 * without field `drop` (malformed: -1 naming it). make(corrupt) builds the
 * (group, test) pair. */
typedef void (*wp_make)(int corrupt, json_t **group, json_t **test);
static void wp_three_ways(const cm_impl *impl, wp_make make, const char *drop)
{
    cm_kat_report rep;
    char why[256];
    json_t *g, *t;
    make(0, &g, &t);
    CHECK(wp_run(impl, impl->algorithm, g, t, CM_WP_VALID, &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 1 && rep.failed == 0);
    if (rep.failed)
        fprintf(stderr, "  %s: %s\n", impl->algorithm, rep.failure);
    make(1, &g, &t);
    CHECK(wp_run(impl, impl->algorithm, g, t, CM_WP_VALID, &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 0 && rep.failed == 1);
    CHECK_CONTAINS(rep.failure, "fake.json tcId 1");
    make(1, &g, &t);
    CHECK(wp_run(impl, impl->algorithm, g, t, CM_WP_INVALID, &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 1 && rep.failed == 0);
    make(0, &g, &t);
    CHECK(wp_run(NULL, impl->algorithm, g, t, CM_WP_VALID, &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 0 && rep.failed == 0);
    make(0, &g, &t);
    json_object_del(t, drop);
    json_object_del(g, drop);
    CHECK(wp_run(impl, impl->algorithm, g, t, CM_WP_VALID, &rep, why, sizeof why) == -1);
    CHECK_CONTAINS(why, drop);
}

static const uint8_t K[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const uint8_t IV[16] = {0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
                               0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf};
static const uint8_t MSG[5] = {'h', 'e', 'l', 'l', 'o'};

static void make_mac(int corrupt, json_t **group, json_t **test)
{
    uint8_t tag[32];
    void *st = NULL;
    mac_vt.create(&st, K, 16);
    mac_vt.mac(st, MSG, sizeof MSG, tag);
    mac_vt.destroy(st);
    tag[31] ^= (uint8_t)corrupt;
    *group = json_pack("{s:i}", "tagSize", 256);
    *test = json_pack("{s:s, s:s, s:s}", "key", hex(K, 16), "msg", hex(MSG, sizeof MSG), "tag",
                      hex(tag, 32));
}

/* IndCpaTest: the message PKCS#7-padded to one block, then encrypted. */
static void make_cipher(int corrupt, json_t **group, json_t **test)
{
    uint8_t padded[16], ct[16];
    void *st = NULL;
    memcpy(padded, MSG, sizeof MSG);
    memset(padded + sizeof MSG, 16 - (int)sizeof MSG, 16 - sizeof MSG);
    cipher_vt.create(&st, K, 16);
    cipher_vt.encrypt(st, IV, padded, ct, 16);
    cipher_vt.destroy(st);
    ct[15] ^= (uint8_t)corrupt;
    *group = json_object();
    *test = json_pack("{s:s, s:s, s:s, s:s}", "key", hex(K, 16), "iv", hex(IV, 16), "msg",
                      hex(MSG, sizeof MSG), "ct", hex(ct, 16));
}

static void make_aead(int corrupt, json_t **group, json_t **test)
{
    static const uint8_t aad[3] = {7, 8, 9};
    uint8_t ct[sizeof MSG], tag[16];
    void *st = NULL;
    aead_vt.create(&st, K, 16);
    aead_vt.seal(st, IV, 12, aad, sizeof aad, MSG, sizeof MSG, ct, tag, 16);
    aead_vt.destroy(st);
    tag[0] ^= (uint8_t)corrupt;
    *group = json_pack("{s:i}", "tagSize", 128);
    *test = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "key", hex(K, 16), "iv", hex(IV, 12),
                      "aad", hex(aad, sizeof aad), "msg", hex(MSG, sizeof MSG), "ct",
                      hex(ct, sizeof ct), "tag", hex(tag, 16));
}

static void make_signature(int corrupt, json_t **group, json_t **test)
{
    uint8_t sig[SIG_LEN], der[8];
    size_t sig_len = sizeof sig, der_len = sizeof der;
    void *st = NULL;
    sig_vt.create(&st, cm_algorithm_find("ed25519"));
    sig_vt.keygen(st);
    sig_vt.sign(st, MSG, sizeof MSG, sig, &sig_len);
    sig_vt.get_public_key(st, der, &der_len);
    sig_vt.destroy(st);
    sig[10] ^= (uint8_t)corrupt;
    *group = json_pack("{s:s}", "publicKeyDer", hex(der, der_len));
    *test = json_pack("{s:s, s:s}", "msg", hex(MSG, sizeof MSG), "sig", hex(sig, sig_len));
}

/* Runs the class's builtin_case on test against impl; as wp_run. */
static int builtin_run(const cm_impl *impl, json_t *test, cm_kat_report *rep, char *why,
                       size_t why_len)
{
    const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
    cm_kat_report_init(rep);
    why[0] = '\0';
    int rc = cm_class_of(alg)->builtin_case(impl, alg, test, "fake.json id 1", rep, why, why_len);
    json_decref(test);
    return rc;
}

/* Takes whatever is kept for vt, so that a check starts from an empty slot. */
static void drain_kept(const void *vt)
{
    void *state = cm_kept_key_take(vt);
    if (state)
        fake_destroy(state);
}

/* The cross-check's own key pair serves the benchmarks (kat_pk_cross.c). */
static void test_cross_keeps_key(void)
{
    static const cm_impl sig_b = CM_IMPL_SIGNATURE("ed25519", "b", &sig_vt, NULL);
    static const cm_impl sig_refuses = CM_IMPL_SIGNATURE("ed25519", "refuses", &sig_refuses_vt,
                                                         NULL);
    static const cm_impl pke_b = CM_IMPL_PKE("rsa-2048-oaep-sha256", "b", &pke_vt, NULL);
    char detail[384];
    drain_kept(&sig_vt);
    CHECK(!cross(&sig_impl, &sig_refuses, 32, detail, sizeof detail));
    CHECK(cm_kept_key_take(&sig_vt) == NULL);
    CHECK(cross(&sig_impl, &sig_b, 32, detail, sizeof detail));
    /* sign takes the pair: no create, no keygen, only the signature verify will check */
    bench_steps_keeping(&sig_impl, CM_OP_SIGN, PREP(F_SIGN), F_SIGN, 1);
    drop_kept(&sig_vt);
    drain_kept(&pke_vt);
    CHECK(cross(&pke_impl, &pke_b, 32, detail, sizeof detail));
    bench_steps_keeping(&pke_impl, CM_OP_ENCRYPT, PREP(F_ENCRYPT), F_ENCRYPT, 1);
    drop_kept(&pke_vt);
}

static void test_cases(void)
{
    wp_three_ways(&mac_impl, make_mac, "tag");
    wp_three_ways(&cbc_impl, make_cipher, "ct");
    wp_three_ways(&aead_impl, make_aead, "tag");
    wp_three_ways(&sig_impl, make_signature, "sig");
    CHECK(cm_class_module_of(CM_CLASS_HASH)->wycheproof_case == NULL);
#ifdef CM_TEST_CLASSES
    CHECK(cm_class_module_of(CM_CLASS_CHECKSUM)->wycheproof_case == NULL);
    CHECK(cm_class_module_of(CM_CLASS_CHECKSUM)->builtin_case == NULL);
#endif

    /* hash: "msg" or "msg_ascii" (+ "repeat"), "digest" */
    cm_kat_report rep;
    char why[256];
    uint8_t digest[32], msg3[3 * sizeof MSG];
    void *st = NULL;
    for (int i = 0; i < 3; i++)
        memcpy(msg3 + i * sizeof MSG, MSG, sizeof MSG);
    hash_vt.create(&st);
    hash_vt.digest(st, msg3, sizeof msg3, digest);
    hash_vt.destroy(st);
    CHECK(builtin_run(&hash_impl, json_pack("{s:s, s:i, s:s}", "msg_ascii", "hello", "repeat", 3,
                                            "digest", hex(digest, 32)), &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 1 && rep.failed == 0);
    CHECK(builtin_run(&hash_impl, json_pack("{s:s, s:s}", "msg", hex(msg3, sizeof msg3),
                                            "digest", hex(digest, 32)), &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 1 && rep.failed == 0);
    digest[0] ^= 1;
    CHECK(builtin_run(&hash_impl, json_pack("{s:s, s:s}", "msg", hex(msg3, sizeof msg3),
                                            "digest", hex(digest, 32)), &rep, why, sizeof why) == 0);
    CHECK(rep.failed == 1);
    CHECK_CONTAINS(rep.failure, "fake.json id 1");
    CHECK(builtin_run(&hash_impl, json_pack("{s:s, s:s}", "msg", "00", "digest", "0011"), &rep,
                      why, sizeof why) == -1);
    CHECK_CONTAINS(why, "digest is 2 bytes");

    /* cipher: "key", "iv", "pt", "ct", both directions */
    uint8_t pt[32], ct[32];
    for (size_t i = 0; i < sizeof pt; i++)
        pt[i] = (uint8_t)(i * 9);
    cipher_vt.create(&st, K, 16);
    cipher_vt.encrypt(st, IV, pt, ct, sizeof pt);
    cipher_vt.destroy(st);
    CHECK(builtin_run(&cbc_impl, json_pack("{s:s, s:s, s:s, s:s}", "key", hex(K, 16), "iv",
                                           hex(IV, 16), "pt", hex(pt, 32), "ct", hex(ct, 32)),
                      &rep, why, sizeof why) == 0);
    CHECK(rep.passed == 1 && rep.failed == 0);
    ct[31] ^= 1;
    CHECK(builtin_run(&cbc_impl, json_pack("{s:s, s:s, s:s, s:s}", "key", hex(K, 16), "iv",
                                           hex(IV, 16), "pt", hex(pt, 32), "ct", hex(ct, 32)),
                      &rep, why, sizeof why) == 0);
    CHECK(rep.failed == 1);
    CHECK_CONTAINS(rep.failure, "byte 31");
    CHECK(builtin_run(&cbc_impl, json_pack("{s:s, s:s, s:s, s:s}", "key", hex(K, 16), "iv",
                                           hex(IV, 16), "pt", hex(pt, 5), "ct", hex(ct, 5)),
                      &rep, why, sizeof why) == -1);
    CHECK_CONTAINS(why, "do not fit aes-128-cbc");
}

int main(void)
{
    test_measuring();
    test_cross();
    test_cross_keeps_key();
    test_cases();
    return check_done("test_classes");
}
