/*
 * test_findings.c — the matching of a failed check against the known
 * library findings of data/library_findings.json (check/findings.h), on
 * backends of the test's own that carry the names and versions of the
 * table's libraries:
 *
 *   match    Crypto++ 8.7.0's GCM failing tcIds 79 and 82 is the finding
 *            cryptopp-gcm-inc32 (outside the timed parameters, not
 *            security-relevant); a later version too (no fixed version);
 *   refused  an earlier version, no version, a failure of another tcId or
 *            file, a failure the report could not name, a failed
 *            cross-check the finding does not name, another backend;
 *   cross    LibTomCrypt's ChaCha20-Poly1305 with the cross-check failing
 *            on its 0-byte message matches; failing elsewhere does not;
 *   naming   kat_fail names the Wycheproof case running (case_at);
 *   json     the finding survives the report's JSON form;
 *   version  cm_version_cmp reads numbers from the first digit on.
 */
#include <string.h>
#include <jansson.h>
#include "check.h"
#include "check/findings.h"
#include "model/kat_case.h"

static const char *version_now;
static const char *fake_version(void)
{
    return version_now;
}

/* A failed report naming the cases in ids ("file#tcId ..."), nfail failures. */
static cm_kat_report failed_report(const char *ids, unsigned nfail, unsigned named)
{
    cm_kat_report rep;
    cm_kat_report_init(&rep);
    snprintf(rep.failed_ids, sizeof rep.failed_ids, "%s", ids);
    rep.failed = nfail;
    rep.failed_named = named;
    rep.passed = 100;
    rep.vectors = CM_CHECK_FAILED;
    rep.cross = CM_CHECK_PASSED;
    return rep;
}

#define GCM "wycheproof/aes_gcm_test.json#79 wycheproof/aes_gcm_test.json#82"

static int matches(const char *backend, const char *version, const char *alg, cm_kat_report rep)
{
    cm_backend b = {.name = backend, .version = fake_version};
    version_now = version;
    return cm_findings_match(&b, cm_algorithm_find(alg), &rep);
}

static void test_match(void)
{
    cm_backend b = {.name = "cryptopp", .version = fake_version};
    cm_kat_report rep = failed_report(GCM, 2, 2);
    version_now = "8.7.0";
    CHECK(cm_findings_match(&b, cm_algorithm_find("aes-128-gcm"), &rep) == 1);
    CHECK(strcmp(rep.known_id, "cryptopp-gcm-inc32") == 0);
    CHECK(rep.known_security == 0 && rep.known_inside == 0);
    CHECK_CONTAINS(rep.known_what, "inc32");
    CHECK(cm_kat_report_known(&rep));
    CHECK(matches("cryptopp", "8.9.0", "aes-128-gcm", failed_report(GCM, 2, 2)) == 1);
    /* one of the two cases alone is still only the finding's */
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm",
                  failed_report("wycheproof/aes_gcm_test.json#79", 1, 1)) == 1);
}

static void test_refused(void)
{
    CHECK(matches("cryptopp", "8.6.0", "aes-128-gcm", failed_report(GCM, 2, 2)) == 0);
    CHECK(matches("cryptopp", NULL, "aes-128-gcm", failed_report(GCM, 2, 2)) == 0);
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm",
                  failed_report(GCM " wycheproof/aes_gcm_test.json#80", 3, 3)) == 0);
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm",
                  failed_report("wycheproof/aes_gcm_test.jsonx#79", 1, 1)) == 0);
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm", failed_report(GCM, 3, 2)) == 0);
    CHECK(matches("cryptopp", "8.7.0", "aes-256-gcm", failed_report(GCM, 2, 2)) == 0);
    CHECK(matches("botan", "8.7.0", "aes-128-gcm", failed_report(GCM, 2, 2)) == 0);
    cm_kat_report cross = failed_report(GCM, 2, 2);
    cross.cross = CM_CHECK_FAILED;
    snprintf(cross.cross_detail, sizeof cross.cross_detail, "seal differs at byte 3");
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm", cross) == 0);
    cm_kat_report passed = failed_report("", 0, 0);
    passed.vectors = CM_CHECK_PASSED;
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm", passed) == 0);
    CHECK(!cm_kat_report_known(&passed));
}

static void test_cross(void)
{
    cm_kat_report rep = failed_report("wycheproof/chacha20_poly1305_test.json#3", 1, 1);
    rep.cross = CM_CHECK_FAILED;
    snprintf(rep.cross_detail, sizeof rep.cross_detail,
             "seal tag differs from ref:portable at byte 0 of 16 (0-byte message, seed 1)");
    CHECK(matches("libtomcrypt-ltm", "1.18.2 (libtommath maths)", "chacha20-poly1305", rep) == 1);
    snprintf(rep.cross_detail, sizeof rep.cross_detail, "seal tag differs (1000-byte message)");
    CHECK(matches("libtomcrypt-ltm", "1.18.2 (libtommath maths)", "chacha20-poly1305", rep) == 0);
}

static void test_naming_and_json(void)
{
    cm_kat_report rep;
    cm_kat_report_init(&rep);
    kat_fail(&rep, "outside a case");
    snprintf(rep.case_at, sizeof rep.case_at, "wycheproof/aes_gcm_test.json#79");
    kat_fail(&rep, "in tcId 79");
    CHECK(rep.failed == 2 && rep.failed_named == 1);
    CHECK(strcmp(rep.failed_ids, "wycheproof/aes_gcm_test.json#79") == 0);

    rep = failed_report(GCM, 2, 2);
    CHECK(matches("cryptopp", "8.7.0", "aes-128-gcm", rep) == 1);
    cm_backend b = {.name = "cryptopp", .version = fake_version};
    version_now = "8.7";
    cm_findings_match(&b, cm_algorithm_find("aes-128-gcm"), &rep);
    json_t *j = cm_kat_report_json(&rep);
    cm_kat_report back;
    CHECK(j && cm_kat_report_from_json(j, &back) == 0);
    CHECK(strcmp(back.known_id, "cryptopp-gcm-inc32") == 0 && !back.known_inside);
    CHECK(strcmp(json_string_value(json_object_get(json_object_get(j, "known_finding"), "timed")),
                 "outside") == 0);
    json_decref(j);
    cm_kat_report none;
    cm_kat_report_init(&none);
    j = cm_kat_report_json(&none);
    CHECK(j && json_is_null(json_object_get(j, "known_finding")));
    CHECK(cm_kat_report_from_json(j, &back) == 0 && back.known_id[0] == '\0');
    json_decref(j);
}

static void test_version(void)
{
    CHECK(cm_version_cmp("Botan 2.19.3 (unreleased)", "2.19.3") == 0);
    CHECK(cm_version_cmp("8.7", "8.7.0") == 0);
    CHECK(cm_version_cmp("1.10.1", "1.9") == 1);
    CHECK(cm_version_cmp("OpenSSL 3.0.22 25 Aug 2026", "3.5") == -1);
}

int main(void)
{
    test_match();
    test_refused();
    test_cross();
    test_naming_and_json();
    test_version();
    return check_done("test_findings");
}
