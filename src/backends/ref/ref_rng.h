/*
 * ref_rng.h — the ref backend's random instructions (ref_rng.c) and
 * REF_RNG_ROWS, their rows of ref_backend.c's table on this architecture.
 */
#ifndef CM_REF_RNG_H
#define CM_REF_RNG_H

#include <stddef.h>
#include "cryptometer/backend.h"

#if defined(__x86_64__)
extern const cm_rng_vtable ref_rdrand_vt, ref_rdseed_vt;
int ref_rdrand_available(char *why, size_t why_len);
int ref_rdseed_available(char *why, size_t why_len);
#define REF_RNG_ROWS                                                         \
    CM_IMPL_RNG("random", "rdrand", &ref_rdrand_vt, ref_rdrand_available),   \
    CM_IMPL_RNG("random", "rdseed", &ref_rdseed_vt, ref_rdseed_available),
#elif defined(__aarch64__)
extern const cm_rng_vtable ref_rndr_vt;
int ref_rndr_available(char *why, size_t why_len);
#define REF_RNG_ROWS CM_IMPL_RNG("random", "rndr", &ref_rndr_vt, ref_rndr_available),
#else
#define REF_RNG_ROWS
#endif

#endif
