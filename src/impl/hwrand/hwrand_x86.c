/*
 * hwrand_x86.c — one RDRAND, one RDSEED (hwrand.h) through their
 * intrinsics; compiled with -mrdrnd -mrdseed for this file alone, and
 * called only after the CPU reported the instruction.
 */
#include <immintrin.h>
#include "impl/hwrand/hwrand.h"

int hwrand_rdrand_step(unsigned long long *w)
{
    return _rdrand64_step(w);
}

int hwrand_rdseed_step(unsigned long long *w)
{
    return _rdseed64_step(w);
}

void hwrand_pause(void)
{
    _mm_pause();
}
