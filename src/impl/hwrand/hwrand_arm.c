/*
 * hwrand_arm.c — one RNDR (ARMv8.5-RNG, hwrand.h), read as the system
 * register s3_3_c2_c4_0 so that no -march flag is needed; called only
 * after the kernel reported the feature. Compiled on aarch64 only: it was
 * not run on the x86-64 machine it was written on.
 */
#include "impl/hwrand/hwrand.h"

int hwrand_rndr_step(unsigned long long *w)
{
    unsigned long long v, nzcv;
    __asm__ volatile("mrs %0, s3_3_c2_c4_0\n\tmrs %1, nzcv" : "=r"(v), "=r"(nzcv) : : "cc");
    *w = v;
    return !(nzcv & (1ULL << 30)); /* Z set: no value */
}
