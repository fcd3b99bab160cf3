/*
 * main.c — the `cryptometer` command: checks the registry of backends
 * (a build bug is reported before anything runs), then dispatches to a
 * subcommand. The subcommands in C are declared in the table below; those
 * in Python are the ones python/cryptometer/commands.json lists (read through
 * cm_python_command), reached git-style with a clear message when Python is
 * missing.
 */
#include <stdio.h>
#include <string.h>
#include "commands/commands.h"
#include "registry/helper.h"
#include "registry/registry.h"
#include "commands/verify.h"
#include "util/error.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help; /* NULL: hidden */
} command;

static const command commands[] = {
    {"run", cm_run_main, "measure: known-answer checks first, then every benchmark, table + JSON file"},
    {"list", cm_list_main, "every benchmark this build knows, available or not (with the reason)"},
    {"detect", cm_detect_main, "CPU, crypto features, kernel drivers, AF_ALG, real clock, health flags"},
    {"verify", cm_verify_main, "the known-answer and cross-checks alone, or on a Wycheproof file"},
    {"sweep", cm_sweep_main, "chunk size x total size through AF_ALG, OpenSSL and our code: MB/s, CPU time per GB"},
    {"probe", cm_probe_main, "latency and throughput of the instructions that bound crypto code, and the bounds"},
    {"show", cm_show_main, "a saved document (run, probe, detect) as the text its command printed"},
    {"files", cm_files_main, "hash and encrypt files in a private temp dir beside sha256sum, b2sum, openssl enc"},
    {"dmcrypt", cm_dmcrypt_main, "the kernel's AES drivers through dm-crypt over a RAM device it creates (root)"},
    {"tcrypt", cm_tcrypt_main, "the kernel's own speed test (tcrypt) for AES and SHA-256, from the kernel log (root)"},
    {"aes-score", cm_aes_score_main, NULL}, /* the AES score rule, for the Python layer */
    {"__child", cm_helper_child_main, NULL}, /* a helper backend's side (core/helper.h) */
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

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
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (commands[i].help)
            fprintf(out, "  %-9s %s\n", commands[i].name, commands[i].help);
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
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    const char *name, *help;
    for (size_t i = 0; cm_python_command(i, &name, &help); i++)
        if (strcmp(argv[1], name) == 0)
            return cm_python_main(argv[0], argc - 1, argv + 1);
    fprintf(stderr, "cryptometer: error: unknown command '%s' (see cryptometer --help)\n", argv[1]);
    return CM_EXIT_USAGE;
}
