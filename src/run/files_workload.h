/*
 * files_workload.h — the file workloads of `cryptometer files`
 * (files_workload.c): one file hashed, encrypted and decrypted through a
 * backend's implementations and beside the system's tools, each step timed
 * into records of the cryptometer-files-v1 document.
 */
#ifndef CM_RUN_FILES_WORKLOAD_H
#define CM_RUN_FILES_WORKLOAD_H

#include <stddef.h>
#include <stdio.h>
#include <jansson.h>
#include "cryptometer/backend.h"

#define MAX_FILES 8
#define MAX_REPEAT 15

typedef struct files_opts {
    size_t sizes[MAX_FILES];
    int n_sizes, repeat, cold, quiet;
    const char *json;
    const cm_backend *backend; /* whose implementations are "ours" */
    char variant[64];          /* "" = the backend's dispatch's choice */
} files_opts;

/* 1 if alg is one of the workloads' algorithms. */
int files_workload_alg(const char *alg);

/* The workloads' algorithms, separated by spaces, to out. */
void files_workload_algs(FILE *out);

/* Every workload of file k (its data already made, files_make) at the
 * page cache state cache ("warm", "cold"), appending its records to recs;
 * the number of steps that failed or did not verify. */
int files_one(const files_opts *o, json_t *recs, int k, size_t size, const char *cache);

#endif
