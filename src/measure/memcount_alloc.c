/*
 * memcount_alloc.c — see memcount_alloc.h. This executable defines
 * malloc, calloc, realloc, free and the aligned allocations, so that every
 * library loaded into the process calls them (glibc allows the allocator
 * to be replaced this way); each forwards to glibc's own (__libc_malloc
 * ...), the same heap, and counts when the calling thread is counting.
 * Left out where that is not possible or would blind a tool: a C library
 * other than glibc, a static link (libc.a's malloc.o would be linked
 * twice), and AddressSanitizer, ThreadSanitizer or MemorySanitizer, which
 * replace the allocator themselves.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "measure/memcount_alloc.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define CM_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CM_SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(CM_STATIC_BUILD) && !defined(CM_SANITIZED)

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t size);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);
extern void *__libc_memalign(size_t align, size_t n);

static __thread int counting;
static __thread cm_alloc_tally tally;

static void *counted(void *p, size_t n)
{
    if (counting && p) {
        tally.allocs++;
        tally.bytes += n;
    }
    return p;
}

void *malloc(size_t n)
{
    return counted(__libc_malloc(n), n);
}

void *calloc(size_t n, size_t size)
{
    return counted(__libc_calloc(n, size), n * size);
}

void *realloc(void *p, size_t n)
{
    return counted(__libc_realloc(p, n), n);
}

void free(void *p)
{
    if (counting && p)
        tally.frees++;
    __libc_free(p);
}

void *memalign(size_t align, size_t n)
{
    return counted(__libc_memalign(align, n), n);
}

void *aligned_alloc(size_t align, size_t n)
{
    return counted(__libc_memalign(align, n), n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    if (align < sizeof(void *) || (align & (align - 1)) != 0)
        return EINVAL;
    void *p = counted(__libc_memalign(align, n), n);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

int cm_alloc_interposed(char *why, size_t why_len)
{
    (void)why, (void)why_len;
    return 1;
}

void cm_alloc_count_begin(void)
{
    tally = (cm_alloc_tally){0};
    counting = 1;
}

void cm_alloc_count_end(cm_alloc_tally *out)
{
    counting = 0;
    *out = tally;
}

#else

int cm_alloc_interposed(char *why, size_t why_len)
{
#if defined(CM_SANITIZED)
    snprintf(why, why_len, "a sanitizer build replaces the allocator itself");
#elif defined(CM_STATIC_BUILD)
    snprintf(why, why_len, "a static build cannot replace the C library's allocator");
#else
    snprintf(why, why_len, "this C library's allocator cannot be replaced (glibc only)");
#endif
    return 0;
}

void cm_alloc_count_begin(void)
{
}

void cm_alloc_count_end(cm_alloc_tally *out)
{
    *out = (cm_alloc_tally){0};
}

#endif
