/*
 * test_kat_verify.c — proves that `cryptometer verify` passes what is right,
 * fails what is wrong and survives what crashes (test_kat.c does the same
 * for the KAT runner beneath it):
 *
 *   4. verify exits 3 on a malformed, unreadable or foreign file and 2 on
 *      usage errors;
 *   5. verify reports the `faulty` backend's crash, hang and abort as
 *      crashed / timeout (with --timeout 1) and goes on, exit 1, lists its
 *      unavailable sha512 with the reason, and writes its JSON report
 *      (leaving no temporary file); an unwritable --json is exit 2 before
 *      anything runs; the `broken` backend's sha256 is reported failed,
 *      and a file with a corrupted tag fails a correct hmac-sha256;
 *   6. verify --wycheproof reports the cases that applied to no
 *      implementation (AES-GCM with 192-bit keys), by reason, and the
 *      skipped ones, in its JSON.
 *
 * Needs the test-only backends (-DCRYPTOMETER_TEST_BACKENDS=ON). A plain C
 * program: prints one line per check, returns non-zero if any failed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <unistd.h>
#include <jansson.h>
#include "registry/registry.h"
#include "commands/commands.h"
#include "kat_test.h"
#include "check_counted.h"

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

/* argv for `verify` (cm_command_main): "verify", then first and the rest
 * of ap up to NULL (at most 15 in all). Returns argc. */
static int verify_argv(char *argv[16], const char *first, va_list ap)
{
    int argc = 1;
    argv[0] = "verify";
    for (const char *a = first; a && argc < 15; a = va_arg(ap, const char *))
        argv[argc++] = (char *)a;
    argv[argc] = NULL;
    return argc;
}

/* Runs `verify` on the arguments (NULL-terminated). */
static int verify(const char *first, ...)
{
    char *argv[16];
    va_list ap;
    va_start(ap, first);
    int argc = verify_argv(argv, first, ap);
    va_end(ap);
    printf("  $ cryptometer");
    for (int i = 0; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n");
    fflush(stdout);
    return cm_command_main(argc, argv);
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

/* 1 if a file whose name starts with "<path>.tmp" is in path's directory. */
static int temp_left(const char *path)
{
    char dir[256], prefix[256];
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    snprintf(prefix, sizeof prefix, "%s.tmp", slash ? slash + 1 : path);
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && (e = readdir(d)) != NULL)
        found |= strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    if (d)
        closedir(d);
    return found;
}

/* Runs verify with stdout going to a file; returns its exit code and puts
 * how many bytes it printed into *printed. */
static int verify_quietly(long *printed, const char *first, ...)
{
    char *argv[16];
    va_list ap;
    va_start(ap, first);
    int argc = verify_argv(argv, first, ap);
    va_end(ap);
    FILE *capture = tmpfile();
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    dup2(fileno(capture), STDOUT_FILENO);
    int rc = cm_command_main(argc, argv);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    fseek(capture, 0, SEEK_END);
    *printed = ftell(capture);
    fclose(capture);
    return rc;
}

/* Check 5: the faulty backend's crash, hang, abort and unavailable sha512
 * in the JSON report; an unwritable --json first. */
static void test_verify_faulty(void)
{
    long printed = -1;
    int pre = verify_quietly(&printed, "--filter", "^faulty:", "--timeout", "1", "--json",
                             "/nonexistent/v.json", NULL);
    check(pre == 2 && printed == 0,
          "verify --json /nonexistent/v.json: exit 2 before running anything (got %d, %ld bytes "
          "printed)", pre, printed);
    printf("-- 5. verify survives crashes and hangs\n");
    char json_path[64];
    snprintf(json_path, sizeof json_path, "/tmp/test_kat_verify_%d.json", (int)getpid());
    int rc = verify("--filter", "^faulty:", "--timeout", "1", "--json", json_path, NULL);
    check(rc == 1, "verify --filter ^faulty: exits 1 (got %d)", rc);
    json_error_t jerr;
    json_t *doc = json_load_file(json_path, 0, &jerr);
    check(doc != NULL, "verify wrote %s (%s)", json_path, doc ? "valid JSON" : jerr.text);
    check(!temp_left(json_path), "and left no %s.tmp* behind", json_path);
    if (doc) {
        json_t *r = verify_record(doc, "faulty:segv/sha256");
        check(r && strcmp(record_field(r, "status"), "crashed") == 0 &&
                  strstr(record_field(r, "reason"), "SIGSEGV"),
              "faulty/sha256 crashed: %s", record_field(r, "reason"));
        r = verify_record(doc, "faulty:hang/sha1");
        check(r && strcmp(record_field(r, "status"), "timeout") == 0,
              "faulty/sha1 timed out: %s", record_field(r, "reason"));
        r = verify_record(doc, "faulty:abort/hmac-sha256");
        check(r && strcmp(record_field(r, "status"), "crashed") == 0 &&
                  strstr(record_field(r, "reason"), "SIGABRT"),
              "faulty/hmac-sha256 crashed: %s", record_field(r, "reason"));
        r = verify_record(doc, "faulty:never/sha512");
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
}

/* Check 5, the broken backend: its sha256 reported failed (or crashed,
 * where its cross-check peer is faulty's). */
static void test_verify_broken(void)
{
    char json_path[64];
    snprintf(json_path, sizeof json_path, "/tmp/test_kat_verify_%d.json", (int)getpid());
    int rc = verify("--filter", "^broken:", "--json", json_path, NULL);
    check(rc == 1, "verify --filter ^broken: exits 1 (got %d)", rc);
    json_error_t jerr;
    json_t *doc = json_load_file(json_path, 0, &jerr);
    json_t *r = doc ? verify_record(doc, "broken:flipped-bit/sha256") : NULL;
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
}

/* Check 5, --wycheproof on a file with a corrupted tag: the faulty hmac
 * crashes, and a correct one (if compiled in) fails on the corrupted case. */
static void test_verify_corrupted_file(void)
{
    json_t *hmac = load_embedded("vectors/wycheproof/hmac_sha256_test.json");
    corrupt_hex(first_valid(hmac, 0), "tag");
    char *text = json_dumps(hmac, JSON_COMPACT);
    const char *path = temp_file(4, text);
    free(text);
    json_decref(hmac);
    int rc = verify("--wycheproof", path, "--filter", "^faulty:", "--timeout", "5", NULL);
    check(rc == 1, "verify --wycheproof FILE --filter ^faulty: reports the crash (exit %d)", rc);
    rc = verify("--wycheproof", path, "--filter", "^broken:", NULL);
    check(rc == 2, "verify --wycheproof hmac FILE --filter ^broken: matches nothing (exit %d)", rc);
    int have_real = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        const cm_impl *impl = cm_backend_find_impl(b, "hmac-sha256", NULL);
        char why[128];
        if (impl && (strcmp(b->name, "ref") == 0 || strcmp(b->name, "openssl") == 0) &&
            cm_impl_available(b, impl, why, sizeof why))
            have_real = 1;
    }
    if (have_real) {
        rc = verify("--wycheproof", path, "--filter", "^(ref|openssl):", NULL);
        check(rc == 1, "a correct hmac-sha256 fails the corrupted file under verify (exit %d)", rc);
    }
    unlink(path);
}

/* Check 6. */
static void test_verify_coverage(void)
{
    printf("-- 6. verify --wycheproof reports what applied to nothing and what was skipped\n");
    json_t *gcm = load_embedded("vectors/wycheproof/aes_gcm_test.json");
    check(gcm != NULL, "aes_gcm_test.json is embedded");
    if (!gcm)
        return;
    long long total = json_integer_value(json_object_get(gcm, "numberOfTests")), k192 = 0;
    size_t i;
    json_t *g;
    json_array_foreach(json_object_get(gcm, "testGroups"), i, g) {
        if (json_integer_value(json_object_get(g, "keySize")) == 192)
            k192 += (long long)json_array_size(json_object_get(g, "tests"));
    }
    char *text = json_dumps(gcm, JSON_COMPACT);
    const char *path = temp_file(5, text);
    free(text);
    json_decref(gcm);
    char json_path[64];
    snprintf(json_path, sizeof json_path, "/tmp/test_kat_cover_%d.json", (int)getpid());
    int rc = verify("--wycheproof", path, "--filter", "^(ref|openssl):", "--json", json_path, NULL);
    if (rc == 2) {
        printf("  (no aes-gcm of ref or openssl here: nothing to check)\n");
        unlink(path);
        return;
    }
    check(rc == 0, "verify --wycheproof aes_gcm_test.json passes on ref and openssl (exit %d)", rc);
    json_error_t jerr;
    json_t *doc = json_load_file(json_path, 0, &jerr);
    json_t *cov = json_array_get(json_object_get(doc, "coverage"), 0);
    json_t *na = json_object_get(cov, "not_applied");
    json_t *reason = json_array_get(json_object_get(na, "by_reason"), 0);
    const char *why = json_string_value(json_object_get(reason, "reason"));
    check(json_array_size(json_object_get(doc, "coverage")) == 1 &&
              json_integer_value(json_object_get(cov, "cases")) == total &&
              json_integer_value(json_object_get(na, "cases")) == k192 &&
              json_integer_value(json_object_get(reason, "cases")) == k192 && why &&
              strcmp(why, "keySize 192: no aes-192-gcm implementation in this build") == 0,
          "coverage: %lld cases, the %lld with 192-bit keys applied to nothing: \"%s\"", total,
          k192, why ? why : "(none)");
    /* The skipped cases are those the implementations' reports count. */
    long long skipped = 0, listed_ok = 1;
    json_t *r;
    json_array_foreach(json_object_get(doc, "implementations"), i, r) {
        skipped += json_integer_value(
            json_object_get(json_object_get(json_object_get(r, "kat"), "vectors"), "skipped"));
    }
    json_t *sk = json_object_get(cov, "skipped");
    json_array_foreach(json_object_get(sk, "by_implementation"), i, r) {
        const char *first = json_string_value(json_array_get(json_object_get(r, "listed"), 0));
        listed_ok &= first && strstr(first, "tcId ") && strstr(first, "CM_ERR_UNSUPPORTED");
    }
    check(json_integer_value(json_object_get(sk, "cases")) == skipped && listed_ok,
          "coverage: %lld skipped, each implementation's listed with its tcId and return code",
          skipped);
    json_decref(doc);
    unlink(json_path);
    unlink(path);
}

/* Runs the checks in order; exit status 1 if any failed. */
int main(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    test_verify_errors();
    test_verify_faulty();
    test_verify_broken();
    test_verify_corrupted_file();
    test_verify_coverage();
    return check_summary();
}
