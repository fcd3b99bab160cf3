/*
 * allocs.c — the test-only backend `allocs`: a correct SHA-256 (ref's)
 * that allocates a known pattern per digest, so that the tests can prove
 * that `run --memory` counts allocations exactly
 * (tests/e2e/test_memory.py). Built only with -DCRYPTOMETER_TEST_BACKENDS=ON.
 *
 *   sha256  two malloc(64) per digest, both written and freed before it
 *           returns; nothing allocated at create.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "cryptometer/backend.h"
#include "impl/ref/sha256.h"

static cm_rc hash_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

/* SHA-256 of msg, with two 64-byte blocks allocated, used and freed. */
static cm_rc sha256_allocating(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state;
    uint8_t *a = malloc(64), *b = malloc(64);
    if (!a || !b) {
        free(a);
        free(b);
        return CM_ERR_NOMEM;
    }
    ref_sha256(msg, len, a);
    memcpy(b, a, 32);
    memcpy(out, b, 32);
    free(a);
    free(b);
    return CM_OK;
}

static void hash_destroy(void *state)
{
    (void)state;
}

static const cm_hash_vtable allocs_sha256 = {hash_create, sha256_allocating, hash_destroy};

static const cm_impl allocs_impls[] = {
    CM_IMPL_HASH("sha256", "two64", &allocs_sha256, NULL),
};

const cm_backend cm_backend_allocs = {
    .name = "allocs",
    .description = "TEST ONLY: ref's sha256 with two 64-byte allocations per digest",
    .impls = allocs_impls,
    .n_impls = sizeof allocs_impls / sizeof allocs_impls[0],
    .test_only = 1,
};
