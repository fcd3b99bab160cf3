/*
 * aes_score.h — the AES score per MHz: what an OpenSSL aes-256-cbc 16 KiB
 * figure says about a core's family and clock. aes_score.c holds the one
 * implementation of the rule (docs/detect.md states it); the table and what
 * sbc-bench measures ("metric") are data/aes_score_per_mhz.json. A live run
 * and `detect` call it directly; the Python layer (imports of sbc-bench
 * logs) reaches it through `cryptometer aes-score` (src/commands/cmd_aes_score.c).
 */
#ifndef CM_PLATFORM_AES_SCORE_H
#define CM_PLATFORM_AES_SCORE_H

#include <stddef.h>

struct json_t;
struct platform_aes_result;

/* One figure to judge. kbs_16k is the throughput of aes-256-cbc encryption
 * of 16384-byte blocks, single thread on one core, in 1000s of bytes per
 * second (bytes/s / 1000, the unit of `openssl speed`); mhz the clock it is
 * checked against (a live run: the clock cryptometer measured on that core;
 * an import: the clock sbc-bench measured); a value <= 0 or NAN is unknown. */
typedef struct platform_aes_figure {
    const char *core_name;  /* the cluster's core name, or NULL */
    double mhz;
    double kbs_16k;
    double claimed_mhz;     /* what cpufreq claims; <= 0 or NAN: unknown */
    const char *mhz_label;  /* where mhz comes from; NULL: "measured" */
    const char *arch;       /* the architecture the figure was produced on, as
                               uname -m or a log names it; NULL or "": unknown */
    const char *log_sha256; /* the SHA-256 of the log judged (hex, any case);
                               NULL for a live run */
    /* The other evidence (NULL: unknown; platform_weigh_aes_scores() fills
     * it for a live figure): */
    const char *aes_instructions; /* "present" or "absent": the CPU's AES
                                     instructions (cpuid, hwcaps, lscpu) */
    const char *library_aes;      /* "used" or "masked": OpenSSL's capability
                                     vector for them */
    const char *masked_by;        /* with "masked": who masks them, a noun
                                     phrase ("OPENSSL_ia32cap=... in the
                                     environment") */
    const char *emulated;         /* positive evidence of an emulated CPU, a
                                     noun phrase, or NULL */
    const char *native;           /* evidence that guest instructions run
                                     natively (a hardware hypervisor's cpuid
                                     signature), a noun phrase, or NULL */
} platform_aes_figure;

/* Applies the rule to fig with table (the parsed data/aes_score_per_mhz.json;
 * NULL: the embedded one). Returns {core_name, arch (canonical), mhz,
 * mhz_source, kbs_16k, score_per_mhz, family, ratio, tolerance,
 * expected_kbs, implied_mhz, deviation, closest_family {family, ratio,
 * deviation} (of fig->arch only), claimed_mhz, claimed_deviation,
 * claimed_verdict, verdict ("consistent", "clock-lower-than-claimed",
 * "clock-higher-than-claimed", "crypto-extensions-absent-or-unused",
 * "crypto-extensions-absent", "crypto-extensions-unused", "emulated-cpu",
 * "score-contradicts-features",
 * "unknown-family", "insufficient-data"), circular, table_code (a
 * crypto-extensions-absent* figure of a core in the table's
 * "table_code_families" of its architecture: {family, ratio, tolerance,
 * deviation, verdict, circular}; else null), message (a sentence with the
 * numbers)}. NULL when the table is missing or malformed, or out of
 * memory. New reference. */
struct json_t *platform_aes_verdict(const struct json_t *table, const platform_aes_figure *fig);

/* The same verdict as a struct (aes_result.h) into *out, which
 * platform_aes_verdict() writes as JSON. 0, or -1 when the table is
 * missing or malformed or out of memory; free *out with
 * platform_aes_result_free() either way. */
int platform_aes_judge(const struct json_t *table, const platform_aes_figure *fig, struct platform_aes_result *out);

/* The embedded table's crypto_extensions_absent.fraction: a score below
 * it times a family's ratio is far below that family (NAN: no table). */
double platform_aes_absent_fraction(void);

/* A live figure: platform_aes_verdict() with the embedded table, the
 * architecture this binary was built for (the code whose OpenSSL produced
 * the figure: a 32-bit binary on a 64-bit kernel ran 32-bit AES code) and
 * no log. New reference or NULL. */
struct json_t *platform_aes_score(const char *core_name, double mhz, double kbs_16k,
                                  double claimed_mhz, const char *mhz_label);

/* The same live figure's verdict as a struct into *out (aes_result.h). 0,
 * or -1 (free *out with platform_aes_result_free() either way). */
int platform_aes_score_judge(const char *core_name, double mhz, double kbs_16k, double claimed_mhz,
                             const char *mhz_label, struct platform_aes_result *out);

/* What sbc-bench measures, as cryptometer names it: the table's "metric"
 * (backend "openssl", algorithm "aes-256-cbc", operation "encrypt", size
 * 16384). The strings live as long as the process. */
typedef struct platform_aes_source {
    const char *backend;
    const char *algorithm;
    const char *operation;
    size_t size;
} platform_aes_source;

/* Fills *out from the embedded table. 0, or -1 when the table lacks a
 * complete "metric". */
int platform_aes_score_source(platform_aes_source *out);

/* "openssl aes-256-cbc encrypt of 16384-byte blocks, as sbc-bench measures"
 * (from the table), for headings. */
void platform_aes_source_text(char *buf, size_t len);

#endif
