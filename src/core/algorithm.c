/*
 * algorithm.c — the table of algorithms cryptometer measures (see
 * include/cryptometer/algorithm.h). Display order is the order here.
 */
#include <string.h>
#include "cryptometer/algorithm.h"

#define CIPHER_OPS {CM_OP_ENCRYPT, CM_OP_DECRYPT}, 2
#define AEAD_OPS {CM_OP_SEAL, CM_OP_OPEN}, 2

static const cm_algorithm algorithms[] = {
    /* name              class            family      key iv  out blk ops */
    {"aes-128-cbc",       CM_CLASS_CIPHER, "aes-cbc",  16, 16, 0,  16, CIPHER_OPS},
    {"aes-256-cbc",       CM_CLASS_CIPHER, "aes-cbc",  32, 16, 0,  16, CIPHER_OPS},
    {"aes-128-ctr",       CM_CLASS_CIPHER, "aes-ctr",  16, 16, 0,  1,  {CM_OP_ENCRYPT}, 1},
    {"aes-256-ctr",       CM_CLASS_CIPHER, "aes-ctr",  32, 16, 0,  1,  {CM_OP_ENCRYPT}, 1},
    {"aes-128-gcm",       CM_CLASS_AEAD,   "aes-gcm",  16, 12, 16, 1,  AEAD_OPS},
    {"aes-256-gcm",       CM_CLASS_AEAD,   "aes-gcm",  32, 12, 16, 1,  AEAD_OPS},
    {"chacha20-poly1305", CM_CLASS_AEAD,   "chacha20-poly1305", 32, 12, 16, 1, AEAD_OPS},
    {"sha1",              CM_CLASS_HASH,   "sha1",     0,  0,  20, 1,  {CM_OP_DIGEST}, 1},
    {"sha256",            CM_CLASS_HASH,   "sha2",     0,  0,  32, 1,  {CM_OP_DIGEST}, 1},
    {"sha512",            CM_CLASS_HASH,   "sha2",     0,  0,  64, 1,  {CM_OP_DIGEST}, 1},
    {"hmac-sha256",       CM_CLASS_MAC,    "hmac",     32, 0,  32, 1,  {CM_OP_MAC}, 1},
};

const cm_algorithm *cm_algorithm_find(const char *name)
{
    for (size_t i = 0; i < sizeof algorithms / sizeof algorithms[0]; i++)
        if (strcmp(algorithms[i].name, name) == 0)
            return &algorithms[i];
    return NULL;
}

const cm_algorithm *cm_algorithm_all(size_t *count)
{
    *count = sizeof algorithms / sizeof algorithms[0];
    return algorithms;
}

const char *cm_class_name(cm_class cls)
{
    static const char *const names[CM_CLASS_COUNT] = {"hash", "mac", "cipher", "aead"};
    return (unsigned)cls < CM_CLASS_COUNT ? names[cls] : "?";
}

const char *cm_op_name(cm_op op)
{
    static const char *const names[CM_OP_COUNT] = {"digest", "mac", "encrypt",
                                                   "decrypt", "seal", "open"};
    return (unsigned)op < CM_OP_COUNT ? names[op] : "?";
}
