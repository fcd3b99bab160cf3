/*
 * rounds.h — run --repeat N: the whole plan measured N times over, round r
 * of every implementation before round r + 1, each round in fresh child
 * processes (suite.h), so that the rounds are independent measurements of
 * the state of the machine during the run. Each record keeps every round's
 * median (record.h rounds_ns) and the measurement of its median round;
 * compare's test works on the rounds (docs/methodology.md).
 */
#ifndef CM_RUN_ROUNDS_H
#define CM_RUN_ROUNDS_H

#include "records/record.h"
#include "registry/plan.h"
#include "run/suite.h"

/* Runs groups[0..n) cfg->rounds times (1 when 0) and appends one record
 * per planned (operation, size) to records, with its rounds. Returns the
 * failed implementations of all rounds, or -1 with err (out of memory, or
 * a round that did not plan the same records: the run stops). */
int cm_suite_rounds(const cm_suite_config *cfg, const cm_group *groups, size_t n,
                    cm_record_set *records, cm_suite_totals *totals, cm_error *err);

#endif
