/*
 * test_plan.c — what a selection covers (plan.h), through
 * cm_selection_init and cm_plan_build on the test build's registry (the
 * test backends broken, faulty and twovariant beside ref and openssl;
 * twovariant has fletcher32 `words` (available) and `absent` (never), and
 * sha256 `whole` and `blocks`):
 *
 *   --backends backend:variant selects that implementation, a backend
 *   alone all its variants; an unknown backend or variant is a usage error
 *   naming it; --algorithms and a regex on backend:variant/algorithm/op
 *   narrow the groups and their operations; unavailable variants stay in
 *   the plan with their reason; --sizes parsing (limits, suffixes, a
 *   repeated size kept once); the names cm_bench_name and cm_impl_name
 *   give. Checks that need OpenSSL say why they do not run without it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "registry/plan.h"
#include "registry/registry.h"

/* The plan of a selection, or NULL with *n 0 when the selection is
 * refused (err then holds why). The caller frees the groups. */
static cm_group *plan_of(const char *regex, const char *algorithms, const char *backends,
                         size_t *n, cm_error *err)
{
    cm_selection sel;
    cm_group *groups = NULL;
    *n = 0;
    memset(err, 0, sizeof *err);
    if (cm_selection_init(&sel, regex, algorithms, backends, err) != 0)
        return NULL;
    if (cm_plan_build(&sel, &groups, n, err) != 0)
        groups = NULL;
    cm_selection_free(&sel);
    return groups;
}

/* The group named "backend:variant/algorithm" in groups, or NULL. */
static const cm_group *find_group(const cm_group *groups, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++) {
        char impl[128], full[192];
        cm_impl_name(impl, sizeof impl, &groups[i]);
        snprintf(full, sizeof full, "%s/%s", impl, groups[i].alg->name);
        if (strcmp(full, name) == 0)
            return &groups[i];
    }
    return NULL;
}

/* Checks that the plan of the selection is exactly the groups named in
 * want ("backend:variant/algorithm", NULL-terminated). */
static void expect_plan(const char *regex, const char *algorithms, const char *backends,
                        const char *const *want)
{
    cm_error err;
    size_t n, n_want = 0;
    cm_group *g = plan_of(regex, algorithms, backends, &n, &err);
    for (; want[n_want]; n_want++) {
        const cm_group *hit = find_group(g, n, want[n_want]);
        if (!hit)
            fprintf(stderr, "  not in the plan: %s\n", want[n_want]);
        CHECK(hit != NULL);
    }
    CHECK(n == n_want);
    free(g);
}

#define PLAN(...) (const char *const[]){__VA_ARGS__, NULL}

/* Checks that the selection is refused as a usage error naming what. */
static void expect_usage_error(const char *regex, const char *algorithms, const char *backends,
                               const char *what)
{
    cm_error err;
    size_t n;
    cm_group *g = plan_of(regex, algorithms, backends, &n, &err);
    CHECK(g == NULL && n == 0);
    CHECK(err.code == CM_EXIT_USAGE);
    CHECK_CONTAINS(err.msg, what);
    free(g);
}

/* ---- backends and variants ------------------------------------------------------------ */

static void test_backends(void)
{
    cm_error err;
    size_t n;
    cm_group *g = plan_of(NULL, NULL, "twovariant:whole", &n, &err);
    CHECK(g != NULL && n == 1);
    if (g && n == 1) {
        char name[192];
        CHECK(strcmp(g[0].backend->name, "twovariant") == 0);
        CHECK(strcmp(g[0].impl->variant, "whole") == 0);
        CHECK(strcmp(g[0].alg->name, "sha256") == 0);
        CHECK(g[0].n_ops == 1 && g[0].ops[0] == CM_OP_DIGEST);
        CHECK(g[0].available);
        cm_bench_name(name, sizeof name, &g[0], CM_OP_DIGEST);
        CHECK(strcmp(name, "twovariant:whole/sha256/digest") == 0);
        cm_impl_name(name, sizeof name, &g[0]);
        CHECK(strcmp(name, "twovariant:whole") == 0);
    }
    free(g);

    expect_plan(NULL, NULL, "twovariant",
                PLAN("twovariant:words/fletcher32", "twovariant:absent/fletcher32",
                     "twovariant:whole/sha256", "twovariant:blocks/sha256"));
    /* two items: a variant of one backend and every variant of another */
    expect_plan(NULL, NULL, "twovariant:blocks,broken",
                PLAN("twovariant:blocks/sha256", "broken:flipped-bit/sha256",
                     "broken:wrong-counter/aes-128-ctr"));
    expect_plan(NULL, NULL, "twovariant:whole,twovariant:blocks",
                PLAN("twovariant:whole/sha256", "twovariant:blocks/sha256"));

    expect_usage_error(NULL, NULL, "nosuch", "unknown backend 'nosuch'");
    expect_usage_error(NULL, NULL, "ref,twovariant:nosuch", "unknown backend 'twovariant:nosuch'");
    expect_usage_error(NULL, NULL, "nosuch:whole", "'nosuch:whole'");
    expect_usage_error(NULL, "sha256,sha3-999", NULL, "unknown algorithm 'sha3-999'");
    expect_usage_error("(unclosed", NULL, NULL, "--filter '(unclosed'");
}

/* An unavailable variant stays in the plan, with its reason; the other
 * variant of the algorithm runs. */
static void test_unavailable(void)
{
    cm_error err;
    size_t n;
    cm_group *g = plan_of(NULL, "fletcher32", NULL, &n, &err);
    const cm_group *absent = find_group(g, n, "twovariant:absent/fletcher32");
    const cm_group *words = find_group(g, n, "twovariant:words/fletcher32");
    CHECK(n == 2 && absent && words);
    if (absent && words) {
        CHECK(!absent->available);
        CHECK_CONTAINS(absent->why, "never available");
        CHECK(absent->n_ops == 1 && absent->ops[0] == CM_OP_SUM);
        CHECK(words->available && words->why[0] == '\0');
    }
    free(g);

    g = plan_of(NULL, NULL, "faulty:never", &n, &err);
    CHECK(n == 1 && g && !g[0].available);
    if (n == 1 && g)
        CHECK_CONTAINS(g[0].why, "never available");
    free(g);
}

/* ---- algorithms and the regex --------------------------------------------------------- */

static void test_filters(void)
{
    cm_error err;
    size_t n;
    cm_group *g;
    expect_plan(NULL, "sha256", "twovariant",
                PLAN("twovariant:whole/sha256", "twovariant:blocks/sha256"));
    /* the regex sees backend:variant/algorithm/operation */
    expect_plan("^twovariant:blocks/", NULL, NULL, PLAN("twovariant:blocks/sha256"));
    expect_plan("/sha256/digest$", NULL, "twovariant",
                PLAN("twovariant:whole/sha256", "twovariant:blocks/sha256"));
    g = plan_of("^twovariant:(words|absent)/", "sha256", NULL, &n, &err);
    CHECK(n == 0 && g == NULL);
    free(g);

    /* it narrows the operations of a group, not only the groups */
    g = plan_of("/encrypt$", "aes-128-cbc", "ref:portable", &n, &err);
    CHECK(n == 1);
    if (n == 1) {
        CHECK(g[0].n_ops == 1 && g[0].ops[0] == CM_OP_ENCRYPT);
        char name[192];
        cm_bench_name(name, sizeof name, &g[0], g[0].ops[0]);
        CHECK(strcmp(name, "ref:portable/aes-128-cbc/encrypt") == 0);
    }
    free(g);
    g = plan_of(NULL, "aes-128-cbc", "ref:portable", &n, &err);
    CHECK(n == 1 && g[0].n_ops == 2);
    free(g);

    /* every sha256 of every backend, unless --backends narrows it */
    if (!cm_registry_find_backend("openssl")) {
        check_skip("sha256 in openssl:evp, openssl:evp/aes-128-gcm/seal",
                   "the openssl backend is not built here");
        return;
    }
    /* (afalg's rows depend on the kernel and the library backends' on the build, so they are left out here: tests/e2e/test_afalg.py
     * and tests/vm check them.) On x86-64 the ref backend also has its SHA-NI row, on aarch64 its armce one (listed
     * even where the CPU lacks the feature: the plan marks it unavailable); the armce one is listed on every
     * architecture (unavailable off aarch64: ref_arm64.h). */
    expect_plan(NULL, "sha256", "openssl,ref,broken,faulty,twovariant,slow",
                PLAN("openssl:evp/sha256", "ref:portable/sha256", "broken:flipped-bit/sha256",
                     "faulty:segv/sha256", "twovariant:whole/sha256", "twovariant:blocks/sha256",
#if defined(__x86_64__)
                     "ref:shani/sha256",
#endif
                     "ref:armce/sha256", "slow:repeated/sha256"));
    g = plan_of("seal$", "aes-128-gcm", "openssl:evp", &n, &err); /* not seal-newkey */
    CHECK(n == 1);
    if (n == 1) {
        char name[192];
        CHECK(g[0].n_ops == 1);
        cm_bench_name(name, sizeof name, &g[0], g[0].ops[0]);
        CHECK(strcmp(name, "openssl:evp/aes-128-gcm/seal") == 0);
    }
    free(g);
}

/* ---- sizes ---------------------------------------------------------------------------- */

/* Checks that text is refused as a usage error mentioning what. */
static void expect_bad_sizes(const char *text, const char *what)
{
    size_t sizes[CM_MAX_SIZES];
    cm_error err = {0};
    CHECK(cm_parse_sizes(text, sizes, &err) == -1);
    CHECK(err.code == CM_EXIT_USAGE);
    CHECK_CONTAINS(err.msg, what);
}

static void test_sizes(void)
{
    size_t sizes[CM_MAX_SIZES];
    cm_error err = {0};
    CHECK(cm_parse_sizes("16,64,1k,16KiB,1M,2mb,3b", sizes, &err) == 7);
    CHECK(sizes[0] == 16 && sizes[1] == 64 && sizes[2] == 1024 && sizes[3] == 16384 &&
          sizes[4] == 1048576 && sizes[5] == 2097152 && sizes[6] == 3);
    /* a repeated size is measured once, in the order first given */
    CHECK(cm_parse_sizes("1024,16,1k,16,1KiB", sizes, &err) == 2);
    CHECK(sizes[0] == 1024 && sizes[1] == 16);
    CHECK(cm_parse_sizes("64M", sizes, &err) == 1 && sizes[0] == CM_MAX_SIZE);
    /* ranges: every length of a curve, then long messages; repeats once */
    CHECK(cm_parse_sizes("1-4096,64k,16,1M", sizes, &err) == 4098);
    CHECK(sizes[0] == 1 && sizes[4095] == 4096 && sizes[4096] == 65536 && sizes[4097] == 1048576);
    CHECK(cm_parse_sizes("16-64/16,1k-2k/512", sizes, &err) == 7);
    CHECK(sizes[0] == 16 && sizes[3] == 64 && sizes[4] == 1024 && sizes[6] == 2048);
    CHECK(cm_parse_sizes("5-5", sizes, &err) == 1 && sizes[0] == 5);

    expect_bad_sizes("0", "out of range");
    expect_bad_sizes("16,0k", "out of range");
    expect_bad_sizes("65M", "out of range");
    expect_bad_sizes("65537k", "out of range");
    expect_bad_sizes("99999999999999999999999", "not a size");
    expect_bad_sizes("16x", "'16x' is not a size");
    expect_bad_sizes("16kk", "not a size");
    expect_bad_sizes("-16", "not a size");
    expect_bad_sizes("16-8", "range 16-8 ends below its start");
    expect_bad_sizes("0-16", "0 is out of range");
    expect_bad_sizes("1-16/0", "0 is out of range");
    expect_bad_sizes("1-x", "'x' is not a size");
    expect_bad_sizes("1-5000", "more than");
    expect_bad_sizes("k", "not a size");
    expect_bad_sizes("16,,32", "bad item");
    expect_bad_sizes("", "empty list");
    expect_bad_sizes(NULL, "empty list");

    /* CM_MAX_SIZES distinct sizes fit; one more does not, a repeat does */
    char text[CM_MAX_SIZES * 8 + 16] = "";
    size_t len = 0;
    for (int i = 1; i <= CM_MAX_SIZES; i++)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%d", i > 1 ? "," : "", i);
    CHECK(cm_parse_sizes(text, sizes, &err) == CM_MAX_SIZES);
    snprintf(text + len, sizeof text - len, ",1");
    CHECK(cm_parse_sizes(text, sizes, &err) == CM_MAX_SIZES);
    snprintf(text + len, sizeof text - len, ",%d", CM_MAX_SIZES + 1);
    expect_bad_sizes(text, "more than 4160 sizes");
}

int main(void)
{
    test_backends();
    test_unavailable();
    test_filters();
    test_sizes();
    return check_done("test_plan");
}
