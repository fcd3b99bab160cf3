/*
 * ref_state.h — how the ref backend's states are allocated and freed:
 * zeroed on create, wiped before free. Private to src/backends/ref/.
 */
#ifndef CM_BACKENDS_REF_STATE_H
#define CM_BACKENDS_REF_STATE_H

#include <stdlib.h>
#include "cryptometer/primitive.h"
#include "impl/ref/bytes.h"

/* *state = a new zeroed block of size bytes; CM_ERR_NOMEM if none. */
static inline cm_rc ref_state_alloc(void **state, size_t size)
{
    void *p = calloc(1, size);
    if (p == NULL)
        return CM_ERR_NOMEM;
    *state = p;
    return CM_OK;
}

/* Wipes and frees a state of size bytes; NULL is accepted. */
static inline void ref_state_free(void *state, size_t size)
{
    if (state == NULL)
        return;
    ref_wipe(state, size);
    free(state);
}

#endif
