/*
 * sweep_msg.h — the sweep child's "point" messages (sweep.c writes them)
 * read back into the sweep's typed point (sweep.h): sweep_msg.c is the one
 * file that reads them.
 */
#ifndef CM_RUN_SWEEP_MSG_H
#define CM_RUN_SWEEP_MSG_H

#include <stddef.h>
#include "run/sweep.h"

struct json_t;

/* The chunk and total a "point" message is about (0 when absent or not
 * positive). */
void cm_sweep_msg_where(const struct json_t *msg, size_t *chunk, size_t *total);

/* p's status, reason, repetitions and times from a "point" message of n
 * repetitions: ok, the child's error, or "the child sent a malformed
 * point". */
void cm_sweep_msg_point(const struct json_t *msg, int n, cm_sweep_point *p);

#endif
