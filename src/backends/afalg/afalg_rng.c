/*
 * afalg_rng.c — the kernel's random number generators through an AF_ALG
 * "rng" socket (libkcapi): the rng class's "random" bound to "stdrng" (the
 * kernel picks the DRBG by priority) or to one driver. A new handle is
 * seeded once, as the kernel requires before the first read: the SP 800-90A
 * DRBG seeds itself from the kernel's noise sources (seed size 0); a
 * generator that wants a seed gets one from getrandom(). One request is
 * read() calls until it is filled (the kernel gives at most 128 bytes per
 * call from algif_rng).
 */
#include <stdlib.h>
#include <sys/random.h>
#include <kcapi.h>
#include "afalg_internal.h"

#define SEED_MAX 512 /* bytes: far above any seed size /proc/crypto shows */

cm_rc afalg_rng_create(const afalg_binding *b, void **state)
{
    struct kcapi_handle *h = NULL;
    uint8_t seed[SEED_MAX];
    if (kcapi_rng_init(&h, b->name, 0) != 0)
        return CM_ERR_LIBRARY;
    uint32_t n = kcapi_rng_seedsize(h);
    if (n > SEED_MAX || (n && getrandom(seed, n, 0) != (ssize_t)n) ||
        kcapi_rng_seed(h, n ? seed : NULL, n) != 0) {
        kcapi_rng_destroy(h);
        return CM_ERR_LIBRARY;
    }
    *state = h;
    return CM_OK;
}

cm_rc afalg_rng_generate(void *state, uint8_t *out, size_t len)
{
    for (size_t done = 0; done < len;) {
        ssize_t got = kcapi_rng_generate(state, out + done, len - done);
        if (got <= 0)
            return CM_ERR_LIBRARY;
        done += (size_t)got;
    }
    return CM_OK;
}

void afalg_rng_destroy(void *state)
{
    kcapi_rng_destroy(state);
}
