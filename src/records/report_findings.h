/*
 * report_findings.h — the lines under run's table (and show's) about
 * library findings: the implementations whose only failures are a known
 * finding of data/library_findings.json (status known-finding, check/
 * findings.h), and those that passed but accepted invalid cases (the
 * "pass!" and "vec!" of the KAT column).
 */
#ifndef CM_RECORDS_REPORT_FINDINGS_H
#define CM_RECORDS_REPORT_FINDINGS_H

#include <stdio.h>
#include "records/record.h"

/* Prints, once per implementation of recs, "Known library findings:" and
 * "Invalid cases accepted:" sections (nothing when there are none). */
void cm_print_findings(FILE *out, const cm_record *recs, size_t n);

#endif
