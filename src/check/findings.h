/*
 * findings.h — the known library findings (data/library_findings.json,
 * docs/findings.md): Wycheproof cases a library version is known to get
 * wrong. An implementation whose every failure is one finding's gets
 * status known-finding instead of failed-kat; it is measured when the
 * finding's cases lie outside the parameters the benchmark times. The
 * child of `run` and of `verify` asks here after its checks failed.
 */
#ifndef CM_CHECK_FINDINGS_H
#define CM_CHECK_FINDINGS_H

#include "cryptometer/backend.h"
#include "cryptometer/algorithm.h"
#include "model/kat_report.h"

/* Names in rep (known_id, known_what, known_security, known_inside) the
 * finding of the table for backend b's algorithm alg, at the version b
 * has loaded, that every failure of rep is: each failed vector is one of
 * its file's tcIds (rep->failed_ids names them all), and a failed
 * cross-check's detail holds the finding's "cross_check" as whole words. Returns 1 when
 * one is, 0 otherwise (rep unchanged): a failure not in the table, a
 * version outside the finding's range, or no version at all. */
int cm_findings_match(const cm_backend *b, const cm_algorithm *alg, cm_kat_report *rep);

/* -1, 0 or 1 as dotted version a is before, equal to or after b: the
 * numbers from the first digit on ("Botan 2.19.3 (...)" is 2.19.3),
 * missing parts 0 ("8.7" equals "8.7.0"). */
int cm_version_cmp(const char *a, const char *b);

#endif
