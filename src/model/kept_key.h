/*
 * kept_key.h — one key pair kept between the benchmarks of a child: the
 * signature and pke classes measure sign then verify (encrypt then decrypt)
 * of one implementation in one process, and each used to make its own key
 * pair (an RSA-4096 key takes seconds). A benchmark that needs a key takes
 * the kept state, if its implementation's, instead of making one, and gives
 * its state back when done; "generate keys once per run in the child"
 * (issue 7). A state is held by one benchmark at a time, so threads that
 * measure copies at once (threads.c) never share one: one takes it, the
 * others make their own.
 */
#ifndef CM_MODEL_KEPT_KEY_H
#define CM_MODEL_KEPT_KEY_H

/* The kept state of owner (an implementation's vtable), which the caller now
 * owns, or NULL when none is kept for it. */
void *cm_kept_key_take(const void *owner);

/* Keeps state, which holds a key pair, for owner's next benchmark; a state
 * of another owner kept before is freed with its destroy. When a state of
 * the same owner is kept already, state is freed with destroy instead. */
void cm_kept_key_give(const void *owner, void *state, void (*destroy)(void *));

#endif
