/*
 * probe_text.c — the probe document (probe.h) for a person: the clock, one
 * line per probe (latency and reciprocal throughput in cycles, each with
 * the half-width of its median's 95% confidence interval), and the
 * instruction bounds. A view of the JSON only, so it never states a fact
 * that `probe --json` lacks.
 */
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "measure/probe.h"

/* Field shortcuts. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

static double nget(const json_t *o, const char *k)
{
    return json_number_value(json_object_get(o, k));
}

/* A figure as "4.00 ±0.2%" into buf, or "—" without one. */
static void figure_text(const json_t *fig, char *buf, size_t len)
{
    if (!json_is_number(json_object_get(fig, "cycles")))
        snprintf(buf, len, "—");
    else
        snprintf(buf, len, "%.2f ±%.1f%%", nget(fig, "cycles"), 100.0 * nget(fig, "ci_rel"));
}

/* 1 when bounds a and b are one line: same algorithm, variant and formula. */
static int same_line(const json_t *a, const json_t *b)
{
    const char *va = sget(a, "variant"), *vb = sget(b, "variant");
    return strcmp(sget(a, "algorithm"), sget(b, "algorithm")) == 0 && strcmp(sget(a, "formula"), sget(b, "formula")) == 0 &&
           ((!va && !vb) || (va && vb && strcmp(va, vb) == 0));
}

/* See probe.h. Operations with one formula share a line ("seal/open");
 * with only_computed, the bounds without a figure are counted, not listed. */
void cm_probe_render_bounds(FILE *out, const json_t *bounds, int only_computed)
{
    size_t i, j, n = json_array_size(bounds), missing = 0;
    if (!n) {
        fprintf(out, "  (no bounds for this architecture)\n");
        return;
    }
    for (i = 0; i < n; i++) {
        const json_t *b = json_array_get(bounds, i);
        int dup = 0;
        for (j = 0; j < i && !dup; j++)
            dup = same_line(json_array_get(bounds, j), b);
        if (dup)
            continue;
        int computed = json_is_number(json_object_get(b, "bound_cpb"));
        if (!computed && only_computed) {
            missing++;
            continue;
        }
        char what[96];
        size_t used = (size_t)snprintf(what, sizeof what, "%s %s", sget(b, "algorithm"), sget(b, "operation"));
        for (j = i + 1; j < n && used < sizeof what; j++)
            if (same_line(json_array_get(bounds, j), b))
                used += (size_t)snprintf(what + used, sizeof what - used, "/%s", sget(json_array_get(bounds, j), "operation"));
        if (sget(b, "variant") && used < sizeof what)
            snprintf(what + used, sizeof what - used, " (%s)", sget(b, "variant"));
        if (computed)
            fprintf(out, "  %-34s %6.3f cpb  = %s\n", what, nget(b, "bound_cpb"), sget(b, "formula"));
        else
            fprintf(out, "  %-34s   —         %s\n", what, sget(b, "reason") ? sget(b, "reason") : "no figure");
    }
    if (missing)
        fprintf(out, "  (%zu more need instructions this CPU lacks or that are masked: `cryptometer probe` lists them)\n",
                missing);
}

/* See probe.h. */
void cm_probe_render_text(FILE *out, const json_t *doc)
{
    const json_t *clock = json_object_get(doc, "clock"), *cpu = json_object_get(doc, "cpu");
    fprintf(out, "Probes    %s · %s · CPU %lld", sget(doc, "arch"), sget(cpu, "model_name"),
            (long long)json_integer_value(json_object_get(cpu, "cpu")));
    if (sget(doc, "isa_mask"))
        fprintf(out, " · CRYPTOMETER_ISA_MASK=%s", sget(doc, "isa_mask"));
    fprintf(out, "\n");
    if (json_is_number(json_object_get(clock, "reference_mhz")))
        fprintf(out, "Clock     %.0f MHz beside the samples (the median of the reference chain timed next to each)\n",
                nget(clock, "reference_mhz"));
    else
        fprintf(out, "Clock     not measured (nothing was probed)\n");
    if (json_is_number(json_object_get(clock, "mhz_before"))) {
        fprintf(out, "          ");
        fprintf(out, "%.0f MHz measured around the probes (before %.0f, after ", nget(clock, "mhz"),
                nget(clock, "mhz_before"));
        if (json_is_number(json_object_get(clock, "mhz_after")))
            fprintf(out, "%.0f, drift %+.1f%%)", nget(clock, "mhz_after"), 100.0 * nget(clock, "drift"));
        else
            fprintf(out, "not measured)");
        fprintf(out, "%s\n          (%s)\n", json_is_true(json_object_get(clock, "agree")) ? "" : " — the two chains DISAGREE",
                sget(clock, "method"));
    }
    if (json_is_true(json_object_get(doc, "emulated")))
        fprintf(out, "EMULATED  this CPU is emulated: the figures below describe the emulator, not a core\n");
    fprintf(out, "\n  %-18s %-17s %-17s %s\n", "probe", "latency (cyc)", "recip. tput (cyc)", "instruction");
    size_t i;
    const json_t *p;
    json_array_foreach(json_object_get(doc, "probes"), i, p) {
        const char *st = sget(p, "status");
        if (st && strcmp(st, "measured") != 0) {
            fprintf(out, "  %-18s %s: %s\n", sget(p, "name"), st, sget(p, "reason") ? sget(p, "reason") : "");
            continue;
        }
        char lat[48], tput[48];
        figure_text(json_object_get(p, "latency"), lat, sizeof lat);
        figure_text(json_object_get(p, "throughput"), tput, sizeof tput);
        fprintf(out, "  %-18s %-17s %-17s %s\n", sget(p, "name"), lat, tput, sget(p, "instruction"));
    }
    fprintf(out, "  (± is the half-width of the 95%% confidence interval of the median, in %%; — : no such figure,\n"
                 "   e.g. a carry chain has no independent instances; `probe --json` says why and keeps every sample)\n");
    fprintf(out, "\nInstruction bounds  lower bounds on cycles per byte (data/probe_bounds.json, docs/probes.md)\n");
    cm_probe_render_bounds(out, json_object_get(doc, "bounds"), 0);
}
