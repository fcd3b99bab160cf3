/*
 * hello_rows.h — the rows a helper or a runtime server lists in its hello
 * (hello_rows.c): the one reader of a hello's "impls" array, shared by the
 * helper backends (helper.c) and the language runtimes (runtimes/).
 */
#ifndef CM_REGISTRY_HELLO_ROWS_H
#define CM_REGISTRY_HELLO_ROWS_H

#include <stddef.h>
#include "cryptometer/backend.h"

struct json_t;

/* One row per entry of impls ({algorithm, variant, available, reason,
 * lacking, served_by}) whose algorithm this program knows; the others are
 * left out. A row that is neither lacking nor available is unavailable with
 * the entry's reason (or "the process did not say why"). The variant and the
 * strings are the rows' own copies. New array (free() it; *n may be 0), or
 * NULL when out of memory. */
cm_impl *cm_hello_rows(const struct json_t *impls, size_t *n);

#endif
