/*
 * input.h — the one reading policy of the C side (docs/security.md, "C
 * side"): every file cryptometer reads is opened with O_NONBLOCK (a FIFO
 * or a device never blocks the open), checked with fstat to be a regular
 * file, and read up to a cap per kind of input; past the cap the read
 * fails with an error naming the path and the limit. Paths are bytes:
 * they are passed to open(2) as given and never converted.
 */
#ifndef CM_UTIL_INPUT_H
#define CM_UTIL_INPUT_H

#include <stddef.h>
#include "util/error.h"

/* The caps of each kind of input (docs/security.md). */
#define CM_CAP_SYSFS (16u << 20)      /* /proc, /sys and sysroot files */
#define CM_CAP_WYCHEPROOF (64u << 20) /* verify --wycheproof FILE */
#define CM_CAP_OS_RELEASE (64u << 10) /* /etc/os-release */
#define CM_CAP_STDIN (16u << 20)      /* aes-score's JSON on standard input */
#define CM_CAP_SWEEP (64u << 20)      /* detect --sweep FILE */

/* Opens path read-only, without blocking and close-on-exec, and checks it
 * is a regular file. The descriptor (blocking again), or -1 with errno
 * set (EINVAL for a file that is not regular) and, if err is not NULL,
 * err set (CM_EXIT_ENVIRONMENT) naming kind and path. */
int cm_open_regular(const char *path, const char *kind, cm_error *err);

/* Reads the whole regular file at path (cm_open_regular) into a malloc'ed,
 * NUL-terminated *buf of *len bytes. A file longer than max_bytes is an
 * error ("... is larger than the limit of N bytes"); so is one that is
 * not regular, unreadable or out of memory. 0, or -1 with errno and err
 * (CM_EXIT_ENVIRONMENT; err may be NULL) set and *buf NULL. */
int cm_read_file(const char *path, size_t max_bytes, const char *kind, char **buf, size_t *len,
                 cm_error *err);

/* cm_read_file's reading and cap on an open descriptor (standard input,
 * when the user asked for it), named path in messages; fd stays open. */
int cm_read_fd(int fd, const char *path, size_t max_bytes, const char *kind, char **buf,
               size_t *len, cm_error *err);

#endif
