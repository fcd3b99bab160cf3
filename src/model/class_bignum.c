/*
 * class_bignum.c — the bignum class (primitive.h, cm_bignum_vtable): one
 * modular operation on numbers of the algorithm's "bits" per call (modmul,
 * montmul, modsqr, modexp, modinv, modsqrt), figures per operation.
 *
 * The modulus is the algorithm's "modulus", a row of data/bignum_moduli.json
 * (a published prime, written and checked by vectors/bignum/make_bn2048.py).
 * The operands a and b are bytes of the bench's deterministic input (or of
 * the cross-check's random input) made to fit: a has its top bit cleared
 * and its low bit set (1 <= a < m), b its top bit cleared, except for
 * modexp, whose exponent b has exactly the modulus's bit length (top bits
 * 10): the moduli all have their top two bits set, so a, b < m. The
 * cross-check gives both sides the same operands and compares the results
 * (modsqrt: each must be a or m - a, either root being right); the
 * cryptometer-kat-v1 entries of vectors/bignum/bn2048.json give m, a, b
 * and the result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"
#include "util/embedded.h"

#define BN_MAX_BYTES 512 /* the longest modulus the class takes (4096 bits) */

/* ---- operands ------------------------------------------------------------------ */

/* The bytes of alg's numbers ("bits" / 8), 0 when the row has none. */
static size_t bn_len(const cm_algorithm *alg)
{
    const char *bits = cm_algorithm_param(alg, "bits");
    size_t n = bits ? (size_t)strtoul(bits, NULL, 10) / 8 : 0;
    return n <= BN_MAX_BYTES ? n : 0;
}

/* Decodes n bytes of hex into out: 0, or -1. */
static int unhex(const char *hex, uint8_t *out, size_t n)
{
    if (!hex || strlen(hex) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return 0;
}

/* The modulus of alg (its "modulus" in data/bignum_moduli.json) into m,
 * bn_len(alg) bytes: 0, or -1 with why. It must be odd, of the length, with
 * its top two bits set (what the operands rely on). */
static int modulus(const cm_algorithm *alg, uint8_t *m, char *why, size_t why_len)
{
    const char *name = cm_algorithm_param(alg, "modulus");
    const cm_embedded_file *f = cm_embedded_find("data/bignum_moduli.json");
    size_t n = bn_len(alg);
    json_t *doc = f ? json_loadb((const char *)f->data, f->len, 0, NULL) : NULL;
    const json_t *row = json_object_get(json_object_get(doc, "moduli"), name ? name : "");
    int ok = n && row && unhex(json_string_value(json_object_get(row, "hex")), m, n) == 0 &&
             (m[0] & 0xc0) == 0xc0 && (m[n - 1] & 1);
    json_decref(doc);
    if (!ok)
        snprintf(why, why_len, "%s: modulus \"%s\" is not an odd %zu-bit number with its top "
                 "two bits set in data/bignum_moduli.json", alg->name, name ? name : "", n * 8);
    return ok ? 0 : -1;
}

/* a and b (n bytes each) from 2n bytes of src, as the file's comment says. */
static void operands(const cm_algorithm *alg, const uint8_t *src, uint8_t *a, uint8_t *b,
                     size_t n)
{
    memcpy(a, src, n);
    memcpy(b, src + n, n);
    a[0] &= 0x7f;
    a[n - 1] |= 1;
    if (alg->ops[0] == CM_OP_MODEXP)
        b[0] = (uint8_t)(0x80 | (b[0] & 0x3f));
    else
        b[0] &= 0x7f;
}

/* out = m - x, n bytes big-endian (x <= m). */
static void sub_from(uint8_t *out, const uint8_t *m, const uint8_t *x, size_t n)
{
    int borrow = 0;
    for (size_t i = n; i-- > 0;) {
        int d = m[i] - x[i] - borrow;
        borrow = d < 0;
        out[i] = (uint8_t)(d + (borrow ? 256 : 0));
    }
}

/* 1 when r is a square root of root^2 mod m: r == root or r == m - root. */
static int is_root(const uint8_t *r, const uint8_t *root, const uint8_t *m, size_t n)
{
    uint8_t neg[BN_MAX_BYTES];
    sub_from(neg, m, root, n);
    return memcmp(r, root, n) == 0 || memcmp(r, neg, n) == 0;
}

/* One whole operation through vt: create, load, compute, result into out
 * (n bytes). CM_OK, or the failing call's code with *step naming it. */
static cm_rc run_once(const cm_bignum_vtable *vt, const cm_algorithm *alg, const uint8_t *m,
                      const uint8_t *a, const uint8_t *b, size_t n, uint8_t *out,
                      const char **step)
{
    void *st = NULL;
    cm_rc rc;
    if ((*step = "create", rc = vt->create(&st, alg)) == CM_OK &&
        (*step = "load", rc = vt->load(st, m, a, b, n)) == CM_OK &&
        (*step = "compute", rc = vt->compute(st)) == CM_OK)
        *step = "result", rc = vt->result(st, out, n);
    if (st)
        vt->destroy(st);
    return rc;
}

/* ---- measuring ---------------------------------------------------------------- */

/* The message is a then b (the row's message_bytes, 2 * bits / 8). */
static int bench_open(cm_bench *b, cm_error *err)
{
    uint8_t m[BN_MAX_BYTES], x[BN_MAX_BYTES], y[BN_MAX_BYTES];
    size_t n = bn_len(b->alg);
    char why[192];
    if (n == 0 || b->size < 2 * n)
        return cm_error_set(err, CM_EXIT_FAILURES, "%s: no \"bits\" or a message shorter than "
                            "two numbers", b->alg->name);
    if (modulus(b->alg, m, why, sizeof why) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s", why);
    operands(b->alg, b->in, x, y, n);
    const char *step = "create";
    cm_rc rc = b->vt.bignum->create(&b->state, b->alg);
    if (rc == CM_OK)
        step = "load", rc = b->vt.bignum->load(b->state, m, x, y, n);
    return rc == CM_OK ? 0 : cm_error_set(err, CM_EXIT_FAILURES, "%s returned %s", step,
                                          kat_rc_name(rc));
}

CM_TIMED_LOOP(run_compute, b->vt.bignum->compute(b->state))

CM_BENCH_CLOSE(bignum)

static const cm_bignum_vtable nop = {NULL, NULL, cm_nop_state, NULL, NULL};

/* ---- checking ----------------------------------------------------------------- */

/* Both sides on operands from windows of c's random message (as many as
 * fit, 163 bytes apart): the same result, or for modsqrt each a root. */
static int cross_one(cm_cross_case *c)
{
    uint8_t m[BN_MAX_BYTES], a[BN_MAX_BYTES], b[BN_MAX_BYTES];
    size_t n = bn_len(c->alg);
    const char *step;
    cm_rc rc;
    if (n == 0 || c->size < 2 * n) {
        snprintf(c->detail, c->detail_len, "%s: a %zu-byte message holds no two numbers",
                 c->alg->name, c->size);
        return 0;
    }
    if (modulus(c->alg, m, c->detail, c->detail_len) != 0)
        return 0;
    for (size_t off = 0; off + 2 * n <= c->size; off += 163) {
        operands(c->alg, c->msg + off, a, b, n);
        if ((rc = run_once(c->impl->vt.bignum, c->alg, m, a, b, n, c->out_a, &step)) != CM_OK)
            return kat_cross_failed(c, NULL, step, rc);
        if ((rc = run_once(c->peer->vt.bignum, c->alg, m, a, b, n, c->out_b, &step)) != CM_OK)
            return kat_cross_failed(c, c->peer_name, step, rc);
        if (c->alg->ops[0] != CM_OP_MODSQRT) {
            if (!kat_cross_same(c, "the result", c->peer_name, c->out_a, c->out_b, n))
                return 0;
        } else if (!is_root(c->out_a, a, m, n) || !is_root(c->out_b, a, m, n)) {
            snprintf(c->detail, c->detail_len, "%s: the square root of a^2 mod m is neither a "
                     "nor m - a (operands at byte %zu of the message, seed 0x%016llx)",
                     is_root(c->out_a, a, m, n) ? c->peer_name : "this implementation", off,
                     (unsigned long long)c->seed);
            return 0;
        }
    }
    return 1;
}

/* A cryptometer-kat-v1 entry: "m", "a", "b" (absent when the operation
 * has none) and "result" (modsqrt: the root a, or m - a, is right). */
static int builtin_case(const cm_impl *impl, const cm_algorithm *alg, const json_t *test,
                        const char *label, cm_kat_report *rep, char *why, size_t why_len)
{
    uint8_t m[BN_MAX_BYTES], a[BN_MAX_BYTES], b[BN_MAX_BYTES] = {0}, want[BN_MAX_BYTES],
        out[BN_MAX_BYTES];
    size_t n = bn_len(alg);
    const char *step;
    const json_t *bf = json_object_get(test, "b");
    if (n == 0 || unhex(json_string_value(json_object_get(test, "m")), m, n) != 0 ||
        unhex(json_string_value(json_object_get(test, "a")), a, n) != 0 ||
        (bf && unhex(json_string_value(bf), b, n) != 0) ||
        unhex(json_string_value(json_object_get(test, "result")), want, n) != 0) {
        snprintf(why, why_len, "\"m\", \"a\", \"result\" (and \"b\" if given) must be hex of "
                 "%zu bytes", n);
        return -1;
    }
    cm_rc rc = run_once(impl->vt.bignum, alg, m, a, b, n, out, &step);
    if (rc != CM_OK)
        kat_fail(rep, "%s: %s returned %s", label, step, kat_rc_name(rc));
    else if (alg->ops[0] == CM_OP_MODSQRT && is_root(out, want, m, n))
        kat_pass(rep);
    else if (kat_expect(rep, label, alg->ops[0] == CM_OP_MODSQRT ? "the root (or m - it)"
                                                                 : "the result",
                        out, n, want, n))
        kat_pass(rep);
    return 0;
}

const cm_class_module cm_class_bignum = {
    CM_CLASS_BASICS(CM_CLASS_BIGNUM, "bignum", CM_UNIT_OP, bignum, cross_one),
    .loops = {[CM_OP_MODMUL] = run_compute, [CM_OP_MONTMUL] = run_compute,
              [CM_OP_MODSQR] = run_compute, [CM_OP_MODEXP] = run_compute,
              [CM_OP_MODINV] = run_compute, [CM_OP_MODSQRT] = run_compute},
    .cross_how = "; both computed on the same operands and gave the same number (modsqrt: each "
                 "a root, a or m - a)",
    .cross_lengths = 1, /* numbers of the row's length, not messages: one call */
    .builtin_case = builtin_case,
};
