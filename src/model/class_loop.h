/*
 * class_loop.h — the shapes every class module (class_*.c) repeats, written
 * once: the timed loop of an operation (class.h cm_loop_fn), the plain
 * bench_close and the common fields of a module's table. The loop is a macro, not a function taking a
 * callback, so the preprocessor writes each loop out with its call inline:
 * nothing sits between the timer and the call.
 */
#ifndef CM_MODEL_CLASS_LOOP_H
#define CM_MODEL_CLASS_LOOP_H

#include <stdint.h>
#include "model/class.h"

/* A timed loop named name: PRE (declarations of b, once), then iters
 * times EACH (declarations each call needs) and the call (the variadic
 * part, an expression of b); 1 at the first call that does not return
 * CM_OK, else 0. */
#define CM_TIMED_LOOP_WITH(name, PRE, EACH, ...)                                                   \
    static int name(void *ctx, uint64_t iters)                                                     \
    {                                                                                              \
        cm_bench *b = ctx;                                                                         \
        PRE                                                                                        \
        for (uint64_t i = 0; i < iters; i++) {                                                     \
            EACH                                                                                   \
            if ((__VA_ARGS__) != CM_OK)                                                            \
                return 1;                                                                          \
        }                                                                                          \
        return 0;                                                                                  \
    }

/* The loop of one call and nothing else. */
#define CM_TIMED_LOOP(name, ...) CM_TIMED_LOOP_WITH(name, , , __VA_ARGS__)

/* The bench_close of a module whose state is destroyed by its vtable
 * (cm_bench's vt.member): the state, if one was made. */
#define CM_BENCH_CLOSE(member)                                                                     \
    static void bench_close(cm_bench *b)                                                           \
    {                                                                                              \
        if (b->state)                                                                              \
            b->vt.member->destroy(b->state);                                                       \
    }

/* The create of a keyed no-op state (none is made) and its destroy, for
 * the no-op vtables whose loops create states, and the no-op calls that
 * several classes' tables share: one of the state alone (keygen, a bignum
 * operation) and one output of a whole message (digest, mac) (class.c). */
cm_rc cm_nop_keyed_create(void **state, const uint8_t *key, size_t key_len);
void cm_nop_destroy(void *state);
cm_rc cm_nop_state(void *state);
cm_rc cm_nop_whole(void *state, const uint8_t *msg, size_t len, uint8_t *out);

/* The end of a bench_open whose create() returned rc: 0 on CM_OK, else -1
 * with err naming rc (class.c). */
int cm_bench_created(cm_rc rc, cm_error *err);

/* The fields every module's table has (class.h cm_class_module): the
 * class, its name and unit, the module's own bench_open and bench_close,
 * its no-op vtable `nop` (under .nop.member) and its cross-check against a
 * peer (cross; NULL: none). */
#define CM_CLASS_BASICS(class_id, class_name, class_unit, member, cross)                           \
    .cls = (class_id), .name = (class_name), .unit = (class_unit), .bench_open = bench_open,       \
    .bench_close = bench_close, .nop = {.member = &nop}, .cross_one = (cross)

#endif
