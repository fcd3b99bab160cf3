/*
 * cpu.h — what the CPU is: vendor, model, the logical CPUs with their MIDRs
 * and core names (data/cpu_cores.json), and clusters, the groups of CPUs
 * that share a clock, with their frequencies (cpu.c).
 *
 * Every reader takes a sysroot (see platform.h).
 */
#ifndef CM_PLATFORM_CPU_H
#define CM_PLATFORM_CPU_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#define PLATFORM_MAX_CPUS 1024
#define PLATFORM_MAX_CLUSTERS 16

/* A group of CPUs that share a clock: a cpufreq policy, else CPUs with the
 * same MIDR, else the same x86 hybrid core type, else all CPUs. */
typedef struct platform_cluster {
    int id;                  /* 0, 1, ... in order of the first CPU */
    int n_cpus;
    int cpus[PLATFORM_MAX_CPUS];
    char core_name[64];      /* "Cortex-A72", "P-core", or "" */
    char core_vendor[32];    /* "ARM", "Qualcomm", ... or "" */
    char based_on[32];       /* "Cortex-A76" for Kryo-4XX-Gold, or "" */
    uint32_t midr;           /* 0 when unknown (x86, no MIDR anywhere) */
    char policy[24];         /* "policy4" or "" when no cpufreq */
    double freq_min_mhz;     /* cpuinfo_min_freq; 0 when unknown */
    double freq_max_mhz;     /* cpuinfo_max_freq; 0 when unknown */
    double freq_cur_mhz;     /* scaling_cur_freq (else cpuinfo_cur_freq) */
    double cpuinfo_mhz;      /* /proc/cpuinfo "cpu MHz" of the first CPU */
    double claimed_mhz;      /* what the system claims the top clock is */
    const char *claimed_source; /* "cpufreq max", "/proc/cpuinfo cpu MHz",
                                   "model name", or NULL */
    char governor[32];       /* scaling_governor or "" */
    char driver[32];         /* scaling_driver or "" */
    /* Filled by platform_measure_clocks(); 0 when not measured. */
    double measured_mhz;
    double measured_check_mhz;
    double measured_spread;
    int measured_agree;
} platform_cluster;

typedef struct platform_cpu {
    char arch[16];           /* "x86_64", "aarch64", "arm", "riscv64", ... */
    char cpuinfo_arch[16];   /* the architecture /proc/cpuinfo describes (it
                                differs from arch under qemu user mode) */
    char vendor[64];         /* "GenuineIntel", "ARM", "Qualcomm", ... */
    char model_name[128];    /* "Intel(R) Xeon(R) ...", or core names joined */
    char board[128];         /* device-tree model, or DMI product, or "" */
    int n_cpus;              /* logical CPUs in /proc/cpuinfo */
    int cpu_ids[PLATFORM_MAX_CPUS];     /* their numbers */
    uint32_t midr[PLATFORM_MAX_CPUS];   /* per entry of cpu_ids, 0 unknown */
    double mhz[PLATFORM_MAX_CPUS];      /* "cpu MHz" per entry, 0 unknown */
    int core_type[PLATFORM_MAX_CPUS];   /* x86 hybrid: 0x40 Core, 0x20 Atom, 0 */
    char midr_source[32];    /* "sysfs midr_el1", "/proc/cpuinfo", or "" */
    char *flags;             /* CPU 0's flags/Features line (malloc'd) */
    int hybrid;              /* x86 hybrid (P/E cores) */
    int n_clusters;
    platform_cluster clusters[PLATFORM_MAX_CLUSTERS];
    const char *cluster_source; /* "cpufreq policy", "MIDR", "core type",
                                   "single" */
    const char *clock_method;   /* set by platform_measure_clocks() */
} platform_cpu;

/* Reads the CPU description (sysroot: see above). Returns 0; a missing
 * /proc/cpuinfo leaves fields empty. *cpu is heavy (~100 KiB): allocate it
 * with platform_cpu_new(). */
int platform_cpu_read(const char *sysroot, platform_cpu *cpu, cm_error *err);
platform_cpu *platform_cpu_new(void);
void platform_cpu_free(platform_cpu *cpu);

/* The name of a core from its MIDR (data/cpu_cores.json). */
typedef struct platform_core_id {
    const char *vendor;   /* "ARM" — NULL when the implementer is unknown */
    const char *name;     /* "Cortex-A72" — NULL when the part is unknown */
    const char *based_on; /* the Arm core a vendor design derives from, or NULL */
} platform_core_id;

/* Looks up implementer/part. Returns 1 when the part is known, 0 otherwise
 * (out->vendor may still be set). Pointers live as long as the process. */
int platform_core_lookup(unsigned implementer, unsigned part, platform_core_id *out);

/* The same from a whole MIDR value. */
int platform_midr_lookup(uint32_t midr, platform_core_id *out);

/* Parses the text of /proc/cpuinfo into cpu (arch, vendor, model name,
 * CPU numbers, MIDRs from the implementer/part fields, flags). Used by
 * platform_cpu_read(); exposed for tests. */
void platform_cpu_parse_cpuinfo(const char *text, platform_cpu *cpu);

/* Formats cpus as a compact range list ("0-3,6") into buf; returns buf. */
char *platform_format_cpulist(const int *cpus, int n, char *buf, size_t len);

/* The CPU list of a cluster as a compact string ("0-3"). */
char *platform_cluster_cpus(const platform_cluster *c, char *buf, size_t len);

#endif
