/*
 * test_ref_variants.c — every variant of our own AES code (the `ref`
 * backend's aesni and vaes256 rows, armce on aarch64, where this CPU has
 * their features)
 * gives the bytes of the portable C one, on the cases vectors and the
 * cross-check rarely reach:
 *
 *   CTR   counter blocks that carry across the 64-bit halves and wrap at
 *         2^128; every length around the 8-block groups; in place; a
 *         stream fed in uneven pieces (iv NULL);
 *   CBC   lengths around the 8-block groups, in place, chained pieces;
 *   GCM   nonces of 1..64 bytes (the 32-bit counter starts anywhere),
 *         Wycheproof's nonces whose counter wraps, over long messages; AAD and message lengths around the groups, truncated
 *         tags, in place; a forged tag is refused and no plaintext stays.
 *
 * Variants absent here are named and skipped (not counted as passes).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "registry/registry.h"

#define MAX_LEN 4200

static const size_t lengths[] = {0,   1,   15,  16,  17,  112, 127, 128,  129,
                                 143, 255, 256, 257, 300, 1023, 1040, 4103};

/* Deterministic bytes: xorshift64 from seed. */
static void fill(uint8_t *p, size_t n, uint64_t seed)
{
    uint64_t x = seed * 0x9e3779b97f4a7c15ull + 1;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        p[i] = (uint8_t)(x >> 32);
    }
}

/* The available variants of algorithm other than portable, into out;
 * their number. Absent ones are reported as skipped. */
static int variants(const cm_backend *ref, const char *algorithm, const cm_impl **out)
{
    int n = 0;
    for (size_t i = 0; i < ref->n_impls; i++) {
        const cm_impl *impl = &ref->impls[i];
        char why[256], what[128];
        if (strcmp(impl->algorithm, algorithm) != 0 || strcmp(impl->variant, "portable") == 0)
            continue;
        if (cm_impl_available(ref, impl, why, sizeof why))
            out[n++] = impl;
        else {
            snprintf(what, sizeof what, "ref:%s/%s", impl->variant, algorithm);
            check_skip(what, why);
        }
    }
    return n;
}

/* Encrypts (enc) or decrypts len bytes of in with a new state from key:
 * in one call, or (pieces) in uneven pieces continuing the stream. */
static cm_rc cipher_run(const cm_cipher_vtable *vt, const uint8_t *key, size_t key_len,
                        const uint8_t iv[16], int enc, int pieces, size_t block,
                        const uint8_t *in, uint8_t *out, size_t len)
{
    void *st = NULL;
    cm_rc rc = vt->create(&st, key, key_len);
    size_t off = 0, step = 0;
    const uint8_t *next_iv = iv;
    while (rc == CM_OK && (off < len || off == 0)) {
        /* pieces of 3, 6, 9 blocks, CTR's plus 1..4 bytes */
        size_t n = pieces ? (step % 3 + 1) * block * 3 + (block == 1 ? step % 5 : 0) : len;
        step++;
        if (n > len - off)
            n = len - off;
        rc = (enc ? vt->encrypt : vt->decrypt)(st, next_iv, in + off, out + off, n);
        next_iv = NULL;
        off += n;
        if (len == 0)
            break;
    }
    vt->destroy(st);
    return rc;
}

/* A CTR or CBC variant against portable for one key and IV. */
static void check_cipher(const cm_impl *portable, const cm_impl *v, size_t key_len, size_t block,
                         const uint8_t iv[16], uint64_t seed)
{
    static uint8_t key[32], msg[MAX_LEN], want[MAX_LEN], got[MAX_LEN];
    fill(key, key_len, seed);
    for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
        size_t len = lengths[li] - lengths[li] % block;
        fill(msg, len, seed + li);
        for (int enc = 0; enc <= 1; enc++) {
            CHECK(cipher_run(portable->vt.cipher, key, key_len, iv, enc, 0, block, msg, want,
                             len) == CM_OK);
            for (int pieces = 0; pieces <= 1; pieces++) {
                memset(got, 0xa5, len);
                CHECK(cipher_run(v->vt.cipher, key, key_len, iv, enc, pieces, block, msg, got,
                                 len) == CM_OK);
                CHECK(memcmp(got, want, len) == 0);
            }
            memcpy(got, msg, len); /* in place */
            CHECK(cipher_run(v->vt.cipher, key, key_len, iv, enc, 0, block, got, got, len) ==
                  CM_OK);
            CHECK(memcmp(got, want, len) == 0);
        }
    }
}

/* CTR and CBC: every variant, IVs whose counters carry and wrap. */
static void test_ciphers(const cm_backend *ref)
{
    static const char *const algs[] = {"aes-128-ctr", "aes-256-ctr", "aes-128-cbc", "aes-256-cbc"};
    for (size_t a = 0; a < 4; a++) {
        const cm_impl *portable = cm_backend_find_impl(ref, algs[a], "portable"), *v[8];
        size_t key_len = strstr(algs[a], "128") ? 16 : 32, block = strstr(algs[a], "cbc") ? 16 : 1;
        CHECK(portable != NULL);
        int n = portable ? variants(ref, algs[a], v) : 0;
        for (int k = 0; k < n; k++) {
            uint8_t iv[16];
            fill(iv, 16, 7);
            check_cipher(portable, v[k], key_len, block, iv, 1);
            memset(iv + 8, 0xff, 8); /* the low half carries into the high one */
            iv[15] = 0xf9;
            check_cipher(portable, v[k], key_len, block, iv, 2);
            memset(iv, 0xff, 16); /* 2^128 - 1: wraps to zero */
            iv[15] = 0xfd;
            check_cipher(portable, v[k], key_len, block, iv, 3);
        }
    }
}

/* A GCM variant against portable: seal, open, in place, forged tags. */
static void check_gcm(const cm_impl *portable, const cm_impl *v, size_t key_len)
{
    static const size_t nonce_lens[] = {1, 8, 12, 16, 64}, aad_lens[] = {0, 13, 129};
    static uint8_t key[32], nonce[64], aad[129], msg[MAX_LEN], want[MAX_LEN], got[MAX_LEN];
    const cm_aead_vtable *pv = portable->vt.aead, *vv = v->vt.aead;
    void *ps = NULL, *vs = NULL;
    fill(key, key_len, 11);
    CHECK(pv->create(&ps, key, key_len) == CM_OK && vv->create(&vs, key, key_len) == CM_OK);
    for (size_t ni = 0; ps && vs && ni < 5; ni++)
        for (size_t ai = 0; ai < 3; ai++)
            for (size_t li = 0; li < sizeof lengths / sizeof lengths[0]; li++) {
                size_t nl = nonce_lens[ni], al = aad_lens[ai], len = lengths[li];
                size_t tl = li % 4 == 3 ? 12 : 16;
                uint8_t want_tag[16], got_tag[16];
                fill(nonce, nl, ni * 100 + li), fill(aad, al, ai), fill(msg, len, li);
                CHECK(pv->seal(ps, nonce, nl, aad, al, msg, len, want, want_tag, tl) == CM_OK);
                CHECK(vv->seal(vs, nonce, nl, aad, al, msg, len, got, got_tag, tl) == CM_OK);
                CHECK(memcmp(got, want, len) == 0 && memcmp(got_tag, want_tag, tl) == 0);
                memcpy(got, msg, len); /* in place */
                CHECK(vv->seal(vs, nonce, nl, aad, al, got, len, got, got_tag, tl) == CM_OK);
                CHECK(memcmp(got, want, len) == 0 && memcmp(got_tag, want_tag, tl) == 0);
                CHECK(vv->open(vs, nonce, nl, aad, al, got, len, got, want_tag, tl) == CM_OK);
                CHECK(memcmp(got, msg, len) == 0);
                want_tag[li % tl] ^= 1; /* forged: refused, no plaintext left */
                memset(got, 0, len);
                CHECK(vv->open(vs, nonce, nl, aad, al, want, len, got, want_tag, tl) ==
                      CM_ERR_AUTH);
                CHECK(len < 16 || memcmp(got, msg, 16) != 0);
            }
    pv->destroy(ps);
    vv->destroy(vs);
}

/* Keys and 16-byte nonces whose pre-counter block J0 ends in ffffffff or
 * fffffffe, so that the 32-bit counter wraps inside the 8-block groups of a
 * long message: Wycheproof aes_gcm_test.json tcId 79 and 83 (AES-128),
 * 242 and 246 (AES-256) (vectors/wycheproof, Apache-2.0). */
static const uint8_t wrap_key[32] = {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
                                     0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
                                     0x10, 0x21, 0x32, 0x43, 0x54, 0x65, 0x76, 0x87,
                                     0x98, 0xa9, 0xba, 0xcb, 0xdc, 0xed, 0xfe, 0x0f};
static const uint8_t wrap_nonce[2][2][16] = {
    {{0x1a, 0x55, 0x2e, 0x67, 0xcd, 0xc4, 0xdc, 0x1a, 0x33, 0xb8, 0x24, 0x87, 0x4e, 0xbf, 0x0b, 0xed},
     {0x5e, 0x4a, 0x39, 0x00, 0x14, 0x23, 0x58, 0xd1, 0xc7, 0x74, 0xd8, 0xd1, 0x24, 0xd8, 0xd2, 0x7d}},
    {{0xce, 0x20, 0xa7, 0xe8, 0x70, 0x69, 0x6a, 0x5e, 0x68, 0x53, 0x3c, 0x46, 0x5b, 0xad, 0x2b, 0xa1},
     {0xb3, 0x7b, 0xba, 0xd1, 0x04, 0x92, 0x8a, 0xe8, 0x92, 0x21, 0xd3, 0x52, 0x0c, 0x26, 0x82, 0xe0}}};

/* The counter wraps within the bulk loop: variant and portable agree. */
static void check_gcm_wrap(const cm_impl *portable, const cm_impl *v, int k256)
{
    static uint8_t msg[1024], want[1024], got[1024];
    const cm_aead_vtable *pv = portable->vt.aead, *vv = v->vt.aead;
    void *ps = NULL, *vs = NULL;
    size_t key_len = k256 ? 32 : 16;
    CHECK(pv->create(&ps, wrap_key, key_len) == CM_OK && vv->create(&vs, wrap_key, key_len) == CM_OK);
    fill(msg, sizeof msg, 5);
    for (int i = 0; ps && vs && i < 2; i++) {
        uint8_t want_tag[16], got_tag[16];
        CHECK(pv->seal(ps, wrap_nonce[k256][i], 16, NULL, 0, msg, sizeof msg, want, want_tag, 16) == CM_OK);
        CHECK(vv->seal(vs, wrap_nonce[k256][i], 16, NULL, 0, msg, sizeof msg, got, got_tag, 16) == CM_OK);
        CHECK(memcmp(got, want, sizeof msg) == 0 && memcmp(got_tag, want_tag, 16) == 0);
    }
    pv->destroy(ps);
    vv->destroy(vs);
}

static void test_gcm(const cm_backend *ref)
{
    static const char *const algs[] = {"aes-128-gcm", "aes-256-gcm"};
    for (size_t a = 0; a < 2; a++) {
        const cm_impl *portable = cm_backend_find_impl(ref, algs[a], "portable"), *v[8];
        CHECK(portable != NULL);
        int n = portable ? variants(ref, algs[a], v) : 0;
        for (int k = 0; k < n; k++) {
            check_gcm(portable, v[k], a ? 32 : 16);
            check_gcm_wrap(portable, v[k], (int)a);
        }
    }
}

int main(void)
{
    const cm_backend *ref = cm_registry_find_backend("ref");
    if (!ref) {
        check_skip("ref variants", "the ref backend is not built");
        return check_done("test_ref_variants");
    }
    test_ciphers(ref);
    test_gcm(ref);
    return check_done("test_ref_variants");
}
