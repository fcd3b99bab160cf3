/*
 * suite_msg.h — the messages a suite child sends its parent (suite.c), one
 * JSON line each (isolate.h), and their parsing back into typed values:
 *   {"type":"clock","when":"before"|"after","supported","cpu","mhz","mhz_check","spread","agree"}
 *   {"type":"progress","where":..}
 *   {"type":"unavailable","reason":..}
 *   {"type":"kat","ok":..,"report":{...cm_kat_report_json...}}
 *   {"type":"measurement","op":..,"size":..,...the fields of cm_measurement...}
 *   {"type":"error","op":..,"size":..,"reason":..}
 * Internal to the suite: result files never carry these.
 */
#ifndef CM_RUN_SUITE_MSG_H
#define CM_RUN_SUITE_MSG_H

#include <stddef.h>
#include "records/record.h"
#include "measure/runner.h"

struct json_t;

#define CM_MSG_MALFORMED (-1)
#define CM_MSG_NOMEM (-2)

/* The clock measured now on this CPU, as a "clock" message (NULL if out
 * of memory). */
struct json_t *cm_msg_clock(const char *when);

/* Fills r (present) from a "clock" message. */
void cm_msg_clock_parse(const struct json_t *msg, cm_clock_reading *r);

/* m of (op, size) as a "measurement" message (NULL if out of memory). */
struct json_t *cm_msg_measurement(const cm_measurement *m, cm_op op, size_t size);

/* Fills m (samples malloc'ed: the caller frees them with
 * cm_measurement_free) from a "measurement" message. 0, CM_MSG_MALFORMED
 * or CM_MSG_NOMEM (m then holds nothing to free). */
int cm_msg_measurement_parse(const struct json_t *msg, cm_measurement *m);

/* The operation and size a "measurement" or "error" message is about:
 * 0, or CM_MSG_MALFORMED. */
int cm_msg_subject(const struct json_t *msg, cm_op *op, size_t *size);

/* A message's "type" (NULL: none). */
const char *cm_msg_type(const struct json_t *msg);

/* 1 when a "clock" message is the one taken after the measurements. */
int cm_msg_clock_after(const struct json_t *msg);

/* The "reason" of an "error" message (NULL: none). */
const char *cm_msg_reason(const struct json_t *msg);

/* How many threads a "measurement" or "error" message's figure took
 * ("threads"; 1 when absent), and, when that is 1..max, the CPU and ns
 * per operation of each ("per_thread") into per_cpu and per_ns. */
int cm_msg_threads(const struct json_t *msg, int *per_cpu, double *per_ns, int max);

#endif
