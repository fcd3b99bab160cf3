/*
 * options.c — see options.h. The table below is the only list of the
 * options of every C command; usage texts are printed from it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "commands/options.h"
#include "run/sweep.h"
#include "records/output.h"
#include "records/record.h"
#include "platform/cpuclock.h"
#include "platform/features.h"

/* One option: its name, its short alias, the name of its value (NULL for
 * a flag) and its help line as `run` words it. */
typedef struct opt_spec {
    const char *name;
    char alias;
    const char *arg;
    const char *help;
} opt_spec;

static const opt_spec table[CM_OPT_COUNT] = {
    [CM_OPT_WYCHEPROOF] = {"--wycheproof", 0, "FILE",
                           "run this Wycheproof JSON file instead of the built-in vectors,\n"
                           "against every implementation of the algorithms it tests"},
    [CM_OPT_FILTER] = {"--filter", 0, "REGEX",
                       "only benchmarks whose name backend:variant/algorithm/operation\n"
                       "(or backend:variant/algorithm) matches"},
    [CM_OPT_EXCLUDE] = {"--exclude", 0, "REGEX",
                        "leave out benchmarks whose name (as for --filter) matches; with\n"
                        "--filter, those it takes that this does not match"},
    [CM_OPT_ALGORITHMS] = {"--algorithms", 0, "LIST",
                           "only these algorithms (comma-separated, see `cryptometer list`)"},
    [CM_OPT_BACKENDS] = {"--backends", 0, "LIST",
                         "only these backends or backend:variant (comma-separated)"},
    [CM_OPT_ISA] = {"--isa", 0, "MASK",
                    "pretend the CPU lacks these features (comma-separated /proc/cpuinfo\n"
                    "names, or all): what CRYPTOMETER_ISA_MASK does, which it replaces"},
    [CM_OPT_SIZES] = {"--sizes", 0, "LIST",
                      "message sizes in bytes, k/M suffixes and ranges lo-hi[/step]\n"
                      "allowed (default 16,64,256,1024,8192,16384)"},
    [CM_OPT_TIME] = {"--time", 0, "SECONDS",
                     "sampling budget per benchmark and size (default 0.2)"},
    [CM_OPT_TARGET_CI] = {"--target-ci", 0, "PERCENT",
                          "stop sampling when the 95% CI of the median is within this\n"
                          "(default 1)"},
    [CM_OPT_CPU] = {"--cpu", 0, "N",
                    "pin the measurements to CPU N (default: the CPU it starts on)"},
    [CM_OPT_PER_CLUSTER] = {"--per-cluster", 0, NULL,
                            "run everything on the first CPU of each cluster in turn"},
    [CM_OPT_THREADS] = {"--threads", 0, "N|all",
                        "also measure N pinned copies at once (all: one per allowed CPU):\n"
                        "aggregate and per-thread figures, scaling efficiency"},
    [CM_OPT_JSON] = {"--json", 0, "FILE",
                     "write the result document here (default results/<host>-<time>.json)"},
    [CM_OPT_CSV] = {"--csv", 0, "FILE", "also write the records as CSV"},
    [CM_OPT_TIMEOUT] = {"--timeout", 0, "SECONDS",
                        "an implementation silent this long beyond twice its --time is\n"
                        "killed and marked timeout (default 60)"},
    [CM_OPT_FORCE] = {"--force", 0, NULL,
                      "replace an existing output file even when it is read-only\n"
                      "(its mode is kept)"},
    [CM_OPT_QUIET] = {"--quiet", 'q', NULL, "no table on stdout, no progress line"},
    [CM_OPT_FULL] = {"--full", 0, NULL,
                     "the full matrix: every algorithm at every default size, instead of\n"
                     "the default suite (data/suites.json) when nothing is selected"},
    [CM_OPT_PAIRS] = {"--pairs", 0, NULL,
                      "cross-check every pair of implementations of each algorithm, each\n"
                      "pair in its own process, and print a matrix per algorithm"},
    [CM_OPT_CHUNKS] = {"--chunks", 0, "LIST", "chunk sizes (default 16 B to 1 MiB in powers of two)"},
    [CM_OPT_TOTALS] = {"--totals", 0, "LIST", "total sizes, up to 16384M (default 64M,128M,256M)"},
    [CM_OPT_QUICK] = {"--quick", 0, NULL, "fewer, shorter samples"},
    [CM_OPT_REPEAT] = {"--repeat", 0, "N", "repetitions of every point"},
    [CM_OPT_SYSROOT] = {"--sysroot", 0, "DIR",
                        "read proc/ and sys/ under DIR (a recorded tree) instead of\n"
                        "the live system; nothing is probed on the running machine"},
    [CM_OPT_NO_CLOCK] = {"--no-clock", 0, NULL, "do not measure the clock of each cluster"},
    [CM_OPT_SWEEP] = {"--sweep", 0, "FILE",
                      "a document of `cryptometer sweep`: add, for its algorithm,\n"
                      "the chunk from which each engine path beats each CPU path\n"
                      "in throughput and in CPU time (repeatable)"},
    [CM_OPT_ONLY] = {"--only", 0, "LIST", "only these probes (comma-separated names, as listed)"},
    [CM_OPT_COLD] = {"--cold", 0, NULL,
                     "also cold: drop the page cache before each repetition (root)"},
    [CM_OPT_IMPL] = {"--impl", 0, "B[:V]",
                     "through backend B (variant V; without it, the backend's own\n"
                     "choice per algorithm), e.g. ref:portable, afalg:kernel"},
    [CM_OPT_WIDE] = {"--wide", 0, NULL,
                     "the wide table: one row per implementation and operation, every\n"
                     "size in one line, figures and spreads in full (default: blocks that\n"
                     "fit 100 columns, docs/cli.md \"The table\")"},
    [CM_OPT_MEMORY] = {"--memory", 0, NULL,
                       "also memory per operation: heap bytes and allocations per call,\n"
                       "stack depth, peak resident memory (docs/methodology.md), and\n"
                       "their table"},
    [CM_OPT_MARKDOWN] = {"--markdown", 0, NULL, "the table as GitHub Markdown (result documents only)"},
    [CM_OPT_STRICT] = {"--strict", 0, NULL,
                       "a known library finding (data/library_findings.json) fails the\n"
                       "run as a new failure does (exit 1)"},
    [CM_OPT_HELP] = {"--help", 'h', NULL, "this text"},
};

/* 1 if cmd accepts option id (--help always). */
static int accepts(const cm_command *cmd, int id)
{
    return id == CM_OPT_HELP || (cmd->accepts & (UINT64_C(1) << id));
}

/* 1 if option id takes a value in cmd. */
static int takes_value(const cm_command *cmd, int id)
{
    return table[id].arg && !(cmd->no_value & (UINT64_C(1) << id));
}

/* The option arg names among those cmd accepts ("--name", "--name=VALUE",
 * "-q"), or -1; *inline_value gets what follows '=' (NULL if none). */
static int find_option(const cm_command *cmd, const char *arg, const char **inline_value)
{
    *inline_value = NULL;
    for (int id = 0; id < CM_OPT_COUNT; id++) {
        size_t n = strlen(table[id].name);
        if (!accepts(cmd, id))
            continue;
        if (table[id].alias && arg[1] == table[id].alias && arg[2] == '\0')
            return id;
        if (strncmp(arg, table[id].name, n) == 0 && (arg[n] == '\0' || arg[n] == '=')) {
            *inline_value = arg[n] == '=' ? arg + n + 1 : NULL;
            return id;
        }
    }
    return -1;
}

int cm_parse_positive(const char *opt, const char *text, double max, double *out, cm_error *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno || *end || end == text || !(v > 0) || v > max)
        return cm_error_set(err, CM_EXIT_USAGE, "%s: '%s' is not a number in (0, %g]", opt, text,
                            max);
    *out = v;
    return 0;
}

/* --cpu N: a CPU number this process can run on (it is pinned there). */
static int parse_cpu(const char *text, int *cpu, cm_error *err)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v < 0 || v >= CPU_SETSIZE)
        return cm_error_set(err, CM_EXIT_USAGE, "--cpu: '%s' is not a CPU number", text);
    if (cm_pin_to_cpu((int)v) != 0)
        return cm_error_set(err, CM_EXIT_USAGE,
                            "--cpu %s: cannot run there (%s); CPUs online here: 0-%ld", text,
                            strerror(errno), sysconf(_SC_NPROCESSORS_ONLN) - 1);
    *cpu = (int)v;
    return 0;
}

/* --threads N|all: a count from 1 to the CPUs allowed here (checked
 * again, with the CPUs chosen, when the run starts: threads.h). */
static int parse_threads(const char *text, int allowed, int *threads, cm_error *err)
{
    char *end;
    long v = strcmp(text, "all") == 0 ? allowed : (errno = 0, strtol(text, &end, 10));
    if (strcmp(text, "all") != 0 && (errno || *end || end == text))
        return cm_error_set(err, CM_EXIT_USAGE, "--threads: '%s' is not a count (a number or all)", text);
    if (v < 1 || v > allowed)
        return cm_error_set(err, CM_EXIT_USAGE, "--threads %s: one copy per CPU, and %d CPU%s "
                            "allowed here", text, allowed, allowed == 1 ? " is" : "s are");
    *threads = (int)v;
    return 0;
}

/* --isa MASK: the feature mask of CRYPTOMETER_ISA_MASK, set for this
 * process and its children; every name must be one of this CPU's table. */
static int parse_isa(const char *text, cm_error *err)
{
    char unknown[256];
    if (platform_isa_mask_set(text, unknown, sizeof unknown) == 0)
        return 0;
    if (!unknown[0])
        return cm_error_set(err, CM_EXIT_USAGE, "--isa %s: cannot set CRYPTOMETER_ISA_MASK", text);
    return cm_error_set(err, CM_EXIT_USAGE,
                        "--isa: '%s' is not a feature this CPU's table knows "
                        "(see `cryptometer detect`)", unknown);
}

/* --repeat N: a whole number in the command's range. */
static int parse_repeat(const cm_command *cmd, const char *text, int *out, cm_error *err)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || *end || end == text || v < cmd->repeat_min || v > cmd->repeat_max)
        return cm_error_set(err, CM_EXIT_USAGE, "--repeat: '%s' is not a whole number from %d to %d",
                            text, cmd->repeat_min, cmd->repeat_max);
    *out = (int)v;
    return 0;
}

/* --sweep FILE, repeatable. */
static int add_sweep_file(cm_options *o, const char *value, cm_error *err)
{
    if (!value[0] || o->n_sweep_files == CM_MAX_SWEEP_FILES)
        return cm_error_set(err, CM_EXIT_USAGE, "--sweep needs a file (at most %d)",
                            CM_MAX_SWEEP_FILES);
    o->sweep_files[o->n_sweep_files++] = value;
    return 0;
}

/* The options of the commands other than run's, verify's and list's. */
static int apply_more(const cm_command *cmd, cm_options *o, int id, const char *value,
                      cm_error *err)
{
    switch (id) {
    case CM_OPT_CHUNKS:
        return (o->n_chunks = cm_parse_size_list("--chunks", value, CM_MAX_SIZE, o->chunks, err)) < 0 ? -1 : 0;
    case CM_OPT_TOTALS:
        return (o->n_totals = cm_parse_size_list("--totals", value, CM_SWEEP_MAX_TOTAL, o->totals, err)) < 0 ? -1 : 0;
    case CM_OPT_QUICK: o->quick = 1; return 0;
    case CM_OPT_REPEAT: return parse_repeat(cmd, value, &o->repeat, err);
    case CM_OPT_SYSROOT:
        if (!value[0])
            return cm_error_set(err, CM_EXIT_USAGE, "--sysroot needs a directory");
        o->sysroot = value;
        return 0;
    case CM_OPT_NO_CLOCK: o->no_clock = 1; return 0;
    case CM_OPT_WIDE: o->wide = 1; return 0;
    case CM_OPT_MEMORY: o->memory = 1; return 0;
    case CM_OPT_MARKDOWN: o->markdown = 1; return 0;
    case CM_OPT_SWEEP: return add_sweep_file(o, value, err);
    case CM_OPT_ONLY:
        if (!value[0])
            return cm_error_set(err, CM_EXIT_USAGE, "--only needs a list of probe names");
        o->only = value;
        return 0;
    case CM_OPT_COLD: o->cold = 1; return 0;
    case CM_OPT_IMPL:
        if (!value[0])
            return cm_error_set(err, CM_EXIT_USAGE, "--impl needs BACKEND[:VARIANT]");
        o->impl = value;
        return 0;
    default: return 0;
    }
}

/* Stores option id with value (NULL for a flag) into o; -1 with err on a
 * bad value. */
static int apply(const cm_command *cmd, cm_options *o, int id, const char *value, cm_error *err)
{
    double percent = 0;
    switch (id) {
    case CM_OPT_WYCHEPROOF: o->wycheproof = value; return 0;
    case CM_OPT_FILTER: o->regex = value; return 0;
    case CM_OPT_EXCLUDE: o->exclude = value; return 0;
    case CM_OPT_STRICT: o->strict = 1; return 0;
    case CM_OPT_ALGORITHMS: o->algorithms = value; return 0;
    case CM_OPT_BACKENDS: o->backends = value; return 0;
    case CM_OPT_ISA: return parse_isa(value, err);
    case CM_OPT_SIZES:
        o->sizes_given = 1;
        o->n_sizes = cmd->sizes_max ? cm_parse_size_list("--sizes", value, cmd->sizes_max, o->sizes, err)
                                    : cm_parse_sizes(value, o->sizes, err);
        return o->n_sizes < 0 ? -1 : 0;
    case CM_OPT_TIME: return cm_parse_positive("--time", value, 3600, &o->time_s, err);
    case CM_OPT_TARGET_CI:
        if (cm_parse_positive("--target-ci", value, 100, &percent, err) != 0)
            return -1;
        o->target_ci = percent / 100;
        return 0;
    case CM_OPT_CPU: return parse_cpu(value, &o->cpu, err);
    case CM_OPT_PER_CLUSTER: o->per_cluster = 1; return 0;
    case CM_OPT_THREADS: return parse_threads(value, o->n_allowed_cpus, &o->threads, err);
    case CM_OPT_JSON:
        if (value)
            o->json_path = value;
        else
            o->json = 1;
        return 0;
    case CM_OPT_CSV: o->csv_path = value; return 0;
    case CM_OPT_TIMEOUT: return cm_parse_positive("--timeout", value, 86400, &o->timeout_s, err);
    case CM_OPT_QUIET: o->quiet = 1; return 0;
    case CM_OPT_FULL: o->full = 1; return 0;
    case CM_OPT_PAIRS: o->pairs = 1; return 0;
    case CM_OPT_FORCE: o->force = 1; return 0;
    default: return apply_more(cmd, o, id, value, err);
    }
}

/* The defaults of every option. */
static void set_defaults(cm_options *o)
{
    memset(o, 0, sizeof *o);
    o->time_s = 0.2;
    o->threads = 1;
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int c = 0; c < CPU_SETSIZE && o->n_allowed_cpus < 64; c++)
            if (CPU_ISSET(c, &set))
                o->allowed_cpus[o->n_allowed_cpus++] = c;
    o->target_ci = 0.01;
    o->timeout_s = 60;
    o->cpu = sched_getcpu();
    o->n_sizes = CM_N_DEFAULT_SIZES;
    memcpy(o->sizes, cm_default_sizes, sizeof o->sizes[0] * CM_N_DEFAULT_SIZES);
}

int cm_options_parse(const cm_command *cmd, int argc, char **argv, cm_options *o, cm_error *err)
{
    const char *stray = NULL; /* the first argument that is not an option, beyond the operands */
    int only_operands = 0;    /* after "--" */
    set_defaults(o);
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i], *value;
        int id = !only_operands && arg[0] == '-' && arg[1] ? find_option(cmd, arg, &value) : -2;
        if (id != -2 && strcmp(arg, "--") == 0) {
            only_operands = 1;
            continue;
        }
        if (id == -2) {
            if (o->n_operands < cmd->max_operands && o->n_operands < CM_MAX_OPERANDS)
                o->operands[o->n_operands++] = arg;
            else if (!stray)
                stray = arg;
            continue;
        }
        const char *next_value; /* an option of cmd where a value should be is no value */
        int next_is_option = i + 1 < argc && argv[i + 1][0] == '-' && argv[i + 1][1] &&
                             find_option(cmd, argv[i + 1], &next_value) >= 0;
        if (id < 0 || (value && !takes_value(cmd, id)) ||
            (takes_value(cmd, id) && !value && (i + 1 >= argc || next_is_option)))
            return cm_error_set(err, CM_EXIT_USAGE, "unknown or incomplete option '%s' (see --help)",
                                arg);
        if (id == CM_OPT_HELP)
            return 1;
        if (takes_value(cmd, id) && !value)
            value = argv[++i];
        if (apply(cmd, o, id, value, err) != 0)
            return -1;
    }
    if (stray)
        return cm_error_set(err, CM_EXIT_USAGE, "unexpected argument '%s' (see --help)", stray);
    return 0;
}

int cm_options_plan(const cm_options *o, const cm_algorithm *const *only, size_t n_only,
                    cm_group **groups, size_t *n, cm_error *err)
{
    cm_selection sel;
    *groups = NULL;
    *n = 0;
    if (cm_selection_init(&sel, o->regex, o->algorithms, o->backends, err) != 0 ||
        cm_selection_exclude(&sel, o->exclude, err) != 0) {
        cm_selection_free(&sel);
        return -1;
    }
    sel.only = only;
    sel.n_only = n_only;
    int rc = cm_plan_build(&sel, groups, n, err);
    cm_selection_free(&sel);
    return rc;
}

/* Prints one help line: the option and its value's name, then the text
 * in a column, its later lines indented to it. */
static void print_help_line(FILE *out, const char *name, const char *arg, const char *text)
{
    char head[64];
    snprintf(head, sizeof head, "%s%s%s", name, arg ? " " : "", arg ? arg : "");
    fprintf(out, "  %-20s ", head);
    for (const char *p = text; *p; p++) {
        fputc(*p, out);
        if (*p == '\n')
            fprintf(out, "%23s", "");
    }
    fputc('\n', out);
}

void cm_options_usage(const cm_command *cmd, FILE *out)
{
    fprintf(out, "usage: cryptometer %s\n", cmd->synopsis);
    if (cmd->intro)
        fprintf(out, "\n%s\n\n", cmd->intro);
    for (int id = 0; id < CM_OPT_COUNT; id++) {
        if (!accepts(cmd, id) || id == CM_OPT_HELP)
            continue;
        const char *text = table[id].help;
        for (const cm_opt_help *h = cmd->help; h && h->text; h++)
            if ((int)h->opt == id)
                text = h->text;
        print_help_line(out, table[id].name, takes_value(cmd, id) ? table[id].arg : NULL, text);
    }
    fputs(cmd->footer, out);
}

int cm_command_fail(const cm_command *cmd, const cm_error *err)
{
    fprintf(stderr, "cryptometer %s: error: %s\n", cmd->name, err->msg);
    return err->code ? err->code : CM_EXIT_USAGE;
}

int cm_default_json_path(char *buf, size_t len, cm_error *err)
{
    return cm_default_json_path_in("results", buf, len, err);
}

int cm_default_json_path_in(const char *dir, char *buf, size_t len, cm_error *err)
{
    char host[64] = "host";
    char stamp[32];
    time_t t = time(NULL);
    struct tm tm;
    gethostname(host, sizeof host - 1);
    gmtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
    if (mkdir(dir, 0755) != 0 && errno != EEXIST)
        return cm_error_set(err, CM_EXIT_USAGE, "cannot create %s/: %s", dir, strerror(errno));
    snprintf(buf, len, "%s/%s-%s.json", dir, host, stamp);
    for (int i = 2;; i++) {
        int fd = open(buf, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd >= 0) {
            close(fd);
            break;
        }
        if (errno != EEXIST || i > 100000)
            return cm_error_set(err, CM_EXIT_USAGE, "cannot write '%s': %s", buf,
                                strerror(errno));
        snprintf(buf, len, "%s/%s-%s-%d.json", dir, host, stamp, i);
    }
    if (cm_output_check(buf, NULL, 0, 0, err) != 0) {
        unlink(buf);
        return -1;
    }
    return 0;
}

/* ---- the commands -------------------------------------------------------------- */

static const cm_opt_help run_help[] = {
    {CM_OPT_REPEAT, "measure the whole plan N times (at most 20), round r of every\n"
                    "implementation before round r + 1: each record keeps every round's\n"
                    "median, for compare's test (docs/methodology.md)"},
    {CM_OPT_COUNT, NULL}};

const cm_command cm_cmd_run = {
    .name = "run",
    .synopsis = "run [options]",
    .accepts = CM_OPT(FILTER) | CM_OPT(ALGORITHMS) | CM_OPT(BACKENDS) | CM_OPT(ISA) |
               CM_OPT(SIZES) | CM_OPT(TIME) | CM_OPT(TARGET_CI) | CM_OPT(CPU) | CM_OPT(PER_CLUSTER) |
               CM_OPT(JSON) | CM_OPT(CSV) | CM_OPT(TIMEOUT) | CM_OPT(FORCE) | CM_OPT(QUIET) |
               CM_OPT(FULL) | CM_OPT(THREADS) | CM_OPT(EXCLUDE) | CM_OPT(STRICT) | CM_OPT(WIDE) |
               CM_OPT(REPEAT) | CM_OPT(MEMORY),
    .help = run_help,
    .repeat_min = 1,
    .repeat_max = CM_MAX_ROUNDS,
    .footer =
        "With no --filter, --algorithms or --backends, run measures the default suite\n"
        "(data/suites.json: a few algorithms of every class in every backend, at 16, 1024 and\n"
        "16384 bytes, a few minutes); --full measures every algorithm.\n"
        "Names are matched as given: --filter and --exclude are POSIX extended regular\n"
        "expressions, case-sensitive (every name is lower case).\n"
        "exit codes: 0 ok (a known library finding is reported, not failed, without --strict);\n"
        "1 an implementation failed its known-answer check, crashed or hung;\n"
        "2 bad option, algorithm, backend, size list or output path (nothing is run or written);\n"
        "3 a result file could not be written; 130 interrupted (finished measurements written;\n"
        "143 SIGTERM, 129 SIGHUP)\n",
};

static const cm_opt_help verify_help[] = {
    {CM_OPT_FILTER, "only implementations whose name backend:variant/algorithm (or one of\n"
                    "whose benchmarks' backend:variant/algorithm/operation) matches\n"
                    "(POSIX extended regular expression)"},
    {CM_OPT_SIZES, "cross-check sizes in bytes, k/M suffixes allowed (the KAT runner\n"
                   "adds odd sizes; default 16,64,256,1024,8192,16384)"},
    {CM_OPT_JSON, "also write the reports and the coverage of the vector files\n"
                  "as JSON to FILE"},
    {CM_OPT_TIMEOUT, "kill an implementation silent for this long (default 60)"},
    {CM_OPT_QUIET, "print only the implementations that did not pass, the vector\n"
                   "files with cases left out or skipped, and the summary"},
    {CM_OPT_COUNT, NULL}};

const cm_command cm_cmd_verify = {
    .name = "verify",
    .synopsis = "verify [--wycheproof FILE] [--filter REGEX] [--algorithms LIST]\n"
                "                          [--backends LIST] [--isa MASK] [--sizes LIST]\n"
                "                          [--json FILE] [--timeout SECONDS] [--force] [--quiet]\n"
                "                          [--pairs] [--exclude REGEX] [--strict]",
    .intro = "Runs the known-answer vectors and the cross-check against another backend for\n"
             "every implementation of this build, each in a separate process.",
    .accepts = CM_OPT(WYCHEPROOF) | CM_OPT(FILTER) | CM_OPT(ALGORITHMS) | CM_OPT(BACKENDS) |
               CM_OPT(ISA) | CM_OPT(SIZES) | CM_OPT(JSON) | CM_OPT(TIMEOUT) | CM_OPT(FORCE) |
               CM_OPT(QUIET) | CM_OPT(PAIRS) | CM_OPT(EXCLUDE) | CM_OPT(STRICT),
    .help = verify_help,
    .footer = "\n"
              "exit status: 0 all passed (or failed only known library findings, without\n"
              "--strict), 1 some failed, crashed or timed out, 2 usage error,\n"
              "3 FILE unreadable, not JSON, or not a Wycheproof file this build can run\n"
              "(--pairs: 1 some pair failed, crashed or timed out; 3 no algorithm of the\n"
              "selection has two implementations to pair)\n",
};

static const cm_opt_help list_help[] = {
    {CM_OPT_JSON, "print the list as JSON"},
    {CM_OPT_COUNT, NULL}};

const cm_command cm_cmd_list = {
    .name = "list",
    .synopsis = "list [--filter REGEX] [--exclude REGEX] [--algorithms LIST] [--backends LIST]\n"
                "                       [--isa MASK] [--json]",
    .accepts = CM_OPT(FILTER) | CM_OPT(ALGORITHMS) | CM_OPT(BACKENDS) | CM_OPT(ISA) |
               CM_OPT(JSON) | CM_OPT(EXCLUDE),
    .no_value = CM_OPT(JSON),
    .help = list_help,
    .footer = "exit codes: 0 ok; 2 bad option, regex, algorithm or backend name\n",
};
