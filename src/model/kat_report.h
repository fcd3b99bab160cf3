/*
 * kat_report.h — what the checks of one implementation found: the counts,
 * sources and first failure of its known-answer vectors and the outcome of
 * its cross-check (cm_kat_report), and the report's JSON form, which a
 * child sends its parent and result files keep. The checks that fill it are
 * src/check/ (kat.h); the helpers the class modules call for each case are
 * kat_case.h.
 */
#ifndef CM_MODEL_KAT_REPORT_H
#define CM_MODEL_KAT_REPORT_H

#include <stddef.h>

struct json_t;

typedef enum cm_check_status {
    CM_CHECK_PASSED = 0,
    CM_CHECK_FAILED,
    CM_CHECK_NONE      /* nothing to check against (no vectors, no peer) */
} cm_check_status;

typedef struct cm_kat_report {
    /* known-answer vectors */
    cm_check_status vectors;
    unsigned passed, failed;
    unsigned skipped;         /* valid cases the implementation declined
                                 (CM_ERR_UNSUPPORTED): reported, not failed */
    char sources[256];        /* "wycheproof/aes_gcm_test.json, nist/sp800-38a-ctr.json" */
    char failure[384];        /* first failing case: file, tcId, comment, what differed */
    char skipped_cases[512];  /* the first skipped cases, one per line: "wycheproof/
                                 aes_gcm_test.json tcId 268 (valid, ...): seal returned
                                 CM_ERR_UNSUPPORTED"; those that do not fit are only
                                 counted in skipped */
    unsigned findings;        /* invalid cases the implementation accepted: a
                                 finding about the library, not a failure (its
                                 figures are measured, marked) */
    char finding_cases[512];  /* the first of them, one per line: "wycheproof/
                                 ecdh_secp256r1_test.json tcId 359 (invalid, ...):
                                 derive accepted an invalid public key" */
    char failed_ids[256];     /* the failed Wycheproof cases as "file#tcId", space-separated,
                                 while they fit (known findings match on them) */
    unsigned failed_named;    /* the failures listed in failed_ids */
    char case_at[96];         /* "file#tcId" of the Wycheproof case running, "" between
                                 cases: kat_fail names its failure by it (not in the JSON) */
    /* cross-check against another backend on random inputs */
    cm_check_status cross;
    char cross_peer[64];      /* the peer, "backend:variant", "" if none */
    char cross_detail[384];   /* sizes checked, the first mismatch, or why none */
    /* the known finding of data/library_findings.json that every failure
       is (check/findings.h); known_id "" when none */
    char known_id[48];
    char known_what[384];
    int known_security;       /* 1 the finding is security-relevant */
    int known_inside;         /* 1 its cases lie inside the timed parameters: not measured */
} cm_kat_report;

/* Sets rep to "nothing checked yet": both statuses CM_CHECK_NONE, counts 0,
 * strings empty. */
void cm_kat_report_init(cm_kat_report *rep);

/* 1 when rep failed and every failure is the known finding it names
 * (rep->known_id). */
int cm_kat_report_known(const cm_kat_report *rep);

/* "passed", "failed" or "none". */
const char *cm_check_status_name(cm_check_status s);

/* The overall status of rep: failed if either part failed, passed if
 * either passed, none if neither had anything to check. */
cm_check_status cm_kat_report_status(const cm_kat_report *rep);

/* ---- counting cases ----------------------------------------------------------- */

/* Counts one passed case. */
void kat_pass(cm_kat_report *rep);

/* Counts one skipped case (a valid case the implementation declined); the
 * message (printf-style: the case's label and the call that declined it)
 * is added to rep->skipped_cases while there is room. */
void kat_skip(cm_kat_report *rep, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Counts one finding: an invalid case (Wycheproof "invalid") that the
 * implementation accepted, where the library and not our glue decides (a
 * signature, a public key, a ciphertext it should have refused). It is a
 * fact about the library, reported by case (the message, printf-style,
 * names the file and tcId) in rep->finding_cases, and does not fail the
 * check: the implementation is still measured, its records marked. */
void kat_finding(cm_kat_report *rep, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Counts one failed case; the first failure's message (printf-style) is
 * kept in rep->failure, later ones only counted. Inside a Wycheproof case
 * (rep->case_at set) the case is added to rep->failed_ids. */
void kat_fail(cm_kat_report *rep, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Appends name to rep->sources (", "-separated) unless already there. */
void kat_add_source(cm_kat_report *rep, const char *name);

/* Sets rep->vectors from the counts: failed if any failed, passed if any
 * passed, none otherwise. */
void kat_settle_vectors(cm_kat_report *rep);

/* ---- as JSON --------------------------------------------------------------- */

/* The report as a jansson object for result files (caller owns it):
 * {"status", "vectors": {"status", "passed", "failed", "skipped",
 * "skipped_cases": [...], "sources": [...], "failure": null|"..."},
 * "cross_check": {"status", "peer": null|"ref", "detail"},
 * "known_finding": null|{"id", "what", "security", "timed": "inside"|"outside"}}. Every
 * "status" is always there, one of "passed", "failed", "none" (the top
 * one is cm_kat_report_status()); text that is not valid UTF-8 (a label
 * cut inside a character, a file name) has those bytes replaced by '?'.
 * NULL only when out of memory: never an object without "status". */
struct json_t *cm_kat_report_json(const cm_kat_report *rep);

/* Fills rep from an object made by cm_kat_report_json (e.g. received from
 * a child process). Returns 0, or -1 when j does not have that shape. */
int cm_kat_report_from_json(const struct json_t *j, cm_kat_report *rep);

#endif
