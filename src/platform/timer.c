/*
 * timer.c — see timer.h.
 */
#define _GNU_SOURCE
#include <sys/resource.h>
#include <time.h>
#include "platform/timer.h"

static uint64_t monotonic_now(void *ctx)
{
    (void)ctx;
    return cm_now_ns();
}

const cm_clock_source cm_monotonic_clock = {monotonic_now, 0};

uint64_t cm_clock_resolution_ns(void)
{
    struct timespec res;
    uint64_t claimed = 1, best = UINT64_MAX;
    if (clock_getres(CLOCK_MONOTONIC, &res) == 0)
        claimed = (uint64_t)res.tv_sec * 1000000000ull + (uint64_t)res.tv_nsec;
    for (int i = 0; i < 1000; i++) {
        uint64_t a = cm_now_ns(), b;
        while ((b = cm_now_ns()) == a)
            ;
        if (b - a < best)
            best = b - a;
    }
    return best > claimed ? best : claimed;
}

uint64_t cm_thread_cputime_ns(void)
{
    return cm_posix_clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

void cm_thread_cpu_ns(uint64_t *user_ns, uint64_t *sys_ns)
{
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0) {
        *user_ns = *sys_ns = 0;
        return;
    }
    *user_ns = (uint64_t)ru.ru_utime.tv_sec * 1000000000ull + (uint64_t)ru.ru_utime.tv_usec * 1000ull;
    *sys_ns = (uint64_t)ru.ru_stime.tv_sec * 1000000000ull + (uint64_t)ru.ru_stime.tv_usec * 1000ull;
}

/* The raw cycle counter, or 0 where there is none. */
static uint64_t read_cycles(const char **kind)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned lo, hi;
    __asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
    *kind = "tsc";
    return ((uint64_t)hi << 32) | lo;
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
    *kind = "cntvct";
    return v;
#else
    *kind = "none";
    return 0;
#endif
}

uint64_t cm_cycle_count(void)
{
    const char *kind;
    return read_cycles(&kind);
}

static cm_cycle_counter last_probe;
static int probed;

void cm_cycle_counter_once(cm_cycle_counter *out)
{
    if (probed)
        *out = last_probe;
    else
        cm_cycle_counter_probe(out);
}

void cm_cycle_counter_probe(cm_cycle_counter *out)
{
    const char *kind;
    uint64_t c0 = read_cycles(&kind), t0 = cm_now_ns(), t1;
    out->kind = kind;
    out->mhz = 0;
    if (c0 == 0)
        return;
    while ((t1 = cm_now_ns()) - t0 < 20000000)
        ;
    uint64_t c1 = read_cycles(&kind);
    out->mhz = (double)(c1 - c0) / (double)(t1 - t0) * 1000.0;
    last_probe = *out;
    probed = 1;
}
