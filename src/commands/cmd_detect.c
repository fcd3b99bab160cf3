/*
 * cmd_detect.c — `cryptometer detect [--json] [--sysroot DIR] [--no-clock]
 * [--sweep FILE]...`: the detect document (detect.c), with the verdicts of
 * sweep documents (detect_sweep.c), as JSON or as text (detect_text.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "commands/commands.h"
#include "commands/options.h"
#include "records/output.h"
#include "run/detect.h"
#include "util/error.h"

/* Frees the n loaded sweeps of s. */
static void free_sweeps(cm_loaded_sweep *s, int n)
{
    for (int i = 0; s && i < n; i++)
        cm_loaded_sweep_free(&s[i]);
    free(s);
}

/* Loads the sweep documents files[0..n) into a new array (*sweeps). 0, or
 * -1 with err. */
static int load_sweeps(const char *const *files, int n, cm_loaded_sweep **sweeps, cm_error *err)
{
    if (!(*sweeps = calloc(n ? (size_t)n : 1, sizeof **sweeps)))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    for (int i = 0; i < n; i++)
        if (cm_detect_sweep_load(files[i], &(*sweeps)[i], err) != 0) {
            free_sweeps(*sweeps, i + 1);
            *sweeps = NULL;
            return -1;
        }
    return 0;
}

/* See commands.h. */
int cm_detect_main(cm_options *o)
{
    cm_error err = {0};
    cm_loaded_sweep *sweeps = NULL;
    if (load_sweeps(o->sweep_files, o->n_sweep_files, &sweeps, &err) != 0)
        return cm_command_fail(&cm_cmd_detect, &err);
    json_t *doc = cm_detect_document(o->sysroot, !o->no_clock, &err);
    if (doc && o->n_sweep_files && cm_detect_add_sweeps(doc, sweeps, (size_t)o->n_sweep_files) != 0) {
        json_decref(doc);
        doc = NULL;
        cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory");
    }
    free_sweeps(sweeps, o->n_sweep_files);
    if (!doc) {
        if (!err.msg[0])
            cm_error_set(&err, CM_EXIT_ENVIRONMENT, "detection failed");
        return cm_command_fail(&cm_cmd_detect, &err);
    }
    int printed = 0;
    if (o->json)
        printed = cm_print_json(doc, &err);
    else
        cm_detect_render_text(stdout, doc);
    json_decref(doc);
    if (printed != 0)
        return cm_command_fail(&cm_cmd_detect, &err);
    return fflush(stdout) == 0 ? CM_EXIT_OK : CM_EXIT_ENVIRONMENT;
}
