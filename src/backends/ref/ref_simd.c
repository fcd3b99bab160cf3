/*
 * ref_simd.c — the ref backend's x86-64 SHA-NI and SIMD rows (ref_own.h):
 * the portable drivers of src/impl/ref/ over the cores of src/impl/x86/,
 * and what each needs of the CPU. Compiled without instruction-set flags:
 * only the files of src/impl/x86/ have them.
 */
#include "cryptometer/cpu.h"
#include "backends/ref/ref_own.h"
#include "backends/ref/ref_own_impl.h"
#include "impl/ref/sha1.h"
#include "impl/ref/sha256.h"
#include "impl/x86/blake2_x86.h"
#include "impl/x86/chacha20_avx2.h"
#include "impl/x86/norx_x86.h"
#include "impl/x86/sha_ni.h"

/* The features each file is compiled for (CMakeLists.txt), the most
 * telling first: that is the one named when several are absent. */
#define SHANI "sha_ni,sse4_1,ssse3"
#define AVX2 "avx2"
#define SSE41 "sse4_1,ssse3"
#define SSSE3 "ssse3"

int ref_own_shani_available(char *why, size_t why_len)
{
    return cm_cpu_has(SHANI, why, why_len);
}

int ref_own_avx2_available(char *why, size_t why_len)
{
    return cm_cpu_has(AVX2, why, why_len);
}

int ref_own_sse41_available(char *why, size_t why_len)
{
    return cm_cpu_has(SSE41, why, why_len);
}

int ref_own_ssse3_available(char *why, size_t why_len)
{
    return cm_cpu_has(SSSE3, why, why_len);
}

REF_SHA_VTABLE(ref_shani_sha1_vtable, sha1, x86_shani_sha1_blocks)
REF_SHA_VTABLE(ref_shani_sha256_vtable, sha256, x86_shani_sha256_blocks)
REF_BLAKE2_VTABLE(ref_avx2_blake2b_vtable, ref_blake2b, x86_blake2b_avx2_compress)
REF_BLAKE2_VTABLE(ref_sse41_blake2s_vtable, ref_blake2s, x86_blake2s_sse41_compress)
REF_NORX_VTABLE(ref_ssse3_norx32_vtable, 32, x86_norx32_ssse3_permute)
REF_NORX_VTABLE(ref_avx2_norx64_vtable, 64, x86_norx64_avx2_permute)
REF_CHACHA20_VTABLE(ref_avx2_chacha20_vtable, x86_chacha20_avx2_xor)
REF_CHAPOLY_VTABLE(ref_avx2_chapoly_vtable, x86_chacha20_avx2_xor)
