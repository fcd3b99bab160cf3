/*
 * rfc8410_spki.h — an Ed25519 or X25519 public key as a DER
 * SubjectPublicKeyInfo (RFC 8410): a fixed 12-byte prefix naming the
 * algorithm, then the 32-byte key. For the backends whose library works on
 * raw keys and does not read or write SubjectPublicKeyInfo (nettle,
 * libgcrypt): the encoding has no choices, so it is compared byte for byte,
 * never parsed leniently.
 */
#ifndef CM_IMPL_RFC8410_SPKI_H
#define CM_IMPL_RFC8410_SPKI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define RFC8410_KEY_LEN 32
#define RFC8410_SPKI_LEN 44

/* The last byte of the algorithm's OID, 1.3.101.x */
#define RFC8410_X25519 0x6e
#define RFC8410_ED25519 0x70

/* SEQUENCE { SEQUENCE { OID 1.3.101.x }, BIT STRING (0 unused bits) } */
static inline void rfc8410_spki_prefix(uint8_t oid, uint8_t prefix[12])
{
    static const uint8_t p[12] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                  0x2b, 0x65, 0x00, 0x03, 0x21, 0x00};
    memcpy(prefix, p, sizeof p);
    prefix[8] = oid;
}

/* Writes the SubjectPublicKeyInfo of raw key for the algorithm oid
 * (RFC8410_*) into der (at most *len bytes; *len set): 0, or -1 when *len
 * is too small. */
static inline int rfc8410_spki_write(uint8_t oid, const uint8_t key[RFC8410_KEY_LEN],
                                     uint8_t *der, size_t *len)
{
    if (*len < RFC8410_SPKI_LEN)
        return -1;
    rfc8410_spki_prefix(oid, der);
    memcpy(der + 12, key, RFC8410_KEY_LEN);
    *len = RFC8410_SPKI_LEN;
    return 0;
}

/* The raw key inside der, or NULL when der is not exactly a
 * SubjectPublicKeyInfo of the algorithm oid. */
static inline const uint8_t *rfc8410_spki_key(uint8_t oid, const uint8_t *der, size_t len)
{
    uint8_t prefix[12];
    rfc8410_spki_prefix(oid, prefix);
    if (len != RFC8410_SPKI_LEN || memcmp(der, prefix, sizeof prefix) != 0)
        return NULL;
    return der + sizeof prefix;
}

#endif
