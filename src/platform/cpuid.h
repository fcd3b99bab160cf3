/*
 * cpuid.h — x86 cpuid and xgetbv for the platform module (features,
 * hybrid core types, hypervisor detection). On other architectures the
 * functions exist and report "not available", so callers need no #if.
 */
#ifndef CM_PLATFORM_CPUID_H
#define CM_PLATFORM_CPUID_H

#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define PF_HAVE_CPUID 1

/* Runs cpuid(leaf, subleaf) into r[0..3] = eax, ebx, ecx, edx. Returns 1,
 * or 0 (r zeroed) when the leaf is above the CPU's maximum of its range. */
static inline int pf_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    uint32_t max = __get_cpuid_max(leaf & 0x80000000u, 0);
    r[0] = r[1] = r[2] = r[3] = 0;
    if (leaf > max)
        return 0;
    __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
    return 1;
}

/* Runs cpuid(leaf, subleaf) without the range check (hypervisor leaves
 * 0x40000000.. are outside the standard and extended ranges). */
static inline void pf_cpuid_raw(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    __cpuid_count(leaf, subleaf, r[0], r[1], r[2], r[3]);
}

/* XCR0 (the register state the OS saves), or 0 when the OS has not set
 * CR4.OSXSAVE (then xgetbv would fault). */
static inline uint64_t pf_xcr0(void)
{
    uint32_t r[4];
    if (!pf_cpuid(1, 0, r) || !(r[2] & (1u << 27)))
        return 0;
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

#else
#define PF_HAVE_CPUID 0

static inline int pf_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    (void)leaf;
    (void)subleaf;
    r[0] = r[1] = r[2] = r[3] = 0;
    return 0;
}

static inline void pf_cpuid_raw(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
    pf_cpuid(leaf, subleaf, r);
}

static inline uint64_t pf_xcr0(void)
{
    return 0;
}
#endif

#endif
