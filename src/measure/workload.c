/*
 * workload.c — see workload.h. The buffers (each at a random offset into
 * its allocation: layout.h) and the deterministic inputs are the same for
 * every class; the rest is the class module's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "measure/layout.h"
#include "measure/workload.h"

int cm_size_fits(const cm_algorithm *alg, size_t size)
{
    return size % alg->block_len == 0 && size >= alg->data_unit_min;
}

void cm_size_rule(const cm_algorithm *alg, char *out, size_t out_len)
{
    if (alg->data_unit_min)
        snprintf(out, out_len, "%s takes whole data units of at least %zu bytes (one per call)",
                 alg->name, alg->data_unit_min);
    else
        snprintf(out, out_len, "%s takes whole %zu-byte blocks", alg->name, alg->block_len);
}

size_t cm_bench_message_len(const cm_algorithm *alg, size_t size)
{
    if (cm_class_of(alg)->unit == CM_UNIT_BYTE)
        return size;
    const char *bytes = cm_algorithm_param(alg, "message_bytes");
    return bytes ? (size_t)strtoul(bytes, NULL, 10) : 32;
}

/* Deterministic filler so that every backend processes the same bytes. */
static void fill(uint8_t *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (uint8_t)(seed >> 16);
    }
}

int cm_bench_open(cm_bench *b, const cm_impl *impl, cm_op op, size_t size, cm_error *err)
{
    const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
    memset(b, 0, sizeof *b);
    b->alg = alg;
    b->vt = impl->vt;
    b->op = op;
    b->size = size;
    if (!cm_size_fits(alg, size)) {
        char rule[128];
        cm_size_rule(alg, rule, sizeof rule);
        return cm_error_set(err, CM_EXIT_USAGE, "%s; %zu bytes do not fit", rule, size);
    }
    size_t alloc = (size + 63) / 64 * 64 + 64;
    b->in_offset = cm_layout_offset();
    b->out_offset = cm_layout_offset();
    uint8_t *in = aligned_alloc(64, alloc + CM_LAYOUT_SPAN), *out = aligned_alloc(64, alloc + CM_LAYOUT_SPAN);
    b->in = in ? in + b->in_offset : NULL;
    b->out = out ? out + b->out_offset : NULL;
    if (!in || !out) {
        cm_bench_close(b);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory for %zu-byte buffers", size);
    }
    fill(b->key, sizeof b->key, 1);
    fill(b->iv, sizeof b->iv, 2);
    fill(b->aad, sizeof b->aad, 3);
    fill(b->in, alloc, 4);
    if (cm_class_of(alg)->bench_open(b, err) != 0) {
        cm_bench_close(b);
        return -1;
    }
    return 0;
}

cm_workload cm_bench_workload(cm_bench *b)
{
    return (cm_workload){cm_class_of(b->alg)->loops[b->op], b};
}

cm_workload cm_bench_overhead(cm_bench *b, cm_bench *scratch)
{
    const cm_class_module *m = cm_class_of(b->alg);
    *scratch = *b;
    scratch->vt = m->nop;
    return (cm_workload){m->loops[b->op], scratch};
}

void cm_bench_close(cm_bench *b)
{
    if (b->alg)
        cm_class_of(b->alg)->bench_close(b);
    b->state = NULL;
    free(b->in ? b->in - b->in_offset : NULL);
    free(b->out ? b->out - b->out_offset : NULL);
    b->in = b->out = NULL;
}
