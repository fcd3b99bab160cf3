/*
 * report_memory.h — the table of `run --memory` (report_memory.c): memory
 * per operation of each measured record (measure/memcount.h).
 */
#ifndef CM_RECORDS_REPORT_MEMORY_H
#define CM_RECORDS_REPORT_MEMORY_H

#include <stdio.h>
#include "records/record.h"

/* One row per measured record with a memory figure: implementation,
 * operation, size, allocations and heap bytes per call (or "not
 * observable", its reason once below the table), stack depth and the
 * child's peak resident memory. Nothing when no record has one. */
void cm_print_memory_table(FILE *out, const cm_record *recs, size_t n);

#endif
