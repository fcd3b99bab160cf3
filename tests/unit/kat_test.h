/*
 * kat_test.h — what the KAT tests share (test_kat.c: the runner; test_kat_verify.c:
 * `cryptometer verify`; their counted check is check_counted.h's): the sizes
 * of the cross-check, the own correct implementations (kat_own.c) and the
 * helpers on vector files and the registry (kat_test.c). Needs the test-only
 * backends (-DCRYPTOMETER_TEST_BACKENDS=ON).
 */
#ifndef CM_TESTS_KAT_TEST_H
#define CM_TESTS_KAT_TEST_H

#include <stddef.h>
#include <jansson.h>
#include "model/class.h"
#include "registry/registry.h"

/* The sizes the cross-checks run at. */
#define N_SIZES 5
extern const size_t sizes[N_SIZES];

/* The own correct implementation of algorithm (sha256, hmac-sha256,
 * aes-128-ctr, aes-256-ctr), never in the registry. */
const cm_impl *own(const char *algorithm);

/* aes-128-ctr whose iv NULL restarts from the IV; one whose two directions
 * share one stream. Both pass the vectors and break the stream contract. */
extern const cm_impl restart_ctr, shared_ctr;

/* The embedded vector file at path, parsed (caller frees), or NULL. */
json_t *load_embedded(const char *path);

/* Changes the first hex digit of the string field of obj. */
void corrupt_hex(json_t *obj, const char *field);

/* The first test of group g whose result is "valid". */
json_t *first_valid(json_t *doc, size_t g);

/* 1 when the registry's cross-check peer for algorithm (seen from backend
 * self) is one of the test-only backends, whose results mean nothing (and
 * faulty's crash). Happens when neither ref nor openssl is compiled in. */
int test_only_peer(const cm_backend *self, const char *algorithm);

#endif
