/*
 * gmp_backend.c — the GMP backend: the bignum rows (primitive.h,
 * cm_bignum_vtable) on GMP's public mpz functions, one table for them all:
 *
 *   modmul   mpz_mul then mpz_mod      modsqr  mpz_mul(r, a, a) (GMP squares
 *                                              when both operands are one
 *                                              number) then mpz_mod
 *   modexp   mpz_powm (variable time)  modinv  mpz_invert
 *
 * GMP lacks the other two (data/backend_lacks.json): it has no public Montgomery
 * multiplication (mpz_powm reduces with Montgomery's method inside, through
 * the internal mpn_redc_* functions, which gmp.h does not declare), and no
 * modular square root (mpz_sqrt is the integer square root).
 */
#include <stdlib.h>
#include <gmp.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/backend.h"

typedef struct gmp_bn {
    cm_op op;
    mpz_t m, a, b, r;
} gmp_bn;

static cm_rc bn_create(void **state, const cm_algorithm *alg)
{
    gmp_bn *s = malloc(sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->op = alg->ops[0];
    if (s->op != CM_OP_MODMUL && s->op != CM_OP_MODSQR && s->op != CM_OP_MODEXP &&
        s->op != CM_OP_MODINV) {
        free(s);
        return CM_ERR_UNSUPPORTED;
    }
    mpz_inits(s->m, s->a, s->b, s->r, NULL);
    *state = s;
    return CM_OK;
}

static cm_rc bn_load(void *state, const uint8_t *m, const uint8_t *a, const uint8_t *b,
                     size_t len)
{
    gmp_bn *s = state;
    mpz_import(s->m, len, 1, 1, 1, 0, m);
    mpz_import(s->a, len, 1, 1, 1, 0, a);
    mpz_import(s->b, len, 1, 1, 1, 0, b);
    return mpz_odd_p(s->m) ? CM_OK : CM_ERR_INVALID;
}

static cm_rc bn_compute(void *state)
{
    gmp_bn *s = state;
    switch (s->op) {
    case CM_OP_MODMUL:
        mpz_mul(s->r, s->a, s->b);
        mpz_mod(s->r, s->r, s->m);
        return CM_OK;
    case CM_OP_MODSQR:
        mpz_mul(s->r, s->a, s->a);
        mpz_mod(s->r, s->r, s->m);
        return CM_OK;
    case CM_OP_MODEXP:
        mpz_powm(s->r, s->a, s->b, s->m);
        return CM_OK;
    case CM_OP_MODINV:
        return mpz_invert(s->r, s->a, s->m) ? CM_OK : CM_ERR_INVALID;
    default:
        return CM_ERR_UNSUPPORTED;
    }
}

static cm_rc bn_result(void *state, uint8_t *out, size_t len)
{
    gmp_bn *s = state;
    size_t n = (mpz_sizeinbase(s->r, 2) + 7) / 8;
    if (mpz_sgn(s->r) < 0 || n > len)
        return CM_ERR_INVALID;
    for (size_t i = 0; i < len - n; i++)
        out[i] = 0;
    mpz_export(out + len - n, NULL, 1, 1, 1, 0, s->r);
    return CM_OK;
}

static void bn_destroy(void *state)
{
    gmp_bn *s = state;
    if (!s)
        return;
    mpz_clears(s->m, s->a, s->b, s->r, NULL);
    free(s);
}

static const cm_bignum_vtable gmp_bn_vtable = {bn_create, bn_load, bn_compute, bn_result,
                                               bn_destroy};

static const cm_impl gmp_impls[] = {
    CM_IMPL_BIGNUM("bn-2048-modmul", "default", &gmp_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modsqr", "default", &gmp_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modexp", "default", &gmp_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modinv", "default", &gmp_bn_vtable, NULL),
};

static const char *gmp_version_string(void)
{
    return gmp_version;
}

extern const cm_backend cm_backend_gmp;
const cm_backend cm_backend_gmp = {
    .name = "gmp",
    .description = "GNU MP's mpz integers: modular arithmetic (the bignum rows)",
    .version = gmp_version_string,
    .impls = gmp_impls,
    .n_impls = sizeof gmp_impls / sizeof gmp_impls[0],
};
