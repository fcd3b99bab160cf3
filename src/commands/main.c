/*
 * main.c — the `cryptometer` command: checks the registry of backends
 * (a build bug is reported before anything runs), then dispatches to a
 * subcommand. The subcommands in C are those of src/commands/cli.json
 * (cm_cli_entries, generated from it); those
 * in Python are the ones python/cryptometer/commands.json lists (read through
 * cm_python_command), reached git-style with a clear message when Python is
 * missing.
 */
#include <stdio.h>
#include <string.h>
#include "commands/commands.h"
#include "registry/registry.h"
#include "util/error.h"

static const char exit_codes[] =
    "exit codes:\n"
    "  0    success\n"
    "  1    ran, but an implementation failed its known-answer check, crashed or hung\n"
    "  2    usage: unknown option, algorithm or backend, bad size list, unwritable output\n"
    "  3    environment: unreadable or malformed input file, missing Python for a Python command\n"
    "  130  interrupted (Ctrl-C): finished measurements were written, marked incomplete\n"
    "  143, 129  the same after SIGTERM, SIGHUP (128 + the signal's number)\n";

static void print_usage(FILE *out)
{
    fputs("usage: cryptometer <command> [options]     (cryptometer <command> --help for its "
          "options)\n\ncommands:\n", out);
    const char *name, *help;
    for (const cm_cli_entry *c = cm_cli_entries; c->name; c++)
        if (c->summary)
            fprintf(out, "  %-9s %s\n", c->name, c->summary);
    for (size_t i = 0; cm_python_command(i, &name, &help); i++)
        fprintf(out, "  %-9s %s   [Python]\n", name, help);
    fprintf(out, "\n%s", exit_codes);
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        print_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? CM_EXIT_USAGE : CM_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("cryptometer %s\n", CM_VERSION);
        return CM_EXIT_OK;
    }
    cm_error err = {0};
    if (cm_registry_check(&err) != 0) {
        fprintf(stderr, "cryptometer: error: %s\n", err.msg);
        return err.code;
    }
    int rc = cm_command_main(argc - 1, argv + 1);
    if (rc >= 0)
        return rc;
    const char *name, *help;
    for (size_t i = 0; cm_python_command(i, &name, &help); i++)
        if (strcmp(argv[1], name) == 0)
            return cm_python_main(argv[0], argc - 1, argv + 1);
    fprintf(stderr, "cryptometer: error: unknown command '%s' (see cryptometer --help)\n", argv[1]);
    return CM_EXIT_USAGE;
}
