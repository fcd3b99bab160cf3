/*
 * kat.h — correctness before speed. Every implementation runs its class's
 * known-answer vectors (Wycheproof, FIPS 180, NIST SP 800-38A), then a
 * cross-check against another backend on random inputs at every size to be
 * benchmarked. A failure names the failing case; the runner then marks the
 * implementation `failed-kat` and times nothing. `cryptometer verify` runs
 * the same checks alone, and on a Wycheproof file given by the user
 * (src/commands/verify.c).
 *
 * Vectors come from the files embedded at build (vectors/, see
 * vectors/README.md). The code is split by kind of check:
 *   kat.c            which vector files serve which algorithm; cm_kat_check;
 *                    the report and its JSON form
 *   kat_wycheproof.c Wycheproof documents: mapping their "algorithm" and
 *                    group parameters to our algorithms, and running them
 *   kat_builtin.c    our own "cryptometer-kat-v1" files (vectors/nist/)
 *   kat_crosscheck.c random inputs compared with another backend
 *
 * Every check calls into backend code; a crash or a hang there takes the
 * process with it. Callers that must survive that (verify, the runner) run
 * the checks in a child (core/isolate.h) and can follow progress with
 * cm_kat_set_progress().
 */
#ifndef CM_CHECK_KAT_H
#define CM_CHECK_KAT_H

#include <stddef.h>
#include "cryptometer/backend.h"
#include "util/error.h"
#include "model/kat_report.h"

struct json_t;


/* Runs the built-in vectors for impl of algorithm alg, then the
 * cross-check against cm_registry_peer() at each of sizes (plus a few odd
 * sizes; figures per operation use the odd sizes only). rep is initialised here. Returns 1 when both passed or
 * had nothing to check, 0 on any failure (the report says which). */
int cm_kat_check(const cm_impl *impl, const cm_algorithm *alg, const size_t *sizes,
                 size_t n_sizes, cm_kat_report *rep);

/* Parses the built-in vector files of alg once and keeps them in this
 * process: the children a parent forks after it (the suite's, one per
 * implementation) read them there instead of each parsing them again. A
 * file that does not parse is left to each check to report. */
void cm_kat_preload(const cm_algorithm *alg);

/* The built-in vectors alone (the first half of cm_kat_check): adds to the
 * counts and sources of rep and sets rep->vectors. A vector file missing
 * from the build or malformed counts as a failure (it is a build bug).
 * Returns 1 unless something failed. */
int cm_kat_vectors(const cm_impl *impl, const cm_algorithm *alg,
                   cm_kat_report *rep);

/* The cross-check alone, against an explicit peer implementation of the
 * same algorithm (peer_name names it in the report). Compares every output
 * of every operation (digest; mac; encrypt and decrypt; seal, open and the
 * tag, and checks that a forged tag does not open) on random inputs from a
 * fixed-seed generator, at each of sizes and at 0, 1, 15, 17, 33 and 1000
 * bytes (for block modes, each size rounded up to a whole block). peer NULL
 * sets rep->cross to CM_CHECK_NONE with peer_name as the reason.
 *
 * Ciphers are also checked as streams (primitive.h: iv NULL continues the
 * previous call): the implementation encrypts and decrypts each message
 * again in pieces, the first call with the IV and the others with iv NULL
 * (CTR: 1, 15, 17, 33 bytes then the rest; CBC: 1, 2, 3 blocks then the
 * rest), first one direction after the other, then with the encrypt and
 * decrypt calls interleaved on the same state; every piece must equal the
 * one-shot output (the implementation's and the peer's). A failure names
 * the piece. Only the implementation is fed in pieces, never the peer.
 *
 * Sets rep->cross, cross_peer and cross_detail. Returns 1 unless it failed. */
int cm_kat_crosscheck(const cm_impl *impl, const cm_algorithm *alg,
                      const cm_impl *peer, const char *peer_name,
                      const size_t *sizes, size_t n_sizes, cm_kat_report *rep);

/* ---- Wycheproof ---------------------------------------------------------- */

/* The algorithm of this build that one Wycheproof test group tests, from
 * the document's "algorithm" ("AES-GCM", "HMACSHA256", ...) and the group's
 * parameters ("keySize", "ivSize", "type"). NULL when there is none, with
 * the reason in why, which starts with the parameter at fault when there
 * is one ("keySize 192: no aes-192-gcm implementation in this build",
 * "Wycheproof algorithm \"HMACSHA1\" is hmac-sha1, which this build does
 * not measure (...)"). Groups with the same reason get the same text, so
 * that cases can be counted by reason. */
const cm_algorithm *cm_kat_wycheproof_algorithm(const char *wp_algorithm,
                                                const struct json_t *group,
                                                char *why, size_t why_len);

#define CM_KAT_FILE_MAX_ALGS 8
#define CM_KAT_FILE_MAX_GAPS 8

/* Cases of a vector file that no algorithm of this build takes, for one
 * reason. */
typedef struct cm_kat_gap {
    char why[192];            /* "keySize 192: no aes-192-gcm implementation in this build" */
    unsigned cases;
} cm_kat_gap;

/* What a vector file (a Wycheproof document, or one of our
 * cryptometer-kat-v1 files) holds for this build. */
typedef struct cm_kat_file_info {
    char wp_algorithm[64];     /* the document's "algorithm" ("" for our own format) */
    const cm_algorithm *algs[CM_KAT_FILE_MAX_ALGS]; /* distinct, in order met */
    unsigned alg_cases[CM_KAT_FILE_MAX_ALGS];       /* the cases of each */
    size_t n_algs;
    unsigned cases;            /* test cases that map to one of algs */
    unsigned cases_left_out;   /* test cases that map to no algorithm here */
    unsigned groups_left_out;  /* Wycheproof groups that map to nothing here */
    char left_out_why[192];    /* the reason for the first of them */
    cm_kat_gap gaps[CM_KAT_FILE_MAX_GAPS]; /* cases_left_out by reason, in order
                                              met; the last entry collects the
                                              reasons that do not fit */
    size_t n_gaps;
} cm_kat_file_info;

/* Adds cases to the gap of reason why in info (see cm_kat_file_info). */
void cm_kat_file_add_gap(cm_kat_file_info *info, const char *why, unsigned cases);

/* Checks the whole structure of a parsed Wycheproof document (every group
 * and every case of the groups that map to an algorithm here: fields
 * present, of the right type, hex that decodes, lengths that fit) and
 * lists the algorithms it applies to, with the cases of each and, by
 * reason, the cases of the groups that map to nothing. Returns 0, or -1
 * with err set (code CM_EXIT_ENVIRONMENT, message naming source and the
 * place) when the document is not a Wycheproof file of a kind this build
 * can run. A document whose groups all map to nothing is not an error
 * here: n_algs is 0 and left_out_why says why. */
int cm_kat_wycheproof_scan(struct json_t *doc, const char *source,
                           cm_kat_file_info *info, cm_error *err);

/* Runs the vectors of one Wycheproof document (already parsed) against
 * impl, adding to rep's counts (rep->vectors is set from the totals) and
 * adding source to rep->sources. Test groups whose parameters do not map
 * to alg are left out. Returns the number of cases run (0: the file has
 * nothing for this algorithm), or -1 with err set when the document is not
 * a Wycheproof file of a kind this build can run. */
int cm_kat_wycheproof(struct json_t *doc, const char *source,
                      const cm_impl *impl, const cm_algorithm *alg,
                      cm_kat_report *rep, cm_error *err);

/* ---- the built-in vector files ---------------------------------------------- */

/* The number of distinct vector files the built-in checks use. */
size_t cm_kat_builtin_count(void);

/* The name of built-in file i (< cm_kat_builtin_count()) as reports show
 * it ("wycheproof/aes_gcm_test.json"), in a fixed order. */
const char *cm_kat_builtin_name(size_t i);

/* Scans built-in file i as cm_kat_wycheproof_scan does (for our own
 * format: the entries of each algorithm, and by reason those of
 * algorithms not in this build), counting for each algorithm only the
 * cases the built-in checks run on it. Returns 0, or -1 with err when the
 * file is missing from the build or malformed. */
int cm_kat_builtin_scan(size_t i, cm_kat_file_info *info, cm_error *err);

#endif
