/*
 * fuzz_options.c — libFuzzer harness of the option parser of run, verify
 * and list (cm_options_parse, src/commands/options.c).
 *
 * The first byte of the input picks the command; the rest is split into
 * arguments at NUL and newline bytes (so arguments may hold spaces and any
 * other byte). A parse that succeeds is planned too (cm_options_plan:
 * --filter's regex, --algorithms, --backends), as the commands do.
 */
#define _GNU_SOURCE
#include <sched.h>
#include "fuzz_common.h"
#include "commands/options.h"
#include "registry/plan.h"
#include "util/error.h"

#define MAX_ARGS 64

static cpu_set_t start_mask;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    sched_getaffinity(0, sizeof start_mask, &start_mask);
    return 0;
}

/* 1 if a repetition follows a repetition ("r+++", "a*{2}", "a{2}{3}"): glibc's
 * regcomp duplicates the tree per stacked operator and "^r" followed by 32
 * '+' takes over 2 GB (tests/fuzz/known/fuzz_options-regcomp-stacked-plus,
 * found by this harness). plan.c refuses stacked repetition since
 * (check_filter; tests/e2e/test_hostile_inputs_cli.py), but the harness
 * keeps skipping it with other regexes it cannot plan in bounded memory. */
static int stacked_repetition(const char *re)
{
    for (const char *p = re; p[0] && p[1]; p++)
        if (strchr("*+?}", p[0]) && strchr("*+?{", p[1]))
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const cm_command *const cmds[] = {&cm_cmd_run, &cm_cmd_verify, &cm_cmd_list};
    if (size == 0)
        return 0;
    const cm_command *cmd = cmds[data[0] % 3];
    char *text = fuzz_text(data + 1, size - 1);
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = (char *)cmd->name;
    char *p = text, *end = text + (size - 1);
    while (p < end && argc < MAX_ARGS + 1) {
        char *q = p;
        while (q < end && *q != '\n' && *q != '\0')
            q++;
        *q = '\0';
        argv[argc++] = p;
        p = q + 1;
    }
    argv[argc] = NULL;

    cm_options o;
    cm_error err = {0};
    int rc = cm_options_parse(cmd, argc, argv, &o, &err);
    if (rc < 0 && !err.msg[0])
        abort(); /* an error always says why */
    if (rc == 0) {
        if (o.n_sizes < 0 || o.n_sizes > CM_MAX_SIZES)
            abort();
        /* glibc's regcomp is exponential on nested counted repetitions
         * ("((a{1,100}){1,100}){1,100}"): a --filter the user typed, not a
         * file read from elsewhere; plan only short ones */
        if (!o.regex || (strlen(o.regex) <= 64 && !stacked_repetition(o.regex))) {
            cm_group *groups = NULL;
            size_t n = 0;
            cm_error perr = {0};
            if (cm_options_plan(&o, NULL, 0, &groups, &n, &perr) == 0)
                free(groups);
        }
    }
    /* --cpu N pins the process: undo it for the next input */
    sched_setaffinity(0, sizeof start_mask, &start_mask);
    free(text);
    return 0;
}
