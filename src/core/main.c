/*
 * main.c — the `cryptometer` command: dispatches to the subcommands in C
 * (run, list, detect, verify) and, git-style, to those in Python (import),
 * with a clear message when Python is missing.
 */
#include <stdio.h>
#include <string.h>
#include "core/commands.h"
#include "core/error.h"
#include "core/verify.h"
#include "platform/platform.h"

static const char usage[] =
    "usage: cryptometer <command> [options]     (cryptometer <command> --help for its options)\n"
    "\n"
    "commands:\n"
    "  run       measure: known-answer checks first, then every benchmark, table + JSON file\n"
    "  list      every benchmark this build knows, available or not (with the reason)\n"
    "  detect    CPU, crypto features, kernel drivers, AF_ALG, real clock, health flags\n"
    "  verify    the known-answer and cross-checks alone, or on a Wycheproof file\n"
    "  import    read other tools' output (sbc-bench logs) into result files   [Python]\n"
    "\n"
    "exit codes:\n"
    "  0    success\n"
    "  1    ran, but an implementation failed its known-answer check, crashed or hung\n"
    "  2    usage: unknown option, algorithm or backend, bad size list, unwritable output\n"
    "  3    environment: unreadable or malformed input file, missing Python for a Python command\n"
    "  130  interrupted (Ctrl-C): finished measurements were written, marked incomplete\n";

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? CM_EXIT_USAGE : CM_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("cryptometer %s\n", CM_VERSION);
        return CM_EXIT_OK;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "run") == 0)
        return cm_run_main(argc - 1, argv + 1);
    if (strcmp(cmd, "list") == 0)
        return cm_list_main(argc - 1, argv + 1);
    if (strcmp(cmd, "verify") == 0)
        return cm_verify_main(argc - 1, argv + 1);
    if (strcmp(cmd, "detect") == 0)
        return cm_detect_main(argc - 1, argv + 1);
    if (strcmp(cmd, "import") == 0 ||
        strcmp(cmd, "store") == 0 ||
        strcmp(cmd, "compare") == 0 ||
        strcmp(cmd, "collect") == 0 ||
        strcmp(cmd, "report") == 0 ||
        strcmp(cmd, "plot") == 0 ||
        strcmp(cmd, "export") == 0)
        return cm_python_main(argv[0], argc - 1, argv + 1);
    fprintf(stderr, "cryptometer: error: unknown command '%s' (see cryptometer --help)\n", cmd);
    return CM_EXIT_USAGE;
}
