/*
 * error.h — errors as values. Library code fills a cm_error and returns;
 * only the CLI prints the message (one line) and picks the exit code.
 */
#ifndef CM_UTIL_ERROR_H
#define CM_UTIL_ERROR_H

#include <stdarg.h>

/* Exit codes of the cryptometer command (documented in --help and docs/cli.md). */
enum cm_exit {
    CM_EXIT_OK = 0,          /* everything ran and passed */
    CM_EXIT_FAILURES = 1,    /* ran, but some implementation failed its KAT, crashed or timed out */
    CM_EXIT_USAGE = 2,       /* bad option, unknown algorithm, bad size list, unwritable output */
    CM_EXIT_ENVIRONMENT = 3, /* something the run needs is missing (file unreadable, JSON malformed) */
    CM_EXIT_INTERRUPTED = 130 /* Ctrl-C; SIGTERM 143, SIGHUP 129 (cm_interrupted_exit): finished measurements written */
};

typedef struct cm_error {
    int code;        /* an enum cm_exit value */
    char msg[512];
} cm_error;

/* Sets code and a printf-style message; returns -1 so callers can
 * `return cm_error_set(err, ...)`. err may be NULL. */
int cm_error_set(cm_error *err, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
