/*
 * lacks.h — what each library backend lacks, with the reason: the one table
 * data/backend_lacks.json (embedded), from which the registry makes each
 * backend's lacking rows. A backend named there answers for every
 * algorithm of its scope (classes): each one is a row it implements, or a
 * lacking row with the table's reason, or, when the table gives none, with
 * the table's "not implemented in this backend". docs/adding-a-backend.md
 * says how to write an entry.
 */
#ifndef CM_REGISTRY_LACKS_H
#define CM_REGISTRY_LACKS_H

#include <stddef.h>
#include "cryptometer/backend.h"
#include "util/error.h"

/* The rows of b: own (its .impls or discovered rows, n_own of them), then,
 * in the algorithm table's order, one lacking row for each algorithm of b's
 * scope that own has no row for. Returns own itself (*n = n_own) when b is
 * not in the table, runs in a helper, or lacks nothing; otherwise a new
 * array, kept for the life of the process. */
const cm_impl *cm_lacks_rows(const cm_backend *b, const cm_impl *own, size_t n_own, size_t *n);

/* Checks the table and b's entries against b's own rows: the table is
 * well formed; each entry for b names algorithms of b's scope; no entry
 * says b lacks an algorithm it has a row for (unless the entry is "build":
 * a reason that holds only when this build of the library left the
 * algorithm out). 0, or -1 with err (a build bug: CM_EXIT_ENVIRONMENT). */
int cm_lacks_check(const cm_backend *b, const cm_impl *own, size_t n_own, cm_error *err);

#endif
