/*
 * emulators_table.h — internal to the platform layer: data/emulators.json,
 * what tells that a CPU is emulated, read once into a typed table
 * (emulators_table.c) for the emulation verdict (verdict_emulation.c).
 */
#ifndef CM_PLATFORM_EMULATORS_TABLE_H
#define CM_PLATFORM_EMULATORS_TABLE_H

#include <stddef.h>

/* A text to look for, and what finding it means. */
typedef struct pf_emulator_sign {
    const char *match, *what;
} pf_emulator_sign;

/* A MIDR's implementer and part only an emulator gives (-1: unreadable). */
typedef struct pf_emulator_midr {
    long long implementer, part;
    const char *what;
} pf_emulator_midr;

typedef struct pf_emulators {
    size_t n_models, n_signatures, n_midrs, n_x86_vendors;
    pf_emulator_sign *models;     /* "cpu_models": in the CPU's model name */
    pf_emulator_sign *signatures; /* "hypervisor_signatures": in the hypervisor's evidence */
    pf_emulator_midr *midrs;      /* "midrs" */
    const char **x86_vendors;     /* "x86_vendors".list */
    const char *qemu_match;       /* "qemu_machines".match, or NULL */
    double clock_ratio;           /* "clock_chains".ratio, or 0 */
} pf_emulators;

/* The table into *out, read once for the process (its strings live as
 * long; *out NULL when data/emulators.json is missing). 0, or -1 when out
 * of memory. */
int pf_emulators_table(const pf_emulators **out);

/* The first sign of n at signs whose match is in text, or NULL. */
const pf_emulator_sign *pf_emulator_matching(const pf_emulator_sign *signs, size_t n, const char *text);

/* A hex string ("0x000f0510") as a number; -1 when it is none. */
long long pf_hex(const char *s);

#endif
