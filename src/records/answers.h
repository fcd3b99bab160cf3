/*
 * answers.h — the Answers block of a run (docs/output.md, "Answers"): what
 * the figures say, decided once, in the core, from the run's typed records
 * and context, and written into the document as its "answers" object
 * (schema: docs/result.schema.json). Five rules, one file each:
 * acceleration (answers_accel.c), the kernel's drivers (answers_kernel.c),
 * fastest (answers_fastest.c), findings (answers_findings.c), trust
 * (answers_trust.c); a dmcrypt document's answers are the same object with
 * its own rule (run/dmcrypt_answers.c) filling `dmcrypt`; the printed lines are
 * answers_lines.c; the JSON, both ways, answers_json.c; the run's context
 * read into the inputs, answers_context.c. `run` and `show` print the lines
 * first; the HTML report renders the same object.
 */
#ifndef CM_RECORDS_ANSWERS_H
#define CM_RECORDS_ANSWERS_H

#include <stdio.h>
#include <stddef.h>
#include "records/record.h"
#include "util/text.h" /* CM_TEXT_COLUMNS: the widest line */
#include "platform/cpu_doc.h"
#include "platform/emulation.h"
#include "platform/flags.h"
#include "platform/kernel_crypto.h"

struct json_t;

#define CM_ANSWER_NAME 96       /* an implementation's or an operation's name */
#define CM_ANSWER_TEXT 640      /* one answer's sentence */
#define CM_ANSWER_MAX_IMPLS 48  /* implementations named by one acceleration answer */
#define CM_ANSWER_MAX_ACCEL 16
#define CM_ANSWER_MAX_FASTEST 256
#define CM_ANSWER_MAX_FINDINGS 96
#define CM_ANSWER_MAX_FLAGS 24
#define CM_ANSWER_MAX_DMCRYPT 8
#define CM_ANSWER_MAX_LINES 28  /* the block's lines, its title included */
/* what an acceleration answer says of the libraries whose speed an emulator makes mute */
#define CM_ANSWER_NOT_JUDGED "not judged under an emulator (speed tells nothing)"

/* One crypto feature the CPU or the kernel offers, and who uses it. */
typedef struct cm_answer_accel {
    char feature[32];       /* "aes", "sha_ni", "pmull", "kernel-drivers" */
    char offered_by[16];    /* "cpu", "kernel", or "absent" (the CPU lacks it or --isa masks it) */
    size_t n_used, n_not;
    char used_by[CM_ANSWER_MAX_IMPLS][CM_ANSWER_NAME];
    char not_used_by[CM_ANSWER_MAX_IMPLS][CM_ANSWER_NAME];
    char text[CM_ANSWER_TEXT];
} cm_answer_accel;

/* The fastest implementation of one operation at its headline size. */
typedef struct cm_answer_fastest {
    char operation[CM_ANSWER_NAME]; /* "aes-128-gcm/seal" */
    size_t size;                    /* bytes; 0 for per-operation classes */
    char unit[8];                   /* "MB/s" or "ops/s" */
    char winner[CM_ANSWER_NAME], runner_up[CM_ANSWER_NAME]; /* runner_up "": none */
    double winner_value, runner_up_value;
    double margin, margin_lo, margin_hi; /* winner / runner-up, with its 95% interval */
    int clear;                      /* the intervals do not overlap */
    char text[CM_ANSWER_TEXT];
} cm_answer_fastest;

/* One implementation's failure or finding. kind: "failed-kat",
 * "known-finding", "security", "crash", "timeout". */
typedef struct cm_answer_finding {
    char kind[16];
    char implementation[CM_ANSWER_NAME]; /* "backend:variant/algorithm" */
    char id[48];                          /* the known finding's id, or "" */
    int security_relevant;
    char text[CM_ANSWER_TEXT];
} cm_answer_finding;

/* Whether the figures can be quoted, from the health flags and the clock. */
typedef struct cm_answer_trust {
    int quotable;
    size_t n_flags;
    char flags[CM_ANSWER_MAX_FLAGS][32];
    char text[CM_ANSWER_TEXT];
} cm_answer_trust;

/* One cipher of a dmcrypt document: the kernel's choice through dm-crypt
 * against the same mapping through the generic driver and dm-linear. The
 * figures at io_size (the largest I/O size measured both ways) are medians
 * over the sector sizes and both directions; each figure is one pass, so a
 * difference is called only where every pair (sector size, direction) of
 * an I/O size agrees. */
enum { CM_DMC_NO_CLEAR = 0, CM_DMC_FASTER = 1, CM_DMC_SLOWER = 2, CM_DMC_NOT_COMPARED = 3 };
/* the verdicts' names in the JSON, by value */
extern const char *const cm_dmc_verdicts[4];
typedef struct cm_answer_dmcrypt {
    char cipher[CM_ANSWER_NAME];      /* "aes-xts-plain64" */
    char served_by[CM_ANSWER_NAME];   /* the kernel's choice: "xts-aes-aesni", "essiv(...)" */
    char driver_class[24];            /* its cipher driver's class: "hardware-engine",
                                         "cpu-instructions", "software", or "" (unknown) */
    char generic[CM_ANSWER_NAME];     /* the generic mapping's driver, "" when none measured */
    int af_alg;                       /* user space reaches the driver through AF_ALG: 1, 0, -1 unknown */
    char af_alg_why[CM_ANSWER_NAME * 2]; /* why not, or "" */
    size_t io_size;
    double mb_s, generic_mb_s, linear_mb_s; /* medians at io_size; 0: none */
    double ratio_lo, ratio_hi;        /* chosen / generic over the pairs at io_size */
    int verdict;                      /* CM_DMC_FASTER .. CM_DMC_NOT_COMPARED */
    size_t pays_from_io;              /* the smallest I/O size from which every pair is faster (0: none) */
    unsigned pays_from_sector;        /* at io_size, the smallest sector size from which every pair is faster */
    double cpu_s_per_gb_saved;        /* generic minus chosen, median over the pairs at io_size (NAN: none) */
    double cpu_saved_lo, cpu_saved_hi; /* the lowest and highest pair's; "no clear" when they straddle 0 */
    char text[CM_ANSWER_TEXT];
} cm_answer_dmcrypt;

typedef struct cm_answers {
    size_t n_accel, n_fastest, n_findings, n_lines, n_dmcrypt;
    cm_answer_accel accel[CM_ANSWER_MAX_ACCEL];
    cm_answer_fastest fastest[CM_ANSWER_MAX_FASTEST];
    cm_answer_finding findings[CM_ANSWER_MAX_FINDINGS];
    cm_answer_trust trust;
    cm_answer_dmcrypt dmcrypt[CM_ANSWER_MAX_DMCRYPT];
    char lines[CM_ANSWER_MAX_LINES][CM_TEXT_COLUMNS + 1];
} cm_answers;

/* What the rules read: the run's records and the parts of its context
 * (any may be NULL: that answer then says it is not known). */
typedef struct cm_answers_input {
    const cm_record *recs;
    size_t n;
    const platform_cpu_doc *cpu;
    const platform_flags *health;
    const platform_kcrypto *kernel;
    const platform_emulation_doc *emulation; /* the run's analysis.emulation */
} cm_answers_input;

/* The rules, each filling its part of a (answers_*.c). */
void cm_answers_accel(const cm_answers_input *in, cm_answers *a);
void cm_answers_kernel(const cm_answers_input *in, cm_answers *a);
void cm_answers_fastest(const cm_answers_input *in, cm_answers *a);
void cm_answers_findings(const cm_answers_input *in, cm_answers *a);
void cm_answers_trust(const cm_answers_input *in, cm_answers *a);

/* Fills the printed lines from the answers (answers_lines.c). */
void cm_answers_lines(cm_answers *a);

/* Every rule, then the lines: *a overwritten. */
void cm_answers_build(const cm_answers_input *in, cm_answers *a);

/* The headline figure of a measured record (MB/s for bytes, ops/s for
 * operations) and its 95% interval, from the median's interval
 * (util/stats.h). 0 when r has none. */
int cm_answers_figure(const cm_record *r, double *value, double *lo, double *hi);

/* "backend:variant", or "backend" when the variant is "default". */
void cm_answers_impl_name(const cm_record *r, char *out, size_t len);

/* 1 when name is one of names[0..n). */
int cm_answer_names_has(char (*names)[CM_ANSWER_NAME], size_t n, const char *name);

/* Appends name to names (*n of them) unless it is there or the list
 * (CM_ANSWER_MAX_IMPLS) is full. 1 when appended. */
int cm_answer_names_add(char (*names)[CM_ANSWER_NAME], size_t *n, const char *name);

/* Prints the lines (title first) to out. */
void cm_answers_print(FILE *out, const cm_answers *a);

/* The "answers" object (answers_json.c). New reference, NULL when out of memory. */
struct json_t *cm_answers_to_json(const cm_answers *a);

/* Parses an "answers" object into *a (overwritten). 0, or -1 with err naming
 * the field (answers_json.c). */
int cm_answers_from_json(const struct json_t *o, cm_answers *a, cm_error *err);

/* The answers of the result document doc (its "answers", or NULL when it
 * has none), borrowed (answers_json.c). */
const struct json_t *cm_answers_of_document(const struct json_t *doc);

/* Prints the answers' lines of the result document doc, or one line saying
 * it has none (an older document) or that they do not parse. 0, or -1 when
 * they do not (answers_json.c). */
int cm_answers_print_document(FILE *out, const struct json_t *doc);

/* Builds the answers of recs[0..n) with the context of doc (its cpu,
 * health and kernel_crypto, each through its own parser) and sets them as
 * doc's "answers" (answers_context.c). NULL when out of memory, else the
 * answers (malloc'ed: the caller frees them). */
cm_answers *cm_answers_for_document(struct json_t *doc, const cm_record *recs, size_t n);

#endif
