/*
 * now.c — see now.h.
 */
#define _GNU_SOURCE
#include "util/now.h"

uint64_t cm_posix_clock_ns(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t cm_now_ns(void)
{
    return cm_posix_clock_ns(CLOCK_MONOTONIC);
}

double cm_now_s(void)
{
    return (double)cm_now_ns() * 1e-9;
}
