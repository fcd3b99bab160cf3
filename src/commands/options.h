/*
 * options.h — the one option parser of the C commands. One table,
 * src/commands/cli.json, holds every option with its argument and help
 * line and every command's declaration: which options it accepts (and its
 * own wording of a help line) and how many operands; cmake/Cli.cmake makes
 * it into C (cm_opt_table, cm_cmd_<name>). Values are checked here,
 * once for every command: one positive-number rule, the size list of
 * plan.h, and one error convention: a cm_error with CM_EXIT_USAGE whose
 * message names the option and the text at fault, printed by
 * cm_command_fail() as "cryptometer <command>: error: <message>".
 */
#ifndef CM_COMMANDS_OPTIONS_H
#define CM_COMMANDS_OPTIONS_H

#include <stdint.h>
#include <stdio.h>
#include "registry/plan.h"
#include "util/error.h"
#include "cli_table.inc" /* cm_opt and every cm_cmd_<name>: generated from cli.json */

/* One option of the table: its name, its short alias, the name of its
 * value (NULL for a flag) and its help line as `run` words it. */
typedef struct cm_opt_spec {
    const char *name;
    char alias;
    const char *arg;
    const char *help;
} cm_opt_spec;

/* The table, generated from src/commands/cli.json (cmake/Cli.cmake). */
extern const cm_opt_spec cm_opt_table[CM_OPT_COUNT];

/* The bit of option x (CM_OPT_ without the prefix) in a command's masks. */
#define CM_OPT(x) (UINT64_C(1) << CM_OPT_##x)

/* A command's own wording of one option's help line ("" ends a list). */
typedef struct cm_opt_help {
    cm_opt opt;
    const char *text;  /* lines after the first start with "\n" */
} cm_opt_help;

/* What a command accepts. */
typedef struct cm_command {
    const char *name;            /* "run" */
    const char *synopsis;        /* the usage line after "usage: cryptometer " */
    const char *intro;           /* a paragraph after the usage line, or NULL */
    uint64_t accepts;            /* CM_OPT(..) | ...; --help is always accepted */
    uint64_t no_value;           /* options that are flags here although they take a
                                    value elsewhere (list's --json) */
    const cm_opt_help *help;     /* overrides of the table's help lines, ended by text NULL */
    const char *footer;          /* the exit codes */
    int max_operands;            /* arguments that are not options it takes (show's FILE) */
    int repeat_min, repeat_max;  /* --repeat's range, where it takes --repeat */
    size_t sizes_max;            /* --sizes' largest size (0: CM_MAX_SIZE) */
} cm_command;

#define CM_MAX_OPERANDS 8
#define CM_MAX_SWEEP_FILES 8

/* The options of one command line, with their defaults filled in. */
typedef struct cm_options {
    const char *regex, *algorithms, *backends, *json_path, *csv_path, *wycheproof;
    const char *exclude;         /* --exclude REGEX: benchmarks it matches are left out */
    int strict;                  /* --strict: a known library finding fails the run too */
    size_t sizes[CM_MAX_SIZES];
    int n_sizes;                 /* cm_default_sizes unless --sizes */
    double time_s, target_ci, timeout_s;
    int quiet, cpu, per_cluster;
    int threads;                 /* --threads: copies at once (1: the single figures only) */
    int allowed_cpus[64];        /* the CPUs this process could run on when it started, */
    int n_allowed_cpus;          /* before any pinning (the first 64) */
    int force;                   /* --force: replace a read-only result file */
    int sizes_given;             /* --sizes was given */
    int full;                    /* --full: the full matrix, not the default suite */
    int runtimes;                /* --runtimes: the default suite with the language runtimes */
    int no_runtimes;             /* the plan leaves the runtime backends out (cm_options_suite) */
    /* the default suite's limits on sizes, at its own sizes (cm_options_suite) */
    cm_size_limit size_limits[CM_MAX_SIZE_LIMITS];
    int n_size_limits;
    int pairs;                   /* verify --pairs: every pair of implementations */
    const char *suite;           /* "default", "full" or "selection" (cm_options_suite) */
    char suite_algorithms[1024]; /* the default suite's algorithms, when it applies */
    int json;                    /* --json given as a flag (cmd->no_value) */
    const char *operands[CM_MAX_OPERANDS]; /* the arguments that are not options, in order */
    int n_operands;
    /* sweep: --chunks, --totals (n 0: not given), --quick, --repeat (0: not given) */
    size_t chunks[CM_MAX_SIZES], totals[CM_MAX_SIZES];
    int n_chunks, n_totals, quick, repeat;
    /* detect: --sysroot, --no-clock, --sweep FILE (repeatable) */
    const char *sysroot;
    int no_clock;
    const char *sweep_files[CM_MAX_SWEEP_FILES];
    int n_sweep_files;
    const char *only;            /* probe --only LIST (names checked by the command) */
    /* files: --cold, --impl B[:V] (checked by the command against the registry) */
    int cold;
    const char *impl;
    int memory;                  /* run --memory: memory per operation, and its table */
    int wide, markdown;          /* run/show --wide: the wide table; show --markdown */
    int argc;                    /* the command line parsed (argv[0] the command), */
    char **argv;                 /* which a result document records */
} cm_options;

/* Applies the suite of a run (data/suites.json, docs/cli.md "Suites"):
 * with no --filter, --algorithms or --backends and no --full, the default
 * suite's algorithms; with neither --sizes nor --full, its sizes; without
 * --runtimes, as the table says, no language runtime; at its own sizes,
 * its size limits. Sets o->suite, o->no_runtimes and o->size_limits. 0, or
 * -1 with err when the table is unreadable or names an algorithm this build
 * does not know (CM_EXIT_ENVIRONMENT). */
int cm_options_suite(cm_options *o, cm_error *err);

/* Fills o with the defaults (time 0.2 s, target CI 1 %, timeout 60 s, the
 * CPU it runs on, cm_default_sizes), then from argv (argv[0] is the
 * command): "--opt VALUE" or "--opt=VALUE", -q and -h for --quiet and
 * --help; arguments that are not options (all after "--") are operands,
 * up to cmd->max_operands, before or after the options. Returns 0, 1 for
 * --help, or -1 with err (CM_EXIT_USAGE) on an option cmd does not accept
 * or lacking its value, a bad value, or an operand too many. --cpu N also
 * pins the process to N. */
int cm_options_parse(const cm_command *cmd, int argc, char **argv, cm_options *o,
                     cm_error *err);

/* The plan of o's selection (--filter, --algorithms, --backends; plan.h),
 * restricted to the n_only algorithms of only when n_only is not 0:
 * cm_selection_init then cm_plan_build. 0, or -1 with err (a bad regex or
 * name: usage; out of memory) and *groups NULL. */
int cm_options_plan(const cm_options *o, const cm_algorithm *const *only, size_t n_only,
                    cm_group **groups, size_t *n, cm_error *err);

/* The usage text of cmd, built from the table, to out. */
void cm_options_usage(const cm_command *cmd, FILE *out);

/* Parses text as a number in (0, max] for option opt; -1 with err
 * ("--time: 'x' is not a number in (0, 3600]") otherwise. */
int cm_parse_positive(const char *opt, const char *text, double max, double *out,
                      cm_error *err);

/* Prints "cryptometer <name>: error: <message>" on stderr and returns
 * err's code (CM_EXIT_USAGE when it has none). */
int cm_command_fail(const cm_command *cmd, const cm_error *err);

/* results/<host>-<UTC time>.json into buf, creating results/ if needed; a
 * name already taken (two runs in one second) gets -2, -3, ...: the name
 * is claimed by creating the (empty) file exclusively, so that two runs
 * never pick the same one; checked with cm_output_check. 0, or -1 with
 * err (usage). */
int cm_default_json_path(char *buf, size_t len, cm_error *err);
/* The same in another directory (`sweep`: sweeps/, whose documents are
 * not result documents). */
int cm_default_json_path_in(const char *dir, char *buf, size_t len, cm_error *err);

#endif
