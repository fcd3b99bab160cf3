/*
 * files_io.h — the file operations of `cryptometer files`' workloads
 * (files_io.c).
 */
#ifndef CM_RUN_FILES_IO_H
#define CM_RUN_FILES_IO_H

#include <stddef.h>
#include <stdint.h>

/* Writes size random bytes to a new file at path: 0, or -1 with errno. */
int files_make(const char *path, size_t size);

/* Maps path (size bytes) read-only, its descriptor in *fd; NULL on failure. */
uint8_t *files_map_file(const char *path, size_t size, int *fd);

/* The fraction of path's pages in the page cache now (mincore), or -1. */
double files_resident(const char *path, size_t size);

/* Reads path once, so its pages are cached. */
void files_warm_up(const char *path, size_t size);

/* Drops the page cache (root only): 0, or -1. */
int files_drop_caches(void);

/* Runs argv with its standard output into out (NULL: /dev/null; at most
 * out_len - 1 bytes): 0 when it exits 0, else -1 with why. */
int files_run_tool(char *const argv[], char *out, size_t out_len, char *why, size_t why_len);

/* 1 when the files a and b hold the same size bytes, else 0. */
int files_same_files(const char *a, const char *b, size_t size);

#endif
