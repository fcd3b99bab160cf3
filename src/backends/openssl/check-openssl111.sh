#!/bin/sh
# check-openssl111.sh — builds the OpenSSL backend against OpenSSL 1.1.1 and
# checks it, so that CI proves the 1.1.1 side of every
# `#if OPENSSL_VERSION_NUMBER` still compiles without a warning and still
# gives the right answers. (The 3.x side is what the normal build covers.)
#
# Usage:
#   src/backends/openssl/check-openssl111.sh [WORKDIR]
#
# Exit status: 0 all checks passed; 1 a build or check failed; 77 not run
# (the 1.1.1 packages or the archive keyring could not be had here).
#
#   WORKDIR   where downloads, builds and logs go (default: a new mktemp -d
#             directory, removed at the end unless KEEP=1).
#   OPENSSL111_ROOT=DIR
#             use an OpenSSL 1.1.1 already unpacked or installed under DIR
#             (DIR/include/openssl/opensslv.h, DIR/lib[/<multiarch>]/
#             libcrypto.so) instead of downloading one.
#   OPENSSL_MIRROR=URL
#             Debian mirror for tools/fetch-openssl.sh (default
#             http://deb.debian.org/debian; use http://archive.debian.org/debian
#             once bullseye is archived).
#   CC=...    compiler (default cc).
#
# Needs: a C compiler, libjansson-dev, and, unless OPENSSL111_ROOT is given,
# what tools/fetch-openssl.sh needs (apt-get, dpkg-deb, network access,
# debian-archive-keyring): it fetches libssl-dev and libssl1.1 from Debian 11
# "bullseye" into WORKDIR without touching the system's apt state.
#
# What it does:
#   1. compiles every backend source and a small check program with
#      -std=gnu11 -Wall -Wextra -Werror (the project's warnings) against the 1.1.1 headers;
#   2. links it against libcrypto.so.1.1 and runs it (it refuses to run
#      against any other library version): known answers for every
#      algorithm (FIPS 180 "abc", SP 800-38A F.2/F.5, GCM spec test cases
#      1, 4, 6 (60-byte IV) and 16, RFC 8439 2.4.2, 2.5.2 and 2.8.2, RFC 4231
#      cases 1 and 6, HMAC with an empty key, FIPS 202 and BLAKE2 empty
#      messages, Wycheproof AES-XTS tcId 1), truncated tags, forged tags, length 0 with
#      NULL pointers, error codes, CBC/CTR fed as a stream of pieces (the
#      path the benchmarks time); prints describe();
#   3. runs it again with OpenSSL's acceleration masked off through
#      OPENSSL_ia32cap / OPENSSL_armcap (the portable code paths);
#   4. links it statically against libcrypto.a, runs it, and checks that
#      describe() then reads the capability vector (a shared 1.1.1 does not
#      expose it).
# Exit status: 0 when everything built and passed, 1 otherwise.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
CC=${CC:-cc}
if [ $# -ge 1 ]; then
    work=$1
    mkdir -p "$work"
else
    work=$(mktemp -d)
    [ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
fi
work=$(cd "$work" && pwd)
triplet=$($CC -print-multiarch 2>/dev/null || true)
[ -n "$triplet" ] || triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)

say() { printf '== %s\n' "$*"; }
die() { printf 'check-openssl111: %s\n' "$*" >&2; exit 1; }
# What this machine cannot provide (no keyring, no download): exit 77, so
# that a caller can say it did not run rather than that it failed.
unavailable() { printf 'check-openssl111: NOT RUN: %s\n' "$*" >&2; exit 77; }

# --- 1. an OpenSSL 1.1.1 ---------------------------------------------------
if [ -n "${OPENSSL111_ROOT:-}" ]; then
    root=$OPENSSL111_ROOT
else
    say "fetching OpenSSL 1.1.1 from Debian bullseye into $work (tools/fetch-openssl.sh)"
    rc=0
    root=$("$repo/tools/fetch-openssl.sh" 1.1.1 "$work/root") || rc=$?
    [ $rc = 0 ] || { [ $rc = 77 ] && unavailable "tools/fetch-openssl.sh could not fetch it"; die "tools/fetch-openssl.sh failed"; }
fi
[ -r "$root/include/openssl/opensslv.h" ] || die "no $root/include/openssl/opensslv.h"
grep -q 'OPENSSL_VERSION_TEXT.*"OpenSSL 1\.1\.1' "$root/include/openssl/opensslv.h" \
    || die "$root/include is not OpenSSL 1.1.1"
incs="-I$root/include"
[ -d "$root/include/$triplet/openssl" ] && incs="$incs -I$root/include/$triplet"
libdir=
for d in "$root/lib/$triplet" "$root/lib64" "$root/lib"; do
    if [ -e "$d/libcrypto.so.1.1" ]; then libdir=$d; break; fi
done
[ -n "$libdir" ] || die "no libcrypto.so.1.1 under $root/lib*"
say "headers: $(grep -o '"OpenSSL 1\.1\.1[^"]*"' "$root/include/openssl/opensslv.h"), library: $libdir"

# --- 2. the check program --------------------------------------------------
cat > "$work/check.c" <<'EOF'
/* check.c — written by check-openssl111.sh: known answers and error codes
 * of the OpenSSL backend, through its vtables only. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include <openssl/engine.h>
#include <openssl/evp.h>
#include "cryptometer/backend.h"

extern const cm_backend cm_backend_openssl;
static int failed, checked;
#define CHECK(c, what) do { checked++; if (!(c)) { failed++; printf("FAIL %s\n", what); } } while (0)

static size_t hex(const char *h, uint8_t *o)
{
    size_t n = 0;
    unsigned v;
    for (; *h; h += 2) {
        while (*h == ' ') h++;
        if (!*h || sscanf(h, "%2x", &v) != 1) break;
        o[n++] = (uint8_t)v;
    }
    return n;
}

static const void *vt(const char *name)
{
    for (size_t i = 0; i < cm_backend_openssl.n_impls; i++)
        if (!strcmp(cm_backend_openssl.impls[i].algorithm, name))
            return cm_backend_openssl.impls[i].vt.any;
    printf("FAIL no %s\n", name);
    exit(1);
}

static void hash(const char *alg, const char *msg, const char *want)
{
    const cm_hash_vtable *v = vt(alg);
    uint8_t w[64], o[64];
    size_t n = hex(want, w);
    void *s;
    CHECK(v->create(&s) == CM_OK, alg);
    for (int r = 0; r < 2; r++)
        CHECK(v->digest(s, (const uint8_t *)msg, msg ? strlen(msg) : 0, o) == CM_OK && !memcmp(o, w, n), alg);
    v->destroy(s);
}

static void hmac(const uint8_t *k, size_t kl, const char *msg, const char *want, const char *what)
{
    const cm_mac_vtable *v = vt("hmac-sha256");
    uint8_t w[32], o[32];
    void *s;
    hex(want, w);
    CHECK(v->create(&s, k, kl) == CM_OK, what);
    for (int r = 0; r < 2; r++)
        CHECK(v->mac(s, (const uint8_t *)msg, msg ? strlen(msg) : 0, o) == CM_OK && !memcmp(o, w, 32), what);
    v->destroy(s);
}

/* Checking the engine variants (which loads 1.1.1's built-in engines) must
 * leave no engine the default: else OpenSSL's own ciphers would run through
 * the afalg engine in later children, where it loads (openssl_engine.c). */
static void engines_leave_no_default(void)
{
    char why[256];
    for (size_t i = 0; i < cm_backend_openssl.n_impls; i++)
        if (strstr(cm_backend_openssl.impls[i].variant, "engine") &&
            cm_backend_openssl.impls[i].available)
            cm_backend_openssl.impls[i].available(why, sizeof why);
    ENGINE *r = ENGINE_get_default_RAND(), *c = ENGINE_get_cipher_engine(NID_aes_128_cbc);
    CHECK(r == NULL, "no default engine for random bytes after the engine variants' check");
    CHECK(c == NULL, "no default engine for AES-128-CBC after the engine variants' check");
    if (r)
        ENGINE_finish(r);
    if (c)
        ENGINE_finish(c);
}

static const char *PT = "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                        "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710";

static void cipher(const char *alg, const char *k, const char *iv, const char *ct)
{
    const cm_cipher_vtable *v = vt(alg);
    uint8_t key[32], i[16], p[64], c[64], o[64];
    size_t kl = hex(k, key);
    void *s;
    hex(iv, i); hex(PT, p); hex(ct, c);
    CHECK(v->create(&s, key, kl) == CM_OK, alg);
    for (int r = 0; r < 2; r++) {
        CHECK(v->encrypt(s, i, p, o, 64) == CM_OK && !memcmp(o, c, 64), alg);
        CHECK(v->decrypt(s, i, c, o, 64) == CM_OK && !memcmp(o, p, 64), alg);
        CHECK(v->encrypt(s, i, NULL, NULL, 0) == CM_OK, "length 0");
    }
    if (strstr(alg, "cbc"))
        CHECK(v->encrypt(s, i, p, o, 15) == CM_ERR_INVALID, "cbc 15 bytes");
    else
        CHECK(v->encrypt(s, i, p, o, 37) == CM_OK && !memcmp(o, c, 37), "ctr 37 bytes");
    /* the stream the benchmarks time: an IV once, then pieces with iv NULL
     * (after a Final of the previous message), as one message */
    static const size_t ctr_pieces[] = {5, 11, 0, 48}, cbc_pieces[] = {16, 0, 48};
    const size_t *pieces = strstr(alg, "cbc") ? cbc_pieces : ctr_pieces;
    size_t n_pieces = strstr(alg, "cbc") ? 3 : 4;
    for (int dir = 0; dir < 2; dir++) {
        const uint8_t *from = dir ? p : c, *want = dir ? c : p;
        size_t off = 0;
        memset(o, 0, sizeof o);
        CHECK((dir ? v->encrypt : v->decrypt)(s, i, from, o, 0) == CM_OK, "stream start");
        for (size_t k = 0; k < n_pieces; k++) {
            CHECK((dir ? v->encrypt : v->decrypt)(s, NULL, from + off, o + off, pieces[k]) == CM_OK,
                  "stream piece");
            off += pieces[k];
        }
        CHECK(off == 64 && !memcmp(o, want, 64), dir ? "stream encrypt in pieces" : "stream decrypt in pieces");
    }
    v->destroy(s);
    CHECK(v->create(&s, key, kl - 1) == CM_ERR_INVALID, "wrong key length");
}

/* One whole-message cipher call each way (XTS data unit, ChaCha20). */
static void unit(const char *alg, const char *k, const char *iv, const char *pt, const char *ct)
{
    const cm_cipher_vtable *v = vt(alg);
    uint8_t key[64], i[16] = {0}, p[128], c[128], o[128];
    size_t kl = hex(k, key), n = hex(pt, p);
    void *s;
    hex(iv, i); hex(ct, c);
    CHECK(v->create(&s, key, kl) == CM_OK, alg);
    for (int r = 0; r < 2; r++) {
        CHECK(v->encrypt(s, i, p, o, n) == CM_OK && !memcmp(o, c, n), alg);
        CHECK(v->decrypt(s, i, c, o, n) == CM_OK && !memcmp(o, p, n), alg);
    }
    if (strstr(alg, "xts"))
        CHECK(v->encrypt(s, NULL, p, o, n) == CM_ERR_INVALID && v->encrypt(s, i, p, o, 15) == CM_ERR_INVALID,
              "xts refuses iv NULL and 15 bytes");
    v->destroy(s);
}

static void aead(const char *alg, const char *k, const char *n, const char *a, const char *p,
                 const char *c, const char *t, const char *what)
{
    const cm_aead_vtable *v = vt(alg);
    uint8_t key[32], nn[64], aa[32], pp[128], cc[128], tt[16], o[128], tag[16];
    size_t kl = hex(k, key), nl = hex(n, nn), al = hex(a, aa), pl = hex(p, pp);
    void *s;
    hex(c, cc); hex(t, tt);
    CHECK(v->create(&s, key, kl) == CM_OK, what);
    for (int r = 0; r < 2; r++) {
        CHECK(v->seal(s, nn, nl, al ? aa : NULL, al, pl ? pp : NULL, pl, pl ? o : NULL, tag, 16) == CM_OK
              && !memcmp(o, cc, pl) && !memcmp(tag, tt, 16), what);
        CHECK(v->open(s, nn, nl, al ? aa : NULL, al, pl ? cc : NULL, pl, pl ? o : NULL, tt, 16) == CM_OK
              && !memcmp(o, pp, pl), what);
        CHECK(v->seal(s, nn, nl, aa, al, pp, pl, o, tag, 4) == CM_OK && !memcmp(tag, tt, 4), "truncated seal");
        CHECK(v->open(s, nn, nl, aa, al, cc, pl, o, tt, 4) == CM_OK, "truncated open");
        memcpy(tag, tt, 16);
        tag[5] ^= 1;
        CHECK(v->open(s, nn, nl, aa, al, cc, pl, o, tag, 16) == CM_ERR_AUTH, "forged tag rejected");
        CHECK(v->seal(s, nn, nl, aa, al, pp, pl, o, tag, 17) == CM_ERR_UNSUPPORTED, "tag 17");
    }
    v->destroy(s);
}

/* keygen, sign, verify; a flipped bit must not verify; the public key
 * passes to a second state through DER. */
static void signature(const char *alg)
{
    const cm_signature_vtable *v = vt(alg);
    const cm_algorithm *a = cm_algorithm_find(alg);
    uint8_t msg[32] = {1, 2, 3}, sig[1024], der[1024];
    size_t sl = sizeof sig, dl = sizeof der;
    void *s = NULL, *p = NULL;
    char what[96];
    snprintf(what, sizeof what, "%s keygen, sign, export", alg);
    CHECK(a && v->create(&s, a) == CM_OK && v->keygen(s) == CM_OK &&
          v->sign(s, msg, sizeof msg, sig, &sl) == CM_OK &&
          v->get_public_key(s, der, &dl) == CM_OK, what);
    snprintf(what, sizeof what, "%s verify with the imported public key", alg);
    CHECK(v->create(&p, a) == CM_OK && v->set_public_key(p, der, dl) == CM_OK &&
          v->verify(p, msg, sizeof msg, sig, sl) == CM_OK, what);
    sig[sl - 1] ^= 1;
    snprintf(what, sizeof what, "%s refuses a flipped bit", alg);
    CHECK(v->verify(p, msg, sizeof msg, sig, sl) == CM_ERR_AUTH, what);
    v->destroy(s);
    v->destroy(p);
}

/* keygen, agreement both ways through the raw public keys; a public key
 * that is not on the curve is refused. */
static void kex(const char *alg)
{
    const cm_kex_vtable *v = vt(alg);
    const cm_algorithm *a = cm_algorithm_find(alg);
    uint8_t pa[160], pb[160], ka[64], kb[64];
    size_t la = sizeof pa, lb = sizeof pb, sa = sizeof ka, sb = sizeof kb;
    void *x = NULL, *y = NULL;
    char what[96];
    snprintf(what, sizeof what, "%s keygen, agreement both ways", alg);
    CHECK(a && v->create(&x, a) == CM_OK && v->keygen(x) == CM_OK && v->get_public_key(x, pa, &la) == CM_OK &&
          v->create(&y, a) == CM_OK && v->keygen(y) == CM_OK && v->get_public_key(y, pb, &lb) == CM_OK &&
          v->derive(x, CM_KEX_PEER_RAW, pb, lb, ka, &sa) == CM_OK &&
          v->derive(y, CM_KEX_PEER_RAW, pa, la, kb, &sb) == CM_OK && sa == 32 && sb == 32 &&
          !memcmp(ka, kb, 32), what);
    if (la == 65) {
        pb[64] ^= 1;
        sa = sizeof ka;
        snprintf(what, sizeof what, "%s refuses a point off the curve", alg);
        CHECK(v->derive(x, CM_KEX_PEER_RAW, pb, lb, ka, &sa) == CM_ERR_INVALID, what);
    }
    v->destroy(x);
    v->destroy(y);
}

/* RFC 7748 section 6.1: Alice's private key, Bob's public key, the secret. */
static void x25519_rfc7748(void)
{
    const cm_kex_vtable *v = vt("x25519");
    uint8_t k[32], p[32], want[32], out[32];
    size_t n = sizeof out;
    void *s = NULL;
    hex("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a", k);
    hex("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f", p);
    hex("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742", want);
    CHECK(v->create(&s, cm_algorithm_find("x25519")) == CM_OK && v->set_private_key(s, k, 32) == CM_OK &&
          v->derive(s, CM_KEX_PEER_RAW, p, 32, out, &n) == CM_OK && n == 32 && !memcmp(out, want, 32),
          "x25519 RFC 7748 6.1");
    v->destroy(s);
}

/* keygen; encrypt with the public key imported by a second state (DER),
 * decrypt; a flipped bit and a wrong label do not decrypt. */
static void pke(const char *alg)
{
    const cm_pke_vtable *v = vt(alg);
    const cm_algorithm *a = cm_algorithm_find(alg);
    uint8_t msg[32] = {9, 8, 7}, ct[1024], der[1024], back[1024];
    size_t cl = sizeof ct, dl = sizeof der, bl = sizeof back;
    void *s = NULL, *p = NULL;
    char what[96];
    snprintf(what, sizeof what, "%s keygen, encrypt to the exported key, decrypt", alg);
    CHECK(a && v->create(&s, a) == CM_OK && v->keygen(s) == CM_OK && v->get_public_key(s, der, &dl) == CM_OK &&
          v->create(&p, a) == CM_OK && v->set_public_key(p, der, dl) == CM_OK &&
          v->encrypt(p, NULL, 0, msg, sizeof msg, ct, &cl) == CM_OK &&
          v->decrypt(s, NULL, 0, ct, cl, back, &bl) == CM_OK && bl == sizeof msg &&
          !memcmp(back, msg, sizeof msg), what);
    bl = sizeof back;
    snprintf(what, sizeof what, "%s refuses a wrong label", alg);
    CHECK(v->decrypt(s, (const uint8_t *)"x", 1, ct, cl, back, &bl) == CM_ERR_AUTH, what);
    bl = sizeof back;
    ct[cl - 1] ^= 1;
    snprintf(what, sizeof what, "%s refuses a flipped bit", alg);
    CHECK(v->decrypt(s, NULL, 0, ct, cl, back, &bl) == CM_ERR_AUTH, what);
    v->destroy(s);
    v->destroy(p);
}

int main(void)
{
    const char *ver = cm_backend_openssl.version();
    uint8_t key[131];
    char why[200];

    printf("runtime: %s\n", ver);
    if (strncmp(ver, "OpenSSL 1.1.1", 13) != 0) {
        printf("FAIL: not running against OpenSSL 1.1.1\n");
        return 1;
    }
    for (size_t i = 0; i < cm_backend_openssl.n_impls; i++) {
        const cm_impl *m = &cm_backend_openssl.impls[i];
        why[0] = '\0';
        int ok = m->available == NULL || m->available(why, sizeof why);
        /* evp is OpenSSL's own code: always here. The engine variants
         * depend on the kernel and /dev/crypto: here, or a reason. */
        CHECK(strcmp(m->variant, "evp") == 0 ? ok : ok || why[0], m->algorithm);
        /* the post-quantum rows (openssl_pq.c) are lacking, with the reason */
        CHECK(!m->lacking || strstr(m->lacking, "OpenSSL 1.1.1 has no ") != NULL, m->algorithm);
    }
    hash("sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d");
    hash("sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    hash("sha512", "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                          "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    hash("sha256", NULL, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    memset(key, 0x0b, 20);
    hmac(key, 20, "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7", "RFC 4231 1");
    memset(key, 0xaa, 131);
    hmac(key, 131, "Test Using Larger Than Block-Size Key - Hash Key First",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54", "RFC 4231 6");
    hmac(NULL, 0, NULL, "b613679a0814d9ec772f95d778c35fc5ff1697c493715653c6c712144292c5ad", "empty key");
    cipher("aes-128-cbc", "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f",
           "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
           "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7");
    cipher("aes-256-cbc", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
           "000102030405060708090a0b0c0d0e0f",
           "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
           "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b");
    cipher("aes-128-ctr", "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
           "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
           "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee");
    cipher("aes-256-ctr", "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4",
           "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
           "601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
           "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6");
    const char *K = "feffe9928665731c6d6a8f9467308308", *A = "feedfacedeadbeeffeedfacedeadbeefabaddad2";
    const char *P = "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39";
    aead("aes-128-gcm", "00000000000000000000000000000000", "000000000000000000000000", "", "", "",
         "58e2fccefa7e3061367f1d57a4e7455a", "GCM test case 1");
    aead("aes-128-gcm", K, "cafebabefacedbaddecaf888", A, P,
         "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
         "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091",
         "5bc94fbc3221a5db94fae95ae7121a47", "GCM test case 4");
    aead("aes-128-gcm", K, "9313225df88406e555909c5aff5269aa6a7a9538534f7da1e4c303d2a318a728"
                           "c3c0c95156809539fcf0e2429a6b525416aedbf5a0de6a57a637b39b", A, P,
         "8ce24998625615b603a033aca13fb894be9112a5c3a211a8ba262a3cca7e2ca7"
         "01e4a9a4fba43c90ccdcb281d48c7c6fd62875d2aca417034c34aee5",
         "619cc5aefffe0bfa462af43c1699d050", "GCM test case 6 (60-byte IV)");
    aead("aes-256-gcm", "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308",
         "cafebabefacedbaddecaf888", A, P,
         "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
         "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662",
         "76fc6ece0f4e1768cddf8853bb2d551b", "GCM test case 16");
    aead("chacha20-poly1305", "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f",
         "070000004041424344454647", "50515253c0c1c2c3c4c5c6c7",
         "4c616469657320616e642047656e746c656d656e206f662074686520636c6173"
         "73206f66202739393a204966204920636f756c64206f6666657220796f75206f"
         "6e6c79206f6e652074697020666f7220746865206675747572652c2073756e73"
         "637265656e20776f756c642062652069742e",
         "d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d6"
         "3dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b36"
         "92ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc"
         "3ff4def08e4b7a9de576d26586cec64b6116",
         "1ae10b594f09e26a7e902ecbd0600691", "RFC 8439 2.8.2");
    {
        const cm_aead_vtable *v = vt("chacha20-poly1305");
        uint8_t k[32] = {0}, n[12] = {0}, t[16];
        void *s;
        CHECK(v->create(&s, k, 32) == CM_OK, "chacha create");
        CHECK(v->seal(s, n, 8, NULL, 0, NULL, 0, NULL, t, 16) == CM_ERR_UNSUPPORTED, "chacha 8-byte nonce");
        v->destroy(s);
    }
    hash("sha3-256", NULL, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a");
    hash("sha3-512", NULL, "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
                           "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26");
    hash("blake2s-256", NULL, "69217a3079908094e11121d042354a7c1f55b6482ca1a51e1b250dfd1ed0eef9");
    hash("blake2b-512", NULL, "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419"
                              "d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce");
    unit("aes-128-xts", "6e9841dd6f35b53c48084f9558deabdebe8a712fd6343046a0f92bfdcfe16e07",
         "6e08e4314925b6cf0000000000000000", "7252a0545fcaa07fc468c636203de219",
         "d107e084fbaed19c5be05ac4f48b7732");
    unit("chacha20", "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
         "01000000000000000000004a00000000",
         "4c616469657320616e642047656e746c656d656e206f662074686520636c617373206f66202739393a20"
         "4966204920636f756c64206f6666657220796f75206f6e6c79206f6e652074697020666f722074686520"
         "6675747572652c2073756e73637265656e20776f756c642062652069742e",
         "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0bf91b65c5524733ab8f59"
         "3dabcd62b3571639d624e65152ab8f530c359f0861d807ca0dbf500d6a6156a38e088a22b65e52bc514d"
         "16ccf806818ce91ab77937365af90bbf74a35be6b40b8eedf2785e42874d");
    {
        const cm_mac_vtable *v = vt("poly1305");
        uint8_t k[32], w[16], o[16];
        const char *msg = "Cryptographic Forum Research Group";
        void *s;
        hex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b", k);
        hex("a8061dc1305136c6c22b8baf0c0127a9", w);
        CHECK(v->create(&s, k, 32) == CM_OK, "poly1305 create");
        for (int r = 0; r < 2; r++)
            CHECK(v->mac(s, (const uint8_t *)msg, strlen(msg), o) == CM_OK && !memcmp(o, w, 16),
                  "poly1305 RFC 8439 2.5.2");
        v->destroy(s);
        CHECK(v->create(&s, k, 31) == CM_ERR_INVALID, "poly1305 31-byte key");
    }
    engines_leave_no_default();
    signature("ed25519");
    signature("ecdsa-p256-sha256");
    signature("ecdsa-p384-sha384");
    signature("rsa-2048-pss-sha256");
    kex("x25519");
    kex("ecdh-p256");
    x25519_rfc7748();
    pke("rsa-2048-oaep-sha256");
    json_t *d = cm_backend_openssl.describe();
    char *txt = d ? json_dumps(d, JSON_PRESERVE_ORDER | JSON_COMPACT) : NULL;
    CHECK(txt != NULL, "describe");
    printf("describe: %s\n", txt ? txt : "(null)");
    free(txt);
    json_decref(d);
    printf("%d checks, %d failed\n", checked, failed);
    return failed != 0;
}
EOF

# every source of the backend folder: a new file cannot be forgotten here
srcs="$(echo "$here"/*.c) $repo/src/model/algorithm.c"
cflags="-std=gnu11 -Wall -Wextra -Wno-missing-field-initializers -Werror -O2 $incs -I$repo/include -I$repo/src"

say "build against 1.1.1 headers, shared libcrypto.so.1.1 (-Wall -Wextra -Werror)"
# shellcheck disable=SC2086
$CC $cflags "$work/check.c" $srcs -L"$libdir" -Wl,-rpath,"$libdir" -lcrypto -ljansson \
    -o "$work/check-shared"
say "run"
"$work/check-shared"

case $(uname -m) in
    x86_64|i?86) mask_var=OPENSSL_ia32cap; mask='~0x200000200000000' ;; # AES-NI, PCLMULQDQ off
    aarch64|arm*) mask_var=OPENSSL_armcap; mask=0x1 ;;                  # NEON only
    *) mask_var= ;;
esac
if [ -n "$mask_var" ]; then
    say "run with $mask_var=$mask (acceleration masked off)"
    env "$mask_var=$mask" "$work/check-shared"
fi

if [ -e "$libdir/libcrypto.a" ]; then
    say "build against 1.1.1, static libcrypto.a"
    # shellcheck disable=SC2086
    $CC $cflags "$work/check.c" $srcs "$libdir/libcrypto.a" -ljansson -ldl -pthread \
        -o "$work/check-static"
    say "run"
    "$work/check-static" > "$work/static.log" || { cat "$work/static.log"; die "static check failed"; }
    cat "$work/static.log"
    if [ -n "$mask_var" ]; then
        grep -q '"source":"unknown"' "$work/static.log" \
            && die "static build did not read the capability vector"
    fi
else
    say "no $libdir/libcrypto.a: static check skipped"
fi
say "OpenSSL 1.1.1: all checks passed"
