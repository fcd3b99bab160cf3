/*
 * badrng.c — the test-only backend `badrng`: random sources that are
 * broken on purpose, so that the tests can prove the rng class's
 * self-check (src/model/class_rng.c) fails them and they are never timed.
 * Built only with -DCRYPTOMETER_TEST_BACKENDS=ON.
 *
 *   zeros    every byte 0;
 *   repeat   the same pseudo-random bytes on every request (a reseeded PRNG);
 *   biased   bytes with about 5/8 of their bits set (a stuck line).
 */
#include <stdint.h>
#include <string.h>
#include "cryptometer/backend.h"

static cm_rc none_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

static void none_destroy(void *state)
{
    (void)state;
}

static cm_rc zeros_generate(void *state, uint8_t *out, size_t len)
{
    (void)state;
    memset(out, 0, len);
    return CM_OK;
}

/* xorshift64 from a fixed seed: good-looking bits, the same every call. */
static cm_rc repeat_generate(void *state, uint8_t *out, size_t len)
{
    (void)state;
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        out[i] = (uint8_t)(x >> 32);
    }
    return CM_OK;
}

/* Fresh xorshift64 bits OR'ed with a second draw on every other bit pair:
 * each byte has each odd bit set with probability 3/4. */
static cm_rc biased_generate(void *state, uint8_t *out, size_t len)
{
    static uint64_t x = 0x2545f4914f6cdd1dULL;
    (void)state;
    for (size_t i = 0; i < len; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        out[i] = (uint8_t)((x >> 24) | ((x >> 40) & 0xaa));
    }
    return CM_OK;
}

static const cm_rng_vtable zeros_vt = {none_create, zeros_generate, NULL, none_destroy};
static const cm_rng_vtable repeat_vt = {none_create, repeat_generate, NULL, none_destroy};
static const cm_rng_vtable biased_vt = {none_create, biased_generate, NULL, none_destroy};

static const cm_impl impls[] = {
    CM_IMPL_RNG("random", "zeros", &zeros_vt, NULL),
    CM_IMPL_RNG("random", "repeat", &repeat_vt, NULL),
    CM_IMPL_RNG("random", "biased", &biased_vt, NULL),
};

extern const cm_backend cm_backend_badrng;
const cm_backend cm_backend_badrng = {
    .name = "badrng",
    .description = "test-only: broken random sources (zeros, repeated, biased)",
    .impls = impls,
    .n_impls = sizeof impls / sizeof impls[0],
    .test_only = 1,
};
