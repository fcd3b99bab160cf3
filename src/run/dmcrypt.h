/*
 * dmcrypt.h — `dmcrypt`: the kernel's cipher drivers measured through an
 * in-kernel user, dm-crypt, over a RAM device the tool creates
 * (dmcrypt_dev.h): sequential direct-I/O writes and reads per cipher, I/O
 * size and dm-crypt sector_size, with the CPU time they cost, the driver
 * that served each (from /proc/crypto's reference counts) and dm-linear over
 * the same device as the baseline without encryption (docs/dmcrypt.md).
 */
#ifndef CM_RUN_DMCRYPT_H
#define CM_RUN_DMCRYPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "util/error.h"

struct json_t;

/* One measured pass: every byte of the device written or read once. */
typedef struct cm_dmc_point {
    char label[48];        /* "aes-xts-plain64", "aes-xts-plain64 (generic)", "linear" */
    char spec[160];        /* the dm-crypt cipher spec, or "" for dm-linear */
    char drivers[128];     /* the driver that served it ("" for linear) */
    char taken[512];       /* every /proc/crypto driver the mapping took, "a, b" */
    unsigned sector_size;  /* dm-crypt's sector_size (512 for linear) */
    size_t io_size;        /* bytes per read or write call */
    const char *op;        /* "write" or "read" */
    uint64_t bytes;
    double seconds;        /* wall time of the pass */
    double proc_user_s, proc_system_s;           /* this process (getrusage) */
    double all_user_s, all_system_s, all_softirq_s; /* every CPU (/proc/stat) */
    double dd_mb_s;        /* dd through the same mapping, same I/O size and op
                              (the largest I/O size only); 0: not run or failed */
    char dd_error[96];     /* what dd said when it failed */
    double cs_mb_s;        /* `cryptsetup benchmark` of the same cipher and key size,
                              encryption beside write, decryption beside read (the
                              kernel's choice at the largest I/O size only); 0: none */
    char cs_error[96];     /* why cryptsetup gave no figure */
    int ok;
    char error[160];       /* why not, when !ok */
} cm_dmc_point;

typedef struct cm_dmc_result {
    const char *unavailable;   /* the reason nothing could be measured, or NULL */
    char kernel[96];           /* uname -r */
    char generic_driver[64];   /* the generic AES driver forced, "" when none */
    char sha256_driver[64];    /* the kernel's sha256, named in the generic ESSIV spec */
    uint64_t device_bytes;
    int stale_removed;         /* stale mappings of a crashed run removed first */
    char reason[256];          /* unavailable's text when read back from a document */
    cm_dmc_point *pts;
    size_t n;
} cm_dmc_result;

typedef struct cm_dmc_options {
    uint64_t device_bytes;
    const size_t *io_sizes;
    int n_io;
    const unsigned *sectors;
    int n_sectors;
} cm_dmc_options;

/* Runs the measurements into *r. 0 (also when unavailable: r->unavailable
 * says why), or -1 with err; a Ctrl-C stops it between passes with what
 * finished kept. Everything it created is removed before it returns. */
int cm_dmcrypt_run(const cm_dmc_options *o, cm_dmc_result *r, cm_error *err);
void cm_dmcrypt_free(cm_dmc_result *r);

/* MB/s of dd reading (write 0) or writing the block node with io-byte
 * O_DIRECT calls over bytes; 0 when dd is missing or failed, with why
 * (dmcrypt_dd.c). */
double cm_dmcrypt_dd(const char *node, size_t io, uint64_t bytes, int write, char *why, size_t len);

/* `cryptsetup benchmark --cipher spec --key-size key_bytes*8` from PATH:
 * its encryption and decryption figures in MB/s, 0; or -1 with why
 * (dmcrypt_cs.c). */
int cm_dmcrypt_cryptsetup(const char *spec, size_t key_bytes, double *enc_mb_s, double *dec_mb_s,
                          char *why, size_t len);

/* A pass's MB/s, and its CPU seconds (every CPU: user + system + softirq)
 * per GB moved; 0 when it has none (dmcrypt_out.c). */
double cm_dmc_mb_s(const cm_dmc_point *p);
double cm_dmc_cpu_per_gb(const cm_dmc_point *p);

/* The document ({"kind": "dmcrypt", ...}) and the text (dmcrypt_out.c). */
struct json_t *cm_dmcrypt_json(const cm_dmc_result *r);
void cm_dmcrypt_text(FILE *out, const cm_dmc_result *r);

/* Reads a dmcrypt document back into *r (`show`, the tests): 0, or -1 with
 * err naming the field (dmcrypt_read.c). Free *r with cm_dmcrypt_free. */
int cm_dmcrypt_from_json(const struct json_t *doc, cm_dmc_result *r, cm_error *err);

/* The answers of r (answers.h: `dmcrypt`, one per cipher, and a trust line
 * saying how far single passes can be read), with the kernel's crypto kc
 * (may be NULL: AF_ALG's reach is then unknown) for whether user space
 * reaches each driver (dmcrypt_answers.c). *a overwritten. */
struct cm_answers;
struct platform_kcrypto;
void cm_dmcrypt_answers(const cm_dmc_result *r, const struct platform_kcrypto *kc, struct cm_answers *a);

/* The answers of r with this kernel's crypto (read now), malloc'ed (the
 * caller frees them); NULL when out of memory. */
struct cm_answers *cm_dmcrypt_answers_here(const cm_dmc_result *r);

#endif
