/*
 * embedded.h — data tables (data/NAME.json) and KAT vectors (vectors/...json)
 * compiled into the binary by cmake/Embed.cmake, found by their path
 * relative to the source tree ("data/cpu_cores.json").
 */
#ifndef CM_UTIL_EMBEDDED_H
#define CM_UTIL_EMBEDDED_H

#include <stddef.h>

typedef struct cm_embedded_file {
    const char *path;
    const unsigned char *data; /* NUL-terminated after len bytes */
    size_t len;
} cm_embedded_file;

extern const cm_embedded_file cm_embedded_files[]; /* ends with path NULL */

/* The embedded file at path, or NULL. */
const cm_embedded_file *cm_embedded_find(const char *path);

#endif
