/*
 * cryptopp_internal.h — the vtables cryptopp_impl.cpp and cryptopp_pubkey.cpp
 * (C++, Crypto++'s classes) give to cryptopp_backend.c (C, the
 * implementation table).
 */
#ifndef CM_BACKEND_CRYPTOPP_INTERNAL_H
#define CM_BACKEND_CRYPTOPP_INTERNAL_H

#include "cryptometer/primitive.h"

#ifdef __cplusplus
extern "C" {
#endif

extern const cm_cipher_vtable cp_aes_128_cbc_vt, cp_aes_256_cbc_vt, cp_aes_128_ctr_vt,
    cp_aes_256_ctr_vt, cp_aes_128_xts_vt, cp_aes_256_xts_vt, cp_chacha20_vt, cp_aes_128_ecb_vt,
    cp_aes_256_ecb_vt;
extern const cm_aead_vtable cp_aes_128_gcm_vt, cp_aes_256_gcm_vt, cp_chacha20_poly1305_vt;
extern const cm_hash_vtable cp_sha1_vt, cp_sha256_vt, cp_sha512_vt, cp_sha3_256_vt,
    cp_sha3_512_vt, cp_blake2b_512_vt, cp_blake2s_256_vt;
extern const cm_mac_vtable cp_hmac_sha256_vt, cp_poly1305_vt;
extern const cm_signature_vtable cp_ed25519_vt, cp_ecdsa_p256_sha256_vt, cp_ecdsa_p384_sha384_vt,
    cp_rsa_2048_pss_sha256_vt, cp_rsa_3072_pss_sha256_vt, cp_rsa_4096_pss_sha256_vt;
extern const cm_kex_vtable cp_x25519_vt, cp_ecdh_p256_vt;
/* one table for every key size: create() reads the algorithm's key_bits */
extern const cm_pke_vtable cp_rsa_oaep_sha256_vt;

/* Crypto++'s version, from the library loaded (LibraryVersion()). */
const char *cp_version(void);

#ifdef __cplusplus
}
#endif

#endif
