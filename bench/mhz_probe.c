/*
 * mhz_probe.c — an independent measurement of the core clock, to check the
 * one cryptometer reports (bench/clock_check.py): one long (0.5 s) run of a
 * chain of dependent `xor reg,reg` (x86-64) or `eor` (aarch64), timed with
 * CLOCK_MONOTONIC_RAW — another instruction, another clock and another
 * length than src/platform/cpuclock.c. Prints the MHz. Pin it with taskset.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* n passes of 200 dependent single-cycle instructions. */
static uint64_t chain(uint64_t n)
{
    uint64_t a = 1, b = 5;
    while (n--)
#if defined(__x86_64__)
        __asm__ volatile(".rept 200\n\txor %1, %0\n\t.endr" : "+r"(a) : "r"(b));
#elif defined(__aarch64__)
        __asm__ volatile(".rept 200\n\teor %0, %0, %1\n\t.endr" : "+r"(a) : "r"(b));
#else
#error "no chain for this architecture"
#endif
    return a;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    volatile uint64_t sink;
    uint64_t n = 1000;
    double t, mhz[7];
    for (;;) { /* grow to a tenth of a second */
        double t0 = now_s();
        sink = chain(n);
        t = now_s() - t0;
        if (t > 0.1)
            break;
        n *= 2;
    }
    for (int i = 0; i < 7; i++) {
        double t0 = now_s();
        sink = chain(n);
        mhz[i] = (double)n * 200 / (now_s() - t0) / 1e6;
    }
    (void)sink;
    qsort(mhz, 7, sizeof mhz[0], cmp);
    printf("%.1f\n", mhz[3]);
    return 0;
}
