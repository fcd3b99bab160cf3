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
#include "records/output.h"
#include "run/tcrypt.h"
#include "util/error.h"

/* See commands.h. */
int cm_tcrypt_main(cm_options *o)
{
    cm_error err = {0};
    cm_tcrypt_result r;
    if (cm_tcrypt_run(o->n_operands ? o->operands[0] : NULL, &r, &err) != 0)
        return cm_command_fail(&cm_cmd_tcrypt, &err);
    json_t *doc = o->json ? cm_tcrypt_json(&r) : NULL;
    int rc = r.unavailable[0] ? CM_EXIT_ENVIRONMENT : CM_EXIT_OK;
    if (o->json && cm_print_json(doc, &err) != 0)
        rc = CM_EXIT_ENVIRONMENT;
    else if (!o->json)
        cm_tcrypt_text(stdout, &r);
    if (o->json && r.unavailable[0])
        fprintf(stderr, "cryptometer tcrypt: unavailable: %s\n", r.unavailable);
    json_decref(doc);
    free(r.rows);
    return fflush(stdout) == 0 ? rc : CM_EXIT_ENVIRONMENT;
}
