/*
 * arm64_int.c — probes of the aarch64 integer instructions of bignum and
 * Poly1305 code: MUL (the low 64 bits of a product), UMULH (the high 64)
 * and ADCS (add with carry, setting the carry), the table of cryptobench's
 * MUL/UMULH write-up. ARMv8-A: no feature and no flag needed.
 *
 * A carry chain is serial by nature: every ADCS reads the carry the one
 * before wrote, so ADCS has no throughput kernel.
 */
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define INIT 0x9e3779b97f4a7c15ull

#define MUL(r) "mul %[" r "], %[" r "], %[k]\n\t"
#define UMULH(r) "umulh %[" r "], %[" r "], %[k]\n\t"
#define ADCS(r) "adcs %[" r "], %[" r "], %[k]\n\t"

CM_PROBE_PAIR(mul, uint64_t, "r", "r", INIT, MUL)
CM_PROBE_PAIR(umulh, uint64_t, "r", "r", INIT, UMULH)
CM_PROBE_LATENCY(adcs_lat, uint64_t, "r", "r", INIT, ADCS, "cc")

/* The clock's reference: a chain of dependent ADD xN, xN, xM, one cycle
 * each (the primary chain of src/platform/cpuclock.c), timed beside every
 * sample of every probe. */
#define ADD(r) "add %[" r "], %[" r "], %[k]\n\t"
CM_PROBE_LATENCY(add_lat, uint64_t, "r", "r", INIT, ADD)
const cm_probe_kernel cm_probe_clock_chain = {"add", "ADD Xd, Xn, Xm", "aarch64", "", add_lat,
                                              CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, NULL, 0, NULL};

const cm_probe_kernel cm_probes_arm64_int[] = {
    {"mul", "MUL Xd, Xn, Xm", "aarch64", "", mul_lat, CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, mul_tput,
     CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"umulh", "UMULH Xd, Xn, Xm", "aarch64", "", umulh_lat, CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW,
     umulh_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"adcs", "ADCS Xd, Xn, Xm", "aarch64", "", adcs_lat, CM_PROBE_LAT_STEPS,
     "one chain through the register and the carry flag", NULL, 0,
     "none: each one reads the carry flag the one before wrote"},
};
const size_t cm_probes_arm64_int_n = sizeof cm_probes_arm64_int / sizeof cm_probes_arm64_int[0];
