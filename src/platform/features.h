/*
 * features.h — the crypto features of the CPU, read from the CPU itself
 * (x86 cpuid + xgetbv, arm getauxval), what each accelerates
 * (data/cpu_features.json), the /proc/cpuinfo cross-check and the
 * CRYPTOMETER_ISA_MASK override (features.c; the mask is described in
 * platform.h).
 */
#ifndef CM_PLATFORM_FEATURES_H
#define CM_PLATFORM_FEATURES_H

#include "platform/cpu.h"

#define PLATFORM_MAX_FEATURES 64

typedef struct platform_feature {
    const char *name;        /* "aes" — the /proc/cpuinfo spelling */
    const char *label;       /* "AES-NI" */
    const char *accelerates; /* a phrase, from data/cpu_features.json */
    const char *source;      /* "cpuid", "hwcap", "auxv", "cpuinfo" */
    int cpu;                 /* the CPU reports it (before OS and mask) */
    int os;                  /* the OS enables its register state (XCR0) */
    int masked;              /* hidden by CRYPTOMETER_ISA_MASK */
    int present;             /* cpu && os && !masked: code may use it */
    int cpuinfo;             /* in /proc/cpuinfo: 1, 0, or -1 (no flags line) */
} platform_feature;

typedef struct platform_features {
    const char *table;       /* "x86", "aarch64", "arm", or NULL (none) */
    const char *source;      /* how presence was read, as in the features */
    int n;
    platform_feature f[PLATFORM_MAX_FEATURES];
    char mask[256];          /* CRYPTOMETER_ISA_MASK as given, or "" */
    char mask_unknown[256];  /* names in the mask no feature has, or "" */
} platform_features;

/* Reads the features. Live: cpuid/xgetbv on x86, getauxval on arm, and
 * /proc/cpuinfo as a cross-check. With a sysroot: proc/self/auxv in the
 * tree if there is one (same word size as this build), else the tree's
 * /proc/cpuinfo. The table is chosen from cpu->arch. */
int platform_features_read(const char *sysroot, const platform_cpu *cpu,
                           platform_features *out, cm_error *err);

/* The live CPU's feature called name (its /proc/cpuinfo name or its
 * label), or NULL when this build's table has none. Read once, cached
 * (again after platform_isa_mask_set). For run-time dispatch of
 * ISA-specific implementations: present says whether code may use it now
 * (CPU, OS support, not masked). */
const platform_feature *platform_cpu_feature(const char *name);

/* 1 when the live CPU has the feature (by name or label) and code may use
 * it now (OS support, not masked); 0 otherwise. */
int platform_cpu_has(const char *name);

/* Sets this process's feature mask (what --isa gives) and reads the live
 * features again; forked children inherit it. It is also exported as
 * CRYPTOMETER_ISA_MASK, for the one reader that needs the environment: a
 * helper executable (docs/generations.md), which starts afresh. 0, or -1
 * with the names the table does not know written into unknown (or with
 * unknown "" when the mask is too long or cannot be exported). */
int platform_isa_mask_set(const char *mask, char *unknown, size_t len);

/* The feature mask in force: the one platform_isa_mask_set() set, else
 * the user's CRYPTOMETER_ISA_MASK; "" for none. Every reader of the mask
 * asks here. */
const char *platform_isa_mask(void);

/* Whether /proc/cpuinfo and the CPU disagree on f: 1 with the sentence
 * that says how written into msg, else 0. */
int platform_feature_disagreement(const platform_feature *f, char *msg, size_t len);

#endif
