/*
 * options.c — see options.h: the parser, the usage texts and the errors of
 * every C command, from the one table (src/commands/cli.json).
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

/* 1 if cmd accepts option id (--help always). */
static int accepts(const cm_command *cmd, int id)
{
    return id == CM_OPT_HELP || (cmd->accepts & (UINT64_C(1) << id));
}

/* 1 if option id takes a value in cmd. */
static int takes_value(const cm_command *cmd, int id)
{
    return cm_opt_table[id].arg && !(cmd->no_value & (UINT64_C(1) << id));
}

/* The option arg names among those cmd accepts ("--name", "--name=VALUE",
 * "-q"), or -1; *inline_value gets what follows '=' (NULL if none). */
static int find_option(const cm_command *cmd, const char *arg, const char **inline_value)
{
    *inline_value = NULL;
    for (int id = 0; id < CM_OPT_COUNT; id++) {
        size_t n = strlen(cm_opt_table[id].name);
        if (!accepts(cmd, id))
            continue;
        if (cm_opt_table[id].alias && arg[1] == cm_opt_table[id].alias && arg[2] == '\0')
            return id;
        if (strncmp(arg, cm_opt_table[id].name, n) == 0 && (arg[n] == '\0' || arg[n] == '=')) {
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
    case CM_OPT_RUNTIMES: o->runtimes = 1; return 0;
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
    o->argc = argc;
    o->argv = argv;
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
    sel.no_runtimes = o->no_runtimes;
    sel.limits = o->size_limits;
    sel.n_limits = (size_t)o->n_size_limits;
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
        const char *text = cm_opt_table[id].help;
        for (const cm_opt_help *h = cmd->help; h && h->text; h++)
            if ((int)h->opt == id)
                text = h->text;
        print_help_line(out, cm_opt_table[id].name, takes_value(cmd, id) ? cm_opt_table[id].arg : NULL, text);
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
