/*
 * x86_aes.c — probes of AESENC, AESDEC (xmm) and PCLMULQDQ (xmm): the
 * instructions of AES-NI CBC/CTR/XTS and of GHASH. Built with -maes
 * -mpclmul (src/probes/CMakeLists.txt); run only where cm_cpu_has()
 * grants "aes" or "pclmulqdq".
 */
#include <immintrin.h>
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define KEY _mm_set_epi32(0x0f0e0d0c, 0x0b0a0908, 0x07060504, 0x03020100)

#define AESENC(r) "aesenc %[k], %[" r "]\n\t"
#define AESDEC(r) "aesdec %[k], %[" r "]\n\t"
/* the selector picks the low quadwords; the chain runs through %[r] */
#define PCLMUL(r) "pclmulqdq $0x00, %[k], %[" r "]\n\t"

CM_PROBE_PAIR(aesenc, __m128i, "x", "x", KEY, AESENC)
CM_PROBE_PAIR(aesdec, __m128i, "x", "x", KEY, AESDEC)
CM_PROBE_PAIR(pclmul, __m128i, "x", "x", KEY, PCLMUL)

const cm_probe_kernel cm_probes_x86_aes[] = {
    {"aesenc-xmm", "AESENC xmm, xmm", "x86_64", "aes", aesenc_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, aesenc_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"aesdec-xmm", "AESDEC xmm, xmm", "x86_64", "aes", aesdec_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, aesdec_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"pclmulqdq-xmm", "PCLMULQDQ xmm, xmm, 0x00", "x86_64", "pclmulqdq", pclmul_lat,
     CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, pclmul_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
};
const size_t cm_probes_x86_aes_n = sizeof cm_probes_x86_aes / sizeof cm_probes_x86_aes[0];
