/*
 * memcount_opaque.c — the backends whose heap the allocator count cannot
 * see (memcount.h), with the reason each record states instead of a
 * figure. Language runtimes are not here: their work is in a server
 * process, which suite.c says of every runtime backend.
 */
#include <string.h>
#include "measure/memcount.h"

static const struct {
    const char *backend, *why;
} opaque[] = {
    {"botan", "Botan's secure_vector memory comes from its own locked pool (mlock_allocator), "
              "which does not call malloc"},
    {"afalg", "the work and its buffers are in the kernel (AF_ALG), whose allocations a "
              "user-space count does not see"},
};

const char *cm_memory_opaque_backend(const char *backend)
{
    for (size_t i = 0; i < sizeof opaque / sizeof opaque[0]; i++)
        if (strcmp(opaque[i].backend, backend) == 0)
            return opaque[i].why;
    return NULL;
}
