/*
 * x86_v256.c — probes of VAESENC and VPCLMULQDQ on ymm registers (two AES
 * blocks, two carry-less products per instruction): the instructions of
 * our vaes256 CTR and GCM. Built with -mvaes -mvpclmulqdq -mavx2
 * (src/probes/CMakeLists.txt); run only where cm_cpu_has() grants
 * "vaes,avx2" or "vpclmulqdq,avx2".
 */
#include <immintrin.h>
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define KEY _mm256_set1_epi32(0x03020100)

#define VAESENC(r) "vaesenc %[k], %[" r "], %[" r "]\n\t"
#define VPCLMUL(r) "vpclmulqdq $0x00, %[k], %[" r "], %[" r "]\n\t"

CM_PROBE_PAIR(vaesenc, __m256i, "x", "x", KEY, VAESENC)
CM_PROBE_PAIR(vpclmul, __m256i, "x", "x", KEY, VPCLMUL)

const cm_probe_kernel cm_probes_x86_v256[] = {
    {"vaesenc-ymm", "VAESENC ymm, ymm, ymm", "x86_64", "vaes,avx2", vaesenc_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, vaesenc_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"vpclmulqdq-ymm", "VPCLMULQDQ ymm, ymm, ymm, 0x00", "x86_64", "vpclmulqdq,avx2", vpclmul_lat,
     CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, vpclmul_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
};
const size_t cm_probes_x86_v256_n = sizeof cm_probes_x86_v256 / sizeof cm_probes_x86_v256[0];
