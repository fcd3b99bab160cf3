/*
 * platform.h — what the machine is, what it has for cryptography, whether
 * that is used, and whether figures taken on it now can be trusted.
 *
 * The platform module (src/platform/) answers `cryptometer detect` and
 * gives every result file its context and health flags:
 *
 *   cpu.c       CPU vendor/model/cores, per-core MIDR and core names
 *               (data/cpu_cores.json), clusters with their frequencies
 *   features.c  crypto features from the CPU itself (x86 cpuid + xgetbv,
 *               arm getauxval), what each accelerates
 *               (data/cpu_features.json), /proc/cpuinfo cross-check,
 *               the CRYPTOMETER_ISA_MASK override
 *   kcrypto.c   /proc/crypto drivers, the one the kernel selects, their
 *               class (data/kernel_drivers.json); AF_ALG, /dev/crypto, hwrng
 *   health.c    snapshots before/after a run and the flags they raise
 *   clock.c     the real clock of each cluster (src/core/cpuclock.h)
 *   aes_score.c the AES-score-per-MHz verdict (data/aes_score_per_mhz.json)
 *   aes_probe.c a quick OpenSSL aes-256-cbc figure per cluster for detect
 *   sysroot.c   file access under a sysroot, shared parsers, data tables
 *   detect.c    the detect document, its text rendering, the CLI entry
 *
 * Every reader takes a sysroot: NULL or "" reads the live system; a
 * directory reads its proc/ and sys/ instead (recorded trees in tests,
 * `--sysroot DIR` on the command line). With a sysroot nothing is asked of
 * the running CPU or kernel (no cpuid, no getauxval, no AF_ALG socket, no
 * clock measurement): those facts come from the tree or are reported as not
 * probed. A missing file is always a normal "absent", never an error.
 *
 * Environment:
 *   CRYPTOMETER_ISA_MASK  comma-separated feature names (the /proc/cpuinfo
 *       spelling or the label, case-insensitive, '-' = '_': "aes,pclmulqdq",
 *       "SHA-NI,avx512f"; "all" masks every feature) that cryptometer
 *       pretends the CPU lacks. Detection reports them present=false with
 *       masked=true, platform_cpu_has() answers 0 for them, and a health
 *       flag says the mask is active. Names are literal: masking avx does
 *       not mask avx2. Libraries keep their own switches (OPENSSL_ia32cap,
 *       OPENSSL_armcap). Used to test every code path of a multi-ISA
 *       implementation on one machine.
 *
 * Not thread-safe: call from the main thread (the data tables and the
 * feature cache are filled on first use).
 */
#ifndef CM_PLATFORM_PLATFORM_H
#define CM_PLATFORM_PLATFORM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "core/error.h"

struct json_t;

#define PLATFORM_MAX_CPUS 1024
#define PLATFORM_MAX_CLUSTERS 16
#define PLATFORM_MAX_FEATURES 64
#define PLATFORM_MAX_ZONES 32

/* ------------------------------------------------------------------------
 * CPU and clusters (cpu.c)
 * ---------------------------------------------------------------------- */

/* A group of CPUs that share a clock: a cpufreq policy, else CPUs with the
 * same MIDR, else the same x86 hybrid core type, else all CPUs. */
typedef struct platform_cluster {
    int id;                  /* 0, 1, ... in order of the first CPU */
    int n_cpus;
    int cpus[PLATFORM_MAX_CPUS];
    char core_name[64];      /* "Cortex-A72", "P-core", or "" */
    char core_vendor[32];    /* "ARM", "Qualcomm", ... or "" */
    char based_on[32];       /* "Cortex-A76" for Kryo-4XX-Gold, or "" */
    uint32_t midr;           /* 0 when unknown (x86, no MIDR anywhere) */
    char policy[24];         /* "policy4" or "" when no cpufreq */
    double freq_min_mhz;     /* cpuinfo_min_freq; 0 when unknown */
    double freq_max_mhz;     /* cpuinfo_max_freq; 0 when unknown */
    double freq_cur_mhz;     /* scaling_cur_freq (else cpuinfo_cur_freq) */
    double cpuinfo_mhz;      /* /proc/cpuinfo "cpu MHz" of the first CPU */
    double claimed_mhz;      /* what the system claims the top clock is */
    const char *claimed_source; /* "cpufreq max", "/proc/cpuinfo cpu MHz",
                                   "model name", or NULL */
    char governor[32];       /* scaling_governor or "" */
    char driver[32];         /* scaling_driver or "" */
    /* Filled by platform_measure_clocks(); 0 when not measured. */
    double measured_mhz;
    double measured_check_mhz;
    double measured_spread;
    int measured_agree;
} platform_cluster;

typedef struct platform_cpu {
    char arch[16];           /* "x86_64", "aarch64", "arm", "riscv64", ... */
    char cpuinfo_arch[16];   /* the architecture /proc/cpuinfo describes (it
                                differs from arch under qemu user mode) */
    char vendor[64];         /* "GenuineIntel", "ARM", "Qualcomm", ... */
    char model_name[128];    /* "Intel(R) Xeon(R) ...", or core names joined */
    char board[128];         /* device-tree model, or DMI product, or "" */
    int n_cpus;              /* logical CPUs in /proc/cpuinfo */
    int cpu_ids[PLATFORM_MAX_CPUS];     /* their numbers */
    uint32_t midr[PLATFORM_MAX_CPUS];   /* per entry of cpu_ids, 0 unknown */
    double mhz[PLATFORM_MAX_CPUS];      /* "cpu MHz" per entry, 0 unknown */
    int core_type[PLATFORM_MAX_CPUS];   /* x86 hybrid: 0x40 Core, 0x20 Atom, 0 */
    char midr_source[32];    /* "sysfs midr_el1", "/proc/cpuinfo", or "" */
    char *flags;             /* CPU 0's flags/Features line (malloc'd) */
    int hybrid;              /* x86 hybrid (P/E cores) */
    int n_clusters;
    platform_cluster clusters[PLATFORM_MAX_CLUSTERS];
    const char *cluster_source; /* "cpufreq policy", "MIDR", "core type",
                                   "single" */
    const char *clock_method;   /* set by platform_measure_clocks() */
} platform_cpu;

/* Reads the CPU description (sysroot: see above). Returns 0; a missing
 * /proc/cpuinfo leaves fields empty. *cpu is heavy (~100 KiB): allocate it
 * with platform_cpu_new(). */
int platform_cpu_read(const char *sysroot, platform_cpu *cpu, cm_error *err);
platform_cpu *platform_cpu_new(void);
void platform_cpu_free(platform_cpu *cpu);

/* The name of a core from its MIDR (data/cpu_cores.json). */
typedef struct platform_core_id {
    const char *vendor;   /* "ARM" — NULL when the implementer is unknown */
    const char *name;     /* "Cortex-A72" — NULL when the part is unknown */
    const char *based_on; /* the Arm core a vendor design derives from, or NULL */
} platform_core_id;

/* Looks up implementer/part. Returns 1 when the part is known, 0 otherwise
 * (out->vendor may still be set). Pointers live as long as the process. */
int platform_core_lookup(unsigned implementer, unsigned part, platform_core_id *out);

/* The same from a whole MIDR value. */
int platform_midr_lookup(uint32_t midr, platform_core_id *out);

/* Parses the text of /proc/cpuinfo into cpu (arch, vendor, model name,
 * CPU numbers, MIDRs from the implementer/part fields, flags). Used by
 * platform_cpu_read(); exposed for tests. */
void platform_cpu_parse_cpuinfo(const char *text, platform_cpu *cpu);

/* The CPU list of a cluster as a compact string ("0-3"). */
char *platform_cluster_cpus(const platform_cluster *c, char *buf, size_t len);

/* ------------------------------------------------------------------------
 * Crypto features (features.c)
 * ---------------------------------------------------------------------- */

typedef struct platform_feature {
    const char *name;        /* "aes" — the /proc/cpuinfo spelling */
    const char *label;       /* "AES-NI" */
    const char *accelerates; /* a phrase, from data/cpu_features.json */
    const char *source;      /* "cpuid", "hwcap", "auxv", "cpuinfo" */
    int cpu;                 /* the CPU reports it (before OS and mask) */
    int os;                  /* the OS enables its register state (XCR0) */
    int masked;              /* hidden by CRYPTOMETER_ISA_MASK */
    int present;             /* cpu && os && !masked: code may use it */
    int cpuinfo;             /* in /proc/cpuinfo: 1, 0, or -1 (no flags line) */
} platform_feature;

typedef struct platform_features {
    const char *table;       /* "x86", "aarch64", "arm", or NULL (none) */
    const char *source;      /* how presence was read, as in the features */
    int n;
    platform_feature f[PLATFORM_MAX_FEATURES];
    char mask[256];          /* CRYPTOMETER_ISA_MASK as given, or "" */
    char mask_unknown[256];  /* names in the mask no feature has, or "" */
} platform_features;

/* Reads the features. Live: cpuid/xgetbv on x86, getauxval on arm, and
 * /proc/cpuinfo as a cross-check. With a sysroot: proc/self/auxv in the
 * tree if there is one (same word size as this build), else the tree's
 * /proc/cpuinfo. The table is chosen from cpu->arch. */
int platform_features_read(const char *sysroot, const platform_cpu *cpu,
                           platform_features *out, cm_error *err);

/* 1 when the live CPU has the feature (by name or label) and code may use
 * it now (OS support, not masked); 0 otherwise. Cached after the first
 * call. For run-time dispatch of ISA-specific implementations. */
int platform_cpu_has(const char *name);

/* The features that /proc/cpuinfo and the CPU disagree on, as a JSON array
 * of {"name","cpu","cpuinfo","message"} (a new reference). */
struct json_t *platform_features_disagreements(const platform_features *f);

/* ------------------------------------------------------------------------
 * Kernel crypto (kcrypto.c)
 * ---------------------------------------------------------------------- */

typedef struct platform_kdriver {
    char name[128];          /* "cbc(aes)" */
    char driver[128];        /* "cbc-aes-aesni" */
    char module[64];         /* "aesni_intel", "kernel" */
    char type[24];           /* "skcipher", "shash", ... */
    char selftest[16];       /* "passed", "unknown", or "" */
    int priority;
    int internal;            /* "internal : yes" */
    const char *klass;       /* "cpu-instructions", "hardware-engine",
                                "library", "software", "unknown" */
    const char *what;        /* a phrase from the table, or NULL */
    int selected;            /* the kernel picks this one for its name */
} platform_kdriver;

/* Parses /proc/crypto text. Returns a malloc'd array (free()) in file
 * order and its length in *n; NULL with *n = 0 for no entries. */
platform_kdriver *platform_kcrypto_parse(const char *text, size_t *n);

/* Marks d[i].selected by the kernel's rule (crypto/api.c,
 * __crypto_alg_lookup): among the entries with the same name whose type
 * is compatible (skcipher/lskcipher, shash/ahash, acomp/scomp are each one
 * family), that are not internal and whose selftest passed, the highest
 * priority wins; on a tie the one listed first in /proc/crypto (the most
 * recently registered) wins, because the kernel only replaces its choice on
 * a strictly higher priority while walking the list head first. An entry
 * whose selftest is "unknown" (CRYPTO_ALG_TESTED unset) is never chosen. */
void platform_kcrypto_select(platform_kdriver *d, size_t n);

/* Classifies a driver from data/kernel_drivers.json. Returns the class
 * ("cpu-instructions", ...) and sets *what to the table's phrase (or NULL). */
const char *platform_kdriver_class(const char *driver, const char *module, const char **what);

/* The kernel_crypto object: algorithms with their drivers, af_alg,
 * dev_crypto, hwrng (see detect.c for the shape). New reference. */
struct json_t *platform_kernel_crypto(const char *sysroot, cm_error *err);

/* Probes AF_ALG on the live kernel: {"available","reason","errno",
 * "types":{...}}. New reference. */
struct json_t *platform_af_alg_probe(void);

/* ------------------------------------------------------------------------
 * Real clock per cluster (clock.c)
 * ---------------------------------------------------------------------- */

/* Pins to the first CPU of each cluster, measures the clock there
 * (cm_cpuclock_measure, ~20 ms each) and restores the thread's affinity.
 * Fills measured_* of each cluster. Returns the number measured. */
int platform_measure_clocks(platform_cpu *cpu);

/* Compares each measured cluster with what it claims; appends a flag per
 * cluster whose gap exceeds both 3% and the measurement's own spread
 * (measured_spread) to flags (a JSON array). */
void platform_clock_flags(const platform_cpu *cpu, struct json_t *flags);

/* ------------------------------------------------------------------------
 * Health (health.c)
 * ---------------------------------------------------------------------- */

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
 * NULL (then it is read when needed). NULL only when out of memory. */
platform_health *platform_health_snapshot(const char *sysroot, const platform_cpu *cpu,
                                          unsigned what, cm_error *err);
void platform_health_free(platform_health *h);

/* Flags raised by a before snapshot and, if after is not NULL, by what
 * changed during the run. A JSON array of {"id","severity","message"}
 * (severity "info" or "warning", message a full sentence). A clock drift is
 * flagged only beyond both 3% and the larger clock_spread of the two
 * snapshots: less is within what the measurement itself varies by. New
 * reference. */
struct json_t *platform_health_flags(const platform_health *before,
                                     const platform_health *after);

/* The snapshot's raw figures as a JSON object (for result files). */
struct json_t *platform_health_json(const platform_health *h);

/* ------------------------------------------------------------------------
 * AES score per MHz (aes_score.c)
 * ---------------------------------------------------------------------- */

/* The AES-score-per-MHz analysis of an OpenSSL aes-256-cbc encryption
 * figure at 16384-byte blocks, single thread on one core: kbs_16k is its
 * throughput in 1000s of bytes per second (bytes/s / 1000, the unit of
 * `openssl speed`), mhz the clock it is checked against (a live run: the
 * clock cryptometer measured on that core), mhz_label where that clock
 * comes from ("measured"), claimed_mhz what cpufreq claims (<= 0: unknown),
 * core_name the cluster's core name (may be NULL). Applies the rule of
 * python/cryptometer/aes_score.py to data/aes_score_per_mhz.json and returns
 * the same object: arch, score_per_mhz, family, ratio, tolerance,
 * expected_kbs, implied_mhz, deviation, closest_family (of this binary's
 * architecture only), claimed_deviation, claimed_verdict, verdict
 * ("consistent", "clock-lower-than-claimed", "clock-higher-than-claimed",
 * "crypto-extensions-absent-or-unused", "unknown-family",
 * "insufficient-data"), circular (false) and message (a sentence with the
 * numbers). NULL when the table is missing or malformed. New reference. */
struct json_t *platform_aes_score(const char *core_name, double mhz, double kbs_16k,
                                  double claimed_mhz, const char *mhz_label);

/* The same for a figure produced on architecture arch (as uname -m or a log
 * names it; NULL or "": unknown). The closest family of an unknown core is
 * sought among the table's families of that architecture only; the result
 * has "arch" (canonical) and "circular" (always false: no log is judged).
 * platform_aes_score() passes the architecture this binary was built for,
 * the code whose OpenSSL produced a live figure. New reference or NULL. */
struct json_t *platform_aes_score_for_arch(const char *arch, const char *core_name, double mhz,
                                           double kbs_16k, double claimed_mhz,
                                           const char *mhz_label);

/* Measures the openssl backend's aes-256-cbc at 16 KiB on the first CPU of
 * each cluster that has a measured clock (a quick figure, ~80 ms each, in a
 * forked child) and appends one platform_aes_score() object per cluster,
 * with "cluster" and "quick": true, to scores. Returns how many; on 0, why
 * says why not (backend missing, no measured clock, child failed). */
int platform_aes_probe(const platform_cpu *cpu, struct json_t *scores, char *why, size_t why_len);

/* ------------------------------------------------------------------------
 * The detect document (detect.c)
 * ---------------------------------------------------------------------- */

/* The whole detect document: {"detect_version", "system", "cpu",
 * "kernel_crypto", "backends", "health"}. measure_clock is ignored with a
 * sysroot. NULL with err set only on a fatal problem (an unreadable
 * sysroot). New reference. */
struct json_t *platform_detect(const char *sysroot, int measure_clock, cm_error *err);

/* For a run: reads cpu (allocated by the caller with platform_cpu_new,
 * every cluster's clock measured), takes the health snapshot before the run
 * into *before (caller frees), and returns the context objects every result
 * file carries: {cpu, kernel_crypto, health, health_before}. New reference,
 * or NULL with err set. */
struct json_t *platform_run_context(platform_cpu *cpu, platform_health **before, cm_error *err);

/* After the run: takes the after snapshot and returns the health flags of
 * the whole run (what before raised, what changed during the run — drift,
 * throttling, swapping — and the CPU-description flags already in
 * ctx.health); sets ctx.health_after. New reference, or NULL. */
struct json_t *platform_run_health(const platform_cpu *cpu, const platform_health *before,
                                   struct json_t *ctx, cm_error *err);

/* Writes the detect document for a person, readable in ten seconds. */
void platform_render_text(FILE *out, const struct json_t *doc);

/* `cryptometer detect [--json] [--sysroot DIR] [--no-clock]`. argv[0] is
 * "detect". Returns an enum cm_exit code: 2 for a bad option, 3 for an
 * unreadable sysroot. */
int cm_detect_main(int argc, char **argv);

#endif
