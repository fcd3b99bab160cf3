/*
 * sodium_internal.h — what the files of the libsodium backend share: the
 * vtables each file defines, used by the table in sodium_backend.c.
 */
#ifndef CM_BACKEND_SODIUM_INTERNAL_H
#define CM_BACKEND_SODIUM_INTERNAL_H

#include "cryptometer/primitive.h"

/* sodium_symmetric.c */
extern const cm_hash_vtable sodium_sha256, sodium_sha512, sodium_blake2b512;
extern const cm_mac_vtable sodium_hmac_sha256;
extern const cm_aead_vtable sodium_aes256gcm, sodium_chacha20poly1305;
/* 1 when libsodium's AES-256-GCM runs here (it needs AES-NI and
 * PCLMULQDQ); else 0 with why. */
int sodium_aes256gcm_available(char *why, size_t why_len);

/* sodium_chacha20_poly1305_alone.c */
extern const cm_cipher_vtable sodium_chacha20;
extern const cm_mac_vtable sodium_poly1305;

/* sodium_ed25519.c */
extern const cm_signature_vtable sodium_ed25519;

#endif
