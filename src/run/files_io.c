/*
 * files_io.c — the file operations of `cryptometer files`' workloads
 * (files_io.h): making a file of random bytes, mapping it, its pages in
 * the page cache, warming or dropping the cache, running a tool and
 * comparing two files.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "run/files_io.h"

#define CHUNK (1u << 20)

/* Maps path read-only; NULL on failure. */
uint8_t *files_map_file(const char *path, size_t size, int *fd)
{
    *fd = open(path, O_RDONLY | O_CLOEXEC);
    if (*fd < 0)
        return NULL;
    void *p = mmap(NULL, size ? size : 1, PROT_READ, MAP_PRIVATE, *fd, 0);
    if (p == MAP_FAILED) {
        close(*fd);
        return NULL;
    }
    return p;
}

/* The fraction of path's pages in the page cache now (mincore), or -1. */
double files_resident(const char *path, size_t size)
{
    int fd;
    uint8_t *p = files_map_file(path, size, &fd);
    if (!p)
        return -1;
    long page = sysconf(_SC_PAGESIZE);
    size_t pages = (size + (size_t)page - 1) / (size_t)page, in = 0;
    unsigned char *v = malloc(pages ? pages : 1);
    double r = -1;
    if (v && mincore(p, size, v) == 0) {
        for (size_t i = 0; i < pages; i++)
            in += v[i] & 1;
        r = pages ? (double)in / (double)pages : 1.0;
    }
    free(v);
    munmap(p, size ? size : 1);
    close(fd);
    return r;
}

/* Reads path once, so its pages are cached. */
void files_warm_up(const char *path, size_t size)
{
    int fd;
    volatile uint8_t *p = files_map_file(path, size, &fd);
    if (!p)
        return;
    uint8_t x = 0;
    for (size_t i = 0; i < size; i += 4096)
        x ^= p[i];
    (void)x;
    munmap((void *)p, size ? size : 1);
    close(fd);
}

/* Drops the page cache (root only): 0, or -1. */
int files_drop_caches(void)
{
    sync();
    int fd = open("/proc/sys/vm/drop_caches", O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int ok = write(fd, "1", 1) == 1;
    close(fd);
    return ok ? 0 : -1;
}

/* Runs argv with stdout into out (NULL: /dev/null; at most out_len - 1
 * bytes kept). 0 when it exits 0, else -1 with why. */
int files_run_tool(char *const argv[], char *out, size_t out_len, char *why, size_t why_len)
{
    int pfd[2];
    if (pipe(pfd) != 0)
        return snprintf(why, why_len, "pipe: %s", strerror(errno)), -1;
    pid_t pid = fork();
    if (pid < 0)
        return snprintf(why, why_len, "fork: %s", strerror(errno)), -1;
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(out ? pfd[1] : null, 1);
        dup2(null, 2);
        close(pfd[0]);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(pfd[1]);
    size_t n = 0;
    char sink[4096];
    for (;;) {
        ssize_t r = read(pfd[0], out && n < out_len - 1 ? out + n : sink,
                         out && n < out_len - 1 ? out_len - 1 - n : sizeof sink);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        if (out && n < out_len - 1)
            n += (size_t)r;
    }
    if (out)
        out[n] = '\0';
    close(pfd[0]);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return 0;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
        snprintf(why, why_len, "%s: not found", argv[0]);
    else
        snprintf(why, why_len, "%s failed (status %d)", argv[0], st);
    return -1;
}

/* Two files are the same bytes: 1, else 0. */
int files_same_files(const char *a, const char *b, size_t size)
{
    struct stat sa, sb;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0 || (size_t)sa.st_size != size ||
        (size_t)sb.st_size != size)
        return 0;
    int fa, fb;
    uint8_t *pa = files_map_file(a, size, &fa), *pb = pa ? files_map_file(b, size, &fb) : NULL;
    int same = pa && pb && memcmp(pa, pb, size) == 0;
    if (pb) {
        munmap(pb, size ? size : 1);
        close(fb);
    }
    if (pa) {
        munmap(pa, size ? size : 1);
        close(fa);
    }
    return same;
}

/* Writes size random bytes to path: 0, or -1. */
int files_make(const char *path, size_t size)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    uint8_t *buf = malloc(CHUNK);
    int rc = fd >= 0 && buf ? 0 : -1;
    for (size_t at = 0; rc == 0 && at < size;) {
        size_t n = size - at < CHUNK ? size - at : CHUNK;
        if (getrandom(buf, n, 0) != (ssize_t)n || write(fd, buf, n) != (ssize_t)n)
            rc = -1;
        at += n;
    }
    free(buf);
    if (fd >= 0)
        close(fd);
    return rc;
}
