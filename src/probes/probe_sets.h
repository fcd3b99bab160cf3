/*
 * probe_sets.h — the probe entries each kernel file of src/probes/ exports
 * (one array per file, so that each file keeps its own instruction-set
 * flags), gathered by probe_table.c in the order they are listed, and the
 * common descriptions of the two kernel shapes.
 */
#ifndef CM_PROBES_PROBE_SETS_H
#define CM_PROBES_PROBE_SETS_H

#include <stddef.h>
#include "probes/probe_kernels.h"

#define CM_PROBE_LAT_HOW "one chain: each instruction reads the register the one before wrote"
#define CM_PROBE_TPUT_HOW "10 independent chains interleaved; cycles per instruction (reciprocal throughput)"

#define CM_PROBE_SET(name)                                                                  \
    extern const cm_probe_kernel name[];                                                    \
    extern const size_t name##_n;

#if defined(__x86_64__) || defined(__aarch64__)
extern const cm_probe_kernel cm_probe_clock_chain;
#endif

#if defined(__x86_64__)
CM_PROBE_SET(cm_probes_x86_aes)
CM_PROBE_SET(cm_probes_x86_v256)
CM_PROBE_SET(cm_probes_x86_v512)
CM_PROBE_SET(cm_probes_x86_sha)
CM_PROBE_SET(cm_probes_x86_int)
#elif defined(__aarch64__)
CM_PROBE_SET(cm_probes_arm64_crypto)
CM_PROBE_SET(cm_probes_arm64_int)
#endif

#endif
