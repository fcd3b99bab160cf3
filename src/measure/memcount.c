/*
 * memcount.c — see memcount.h: the counted calls run on a thread of their
 * own whose stack (mmap'ed, a guard page below) is painted with a pattern
 * before it starts; after it ends, the deepest byte no longer holding the
 * pattern is the stack's high-water mark. The do-nothing loop on the same
 * kind of stack gives the harness's own depth (the thread's start, the
 * loop), which is subtracted.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#include "measure/memcount.h"
#include "measure/memcount_alloc.h"
#include "measure/runner.h"

#define STACK_BYTES (8u << 20) /* glibc's default thread stack */
#define PAINT 0xA5

typedef struct counted_run {
    const cm_workload *w;
    uint64_t calls;
    int failed;
    cm_alloc_tally tally;
} counted_run;

static void *counted_thread(void *arg)
{
    counted_run *r = arg;
    r->failed = r->w->run(r->w->ctx, 1) != 0; /* a first call's set-up, not counted */
    cm_alloc_count_begin();
    if (!r->failed)
        r->failed = r->w->run(r->w->ctx, r->calls) != 0;
    cm_alloc_count_end(&r->tally);
    return NULL;
}

/* Runs r on a painted stack; the bytes of it that were written, read when
 * scan is set (< 0: the thread could not be made; 0 unscanned). */
static long run_painted(counted_run *r, int scan)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), len = STACK_BYTES + page;
    unsigned char *map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                              -1, 0);
    if (map == MAP_FAILED)
        return -1;
    unsigned char *stack = map + page;
    pthread_attr_t attr;
    pthread_t t;
    long used = -1;
    mprotect(map, page, PROT_NONE); /* an overflow faults rather than writes elsewhere */
    memset(stack, PAINT, STACK_BYTES);
    if (pthread_attr_init(&attr) == 0) {
        if (pthread_attr_setstack(&attr, stack, STACK_BYTES) == 0 &&
            pthread_create(&t, &attr, counted_thread, r) == 0) {
            pthread_join(t, NULL);
            size_t low = 0;
            while (scan && low < STACK_BYTES && stack[low] == PAINT)
                low++;
            used = scan ? (long)(STACK_BYTES - low) : 0;
        }
        pthread_attr_destroy(&attr);
    }
    munmap(map, len);
    return used;
}

/* Under valgrind (its preload in LD_PRELOAD), a stack whose thread ended
 * may not be read: valgrind marks it inaccessible. */
static int under_valgrind(void)
{
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload");
}

/* The child's peak resident memory in KiB (getrusage's ru_maxrss). */
static long peak_rss_kib(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
}

void cm_memory_unobservable(cm_memory *out, const char *why)
{
    out->heap_observable = 0;
    out->allocs_per_op = out->bytes_per_op = out->frees_per_op = 0;
    snprintf(out->heap_why, sizeof out->heap_why, "%s", why);
}

int cm_memcount_available(char *why, size_t why_len)
{
    return cm_alloc_interposed(why, why_len);
}

int cm_memory_measure(const cm_workload *w, const cm_workload *overhead, uint64_t calls,
                      cm_memory *out)
{
    memset(out, 0, sizeof *out);
    out->taken = 1;
    out->calls = calls ? calls : 1;
    counted_run base = {overhead, out->calls, 0, {0}}, run = {w, out->calls, 0, {0}};
    int vg = under_valgrind();
    long base_used = run_painted(&base, !vg), used = run_painted(&run, !vg);
    if (run.failed || base.failed)
        return -1;
    if (vg) {
        snprintf(out->stack_why, sizeof out->stack_why, "under valgrind, which forbids reading "
                 "the stack of a thread that ended");
    } else if (used < 0 || base_used < 0) {
        snprintf(out->stack_why, sizeof out->stack_why, "no thread with a painted stack");
    } else {
        out->stack_known = 1;
        out->stack_bytes = used > base_used ? used - base_used : 0;
    }
    out->heap_observable = cm_alloc_interposed(out->heap_why, sizeof out->heap_why);
    if (out->heap_observable) {
        out->allocs_per_op = (double)run.tally.allocs / (double)out->calls;
        out->bytes_per_op = (double)run.tally.bytes / (double)out->calls;
        out->frees_per_op = (double)run.tally.frees / (double)out->calls;
    }
    out->peak_rss_kib = peak_rss_kib();
    return 0;
}
