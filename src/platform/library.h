/*
 * library.h — what detect says of each library of the build (its
 * "backends" object; a run's context.libraries[].details) as C structs:
 * the version, the CPU-capability vector the library uses (OpenSSL's
 * OPENSSL_ia32cap / OPENSSL_armcap) and which code its default path runs.
 * Detect's text and the AES-score verdicts (verdict.c) read these;
 * library_json.c is the one file that writes and parses them. A library's
 * other facts (each library's own keys: headers_version, switches, ...)
 * stay the JSON its describe() wrote: written back as they are, never read
 * by key.
 */
#ifndef CM_PLATFORM_LIBRARY_H
#define CM_PLATFORM_LIBRARY_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

/* One feature bit of a capability vector. */
typedef struct platform_lib_feature {
    char *name;
    int on;
} platform_lib_feature;

/* The capability vector a library dispatches on. */
typedef struct platform_lib_caps {
    int present;
    char *variable; /* the variable that masks it (OPENSSL_ia32cap) */
    char *value;    /* its value as the library reports it */
    char *env;      /* the variable's value in the environment, or NULL */
    char *reason;   /* why the vector is unknown, or NULL */
    platform_lib_feature *features; /* in the order the library names them */
    size_t n_features;
} platform_lib_caps;

/* The engine a library's default path takes for one algorithm. */
typedef struct platform_path_choice {
    char *algorithm;
    char *engine;   /* NULL: the library's own code */
} platform_path_choice;

/* The default path of a library (OpenSSL: the engine openssl.cnf makes
 * the default for each algorithm). */
typedef struct platform_default_path {
    int present;
    char *reason;   /* why it is what it is, or NULL */
    platform_path_choice *algorithms;
    size_t n_algorithms;
} platform_default_path;

/* One library. */
typedef struct platform_library {
    char *name;
    char *version;  /* NULL: none */
    platform_lib_caps caps;
    platform_default_path default_path;
    struct json_t *facts; /* every fact as described, version included */
} platform_library;

/* The libraries of detect's "backends" object, in its order. */
typedef struct platform_libraries {
    platform_library *items;
    size_t n;
} platform_libraries;

/* Parses the facts o of library name into *lib (zeroed first; o NULL: a
 * library with nothing known). 0, or -1 with one line in err; free with
 * platform_library_free() either way. */
int platform_library_from_json(const char *name, const struct json_t *o, platform_library *lib, cm_error *err);

void platform_library_free(platform_library *lib);

/* Parses the "backends" object (NULL: none) into *libs. 0, or -1 with err;
 * free with platform_libraries_free() either way. */
int platform_libraries_from_json(const struct json_t *o, platform_libraries *libs, cm_error *err);

/* The "backends" object: each library's facts under its name. */
struct json_t *platform_libraries_to_json(const platform_libraries *libs);

void platform_libraries_free(platform_libraries *libs);

/* The library called name, or NULL. */
const platform_library *platform_library_find(const platform_libraries *libs, const char *name);

/* The feature called name of a capability vector, or NULL. */
const platform_lib_feature *platform_lib_feature_find(const platform_lib_caps *caps, const char *name);

#endif
