/*
 * cmd_tcrypt.c — `cryptometer tcrypt [--json] [MODULE]`: the kernel's own
 * speed test for AES and SHA-256, read from the kernel log (run/tcrypt.h,
 * docs/dmcrypt.md). MODULE: the tcrypt.ko to load (default: the running
 * kernel's under /lib/modules).
 */
#include <stdio.h>
#include <stdlib.h>
#include <jansson.h>

#include "commands/commands.h"
#include "commands/options.h"
#include "run/tcrypt.h"
#include "util/error.h"

static const cm_opt_help tcrypt_help[] = {
    {CM_OPT_JSON, "print the tcrypt document as JSON"},
    {CM_OPT_COUNT, NULL}};

static const cm_command cm_cmd_tcrypt = {
    .name = "tcrypt",
    .synopsis = "tcrypt [--json] [MODULE]",
    .intro = "Loads the kernel's tcrypt module with mode=200 (AES: ecb, cbc, ... as the kernel\n"
             "has them) and mode=300 alg=sha256, sec=1 each, and parses the speeds it logs:\n"
             "per algorithm, driver, key and block size. Needs root and the module\n"
             "(CONFIG_CRYPTO_TEST); takes minutes: every test runs for a second.",
    .accepts = CM_OPT(JSON),
    .no_value = CM_OPT(JSON),
    .help = tcrypt_help,
    .footer = "\n"
              "Exit codes: 0 measured, 2 bad option, 3 unavailable here (the reason is printed)\n"
              "or out of memory.\n",
    .max_operands = 1,
};

/* See commands.h. */
int cm_tcrypt_main(int argc, char **argv)
{
    cm_options o;
    cm_error err = {0};
    int parsed = cm_options_parse(&cm_cmd_tcrypt, argc, argv, &o, &err);
    if (parsed == 1) {
        cm_options_usage(&cm_cmd_tcrypt, stdout);
        return CM_EXIT_OK;
    }
    cm_tcrypt_result r;
    if (parsed != 0 || cm_tcrypt_run(o.n_operands ? o.operands[0] : NULL, &r, &err) != 0)
        return cm_command_fail(&cm_cmd_tcrypt, &err);
    json_t *doc = o.json ? cm_tcrypt_json(&r) : NULL;
    int rc = r.unavailable[0] ? CM_EXIT_ENVIRONMENT : CM_EXIT_OK;
    if (o.json && (!doc || json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0))
        rc = CM_EXIT_ENVIRONMENT;
    else if (o.json)
        fputc('\n', stdout);
    else
        cm_tcrypt_text(stdout, &r);
    if (o.json && r.unavailable[0])
        fprintf(stderr, "cryptometer tcrypt: unavailable: %s\n", r.unavailable);
    json_decref(doc);
    free(r.rows);
    return fflush(stdout) == 0 ? rc : CM_EXIT_ENVIRONMENT;
}
