/*
 * ed25519_spki.h — an Ed25519 public key as a DER SubjectPublicKeyInfo
 * (RFC 8410): a fixed 12-byte prefix, then the 32-byte key. For the
 * backends whose library signs and verifies with the raw key but does not
 * read or write SubjectPublicKeyInfo (nettle, libgcrypt): the encoding has
 * no choices, so it is compared byte for byte, never parsed leniently.
 */
#ifndef CM_IMPL_ED25519_SPKI_H
#define CM_IMPL_ED25519_SPKI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define ED25519_SPKI_KEY_LEN 32
#define ED25519_SPKI_LEN 44

/* SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING (0 unused bits) } */
static const uint8_t ed25519_spki_prefix[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                                0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

/* Writes the SubjectPublicKeyInfo of the raw key into der (at most *len
 * bytes; *len set): 0, or -1 when *len is too small. */
static inline int ed25519_spki_write(const uint8_t key[ED25519_SPKI_KEY_LEN], uint8_t *der,
                                     size_t *len)
{
    if (*len < ED25519_SPKI_LEN)
        return -1;
    memcpy(der, ed25519_spki_prefix, sizeof ed25519_spki_prefix);
    memcpy(der + sizeof ed25519_spki_prefix, key, ED25519_SPKI_KEY_LEN);
    *len = ED25519_SPKI_LEN;
    return 0;
}

/* The raw key inside der, or NULL when der is not exactly an Ed25519
 * SubjectPublicKeyInfo. */
static inline const uint8_t *ed25519_spki_key(const uint8_t *der, size_t len)
{
    if (len != ED25519_SPKI_LEN || memcmp(der, ed25519_spki_prefix, sizeof ed25519_spki_prefix) != 0)
        return NULL;
    return der + sizeof ed25519_spki_prefix;
}

#endif
