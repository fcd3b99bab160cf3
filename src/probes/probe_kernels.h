/*
 * probe_kernels.h — the instruction probes' timed kernels (src/probes/):
 * one entry per instruction, with a latency kernel (one chain of dependent
 * instructions, each reading the register the one before wrote) and a
 * throughput kernel (CM_PROBE_CHAINS independent chains interleaved, so
 * the core can keep as many in flight as it has units), written in inline
 * assembly so that the compiler cannot fold, hoist or vectorise a chain
 * (docs/probes.md). The files that hold the kernels get the instruction-set
 * flags of their instructions per file (src/probes/CMakeLists.txt); which
 * kernel may run is decided at run time from the detected features
 * (cm_cpu_has, with the ISA mask), never by the build machine.
 */
#ifndef CM_PROBES_PROBE_KERNELS_H
#define CM_PROBES_PROBE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/* A kernel runs n passes and returns 0 (its result only keeps the chain
 * alive); one pass advances `units` units (a unit: one step of the chain
 * for latency, one instruction, or one fused pair, for throughput). */
typedef uint64_t (*cm_probe_fn)(uint64_t n);

#define CM_PROBE_LAT_STEPS 100 /* dependent steps per pass of a latency kernel */
#define CM_PROBE_CHAINS 10     /* independent chains of a throughput kernel */
#define CM_PROBE_TPUT_REPS 10  /* passes of all chains per kernel pass */

typedef struct cm_probe_kernel {
    const char *name;        /* "aesenc-xmm": what bounds and JSON name it by */
    const char *instruction; /* "AESENC xmm, xmm" */
    const char *arch;        /* "x86_64", "aarch64" */
    const char *needs;       /* cm_cpu_has() list: "aes" */
    cm_probe_fn latency;     /* NULL: no latency kernel (latency_note says why) */
    unsigned latency_units;  /* units per pass */
    const char *latency_how; /* what one unit of the chain is */
    cm_probe_fn throughput;  /* NULL: no throughput kernel (throughput_how says why) */
    unsigned throughput_units;
    const char *throughput_how;
} cm_probe_kernel;

/* The probes of this build's architecture, in the order of the table
 * (probe_table.c); *n receives the count (0 on an architecture without
 * probes). */
const cm_probe_kernel *cm_probe_kernels(size_t *n);

/* The clock's reference chain of this architecture: dependent
 * single-cycle register adds (latency kernel only), or NULL where there are
 * no probes. Every probe sample is timed beside a run of it. */
const cm_probe_kernel *cm_probe_clock_reference(void);

/* Latency kernel and throughput kernel of one instruction, for an asm step
 * macro STEP(reg) that names its chain register as %[reg] and the other
 * operand as %[k]. T is the register type, RC the register constraint
 * ("x" on x86 vectors, "w" on aarch64 vectors, "r" for integers), KC the
 * constraint of k, INIT an initialiser of T. Each kernel is a volatile asm
 * with the chain registers as in-out operands: the compiler can neither
 * drop it nor see through it. */
#define CM_PROBE_STR_(x) #x
#define CM_PROBE_STR(x) CM_PROBE_STR_(x)

#define CM_PROBE_LATENCY(name, T, RC, KC, INIT, STEP, CLOBBER...)                            \
    static uint64_t name(uint64_t n)                                                       \
    {                                                                                      \
        T a0 = INIT, k = INIT;                                                             \
        while (n--)                                                                        \
            __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_LAT_STEPS) "\n\t" STEP("a0")   \
                             ".endr"                                                       \
                             : [a0] "+" RC(a0)                                             \
                             : [k] KC(k)                                                   \
                             : CLOBBER);                                                   \
        return 0;                                                                          \
    }

#define CM_PROBE_THROUGHPUT(name, T, RC, KC, INIT, STEP, CLOBBER...)                         \
    static uint64_t name(uint64_t n)                                                       \
    {                                                                                      \
        T a0 = INIT, a1 = INIT, a2 = INIT, a3 = INIT, a4 = INIT, a5 = INIT, a6 = INIT,     \
          a7 = INIT, a8 = INIT, a9 = INIT, k = INIT;                                       \
        while (n--)                                                                        \
            __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_TPUT_REPS) "\n\t" STEP("a0")   \
                             STEP("a1") STEP("a2") STEP("a3") STEP("a4") STEP("a5")        \
                             STEP("a6") STEP("a7") STEP("a8") STEP("a9") ".endr"           \
                             : [a0] "+" RC(a0), [a1] "+" RC(a1), [a2] "+" RC(a2),          \
                               [a3] "+" RC(a3), [a4] "+" RC(a4), [a5] "+" RC(a5),          \
                               [a6] "+" RC(a6), [a7] "+" RC(a7), [a8] "+" RC(a8),          \
                               [a9] "+" RC(a9)                                             \
                             : [k] KC(k)                                                   \
                             : CLOBBER);                                                   \
        return 0;                                                                          \
    }

#define CM_PROBE_TPUT_UNITS (CM_PROBE_CHAINS * CM_PROBE_TPUT_REPS)

/* Both kernels of one instruction: name##_lat and name##_tput. */
#define CM_PROBE_PAIR(name, T, RC, KC, INIT, STEP, CLOBBER...)                               \
    CM_PROBE_LATENCY(name##_lat, T, RC, KC, INIT, STEP, CLOBBER)                           \
    CM_PROBE_THROUGHPUT(name##_tput, T, RC, KC, INIT, STEP, CLOBBER)

#endif
