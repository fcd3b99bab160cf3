/*
 * check_root.h — a recorded tree of tests/data with another kernel version:
 * root_with_version() links its proc/crypto and proc/cpuinfo into a new
 * temporary root and writes a proc/version naming the version given (the
 * engines' boards under Linux 7.2); remove_root() removes it. For the C
 * unit tests that judge the kernel's crypto (test_verdicts, test_answers_kernel).
 */
#ifndef CM_TESTS_CHECK_ROOT_H
#define CM_TESTS_CHECK_ROOT_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"

/* A root in a new temporary directory: src's proc/crypto and proc/cpuinfo
 * (symlinks) and a proc/version of the given kernel. 0 or -1. */
static inline int root_with_version(const char *src, const char *version, char *dir, size_t len)
{
    char path[1024], target[1024];
    snprintf(dir, len, "/tmp/cm-verdicts.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/proc", dir);
    int rc = mkdir(path, 0700);
    const char *files[] = {"crypto", "cpuinfo"};
    for (size_t i = 0; i < 2 && rc == 0; i++) {
        snprintf(path, sizeof path, "%s/proc/%s", tree(src), files[i]);
        snprintf(target, sizeof target, "%s/proc/%s", dir, files[i]);
        char *abs = realpath(path, NULL); /* the link must not depend on the working directory */
        rc = abs ? symlink(abs, target) : -1;
        free(abs);
    }
    snprintf(path, sizeof path, "%s/proc/version", dir);
    FILE *f = rc == 0 ? fopen(path, "w") : NULL;
    if (!f)
        return -1;
    fprintf(f, "Linux version %s (debian-kernel@lists.debian.org) #1 SMP Debian\n", version);
    return fclose(f) == 0 ? 0 : -1;
}

/* Removes what root_with_version made. */
static inline void remove_root(const char *dir)
{
    char path[1024];
    const char *files[] = {"proc/crypto", "proc/cpuinfo", "proc/version", "proc", ""};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
}

#endif
