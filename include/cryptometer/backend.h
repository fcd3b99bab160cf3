/*
 * backend.h — how a library (or our own code, or the kernel) registers.
 *
 * A backend is a folder under src/backends/<name>/ that defines one
 * `const cm_backend cm_backend_<name>` listing its implementations. CMake
 * finds the backend's library; when it is found, the folder is compiled and
 * the symbol goes into the generated registry; when it is not, the registry
 * carries the backend as unavailable with the reason and the package that
 * provides it. Nothing unavailable disappears from `list` or a result file.
 */
#ifndef CRYPTOMETER_BACKEND_H
#define CRYPTOMETER_BACKEND_H

#include <stddef.h>
#include "cryptometer/algorithm.h"

struct json_t; /* jansson */

/* One implementation: a (backend, algorithm, variant) triple. The variant
 * tells apart implementations of one algorithm in one backend (our
 * `portable` C and our `aesni` code; two kernel drivers) and names the only
 * one where there is one (`evp`). Names are lower-case words of letters,
 * digits and - _ ( ) . (no '/' or ':'): the benchmark name is
 * backend:variant/algorithm/operation (docs/architecture.md).
 *
 * The table pointer is typed by class: fill rows with the CM_IMPL_<CLASS>
 * macros of primitive.h, which set the class and the matching member
 * together, so a table of the wrong class does not compile. A row whose algorithm is
 * not in the table, or whose class is not its algorithm's, is refused at
 * start-up (cm_registry_check). */
typedef struct cm_impl {
    const char *algorithm; /* a name from the algorithm table */
    const char *variant;   /* "portable", "aesni", "evp", a kernel driver, ... */
    cm_class cls;          /* the algorithm's class */
    cm_vtable_ref vt;      /* the table of that class; NULL only with lacking
                            * or an available() that never says yes (code for
                            * another architecture, ref_arm64.h) */
    /* NULL when the implementation always runs here. Otherwise returns 1
     * when it can run on this machine now, or 0 after writing why not
     * (CPU feature absent, kernel lacks AF_ALG, ...) into why. */
    int (*available)(char *why, size_t why_len);
    /* Optional (NULL): what serves the calls when the variant's name does
     * not say it all, recorded in each result as "served_by": the driver
     * the kernel chose for a generic name (afalg's `kernel` variant), the
     * engine OpenSSL routes through. */
    const char *served_by;
    /* Set, with vt NULL, when the library lacks the exact operation of the
     * algorithm's row (no raw CTR mode, no DER signature encoding...): why,
     * in one sentence. The implementation is then listed and reported
     * unavailable with it, so a comparison shows the cell empty for a named
     * reason instead of leaving the library out. The registry makes these
     * rows from data/backend_lacks.json (core/lacks.h); a backend writes one
     * itself (CM_IMPL_LACKING) only where the reason names the version of
     * the headers it was compiled against (OpenSSL's post-quantum rows,
     * which its generations' helpers share). */
    const char *lacking;
    /* Only in the rows of a backend run by a helper executable (.helper
     * below), which have no table here: why the helper said the
     * implementation cannot run, or NULL when it can. */
    const char *unavailable;
} cm_impl;

/* A row for an algorithm the library lacks: class (HASH, CIPHER, ...),
 * algorithm, variant and the reason (cm_impl.lacking). Backends leave such
 * rows to data/backend_lacks.json (docs/adding-a-backend.md). */
#define CM_IMPL_LACKING(cls, alg, variant, reason) \
    {alg, variant, CM_CLASS_##cls, {.any = NULL}, NULL, NULL, reason}

typedef struct cm_backend {
    const char *name;        /* "openssl", "ref", ... */
    const char *description; /* one line for `list` */
    /* Version of the library actually loaded at run time (not the headers'),
     * or NULL. */
    const char *(*version)(void);
    /* Optional (NULL): extra facts for `detect` and result contexts, as a
     * new jansson object (the caller owns it), e.g. OpenSSL's capability
     * vector. */
    struct json_t *(*describe)(void);
    const cm_impl *impls;
    size_t n_impls;
    /* Optional (NULL): rows found at run time instead of .impls (afalg:
     * one variant per kernel driver /proc/crypto lists). Called once per
     * process, before the rows are first read (cm_backend_impls(),
     * registry.h), and before .init; returns the rows, which the backend
     * keeps for the life of the process, and their number in *n. It does
     * not fail: a row that cannot run is listed, and its available() says
     * why. The rows pass the same cm_registry_check() as static ones. */
    const cm_impl *(*discover)(size_t *n);
    /* Optional (NULL): set-up the library needs once per process before any
     * call (sodium_init, psa_crypto_init, gcry_check_version,
     * wolfSSL_Init...). Run once in each child before its known-answer
     * checks, and once in the parent before availability is decided.
     * Returns CM_OK, or a cm_rc after writing the library's reason into
     * why: the backend's implementations are then unavailable with it. */
    cm_rc (*init)(char *why, size_t why_len);
    /* Optional (NULL): undoes init, at the end of each child. */
    void (*teardown)(void);
    /* 1 for the deliberately broken backends of the test build: they are
     * never chosen as the reference of a cross-check. */
    int test_only;
    /* Preference as the reference of other implementations' cross-checks:
     * 1 first, then 2, ...; 0 after every ranked backend. */
    int peer_rank;
    /* Set for a backend that cannot share this process (an OpenSSL
     * generation: two libcrypto versions in one process clash; see
     * docs/generations.md): the file name of the helper executable, beside
     * this program or in its libexec directory, that runs its children. Its
     * rows (.discover) come from the helper and have no table: every child
     * of a run or a verify execs the helper instead (core/helper.h). */
    const char *helper;
    /* Optional (NULL): the variant that is the backend's own choice where
     * several serve an algorithm, when its rows are not ordered from the
     * most general to the most specific (afalg: "kernel", the kernel picks
     * the driver by priority; system: "getrandom", what a program is told
     * to use). NULL: the last available row (registry.h). */
    const char *choice_variant;
    /* Optional (NULL): space-separated words saying how the library this
     * backend was compiled against was built ("blake2.h" where Nettle has
     * <nettle/blake2.h>, "mbedtls-3"). An entry of data/backend_lacks.json
     * with "if": WORD gives its reason only when the backend has WORD. */
    const char *build_tags;
} cm_backend;

/* A backend CMake could not build here. */
typedef struct cm_backend_missing {
    const char *name;
    const char *reason;  /* "libssl not found by pkg-config" */
    const char *package; /* "libssl-dev (Debian), openssl-devel (Fedora)" */
} cm_backend_missing;

#endif
