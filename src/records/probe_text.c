/*
 * probe_text.c — the probe document (probe_doc.h) for a person: the clock,
 * one line per probe (latency and reciprocal throughput in cycles, each
 * with the half-width of its median's 95% confidence interval), and the
 * instruction bounds. It reads the struct that `probe --json` writes, so
 * it never states a fact that the JSON lacks. Every line fits 100 columns
 * (util/text.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "measure/probe.h"
#include "util/text.h"

/* A figure as "4.00 ±0.2%" into buf, or "—" without one. */
static void figure_text(const cm_probe_figure *fig, char *buf, size_t len)
{
    if (!fig->measured)
        snprintf(buf, len, "—");
    else
        snprintf(buf, len, "%.2f ±%.1f%%", fig->cycles, 100.0 * (isnan(fig->ci_rel) ? 0 : fig->ci_rel));
}

/* 1 when the strings are equal or both NULL. */
static int same(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* 1 when bounds a and b are one line: same algorithm, variant and formula. */
static int same_line(const cm_probe_bound *a, const cm_probe_bound *b)
{
    return same(a->algorithm, b->algorithm) && same(a->formula, b->formula) && same(a->variant, b->variant);
}

/* See probe.h. Operations with one formula share a line ("seal/open");
 * with only_computed, the bounds without a figure are counted, not listed. */
void cm_probe_render_bounds(FILE *out, const cm_probe_bound *bounds, size_t n, int only_computed)
{
    size_t i, j, missing = 0;
    if (!n) {
        fprintf(out, "  (no bounds for this architecture)\n");
        return;
    }
    for (i = 0; i < n; i++) {
        const cm_probe_bound *b = &bounds[i];
        int dup = 0;
        for (j = 0; j < i && !dup; j++)
            dup = same_line(&bounds[j], b);
        if (dup)
            continue;
        int computed = !isnan(b->bound_cpb);
        if (!computed && only_computed) {
            missing++;
            continue;
        }
        char what[96];
        size_t used = (size_t)snprintf(what, sizeof what, "%s %s", b->algorithm, b->operation);
        for (j = i + 1; j < n && used < sizeof what; j++)
            if (same_line(&bounds[j], b))
                used += (size_t)snprintf(what + used, sizeof what - used, "/%s", bounds[j].operation);
        if (b->variant && used < sizeof what)
            snprintf(what + used, sizeof what - used, " (%s)", b->variant);
        if (computed)
            fprintf(out, "  %-34s %6.3f cpb  = %s\n", what, b->bound_cpb, b->formula);
        else
            fprintf(out, "  %-34s   —         %s\n", what, b->reason ? b->reason : "no figure");
    }
    if (missing)
        fprintf(out, "  (%zu more need instructions this CPU lacks or that are masked: `cryptometer probe` lists them)\n",
                missing);
}

/* The clock lines. */
static void render_clock(FILE *out, const cm_probe_clock *clock)
{
    if (!isnan(clock->reference_mhz))
        fprintf(out, "Clock     %.0f MHz beside the samples (the median of the reference chain timed next to each)\n",
                clock->reference_mhz);
    else
        fprintf(out, "Clock     not measured (nothing was probed)\n");
    if (clock->measured && !isnan(clock->mhz_before)) {
        fprintf(out, "          ");
        fprintf(out, "%.0f MHz measured around the probes (before %.0f, after ", clock->mhz, clock->mhz_before);
        if (!isnan(clock->mhz_after))
            fprintf(out, "%.0f, drift %+.1f%%)", clock->mhz_after, 100.0 * (isnan(clock->drift) ? 0 : clock->drift));
        else
            fprintf(out, "not measured)");
        fprintf(out, "%s\n          (%s)\n", clock->agree ? "" : " — the two chains DISAGREE", clock->method);
    }
}

/* The text, unwrapped. */
static void render(FILE *out, const cm_probe_doc *d)
{
    fprintf(out, "Probes    %s · %s · CPU %d", d->arch, d->model_name, d->cpu);
    if (d->isa_mask)
        fprintf(out, " · CRYPTOMETER_ISA_MASK=%s", d->isa_mask);
    fprintf(out, "\n");
    render_clock(out, &d->clock);
    if (d->emulated)
        fprintf(out, "EMULATED  this CPU is emulated: the figures below describe the emulator, not a core\n");
    fprintf(out, "\n  %-18s %-17s %-17s %s\n", "probe", "latency (cyc)", "recip. tput (cyc)", "instruction");
    for (size_t i = 0; i < d->n_probes; i++) {
        const cm_probe_result *p = &d->probes[i];
        if (strcmp(p->status, "measured") != 0) {
            fprintf(out, "  %-18s %s: %s\n", p->name, p->status, p->reason ? p->reason : "");
            continue;
        }
        char lat[48], tput[48];
        figure_text(&p->latency, lat, sizeof lat);
        figure_text(&p->throughput, tput, sizeof tput);
        fprintf(out, "  %-18s ", p->name);
        cm_text_put_padded(out, lat, 18);
        cm_text_put_padded(out, tput, 18);
        fprintf(out, "%s\n", p->instruction);
    }
    fprintf(out, "  (± is the half-width of the 95%% confidence interval of the median, in %%; — : no such figure, "
                 "e.g. a carry chain has no independent instances; `probe --json` says why and keeps every sample)\n");
    fprintf(out, "\nInstruction bounds  lower bounds on cycles per byte (data/probe_bounds.json, docs/probes.md)\n");
    cm_probe_render_bounds(out, d->bounds, d->n_bounds, 0);
}

/* See probe.h. */
void cm_probe_render_text(FILE *out, const cm_probe_doc *d)
{
    cm_text_gathered g;
    render(cm_text_gather(&g, out), d);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}
