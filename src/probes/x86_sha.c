/*
 * x86_sha.c — probes of SHA256RNDS2 and SHA1RNDS4 (SHA-NI): two and four
 * rounds of SHA-256 and SHA-1. The chain runs through the state operand,
 * as in a hash, where each round needs the state of the one before. Built
 * with -msha (src/probes/CMakeLists.txt); run only where cm_cpu_has()
 * grants "sha_ni".
 */
#include <immintrin.h>
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define KEY _mm_set_epi32(0x0f0e0d0c, 0x0b0a0908, 0x07060504, 0x03020100)

/* SHA256RNDS2 reads xmm0 (message + constants) implicitly: k is bound to
 * it ("Yz") and named explicitly, as the AT&T form wants; a chain register
 * never is xmm0, which k holds. */
#define SHA256RNDS2(r) "sha256rnds2 %[k], %[k], %[" r "]\n\t"
#define SHA1RNDS4(r) "sha1rnds4 $0, %[k], %[" r "]\n\t"

CM_PROBE_PAIR(sha256rnds2, __m128i, "x", "Yz", KEY, SHA256RNDS2)
CM_PROBE_PAIR(sha1rnds4, __m128i, "x", "x", KEY, SHA1RNDS4)

const cm_probe_kernel cm_probes_x86_sha[] = {
    {"sha256rnds2", "SHA256RNDS2 xmm, xmm, <xmm0>", "x86_64", "sha_ni", sha256rnds2_lat,
     CM_PROBE_LAT_STEPS, CM_PROBE_LAT_HOW, sha256rnds2_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
    {"sha1rnds4", "SHA1RNDS4 xmm, xmm, 0", "x86_64", "sha_ni", sha1rnds4_lat, CM_PROBE_LAT_STEPS,
     CM_PROBE_LAT_HOW, sha1rnds4_tput, CM_PROBE_TPUT_UNITS, CM_PROBE_TPUT_HOW},
};
const size_t cm_probes_x86_sha_n = sizeof cm_probes_x86_sha / sizeof cm_probes_x86_sha[0];
