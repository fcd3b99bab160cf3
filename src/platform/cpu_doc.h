/*
 * cpu_doc.h — the machine's description as the documents carry it, typed:
 * the "cpu" object (the CPU, its clusters with their clocks, its crypto
 * features and the /proc/cpuinfo disagreements) and the "system" object
 * (host, kernel, OS). One file, cpu_json.c, writes and parses each
 * (docs/detect.md, docs/result-format.md give the keys); renderers and
 * verdicts take these structs, never JSON.
 *
 * Strings are borrowed: from the JSON a *_from_json() parsed (valid while
 * it lives), or from the platform_cpu and platform_features that
 * platform_cpu_doc_fill() described. NULL stands for an absent or null
 * string, 0 for an absent or null number.
 */
#ifndef CM_PLATFORM_CPU_DOC_H
#define CM_PLATFORM_CPU_DOC_H

#include <stddef.h>
#include "platform/cpu.h"
#include "platform/features.h"
#include "util/error.h"

struct json_t;

/* One cluster of the "cpu" object. */
typedef struct platform_cluster_doc {
    long long id;
    size_t n_cpus;
    int *cpus;                  /* malloc'd */
    const char *core_name, *core_vendor, *based_on;
    char midr[24];              /* "0x410fd034", or "" when null */
    double freq_min_mhz, freq_max_mhz, freq_cur_mhz, cpuinfo_mhz, claimed_mhz;
    const char *claimed_source;
    double measured_mhz, measured_check_mhz;
    double measured_spread;     /* written only when measured_mhz > 0 */
    int clock_agree;            /* 1, 0, or -1 (null: not measured) */
    const char *governor, *cpufreq_driver, *policy;
} platform_cluster_doc;

/* One feature that /proc/cpuinfo and the CPU disagree on. */
typedef struct platform_disagreement_doc {
    const char *name;
    int cpu, cpuinfo;
    const char *message;
} platform_disagreement_doc;

/* The "cpu" object. */
typedef struct platform_cpu_doc {
    const char *arch, *vendor, *model_name, *board;
    long long cores;
    int hybrid;
    const char *midr_source, *cluster_source, *clock_method;
    size_t n_clusters;
    platform_cluster_doc *clusters;          /* malloc'd */
    size_t n_features;
    platform_feature *features;              /* malloc'd; cpuinfo -1 for null */
    const char *feature_table, *feature_source, *isa_mask;
    const char *isa_mask_unknown;            /* written only when set */
    size_t n_disagreements;
    platform_disagreement_doc *disagreements; /* malloc'd */
    char (*messages)[512];                   /* the texts fill() wrote; malloc'd */
} platform_cpu_doc;

/* The "system" object: each key present only when known. */
typedef struct platform_system_doc {
    const char *hostname, *kernel, *kernel_version, *machine, *os;
} platform_system_doc;

/* Describes cpu and its features fs (both must outlive doc) into doc.
 * 0, or -1 when out of memory (doc then needs no free). */
int platform_cpu_doc_fill(platform_cpu_doc *doc, const platform_cpu *cpu, const platform_features *fs);

/* Frees what doc allocated (not the struct); doc may be zeroed. */
void platform_cpu_doc_free(platform_cpu_doc *doc);

/* The "cpu" object, keys in the order docs/detect.md lists them. New
 * reference, NULL when out of memory. */
struct json_t *platform_cpu_doc_to_json(const platform_cpu_doc *doc);

/* Parses a "cpu" object (NULL or null: an empty description). Missing keys
 * and nulls are accepted; a key of the wrong type is an error naming it
 * (CM_EXIT_ENVIRONMENT). 0, or -1 with err and nothing to free. */
int platform_cpu_doc_from_json(const struct json_t *o, platform_cpu_doc *doc, cm_error *err);

/* The "system" object. New reference, NULL when out of memory. */
struct json_t *platform_system_doc_to_json(const platform_system_doc *doc);

/* Parses a "system" object as platform_cpu_doc_from_json() does. */
int platform_system_doc_from_json(const struct json_t *o, platform_system_doc *doc, cm_error *err);

#endif
