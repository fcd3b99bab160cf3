/*
 * class.h — the class modules: everything that depends on a primitive
 * class lives in one module per class (src/model/class_<name>.c), reached
 * through one table, cm_class_module. The runner, the plan, the KAT runner,
 * the cross-check and the reporters know classes only through it:
 *
 *   measuring   how a bench is set up for an operation (keys, a valid
 *               ciphertext to decrypt, a signature to verify, a stream to
 *               continue), the timed loop of each operation, and the
 *               do-nothing table whose loop measures the overhead;
 *   checking    how the cross-check compares an implementation with a peer
 *               on one set of random inputs, how one Wycheproof case and
 *               one cryptometer-kat-v1 entry are run;
 *   reporting   whether figures are per byte (throughput, cycles per byte)
 *               or per operation (ops/s, µs and cycles per operation).
 *
 * Adding a class: docs/adding-a-class.md.
 */
#ifndef CM_MODEL_CLASS_H
#define CM_MODEL_CLASS_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/backend.h"
#include "util/error.h"
#include "model/kat_report.h"

struct json_t;
struct kat_pk_how;

#define CM_AEAD_AAD_LEN 13
#define CM_BENCH_MAX_KEY 64
#define CM_BENCH_MAX_IV 32 /* NORX64's 256-bit nonce */
/* a tag, a digest, a signature, a public key or a KEM ciphertext: the
 * largest is an SLH-DSA-SHA2-128f signature (17088 bytes) */
#define CM_BENCH_MAX_OUT 17152

/* How a class's figures are read. */
typedef enum cm_unit {
    CM_UNIT_BYTE = 0, /* per message size: MB/s, cycles per byte */
    CM_UNIT_OP        /* per operation: ops/s, µs and cycles per op */
} cm_unit;

/* One timed measurement's set-up. Input and output buffers are distinct
 * and 64-byte aligned, of size bytes rounded up plus 64. */
typedef struct cm_bench {
    const cm_algorithm *alg;
    cm_vtable_ref vt;   /* the implementation's, or the class's do-nothing one */
    cm_op op;
    size_t size;        /* message bytes */
    void *state;
    uint8_t *in, *out;
    unsigned in_offset, out_offset; /* into their allocations (measure/layout.h) */
    uint8_t key[CM_BENCH_MAX_KEY], iv[CM_BENCH_MAX_IV], aad[CM_AEAD_AAD_LEN];
    uint8_t tag[CM_BENCH_MAX_OUT]; /* a tag or a signature to check */
    size_t tag_len;
} cm_bench;

/* Runs the bench's operation iters times; non-zero if one failed. */
typedef int (*cm_loop_fn)(void *bench, uint64_t iters);

/* One set of random inputs of the cross-check (kat_crosscheck.c makes
 * them; the class module runs both sides). Every buffer holds at least
 * max(size, CM_BENCH_MAX_OUT) + 1 bytes. */
typedef struct cm_cross_case {
    const cm_algorithm *alg;
    const cm_impl *impl;
    const cm_impl *peer;    /* NULL for a check against itself */
    const char *peer_name;  /* or what the implementation is checked against */
    size_t size;
    uint64_t seed;          /* names the inputs in a failure */
    const uint8_t *key, *iv, *aad, *msg;
    size_t aad_len;
    uint8_t *out_a, *out_b, *back_a, *back_b, *tag_a, *tag_b;
    char *detail;           /* the first difference, or why it could not run */
    size_t detail_len;
    /* For a module with cross_lengths: every message length to check (the
     * last is size), in one call; NULL otherwise. */
    const size_t *lengths;
    size_t n_lengths;
} cm_cross_case;

/* One Wycheproof test case (kat_wycheproof.c parses the common fields). */
typedef enum cm_wp_result { CM_WP_VALID, CM_WP_INVALID, CM_WP_ACCEPTABLE } cm_wp_result;
typedef struct cm_wp_case {
    const cm_impl *impl;    /* NULL: only check that the case is well formed */
    const cm_algorithm *alg;
    const struct json_t *group, *test;
    cm_wp_result result;
    const char *label;      /* "wycheproof/aes_gcm_test.json tcId 17 (invalid, ...)" */
} cm_wp_case;

/* What a self_one of two states of one implementation checks against
 * (cm_class_module.self_name NULL). */
#define CM_SELF_ANOTHER_STATE "another state of itself"

typedef struct cm_class_module {
    cm_class cls;
    const char *name;       /* "hash", "signature", ... as results show it */
    cm_unit unit;

    /* Creates b->state from b->vt and prepares what b->op consumes (a valid
     * ciphertext and tag to open, a signature to verify, a started stream).
     * The buffers and key material are already filled. 0, or -1 with err. */
    int (*bench_open)(cm_bench *b, cm_error *err);
    cm_loop_fn loops[CM_OP_COUNT]; /* the timed loop of each operation */
    cm_vtable_ref nop;             /* same call shapes, does nothing */
    void (*bench_close)(cm_bench *b); /* destroys b->state (may be NULL) */

    /* Runs implementation and peer on c's inputs; 1 when every output
     * agrees (or, for randomised outputs, each verifies the other's),
     * else 0 with c->detail. */
    int (*cross_one)(cm_cross_case *c);
    /* Without a peer: what the implementation can check against itself
     * (a cipher's stream of pieces against its one-shot output), or NULL. */
    int (*self_one)(cm_cross_case *c);
    /* what self_one checks against, for its messages; NULL: a second state
     * of the implementation (CM_SELF_ANOTHER_STATE), the public-key classes' */
    const char *self_name;
    const char *cross_how;  /* ", in one call and as a stream of pieces ..." for the summary, or NULL */
    /* Non-NULL when outputs of two implementations are never comparable
     * (random bytes): why; no peer is sought and only self_one runs. On
     * success self_one may leave a note in c->detail (a retry rate), which
     * the summary keeps. */
    const char *no_peer;
    /* 1: cross_one and self_one are called once, on inputs of the largest
     * size, and check every message length of c->lengths themselves with
     * the same keys (public-key classes, whose key generation is slow:
     * RSA-4096 takes seconds); 0: called once per size. */
    int cross_lengths;
    /* A public-key class that exchanges something under a key pair (signs,
     * encrypts): how (kat_case.h), and its cross_one and self_one are
     * kat_pk_cross_one; NULL for the other classes. */
    const struct kat_pk_how *pk_how;

    /* One Wycheproof case of a group that maps to this class (the group
     * types are kat_wycheproof.c's table): 0 (counted in rep when c->impl
     * is set), or -1 with why when the case is malformed. NULL when the
     * class has no Wycheproof form. */
    int (*wycheproof_case)(const cm_wp_case *c, cm_kat_report *rep, char *why, size_t why_len);
    /* One cryptometer-kat-v1 entry against impl: 0, or -1 with why when
     * malformed. NULL when the format has no entries of this class. */
    int (*builtin_case)(const cm_impl *impl, const cm_algorithm *alg, const struct json_t *test,
                        const char *label, cm_kat_report *rep, char *why, size_t why_len);
} cm_class_module;

/* The module of cls, or NULL when this build has none (the test-only
 * class outside test builds). */
const cm_class_module *cm_class_module_of(cm_class cls);

/* The module of an implementation's algorithm's class (never NULL once
 * the registry has been checked). */
const cm_class_module *cm_class_of(const cm_algorithm *alg);

#endif
