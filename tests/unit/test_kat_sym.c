/*
 * test_kat_sym.c — the symmetric algorithms added beside the first ones
 * (AES-XTS, AES-ECB, ChaCha20, SHA3, BLAKE2, Poly1305), through the OpenSSL
 * backend:
 *
 *   1. each passes its known-answer vectors, by name, with its file named;
 *   2. the same implementation with one output bit flipped fails them, and
 *      the report names the failing case of that file;
 *   3. XTS is whole data units (algorithm.h, data_unit_min): the timed loop
 *      passes the tweak on every call (ChaCha20, a stream, passes NULL);
 *      sizes below one block are refused with the rule; OpenSSL's XTS
 *      refuses iv NULL and 15 bytes; an XTS whose tweak advances from one
 *      call to the next passes the vectors and fails the cross-check.
 *
 * Without the OpenSSL backend in this build there is nothing to check: it
 * says so and exits 77, which CTest reports as skipped (not passed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check/kat.h"
#include "check/kat_internal.h"
#include "registry/registry.h"
#include "measure/workload.h"
#include "check_counted.h"

/* The algorithms of this test and the vector file each must name. */
static const struct {
    const char *algorithm, *source;
} new_algorithms[] = {
    {"aes-128-xts", "wycheproof/aes_xts_test.json"}, {"aes-256-xts", "wycheproof/aes_xts_test.json"},
    {"aes-128-ecb", "nist/sp800-38a-ecb.json"},      {"aes-256-ecb", "nist/sp800-38a-ecb.json"},
    {"chacha20", "ietf/rfc8439.json"},               {"poly1305", "ietf/rfc8439.json"},
    {"sha3-256", "nist/fips202.json"},               {"sha3-512", "nist/fips202.json"},
    {"blake2b-512", "blake2/blake2-kat-unkeyed.json"},
    {"blake2s-256", "blake2/blake2-kat-unkeyed.json"},
};
#define N_NEW (sizeof new_algorithms / sizeof new_algorithms[0])

static const size_t sizes[] = {16, 64, 1024};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* ---- wrappers over the implementation under test ---------------------------- */

/* The OpenSSL implementation the wrappers call (one at a time). */
static const cm_impl *wrapped;

/* Flipped: the wrapped output with the low bit of its last byte flipped. */
static cm_rc flip_hash_create(void **st)
{
    return wrapped->vt.hash->create(st);
}
static cm_rc flip_hash(void *st, const uint8_t *m, size_t l, uint8_t *o)
{
    cm_rc rc = wrapped->vt.hash->digest(st, m, l, o);
    o[cm_algorithm_find(wrapped->algorithm)->out_len - 1] ^= 1;
    return rc;
}
static void flip_hash_destroy(void *st)
{
    wrapped->vt.hash->destroy(st);
}
static cm_rc flip_mac_create(void **st, const uint8_t *k, size_t kl)
{
    return wrapped->vt.mac->create(st, k, kl);
}
static cm_rc flip_mac(void *st, const uint8_t *m, size_t l, uint8_t *o)
{
    cm_rc rc = wrapped->vt.mac->mac(st, m, l, o);
    o[cm_algorithm_find(wrapped->algorithm)->out_len - 1] ^= 1;
    return rc;
}
static void flip_mac_destroy(void *st)
{
    wrapped->vt.mac->destroy(st);
}
static cm_rc flip_cipher_create(void **st, const uint8_t *k, size_t kl)
{
    return wrapped->vt.cipher->create(st, k, kl);
}
static cm_rc flip_encrypt(void *st, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    cm_rc rc = wrapped->vt.cipher->encrypt(st, iv, in, o, l);
    if (l)
        o[l - 1] ^= 1;
    return rc;
}
static cm_rc pass_decrypt(void *st, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    return wrapped->vt.cipher->decrypt(st, iv, in, o, l);
}
static void flip_cipher_destroy(void *st)
{
    wrapped->vt.cipher->destroy(st);
}
static const cm_hash_vtable flip_hash_vt = {flip_hash_create, flip_hash, flip_hash_destroy};
static const cm_mac_vtable flip_mac_vt = {flip_mac_create, flip_mac, flip_mac_destroy};
static const cm_cipher_vtable flip_cipher_vt = {flip_cipher_create, flip_encrypt, pass_decrypt,
                                                flip_cipher_destroy};

/* Counts the timed calls that pass an IV and those that pass NULL. */
static unsigned calls_with_iv, calls_without_iv;
static cm_rc count_encrypt(void *st, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    iv ? calls_with_iv++ : calls_without_iv++;
    return wrapped->vt.cipher->encrypt(st, iv, in, o, l);
}
static const cm_cipher_vtable count_vt = {flip_cipher_create, count_encrypt, pass_decrypt,
                                          flip_cipher_destroy};

/* An XTS that treats the tweak as a sector counter it advances by itself:
 * every encrypt after the first on a state adds one to the tweak's first
 * byte. Right on a fresh state (each vector), wrong when a state encrypts
 * a second unit with the same tweak. */
typedef struct adv_state {
    void *inner;
    unsigned encrypts;
} adv_state;
static cm_rc adv_create(void **st, const uint8_t *k, size_t kl)
{
    adv_state *a = calloc(1, sizeof *a);
    if (!a)
        return CM_ERR_NOMEM;
    cm_rc rc = wrapped->vt.cipher->create(&a->inner, k, kl);
    if (rc != CM_OK)
        free(a);
    else
        *st = a;
    return rc;
}
static cm_rc adv_encrypt(void *st, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    adv_state *a = st;
    uint8_t t[16];
    if (!iv)
        return CM_ERR_INVALID;
    memcpy(t, iv, sizeof t);
    t[0] = (uint8_t)(t[0] + a->encrypts++);
    return wrapped->vt.cipher->encrypt(a->inner, t, in, o, l);
}
static cm_rc adv_decrypt(void *st, const uint8_t *iv, const uint8_t *in, uint8_t *o, size_t l)
{
    return wrapped->vt.cipher->decrypt(((adv_state *)st)->inner, iv, in, o, l);
}
static void adv_destroy(void *st)
{
    adv_state *a = st;
    if (a)
        wrapped->vt.cipher->destroy(a->inner);
    free(a);
}
static const cm_cipher_vtable adv_vt = {adv_create, adv_encrypt, adv_decrypt, adv_destroy};

/* A wrapper impl of wrapped's class with the given tables. */
static cm_impl wrapper(const char *variant, const cm_cipher_vtable *cipher)
{
    const cm_algorithm *alg = cm_algorithm_find(wrapped->algorithm);
    cm_impl w = {wrapped->algorithm, variant, alg->cls, {NULL}, NULL};
    if (alg->cls == CM_CLASS_HASH)
        w.vt.hash = &flip_hash_vt;
    else if (alg->cls == CM_CLASS_MAC)
        w.vt.mac = &flip_mac_vt;
    else
        w.vt.cipher = cipher;
    return w;
}

/* ---- the checks -------------------------------------------------------------- */

/* Checks 1 and 2 for one algorithm. */
static void vectors_catch(const cm_backend *ossl, const char *name, const char *source)
{
    const cm_algorithm *alg = cm_algorithm_find(name);
    wrapped = alg ? cm_backend_find_impl(ossl, name, "evp") : NULL;
    check(wrapped != NULL, "openssl:evp/%s exists", name);
    if (!wrapped)
        return;
    cm_kat_report rep;
    cm_kat_report_init(&rep);
    int ok = cm_kat_vectors(wrapped, alg, &rep);
    check(ok && rep.vectors == CM_CHECK_PASSED && rep.passed > 0 && rep.failed == 0 &&
              strstr(rep.sources, source),
          "openssl:evp/%s passes %u vectors of %s (sources: %s)", name, rep.passed, source,
          rep.sources);
    unsigned good = rep.passed;

    cm_impl bad = wrapper("flipped", &flip_cipher_vt);
    cm_kat_report_init(&rep);
    ok = cm_kat_vectors(&bad, alg, &rep);
    check(!ok && rep.vectors == CM_CHECK_FAILED && rep.failed == good && rep.passed == 0 &&
              strstr(rep.failure, source),
          "%s with its last output bit flipped fails all %u vectors, naming the case: %s", name,
          good, rep.failure);
}

/* Check 3. */
static void data_units(const cm_backend *ossl)
{
    const cm_algorithm *xts = cm_algorithm_find("aes-128-xts");
    const cm_algorithm *chacha = cm_algorithm_find("chacha20");
    wrapped = cm_backend_find_impl(ossl, "aes-128-xts", "evp");
    if (!xts || !chacha || !wrapped) {
        check(0, "aes-128-xts and chacha20 are in the table and openssl has aes-128-xts");
        return;
    }
    check(xts->data_unit_min == 16 && chacha->data_unit_min == 0,
          "aes-128-xts takes data units of at least 16 bytes; chacha20 is a stream");

    /* the timed loop: the tweak on every call for XTS, NULL for a stream */
    for (int k = 0; k < 2; k++) {
        const char *name = k ? "chacha20" : "aes-128-xts";
        wrapped = cm_backend_find_impl(ossl, name, "evp");
        cm_impl counting = {name, "counting", CM_CLASS_CIPHER, {.cipher = &count_vt}, NULL};
        cm_bench b;
        cm_error err = {0};
        int opened = wrapped && cm_bench_open(&b, &counting, CM_OP_ENCRYPT, 64, &err) == 0;
        calls_with_iv = calls_without_iv = 0;
        int ran = opened && cm_bench_workload(&b).run(&b, 5) == 0;
        if (opened)
            cm_bench_close(&b);
        if (k == 0)
            check(ran && calls_with_iv == 5 && calls_without_iv == 0,
                  "aes-128-xts: the 5 timed calls each pass the tweak (%u with, %u without)",
                  calls_with_iv, calls_without_iv);
        else
            check(ran && calls_with_iv == 0 && calls_without_iv == 5,
                  "chacha20: the 5 timed calls continue the stream with iv NULL (%u with, %u "
                  "without)", calls_with_iv, calls_without_iv);
    }

    /* sizes below the unit */
    wrapped = cm_backend_find_impl(ossl, "aes-128-xts", "evp");
    cm_bench b;
    cm_error err = {0};
    int rc = cm_bench_open(&b, wrapped, CM_OP_ENCRYPT, 8, &err);
    check(rc != 0 && err.code == CM_EXIT_USAGE &&
              strstr(err.msg, "aes-128-xts takes whole data units of at least 16 bytes"),
          "an 8-byte aes-128-xts bench is refused: %s", err.msg);
    check(!cm_size_fits(xts, 15) && cm_size_fits(xts, 16) && cm_size_fits(xts, 17),
          "cm_size_fits: aes-128-xts takes 16 and 17 bytes, not 15");

    /* OpenSSL's XTS keeps the contract */
    const cm_cipher_vtable *v = wrapped->vt.cipher;
    uint8_t key[32], iv[16] = {1}, in[32] = {0}, out[32];
    for (size_t i = 0; i < sizeof key; i++)
        key[i] = (uint8_t)(i * 7 + 1);
    void *st = NULL;
    cm_rc r0 = v->create(&st, key, sizeof key);
    cm_rc r1 = r0 == CM_OK ? v->encrypt(st, iv, in, out, 32) : r0;
    cm_rc r2 = r0 == CM_OK ? v->encrypt(st, NULL, in, out, 32) : r0;
    cm_rc r3 = r0 == CM_OK ? v->decrypt(st, iv, in, out, 15) : r0;
    if (st)
        v->destroy(st);
    check(r1 == CM_OK && r2 == CM_ERR_INVALID && r3 == CM_ERR_INVALID,
          "openssl aes-128-xts: a unit with its tweak is CM_OK, iv NULL and 15 bytes are "
          "CM_ERR_INVALID (%s, %s, %s)", kat_rc_name(r1), kat_rc_name(r2), kat_rc_name(r3));

    /* the advancing tweak: vectors pass, the unit-again check does not */
    cm_impl adv = {"aes-128-xts", "advancing", CM_CLASS_CIPHER, {.cipher = &adv_vt}, NULL};
    cm_kat_report rep;
    cm_kat_report_init(&rep);
    int ok = cm_kat_vectors(&adv, xts, &rep);
    check(ok && rep.passed > 0 && rep.failed == 0,
          "an XTS whose tweak advances per call passes the vectors (%u passed)", rep.passed);
    ok = cm_kat_crosscheck(&adv, xts, wrapped, "openssl:evp", sizes, N_SIZES, &rep);
    check(!ok && rep.cross == CM_CHECK_FAILED && strstr(rep.cross_detail, "same data unit again"),
          "and fails the cross-check on the same unit encrypted again: %s", rep.cross_detail);
    cm_kat_report_init(&rep);
    ok = cm_kat_crosscheck(wrapped, xts, NULL, "no other backend", sizes, N_SIZES, &rep);
    check(ok && rep.cross == CM_CHECK_NONE && strstr(rep.cross_detail, "own one-shot output"),
          "openssl's aes-128-xts passes its whole-unit self-check: %s", rep.cross_detail);
}

int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    const cm_backend *ossl = cm_registry_find_backend("openssl");
    if (!ossl) {
        printf("SKIPPED: the openssl backend is not compiled in: nothing to check\n");
        return 77;
    }
    {
        printf("-- 1, 2. vectors pass, and a flipped output bit fails them\n");
        for (size_t i = 0; i < N_NEW; i++)
            vectors_catch(ossl, new_algorithms[i].algorithm, new_algorithms[i].source);
        printf("-- 3. XTS: whole data units\n");
        data_units(ossl);
    }
    return check_summary();
}
