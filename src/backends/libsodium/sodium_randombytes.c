/*
 * sodium_randombytes.c — libsodium's randombytes_buf as the rng class's
 * "random" (variant randombytes_buf): one call per request, from the
 * library's default implementation (on Linux the getrandom() system call,
 * or /dev/urandom where that is missing), as sodium_init set it up.
 */
#include <sodium.h>
#include "sodium_internal.h"

static cm_rc randombytes_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

static cm_rc randombytes_generate(void *state, uint8_t *out, size_t len)
{
    (void)state;
    randombytes_buf(out, len); /* cannot fail: it aborts the process instead */
    return CM_OK;
}

static void randombytes_destroy(void *state)
{
    (void)state;
}

const cm_rng_vtable sodium_randombytes = {randombytes_create, randombytes_generate, NULL,
                                          randombytes_destroy};
