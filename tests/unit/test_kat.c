/*
 * test_kat.c — proves that the KAT runner and `cryptometer verify` can
 * pass what is right and fail what is wrong:
 *
 *   0. correct implementations of our own, over the code of src/impl/ref
 *      pass the built-in vectors, and every case of the file is run;
 *   1. the `broken` backend: its sha256 fails the vectors and the report
 *      names the failing case; its aes-128-ctr passes the vectors and
 *      fails the cross-check;
 *   2. every available implementation of the real backends compiled in
 *      (ref, openssl, ...) passes the vectors and the cross-check;
 *   3. a Wycheproof document with a corrupted expected tag makes a correct
 *      implementation fail, naming the case;
 *   4. verify exits 3 on a malformed, unreadable or foreign file and 2 on
 *      usage errors;
 *   5. verify reports the `faulty` backend's crash, hang and abort as
 *      crashed / timeout (with --timeout 1) and goes on, exit 1, lists its
 *      unavailable sha512 with the reason, and writes its JSON report.
 *
 * Needs the test-only backends (-DCRYPTOMETER_TEST_BACKENDS=ON). A plain C
 * program: prints one line per check, returns non-zero if any failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "core/embedded.h"
#include "core/kat.h"
#include "core/registry.h"
#include "core/verify.h"
#include "impl/ref/aes.h"
#include "impl/ref/aes_modes.h"
#include "impl/ref/hmac_sha256.h"
#include "impl/ref/sha256.h"

static int failures;

/* Prints "ok     what" or "not ok what" and counts failures. */
static void check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void check(int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s ", cond ? "ok    " : "not ok");
    vprintf(fmt, ap);
    printf("\n");
    fflush(stdout);
    va_end(ap);
    if (!cond)
        failures++;
}

static const size_t sizes[] = {16, 64, 256, 1024, 8192};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* ---- our own correct implementations (never in the registry) --------------- */

/* Correct SHA-256 for the tests: no state. */
static int own_hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* SHA-256 from src/impl/ref. */
static int own_sha256(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    ref_sha256(msg, len, out);
    return CM_OK;
}

/* Frees a state of the own implementations. */
static void own_free(void *state)
{
    free(state);
}

/* Schedules an HMAC key of any length. */
static int own_mac_create(void **state, const uint8_t *key, size_t key_len)
{
    ref_hmac_sha256_key *k = malloc(sizeof *k);
    if (!k)
        return CM_ERR_NOMEM;
    ref_hmac_sha256_set_key(k, key, key_len);
    *state = k;
    return CM_OK;
}

/* HMAC-SHA-256 from src/impl/ref. */
static int own_hmac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_hmac_sha256(state, msg, len, out);
    return CM_OK;
}

/* AES key schedule for CTR; 16- or 32-byte keys. */
static int own_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    ref_aes_key *k = malloc(sizeof *k);
    if (!k)
        return CM_ERR_NOMEM;
    if (ref_aes_set_key(k, key, key_len) != CM_OK) {
        free(k);
        return CM_ERR_UNSUPPORTED;
    }
    *state = k;
    return CM_OK;
}

/* Correct CTR (encryption and decryption). */
static int own_ctr(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    ref_aes_ctr_xor(state, iv, in, out, len);
    return CM_OK;
}

static const cm_hash_vtable own_sha256_vt = {own_hash_create, own_sha256, own_free};
static const cm_mac_vtable own_hmac_vt = {own_mac_create, own_hmac, own_free};
static const cm_cipher_vtable own_ctr_vt = {own_ctr_create, own_ctr, own_ctr, own_free};
static const cm_impl own_impls[] = {
    {"sha256", &own_sha256_vt, NULL},
    {"hmac-sha256", &own_hmac_vt, NULL},
    {"aes-128-ctr", &own_ctr_vt, NULL},
    {"aes-256-ctr", &own_ctr_vt, NULL},
};
static const cm_backend own_backend = {"test-own", "correct test implementations", NULL, NULL,
                                       own_impls, sizeof own_impls / sizeof own_impls[0]};

/* The own implementation of algorithm. */
static const cm_impl *own(const char *algorithm)
{
    return cm_backend_find_impl(&own_backend, algorithm);
}

/* ---- helpers --------------------------------------------------------------------- */

/* The embedded vector file at path, parsed (caller frees), or NULL. */
static json_t *load_embedded(const char *path)
{
    const cm_embedded_file *f = cm_embedded_find(path);
    json_error_t jerr;
    return f ? json_loadb((const char *)f->data, f->len, 0, &jerr) : NULL;
}

/* Changes the first hex digit of the string field of obj. */
static void corrupt_hex(json_t *obj, const char *field)
{
    char *s = strdup(json_string_value(json_object_get(obj, field)));
    s[0] = s[0] == '0' ? '1' : '0';
    json_object_set_new(obj, field, json_string(s));
    free(s);
}

/* The first test of group g whose result is "valid". */
static json_t *first_valid(json_t *doc, size_t g)
{
    json_t *tests = json_object_get(json_array_get(json_object_get(doc, "testGroups"), g), "tests");
    size_t i;
    json_t *t;
    json_array_foreach(tests, i, t) {
        if (strcmp(json_string_value(json_object_get(t, "result")), "valid") == 0)
            return t;
    }
    return NULL;
}

/* Writes text to a new temporary file; returns its path (static buffer
 * per call slot). */
static const char *temp_file(int slot, const char *text)
{
    static char paths[8][64];
    snprintf(paths[slot], sizeof paths[slot], "/tmp/test_kat_XXXXXX");
    int fd = mkstemp(paths[slot]);
    if (fd < 0)
        return "/nonexistent";
    size_t n = strlen(text);
    if (write(fd, text, n) != (ssize_t)n)
        perror("write");
    close(fd);
    return paths[slot];
}

/* Runs cm_verify_main on the arguments (NULL-terminated). */
static int verify(const char *first, ...)
{
    char *argv[16] = {"verify"};
    int argc = 1;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a && argc < 15; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    va_end(ap);
    printf("  $ cryptometer");
    for (int i = 0; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n");
    fflush(stdout);
    return cm_verify_main(argc, argv);
}

/* The record of implementation name in a verify JSON document. */
static json_t *verify_record(json_t *doc, const char *name)
{
    size_t i;
    json_t *r;
    json_array_foreach(json_object_get(doc, "implementations"), i, r) {
        const char *n = json_string_value(json_object_get(r, "implementation"));
        if (n && strcmp(n, name) == 0)
            return r;
    }
    return NULL;
}

/* The string member key of a verify record, or "". */
static const char *record_field(json_t *rec, const char *key)
{
    const char *s = json_string_value(json_object_get(rec, key));
    return s ? s : "";
}

/* 1 when the registry's cross-check peer for algorithm (seen from backend
 * self) is one of the test-only backends, whose results mean nothing (and
 * faulty's crash). Happens when neither ref nor openssl is compiled in. */
static int test_only_peer(const cm_backend *self, const char *algorithm)
{
    const cm_backend *pb = NULL;
    return cm_registry_peer(self, algorithm, &pb) &&
           (strcmp(pb->name, "broken") == 0 || strcmp(pb->name, "faulty") == 0);
}

/* ---- the checks ------------------------------------------------------------------- */

/* Check 0 (see the top of the file). */
static void test_own_pass(void)
{
    printf("-- 0. correct implementations pass\n");
    static const char *const algs[] = {"sha256", "hmac-sha256", "aes-128-ctr", "aes-256-ctr"};
    for (size_t i = 0; i < sizeof algs / sizeof algs[0]; i++) {
        cm_kat_report rep;
        const cm_algorithm *alg = cm_algorithm_find(algs[i]);
        cm_kat_report_init(&rep);
        int ok = cm_kat_vectors(own(algs[i]), alg, &rep) &&
                 cm_kat_crosscheck(own(algs[i]), alg, own(algs[i]), "test-own", sizes, N_SIZES, &rep);
        check(ok && rep.vectors == CM_CHECK_PASSED && rep.failed == 0 && rep.cross == CM_CHECK_PASSED,
              "own %s: %u vectors passed, %u failed, %u skipped (%s); cross-check %s", algs[i],
              rep.passed, rep.failed, rep.skipped, rep.sources, cm_check_status_name(rep.cross));
    }
    /* Every case of the HMAC file ran (all its groups are hmac-sha256). */
    json_t *doc = load_embedded("vectors/wycheproof/hmac_sha256_test.json");
    check(doc != NULL, "hmac_sha256_test.json is embedded and parses");
    if (!doc)
        return;
    cm_kat_report rep;
    cm_error err;
    cm_kat_report_init(&rep);
    int n = cm_kat_wycheproof(doc, "hmac_sha256_test.json", own("hmac-sha256"),
                              cm_algorithm_find("hmac-sha256"), &rep, &err);
    long long total = json_integer_value(json_object_get(doc, "numberOfTests"));
    check(n == total && rep.passed == total && rep.failed == 0,
          "own hmac-sha256 ran all %lld cases of hmac_sha256_test.json: %d run, %u passed", total, n,
          rep.passed);
    json_decref(doc);
}

/* Check 1. */
static void test_broken(void)
{
    printf("-- 1. the broken backend fails\n");
    const cm_backend *b = cm_registry_find_backend("broken");
    check(b != NULL, "backend broken is compiled in (-DCRYPTOMETER_TEST_BACKENDS=ON)");
    if (!b)
        return;
    cm_kat_report rep;
    const cm_algorithm *sha256 = cm_algorithm_find("sha256");
    int ok;
    if (test_only_peer(b, "sha256")) {
        /* The registry would cross-check against faulty/sha256, which
         * crashes: check the vectors alone. */
        printf("  (the registry's peer for sha256 is a test-only backend: vectors only)\n");
        cm_kat_report_init(&rep);
        ok = cm_kat_vectors(cm_backend_find_impl(b, "sha256"), sha256, &rep);
    } else {
        ok = cm_kat_check(b, cm_backend_find_impl(b, "sha256"), sha256, sizes, N_SIZES, &rep);
    }
    printf("  broken/sha256: vectors %s (%u passed, %u failed); first failure: %s\n",
           cm_check_status_name(rep.vectors), rep.passed, rep.failed, rep.failure);
    check(!ok && rep.vectors == CM_CHECK_FAILED && rep.passed == 0 && rep.failed == 3,
          "broken/sha256 fails all 3 FIPS 180 vectors");
    check(strstr(rep.failure, "nist/fips180.json id 4") && strstr(rep.failure, "abc") &&
              strstr(rep.failure, "digest differs") && strstr(rep.failure, "byte 31"),
          "the report names the failing case, the output and the byte");

    const cm_algorithm *ctr = cm_algorithm_find("aes-128-ctr");
    const cm_impl *bctr = cm_backend_find_impl(b, "aes-128-ctr");
    cm_kat_report_init(&rep);
    ok = cm_kat_vectors(bctr, ctr, &rep);
    check(ok && rep.vectors == CM_CHECK_PASSED && rep.passed == 1 && rep.failed == 0,
          "broken/aes-128-ctr passes the SP 800-38A vector (%u passed)", rep.passed);
    ok = cm_kat_crosscheck(bctr, ctr, own("aes-128-ctr"), "test-own", sizes, N_SIZES, &rep);
    printf("  cross-check vs test-own: %s\n", rep.cross_detail);
    check(!ok && rep.cross == CM_CHECK_FAILED && strstr(rep.cross_detail, "at byte 64 of 256"),
          "broken/aes-128-ctr fails the cross-check at the first size past 64 bytes (256)");
    check(cm_kat_report_status(&rep) == CM_CHECK_FAILED, "so the report's status is failed");

    /* Through cm_kat_check: the peer comes from the registry, if any. */
    const cm_backend *pb = NULL;
    const cm_impl *peer = cm_registry_peer(b, "aes-128-ctr", &pb);
    ok = cm_kat_check(b, bctr, ctr, sizes, N_SIZES, &rep);
    if (peer)
        check(!ok && rep.vectors == CM_CHECK_PASSED && rep.cross == CM_CHECK_FAILED &&
                  strcmp(rep.cross_peer, pb->name) == 0,
              "cm_kat_check(broken/aes-128-ctr): vectors pass, cross-check vs %s fails: %s",
              pb->name, rep.cross_detail);
    else
        check(ok && rep.cross == CM_CHECK_NONE && rep.cross_peer[0] == '\0' &&
                  strstr(rep.cross_detail, "not run"),
              "cm_kat_check(broken/aes-128-ctr) without a peer: cross-check none (%s)",
              rep.cross_detail);

    /* The JSON form carries all of it. */
    json_t *j = cm_kat_report_json(&rep);
    cm_kat_report back;
    check(j && cm_kat_report_from_json(j, &back) == 0 && back.passed == rep.passed &&
              back.cross == rep.cross && strcmp(back.sources, rep.sources) == 0 &&
              strcmp(back.cross_detail, rep.cross_detail) == 0,
          "the report survives cm_kat_report_json / cm_kat_report_from_json");
    json_decref(j);
}

/* Check 2. */
static void test_real_backends(void)
{
    printf("-- 2. real backends pass\n");
    int any = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        if (strcmp(b->name, "broken") == 0 || strcmp(b->name, "faulty") == 0)
            continue;
        for (size_t k = 0; k < b->n_impls; k++) {
            const cm_impl *impl = &b->impls[k];
            const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
            char why[160];
            if (!alg || !cm_impl_available(impl, why, sizeof why)) {
                printf("  %s/%s unavailable: %s\n", b->name, impl->algorithm,
                       alg ? why : "not in the algorithm table");
                continue;
            }
            cm_kat_report rep;
            int ok = cm_kat_check(b, impl, alg, sizes, N_SIZES, &rep);
            any = 1;
            check(ok && rep.vectors == CM_CHECK_PASSED,
                  "%s/%s: vectors %u passed, %u failed, %u skipped; cross-check %s %s%s%s", b->name,
                  impl->algorithm, rep.passed, rep.failed, rep.skipped,
                  cm_check_status_name(rep.cross), rep.cross_peer, rep.failure[0] ? "; " : "",
                  rep.failure[0] ? rep.failure : (rep.cross == CM_CHECK_FAILED ? rep.cross_detail : ""));
        }
    }
    if (!any)
        printf("  (no real backend compiled in yet: nothing to check)\n");
}

/* Corrupts the tag of the first valid case of group g of the embedded file
 * and runs impl on it; expects exactly that case to fail. */
static void corrupted_tag(const char *path, size_t g, const char *who, const cm_impl *impl,
                          const cm_algorithm *alg)
{
    json_t *doc = load_embedded(path);
    json_t *victim = doc ? first_valid(doc, g) : NULL;
    if (!victim) {
        check(0, "%s has a valid case in group %zu", path, g);
        json_decref(doc);
        return;
    }
    long long id = json_integer_value(json_object_get(victim, "tcId"));
    cm_kat_report rep;
    cm_error err;
    cm_kat_report_init(&rep);
    int n = cm_kat_wycheproof(doc, path, impl, alg, &rep, &err);
    check(n > 0 && rep.failed == 0, "%s with %s as shipped: %u passed, 0 failed", who, path,
          rep.passed);
    corrupt_hex(victim, "tag");
    cm_kat_report_init(&rep);
    n = cm_kat_wycheproof(doc, path, impl, alg, &rep, &err);
    char want[64];
    snprintf(want, sizeof want, "tcId %lld ", id);
    printf("  first failure: %s\n", rep.failure);
    check(n > 0 && rep.failed == 1 && rep.vectors == CM_CHECK_FAILED && strstr(rep.failure, want) &&
              strstr(rep.failure, "tag"),
          "%s with tcId %lld's tag corrupted: fails exactly that case (%u failed)", who, id,
          rep.failed);
    json_decref(doc);
}

/* Check 3. */
static void test_corrupted(void)
{
    printf("-- 3. a corrupted expected tag fails a correct implementation\n");
    corrupted_tag("vectors/wycheproof/hmac_sha256_test.json", 0, "own hmac-sha256",
                  own("hmac-sha256"), cm_algorithm_find("hmac-sha256"));
    /* And every real AEAD available here, on the first 128-bit-key group. */
    static const struct { const char *alg, *path; } aeads[] = {
        {"aes-128-gcm", "vectors/wycheproof/aes_gcm_test.json"},
        {"chacha20-poly1305", "vectors/wycheproof/chacha20_poly1305_test.json"}};
    for (size_t a = 0; a < 2; a++)
        for (size_t i = 0; i < cm_registry_count(); i++) {
            const cm_backend *b = cm_registry_backend(i);
            const cm_impl *impl = cm_backend_find_impl(b, aeads[a].alg);
            char why[128], who[96];
            if (!impl || !cm_impl_available(impl, why, sizeof why))
                continue;
            snprintf(who, sizeof who, "%s/%s", b->name, aeads[a].alg);
            corrupted_tag(aeads[a].path, 0, who, impl, cm_algorithm_find(aeads[a].alg));
        }
}

/* Check 4. */
static void test_verify_errors(void)
{
    printf("-- 4. verify: malformed input and usage errors\n");
    const char *truncated = temp_file(0, "{\"algorithm\": \"HMACSHA256\", \"testGroups\": [\n  {\"keySize\": ");
    check(verify("--wycheproof", truncated, NULL) == 3, "malformed JSON -> exit 3");
    check(verify("--wycheproof", "/nonexistent/vectors.json", NULL) == 3, "unreadable file -> exit 3");
    const char *foreign = temp_file(1, "[1, 2, 3]\n");
    check(verify("--wycheproof", foreign, NULL) == 3, "JSON that is not Wycheproof -> exit 3");
    const char *sha1 = temp_file(2, "{\"algorithm\": \"HMACSHA1\", \"testGroups\": [{\"type\": "
                                    "\"MacTest\", \"keySize\": 160, \"tagSize\": 160, \"tests\": []}]}");
    check(verify("--wycheproof", sha1, NULL) == 3, "HMACSHA1 (not hmac-sha256) -> exit 3");
    const char *bad_hex = temp_file(3, "{\"algorithm\": \"HMACSHA256\", \"testGroups\": [{\"type\": "
                                       "\"MacTest\", \"keySize\": 256, \"tagSize\": 256, \"tests\": "
                                       "[{\"tcId\": 1, \"comment\": \"\", \"flags\": [], \"key\": \"zz\", "
                                       "\"msg\": \"\", \"tag\": \"00\", \"result\": \"valid\"}]}]}");
    check(verify("--wycheproof", bad_hex, NULL) == 3, "a case with a bad hex field -> exit 3");
    check(verify("--frobnicate", NULL) == 2, "unknown option -> exit 2");
    check(verify("--filter", "(unclosed", NULL) == 2, "bad regular expression -> exit 2");
    check(verify("--timeout", "soon", NULL) == 2, "bad timeout -> exit 2");
    check(verify("--filter", "^no-such-backend/", NULL) == 2, "a filter that matches nothing -> exit 2");
    for (int i = 0; i < 4; i++)
        unlink((const char *[]){truncated, foreign, sha1, bad_hex}[i]);
}

/* Check 5. */
static void test_verify_faulty(void)
{
    printf("-- 5. verify survives crashes and hangs\n");
    char json_path[64];
    snprintf(json_path, sizeof json_path, "/tmp/test_kat_verify_%d.json", (int)getpid());
    int rc = verify("--filter", "^faulty/", "--timeout", "1", "--json", json_path, NULL);
    check(rc == 1, "verify --filter ^faulty/ exits 1 (got %d)", rc);
    json_error_t jerr;
    json_t *doc = json_load_file(json_path, 0, &jerr);
    check(doc != NULL, "verify wrote %s (%s)", json_path, doc ? "valid JSON" : jerr.text);
    char tmp[80];
    snprintf(tmp, sizeof tmp, "%s.tmp", json_path);
    check(access(tmp, F_OK) != 0, "and left no %s behind", tmp);
    if (doc) {
        json_t *r = verify_record(doc, "faulty/sha256");
        check(r && strcmp(record_field(r, "status"), "crashed") == 0 &&
                  strstr(record_field(r, "reason"), "SIGSEGV"),
              "faulty/sha256 crashed: %s", record_field(r, "reason"));
        r = verify_record(doc, "faulty/sha1");
        check(r && strcmp(record_field(r, "status"), "timeout") == 0,
              "faulty/sha1 timed out: %s", record_field(r, "reason"));
        r = verify_record(doc, "faulty/hmac-sha256");
        check(r && strcmp(record_field(r, "status"), "crashed") == 0 &&
                  strstr(record_field(r, "reason"), "SIGABRT"),
              "faulty/hmac-sha256 crashed: %s", record_field(r, "reason"));
        r = verify_record(doc, "faulty/sha512");
        check(r && strcmp(record_field(r, "status"), "unavailable") == 0 &&
                  strstr(record_field(r, "reason"), "never available"),
              "faulty/sha512 is listed unavailable, with its reason: %s", record_field(r, "reason"));
        json_t *sum = json_object_get(doc, "summary");
        check(json_integer_value(json_object_get(sum, "crashed")) == 2 &&
                  json_integer_value(json_object_get(sum, "timeout")) == 1 &&
                  json_integer_value(json_object_get(sum, "unavailable")) == 1,
              "the summary counts 2 crashed, 1 timeout, 1 unavailable");
        json_decref(doc);
    }
    unlink(json_path);

    rc = verify("--filter", "^broken/", "--json", json_path, NULL);
    check(rc == 1, "verify --filter ^broken/ exits 1 (got %d)", rc);
    doc = json_load_file(json_path, 0, &jerr);
    json_t *r = doc ? verify_record(doc, "broken/sha256") : NULL;
    if (test_only_peer(cm_registry_find_backend("broken"), "sha256"))
        check(r && strcmp(record_field(r, "status"), "crashed") == 0,
              "broken/sha256 is reported crashed (its cross-check peer is faulty/sha256)");
    else
        check(r && strcmp(record_field(r, "status"), "failed") == 0 &&
                  json_integer_value(json_object_get(
                      json_object_get(json_object_get(r, "kat"), "vectors"), "failed")) == 3,
              "broken/sha256 is reported failed with 3 failed vectors");
    json_decref(doc);
    unlink(json_path);

    /* --wycheproof on a file with a corrupted tag: the faulty hmac crashes,
     * and a correct one (if compiled in) fails on the corrupted case. */
    json_t *hmac = load_embedded("vectors/wycheproof/hmac_sha256_test.json");
    corrupt_hex(first_valid(hmac, 0), "tag");
    char *text = json_dumps(hmac, JSON_COMPACT);
    const char *path = temp_file(4, text);
    free(text);
    json_decref(hmac);
    rc = verify("--wycheproof", path, "--filter", "^faulty/", "--timeout", "5", NULL);
    check(rc == 1, "verify --wycheproof FILE --filter ^faulty/ reports the crash (exit %d)", rc);
    rc = verify("--wycheproof", path, "--filter", "^broken/", NULL);
    check(rc == 2, "verify --wycheproof hmac FILE --filter ^broken/ matches nothing (exit %d)", rc);
    int have_real = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        const cm_impl *impl = cm_backend_find_impl(b, "hmac-sha256");
        char why[128];
        if (impl && (strcmp(b->name, "ref") == 0 || strcmp(b->name, "openssl") == 0) &&
            cm_impl_available(impl, why, sizeof why))
            have_real = 1;
    }
    if (have_real) {
        rc = verify("--wycheproof", path, "--filter", "^(ref|openssl)/", NULL);
        check(rc == 1, "a correct hmac-sha256 fails the corrupted file under verify (exit %d)", rc);
    }
    unlink(path);
}

/* Runs the checks in order; exit status 1 if any failed. */
int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_own_pass();
    test_broken();
    test_real_backends();
    test_corrupted();
    test_verify_errors();
    test_verify_faulty();
    printf("%s: %d check%s failed\n", failures ? "FAILED" : "PASSED", failures,
           failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
