/*
 * ref_x86.h — the rows of the ref backend's x86-64 variants (ref_x86.c):
 * `aesni` (AES-NI, PCLMULQDQ) for AES-CBC, CTR and GCM, and `vaes256` and
 * `vaes512` (VAES, VPCLMULQDQ on 256- and 512-bit vectors) for AES-CTR and
 * GCM. Each row's
 * available() asks cm_cpu_has() for its features, so a CPU without them,
 * or a mask (--isa, CRYPTOMETER_ISA_MASK), makes it unavailable with the
 * missing feature named.
 *
 * The code is compiled only for x86-64 (CM_REF_X86, set by CMakeLists.txt):
 * elsewhere the row macros are empty. Each macro expands to its rows with
 * their trailing commas.
 */
#ifndef CM_BACKENDS_REF_X86_H
#define CM_BACKENDS_REF_X86_H

#include <stddef.h>
#include "cryptometer/primitive.h"

#ifdef CM_REF_X86

extern const cm_cipher_vtable ref_aesni_aes128_cbc_vtable, ref_aesni_aes256_cbc_vtable,
    ref_aesni_aes128_ctr_vtable, ref_aesni_aes256_ctr_vtable, ref_vaes256_aes128_ctr_vtable,
    ref_vaes256_aes256_ctr_vtable, ref_vaes512_aes128_ctr_vtable, ref_vaes512_aes256_ctr_vtable;
extern const cm_aead_vtable ref_aesni_gcm128_vtable, ref_aesni_gcm256_vtable,
    ref_vaes256_gcm128_vtable, ref_vaes256_gcm256_vtable, ref_vaes512_gcm128_vtable,
    ref_vaes512_gcm256_vtable;

/* available() of each variant's rows (backend.h). */
int ref_x86_aesni_cipher_available(char *why, size_t why_len);
int ref_x86_aesni_gcm_available(char *why, size_t why_len);
int ref_x86_vaes256_ctr_available(char *why, size_t why_len);
int ref_x86_vaes256_gcm_available(char *why, size_t why_len);
int ref_x86_vaes512_ctr_available(char *why, size_t why_len);
int ref_x86_vaes512_gcm_available(char *why, size_t why_len);

#define REF_X86_AES_CBC_ROWS(alg, bits)                                                         \
    CM_IMPL_CIPHER(alg, "aesni", &ref_aesni_aes##bits##_cbc_vtable, ref_x86_aesni_cipher_available),
#define REF_X86_AES_CTR_ROWS(alg, bits)                                                         \
    CM_IMPL_CIPHER(alg, "aesni", &ref_aesni_aes##bits##_ctr_vtable, ref_x86_aesni_cipher_available), \
    CM_IMPL_CIPHER(alg, "vaes256", &ref_vaes256_aes##bits##_ctr_vtable,                          \
                   ref_x86_vaes256_ctr_available),                                               \
    CM_IMPL_CIPHER(alg, "vaes512", &ref_vaes512_aes##bits##_ctr_vtable,                          \
                   ref_x86_vaes512_ctr_available),
#define REF_X86_AES_GCM_ROWS(alg, bits)                                                         \
    CM_IMPL_AEAD(alg, "aesni", &ref_aesni_gcm##bits##_vtable, ref_x86_aesni_gcm_available),     \
    CM_IMPL_AEAD(alg, "vaes256", &ref_vaes256_gcm##bits##_vtable, ref_x86_vaes256_gcm_available), \
    CM_IMPL_AEAD(alg, "vaes512", &ref_vaes512_gcm##bits##_vtable, ref_x86_vaes512_gcm_available),

#else

#define REF_X86_AES_CBC_ROWS(alg, bits)
#define REF_X86_AES_CTR_ROWS(alg, bits)
#define REF_X86_AES_GCM_ROWS(alg, bits)

#endif

#endif
