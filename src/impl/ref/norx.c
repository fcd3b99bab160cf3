/*
 * norx.c — NORX32-4-1 and NORX64-4-1 in portable C (norx.h): the sponge of
 * norx_sponge.h instantiated for 32- and 64-bit words with the rotation
 * counts of the specification (8, 11, 16, 31 and 8, 19, 40, 63).
 */
#include <string.h>
#include "impl/ref/bytes.h"
#include "impl/ref/norx.h"

#define NX_W uint32_t
#define NX_BITS 32
#define NX_R0 8
#define NX_R1 11
#define NX_R2 16
#define NX_R3 31
#define NX_LOAD ref_load32_le
#define NX_STORE ref_store32_le
#define NX_ROTR ref_rotr32
#define NX_FN(x) ref_norx32_##x
#include "impl/ref/norx_sponge.h"
#undef NX_W
#undef NX_BITS
#undef NX_R0
#undef NX_R1
#undef NX_R2
#undef NX_R3
#undef NX_LOAD
#undef NX_STORE
#undef NX_ROTR
#undef NX_FN

#define NX_W uint64_t
#define NX_BITS 64
#define NX_R0 8
#define NX_R1 19
#define NX_R2 40
#define NX_R3 63
#define NX_LOAD ref_load64_le
#define NX_STORE ref_store64_le
#define NX_ROTR ref_rotr64
#define NX_FN(x) ref_norx64_##x
#include "impl/ref/norx_sponge.h"
