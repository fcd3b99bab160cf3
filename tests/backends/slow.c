/*
 * slow.c — the test-only backend `slow`: a correct SHA-256 (ref's) that can
 * be made slower on purpose, so that the tests and benchmarks can prove that
 * `cryptometer compare` flags a regression on one backend and on nothing else
 * (tests/python/test_compare_runs.py). Built only with
 * -DCRYPTOMETER_TEST_BACKENDS=ON.
 *
 *   sha256  ref_sha256, computed CRYPTOMETER_TEST_SLOWDOWN times per digest
 *           (an integer from 1 to 100; unset or unreadable: 1, as fast as ref).
 *
 * The digest is the right one whatever the factor, so the known-answer
 * vectors and the cross-check pass and the figure is timed.
 */
#include <stdint.h>
#include <stdlib.h>
#include "cryptometer/backend.h"
#include "impl/ref/sha256.h"

/* The slowdown factor from the environment, read once per keying. */
static int slowdown_factor(void)
{
    const char *text = getenv("CRYPTOMETER_TEST_SLOWDOWN");
    int factor = text ? atoi(text) : 1;
    return factor < 1 ? 1 : (factor > 100 ? 100 : factor);
}

/* The state is the factor itself. */
static cm_rc hash_create(void **state)
{
    *state = (void *)(intptr_t)slowdown_factor();
    return CM_OK;
}

/* SHA-256, computed `factor` times: the same digest, `factor` times slower. */
static cm_rc sha256_slowed(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    int factor = (int)(intptr_t)state;
    for (int i = 0; i < factor; i++)
        ref_sha256(msg, len, out);
    return CM_OK;
}

/* Nothing to free. */
static void hash_destroy(void *state)
{
    (void)state;
}

static const cm_hash_vtable slow_sha256 = {hash_create, sha256_slowed, hash_destroy};

static const cm_impl slow_impls[] = {
    CM_IMPL_HASH("sha256", "repeated", &slow_sha256, NULL),
};

const cm_backend cm_backend_slow = {
    .name = "slow",
    .description = "TEST ONLY: ref's sha256, CRYPTOMETER_TEST_SLOWDOWN times per digest",
    .impls = slow_impls,
    .n_impls = sizeof slow_impls / sizeof slow_impls[0],
    .test_only = 1,
};
