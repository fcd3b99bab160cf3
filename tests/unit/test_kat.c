/*
 * test_kat.c — proves that the KAT runner can pass what is right and fail
 * what is wrong (test_kat_verify.c does the same for `cryptometer verify`):
 *
 *   0. correct implementations of our own, over the code of src/impl/ref
 *      (kat_own.c), pass the built-in vectors, and every case of the file
 *      is run;
 *   1. the `broken` backend: its sha256 fails the vectors and the report
 *      names the failing case; its aes-128-ctr passes the vectors and
 *      fails the cross-check;
 *   1b. the stream contract (iv NULL continues): a CTR that restarts from
 *      the IV instead passes the vectors and fails the cross-check, which
 *      names the piece; one that keeps a single stream for both directions
 *      fails it when encrypt and decrypt pieces interleave; the KAT report
 *      always has its "status" strings, even with text that is not UTF-8;
 *   2. every available implementation of the real backends compiled in
 *      (ref, openssl, ...) passes the vectors and the cross-check;
 *   3. a Wycheproof document with a corrupted expected tag makes a correct
 *      implementation fail, naming the case.
 *
 * Needs the test-only backends (-DCRYPTOMETER_TEST_BACKENDS=ON). A plain C
 * program: prints one line per check, returns non-zero if any failed.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "check/kat.h"
#include "registry/registry.h"
#include "kat_test.h"
#include "check_counted.h"

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
        ok = cm_kat_vectors(cm_backend_find_impl(b, "sha256", NULL), sha256, &rep);
    } else {
        ok = cm_kat_check(cm_backend_find_impl(b, "sha256", NULL), sha256, sizes, N_SIZES, &rep);
    }
    printf("  broken/sha256: vectors %s (%u passed, %u failed); first failure: %s\n",
           cm_check_status_name(rep.vectors), rep.passed, rep.failed, rep.failure);
    check(!ok && rep.vectors == CM_CHECK_FAILED && rep.passed == 0 && rep.failed == 3,
          "broken/sha256 fails all 3 FIPS 180 vectors");
    check(strstr(rep.failure, "nist/fips180.json id 4") && strstr(rep.failure, "abc") &&
              strstr(rep.failure, "digest differs") && strstr(rep.failure, "byte 31"),
          "the report names the failing case, the output and the byte");

    const cm_algorithm *ctr = cm_algorithm_find("aes-128-ctr");
    const cm_impl *bctr = cm_backend_find_impl(b, "aes-128-ctr", NULL);
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
    const cm_impl *peer = cm_registry_peer(bctr, &pb);
    ok = cm_kat_check(bctr, ctr, sizes, N_SIZES, &rep);
    if (peer)
        check(!ok && rep.vectors == CM_CHECK_PASSED && rep.cross == CM_CHECK_FAILED &&
                  strncmp(rep.cross_peer, pb->name, strlen(pb->name)) == 0,
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

/* Check 1b. */
static void test_stream(void)
{
    printf("-- 1b. the stream contract: iv NULL continues the stream\n");
    const cm_algorithm *ctr = cm_algorithm_find("aes-128-ctr");
    cm_kat_report rep;

    cm_kat_report_init(&rep);
    int ok = cm_kat_vectors(&restart_ctr, ctr, &rep);
    check(ok && rep.vectors == CM_CHECK_PASSED && rep.passed == 1,
          "a CTR whose iv NULL restarts from the IV passes the SP 800-38A vector (%u passed)",
          rep.passed);
    ok = cm_kat_crosscheck(&restart_ctr, ctr, own("aes-128-ctr"), "test-own", sizes, N_SIZES, &rep);
    printf("  cross-check vs test-own: %s\n", rep.cross_detail);
    check(!ok && rep.cross == CM_CHECK_FAILED &&
              strstr(rep.cross_detail, "encrypt in pieces: piece 2 of 2 (14 bytes at offset 1, "
                                       "iv NULL)") &&
              strstr(rep.cross_detail, "at byte 1 of 15"),
          "and fails the cross-check, naming the piece (the second of a 15-byte message)");

    cm_kat_report_init(&rep);
    ok = cm_kat_vectors(&shared_ctr, ctr, &rep) &&
         !cm_kat_crosscheck(&shared_ctr, ctr, own("aes-128-ctr"), "test-own", sizes, N_SIZES, &rep);
    printf("  cross-check vs test-own: %s\n", rep.cross_detail);
    check(ok && rep.cross == CM_CHECK_FAILED && strstr(rep.cross_detail, "interleaved") &&
              strstr(rep.cross_detail, "iv NULL"),
          "a CTR with one stream for both directions fails when encrypt and decrypt interleave");

    cm_kat_report_init(&rep);
    ok = cm_kat_crosscheck(own("aes-128-ctr"), ctr, own("aes-128-ctr"), "test-own", sizes, N_SIZES,
                           &rep);
    check(ok && strstr(rep.cross_detail, "stream of pieces"),
          "a correct CTR passes, and the report says the stream was checked: %s", rep.cross_detail);

    /* With no other backend, the stream is checked against the cipher's own
     * one-shot output: a correct one passes (cross stays "none"), the
     * restarting one fails. */
    cm_kat_report_init(&rep);
    ok = cm_kat_crosscheck(own("aes-128-ctr"), ctr, NULL, "no other backend", sizes, N_SIZES,
                           &rep);
    check(ok && rep.cross == CM_CHECK_NONE && strstr(rep.cross_detail, "own one-shot output"),
          "without a peer a correct CTR's stream matches its own one-shot output: %s",
          rep.cross_detail);
    cm_kat_report_init(&rep);
    ok = cm_kat_crosscheck(&restart_ctr, ctr, NULL, "no other backend", sizes, N_SIZES, &rep);
    check(!ok && rep.cross == CM_CHECK_FAILED && strstr(rep.cross_detail, "iv NULL"),
          "without a peer the restarting CTR still fails its stream check: %s", rep.cross_detail);

    /* The report's JSON always has its status strings, whatever it holds. */
    static const cm_check_status st[] = {CM_CHECK_PASSED, CM_CHECK_FAILED, CM_CHECK_NONE};
    int all = 1;
    for (size_t v = 0; v < 3; v++)
        for (size_t c = 0; c < 3; c++) {
            cm_kat_report_init(&rep);
            rep.vectors = st[v];
            rep.cross = st[c];
            /* a label cut inside a UTF-8 character, a non-UTF-8 file name */
            snprintf(rep.failure, sizeof rep.failure, "tcId 1 (\"caf\xc3\")");
            snprintf(rep.sources, sizeof rep.sources, "wycheproof/\xff.json");
            snprintf(rep.skipped_cases, sizeof rep.skipped_cases, "x\xe2\x82\ny");
            json_t *j = cm_kat_report_json(&rep);
            const char *top = json_string_value(json_object_get(j, "status"));
            all &= j && top && strcmp(top, cm_check_status_name(cm_kat_report_status(&rep))) == 0 &&
                   json_is_string(json_object_get(json_object_get(j, "vectors"), "status")) &&
                   json_is_string(json_object_get(json_object_get(j, "cross_check"), "status")) &&
                   json_array_size(json_object_get(json_object_get(j, "vectors"),
                                                   "skipped_cases")) == 2;
            json_decref(j);
        }
    check(all, "cm_kat_report_json always has \"status\" (9 combinations, text not UTF-8)");
}

/* The library findings of data/library_findings.json for
 * backend's algorithm (docs/backends.md), as a new JSON array: vectors the
 * library gets wrong, not defects of the backend. */
static json_t *findings_of(const char *backend, const char *algorithm)
{
    json_error_t jerr;
    json_t *doc = json_load_file(CM_SOURCE_DIR "/data/library_findings.json", 0,
                                 &jerr);
    json_t *out = json_array(), *f;
    size_t i;
    check(doc != NULL, "data/library_findings.json loads (%s)", jerr.text);
    json_array_foreach(json_object_get(doc, "findings"), i, f) {
        const char *b = json_string_value(json_object_get(f, "backend"));
        const char *a = json_string_value(json_object_get(f, "algorithm"));
        if (b && a && strcmp(b, backend) == 0 && strcmp(a, algorithm) == 0)
            json_array_append(out, f);
    }
    json_decref(doc);
    return out;
}

/* 1 when failure (a report's first failure) is one of the findings of
 * backend's algorithm. cross_failure is NULL when the cross-check passed,
 * else its detail, which the finding's "cross_check" must name (the same
 * library defect). */
static int documented_finding(const char *backend, const char *algorithm, const char *failure,
                              const char *cross_failure)
{
    json_t *found = findings_of(backend, algorithm), *f, *id;
    size_t i, j;
    int hit = 0;
    json_array_foreach(found, i, f) {
        const char *file = json_string_value(json_object_get(f, "file"));
        const char *cross = json_string_value(json_object_get(f, "cross_check"));
        if (!file)
            continue;
        if (cross_failure != NULL && (cross == NULL || strstr(cross_failure, cross) == NULL))
            continue;
        json_array_foreach(json_object_get(f, "tcIds"), j, id) {
            char where[256];
            snprintf(where, sizeof where, "%s tcId %lld ", file, json_integer_value(id));
            hit |= strstr(failure, where) != NULL;
        }
    }
    json_decref(found);
    return hit;
}

/* Check 2. */
static void test_real_backends(void)
{
    printf("-- 2. real backends pass\n");
    int any = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        if (b->test_only)
            continue;
        size_t nr;
        const cm_impl *rows = cm_backend_impls(b, &nr);
        for (size_t k = 0; k < nr; k++) {
            const cm_impl *impl = &rows[k];
            const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
            char why[160];
            if (!alg || !cm_impl_available(b, impl, why, sizeof why)) {
                printf("  %s/%s unavailable: %s\n", b->name, impl->algorithm,
                       alg ? why : "not in the algorithm table");
                continue;
            }
            cm_kat_report rep;
            int ok = cm_kat_check(impl, alg, sizes, N_SIZES, &rep);
            any = 1;
            if (!ok && rep.vectors == CM_CHECK_FAILED &&
                (rep.cross == CM_CHECK_PASSED || rep.cross == CM_CHECK_FAILED) &&
                documented_finding(b->name, impl->algorithm, rep.failure,
                                   rep.cross == CM_CHECK_FAILED ? rep.cross_detail : NULL)) {
                printf("  %s/%s: a documented library finding (docs/backends.md): %s\n", b->name,
                       impl->algorithm, rep.failure);
                continue;
            }
            /* a class without known answers (rng) passes its self-check instead */
            cm_check_status want = cm_class_of(alg)->no_peer ? CM_CHECK_NONE : CM_CHECK_PASSED;
            check(ok && rep.vectors == want,
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
            const cm_impl *impl = cm_backend_find_impl(b, aeads[a].alg, NULL);
            char why[128], who[96];
            if (!impl || !cm_impl_available(b, impl, why, sizeof why))
                continue;
            snprintf(who, sizeof who, "%s/%s", b->name, aeads[a].alg);
            json_t *found = findings_of(b->name, aeads[a].alg);
            size_t n_found = json_array_size(found);
            json_decref(found);
            if (n_found > 0) {
                /* it fails shipped cases already (documented): check 2 covers it */
                printf("  %s: a documented library finding, not run here\n", who);
                continue;
            }
            corrupted_tag(aeads[a].path, 0, who, impl, cm_algorithm_find(aeads[a].alg));
        }
}

/* Runs the checks in order; exit status 1 if any failed. */
int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_own_pass();
    test_broken();
    test_stream();
    test_real_backends();
    test_corrupted();
    return check_summary();
}
