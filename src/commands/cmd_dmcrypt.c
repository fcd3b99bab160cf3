/*
 * cmd_dmcrypt.c — `cryptometer dmcrypt [--json] [--quick] [--sizes LIST]`:
 * the kernel's AES drivers measured through dm-crypt over a RAM device the
 * tool creates and removes (run/dmcrypt.h, docs/dmcrypt.md). It takes no
 * device: one named is refused, whatever it is.
 */
#include <stdio.h>
#include <stdlib.h>
#include <jansson.h>

#include "commands/commands.h"
#include "commands/options.h"
#include "records/answers.h"
#include "records/output.h"
#include "run/dmcrypt.h"
#include "util/error.h"
#include "util/isolate.h"

/* The options as the run's; -1 with err on an I/O size it cannot use. */
static int dmcrypt_options(const cm_options *o, cm_dmc_options *d, cm_error *err)
{
    static const size_t def_io[] = {4096, 65536, 1048576}, quick_io[] = {4096, 1048576};
    static const unsigned def_sec[] = {512, 1024, 2048, 4096}, quick_sec[] = {512, 4096};
    d->device_bytes = o->quick ? 4u << 20 : 64u << 20;
    d->io_sizes = o->quick ? quick_io : def_io;
    d->n_io = o->quick ? 2 : 3;
    d->sectors = o->quick ? quick_sec : def_sec;
    d->n_sectors = o->quick ? 2 : 4;
    if (o->operands[0] || o->n_operands)
        return cm_error_set(err, CM_EXIT_USAGE, "refusing '%s': dmcrypt only measures a RAM device "
                            "it creates and removes itself, never an existing device",
                            o->operands[0]);
    if (!o->sizes_given)
        return 0;
    for (int i = 0; i < o->n_sizes; i++)
        if (o->sizes[i] % 4096 != 0 || o->sizes[i] > d->device_bytes)
            return cm_error_set(err, CM_EXIT_USAGE, "--sizes: %zu is not a multiple of 4096 up to "
                                "the device's %llu bytes", o->sizes[i],
                                (unsigned long long)d->device_bytes);
    d->io_sizes = o->sizes;
    d->n_io = o->n_sizes;
    return 0;
}

/* See commands.h. */
int cm_dmcrypt_main(cm_options *o)
{
    cm_error err = {0};
    cm_dmc_options d;
    if (dmcrypt_options(o, &d, &err) != 0)
        return cm_command_fail(&cm_cmd_dmcrypt, &err);
    cm_catch_interrupt();
    cm_dmc_result r;
    if (cm_dmcrypt_run(&d, &r, &err) != 0)
        return cm_command_fail(&cm_cmd_dmcrypt, &err);
    cm_answers *answers = cm_dmcrypt_answers_here(&r); /* printed first, kept in the document */
    json_t *doc = o->json ? cm_dmcrypt_json(&r) : NULL;
    if (doc && answers)
        json_object_set_new(doc, "answers", cm_answers_to_json(answers));
    if (o->json && cm_print_json(doc, &err) != 0) {
        json_decref(doc);
        free(answers);
        cm_dmcrypt_free(&r);
        return cm_command_fail(&cm_cmd_dmcrypt, &err);
    }
    if (!o->json && answers && !r.unavailable) {
        cm_answers_print(stdout, answers);
        fputc('\n', stdout);
    }
    if (!o->json)
        cm_dmcrypt_text(stdout, &r);
    int failed = 0;
    for (size_t i = 0; i < r.n; i++)
        failed |= !r.pts[i].ok;
    int rc = cm_interrupted ? cm_interrupted_exit()
             : r.unavailable ? CM_EXIT_ENVIRONMENT
             : failed        ? CM_EXIT_FAILURES
                             : CM_EXIT_OK;
    if (r.unavailable && o->json)  /* the text said it already */
        fprintf(stderr, "cryptometer dmcrypt: unavailable: %s\n", r.unavailable);
    json_decref(doc);
    free(answers);
    cm_dmcrypt_free(&r);
    return fflush(stdout) == 0 ? rc : CM_EXIT_ENVIRONMENT;
}
