/*
 * ref_own.c — the ref backend's BLAKE2 and NORX behind the class tables
 * (ref_own.h), written once over a compression or permutation function so
 * that the portable rows here and the SIMD rows of ref_simd.c share them
 * (ref_own_impl.h).
 */
#include "backends/ref/ref_own.h"
#include "backends/ref/ref_own_impl.h"

REF_BLAKE2_VTABLE(ref_portable_blake2b_vtable, ref_blake2b, ref_blake2b_compress)
REF_BLAKE2_VTABLE(ref_portable_blake2s_vtable, ref_blake2s, ref_blake2s_compress)
REF_NORX_VTABLE(ref_portable_norx32_vtable, 32, ref_norx32_permute)
REF_NORX_VTABLE(ref_portable_norx64_vtable, 64, ref_norx64_permute)
