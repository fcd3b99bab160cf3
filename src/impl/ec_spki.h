/*
 * ec_spki.h — an ECDSA public key on P-256 or P-384 as a DER
 * SubjectPublicKeyInfo (RFC 5480: id-ecPublicKey, the named curve, the
 * uncompressed point): a fixed prefix per curve, then 0x04 || X || Y. For
 * the backends whose library reads and writes the raw point but not
 * SubjectPublicKeyInfo (LibTomCrypt 1.18's ecc_ansi_x963_*): the encoding
 * of a named curve and an uncompressed point has no choices, so it is
 * compared byte for byte, never parsed leniently (src/impl/ed25519_spki.h
 * does the same for Ed25519).
 */
#ifndef CM_IMPL_EC_SPKI_H
#define CM_IMPL_EC_SPKI_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* SEQUENCE { SEQUENCE { OID 1.2.840.10045.2.1, OID prime256v1 }, BIT STRING } */
static const uint8_t ec_spki_p256_prefix[26] = {
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
    0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};
/* SEQUENCE { SEQUENCE { OID 1.2.840.10045.2.1, OID secp384r1 }, BIT STRING } */
static const uint8_t ec_spki_p384_prefix[23] = {
    0x30, 0x76, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02,
    0x01, 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22, 0x03, 0x62, 0x00};

/* The prefix for a curve of field_bytes (32 or 48), or NULL. */
static inline const uint8_t *ec_spki_prefix(size_t field_bytes, size_t *prefix_len)
{
    if (field_bytes == 32) {
        *prefix_len = sizeof ec_spki_p256_prefix;
        return ec_spki_p256_prefix;
    }
    if (field_bytes == 48) {
        *prefix_len = sizeof ec_spki_p384_prefix;
        return ec_spki_p384_prefix;
    }
    return NULL;
}

/* Writes the SubjectPublicKeyInfo of the uncompressed point (1 + 2 *
 * field_bytes bytes) into der (at most *len bytes; *len set): 0, or -1. */
static inline int ec_spki_write(size_t field_bytes, const uint8_t *point, size_t point_len,
                                uint8_t *der, size_t *len)
{
    size_t plen;
    const uint8_t *prefix = ec_spki_prefix(field_bytes, &plen);
    if (prefix == NULL || point_len != 1 + 2 * field_bytes || point[0] != 0x04 ||
        *len < plen + point_len)
        return -1;
    memcpy(der, prefix, plen);
    memcpy(der + plen, point, point_len);
    *len = plen + point_len;
    return 0;
}

/* The uncompressed point inside der (1 + 2 * field_bytes bytes), or NULL
 * when der is not exactly such a SubjectPublicKeyInfo. */
static inline const uint8_t *ec_spki_point(size_t field_bytes, const uint8_t *der, size_t len)
{
    size_t plen;
    const uint8_t *prefix = ec_spki_prefix(field_bytes, &plen);
    if (prefix == NULL || len != plen + 1 + 2 * field_bytes || memcmp(der, prefix, plen) != 0 ||
        der[plen] != 0x04)
        return NULL;
    return der + plen;
}

#endif
