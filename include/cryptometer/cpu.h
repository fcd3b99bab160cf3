/*
 * cpu.h — the one question a backend may ask about the CPU: may code that
 * uses these instruction-set features run here now?
 *
 * Backends do not include src/platform/ (docs/architecture.md, "Layers");
 * their rows' available() hooks ask this instead. The answer comes from
 * the platform's feature detection (cpuid and xgetbv on x86, getauxval on
 * arm) after the feature mask of CRYPTOMETER_ISA_MASK or `--isa`, so one
 * machine can test every path of a multi-ISA implementation.
 */
#ifndef CRYPTOMETER_CPU_H
#define CRYPTOMETER_CPU_H

#include <stddef.h>

/* 1 when code may use every feature of features, a comma-separated list of
 * names as /proc/cpuinfo spells them on this architecture
 * (data/cpu_features.json: "aes,pclmulqdq", "vaes,vpclmulqdq,avx2"):
 * the CPU reports it, the OS enables its registers and it is not masked.
 * Otherwise 0, after writing into why (when why_len > 0) the first missing
 * feature and the reason, one of:
 *   "needs vaes: this CPU lacks it"
 *   "needs aes: masked by CRYPTOMETER_ISA_MASK/--isa"
 *   "needs avx2: the OS does not enable its registers"
 *   "needs sha3: not a feature of this build's CPU table" */
int cm_cpu_has(const char *features, char *why, size_t why_len);

#endif
