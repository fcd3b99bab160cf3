/*
 * ltc_common.c — set-up both LibTomCrypt backends share: the descriptors
 * LibTomCrypt finds by index (AES, the hashes) registered once per process,
 * and the per-state ChaCha20 PRNG of the public-key code.
 */
#include <stdio.h>
#include <string.h>
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

cm_rc ltc_prng_start(prng_state *prng, int *index)
{
    uint8_t seed[40];
    int ok;
    *index = register_prng(&chacha20_prng_desc);
    ok = *index >= 0 && rng_get_bytes(seed, sizeof seed, NULL) == sizeof seed &&
         chacha20_prng_start(prng) == CRYPT_OK &&
         chacha20_prng_add_entropy(seed, sizeof seed, prng) == CRYPT_OK &&
         chacha20_prng_ready(prng) == CRYPT_OK;
    zeromem(seed, sizeof seed);
    return ok ? CM_OK : CM_ERR_LIBRARY;
}

const ltc_ecc_set_type *ltc_find_curve(int field_bytes)
{
    const char *name = field_bytes == 32 ? "ECC-256" : field_bytes == 48 ? "ECC-384" : NULL;
    for (int i = 0; name != NULL && ltc_ecc_sets[i].size != 0; i++)
        if (ltc_ecc_sets[i].size == field_bytes && strcmp(ltc_ecc_sets[i].name, name) == 0)
            return &ltc_ecc_sets[i];
    return NULL;
}
