/*
 * cmd_probe.c — `cryptometer probe [--json] [--quick] [--isa MASK]
 * [--cpu N] [--only LIST]`: the instruction probes and their bounds (probe.h) as
 * text or JSON.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>

#include "commands/commands.h"
#include "commands/options.h"
#include "records/output.h"
#include "util/isolate.h"
#include "measure/probe.h"
#include "probes/probe_kernels.h"
#include "platform/cpuclock.h"
#include "platform/features.h"
#include "util/error.h"

/* 0 when every name of list is a probe of this build, else -1 with err. */
static int check_names(const char *list, cm_error *err)
{
    size_t n;
    const cm_probe_kernel *k = cm_probe_kernels(&n);
    for (const char *p = list; *p;) {
        size_t l = strcspn(p, ","), i;
        for (i = 0; i < n; i++)
            if (strlen(k[i].name) == l && strncmp(k[i].name, p, l) == 0)
                break;
        if (i == n)
            return cm_error_set(err, CM_EXIT_USAGE, "--only: '%.*s' is not a probe of this build "
                                "(see `cryptometer probe`)", (int)l, p);
        p += l + (p[l] == ',');
    }
    return 0;
}

/* See commands.h. */
int cm_probe_main(cm_options *o)
{
    cm_error err = {0};
    if ((o->only && check_names(o->only, &err) != 0))
        return cm_command_fail(&cm_cmd_probe, &err);
    cm_probe_options opt = {o->cpu, o->quick, o->only};
    cm_catch_interrupt();
    cm_probe_doc d;
    json_t *doc = NULL;
    if (cm_probe_document(&opt, &d, &err) != 0 || (o->json && !(doc = cm_probe_doc_to_json(&d)))) {
        cm_probe_doc_free(&d);
        if (!err.msg[0])
            cm_error_set(&err, CM_EXIT_ENVIRONMENT, "out of memory");
        return cm_command_fail(&cm_cmd_probe, &err);
    }
    int printed = 0;
    if (o->json)
        printed = cm_print_json(doc, &err);
    else
        cm_probe_render_text(stdout, &d);
    json_decref(doc);
    cm_probe_doc_free(&d);
    if (printed != 0)
        return cm_command_fail(&cm_cmd_probe, &err);
    return fflush(stdout) == 0 ? CM_EXIT_OK : CM_EXIT_ENVIRONMENT;
}
