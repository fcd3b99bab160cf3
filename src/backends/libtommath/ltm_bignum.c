/*
 * ltm_bignum.c — the libtommath backend: the bignum rows (primitive.h,
 * cm_bignum_vtable) on libtommath's public mp_* functions, one table for
 * them all:
 *
 *   modmul   mp_mulmod                 montmul  mp_mul then mp_montgomery_reduce
 *   modsqr   mp_sqrmod                 modexp   mp_exptmod (variable time)
 *   modinv   mp_invmod                 modsqrt  mp_sqrtmod_prime
 *
 * libtommath has no fused Montgomery multiplication: its Montgomery
 * product is a multiplication then mp_montgomery_reduce, as its own
 * exponentiation does (bn_s_mp_exptmod_fast). montmul's operands are made
 * a·R, b·R mod m at load (R mod m from mp_montgomery_calc_normalization)
 * and the result is reduced once more to leave Montgomery form.
 */
#include <stdlib.h>
#include <tommath.h>
#include "cryptometer/algorithm.h"
#include "cryptometer/backend.h"

typedef struct ltm_bn {
    cm_op op;
    mp_digit rho; /* -1/m mod the digit base, for Montgomery reduction */
    mp_int m, a, b, r;
} ltm_bn;

static cm_rc rc_of(mp_err e)
{
    return e == MP_OKAY ? CM_OK : e == MP_MEM ? CM_ERR_NOMEM : e == MP_VAL ? CM_ERR_INVALID
                                                                            : CM_ERR_LIBRARY;
}

static cm_rc bn_create(void **state, const cm_algorithm *alg)
{
    ltm_bn *s = malloc(sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->op = alg->ops[0];
    if (mp_init_multi(&s->m, &s->a, &s->b, &s->r, NULL) != MP_OKAY) {
        free(s);
        return CM_ERR_NOMEM;
    }
    *state = s;
    return CM_OK;
}

/* x = x·R mod m, with norm = R mod m. */
static mp_err to_mont(mp_int *x, const mp_int *norm, const mp_int *m)
{
    return mp_mulmod(x, norm, m, x);
}

static cm_rc bn_load(void *state, const uint8_t *m, const uint8_t *a, const uint8_t *b,
                     size_t len)
{
    ltm_bn *s = state;
    mp_err e;
    if ((e = mp_from_ubin(&s->m, m, len)) != MP_OKAY ||
        (e = mp_from_ubin(&s->a, a, len)) != MP_OKAY ||
        (e = mp_from_ubin(&s->b, b, len)) != MP_OKAY ||
        (e = mp_montgomery_setup(&s->m, &s->rho)) != MP_OKAY)
        return rc_of(e);
    if (s->op == CM_OP_MONTMUL) {
        mp_int norm;
        if ((e = mp_init(&norm)) != MP_OKAY)
            return rc_of(e);
        if ((e = mp_montgomery_calc_normalization(&norm, &s->m)) == MP_OKAY &&
            (e = to_mont(&s->a, &norm, &s->m)) == MP_OKAY)
            e = to_mont(&s->b, &norm, &s->m);
        mp_clear(&norm);
    } else if (s->op == CM_OP_MODSQRT) {
        e = mp_sqrmod(&s->a, &s->m, &s->a);
    }
    return rc_of(e);
}

static cm_rc bn_compute(void *state)
{
    ltm_bn *s = state;
    mp_err e;
    switch (s->op) {
    case CM_OP_MODMUL:
        return rc_of(mp_mulmod(&s->a, &s->b, &s->m, &s->r));
    case CM_OP_MONTMUL:
        if ((e = mp_mul(&s->a, &s->b, &s->r)) != MP_OKAY)
            return rc_of(e);
        return rc_of(mp_montgomery_reduce(&s->r, &s->m, s->rho));
    case CM_OP_MODSQR:
        return rc_of(mp_sqrmod(&s->a, &s->m, &s->r));
    case CM_OP_MODEXP:
        return rc_of(mp_exptmod(&s->a, &s->b, &s->m, &s->r));
    case CM_OP_MODINV:
        return rc_of(mp_invmod(&s->a, &s->m, &s->r));
    case CM_OP_MODSQRT:
        return rc_of(mp_sqrtmod_prime(&s->a, &s->m, &s->r));
    default:
        return CM_ERR_UNSUPPORTED;
    }
}

static cm_rc bn_result(void *state, uint8_t *out, size_t len)
{
    ltm_bn *s = state;
    mp_int v;
    mp_err e = mp_init_copy(&v, &s->r);
    size_t n;
    if (e != MP_OKAY)
        return rc_of(e);
    if (s->op == CM_OP_MONTMUL)
        e = mp_montgomery_reduce(&v, &s->m, s->rho);
    n = mp_ubin_size(&v);
    if (e == MP_OKAY && (mp_isneg(&v) || n > len))
        e = MP_VAL;
    for (size_t i = 0; e == MP_OKAY && i < len - n; i++)
        out[i] = 0;
    if (e == MP_OKAY)
        e = mp_to_ubin(&v, out + len - n, n, NULL);
    mp_clear(&v);
    return rc_of(e);
}

static void bn_destroy(void *state)
{
    ltm_bn *s = state;
    if (!s)
        return;
    mp_clear_multi(&s->m, &s->a, &s->b, &s->r, NULL);
    free(s);
}

static const cm_bignum_vtable ltm_bn_vtable = {bn_create, bn_load, bn_compute, bn_result,
                                               bn_destroy};

static const cm_impl ltm_impls[] = {
    CM_IMPL_BIGNUM("bn-2048-modmul", "default", &ltm_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-montmul", "default", &ltm_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modsqr", "default", &ltm_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modexp", "default", &ltm_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modinv", "default", &ltm_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modsqrt", "default", &ltm_bn_vtable, NULL),
};

/* libtommath has no run-time version call: the version pkg-config
 * reported when this was built. */
static const char *ltm_version(void)
{
    return CM_LTM_VERSION;
}

extern const cm_backend cm_backend_libtommath;
const cm_backend cm_backend_libtommath = {
    .name = "libtommath",
    .description = "libtommath's mp_int: modular arithmetic (the bignum rows)",
    .version = ltm_version,
    .impls = ltm_impls,
    .n_impls = sizeof ltm_impls / sizeof ltm_impls[0],
};
