/*
 * openssl_bignum.c — cm_bignum_vtable (primitive.h) on OpenSSL's BN: one
 * table for every bn-* row, the operation being the algorithm's. Each call
 * is the library's own function for it, on numbers loaded once with a
 * BN_CTX and a BN_MONT_CTX made at load (as RSA keeps them):
 *
 *   modmul   BN_mod_mul               montmul  BN_mod_mul_montgomery
 *   modsqr   BN_mod_sqr               modexp   BN_mod_exp_mont (variable time)
 *   modinv   BN_mod_inverse           modsqrt  BN_mod_sqrt (Tonelli-Shanks)
 *
 * montmul's operands are brought into Montgomery form at load
 * (BN_to_montgomery) and its result out of it (BN_from_montgomery).
 */
#include <stdlib.h>
#include <openssl/bn.h>
#include "cryptometer/algorithm.h"
#include "openssl_internal.h"

typedef struct ossl_bn {
    cm_op op;
    BN_CTX *ctx;
    BN_MONT_CTX *mont;
    BIGNUM *m, *a, *b, *r, *out; /* out: the result leaving Montgomery form */
} ossl_bn;

static void bn_destroy(void *state)
{
    ossl_bn *s = state;
    if (!s)
        return;
    BN_free(s->m);
    BN_free(s->a);
    BN_free(s->b);
    BN_free(s->r);
    BN_free(s->out);
    BN_MONT_CTX_free(s->mont);
    BN_CTX_free(s->ctx);
    free(s);
}

static cm_rc bn_create(void **state, const cm_algorithm *alg)
{
    ossl_bn *s = calloc(1, sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->op = alg->ops[0];
    s->ctx = BN_CTX_new();
    s->mont = BN_MONT_CTX_new();
    s->m = BN_new();
    s->a = BN_new();
    s->b = BN_new();
    s->r = BN_new();
    s->out = BN_new();
    if (!s->ctx || !s->mont || !s->m || !s->a || !s->b || !s->r || !s->out) {
        bn_destroy(s);
        return ossl_fail(CM_ERR_NOMEM);
    }
    *state = s;
    return CM_OK;
}

static cm_rc bn_load(void *state, const uint8_t *m, const uint8_t *a, const uint8_t *b,
                     size_t len)
{
    ossl_bn *s = state;
    int ok = BN_bin2bn(m, (int)len, s->m) && BN_bin2bn(a, (int)len, s->a) &&
             BN_bin2bn(b, (int)len, s->b) && BN_MONT_CTX_set(s->mont, s->m, s->ctx);
    if (ok && s->op == CM_OP_MONTMUL)
        ok = BN_to_montgomery(s->a, s->a, s->mont, s->ctx) &&
             BN_to_montgomery(s->b, s->b, s->mont, s->ctx);
    if (ok && s->op == CM_OP_MODSQRT)
        ok = BN_mod_sqr(s->a, s->a, s->m, s->ctx);
    return ok ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
}

static cm_rc bn_compute(void *state)
{
    ossl_bn *s = state;
    switch (s->op) {
    case CM_OP_MODMUL:
        return BN_mod_mul(s->r, s->a, s->b, s->m, s->ctx) ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
    case CM_OP_MONTMUL:
        return BN_mod_mul_montgomery(s->r, s->a, s->b, s->mont, s->ctx) ? CM_OK
                                                                         : ossl_fail(CM_ERR_LIBRARY);
    case CM_OP_MODSQR:
        return BN_mod_sqr(s->r, s->a, s->m, s->ctx) ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
    case CM_OP_MODEXP:
        return BN_mod_exp_mont(s->r, s->a, s->b, s->m, s->ctx, s->mont) ? CM_OK
                                                                         : ossl_fail(CM_ERR_LIBRARY);
    case CM_OP_MODINV:
        return BN_mod_inverse(s->r, s->a, s->m, s->ctx) ? CM_OK : ossl_fail(CM_ERR_INVALID);
    case CM_OP_MODSQRT:
        return BN_mod_sqrt(s->r, s->a, s->m, s->ctx) ? CM_OK : ossl_fail(CM_ERR_INVALID);
    default:
        return CM_ERR_UNSUPPORTED;
    }
}

static cm_rc bn_result(void *state, uint8_t *out, size_t len)
{
    ossl_bn *s = state;
    BIGNUM *v = s->r;
    if (s->op == CM_OP_MONTMUL && !BN_from_montgomery(v = s->out, s->r, s->mont, s->ctx))
        return ossl_fail(CM_ERR_LIBRARY);
    return BN_bn2binpad(v, out, (int)len) == (int)len ? CM_OK : ossl_fail(CM_ERR_INVALID);
}

const cm_bignum_vtable ossl_bn_vtable = {bn_create, bn_load, bn_compute, bn_result, bn_destroy};
