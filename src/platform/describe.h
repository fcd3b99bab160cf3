/*
 * describe.h — what the machine is, as the objects that the detect
 * document and every result file's context carry: "system" (host, kernel,
 * OS) and "cpu" (the CPU, its clusters and crypto features), filled into
 * the typed structs of cpu_doc.h and written by cpu_json.c; and the check
 * that a --sysroot names a recorded tree (describe.c).
 */
#ifndef CM_PLATFORM_DESCRIBE_H
#define CM_PLATFORM_DESCRIBE_H

#include "platform/cpu.h"
#include "platform/features.h"
#include "util/error.h"

struct json_t;

/* Checks that sysroot can be read as a root: a readable directory with
 * proc/ or sys/ in it. 0 (also for NULL or "", the live system), or -1 with
 * err set (CM_EXIT_ENVIRONMENT). */
int platform_check_sysroot(const char *sysroot, cm_error *err);

/* The "system" object: {hostname, kernel, kernel_version, machine, os},
 * each present when known. New reference, NULL when out of memory. */
struct json_t *platform_system_json(const char *sysroot);

/* The "cpu" object: {arch, vendor, model_name, board, cores, hybrid,
 * midr_source, cluster_source, clock_method, clusters [{id, cpus,
 * core_name, core_vendor, based_on, midr, freq_min_mhz, freq_max_mhz,
 * freq_cur_mhz, cpuinfo_mhz, claimed_mhz, claimed_source, measured_mhz,
 * measured_check_mhz, measured_spread, clock_agree, governor,
 * cpufreq_driver, policy}], features [{name, label, present, source,
 * accelerates, cpu, os, masked, cpuinfo}], feature_table, feature_source,
 * isa_mask, isa_mask_unknown (when set), feature_disagreements}. New
 * reference, NULL when out of memory. */
struct json_t *platform_cpu_json(const platform_cpu *cpu, const platform_features *fs);

#endif
