/*
 * memcount_alloc.h — the allocator interposition of memcount_alloc.c: a
 * tally of the calling thread's allocations between begin and end. For
 * memcount.c only.
 */
#ifndef CM_MEASURE_MEMCOUNT_ALLOC_H
#define CM_MEASURE_MEMCOUNT_ALLOC_H

#include <stddef.h>
#include <stdint.h>

typedef struct cm_alloc_tally {
    uint64_t allocs, bytes, frees;
} cm_alloc_tally;

/* 1 when this build interposes the allocator; 0 with why. */
int cm_alloc_interposed(char *why, size_t why_len);

/* Starts counting the calling thread's allocations (from zero). */
void cm_alloc_count_begin(void);

/* Stops counting and gives what was counted since begin. */
void cm_alloc_count_end(cm_alloc_tally *out);

#endif
