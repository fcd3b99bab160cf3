/*
 * table_facts.h — what run's table shows around the records, typed: the
 * settings (CPU, per cluster, sizes), the CPU's model and clusters' clocks,
 * the libraries not built, the emulation line, the AES score messages and
 * the health flags of a result document. table_facts_json.c is the one
 * file that reads them from the document; report.c prints them.
 */
#ifndef CM_RECORDS_TABLE_FACTS_H
#define CM_RECORDS_TABLE_FACTS_H

#include <stddef.h>
#include "platform/flags.h"
#include "registry/plan.h"
#include "util/error.h"

struct json_t;

/* One cluster's clock: NAN when the document has no number. */
typedef struct cm_table_cluster {
    char *core_name;   /* NULL: not named */
    double measured_mhz, claimed_mhz;
} cm_table_cluster;

/* A library of the context that is not built. */
typedef struct cm_table_missing {
    char *backend, *reason, *package;
} cm_table_missing;

typedef struct cm_table_facts {
    char *model;                /* NULL: unknown */
    int per_cluster, cpu, interrupted;
    int runtimes_left_out;      /* the default suite without --runtimes (settings.runtimes) */
    cm_size_limit size_limits[CM_MAX_SIZE_LIMITS]; /* the default suite's (settings.size_limits) */
    size_t n_size_limits;
    size_t sizes[CM_MAX_SIZES]; /* the columns of the per-byte blocks */
    size_t n_sizes;
    cm_table_cluster *clusters;
    size_t n_clusters;
    cm_table_missing *missing;
    size_t n_missing;
    int emulated;
    char *emulated_why;         /* the first positive evidence, or NULL */
    char **score_messages;      /* analysis.aes_score[].message (NULL: none) */
    size_t n_scores;
    platform_flags health;      /* context.health */
    cm_error health_error;      /* why the health is not shown ("" when it is) */
} cm_table_facts;

/* Reads the facts of the result document doc (absent parts: none, as the
 * table shows them; out of memory: the parts not read are left out). Free
 * with cm_table_facts_free(). */
void cm_table_facts_read(const struct json_t *doc, cm_table_facts *t);

void cm_table_facts_free(cm_table_facts *t);

#endif
