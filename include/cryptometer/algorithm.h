/*
 * algorithm.h — the algorithms cryptometer knows, independent of any library.
 *
 * An algorithm fixes the class, the key, IV/nonce and output lengths and the
 * operations that are measured. Backends name algorithms by these names;
 * the table itself lives in src/core/algorithm.c.
 */
#ifndef CRYPTOMETER_ALGORITHM_H
#define CRYPTOMETER_ALGORITHM_H

#include <stddef.h>
#include "cryptometer/primitive.h"

/* Operations measured, per class:
 *   hash: digest;  mac: mac;  cipher: encrypt, decrypt;  aead: seal, open. */
typedef enum cm_op {
    CM_OP_DIGEST = 0,
    CM_OP_MAC,
    CM_OP_ENCRYPT,
    CM_OP_DECRYPT,
    CM_OP_SEAL,
    CM_OP_OPEN,
    CM_OP_COUNT
} cm_op;

typedef struct cm_algorithm {
    const char *name;     /* "aes-128-cbc", "sha256", "chacha20-poly1305" */
    cm_class cls;
    const char *family;   /* "aes-cbc", "aes-ctr", "aes-gcm", "sha2", ... */
    size_t key_len;       /* bytes; 0 for hashes */
    size_t iv_len;        /* IV, initial counter block or nonce; 0 if none */
    size_t out_len;       /* digest or full tag length */
    size_t block_len;     /* message granularity: 16 for CBC, 1 otherwise */
    cm_op ops[2];         /* the operations measured */
    int n_ops;
} cm_algorithm;

/* The algorithm called name, or NULL. */
const cm_algorithm *cm_algorithm_find(const char *name);

/* All algorithms, in display order; *count receives their number. */
const cm_algorithm *cm_algorithm_all(size_t *count);

const char *cm_class_name(cm_class cls); /* "hash", "mac", "cipher", "aead" */
const char *cm_op_name(cm_op op);        /* "digest", "encrypt", ... */

#endif
