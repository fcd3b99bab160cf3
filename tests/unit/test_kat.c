/*
 * test_kat.c — proves that the KAT runner and `cryptometer verify` can
 * pass what is right and fail what is wrong:
 *
 *   0. correct implementations of our own, over the code of src/impl/ref
 *      pass the built-in vectors, and every case of the file is run;
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
 *      implementation fail, naming the case;
 *   4. verify exits 3 on a malformed, unreadable or foreign file and 2 on
 *      usage errors;
 *   5. verify reports the `faulty` backend's crash, hang and abort as
 *      crashed / timeout (with --timeout 1) and goes on, exit 1, lists its
 *      unavailable sha512 with the reason, and writes its JSON report
 *      (leaving no temporary file); an unwritable --json is exit 2 before
 *      anything runs;
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
#include "util/embedded.h"
#include "model/class.h"
#include "check/kat.h"
#include "registry/registry.h"
#include "commands/commands.h"
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
static cm_rc own_hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* SHA-256 from src/impl/ref. */
static cm_rc own_sha256(void *state, const uint8_t *msg, size_t len, uint8_t *out)
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
static cm_rc own_mac_create(void **state, const uint8_t *key, size_t key_len)
{
    ref_hmac_sha256_key *k = malloc(sizeof *k);
    if (!k)
        return CM_ERR_NOMEM;
    ref_hmac_sha256_set_key(k, key, key_len);
    *state = k;
    return CM_OK;
}

/* HMAC-SHA-256 from src/impl/ref. */
static cm_rc own_hmac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ref_hmac_sha256(state, msg, len, out);
    return CM_OK;
}

/* How an own CTR treats a call with iv NULL: as primitive.h says (the
 * next keystream byte of that direction's stream), or wrong in one of two
 * ways the cross-check must catch. */
enum ctr_flavour {
    CTR_CORRECT,
    CTR_RESTARTS, /* iv NULL starts again from the last IV: right in one call only */
    CTR_SHARED    /* one stream for both directions: right unless they interleave */
};

/* An own CTR state: the key, the flavour and per direction (0 decrypt,
 * 1 encrypt) the stream's initial counter block and the bytes done. */
typedef struct own_ctr_state {
    ref_aes_key key;
    enum ctr_flavour flavour;
    uint8_t iv[2][16];
    uint64_t pos[2];
} own_ctr_state;

/* AES key schedule for CTR; 16- or 32-byte keys. */
static cm_rc ctr_create_flavour(void **state, const uint8_t *key, size_t key_len,
                                enum ctr_flavour flavour)
{
    own_ctr_state *st = calloc(1, sizeof *st);
    if (!st)
        return CM_ERR_NOMEM;
    if (ref_aes_set_key(&st->key, key, key_len) != CM_OK) {
        free(st);
        return CM_ERR_UNSUPPORTED;
    }
    st->flavour = flavour;
    *state = st;
    return CM_OK;
}

static cm_rc own_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    return ctr_create_flavour(state, key, key_len, CTR_CORRECT);
}

static cm_rc restart_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    return ctr_create_flavour(state, key, key_len, CTR_RESTARTS);
}

static cm_rc shared_ctr_create(void **state, const uint8_t *key, size_t key_len)
{
    return ctr_create_flavour(state, key, key_len, CTR_SHARED);
}

/* iv plus n, as one big-endian 128-bit integer, into out. */
static void ctr_block_at(const uint8_t iv[16], uint64_t n, uint8_t out[16])
{
    memcpy(out, iv, 16);
    for (int i = 15; i >= 0 && n; i--) {
        uint64_t sum = out[i] + (n & 0xff);
        out[i] = (uint8_t)sum;
        n = (n >> 8) + (sum >> 8);
    }
}

/* CTR over ref_aes_ctr_xor in direction dir, from iv or (iv NULL) from
 * where the stream is, as the state's flavour has it. */
static cm_rc own_ctr_crypt(own_ctr_state *st, int dir, const uint8_t *iv, const uint8_t *in,
                           uint8_t *out, size_t len)
{
    uint8_t ctr[16];
    size_t head = 0;
    if (st->flavour == CTR_SHARED)
        dir = 0;
    if (iv)
        memcpy(st->iv[dir], iv, 16);
    if (iv || st->flavour == CTR_RESTARTS)
        st->pos[dir] = 0;
    uint64_t start = st->pos[dir];
    if (start % 16 && len) {
        uint8_t ks[16] = {0};
        size_t skip = (size_t)(start % 16);
        head = 16 - skip < len ? 16 - skip : len;
        ctr_block_at(st->iv[dir], start / 16, ctr);
        ref_aes_ctr_xor(&st->key, ctr, ks, ks, 16);
        for (size_t i = 0; i < head; i++)
            out[i] = in[i] ^ ks[skip + i];
    }
    if (len > head) {
        ctr_block_at(st->iv[dir], (start + head) / 16, ctr);
        ref_aes_ctr_xor(&st->key, ctr, in + head, out + head, len - head);
    }
    st->pos[dir] = start + len;
    return CM_OK;
}

static cm_rc own_ctr_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return own_ctr_crypt(state, 1, iv, in, out, len);
}

static cm_rc own_ctr_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                             size_t len)
{
    return own_ctr_crypt(state, 0, iv, in, out, len);
}

static const cm_hash_vtable own_sha256_vt = {own_hash_create, own_sha256, own_free};
static const cm_mac_vtable own_hmac_vt = {own_mac_create, own_hmac, own_free};
static const cm_cipher_vtable own_ctr_vt = {own_ctr_create, own_ctr_encrypt, own_ctr_decrypt,
                                            own_free};
static const cm_cipher_vtable restart_ctr_vt = {restart_ctr_create, own_ctr_encrypt,
                                                own_ctr_decrypt, own_free};
static const cm_cipher_vtable shared_ctr_vt = {shared_ctr_create, own_ctr_encrypt,
                                               own_ctr_decrypt, own_free};
static const cm_impl restart_ctr = CM_IMPL_CIPHER("aes-128-ctr", "restart", &restart_ctr_vt, NULL);
static const cm_impl shared_ctr = CM_IMPL_CIPHER("aes-128-ctr", "shared", &shared_ctr_vt, NULL);
static const cm_impl own_impls[] = {
    CM_IMPL_HASH("sha256", "own", &own_sha256_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "own", &own_hmac_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "own", &own_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "own", &own_ctr_vt, NULL),
};
static const cm_backend own_backend = {.name = "test-own",
                                       .description = "correct test implementations",
                                       .impls = own_impls,
                                       .n_impls = sizeof own_impls / sizeof own_impls[0]};

/* The own implementation of algorithm. */
static const cm_impl *own(const char *algorithm)
{
    return cm_backend_find_impl(&own_backend, algorithm, NULL);
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

/* 1 when the registry's cross-check peer for algorithm (seen from backend
 * self) is one of the test-only backends, whose results mean nothing (and
 * faulty's crash). Happens when neither ref nor openssl is compiled in. */
static int test_only_peer(const cm_backend *self, const char *algorithm)
{
    const cm_backend *pb = NULL;
    return cm_registry_peer(cm_backend_find_impl(self, algorithm, NULL), &pb) &&
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

/* Check 5. */
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

    rc = verify("--filter", "^broken:", "--json", json_path, NULL);
    check(rc == 1, "verify --filter ^broken: exits 1 (got %d)", rc);
    doc = json_load_file(json_path, 0, &jerr);
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

    /* --wycheproof on a file with a corrupted tag: the faulty hmac crashes,
     * and a correct one (if compiled in) fails on the corrupted case. */
    json_t *hmac = load_embedded("vectors/wycheproof/hmac_sha256_test.json");
    corrupt_hex(first_valid(hmac, 0), "tag");
    char *text = json_dumps(hmac, JSON_COMPACT);
    const char *path = temp_file(4, text);
    free(text);
    json_decref(hmac);
    rc = verify("--wycheproof", path, "--filter", "^faulty:", "--timeout", "5", NULL);
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
    test_own_pass();
    test_broken();
    test_stream();
    test_real_backends();
    test_corrupted();
    test_verify_errors();
    test_verify_faulty();
    test_verify_coverage();
    printf("%s: %d check%s failed\n", failures ? "FAILED" : "PASSED", failures,
           failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
