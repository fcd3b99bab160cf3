/*
 * ref_rng.c — the ref backend's random sources: the CPU's own instructions
 * (src/impl/hwrand/) as variants of the rng class's "random": rdrand and
 * rdseed on x86-64, rndr on aarch64 (rows: REF_RNG_ROWS of ref_rng.h).
 * Each state counts the instructions executed and the failed ones
 * (retries(), reported by the rng class's self-check).
 *
 * Availability is cm_cpu_has() (include/cryptometer/cpu.h): the
 * platform's feature detection after the CRYPTOMETER_ISA_MASK/--isa mask.
 */
#include <stdio.h>
#include <stdlib.h>
#include "cryptometer/backend.h"
#include "impl/hwrand/hwrand.h"
#include "cryptometer/cpu.h"
#include "ref_rng.h"

#if defined(__x86_64__) || defined(__aarch64__)
typedef struct hw_state {
    hwrand_count count;
} hw_state;

static cm_rc hw_create(void **state)
{
    hw_state *s = calloc(1, sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    *state = s;
    return CM_OK;
}

static void hw_retries(void *state, uint64_t *attempts, uint64_t *failures)
{
    hw_state *s = state;
    *attempts = s->count.attempts;
    *failures = s->count.failures;
}

static void hw_destroy(void *state)
{
    free(state);
}

#endif

#if defined(__x86_64__)
static cm_rc rdrand_generate(void *state, uint8_t *out, size_t len)
{
    hw_state *s = state;
    return hwrand_fill(out, len, &s->count, hwrand_rdrand_step, HWRAND_RDRAND_TRIES, NULL) == 0
               ? CM_OK : CM_ERR_LIBRARY;
}

static cm_rc rdseed_generate(void *state, uint8_t *out, size_t len)
{
    hw_state *s = state;
    return hwrand_fill(out, len, &s->count, hwrand_rdseed_step, HWRAND_RDSEED_TRIES,
                       hwrand_pause) == 0 ? CM_OK : CM_ERR_LIBRARY;
}

int ref_rdrand_available(char *why, size_t why_len)
{
    return cm_cpu_has("rdrand", why, why_len);
}

int ref_rdseed_available(char *why, size_t why_len)
{
    return cm_cpu_has("rdseed", why, why_len);
}

const cm_rng_vtable ref_rdrand_vt = {hw_create, rdrand_generate, hw_retries, hw_destroy};
const cm_rng_vtable ref_rdseed_vt = {hw_create, rdseed_generate, hw_retries, hw_destroy};

#elif defined(__aarch64__)
static cm_rc rndr_generate(void *state, uint8_t *out, size_t len)
{
    hw_state *s = state;
    return hwrand_fill(out, len, &s->count, hwrand_rndr_step, HWRAND_RNDR_TRIES, NULL) == 0
               ? CM_OK : CM_ERR_LIBRARY;
}

int ref_rndr_available(char *why, size_t why_len)
{
    return cm_cpu_has("rng", why, why_len);
}

const cm_rng_vtable ref_rndr_vt = {hw_create, rndr_generate, hw_retries, hw_destroy};
#endif
