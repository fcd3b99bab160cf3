/*
 * test_registry.c — the registry's promises (registry.h), on the real
 * registry and on backends of the test's own:
 *
 *   check   cm_registry_check passes on the backends compiled in; one bad
 *           row (an algorithm not in the table, a table of another class,
 *           an empty or bad variant, a repeated (algorithm, variant), a
 *           bad backend name) fails with a message naming the row;
 *   init    cm_backend_ready runs a backend's init hook once; a failing
 *           hook makes every implementation of the backend unavailable
 *           with the library's reason;
 *   discover  a backend whose rows come from its discover hook: the hook's
 *           rows are what cm_backend_impls gives (the static table is
 *           ignored), they are checked like static rows (a bad one is
 *           refused), and served_by is kept;
 *   peer    cm_registry_peer never picks a test-only backend or the
 *           implementation itself, and prefers peer_rank 1, then 2, then
 *           unranked backends.
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "registry/registry.h"

/* ---- a table that is never called ------------------------------------------------ */

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
static cm_rc no_mac_create(void **state, const uint8_t *key, size_t key_len)
{
    (void)key, (void)key_len;
    return no_create(state);
}

static const cm_hash_vtable hash_vt = {no_create, no_digest, no_destroy};
static const cm_mac_vtable mac_vt = {no_mac_create, no_digest, no_destroy};

/* A backend named name over the n rows of impls. */
static cm_backend backend_of(const char *name, const cm_impl *impls, size_t n)
{
    return (cm_backend){.name = name, .description = "test", .impls = impls, .n_impls = n};
}

#define BACKEND(name, rows) backend_of(name, rows, sizeof rows / sizeof rows[0])

/* ---- check --------------------------------------------------------------------------- */

/* Checks that b fails cm_registry_check_backend with a message holding
 * every one of the NULL-terminated fragments. */
static void expect_refused(const cm_backend *b, const char *const *fragments)
{
    cm_error err = {0};
    CHECK(cm_registry_check_backend(b, &err) == -1);
    CHECK(err.code == CM_EXIT_ENVIRONMENT);
    for (; *fragments; fragments++)
        CHECK_CONTAINS(err.msg, *fragments);
}

static void test_check(void)
{
    cm_error err = {0};
    CHECK(cm_registry_check(&err) == 0);

    static const cm_impl good[] = {
        CM_IMPL_HASH("sha256", "one", &hash_vt, NULL),
        CM_IMPL_HASH("sha256", "two_(x).1", &hash_vt, NULL),
        CM_IMPL_MAC("hmac-sha256", "one", &mac_vt, NULL),
    };
    cm_backend b = BACKEND("good", good);
    CHECK(cm_registry_check_backend(&b, &err) == 0);

    static const cm_impl unknown[] = {
        CM_IMPL_HASH("sha256", "one", &hash_vt, NULL),
        CM_IMPL_HASH("sha3-999", "one", &hash_vt, NULL),
    };
    b = BACKEND("unknown", unknown);
    expect_refused(&b, (const char *[]){"backend unknown", "implementation 1", "sha3-999",
                                        "not in the table", NULL});

    static const cm_impl wrong_class[] = {CM_IMPL_MAC("sha256", "one", &mac_vt, NULL)};
    b = BACKEND("wrongclass", wrong_class);
    expect_refused(&b, (const char *[]){"implementation 0", "sha256", "another class", NULL});

    static const cm_impl empty_variant[] = {CM_IMPL_HASH("sha256", "", &hash_vt, NULL)};
    b = BACKEND("emptyvariant", empty_variant);
    expect_refused(&b, (const char *[]){"emptyvariant", "no variant name", NULL});

    static const cm_impl null_variant[] = {CM_IMPL_HASH("sha256", NULL, &hash_vt, NULL)};
    b = BACKEND("nullvariant", null_variant);
    expect_refused(&b, (const char *[]){"variant NULL", "no variant name", NULL});

    static const char *const bad_names[] = {"a/b", "a:b", "a b", "évp"};
    for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
        cm_impl bad_variant[] = {CM_IMPL_HASH("sha256", bad_names[i], &hash_vt, NULL)};
        b = BACKEND("badvariant", bad_variant);
        expect_refused(&b, (const char *[]){bad_names[i], "characters other than", NULL});
    }

    static const cm_impl repeated[] = {
        CM_IMPL_HASH("sha256", "one", &hash_vt, NULL),
        CM_IMPL_MAC("hmac-sha256", "one", &mac_vt, NULL),
        CM_IMPL_HASH("sha256", "one", &hash_vt, NULL),
    };
    b = BACKEND("repeated", repeated);
    expect_refused(&b, (const char *[]){"implementation 2", "repeats an (algorithm, variant)",
                                        NULL});

    static const cm_impl no_table[] = {{"sha256", "one", CM_CLASS_HASH, {NULL}, NULL}};
    b = BACKEND("notable", no_table);
    expect_refused(&b, (const char *[]){"has no table", NULL});

    /* a row for an algorithm the library lacks has a reason and no table */
    static const cm_impl lacking_ok[] = {
        CM_IMPL_LACKING(CIPHER, "aes-128-ctr", "one", "the library has no CTR mode")};
    b = BACKEND("lacking", lacking_ok);
    CHECK(cm_registry_check_backend(&b, &err) == 0);
    static const cm_impl lacking_table[] = {
        {"sha256", "one", CM_CLASS_HASH, {.hash = &hash_vt}, NULL, NULL, "it has no SHA-256"}};
    b = BACKEND("lackingtable", lacking_table);
    expect_refused(&b, (const char *[]){"has a table and says the library lacks", NULL});
    static const cm_impl lacking_class[] = {
        CM_IMPL_LACKING(HASH, "aes-128-ctr", "one", "the library has no CTR mode")};
    b = BACKEND("lackingclass", lacking_class);
    expect_refused(&b, (const char *[]){"another class", NULL});

    b = BACKEND("bad:name", good);
    expect_refused(&b, (const char *[]){"backend name 'bad:name'", NULL});
    /* a version in a backend's name (an OpenSSL generation, openssl-3.5) */
    err = (cm_error){0};
    b = BACKEND("openssl-3.5", good);
    CHECK(cm_registry_check_backend(&b, &err) == 0);
    /* a helper backend's rows have no table here: they run in the helper */
    b = BACKEND("helped", no_table);
    b.helper = "cryptometer-helped";
    CHECK(cm_registry_check_backend(&b, &err) == 0);
}

/* ---- init ---------------------------------------------------------------------------- */

static int init_calls;

/* Counts its calls and fails as a library would. */
static cm_rc failing_init(char *why, size_t why_len)
{
    init_calls++;
    snprintf(why, why_len, "libfake_init() returned -7");
    return CM_ERR_LIBRARY;
}

/* Counts its calls and succeeds. */
static cm_rc working_init(char *why, size_t why_len)
{
    (void)why, (void)why_len;
    init_calls++;
    return CM_OK;
}

static int never(char *why, size_t why_len)
{
    snprintf(why, why_len, "no such CPU feature");
    return 0;
}

static void test_init(void)
{
    static const cm_impl rows[] = {
        CM_IMPL_HASH("sha256", "one", &hash_vt, NULL),
        CM_IMPL_MAC("hmac-sha256", "one", &mac_vt, NULL),
    };
    cm_backend failing = BACKEND("failing", rows);
    failing.init = failing_init;
    char why[256];

    init_calls = 0;
    CHECK(cm_backend_ready(&failing, why, sizeof why) == 0);
    CHECK_CONTAINS(why, "failing: set-up failed: libfake_init() returned -7");
    CHECK(cm_backend_ready(&failing, why, sizeof why) == 0);
    for (size_t i = 0; i < failing.n_impls; i++) {
        why[0] = '\0';
        CHECK(cm_impl_available(&failing, &rows[i], why, sizeof why) == 0);
        CHECK_CONTAINS(why, "libfake_init() returned -7");
    }
    CHECK(init_calls == 1);

    static const cm_impl mixed[] = {
        CM_IMPL_HASH("sha256", "one", &hash_vt, NULL),
        CM_IMPL_HASH("sha256", "absent", &hash_vt, never),
    };
    cm_backend working = BACKEND("working", mixed);
    working.init = working_init;
    init_calls = 0;
    CHECK(cm_backend_ready(&working, why, sizeof why) == 1);
    CHECK(cm_impl_available(&working, &mixed[0], why, sizeof why) == 1);
    CHECK(cm_impl_available(&working, &mixed[1], why, sizeof why) == 0);
    CHECK_CONTAINS(why, "no such CPU feature");
    CHECK(init_calls == 1);

    /* a lacking row is unavailable with its reason, before any init */
    static const cm_impl lacks[] = {
        CM_IMPL_LACKING(CIPHER, "aes-128-ctr", "one", "the library has no CTR mode")};
    cm_backend lacker = BACKEND("lacker", lacks);
    CHECK(cm_impl_available(&lacker, &lacks[0], why, sizeof why) == 0);
    CHECK_CONTAINS(why, "lacker lacks it: the library has no CTR mode");

    cm_backend plain = BACKEND("plain", rows);
    CHECK(cm_backend_ready(&plain, why, sizeof why) == 1);
}

/* ---- peer ---------------------------------------------------------------------------- */

/* The backend whose sha256 row cm_registry_peer_among picks for self
 * among list, or NULL. */
static const char *peer_name(const cm_backend *const *list, size_t n, const cm_impl *self)
{
    const cm_backend *pb = NULL;
    const cm_impl *p = cm_registry_peer_among(list, n, self, &pb);
    CHECK(!p == !pb);
    CHECK(p != self);
    return p ? pb->name : NULL;
}

static void test_peer_among(void)
{
    static const cm_impl one[] = {CM_IMPL_HASH("sha256", "one", &hash_vt, NULL)};
    static const cm_impl self_rows[] = {CM_IMPL_HASH("sha256", "self", &hash_vt, NULL),
                                        CM_IMPL_MAC("hmac-sha256", "self", &mac_vt, NULL)};
    static const cm_impl unavailable[] = {CM_IMPL_HASH("sha256", "absent", &hash_vt, never)};
    cm_backend self = BACKEND("self", self_rows), unranked = BACKEND("unranked", one),
               rank2 = BACKEND("rank2", one), rank1 = BACKEND("rank1", one),
               test_only = BACKEND("testonly", one), absent = BACKEND("absent", unavailable);
    rank2.peer_rank = 2;
    rank1.peer_rank = 1;
    test_only.peer_rank = 1;
    test_only.test_only = 1;
    absent.peer_rank = 1;
    self.peer_rank = 1;
    const cm_impl *me = &self_rows[0];

    const cm_backend *all[] = {&self, &unranked, &test_only, &absent, &rank2, &rank1};
    const char *p = peer_name(all, 6, me);
    CHECK(p && strcmp(p, "rank1") == 0);
    const cm_backend *no_rank1[] = {&unranked, &self, &test_only, &rank2, &absent};
    p = peer_name(no_rank1, 5, me);
    CHECK(p && strcmp(p, "rank2") == 0);
    const cm_backend *rank2_last[] = {&unranked, &rank2};
    p = peer_name(rank2_last, 2, me);
    CHECK(p && strcmp(p, "rank2") == 0);
    const cm_backend *only_unranked[] = {&test_only, &self, &unranked, &absent};
    p = peer_name(only_unranked, 4, me);
    CHECK(p && strcmp(p, "unranked") == 0);
    const cm_backend *nobody[] = {&self, &test_only, &absent};
    CHECK(peer_name(nobody, 3, me) == NULL);
    /* another row of self's own backend may be a peer, never self */
    static const cm_impl two_rows[] = {CM_IMPL_HASH("sha256", "a", &hash_vt, NULL),
                                       CM_IMPL_HASH("sha256", "b", &hash_vt, NULL)};
    cm_backend two = BACKEND("two", two_rows);
    const cm_backend *just_two[] = {&two};
    const cm_backend *pb = NULL;
    CHECK(cm_registry_peer_among(just_two, 1, &two_rows[0], &pb) == &two_rows[1]);
    CHECK(cm_registry_peer_among(just_two, 1, &two_rows[1], &pb) == &two_rows[0]);
    /* ... but another backend, even ranked lower, comes first */
    two.peer_rank = 1;
    const cm_backend *two_and_rank2[] = {&two, &rank2};
    CHECK(cm_registry_peer_among(two_and_rank2, 2, &two_rows[0], &pb) == &one[0] && pb == &rank2);
}

/* On the registry compiled in: every peer is another implementation of
 * the same algorithm, available, and never from a test-only backend. */
static void test_peer_registry(void)
{
    int seen = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *b = cm_registry_backend(i);
        size_t nr;
        const cm_impl *rows = cm_backend_impls(b, &nr);
        for (size_t k = 0; k < nr; k++) {
            const cm_backend *pb = NULL;
            const cm_impl *p = cm_registry_peer(&rows[k], &pb);
            if (!p)
                continue;
            char why[256];
            seen++;
            CHECK(p != &rows[k]);
            CHECK(!pb->test_only);
            CHECK(strcmp(p->algorithm, rows[k].algorithm) == 0);
            CHECK(cm_impl_available(pb, p, why, sizeof why));
        }
    }
    printf("registry: %d implementations have a peer\n", seen);
    const cm_backend *tv = cm_registry_find_backend("twovariant");
    if (!tv) {
        check_skip("peer of twovariant:whole", "the test backends are not built");
        return;
    }
    const cm_backend *pb = NULL;
    const cm_impl *p = cm_registry_peer(cm_backend_find_impl(tv, "sha256", "whole"), &pb);
    CHECK(p != NULL && pb != NULL && !pb->test_only); /* ref is always built with them */
    /* fletcher32 exists only in test-only backends: no peer */
    CHECK(cm_registry_peer(cm_backend_find_impl(tv, "fletcher32", "words"), &pb) == NULL);
}

/* ---- discover ------------------------------------------------------------------------ */

static const cm_impl found_rows[] = {
    {"sha256", "kernel", CM_CLASS_HASH, {.hash = &hash_vt}, NULL, "sha256-generic"},
    CM_IMPL_HASH("sha256", "sha256-generic.splice", &hash_vt, NULL),
};
static const cm_impl found_bad[] = {
    CM_IMPL_HASH("sha256", "kernel", &hash_vt, NULL),
    CM_IMPL_HASH("sha256", "kernel", &hash_vt, NULL),
};
static int discover_calls;
static const cm_impl *discover_good(size_t *n)
{
    discover_calls++;
    *n = sizeof found_rows / sizeof found_rows[0];
    return found_rows;
}
static const cm_impl *discover_bad(size_t *n)
{
    *n = sizeof found_bad / sizeof found_bad[0];
    return found_bad;
}

static void test_discover(void)
{
    static const cm_impl ignored[] = {CM_IMPL_HASH("no-such-algorithm", "x", &hash_vt, NULL)};
    cm_backend b = BACKEND("found", ignored);
    b.discover = discover_good;
    size_t n = 0;
    const cm_impl *rows = cm_backend_impls(&b, &n);
    CHECK(rows == found_rows && n == 2);
    CHECK(discover_calls == 1);
    cm_error err = {0};
    CHECK(cm_registry_check_backend(&b, &err) == 0);
    CHECK(strcmp(rows[0].served_by, "sha256-generic") == 0);
    CHECK(rows[1].served_by == NULL);
    CHECK(cm_backend_find_impl(&b, "sha256", "sha256-generic.splice") == &found_rows[1]);
    b.discover = discover_bad;
    static const char *const repeated[] = {"found", "repeats", NULL};
    expect_refused(&b, repeated);
}

int main(void)
{
    test_check();
    test_discover();
    test_init();
    test_peer_among();
    test_peer_registry();
    return check_done("test_registry");
}
