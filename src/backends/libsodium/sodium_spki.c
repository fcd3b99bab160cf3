/*
 * sodium_spki.c — the RFC 8410 SubjectPublicKeyInfo of the libsodium
 * backend's keys (Ed25519, X25519): libsodium knows raw 32-byte keys only,
 * and the DER form of these is fixed, a 12-byte header whose one varying
 * byte is the last of the algorithm's OID, then the key.
 */
#include <string.h>
#include "sodium_internal.h"

/* SEQUENCE { SEQUENCE { OID 1.3.101.x }, BIT STRING (0 unused bits) of 32
 * bytes } (RFC 8410, section 4); byte 8 is x. */
static const uint8_t spki_header[SODIUM_SPKI_HEADER] = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03,
                                                        0x2b, 0x65, 0x00, 0x03, 0x21, 0x00};

const uint8_t *sodium_spki_key(const uint8_t *der, size_t len, uint8_t oid)
{
    if (der == NULL || len != SODIUM_SPKI_HEADER + 32 || memcmp(der, spki_header, 8) != 0
        || der[8] != oid || memcmp(der + 9, spki_header + 9, SODIUM_SPKI_HEADER - 9) != 0)
        return NULL;
    return der + SODIUM_SPKI_HEADER;
}

void sodium_spki_write(uint8_t *der, const uint8_t *key, uint8_t oid)
{
    memcpy(der, spki_header, SODIUM_SPKI_HEADER);
    der[8] = oid;
    memcpy(der + SODIUM_SPKI_HEADER, key, 32);
}
