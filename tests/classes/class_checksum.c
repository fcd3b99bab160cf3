/*
 * class_checksum.c — the test-only checksum class (primitive.h,
 * cm_checksum_vtable): a keyless 32-bit sum of a whole message per
 * operation, figures per byte. It exists to prove that a class is added by
 * following docs/adding-a-class.md, and is built only with
 * -DCRYPTOMETER_TEST_BACKENDS=ON (CM_TEST_CLASSES). Checked against a
 * peer's sum; it has no vector files.
 */
#include <stdio.h>
#include <string.h>
#include "model/class.h"
#include "model/kat_case.h"

/* ---- measuring ---------------------------------------------------------------- */

static int bench_open(cm_bench *b, cm_error *err)
{
    cm_rc rc = b->vt.checksum->create(&b->state);
    return rc == CM_OK ? 0 : cm_error_set(err, CM_EXIT_FAILURES, "create() returned %s", kat_rc_name(rc));
}

static int run_sum(void *ctx, uint64_t iters)
{
    cm_bench *b = ctx;
    uint32_t sum;
    for (uint64_t i = 0; i < iters; i++)
        if (b->vt.checksum->sum(b->state, b->in, b->size, &sum) != CM_OK)
            return 1;
    return 0;
}

static void bench_close(cm_bench *b)
{
    if (b->state)
        b->vt.checksum->destroy(b->state);
}

static cm_rc nop_sum(void *s, const uint8_t *m, size_t l, uint32_t *o)
{
    (void)s, (void)m, (void)l, (void)o;
    return CM_OK;
}
static const cm_checksum_vtable nop = {NULL, nop_sum, NULL};

/* ---- checking ----------------------------------------------------------------- */

static int cross_one(cm_cross_case *c)
{
    const cm_checksum_vtable *va = c->impl->vt.checksum, *vb = c->peer->vt.checksum;
    void *sa = NULL, *sb = NULL;
    uint32_t a = 0, b = 0;
    int ok = 0;
    cm_rc ra, rb;
    if ((ra = va->create(&sa)) != CM_OK)
        return kat_cross_failed(c, NULL, "create", ra);
    if ((rb = vb->create(&sb)) != CM_OK) {
        va->destroy(sa);
        return kat_cross_failed(c, c->peer_name, "create", rb);
    }
    if ((ra = va->sum(sa, c->msg, c->size, &a)) != CM_OK)
        kat_cross_failed(c, NULL, "sum", ra);
    else if ((rb = vb->sum(sb, c->msg, c->size, &b)) != CM_OK)
        kat_cross_failed(c, c->peer_name, "sum", rb);
    else
        ok = kat_cross_same(c, "sum", c->peer_name, (const uint8_t *)&a, (const uint8_t *)&b,
                            sizeof a);
    va->destroy(sa);
    vb->destroy(sb);
    return ok;
}

const cm_class_module cm_class_checksum = {
    .cls = CM_CLASS_CHECKSUM,
    .name = "checksum",
    .unit = CM_UNIT_BYTE,
    .bench_open = bench_open,
    .loops = {[CM_OP_SUM] = run_sum},
    .nop = {.checksum = &nop},
    .bench_close = bench_close,
    .cross_one = cross_one,
    .cross_how = "",
};
