/*
 * arm64_crypto.c — probes of the ARMv8 Crypto Extensions: AESE and AESMC
 * alone, the AESE+AESMC pair back to back (the form cores fuse into one
 * operation) and kept apart (interleaved with another chain's, so that no
 * core can fuse them), PMULL, PMULL2 and SHA256H. Built with
 * -march=armv8-a+crypto (src/probes/CMakeLists.txt); run only where
 * cm_cpu_has() grants "aes", "pmull" or "sha2".
 */
#include <arm_neon.h>
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define KEY vdupq_n_u8(0x5a)

#define AESE(r) "aese %[" r "].16b, %[k].16b\n\t"
#define AESMC(r) "aesmc %[" r "].16b, %[" r "].16b\n\t"
#define AES_FUSED(r) AESE(r) AESMC(r)
#define PMULL(r) "pmull %[" r "].1q, %[" r "].1d, %[k].1d\n\t"
#define PMULL2(r) "pmull2 %[" r "].1q, %[" r "].2d, %[k].2d\n\t"
/* SHA256H Qd, Qn, Vm.4S: the chain runs through Qd (ABCD) */
#define SHA256H(r) "sha256h %q[" r "], %q[k], %[k].4s\n\t"

CM_PROBE_PAIR(aese, uint8x16_t, "w", "w", KEY, AESE)
CM_PROBE_PAIR(aesmc, uint8x16_t, "w", "w", KEY, AESMC)
CM_PROBE_PAIR(aes_fused, uint8x16_t, "w", "w", KEY, AES_FUSED)
CM_PROBE_PAIR(pmull, uint8x16_t, "w", "w", KEY, PMULL)
CM_PROBE_PAIR(pmull2, uint8x16_t, "w", "w", KEY, PMULL2)
CM_PROBE_PAIR(sha256h, uint8x16_t, "w", "w", KEY, SHA256H)

/* Two chains, each AESE then AESMC, with the other chain's instruction
 * between: one unit is one round (pair) of one chain. */
static uint64_t aes_apart_lat(uint64_t n)
{
    uint8x16_t a0 = KEY, a1 = KEY, k = KEY;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_LAT_STEPS) "\n\t" AESE("a0") AESE("a1")
                             AESMC("a0") AESMC("a1") ".endr"
                         : [a0] "+w"(a0), [a1] "+w"(a1)
                         : [k] "w"(k));
    return 0;
}

/* Ten chains: all ten AESEs, then all ten AESMCs; one unit is one pair. */
#define AESE10 AESE("a0") AESE("a1") AESE("a2") AESE("a3") AESE("a4") AESE("a5") AESE("a6") AESE("a7") AESE("a8") AESE("a9")
#define AESMC10 AESMC("a0") AESMC("a1") AESMC("a2") AESMC("a3") AESMC("a4") AESMC("a5") AESMC("a6") AESMC("a7") AESMC("a8") AESMC("a9")
static uint64_t aes_apart_tput(uint64_t n)
{
    uint8x16_t a0 = KEY, a1 = KEY, a2 = KEY, a3 = KEY, a4 = KEY, a5 = KEY, a6 = KEY, a7 = KEY, a8 = KEY,
               a9 = KEY, k = KEY;
    while (n--)
        __asm__ volatile(".rept " CM_PROBE_STR(CM_PROBE_TPUT_REPS) "\n\t" AESE10 AESMC10 ".endr"
                         : [a0] "+w"(a0), [a1] "+w"(a1), [a2] "+w"(a2), [a3] "+w"(a3), [a4] "+w"(a4),
                           [a5] "+w"(a5), [a6] "+w"(a6), [a7] "+w"(a7), [a8] "+w"(a8), [a9] "+w"(a9)
                         : [k] "w"(k));
    return 0;
}

#define PAIR_HOW "one chain of AESE+AESMC pairs, each pair back to back (fusable); cycles per pair"
#define PAIR_TPUT "10 independent chains of back-to-back pairs; cycles per pair (reciprocal throughput)"

const cm_probe_kernel cm_probes_arm64_crypto[] = {
    {"aese", "AESE Vd.16B, Vn.16B", "aarch64", "aes", aese_lat, CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW,
     aese_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"aesmc", "AESMC Vd.16B, Vn.16B", "aarch64", "aes", aesmc_lat, CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW,
     aesmc_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"aese+aesmc", "AESE + AESMC, back to back (fused)", "aarch64", "aes", aes_fused_lat,
     CM_PROBE_LAT_STEPS, PAIR_HOW, aes_fused_tput, CM_PROBE_TPUT_UNITS, PAIR_TPUT},
    {"aese+aesmc-apart", "AESE ... AESMC, another chain's between (unfused)", "aarch64", "aes",
     aes_apart_lat, CM_PROBE_LAT_STEPS,
     "two chains, each AESE then AESMC with the other chain's instruction between; cycles per pair",
     aes_apart_tput, CM_PROBE_TPUT_UNITS,
     "10 independent chains: ten AESEs, then ten AESMCs; cycles per pair (reciprocal throughput)"},
    {"pmull", "PMULL Vd.1Q, Vn.1D, Vm.1D", "aarch64", "pmull", pmull_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, pmull_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"pmull2", "PMULL2 Vd.1Q, Vn.2D, Vm.2D", "aarch64", "pmull", pmull2_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, pmull2_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"sha256h", "SHA256H Qd, Qn, Vm.4S", "aarch64", "sha2", sha256h_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, sha256h_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
};
const size_t cm_probes_arm64_crypto_n = sizeof cm_probes_arm64_crypto / sizeof cm_probes_arm64_crypto[0];
