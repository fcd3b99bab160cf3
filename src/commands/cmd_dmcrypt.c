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
#include "run/dmcrypt.h"
#include "util/error.h"
#include "util/isolate.h"

static const cm_opt_help dmcrypt_help[] = {
    {CM_OPT_JSON, "print the dmcrypt document as JSON"},
    {CM_OPT_QUICK, "a 4 MiB device, sector sizes 512 and 4096, I/O 4 KiB and 1 MiB"},
    {CM_OPT_SIZES, "I/O sizes in bytes, multiples of 4096 (default 4096,65536,1048576)"},
    {CM_OPT_COUNT, NULL}};

static const cm_command cm_cmd_dmcrypt = {
    .name = "dmcrypt",
    .synopsis = "dmcrypt [--json] [--quick] [--sizes LIST]",
    .intro = "Sequential O_DIRECT writes and reads through dm-crypt (aes-xts-plain64,\n"
             "aes-cbc-essiv:sha256; the kernel's driver and the generic AES forced) and\n"
             "dm-linear over a RAM device it creates and removes itself, per I/O size and\n"
             "sector_size, with the CPU time and the driver that served each. Needs root,\n"
             "dm-mod, dm-crypt and loop; it never touches an existing device.",
    .accepts = CM_OPT(JSON) | CM_OPT(QUICK) | CM_OPT(SIZES),
    .no_value = CM_OPT(JSON),
    .help = dmcrypt_help,
    .footer = "\n"
              "Exit codes: 0 measured, 1 a pass failed, 2 bad option or a device named,\n"
              "3 unavailable here (the reason is printed) or out of memory, 130/143 interrupted\n"
              "(what it created is removed first).\n",
    .max_operands = 1,
    .sizes_max = 16u << 20,
};

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
int cm_dmcrypt_main(int argc, char **argv)
{
    cm_options o;
    cm_error err = {0};
    cm_dmc_options d;
    int parsed = cm_options_parse(&cm_cmd_dmcrypt, argc, argv, &o, &err);
    if (parsed == 1) {
        cm_options_usage(&cm_cmd_dmcrypt, stdout);
        return CM_EXIT_OK;
    }
    if (parsed != 0 || dmcrypt_options(&o, &d, &err) != 0)
        return cm_command_fail(&cm_cmd_dmcrypt, &err);
    cm_catch_interrupt();
    cm_dmc_result r;
    if (cm_dmcrypt_run(&d, &r, &err) != 0)
        return cm_command_fail(&cm_cmd_dmcrypt, &err);
    cm_answers *answers = cm_dmcrypt_answers_here(&r); /* printed first, kept in the document */
    json_t *doc = o.json ? cm_dmcrypt_json(&r) : NULL;
    if (doc && answers)
        json_object_set_new(doc, "answers", cm_answers_to_json(answers));
    if (o.json && (!doc || json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER) != 0)) {
        json_decref(doc);
        free(answers);
        cm_dmcrypt_free(&r);
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "cannot write the JSON document");
        return cm_command_fail(&cm_cmd_dmcrypt, &err);
    }
    if (o.json)
        fputc('\n', stdout);
    else if (answers && !r.unavailable) {
        cm_answers_print(stdout, answers);
        fputc('\n', stdout);
    }
    if (!o.json)
        cm_dmcrypt_text(stdout, &r);
    int failed = 0;
    for (size_t i = 0; i < r.n; i++)
        failed |= !r.pts[i].ok;
    int rc = cm_interrupted ? cm_interrupted_exit()
             : r.unavailable ? CM_EXIT_ENVIRONMENT
             : failed        ? CM_EXIT_FAILURES
                             : CM_EXIT_OK;
    if (r.unavailable && o.json)  /* the text said it already */
        fprintf(stderr, "cryptometer dmcrypt: unavailable: %s\n", r.unavailable);
    json_decref(doc);
    free(answers);
    cm_dmcrypt_free(&r);
    return fflush(stdout) == 0 ? rc : CM_EXIT_ENVIRONMENT;
}
