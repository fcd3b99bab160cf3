/*
 * ltc_common.c — set-up both LibTomCrypt backends share: the descriptors
 * LibTomCrypt finds by index (AES, the hashes) registered once per process.
 */
#include <stdio.h>
#include "ltc_internal.h"

static int aes_index = -1;

cm_rc ltc_register(char *why, size_t why_len)
{
    const struct ltc_hash_descriptor *hashes[] = {&sha1_desc, &sha256_desc, &sha384_desc, &sha512_desc,
                                                  &sha3_256_desc, &sha3_512_desc,
                                                  &blake2b_512_desc, &blake2s_256_desc};
    aes_index = register_cipher(&aes_desc);
    if (aes_index < 0) {
        snprintf(why, why_len, "LibTomCrypt's register_cipher(aes) failed");
        return CM_ERR_LIBRARY;
    }
    for (size_t i = 0; i < sizeof hashes / sizeof hashes[0]; i++)
        if (register_hash(hashes[i]) < 0) {
            snprintf(why, why_len, "LibTomCrypt's register_hash(%s) failed", hashes[i]->name);
            return CM_ERR_LIBRARY;
        }
    return CM_OK;
}

int ltc_aes_index(void)
{
    return aes_index;
}
