/*
 * files_tmp.h — the private temporary directory of `cryptometer files`
 * (files_tmp.c): made with mkdtemp (mode 0700), every file the workload
 * writes lives in it, and it is removed with its contents at the end, on an
 * error exit, and on SIGINT, SIGTERM or SIGHUP (the signal then ends the
 * process as it would have, after the removal).
 */
#ifndef CM_RUN_FILES_TMP_H
#define CM_RUN_FILES_TMP_H

#include <stddef.h>

/* Creates the directory under $TMPDIR (or /tmp) and installs the signal
 * handlers and an atexit removal. Its path, or NULL with errno. */
const char *files_tmp_create(void);

/* path of name inside the directory, into buf. */
void files_tmp_path(char *buf, size_t len, const char *name);

/* Removes the directory and its files (idempotent). */
void files_tmp_remove(void);

#endif
