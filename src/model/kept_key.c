/*
 * kept_key.c — see kept_key.h: one slot, under a mutex.
 */
#include <pthread.h>
#include <stddef.h>
#include "model/kept_key.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static const void *kept_owner;
static void *kept_state;
static void (*kept_destroy)(void *);

void *cm_kept_key_take(const void *owner)
{
    void *state = NULL;
    pthread_mutex_lock(&lock);
    if (kept_state && kept_owner == owner) {
        state = kept_state;
        kept_state = NULL;
    }
    pthread_mutex_unlock(&lock);
    return state;
}

void cm_kept_key_give(const void *owner, void *state, void (*destroy)(void *))
{
    void *drop = NULL;
    void (*drop_destroy)(void *) = NULL;
    pthread_mutex_lock(&lock);
    if (kept_state && kept_owner == owner) {
        drop = state, drop_destroy = destroy;
    } else {
        drop = kept_state, drop_destroy = kept_destroy;
        kept_owner = owner, kept_state = state, kept_destroy = destroy;
    }
    pthread_mutex_unlock(&lock);
    if (drop)
        drop_destroy(drop);
}
