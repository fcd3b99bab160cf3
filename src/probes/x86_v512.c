/*
 * x86_v512.c — probes of VAESENC and VPCLMULQDQ on zmm registers (four AES
 * blocks, four carry-less products per instruction): the instructions of
 * our vaes512 CTR and GCM. Built with -mvaes -mvpclmulqdq -mavx512f
 * (src/probes/CMakeLists.txt); run only where cm_cpu_has() grants
 * "vaes,avx512f" or "vpclmulqdq,avx512f".
 */
#include <immintrin.h>
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define KEY _mm512_set1_epi32(0x03020100)

#define VAESENC(r) "vaesenc %[k], %[" r "], %[" r "]\n\t"
#define VPCLMUL(r) "vpclmulqdq $0x00, %[k], %[" r "], %[" r "]\n\t"

/* "v": any of zmm0-31 (the chains need not fit in the first sixteen) */
CM_PROBE_PAIR(vaesenc, __m512i, "v", "v", KEY, VAESENC)
CM_PROBE_PAIR(vpclmul, __m512i, "v", "v", KEY, VPCLMUL)

const cm_probe_kernel cm_probes_x86_v512[] = {
    {"vaesenc-zmm", "VAESENC zmm, zmm, zmm", "x86_64", "vaes,avx512f", vaesenc_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, vaesenc_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"vpclmulqdq-zmm", "VPCLMULQDQ zmm, zmm, zmm, 0x00", "x86_64", "vpclmulqdq,avx512f", vpclmul_lat,
     CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, vpclmul_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
};
const size_t cm_probes_x86_v512_n = sizeof cm_probes_x86_v512 / sizeof cm_probes_x86_v512[0];
