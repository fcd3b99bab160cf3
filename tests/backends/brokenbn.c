/*
 * brokenbn.c — the test-only backend `brokenbn`: bignum implementations
 * on OpenSSL's BN that are wrong on purpose, so that the tests can prove
 * the vectors and the cross-check catch them before anything is timed
 * (tests/e2e/test_bignum.py). Built only with -DCRYPTOMETER_TEST_BACKENDS=ON
 * and the openssl backend:
 *
 *   bn-2048-montmul (raw-montgomery)  BN_mod_mul_montgomery on a·R and b·R,
 *                                     its result left in Montgomery form
 *                                     (a·b·R mod m): what comparing raw
 *                                     Montgomery forms between libraries
 *                                     would let through;
 *   bn-2048-modmul (off-by-one)       BN_mod_mul, plus one.
 */
#include <stdlib.h>
#include <openssl/bn.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/backend.h"

typedef struct bbn {
    cm_op op;
    BN_CTX *ctx;
    BN_MONT_CTX *mont;
    BIGNUM *m, *a, *b, *r;
} bbn;

static void bbn_destroy(void *state)
{
    bbn *s = state;
    if (!s)
        return;
    BN_free(s->m);
    BN_free(s->a);
    BN_free(s->b);
    BN_free(s->r);
    BN_MONT_CTX_free(s->mont);
    BN_CTX_free(s->ctx);
    free(s);
}

static cm_rc bbn_create(void **state, const cm_algorithm *alg)
{
    bbn *s = calloc(1, sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->op = alg->ops[0];
    s->ctx = BN_CTX_new();
    s->mont = BN_MONT_CTX_new();
    s->m = BN_new();
    s->a = BN_new();
    s->b = BN_new();
    s->r = BN_new();
    *state = s;
    return s->ctx && s->mont && s->m && s->a && s->b && s->r ? CM_OK : CM_ERR_NOMEM;
}

static cm_rc bbn_load(void *state, const uint8_t *m, const uint8_t *a, const uint8_t *b,
                      size_t len)
{
    bbn *s = state;
    int ok = BN_bin2bn(m, (int)len, s->m) && BN_bin2bn(a, (int)len, s->a) &&
             BN_bin2bn(b, (int)len, s->b) && BN_MONT_CTX_set(s->mont, s->m, s->ctx);
    if (ok && s->op == CM_OP_MONTMUL)
        ok = BN_to_montgomery(s->a, s->a, s->mont, s->ctx) &&
             BN_to_montgomery(s->b, s->b, s->mont, s->ctx);
    return ok ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc bbn_compute(void *state)
{
    bbn *s = state;
    int ok = s->op == CM_OP_MONTMUL ? BN_mod_mul_montgomery(s->r, s->a, s->b, s->mont, s->ctx)
                                    : BN_mod_mul(s->r, s->a, s->b, s->m, s->ctx) &&
                                          BN_add_word(s->r, 1); /* the deliberate error */
    return ok ? CM_OK : CM_ERR_LIBRARY;
}

/* The deliberate error of montmul: no BN_from_montgomery. */
static cm_rc bbn_result(void *state, uint8_t *out, size_t len)
{
    bbn *s = state;
    return BN_bn2binpad(s->r, out, (int)len) == (int)len ? CM_OK : CM_ERR_INVALID;
}

static const cm_bignum_vtable bbn_vtable = {bbn_create, bbn_load, bbn_compute, bbn_result,
                                            bbn_destroy};

static const cm_impl brokenbn_impls[] = {
    CM_IMPL_BIGNUM("bn-2048-montmul", "raw-montgomery", &bbn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modmul", "off-by-one", &bbn_vtable, NULL),
};

static const char *brokenbn_version(void)
{
    return CM_VERSION;
}

extern const cm_backend cm_backend_brokenbn;
const cm_backend cm_backend_brokenbn = {
    .name = "brokenbn",
    .description = "test only: OpenSSL BN bignum rows with deliberate errors (a result left in "
                   "Montgomery form, a product plus one)",
    .version = brokenbn_version,
    .impls = brokenbn_impls,
    .n_impls = sizeof brokenbn_impls / sizeof brokenbn_impls[0],
    .test_only = 1,
};
