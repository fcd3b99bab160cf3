/*
 * test_lacks.c — the lacking rows made from data/backend_lacks.json
 * (registry/lacks.h), on backends of the test's own that carry the names of
 * the table's libraries:
 *
 *   rows    a backend in the table gets, after its own rows, one lacking
 *           row for each algorithm of its scope it has no row for, with the
 *           table's reason (a glob of the table names several), or the
 *           table's "not implemented in this backend"; nothing outside its
 *           scope (bignum for a library, our own NORX); a backend not in
 *           the table, or run by a helper, keeps its own rows;
 *   build   a "build" entry gives its reason only when the backend has no
 *           row; an "if" entry only for a backend with that build tag;
 *   check   an entry saying a backend lacks an algorithm it has a row for
 *           is refused, naming both.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "registry/lacks.h"

static cm_rc no_create(void **state)
{
    *state = NULL;
    return CM_OK;
}
static cm_rc no_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state, (void)msg, (void)len, (void)out;
    return CM_OK;
}
static void no_destroy(void *state)
{
    (void)state;
}
static const cm_hash_vtable hash_vt = {no_create, no_digest, no_destroy};

/* The lacking reason of alg among the n rows, or NULL (no row, or not a
 * lacking one). */
static const char *reason_of(const cm_impl *rows, size_t n, const char *alg)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].algorithm, alg) == 0)
            return rows[i].lacking;
    return NULL;
}

/* 1 when the n rows hold alg. */
static int has_row(const cm_impl *rows, size_t n, const char *alg)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(rows[i].algorithm, alg) == 0)
            return 1;
    return 0;
}

/* The array cm_lacks_rows made (the registry keeps its own for the life of
 * the process; the tests free theirs). */
static void done(const cm_impl *rows, const cm_impl *own)
{
    if (rows != own)
        free((void *)rows);
}

static void test_rows(void)
{
    static const cm_impl own[] = {CM_IMPL_HASH("sha256", "default", &hash_vt, NULL)};
    cm_backend b = {.name = "libsodium", .impls = own, .n_impls = 1};
    size_t n;
    const cm_impl *rows = cm_lacks_rows(&b, own, 1, &n);
    CHECK(n > 1 && rows != own && rows[0].vt.hash == &hash_vt);
    CHECK(reason_of(rows, n, "sha256") == NULL);
    CHECK(reason_of(rows, n, "sha1") && strcmp(reason_of(rows, n, "sha1"), "libsodium has no SHA-1") == 0);
    /* one glob entry, two algorithms */
    CHECK(reason_of(rows, n, "sha3-256") && strcmp(reason_of(rows, n, "sha3-256"), "libsodium has no SHA-3") == 0);
    CHECK(reason_of(rows, n, "sha3-512") && strcmp(reason_of(rows, n, "sha3-512"), "libsodium has no SHA-3") == 0);
    /* its own rows are not in this test's backend: the table says nothing of them */
    CHECK(reason_of(rows, n, "chacha20") &&
          strcmp(reason_of(rows, n, "chacha20"), "not implemented in this backend") == 0);
    CHECK(!has_row(rows, n, "bn-2048-modmul") && !has_row(rows, n, "norx32-4-1") &&
          !has_row(rows, n, "random"));
    for (size_t i = 1; i < n; i++)
        CHECK(rows[i].vt.any == NULL && rows[i].lacking && strcmp(rows[i].variant, "default") == 0);
    done(rows, own);
    cm_error err = {0};
    CHECK(cm_lacks_check(&b, own, 1, &err) == 0);

    cm_backend other = {.name = "nosuchlibrary", .impls = own, .n_impls = 1};
    CHECK(cm_lacks_rows(&other, own, 1, &n) == own && n == 1);
    cm_backend helper = {.name = "libsodium", .impls = own, .n_impls = 1, .helper = "x"};
    CHECK(cm_lacks_rows(&helper, own, 1, &n) == own && n == 1);
}

static void test_build(void)
{
    static const cm_impl with_sha1[] = {CM_IMPL_HASH("sha1", "wolfcrypt", &hash_vt, NULL)};
    cm_backend wolf = {.name = "wolfssl", .impls = with_sha1, .n_impls = 1};
    size_t n;
    cm_error err = {0};
    const cm_impl *rows = cm_lacks_rows(&wolf, with_sha1, 1, &n);
    CHECK(reason_of(rows, n, "sha1") == NULL && cm_lacks_check(&wolf, with_sha1, 1, &err) == 0);
    CHECK_CONTAINS(reason_of(rows, n, "sha256"), "this wolfSSL was built without SHA-256");
    CHECK(strcmp(rows[1].variant, "wolfcrypt") == 0);
    done(rows, with_sha1);

    static const cm_impl none[] = {CM_IMPL_HASH("sha256", "default", &hash_vt, NULL)};
    cm_backend nettle = {.name = "nettle", .impls = none, .n_impls = 1};
    rows = cm_lacks_rows(&nettle, none, 1, &n);
    CHECK_CONTAINS(reason_of(rows, n, "blake2b-512"), "this Nettle has no BLAKE2");
    done(rows, none);
    nettle.build_tags = "oaep.h blake2.h";
    rows = cm_lacks_rows(&nettle, none, 1, &n);
    CHECK_CONTAINS(reason_of(rows, n, "blake2b-512"), "does not call Nettle's BLAKE2");
    CHECK_CONTAINS(reason_of(rows, n, "rsa-2048-oaep-sha256"), "does not call Nettle's RSA-OAEP");
    done(rows, none);
    nettle.build_tags = "blake2.hx";
    rows = cm_lacks_rows(&nettle, none, 1, &n);
    CHECK_CONTAINS(reason_of(rows, n, "blake2b-512"), "this Nettle has no BLAKE2");
    done(rows, none);
}

static void test_check(void)
{
    static const cm_impl own[] = {CM_IMPL_HASH("sha1", "default", &hash_vt, NULL)};
    cm_backend b = {.name = "libsodium", .impls = own, .n_impls = 1};
    cm_error err = {0};
    CHECK(cm_lacks_check(&b, own, 1, &err) == -1);
    CHECK(err.code == CM_EXIT_ENVIRONMENT);
    CHECK_CONTAINS(err.msg, "backend libsodium has a row for sha1");
    CHECK_CONTAINS(err.msg, "libsodium has no SHA-1");
}

int main(void)
{
    test_rows();
    test_build();
    test_check();
    return check_done("test_lacks");
}
