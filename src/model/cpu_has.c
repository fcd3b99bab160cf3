/*
 * cpu_has.c — cm_cpu_has() of include/cryptometer/cpu.h: the backends'
 * question about CPU features, answered from the platform's detection
 * (src/platform/features.c, which applies the mask).
 */
#include <stdio.h>
#include <string.h>
#include "cryptometer/cpu.h"
#include "platform/features.h"

/* Why feature name cannot be used, or NULL when it can. */
static const char *missing_reason(const char *name)
{
    const platform_feature *f = platform_cpu_feature(name);
    if (!f)
        return "not a feature of this build's CPU table";
    if (!f->cpu)
        return "this CPU lacks it";
    if (!f->os)
        return "the OS does not enable its registers";
    if (f->masked)
        return "masked by CRYPTOMETER_ISA_MASK/--isa";
    return NULL;
}

/* See cpu.h. */
int cm_cpu_has(const char *features, char *why, size_t why_len)
{
    char name[64];
    for (const char *p = features; *p;) {
        size_t len = strcspn(p, ",");
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        const char *reason = name[0] ? missing_reason(name) : NULL;
        if (reason) {
            if (why_len)
                snprintf(why, why_len, "needs %s: %s", name, reason);
            return 0;
        }
        p += len + (p[len] == ',');
    }
    return 1;
}
