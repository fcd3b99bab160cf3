/*
 * sodium_internal.h — what the files of the libsodium backend share: the
 * vtables each file defines, used by the table in sodium_backend.c.
 */
#ifndef CM_BACKEND_SODIUM_INTERNAL_H
#define CM_BACKEND_SODIUM_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"

/* sodium_symmetric.c */
extern const cm_hash_vtable sodium_sha256, sodium_sha512, sodium_blake2b512;
extern const cm_mac_vtable sodium_hmac_sha256;
extern const cm_rng_vtable sodium_randombytes;
extern const cm_aead_vtable sodium_aes256gcm, sodium_chacha20poly1305;
/* 1 when libsodium's AES-256-GCM runs here (it needs AES-NI and
 * PCLMULQDQ); else 0 with why. */
int sodium_aes256gcm_available(char *why, size_t why_len);

/* sodium_chacha20_poly1305_alone.c */
extern const cm_cipher_vtable sodium_chacha20;
extern const cm_mac_vtable sodium_poly1305;

/* sodium_spki.c: RFC 8410 SubjectPublicKeyInfo of a 32-byte key, whose
 * OID is 1.3.101.oid */
#define SODIUM_SPKI_HEADER 12
#define SODIUM_OID_X25519 110
#define SODIUM_OID_ED25519 112
/* The key inside der when der is exactly that form for oid, else NULL. */
const uint8_t *sodium_spki_key(const uint8_t *der, size_t len, uint8_t oid);
/* Writes the SODIUM_SPKI_HEADER + 32 bytes of key's form to der. */
void sodium_spki_write(uint8_t *der, const uint8_t *key, uint8_t oid);

/* sodium_x25519.c */
extern const cm_kex_vtable sodium_x25519;

/* sodium_ed25519.c */
extern const cm_signature_vtable sodium_ed25519;

#endif
