/*
 * kat_internal.h — what the files of the KAT runner share (kat.c,
 * kat_wycheproof.c, kat_builtin.c, kat_crosscheck.c): running and scanning
 * our own "cryptometer-kat-v1" files. The helpers every check and class
 * module uses for one case are model/kat_case.h; the interface is kat.h.
 */
#ifndef CM_CHECK_KAT_INTERNAL_H
#define CM_CHECK_KAT_INTERNAL_H

#include <jansson.h>
#include "check/kat.h"
#include "model/kat_case.h"

/* Runs one "cryptometer-kat-v1" document (kat_builtin.c) against impl, as
 * cm_kat_wycheproof does for Wycheproof: adds to rep, returns the number of
 * cases run or -1 with err set. */
int kat_builtin_run(json_t *doc, const char *source, const cm_impl *impl,
                    const cm_algorithm *alg, cm_kat_report *rep, cm_error *err);

/* Scans one "cryptometer-kat-v1" document as cm_kat_wycheproof_scan does
 * (kat.h): the entries of each algorithm of this build, and those of
 * algorithms not in it by reason. info is initialised here. Returns 0 or
 * -1 with err. */
int kat_builtin_scan(json_t *doc, const char *source, cm_kat_file_info *info, cm_error *err);

#endif
