/*
 * kernel_crypto.h — the kernel's crypto as a typed value: the
 * "kernel_crypto" object of a detect document and a run's context
 * (docs/result-format.md). kcrypto.c and afalg_state.c fill it from the
 * running kernel or a recorded root; kernel_crypto_json.c is the one file
 * that writes it as JSON and reads it back; the verdicts (verdict_kernel.c)
 * and detect's text (run/detect_text_kernel.c) read only this struct.
 *
 * Every string is malloc'ed and owned by the struct (NULL: absent or JSON
 * null); platform_kcrypto_free() releases them.
 */
#ifndef CM_PLATFORM_KERNEL_CRYPTO_H
#define CM_PLATFORM_KERNEL_CRYPTO_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

/* One driver of an algorithm (drivers[] of an algorithms[] entry). */
typedef struct platform_kc_driver {
    char *driver, *module, *type, *selftest;
    char *klass;                 /* "class": "cpu-instructions", "hardware-engine", ... */
    char *what;                  /* the table's phrase, or NULL (key omitted) */
    long long priority;          /* 0 when null */
    int has_priority;            /* 0: JSON null (the file's value was refused) */
    int internal, selected;      /* booleans */
    int async;                   /* 1, 0, or -1 (null: no such line) */
    int af_alg_reachable;        /* user space reaches it through AF_ALG */
    char *af_alg_why;            /* why not, or NULL (key omitted) */
    int af_alg_cpu_only_excludes; /* a CPU-only AF_ALG (7.2) leaves it out */
} platform_kc_driver;

/* One algorithm name of /proc/crypto with its drivers by priority. */
typedef struct platform_kc_algorithm {
    char *name;                  /* always set */
    char *selected;              /* the driver the kernel selects, or NULL (key omitted) */
    platform_kc_driver *drivers;
    size_t n_drivers;
} platform_kc_algorithm;

/* One AF_ALG interface probed: af_alg.types.<name>. */
typedef struct platform_af_alg_type {
    char *name;                  /* "hash", "skcipher", "aead", "rng" */
    char *algorithm;             /* the algorithm bound: "sha256", ... */
    int available;
    char *reason;                /* why not, or NULL (key omitted) */
} platform_af_alg_type;

/* What AF_ALG does here (kcrypto.c probes it, afalg_state.c judges it). */
typedef struct platform_af_alg {
    int available;               /* 1, 0, or -1 (null: not probed, --sysroot) */
    char *reason;                /* null when available */
    char *err_name;              /* "errno": "EAFNOSUPPORT", ..., or NULL (key omitted) */
    int has_types;               /* "types" is written (live probe) */
    platform_af_alg_type *types;
    size_t n_types;
    /* Judged (platform_af_alg_state); state NULL: not judged, and these
     * keys are not written. */
    char *state;                 /* absent, loadable, blocked, present, restricted, unknown */
    int cpu_only;                /* 1, 0, or -1 (key omitted) */
    char *splice;                /* "copies", "zero-copy", or NULL (key omitted) */
    char *kernel_release;        /* or NULL (null) */
    char **evidence;             /* sentences */
    size_t n_evidence;
    char *deprecation;
} platform_af_alg;

/* The hardware RNG (sysfs hw_random and /dev/hwrng). */
typedef struct platform_hwrng {
    char *current;               /* or NULL (null: none) */
    char **available;
    size_t n_available;
    int sysfs;                   /* the sysfs files were read */
    int dev_hwrng;               /* 1, 0, or -1 (null: unknown) */
    int has_quality;             /* "quality" is written */
    long long quality;
} platform_hwrng;

/* The kernel_crypto object. */
typedef struct platform_kcrypto {
    int proc_crypto;             /* /proc/crypto was readable */
    platform_kc_algorithm *algorithms; /* in order of first appearance */
    size_t n_algorithms;
    platform_af_alg af_alg;
    int dev_crypto;              /* 1, 0, or -1 (null: unknown) */
    platform_hwrng hwrng;
} platform_kcrypto;

/* *out = a malloc'ed copy of s (NULL for NULL), as kcrypto.c and
 * afalg_state.c fill the struct. 0, or -1 when out of memory. */
int platform_kc_copy(char **out, const char *s);

/* Releases what af owns and zeroes it (its fields as absent). */
void platform_af_alg_clear(platform_af_alg *af);

/* Releases what kc owns and zeroes it. */
void platform_kcrypto_free(platform_kcrypto *kc);

/* The "af_alg" object, its keys in the order detect has always written
 * them. New reference, NULL when out of memory. */
struct json_t *platform_af_alg_to_json(const platform_af_alg *af);

/* The "kernel_crypto" object. New reference, NULL when out of memory. */
struct json_t *platform_kcrypto_to_json(const platform_kcrypto *kc);

/* Reads a "kernel_crypto" object (a saved detect document, a run's
 * context) into *kc: a missing or null object, key or value reads as
 * absent (false, unknown, empty); a value of the wrong type is one error
 * naming its path (CM_EXIT_ENVIRONMENT). 0, or -1 with err and *kc empty. */
int platform_kcrypto_from_json(const struct json_t *o, platform_kcrypto *kc, cm_error *err);

#endif
