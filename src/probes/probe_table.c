/*
 * probe_table.c — the probes of this build's architecture, gathered once
 * from the kernel files (probe_sets.h) into one table, in the order of
 * docs/probes.md. Architectures without probes get an empty table.
 */
#include "probes/probe_kernels.h"
#include "probes/probe_sets.h"

#define MAX_PROBES 32

/* See probe_kernels.h. */
const cm_probe_kernel *cm_probe_kernels(size_t *n)
{
    static cm_probe_kernel table[MAX_PROBES];
    static size_t count;
    static int done;
    if (!done) {
        struct {
            const cm_probe_kernel *set;
            size_t n;
        } sets[] = {
#if defined(__x86_64__)
            {cm_probes_x86_aes, cm_probes_x86_aes_n},   {cm_probes_x86_v256, cm_probes_x86_v256_n},
            {cm_probes_x86_v512, cm_probes_x86_v512_n}, {cm_probes_x86_sha, cm_probes_x86_sha_n},
            {cm_probes_x86_int, cm_probes_x86_int_n},
#elif defined(__aarch64__)
            {cm_probes_arm64_crypto, cm_probes_arm64_crypto_n},
            {cm_probes_arm64_int, cm_probes_arm64_int_n},
#endif
            {NULL, 0}};
        for (size_t s = 0; sets[s].set; s++)
            for (size_t i = 0; i < sets[s].n && count < MAX_PROBES; i++)
                table[count++] = sets[s].set[i];
        done = 1;
    }
    *n = count;
    return table;
}

/* See probe_kernels.h. */
const cm_probe_kernel *cm_probe_clock_reference(void)
{
#if defined(__x86_64__) || defined(__aarch64__)
    return &cm_probe_clock_chain;
#else
    return NULL;
#endif
}
