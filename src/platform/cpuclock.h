/*
 * cpuclock.h — the real core clock, measured the way the `mhz` tool does:
 * time a long chain of dependent single-cycle register instructions
 * (x86-64: add reg,reg; aarch64: add xN,xN,xM; 32-bit ARM: add rN,rN,rM) and
 * cross-check it with a second instruction kind (x86-64: a 3-cycle imul
 * chain; aarch64 and 32-bit ARM: eor), timed by the wall clock (no cycle
 * counter is needed: 32-bit ARM rarely opens PMCCNTR to user space),
 * so that cycles per byte are core cycles even where the TSC runs at a
 * fixed rate or cpufreq lies. Immediate adds are avoided: some cores fold
 * them and run such a chain several times faster than the clock.
 */
#ifndef CM_PLATFORM_CPUCLOCK_H
#define CM_PLATFORM_CPUCLOCK_H

typedef struct cm_cpuclock {
    int supported;       /* 0 on an architecture without a chain here */
    int cpu;             /* the CPU measured (-1: not pinned) */
    double mhz;          /* from the primary chain: its fastest run */
    double mhz_check;    /* from the cross-check chain: its fastest run */
    double spread;       /* (fastest - median) / fastest of the primary runs: the
                          * time the median run lost (0 on a core of its own) */
    int agree;           /* the two kinds agree within 3% */
    const char *method;  /* "x86-64 add reg,reg chain; imul cross-check" */
} cm_cpuclock;

/* Runs of each kind: a reading of the machine (detect, probe) and each side of
 * an implementation's measurements in `run` (made ~800 times by `run --full`). */
#define CM_CPUCLOCK_REPEATS 61
#define CM_CPUCLOCK_REPEATS_RUN 31

/* Measures the clock of the CPU this thread runs on now: ~20 ms of warm-up,
 * then repeats (at most CM_CPUCLOCK_REPEATS) timed runs of ~0.25 ms of each
 * kind, alternating; of each kind its fastest run. A chain of dependent
 * instructions cannot run faster than the clock, and time taken from it
 * (preemption, a vCPU the host deschedules) only makes a run slower: the
 * fastest of many short runs is the clock of the moments the core was the
 * chain's, where a median or a long run reads low on a busy core. Takes
 * ~50 ms with 61 repeats, ~36 ms with 31. The caller pins the thread first
 * if it wants a given CPU. */
void cm_cpuclock_measure(cm_cpuclock *out, int repeats);

/* Pins the calling thread to cpu (returns 0) or fails (-1, errno set). */
int cm_pin_to_cpu(int cpu);

#endif
