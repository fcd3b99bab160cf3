/*
 * input.c — see input.h.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/input.h"

int cm_open_regular(const char *path, const char *kind, cm_error *err)
{
    struct stat st;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        int saved = errno;
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s %s: cannot open: %s", kind, path,
                     strerror(saved));
        errno = saved;
        return -1;
    }
    if (fstat(fd, &st) != 0) {
        int saved = errno;
        close(fd);
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s %s: cannot read: %s", kind, path,
                     strerror(saved));
        errno = saved;
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        cm_error_set(err, CM_EXIT_ENVIRONMENT,
                     "%s %s: not a regular file (a FIFO, device, socket or directory is "
                     "not read)", kind, path);
        errno = EINVAL;
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

int cm_read_file(const char *path, size_t max_bytes, const char *kind, char **buf, size_t *len,
                 cm_error *err)
{
    *buf = NULL;
    if (len)
        *len = 0;
    int fd = cm_open_regular(path, kind, err);
    if (fd < 0)
        return -1;
    int rc = cm_read_fd(fd, path, max_bytes, kind, buf, len, err);
    int saved = errno;
    close(fd);
    errno = saved;
    return rc;
}

int cm_read_fd(int fd, const char *path, size_t max_bytes, const char *kind, char **buf,
               size_t *len, cm_error *err)
{
    *buf = NULL;
    if (len)
        *len = 0;
    /* /proc and /sys files say size 0: grow as read, whatever fstat says */
    size_t cap = 4096, used = 0;
    char *b = malloc(cap);
    int saved = 0;
    while (b) {
        if (cap - used < 2) {
            if (cap > max_bytes) {
                saved = EFBIG;
                cm_error_set(err, CM_EXIT_ENVIRONMENT,
                             "%s %s: larger than the limit of %zu bytes for this kind of input",
                             kind, path, max_bytes);
                break;
            }
            size_t want = cap * 2 > max_bytes + 2 ? max_bytes + 2 : cap * 2;
            char *bigger = realloc(b, want);
            if (!bigger) {
                free(b);
                b = NULL;
                break;
            }
            b = bigger;
            cap = want;
        }
        ssize_t r = read(fd, b + used, cap - used - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            saved = errno;
            cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s %s: cannot read: %s", kind, path,
                         strerror(saved));
            break;
        }
        if (r == 0) {
            if (used > max_bytes) {
                saved = EFBIG;
                cm_error_set(err, CM_EXIT_ENVIRONMENT,
                             "%s %s: larger than the limit of %zu bytes for this kind of input",
                             kind, path, max_bytes);
                break;
            }
            b[used] = '\0';
            *buf = b;
            if (len)
                *len = used;
            return 0;
        }
        used += (size_t)r;
        if (used > max_bytes) {
            saved = EFBIG;
            cm_error_set(err, CM_EXIT_ENVIRONMENT,
                         "%s %s: larger than the limit of %zu bytes for this kind of input", kind,
                         path, max_bytes);
            break;
        }
    }
    if (!b) {
        saved = ENOMEM;
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s %s: out of memory", kind, path);
    }
    free(b);
    errno = saved;
    return -1;
}
