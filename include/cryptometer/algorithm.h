/*
 * algorithm.h — the algorithms cryptometer knows, independent of any library.
 *
 * An algorithm fixes the class, the key, IV/nonce and output lengths and the
 * operations that are measured. Backends name algorithms by these names;
 * the table itself lives in src/model/algorithm.c.
 */
#ifndef CRYPTOMETER_ALGORITHM_H
#define CRYPTOMETER_ALGORITHM_H

#include <stddef.h>
#include "cryptometer/primitive.h"


#define CM_MAX_OPS 4
#define CM_MAX_PARAMS 8

/* One parameter of an algorithm, as data: "key_bits" "2048", "curve"
 * "P-256", "hash" "sha256", "padding" "pss", "encoding" "der". Values that
 * are whole numbers are written to results as numbers. */
typedef struct cm_param {
    const char *key, *value;
} cm_param;

typedef struct cm_algorithm {
    const char *name;     /* "aes-128-cbc", "sha256", "ecdsa-p256-sha256" */
    cm_class cls;
    const char *family;   /* "aes-cbc", "aes-ctr", "aes-gcm", "sha2", "ecdsa", ... */
    size_t key_len;       /* bytes of a symmetric key; 0 for hashes and public-key */
    size_t iv_len;        /* IV, initial counter block or nonce; 0 if none */
    size_t out_len;       /* digest or full tag length; largest signature */
    size_t block_len;     /* message granularity: 16 for CBC, 1 otherwise */
    cm_op ops[CM_MAX_OPS]; /* the operations measured */
    int n_ops;
    /* What makes two implementations the same operation, beyond the name
     * (recorded in every result as "params"); NULL-terminated. */
    cm_param params[CM_MAX_PARAMS];
    /* Ciphers only. 0: a stream (primitive.h, cm_cipher_vtable: a call with
     * iv NULL continues the previous one). Non-zero: every call is one whole
     * data unit of at least this many bytes, with its own IV (XTS: the
     * tweak), and there is no continuation; sizes below it are not
     * measured. */
    size_t data_unit_min;
} cm_algorithm;

/* The value of parameter key of alg, or NULL. */
const char *cm_algorithm_param(const cm_algorithm *alg, const char *key);

/* The algorithm called name, or NULL. */
const cm_algorithm *cm_algorithm_find(const char *name);

/* All algorithms, in display order; *count receives their number. */
const cm_algorithm *cm_algorithm_all(size_t *count);

const char *cm_class_name(cm_class cls); /* "hash", "mac", "cipher", "aead", ... */
const char *cm_op_name(cm_op op);        /* "digest", "encrypt", ... */

#endif
