/*
 * openssl_rand.c — OpenSSL's RAND_bytes as the rng class's "random"
 * (variant rand_bytes): one RAND_bytes() call per request, from the
 * default (public) DRBG of the library, seeded by OpenSSL itself.
 */
#include <openssl/rand.h>
#include "openssl_internal.h"

static cm_rc rand_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

static cm_rc rand_generate(void *state, uint8_t *out, size_t len)
{
    (void)state;
    if (len > 0x7fffffff)
        return CM_ERR_UNSUPPORTED;
    return RAND_bytes(out, (int)len) == 1 ? CM_OK : ossl_fail(CM_ERR_LIBRARY);
}

static void rand_destroy(void *state)
{
    (void)state;
}

const cm_rng_vtable ossl_rand_vtable = {rand_create, rand_generate, NULL, rand_destroy};
