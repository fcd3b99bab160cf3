/*
 * aes_result.h — the AES score's verdicts as C structs: one
 * platform_aes_result per figure judged (what platform_aes_verdict()
 * writes, with the cluster, what the run or log showed and the twin
 * check added after it), and detect's "aes_score" block {scores, reason}.
 * The twin check (aes_twins.c), the weighing (verdict.c), `aes-score` and
 * detect's text read these; aes_result_json.c is the one file that writes
 * them as JSON and parses them back (docs/detect.md, docs/result-format.md:
 * analysis.aes_score). A NAN number is JSON null; a NULL string is null.
 */
#ifndef CM_PLATFORM_AES_RESULT_H
#define CM_PLATFORM_AES_RESULT_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

/* How a figure's cluster is named: absent, null, a number or a string. */
typedef struct platform_aes_cluster {
    enum { PLATFORM_CLUSTER_ABSENT, PLATFORM_CLUSTER_NULL, PLATFORM_CLUSTER_INT, PLATFORM_CLUSTER_STRING } kind;
    long long index;
    char *name;
} platform_aes_cluster;

/* The closest family of an unknown core's architecture. */
typedef struct platform_aes_closest {
    char *family;
    double ratio, deviation;
} platform_aes_closest;

/* A figure of table code judged against the table of cores without AES
 * instructions (aes_score.h, step 7). */
typedef struct platform_aes_table_code {
    char *family;
    double ratio, tolerance, deviation;
    char *verdict;
    int circular;
} platform_aes_table_code;

/* The twin check of one figure (aes_twins.c). */
typedef struct platform_aes_twin_check {
    int present;
    platform_aes_cluster *clusters; /* its twins */
    size_t n_clusters;
    double reference_score_per_mhz, deviation;
    int flagged;
    char *message;  /* NULL unless flagged */
} platform_aes_twin_check;

/* What is added to a verdict after the rule, written in this order. */
typedef struct platform_aes_added {
    platform_aes_cluster cluster;
    int quick;       /* 1: a quick figure of detect ("quick": true) */
    int has_observed;
    char **observed; /* what the run or log shows during its test */
    size_t n_observed;
    platform_aes_twin_check twins;
} platform_aes_added;

/* One verdict (aes_score.h, platform_aes_verdict()). */
typedef struct platform_aes_result {
    char *core_name, *arch;
    double mhz;
    char *mhz_source;
    double kbs_16k, score_per_mhz;
    char *family;
    double ratio, tolerance, expected_kbs, implied_mhz, deviation;
    int has_closest;
    platform_aes_closest closest;
    double claimed_mhz, claimed_deviation;
    char *claimed_verdict;
    char *verdict;
    int circular;
    int has_table_code;
    platform_aes_table_code table_code;
    /* the evidence weighed (NULL: unknown) */
    char *aes_instructions, *library_aes, *masked_by, *emulated, *native;
    char *message;
    platform_aes_added added;
} platform_aes_result;

/* detect's "aes_score" block. */
typedef struct platform_aes_block {
    platform_aes_result *scores;
    size_t n;
    char *reason;   /* why there are none (or NULL) */
} platform_aes_block;

/* ---- aes_result_json.c ---------------------------------------------------- */

/* One verdict as JSON; NULL when out of memory. */
struct json_t *platform_aes_result_to_json(const platform_aes_result *r);

/* The verdicts as a JSON array; NULL when out of memory. */
struct json_t *platform_aes_results_to_json(const platform_aes_result *r, size_t n);

/* Parses an array of verdicts (NULL: none) into a malloc'ed *r of *n. 0,
 * or -1 with one line in err; free with platform_aes_results_free() either
 * way. */
int platform_aes_results_from_json(const struct json_t *a, platform_aes_result **r, size_t *n, cm_error *err);

/* One verdict object into *r (zeroed first). */
int platform_aes_result_from_json(const struct json_t *o, platform_aes_result *r, const char *where, cm_error *err);

void platform_aes_result_free(platform_aes_result *r);
void platform_aes_results_free(platform_aes_result *r, size_t n);

/* The block {scores, reason}. */
struct json_t *platform_aes_block_to_json(const platform_aes_block *b);

/* Parses the block into *b (zeroed first); a missing block is an error.
 * Free with platform_aes_block_free() either way. */
int platform_aes_block_from_json(const struct json_t *o, platform_aes_block *b, cm_error *err);

void platform_aes_block_free(platform_aes_block *b);

/* The cluster as JSON (NULL when absent); and as read from v (NULL:
 * absent). */
struct json_t *platform_aes_cluster_to_json(const platform_aes_cluster *c);
int platform_aes_cluster_from_json(const struct json_t *v, platform_aes_cluster *c, const char *where,
                                   cm_error *err);

struct platform_aes_figure;

/* A figure given to `aes-score` (cmd_aes_score.c): {core_name, mhz,
 * kbs_16k, claimed_mhz, mhz_label, arch, log_sha256, aes_instructions,
 * library_aes, masked_by, emulated, native}, each optional, a field of
 * another type unknown as a missing one (its strings borrowed from f);
 * with what the twin check reads into *added (zeroed first): its cluster
 * and, when it is an array, observed. 0, or -1 with err when cluster or an
 * observed item has the wrong type (*added then freed). */
int platform_aes_figure_from_json(const struct json_t *f, struct platform_aes_figure *fig, platform_aes_added *added,
                                  const char *where, cm_error *err);

/* The cluster's number for sentences: its index, 0 when it has none. */
long long platform_aes_cluster_number(const platform_aes_cluster *c);

/* A copy of c into *out; -1 when out of memory. */
int platform_aes_cluster_copy(const platform_aes_cluster *c, platform_aes_cluster *out);

#endif
