/*
 * cpuclock.c — measuring the real core clock with dependent instruction
 * chains (see cpuclock.h for the method and why immediates are avoided).
 * The architecture-specific assembly of the project lives here, in the
 * platform layer: one pair of chains per architecture, chosen at compile
 * time; elsewhere the measurement reports itself unsupported.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "util/stats.h"
#include "platform/cpuclock.h"
#include "platform/timer.h"

int cm_pin_to_cpu(int cpu)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

#define CHAIN_LEN 100 /* instructions per loop pass, all dependent */

/* Defines name(n): n passes of CHAIN_LEN dependent `insn`, where %0 is the
 * register that carries the chain and %1 a second operand (a native word:
 * one register on 32-bit ARM too). Never inlined: inlined, a 32-bit ARM
 * caller's literal pool would lie past the reach of its loads. */
#define CHAIN(name, insn)                                                                   \
    __attribute__((noinline)) static uint64_t name(uint64_t n)                              \
    {                                                                                       \
        unsigned long a = 1, b = 3;                                                         \
        while (n--)                                                                         \
            __asm__ volatile(".rept 100\n\t" insn "\n\t.endr" : "+r"(a) : "r"(b));              \
        return a;                                                                           \
    }

#if defined(__x86_64__)
#define PRIMARY_CYCLES 1 /* add reg,reg: one cycle of latency */
#define CHECK_CYCLES 3   /* imul reg,reg: three cycles of latency */
static const char method[] = "x86-64 chain of dependent add reg,reg; imul reg,reg (3 cycles) cross-check";
CHAIN(chain_primary, "add %1, %0")
CHAIN(chain_check, "imul %1, %0")
#elif defined(__aarch64__)
#define PRIMARY_CYCLES 1
#define CHECK_CYCLES 1
static const char method[] = "aarch64 chain of dependent add xN,xN,xM; eor cross-check";
CHAIN(chain_primary, "add %0, %0, %1")
CHAIN(chain_check, "eor %0, %0, %1")
#elif defined(__arm__)
/* 32-bit ARM has no user-space cycle counter as a rule (PMCCNTR is closed
 * unless the kernel opens PMUSERENR): the clock is the wall-clock time of the
 * chains, as on the other architectures */
#define PRIMARY_CYCLES 1
#define CHECK_CYCLES 1
static const char method[] = "armv7 chain of dependent add rN,rN,rM; eor cross-check (wall clock, no cycle counter)";
CHAIN(chain_primary, "add %0, %0, %1")
CHAIN(chain_check, "eor %0, %0, %1")
#else
#define NO_CHAIN 1
#endif

#ifndef NO_CHAIN
/* One timed run of a chain: short, so that on a busy core (another process,
 * a vCPU the host deschedules) most runs still go unpreempted. */
#define RUN_NS 250000
#define WARMUP_NS 20000000 /* ~20 ms of the chain before the timed runs */

/* Passes of chain that last about RUN_NS. */
static uint64_t size_run(uint64_t (*chain)(uint64_t))
{
    volatile uint64_t sink;
    uint64_t n = 256;
    for (;;) {
        uint64_t t0 = cm_now_ns();
        sink = chain(n);
        uint64_t t = cm_now_ns() - t0;
        if (t >= RUN_NS || n > (1ull << 40))
            break;
        n = t < 1000 ? n * 16 : (uint64_t)((double)n * RUN_NS * 1.05 / (double)t) + 1;
    }
    (void)sink;
    return n;
}

/* MHz of one timed run of n passes of chain. */
static double run_mhz(uint64_t (*chain)(uint64_t), uint64_t n, int cycles_per_insn)
{
    volatile uint64_t sink;
    uint64_t t0 = cm_now_ns();
    sink = chain(n);
    uint64_t t = cm_now_ns() - t0;
    (void)sink;
    return (double)n * CHAIN_LEN * cycles_per_insn / (double)t * 1000.0;
}

/* The fastest of v[0..n) (sorts v): a dependent chain cannot run faster
 * than the clock, and preemption only slows a run down. shortfall receives
 * (fastest - median) / fastest: how much time the median run lost. */
static double fastest(double *v, int n, double *shortfall)
{
    double med = cm_median_sort(v, (size_t)n);
    *shortfall = (v[n - 1] - med) / v[n - 1];
    return v[n - 1];
}
#endif

void cm_cpuclock_measure(cm_cpuclock *out, int repeats)
{
    memset(out, 0, sizeof *out);
    out->cpu = sched_getcpu();
#ifdef NO_CHAIN
    (void)repeats;
    out->supported = 0;
    out->method = "no instruction chain for this architecture";
#else
    /* the two kinds alternate, so that a change of clock during the
     * measurement touches both alike */
    if (repeats < 1 || repeats > CM_CPUCLOCK_REPEATS)
        repeats = CM_CPUCLOCK_REPEATS;
    double primary[CM_CPUCLOCK_REPEATS], check[CM_CPUCLOCK_REPEATS], check_shortfall;
    uint64_t np = size_run(chain_primary), nc = size_run(chain_check);
    /* ~20 ms of work first, so that the core has left any idle state and
     * its clock is the one it holds under load, as when it is measured */
    for (uint64_t t0 = cm_now_ns(); cm_now_ns() - t0 < WARMUP_NS;)
        run_mhz(chain_primary, np, PRIMARY_CYCLES);
    for (int i = 0; i < repeats; i++) {
        primary[i] = run_mhz(chain_primary, np, PRIMARY_CYCLES);
        check[i] = run_mhz(chain_check, nc, CHECK_CYCLES);
    }
    out->supported = 1;
    out->method = method;
    out->mhz = fastest(primary, repeats, &out->spread);
    out->mhz_check = fastest(check, repeats, &check_shortfall);
    double gap = out->mhz_check / out->mhz - 1.0;
    out->agree = gap < 0.03 && gap > -0.03;
#endif
}
