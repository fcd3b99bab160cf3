/*
 * files_workload.h — the file workloads of `cryptometer files`
 * (files_workload.c): one file hashed, encrypted and decrypted through a
 * backend's implementations and beside the system's tools, each step timed
 * into a typed record (records/files_records.h).
 */
#ifndef CM_RUN_FILES_WORKLOAD_H
#define CM_RUN_FILES_WORKLOAD_H

#include <stddef.h>
#include "cryptometer/backend.h"
#include "records/record.h"

#define MAX_FILES 8
#define MAX_REPEAT 15
#define CM_FILES_MAX_SIZE ((size_t)1 << 30) /* the largest file (--sizes) */
#define CM_FILES_DEFAULT_IMPL "openssl:evp" /* without --impl */

typedef struct files_opts {
    size_t sizes[MAX_FILES];
    int n_sizes, repeat, quiet;
    const cm_backend *backend; /* whose implementations are "ours" */
    char variant[64];          /* "" = the backend's dispatch's choice */
} files_opts;

/* 1 if alg is one of the workloads' algorithms. */
int files_workload_alg(const char *alg);

/* The workloads' algorithms, separated by spaces, into buf (cut at len). */
void files_workload_algs(char *buf, size_t len);

/* Every workload of file k (its data already made, files_make) at the
 * page cache state cache ("warm", "cold"), appending its records to recs
 * (each printed as it is made, unless o->quiet); the number of steps that
 * failed or did not verify. */
int files_one(const files_opts *o, cm_record_set *recs, int k, size_t size, const char *cache);

#endif
