/*
 * test_tcrypt_parse.c — tcrypt's kernel-log lines parsed into rows
 * (run/tcrypt.h): the dmesg of a 6.1 kernel as recorded
 * (tests/data/tcrypt/, test lines whose figures came as a record of their
 * own among them), the header without 6.1's leading newline (6.2 and
 * later), kmsg lines with the "tcrypt: " prefix, and lines that are not
 * speed lines; and the document of the recorded rows read back
 * (tcrypt_read.c) prints the same text, a malformed one refused.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check.h"
#include "run/tcrypt.h"
#include "util/input.h"

static const cm_tcrypt_row *find(const cm_tcrypt_row *r, int n, const char *alg, const char *op,
                                 int key_bits, unsigned block, unsigned update)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(r[i].algorithm, alg) && !strcmp(r[i].op, op) && r[i].key_bits == key_bits &&
            r[i].block_bytes == block && r[i].update_bytes == update)
            return &r[i];
    return NULL;
}

static void test_recorded_61(void)
{
    char *text = NULL;
    size_t len;
    CHECK(cm_read_file(CM_SOURCE_DIR "/tests/data/tcrypt/bookworm-6.1-x86_64.log", 1 << 20, "log",
                       &text, &len, NULL) == 0);
    cm_tcrypt_row *r = NULL;
    int n = text ? cm_tcrypt_parse(text, &r) : -1;
    CHECK(n == 6 + 5);  /* cbc(aes): 4 encrypt, 2 decrypt; sha256: 5 */
    const cm_tcrypt_row *w = find(r, n, "cbc(aes)", "encrypt", 128, 16, 0);
    CHECK(w && !strcmp(w->driver, "cbc(aes-aesni)") && w->ops_per_s == 312664 && w->bytes_per_s == 5002624);
    w = find(r, n, "cbc(aes)", "decrypt", 256, 4096, 0);
    CHECK(w && w->ops_per_s == 1319 && w->bytes_per_s == 5402624);
    /* test 0's figures were logged as a record of their own: joined */
    w = find(r, n, "sha256", "digest", 0, 16, 16);
    CHECK(w && !strcmp(w->driver, "sha256-avx2") && w->ops_per_s == 45245 && w->bytes_per_s == 723920);
    w = find(r, n, "sha256", "digest", 0, 256, 64);
    CHECK(w && w->ops_per_s == 9455 && w->bytes_per_s == 2420480);
    free(r);
    free(text);
}

static void test_newer_header_and_prefix(void)
{
    const char *text = "tcrypt: testing speed of async xts(aes) (xts-aes-aesni-avx) decryption\n"
                       "tcrypt: test 3 (512 bit key, 256 byte blocks): 1000 operations in 2 seconds (256000 bytes)\n"
                       "tcrypt: failed to load transform for lrw(aes): -2\n"
                       "tcrypt: test 4 (512 bit key, 1024 byte blocks): garbage\n";
    cm_tcrypt_row *r = NULL;
    int n = cm_tcrypt_parse(text, &r);
    CHECK(n == 1);
    CHECK(n == 1 && !strcmp(r[0].driver, "xts-aes-aesni-avx") && !strcmp(r[0].op, "decrypt") &&
          r[0].key_bits == 512 && r[0].ops_per_s == 500 && r[0].bytes_per_s == 128000);
    free(r);
    /* a test line before any header has nothing to be a row of */
    CHECK(cm_tcrypt_parse("tcrypt: test 0 (128 bit key, 16 byte blocks): 1 operations in 1 seconds (16 bytes)\n", &r) == 0);
    CHECK(r == NULL);
}

/* r's text (caller frees). */
static char *text_of(const cm_tcrypt_result *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (m) {
        cm_tcrypt_text(m, r);
        fclose(m);
    }
    return buf;
}

/* r through its document and back: 0 with the text of what came back in
 * *text, or -1 with err. */
static int round_trip(const cm_tcrypt_result *r, char **text, cm_error *err)
{
    json_t *doc = cm_tcrypt_json(r);
    char *dumped = doc ? json_dumps(doc, JSON_INDENT(2)) : NULL;
    json_t *back = dumped ? json_loads(dumped, 0, NULL) : NULL;
    cm_tcrypt_result got;
    int rc = back ? cm_tcrypt_from_json(back, &got, err) : -1;
    *text = rc == 0 ? text_of(&got) : NULL;
    if (rc == 0)
        free(got.rows);
    free(dumped);
    json_decref(doc);
    json_decref(back);
    return rc;
}

static void test_document_read_back(void)
{
    char *log = NULL, *want = NULL, *got = NULL;
    size_t len;
    cm_error err = {0};
    cm_tcrypt_result r = {.kernel = "6.1.0-56-amd64",
                          .module = "/lib/modules/6.1.0-56-amd64/kernel/crypto/tcrypt.ko"};
    CHECK(cm_read_file(CM_SOURCE_DIR "/tests/data/tcrypt/bookworm-6.1-x86_64.log", 1 << 20, "log",
                       &log, &len, NULL) == 0);
    r.n = log ? cm_tcrypt_parse(log, &r.rows) : 0;
    CHECK(r.n == 11);
    want = text_of(&r);
    CHECK(round_trip(&r, &got, &err) == 0 && want && got && !strcmp(want, got));
    CHECK(want && strstr(want, "sha256-avx2") && strstr(want, "cbc(aes-aesni)"));
    free(got);
    /* stopped part way: the rows, then why */
    snprintf(r.unavailable, sizeof r.unavailable, "mode 300 did not load");
    free(want);
    want = text_of(&r);
    CHECK(round_trip(&r, &got, &err) == 0 && want && got && !strcmp(want, got));
    CHECK(want && strstr(want, "tcrypt: stopped: mode 300 did not load\n"));
    free(got);
    json_t *doc = cm_tcrypt_json(&r);
    cm_tcrypt_result bad;
    json_object_set_new(json_array_get(json_object_get(doc, "results"), 2), "key_bits",
                        json_string("128"));
    CHECK(cm_tcrypt_from_json(doc, &bad, &err) == -1 && err.code == CM_EXIT_ENVIRONMENT);
    CHECK_CONTAINS(err.msg, "results[2]");
    CHECK_CONTAINS(err.msg, "key_bits");
    json_object_del(doc, "results");
    CHECK(cm_tcrypt_from_json(doc, &bad, &err) == -1);
    CHECK_CONTAINS(err.msg, "results");
    json_decref(doc);
    free(want);
    free(r.rows);
    free(log);
}

int main(void)
{
    test_recorded_61();
    test_newer_header_and_prefix();
    test_document_read_back();
    return check_done("test_tcrypt_parse");
}
