/*
 * test_class_cases.c — each class module's vector case hooks (class.h)
 * over the counting fakes of class_fakes.h: the Wycheproof and
 * cryptometer-kat-v1 hooks pass a case made from the fake's own outputs,
 * fail a corrupted one and refuse a malformed one, naming what is wrong.
 * The checksum class (test builds only, CM_TEST_CLASSES) has none.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "check.h"
#include "model/class.h"
#include "check/kat.h"
#include "class_fakes.h"

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
    test_cases();
    return check_done("test_class_cases");
}
