/*
 * cpu_clusters.h — internal to the platform layer: the clusters of a
 * platform_cpu whose CPUs, MIDRs and core types cpu.c has read
 * (cpu_clusters.c).
 */
#ifndef CM_PLATFORM_CPU_CLUSTERS_H
#define CM_PLATFORM_CPU_CLUSTERS_H

#include "platform/cpu.h"

/* Each CPU's hybrid core type on x86 (cpu->core_type): the sysfs
 * cpu_core/cpu_atom PMU lists under sysroot, else (live x86 only) cpuid
 * leaf 0x1A on each CPU in turn. */
void platform_cpu_read_core_types(const char *sysroot, platform_cpu *cpu);

/* Fills cpu->clusters (and n_clusters) from the cpufreq policies under
 * sysroot, else from the kinds of core; names each cluster's core. */
void platform_cpu_build_clusters(const char *sysroot, platform_cpu *cpu);

#endif
