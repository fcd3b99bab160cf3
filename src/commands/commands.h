/*
 * commands.h — the subcommands of `cryptometer`. A command of
 * src/commands/cli.json with options gets them parsed by the dispatcher
 * (cm_command_main: the same parser, usage text and errors for all) and
 * returns an exit code from enum cm_exit (error.h); one without takes the
 * arguments after its name (argv[0] is the subcommand).
 */
#ifndef CM_COMMANDS_COMMANDS_H
#define CM_COMMANDS_COMMANDS_H

#include <stddef.h>

struct cm_options;

int cm_run_main(struct cm_options *o);
int cm_list_main(struct cm_options *o);
/* `files`: the file workloads beside the coreutils (cmd_files.c). */
int cm_files_main(struct cm_options *o);
/* `sweep`: the chunk-size × total-size sweep of one algorithm (cmd_sweep.c). */
int cm_sweep_main(struct cm_options *o);
/* `dmcrypt`: the kernel's drivers through dm-crypt (cmd_dmcrypt.c). */
int cm_dmcrypt_main(struct cm_options *o);
/* `tcrypt`: the kernel's speed test, from its log (cmd_tcrypt.c). */
int cm_tcrypt_main(struct cm_options *o);
/* `detect` (cmd_detect.c). */
int cm_detect_main(struct cm_options *o);
/* `probe`: the instruction probes and their bounds (cmd_probe.c). */
int cm_probe_main(struct cm_options *o);
/* `show`: a saved document as its command's text (cmd_show.c). */
int cm_show_main(struct cm_options *o);
/* `aes-score`, hidden: the AES score rule for the Python layer (cmd_aes_score.c). */
int cm_aes_score_main(int argc, char **argv);

/* One C subcommand: its name, its line in `cryptometer --help` (NULL:
 * hidden) and either its declaration (options.h) with the main it runs
 * with the options parsed, or (cmd NULL) a main taking argv as it is. */
typedef struct cm_cli_entry {
    const char *name;
    const char *summary;
    const struct cm_command *cmd;
    int (*run)(struct cm_options *o);
    int (*run_argv)(int argc, char **argv);
} cm_cli_entry;

/* The C subcommands in the order --help lists them, ended by name NULL:
 * generated from src/commands/cli.json (cmake/Cli.cmake). */
extern const cm_cli_entry cm_cli_entries[];

/* Runs the C subcommand argv[0] on argv: for one with options, parses them
 * (prints the usage text and returns CM_EXIT_OK for --help, prints the
 * error and returns its code for a bad one) and runs it. Its exit code, or
 * -1 when argv[0] is no C subcommand. */
int cm_command_main(int argc, char **argv);

/* In Python (python/cryptometer): exec'ed with the same arguments. */
int cm_python_main(const char *self, int argc, char **argv);

/* The Python subcommands, as python/cryptometer/commands.json lists them (the
 * one list, embedded in the binary): the i-th one's name and line of help, in
 * order; 0 past the last (or when the list is missing from the build). */
int cm_python_command(size_t i, const char **name, const char **help);

#endif
