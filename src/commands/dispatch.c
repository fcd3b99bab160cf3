/*
 * dispatch.c — the one path into every C subcommand (commands.h): the
 * entry of src/commands/cli.json, its options parsed, --help and bad
 * options answered the same way for all.
 */
#include <stdio.h>
#include <string.h>
#include "commands/commands.h"
#include "commands/options.h"
#include "util/error.h"

int cm_command_main(int argc, char **argv)
{
    const cm_cli_entry *e = cm_cli_entries;
    while (e->name && strcmp(argv[0], e->name) != 0)
        e++;
    if (!e->name)
        return -1;
    if (!e->cmd)
        return e->run_argv(argc, argv);
    cm_options o;
    cm_error err = {0};
    int parsed = cm_options_parse(e->cmd, argc, argv, &o, &err);
    if (parsed == 1) {
        cm_options_usage(e->cmd, stdout);
        return CM_EXIT_OK;
    }
    return parsed == 0 ? e->run(&o) : cm_command_fail(e->cmd, &err);
}
