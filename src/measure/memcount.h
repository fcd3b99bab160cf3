/*
 * memcount.h — memory per operation, measured in the child (run --memory):
 * heap bytes and allocations per call, counted by interposing the C
 * library's allocator (malloc, calloc, realloc, the aligned allocations)
 * in this executable, counting only on the measuring thread and only
 * around the measured calls; the deepest stack one call used, from a
 * dedicated stack painted with a known pattern; the child's peak resident
 * memory (VmHWM). Where the allocations cannot be seen (a library with its
 * own pool, work done in the kernel or in a runtime's server, a build
 * whose C library or sanitizer does not allow the interposition) the heap
 * figures are "not observable" with the reason, never 0
 * (docs/methodology.md, "Memory per operation").
 */
#ifndef CM_MEASURE_MEMCOUNT_H
#define CM_MEASURE_MEMCOUNT_H

#include <stddef.h>
#include <stdint.h>

struct cm_workload;

/* calls counted per measurement (fewer when one call is slow: the
 * runner's iterations per sample) */
#define CM_MEMORY_CALLS 16

typedef struct cm_memory {
    int taken;               /* 0: not asked for; the record has none */
    int heap_observable;     /* 0: heap_why says why the heap figures are absent */
    char heap_why[200];
    uint64_t calls;          /* operations counted */
    double allocs_per_op;    /* malloc, calloc, realloc and aligned allocations */
    double bytes_per_op;     /* bytes those asked for */
    double frees_per_op;
    int stack_known;         /* 0: stack_why says why */
    char stack_why[120];
    long stack_bytes;        /* deepest stack of a call beyond the harness's own loop */
    long peak_rss_kib;       /* the child's VmHWM after the measurement (0: not known, as
                                for a runtime's, whose work is in its server) */
} cm_memory;

/* Whether this build can count allocations (0: why says why not). */
int cm_memcount_available(char *why, size_t why_len);

/* Counts calls (at least 1) of w, after one call not counted (a first
 * call's set-up in a new thread), on a painted stack; the same of
 * overhead (the do-nothing loop) gives the harness's own stack. Fills out
 * (taken). Returns 0, or -1 if a call failed. */
int cm_memory_measure(const struct cm_workload *w, const struct cm_workload *overhead,
                      uint64_t calls, cm_memory *out);

/* Marks the heap figures of out not observable, with why. */
void cm_memory_unobservable(cm_memory *out, const char *why);

/* Why the heap of backend cannot be observed by counting the C library's
 * allocator (its own pool; the kernel), or NULL. */
const char *cm_memory_opaque_backend(const char *backend);

struct json_t;
/* out as the record's "memory" object (NULL when out of memory). */
struct json_t *cm_memory_json(const cm_memory *m);
/* A "memory" object back into m (taken). 0, or -1 if malformed. */
int cm_memory_parse(const struct json_t *o, cm_memory *m);

#endif
