/*
 * test_class_bignum.c — the bignum class module (src/model/class_bignum.c)
 * driven by a counting fake table, and the real libraries of the build on
 * the embedded vectors:
 *
 *   bench_open gives create() the algorithm and load() the RFC 3526
 *   MODP-2048 prime (data/bignum_moduli.json) with operands below it (a odd,
 *   modexp's exponent of exactly 2048 bits), calling nothing else; the
 *   workload calls compute() N times and nothing else; the overhead
 *   workload calls none of the fake's functions; close calls destroy once;
 *   figures are per operation, on a 512-byte message (two numbers);
 *
 *   cross_one accepts two fakes that agree and names the byte where an odd
 *   one differs; for modsqrt it accepts a root a or m - a from either side
 *   and refuses a number that is neither;
 *
 *   builtin_case passes an entry with the fake's answer, fails one with
 *   another answer, refuses a malformed one;
 *
 *   every available bignum implementation of the build passes
 *   vectors/bignum/bn2048.json (cm_kat_vectors).
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "check.h"
#include "model/class.h"
#include "check/kat.h"
#include "registry/registry.h"
#include "measure/workload.h"

#define N 256 /* bytes of a 2048-bit number */
#define FLIP_AT 3
#define ITERS 29

enum fn { F_CREATE, F_LOAD, F_COMPUTE, F_RESULT, F_DESTROY, F_COUNT };
static unsigned long calls[F_COUNT];

/* What the fakes answer: the operand a (a right root for modsqrt; for the
 * others a stand-in both fakes agree on), m - a (the other root), or a
 * with byte FLIP_AT changed (neither). */
enum answer { ANSWER_A, ANSWER_NEG, ANSWER_ODD };

typedef struct fake {
    enum answer answer;
    const cm_algorithm *alg;
    uint8_t m[N], a[N], b[N];
} fake;

static fake last_loaded; /* a copy of what the last load() received */

static void reset_calls(void)
{
    memset(calls, 0, sizeof calls);
}

static unsigned long all_calls(void)
{
    unsigned long n = 0;
    for (int i = 0; i < F_COUNT; i++)
        n += calls[i];
    return n;
}

static cm_rc fake_new(void **state, const cm_algorithm *alg, enum answer answer)
{
    fake *f = calloc(1, sizeof *f);
    calls[F_CREATE]++;
    if (!f)
        return CM_ERR_NOMEM;
    f->answer = answer;
    f->alg = alg;
    *state = f;
    return CM_OK;
}
static cm_rc create_a(void **state, const cm_algorithm *alg)
{
    return fake_new(state, alg, ANSWER_A);
}
static cm_rc create_neg(void **state, const cm_algorithm *alg)
{
    return fake_new(state, alg, ANSWER_NEG);
}
static cm_rc create_odd(void **state, const cm_algorithm *alg)
{
    return fake_new(state, alg, ANSWER_ODD);
}

static cm_rc fake_load(void *state, const uint8_t *m, const uint8_t *a, const uint8_t *b,
                       size_t len)
{
    fake *f = state;
    calls[F_LOAD]++;
    if (len != N)
        return CM_ERR_INVALID;
    memcpy(f->m, m, N);
    memcpy(f->a, a, N);
    memcpy(f->b, b, N);
    last_loaded = *f;
    return CM_OK;
}

static cm_rc fake_compute(void *state)
{
    (void)state;
    calls[F_COMPUTE]++;
    return CM_OK;
}

static cm_rc fake_result(void *state, uint8_t *out, size_t len)
{
    fake *f = state;
    calls[F_RESULT]++;
    if (len != N)
        return CM_ERR_INVALID;
    memcpy(out, f->a, N);
    if (f->answer == ANSWER_ODD)
        out[FLIP_AT] ^= 0x40;
    if (f->answer == ANSWER_NEG) { /* m - a */
        int borrow = 0;
        for (size_t i = N; i-- > 0;) {
            int d = f->m[i] - f->a[i] - borrow;
            borrow = d < 0;
            out[i] = (uint8_t)(d + (borrow ? 256 : 0));
        }
    }
    return CM_OK;
}

static void fake_destroy(void *state)
{
    calls[F_DESTROY]++;
    free(state);
}

static const cm_bignum_vtable vt_a = {create_a, fake_load, fake_compute, fake_result,
                                      fake_destroy};
static const cm_bignum_vtable vt_neg = {create_neg, fake_load, fake_compute, fake_result,
                                        fake_destroy};
static const cm_bignum_vtable vt_odd = {create_odd, fake_load, fake_compute, fake_result,
                                        fake_destroy};

static const char *const bn_algs[] = {"bn-2048-modmul", "bn-2048-montmul", "bn-2048-modsqr",
                                      "bn-2048-modexp", "bn-2048-modinv", "bn-2048-modsqrt"};
#define N_ALGS (sizeof bn_algs / sizeof bn_algs[0])

/* ---- measuring ---------------------------------------------------------------------- */

static void test_measuring(void)
{
    static const uint8_t p_head[] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xc9, 0x0f};
    const cm_class_module *m = cm_class_module_of(CM_CLASS_BIGNUM);
    CHECK(m && m->unit == CM_UNIT_OP && strcmp(m->name, "bignum") == 0);
    for (size_t k = 0; k < N_ALGS; k++) {
        const cm_algorithm *alg = cm_algorithm_find(bn_algs[k]);
        CHECK(alg && alg->cls == CM_CLASS_BIGNUM && alg->n_ops == 1);
        if (!alg)
            continue;
        cm_impl impl = CM_IMPL_BIGNUM(bn_algs[k], "fake", &vt_a, NULL);
        cm_bench b, scratch;
        cm_error err = {0};
        CHECK(cm_bench_message_len(alg, 4096) == 2 * N);
        reset_calls();
        int opened = cm_bench_open(&b, &impl, alg->ops[0], cm_bench_message_len(alg, 64), &err) == 0;
        CHECK(opened);
        if (!opened) {
            fprintf(stderr, "  %s: %s\n", bn_algs[k], err.msg);
            continue;
        }
        CHECK(calls[F_CREATE] == 1 && calls[F_LOAD] == 1 && all_calls() == 2);
        /* the modulus is RFC 3526's prime; a, b fit below it */
        CHECK(memcmp(last_loaded.m, p_head, sizeof p_head) == 0 && last_loaded.m[N - 1] == 0xff);
        CHECK(last_loaded.alg == alg);
        CHECK(last_loaded.a[0] < 0x80 && (last_loaded.a[N - 1] & 1));
        if (alg->ops[0] == CM_OP_MODEXP)
            CHECK((last_loaded.b[0] & 0xc0) == 0x80);
        else
            CHECK(last_loaded.b[0] < 0x80);

        reset_calls();
        cm_workload w = cm_bench_workload(&b);
        CHECK(w.run(w.ctx, ITERS) == 0);
        CHECK(calls[F_COMPUTE] == ITERS && all_calls() == ITERS);
        reset_calls();
        w = cm_bench_overhead(&b, &scratch);
        CHECK(w.run(w.ctx, ITERS) == 0);
        CHECK(all_calls() == 0);
        reset_calls();
        cm_bench_close(&b);
        CHECK(calls[F_DESTROY] == 1 && all_calls() == 1);
    }
}

/* ---- cross-check -------------------------------------------------------------------- */

/* cross_one of the algorithm's module on 1000 deterministic bytes. */
static int cross(const char *alg_name, const cm_bignum_vtable *a, const cm_bignum_vtable *b,
                 char *detail, size_t detail_len)
{
    const cm_algorithm *alg = cm_algorithm_find(alg_name);
    cm_impl ia = CM_IMPL_BIGNUM(alg_name, "fake", a, NULL);
    cm_impl ib = CM_IMPL_BIGNUM(alg_name, "peer", b, NULL);
    enum { SIZE = 1000 };
    static uint8_t msg[SIZE + 1], out[6][CM_BENCH_MAX_OUT + 1];
    uint8_t key[CM_BENCH_MAX_KEY] = {0}, iv[CM_BENCH_MAX_IV] = {0}, aad[CM_AEAD_AAD_LEN] = {0};
    for (size_t i = 0; i < SIZE; i++)
        msg[i] = (uint8_t)(i * 5 + 7);
    detail[0] = '\0';
    cm_cross_case c = {alg, &ia, &ib, "peer:fake", SIZE, 0x1234, key, iv, aad, msg, 0,
                       out[0], out[1], out[2], out[3], out[4], out[5], detail, detail_len,
                       NULL, 0};
    return cm_class_of(alg)->cross_one(&c);
}

static void test_cross(void)
{
    char detail[384];
    for (size_t k = 0; k < N_ALGS; k++) {
        int sqrt = strcmp(bn_algs[k], "bn-2048-modsqrt") == 0;
        CHECK(cross(bn_algs[k], &vt_a, &vt_a, detail, sizeof detail));
        CHECK(!cross(bn_algs[k], &vt_a, &vt_odd, detail, sizeof detail));
        if (sqrt) {
            CHECK_CONTAINS(detail, "is neither a nor m - a");
            CHECK_CONTAINS(detail, "peer:fake");
            /* either root is right, on either side */
            CHECK(cross(bn_algs[k], &vt_a, &vt_neg, detail, sizeof detail));
            CHECK(cross(bn_algs[k], &vt_neg, &vt_a, detail, sizeof detail));
            CHECK(!cross(bn_algs[k], &vt_odd, &vt_a, detail, sizeof detail));
            CHECK_CONTAINS(detail, "this implementation");
        } else {
            CHECK_CONTAINS(detail, "differs from peer:fake at byte 3 of 256");
            CHECK(!cross(bn_algs[k], &vt_a, &vt_neg, detail, sizeof detail));
        }
        CHECK_CONTAINS(detail, "seed 0x0000000000001234");
    }
}

/* ---- cryptometer-kat-v1 entries ------------------------------------------------------- */

static char *hex(const uint8_t *p, size_t n)
{
    char *s = malloc(2 * n + 1);
    for (size_t i = 0; i < n; i++)
        snprintf(s + 2 * i, 3, "%02x", p[i]);
    return s;
}

/* builtin_case of alg against the fake vt on (m, a, result); the report in
 * *rep; returns the hook's value. */
static int kat_case(const char *alg_name, const cm_bignum_vtable *vt, const uint8_t *m,
                    const uint8_t *a, const uint8_t *result, cm_kat_report *rep)
{
    const cm_algorithm *alg = cm_algorithm_find(alg_name);
    cm_impl impl = CM_IMPL_BIGNUM(alg_name, "fake", vt, NULL);
    char *hm = hex(m, N), *ha = hex(a, N), *hr = hex(result, N), why[160];
    json_t *t = json_pack("{s:i, s:s, s:s, s:s, s:s}", "id", 1, "algorithm", alg_name, "m", hm,
                          "a", ha, "result", hr);
    cm_kat_report_init(rep);
    int rc = cm_class_of(alg)->builtin_case(&impl, alg, t, "bn.json id 1", rep, why, sizeof why);
    json_decref(t);
    free(hm);
    free(ha);
    free(hr);
    return rc;
}

static void test_builtin(void)
{
    uint8_t m[N], a[N], other[N];
    memset(m, 0xff, N);
    for (size_t i = 0; i < N; i++)
        a[i] = (uint8_t)(i + 1);
    memcpy(other, a, N);
    other[N - 1] ^= 2;
    cm_kat_report rep;
    CHECK(kat_case("bn-2048-modmul", &vt_a, m, a, a, &rep) == 0 && rep.passed == 1 &&
          rep.failed == 0);
    CHECK(kat_case("bn-2048-modmul", &vt_a, m, a, other, &rep) == 0 && rep.failed == 1);
    CHECK(kat_case("bn-2048-modmul", &vt_neg, m, a, a, &rep) == 0 && rep.failed == 1);
    /* modsqrt: the other root passes too */
    CHECK(kat_case("bn-2048-modsqrt", &vt_neg, m, a, a, &rep) == 0 && rep.passed == 1);
    CHECK(kat_case("bn-2048-modsqrt", &vt_odd, m, a, a, &rep) == 0 && rep.failed == 1);
    /* malformed: a short "a" */
    const cm_algorithm *alg = cm_algorithm_find("bn-2048-modmul");
    cm_impl impl = CM_IMPL_BIGNUM("bn-2048-modmul", "fake", &vt_a, NULL);
    json_t *t = json_pack("{s:s, s:s, s:s}", "m", "ff", "a", "01", "result", "01");
    char why[160] = "";
    cm_kat_report_init(&rep);
    CHECK(cm_class_of(alg)->builtin_case(&impl, alg, t, "bad", &rep, why, sizeof why) == -1);
    CHECK_CONTAINS(why, "hex of 256 bytes");
    json_decref(t);
}

/* ---- the libraries of this build ---------------------------------------------------- */

static void test_real(void)
{
    size_t run = 0;
    for (size_t i = 0; i < cm_registry_count(); i++) {
        const cm_backend *be = cm_registry_backend(i);
        size_t n;
        const cm_impl *impls = cm_backend_impls(be, &n);
        for (size_t k = 0; k < n; k++) {
            const cm_algorithm *alg = cm_algorithm_find(impls[k].algorithm);
            if (!alg || alg->cls != CM_CLASS_BIGNUM || !impls[k].vt.any || be->test_only)
                continue;
            cm_kat_report rep;
            cm_kat_report_init(&rep);
            int ok = cm_kat_vectors(&impls[k], alg, &rep);
            CHECK(ok && rep.passed == 4 && rep.failed == 0);
            if (!ok || rep.passed != 4)
                fprintf(stderr, "  %s/%s: %s\n", be->name, impls[k].algorithm, rep.failure);
            run++;
        }
    }
    if (run == 0)
        check_skip("the real libraries", "no library of this build has a bignum row");
    else
        printf("  %zu bignum implementations passed vectors/bignum/bn2048.json\n", run);
}

int main(void)
{
    test_measuring();
    test_cross();
    test_builtin();
    test_real();
    return check_done("test_class_bignum");
}
