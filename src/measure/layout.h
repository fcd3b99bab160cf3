/*
 * layout.h — where a measuring child puts its stack and its buffers.
 *
 * A figure can depend on addresses: two buffers 4 KiB apart alias in the
 * load/store unit, a stack frame can share cache sets with the input. A
 * forked child inherits its parent's stack addresses, so every child of
 * one run saw the same layout and its rounds (run --repeat) could agree
 * with each other and not with the next run. Each child therefore moves its
 * stack, and each bench its input and output buffers, by a random multiple
 * of CM_LAYOUT_STEP below CM_LAYOUT_SPAN; the record keeps the offsets
 * (docs/methodology.md, "Memory layout").
 */
#ifndef CM_MEASURE_LAYOUT_H
#define CM_MEASURE_LAYOUT_H

#include <jansson.h>

#define CM_LAYOUT_STEP 64u    /* a cache line: the buffers stay 64-byte aligned */
#define CM_LAYOUT_SPAN 4096u  /* a page: every offset within one */

typedef struct cm_layout {
    int present;              /* 0: not drawn (a runtime's server holds its buffers) */
    unsigned stack, in, out;  /* bytes: the child's stack shift, the buffers' offsets */
} cm_layout;

/* A random multiple of CM_LAYOUT_STEP in [0, CM_LAYOUT_SPAN). */
unsigned cm_layout_offset(void);

/* The "layout" object of a measurement, for both the child's message and
 * the record: {"stack", "in", "out"} in bytes. The parser returns 0, or -1
 * when o is not such an object (an offset outside [0, CM_LAYOUT_SPAN)). */
json_t *cm_layout_json(const cm_layout *l);
int cm_layout_parse(const json_t *o, cm_layout *l);

#endif
