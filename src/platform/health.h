/*
 * health.h — whether figures taken now can be trusted: snapshots of the
 * machine's state before and after a run (health_snapshot.c, health_vm.c),
 * the flags they raise, one sentence each (health_flags.c; the typed list
 * is flags.h), and their raw
 * figures as JSON (health_json.c).
 */
#ifndef CM_PLATFORM_HEALTH_H
#define CM_PLATFORM_HEALTH_H

#include "platform/cpu.h"
#include "platform/flags.h"

#define PLATFORM_MAX_ZONES 32

struct json_t;

typedef struct platform_policy_state {
    char name[24];           /* "policy0" */
    char governor[32];
    char driver[32];         /* scaling_driver */
    double cur_mhz, max_mhz;
    int has_tis;             /* stats/time_in_state was readable */
    unsigned long long tis_total;     /* sum of all states (10 ms units) */
    unsigned long long tis_below_max; /* sum of states below the top one */
} platform_policy_state;

typedef struct platform_zone_state {
    char type[32];           /* "cpu-thermal", "x86_pkg_temp" */
    double temp_c;           /* NAN when unreadable */
    double passive_c;        /* lowest passive/hot trip point, or NAN */
} platform_zone_state;

/* One snapshot of the things that make figures less trustworthy. Taken
 * before and after a run; platform_health_flags() compares the two. */
typedef struct platform_health {
    double t;                /* CLOCK_MONOTONIC seconds */
    int live;                /* 1 if taken on the live system */
    int n_cpus_online;       /* sys/devices/system/cpu/online, -1 unknown */
    int n_cpus_present;
    double load1, load5, load15;      /* -1 when unknown */
    /* Busy fraction of each CPU over the sample (-1 = not sampled). */
    int n_busy;
    int busy_cpu[PLATFORM_MAX_CPUS];
    double busy[PLATFORM_MAX_CPUS];
    double steal[PLATFORM_MAX_CPUS];  /* hypervisor steal share, same sample */
    double busy_sample_s;
    int n_policies;
    platform_policy_state policy[PLATFORM_MAX_CLUSTERS];
    long long throttle_count;         /* sum of x86 *_throttle_count, -1 absent */
    int n_zones;
    platform_zone_state zone[PLATFORM_MAX_ZONES];
    long long pswpin, pswpout;        /* /proc/vmstat, -1 absent */
    long long swap_total_kb, swap_free_kb; /* /proc/meminfo, -1 absent */
    int vm;                  /* 1 VM, 0 not detected, -1 unknown */
    char vm_vendor[64];      /* "KVM", "QEMU", "Microsoft Hv", ... */
    char vm_evidence[128];   /* how it was seen */
    int n_clock;             /* clusters measured in this snapshot */
    double clock_mhz[PLATFORM_MAX_CLUSTERS]; /* 0 = not measured */
    double clock_spread[PLATFORM_MAX_CLUSTERS]; /* measured_spread of the
                                                   same measurement, 0 unknown */
    char isa_mask[256];      /* CRYPTOMETER_ISA_MASK, or "" */
} platform_health;

/* What a snapshot takes beyond plain file reads. */
#define PLATFORM_HEALTH_BUSY  1u  /* sample /proc/stat over ~200 ms */
#define PLATFORM_HEALTH_CLOCK 2u  /* measure each cluster's clock (live) */

/* Takes a snapshot (allocated; free with platform_health_free). cpu may be
 * NULL (then it is read when needed). NULL only when out of memory
 * (health_snapshot.c). */
platform_health *platform_health_snapshot(const char *sysroot, const platform_cpu *cpu,
                                          unsigned what, cm_error *err);
void platform_health_free(platform_health *h);

/* Copies the clock measured on each cluster of cpu (measured_mhz,
 * measured_spread) into the snapshot. */
void platform_health_record_clocks(platform_health *h, const platform_cpu *cpu);

/* Fills h->vm, vm_vendor and vm_evidence: whether cryptometer runs in a
 * virtual machine and how that was seen (health_vm.c; part of a snapshot). */
void platform_health_read_vm(const char *sysroot, platform_health *h);

/* Appends to flags the flags raised by a before snapshot and, if after is
 * not NULL, by what changed during the run (flags.h: severity info or
 * warning, message a full sentence). A clock drift is flagged only beyond
 * both 3% and the larger clock_spread of the two snapshots: less is within
 * what the measurement itself varies by (health_flags.c). 0, or -1 when
 * out of memory. */
int platform_health_flags(const platform_health *before, const platform_health *after, platform_flags *flags);

/* The flags a before snapshot raises (none when before is NULL) as the
 * JSON array of platform_flags_to_json() (health_json.c). New reference,
 * NULL when out of memory. */
struct json_t *platform_health_flags_json(const platform_health *before);

/* The snapshot's raw figures as a JSON object (for result files;
 * health_json.c). New reference, NULL when out of memory. */
struct json_t *platform_health_json(const platform_health *h);

/* The inverse of platform_health_json(): a document's health_before,
 * health_after or health_snapshot object back into *h (overwritten). What
 * the JSON does not carry (t, the CPUs online and present, the ISA mask)
 * is left unknown (0, -1, ""); null is unknown, as the writer writes it.
 * -1 with err (CM_EXIT_ENVIRONMENT) naming the field when o is not an
 * object or a field has the wrong type (health_json.c). */
int platform_health_from_json(const struct json_t *o, platform_health *h, cm_error *err);

#endif
