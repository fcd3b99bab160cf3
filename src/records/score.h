/*
 * score.h — the processor-normalised score of a run (docs/methodology.md,
 * "Processor-normalised score"): the reference workload is timed before
 * and after the measurements; its fastest call goes into
 * context.reference_workload and into every record, whose score is then
 * its median time over that reference (record.h, cm_record_figures).
 */
#ifndef CM_RECORDS_SCORE_H
#define CM_RECORDS_SCORE_H

#include "records/record.h"
#include "platform/reference.h"

struct json_t;

typedef struct cm_score_ref {
    platform_reference start, end;
} cm_score_ref;

/* Times the workload before the measurements. */
void cm_score_start(cm_score_ref *s);

/* Times it after them, puts "reference_workload" into context and sets
 * every record's reference_ns (left 0 when the workload failed its
 * answer). 0, or -1 when out of memory. */
int cm_score_finish(cm_score_ref *s, struct json_t *context, cm_record_set *recs);

#endif
