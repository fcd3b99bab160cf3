/*
 * hwrand.h — random words from CPU instructions: RDRAND and RDSEED on
 * x86-64 (hwrand_x86.c, built with -mrdrnd -mrdseed), RNDR on aarch64
 * (hwrand_arm.c), and the one loop that fills a buffer from any of them,
 * retrying an instruction that returns no value (carry clear on x86, Z set
 * on arm) and counting instructions executed and failed (hwrand.c).
 */
#ifndef CM_IMPL_HWRAND_H
#define CM_IMPL_HWRAND_H

#include <stddef.h>
#include <stdint.h>

typedef struct hwrand_count {
    uint64_t attempts, failures;
} hwrand_count;

/* One instruction: 1 with *w set, or 0 when it returned no value. */
typedef int (*hwrand_step_fn)(unsigned long long *w);

/* Retries in a row before giving up: Intel's guidance for RDRAND is 10;
 * RDSEED fails routinely while its conditioner refills, so it pauses
 * between tries and tries much longer. */
#define HWRAND_RDRAND_TRIES 10
#define HWRAND_RDSEED_TRIES 100000
#define HWRAND_RNDR_TRIES 10

/* Fills out with len bytes from step, one 64-bit word per successful
 * instruction, counting into c; pause (or NULL) runs between tries.
 * 0, or -1 when tries instructions in a row failed. */
int hwrand_fill(uint8_t *out, size_t len, hwrand_count *c, hwrand_step_fn step, int tries,
                void (*pause)(void));

#if defined(__x86_64__)
int hwrand_rdrand_step(unsigned long long *w);
int hwrand_rdseed_step(unsigned long long *w);
void hwrand_pause(void);
#endif
#if defined(__aarch64__)
int hwrand_rndr_step(unsigned long long *w);
#endif

#endif
