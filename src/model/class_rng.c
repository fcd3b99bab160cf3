/*
 * class_rng.c — the rng class (primitive.h, cm_rng_vtable): one request of
 * size random bytes per operation, figures per byte (--sizes are request
 * sizes).
 *
 * There are no known answers for a random source and two sources never
 * give the same bytes, so there is no cross-check (no_peer). What runs
 * instead, at each size of the cross-check, is a self-check that catches a
 * broken source, not a weak one:
 *   - a request of that size succeeds (0 bytes included);
 *   - two requests of that size, but at least CMP_MIN (16) bytes, differ
 *     and neither is all zeros (a working source fails this with
 *     probability about 2^-127); from CMP_MIN bytes up, the first of them
 *     is the request of that size;
 *   - the monobit test of NIST SP 800-22 (section 2.1) on SELF_SAMPLE
 *     bytes drawn in requests of that size: p = erfc(|S_n| / sqrt(2n)) must
 *     be at least SELF_P_MIN (a working source fails with probability
 *     SELF_P_MIN per sample; a share of ones more than about 2% off half
 *     fails).
 * Passing proves that the source answers and is not stuck or grossly
 * biased. It proves nothing about unpredictability: a counter run through
 * a hash, or a seeded PRNG with a known seed, passes it. A failure is
 * reported as a failed check (the KAT column), never as a pass; success
 * leaves the KAT status "none" because no vectors exist.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

/* bytes per monobit test: 16384 bits. Not more: the check runs at about 9 request
 * sizes, and a virtio-rng gives about 8 kB/s (its self-check took 15 s at 8 KiB) */
#define SELF_SAMPLE 2048
#define SELF_P_MIN 1e-6
#define CMP_MIN 16 /* bytes of the two requests compared, at least */

/* ---- measuring ---------------------------------------------------------------- */

static int bench_open(cm_bench *b, cm_error *err)
{
    return cm_bench_created(b->vt.rng->create(&b->state), err);
}

CM_TIMED_LOOP_WITH(run_generate, const cm_rng_vtable *vt = b->vt.rng;, ,
                   vt->generate(b->state, b->out, b->size))

CM_BENCH_CLOSE(rng)

static cm_rc nop_generate(void *s, uint8_t *o, size_t l)
{
    (void)s, (void)o, (void)l;
    return CM_OK;
}
static const cm_rng_vtable nop = {NULL, nop_generate, NULL, NULL};

/* ---- checking ----------------------------------------------------------------- */

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

/* The monobit p-value of n bytes (SP 800-22 2.1). */
static double monobit_p(const uint8_t *p, size_t n)
{
    long long ones = 0;
    for (size_t i = 0; i < n; i++)
        ones += __builtin_popcount(p[i]);
    double bits = 8.0 * (double)n, s = 2.0 * (double)ones - bits;
    return erfc(fabs(s) / sqrt(2.0 * bits));
}

/* Fills sample (SELF_SAMPLE bytes) in requests of at most size bytes. */
static cm_rc fill_sample(const cm_rng_vtable *vt, void *st, uint8_t *sample, size_t size)
{
    size_t step = size == 0 ? 1 : size;
    for (size_t at = 0; at < SELF_SAMPLE; at += step) {
        size_t n = SELF_SAMPLE - at < step ? SELF_SAMPLE - at : step;
        cm_rc rc = vt->generate(st, sample + at, n);
        if (rc != CM_OK)
            return rc;
    }
    return CM_OK;
}

/* The self-check of the file comment at c->size; on success, the retry
 * rate of an instruction source as a note in c->detail. */
static int self_one(cm_cross_case *c)
{
    const cm_rng_vtable *vt = c->impl->vt.rng;
    void *st = NULL;
    uint8_t *sample = malloc(SELF_SAMPLE);
    cm_rc rc;
    int ok = 0;
    if (!sample) {
        snprintf(c->detail, c->detail_len, "out of memory");
        return 0;
    }
    if ((rc = vt->create(&st)) != CM_OK) {
        free(sample);
        return kat_cross_failed(c, NULL, "create", rc);
    }
    size_t two = c->size > CMP_MIN ? c->size : CMP_MIN; /* buffers hold >= 1025 bytes */
    if (c->size < two && (rc = vt->generate(st, c->out_a, c->size)) != CM_OK)
        kat_cross_failed(c, NULL, "generate", rc);
    else if ((rc = vt->generate(st, c->out_a, two)) != CM_OK ||
             (rc = vt->generate(st, c->out_b, two)) != CM_OK)
        kat_cross_failed(c, NULL, "generate", rc);
    else if (all_zero(c->out_a, two) || all_zero(c->out_b, two))
        snprintf(c->detail, c->detail_len, "%zu-byte request: all zeros", two);
    else if (memcmp(c->out_a, c->out_b, two) == 0)
        snprintf(c->detail, c->detail_len, "%zu-byte requests: two in a row are equal", two);
    else if ((rc = fill_sample(vt, st, sample, c->size)) != CM_OK)
        kat_cross_failed(c, NULL, "generate", rc);
    else {
        double p = monobit_p(sample, SELF_SAMPLE);
        ok = p >= SELF_P_MIN;
        if (!ok)
            snprintf(c->detail, c->detail_len, "monobit test (SP 800-22 2.1) of %d bytes in "
                     "%zu-byte requests: p = %.3g < %g", SELF_SAMPLE, c->size ? c->size : 1, p,
                     SELF_P_MIN);
    }
    if (ok && vt->retries) {
        uint64_t attempts = 0, failures = 0;
        vt->retries(st, &attempts, &failures);
        snprintf(c->detail, c->detail_len, "retries: %llu of %llu instructions returned no value "
                 "(%.4f%%)", (unsigned long long)failures, (unsigned long long)attempts,
                 attempts ? 100.0 * (double)failures / (double)attempts : 0.0);
    }
    vt->destroy(st);
    free(sample);
    return ok;
}

const cm_class_module cm_class_rng = {
    CM_CLASS_BASICS(CM_CLASS_RNG, "rng", CM_UNIT_BYTE, rng, NULL),
    .loops = {[CM_OP_GENERATE] = run_generate},
    .self_one = self_one,
    .self_name = "a self-check (requests succeed, differ, are not all zeros; SP 800-22 monobit "
                 "p >= 1e-6 on 2 KiB)",
    .no_peer = "random bytes have no known answers and no two sources agree",
};
