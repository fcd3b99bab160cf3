/*
 * ref_x86.c — the ref backend's x86-64 variants behind the class tables
 * (see ref_x86.h): engines over src/impl/x86/ for the CBC and CTR streams,
 * the GCM tables, and what each needs of the CPU. Compiled without
 * instruction-set flags: only the files of src/impl/x86/ have them.
 */
#include "cryptometer/cpu.h"
#include "backends/ref/ref_aes_stream.h"
#include "backends/ref/ref_state.h"
#include "backends/ref/ref_x86.h"
#include "impl/x86/aes_x86.h"
#include "impl/x86/gcm_x86.h"

/* ---- what each variant needs ---------------------------------------------- */

/* The features the code of each variant is compiled for (CMakeLists.txt),
 * the most telling first: that is the one named when several are absent. */
#define AESNI_CIPHER "aes,ssse3"
#define AESNI_GCM "aes,pclmulqdq,ssse3"
#define VAES256_CTR "vaes,avx2,aes,ssse3"
#define VAES256_GCM "vaes,vpclmulqdq,avx2,aes,pclmulqdq,ssse3"
#define VAES512_CTR "vaes,avx512f,aes,ssse3"
#define VAES512_GCM "vaes,vpclmulqdq,avx512f,avx512bw,aes,pclmulqdq,ssse3"

int ref_x86_aesni_cipher_available(char *why, size_t why_len)
{
    return cm_cpu_has(AESNI_CIPHER, why, why_len);
}

int ref_x86_aesni_gcm_available(char *why, size_t why_len)
{
    return cm_cpu_has(AESNI_GCM, why, why_len);
}

int ref_x86_vaes256_ctr_available(char *why, size_t why_len)
{
    return cm_cpu_has(VAES256_CTR, why, why_len);
}

int ref_x86_vaes256_gcm_available(char *why, size_t why_len)
{
    return cm_cpu_has(VAES256_GCM, why, why_len);
}

int ref_x86_vaes512_ctr_available(char *why, size_t why_len)
{
    return cm_cpu_has(VAES512_CTR, why, why_len);
}

int ref_x86_vaes512_gcm_available(char *why, size_t why_len)
{
    return cm_cpu_has(VAES512_GCM, why, why_len);
}

/* ---- AES-CBC and AES-CTR -------------------------------------------------- */

REF_AES_ENGINE(aesni_engine, x86_aes_key, x86_aesni_set_key, x86_aesni_encrypt_block,
               x86_aesni_cbc_encrypt, x86_aesni_cbc_decrypt, x86_aesni_ctr_xor);
REF_AES_CREATE(ref_aesni, aesni_engine)
REF_AES_VTABLE(ref_aesni, 128, cbc);
REF_AES_VTABLE(ref_aesni, 256, cbc);
REF_AES_VTABLE(ref_aesni, 128, ctr);
REF_AES_VTABLE(ref_aesni, 256, ctr);

/* VAES does CTR's bulk; its engines' CBC is AES-NI's, which no row uses. */
REF_AES_ENGINE(vaes256_engine, x86_aes_key, x86_aesni_set_key, x86_aesni_encrypt_block,
               x86_aesni_cbc_encrypt, x86_aesni_cbc_decrypt, x86_vaes256_ctr_xor);
REF_AES_CREATE(ref_vaes256, vaes256_engine)
REF_AES_VTABLE(ref_vaes256, 128, ctr);
REF_AES_VTABLE(ref_vaes256, 256, ctr);

REF_AES_ENGINE(vaes512_engine, x86_aes_key, x86_aesni_set_key, x86_aesni_encrypt_block,
               x86_aesni_cbc_encrypt, x86_aesni_cbc_decrypt, x86_vaes512_ctr_xor);
REF_AES_CREATE(ref_vaes512, vaes512_engine)
REF_AES_VTABLE(ref_vaes512, 128, ctr);
REF_AES_VTABLE(ref_vaes512, 256, ctr);

/* ---- AES-GCM -------------------------------------------------------------- */

/* A new GCM key for exactly want_len key bytes (else CM_ERR_UNSUPPORTED). */
static cm_rc gcm_create(void **state, const uint8_t *key, size_t key_len, size_t want_len)
{
    if (key_len != want_len)
        return CM_ERR_UNSUPPORTED;
    cm_rc rc = ref_state_alloc(state, sizeof(x86_gcm_key));
    if (rc != CM_OK)
        return rc;
    rc = x86_gcm_set_key(*state, key, key_len);
    if (rc != CM_OK) {
        ref_state_free(*state, sizeof(x86_gcm_key));
        *state = NULL;
    }
    return rc;
}

static cm_rc gcm128_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 16);
}

static cm_rc gcm256_create(void **state, const uint8_t *key, size_t key_len)
{
    return gcm_create(state, key, key_len, 32);
}

/* Wipes and frees a GCM key; NULL is accepted. */
static void gcm_destroy(void *state)
{
    ref_state_free(state, sizeof(x86_gcm_key));
}

/* The seal and open of the AES-NI variant and of the VAES ones. */
static cm_rc aesni_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                        uint8_t *tag, size_t tag_len)
{
    return x86_aesni_gcm_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

static cm_rc aesni_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                        size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                        const uint8_t *tag, size_t tag_len)
{
    return x86_aesni_gcm_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag, tag_len);
}

static cm_rc vaes256_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return x86_vaes256_gcm_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                tag_len);
}

static cm_rc vaes256_open(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return x86_vaes256_gcm_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                tag_len);
}

static cm_rc vaes512_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return x86_vaes512_gcm_seal(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                tag_len);
}

static cm_rc vaes512_open(void *state, const uint8_t *nonce, size_t nonce_len,
                          const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                          uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return x86_vaes512_gcm_open(state, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                tag_len);
}

const cm_aead_vtable ref_aesni_gcm128_vtable = {gcm128_create, aesni_seal, aesni_open, gcm_destroy};
const cm_aead_vtable ref_aesni_gcm256_vtable = {gcm256_create, aesni_seal, aesni_open, gcm_destroy};
const cm_aead_vtable ref_vaes256_gcm128_vtable = {gcm128_create, vaes256_seal, vaes256_open,
                                                  gcm_destroy};
const cm_aead_vtable ref_vaes256_gcm256_vtable = {gcm256_create, vaes256_seal, vaes256_open,
                                                  gcm_destroy};
const cm_aead_vtable ref_vaes512_gcm128_vtable = {gcm128_create, vaes512_seal, vaes512_open,
                                                  gcm_destroy};
const cm_aead_vtable ref_vaes512_gcm256_vtable = {gcm256_create, vaes512_seal, vaes512_open,
                                                  gcm_destroy};
