/*
 * detect_text_cpu.c — the CPU's sections of the detect text
 * (detect_text_cpu.h), drawn from the typed "cpu" and "system" objects
 * (platform/cpu_doc.h): what the CPU is, its clusters and features, and
 * the clock of each cluster.
 */
#include <stdio.h>
#include <string.h>

#include "platform/cpu.h"
#include "run/detect_text_cpu.h"

/* A cluster's CPU list ("0-3"). */
static void cluster_cpus(const platform_cluster_doc *cl, char *buf, size_t len)
{
    int n = cl->n_cpus < PLATFORM_MAX_CPUS ? (int)cl->n_cpus : PLATFORM_MAX_CPUS;
    platform_format_cpulist(cl->cpus, n, buf, len);
}

/* One line per cluster, then where the clusters come from. */
static void render_clusters(FILE *out, const platform_cpu_doc *cpu)
{
    for (size_t i = 0; i < cpu->n_clusters; i++) {
        const platform_cluster_doc *cl = &cpu->clusters[i];
        char cpus[128];
        cluster_cpus(cl, cpus, sizeof cpus);
        const char *core = cl->core_name;
        fprintf(out, "  cluster %zu: CPUs %s%s%s", i, cpus, core ? " " : "", core ? core : "");
        if (cl->based_on && core && strcmp(cl->based_on, core) != 0)
            fprintf(out, " (%s-based)", cl->based_on);
        if (cl->midr[0])
            fprintf(out, " · MIDR %s", cl->midr);
        if (cl->freq_max_mhz > 0)
            fprintf(out, " · cpufreq %.0f-%.0f MHz", cl->freq_min_mhz, cl->freq_max_mhz);
        if (cl->governor)
            fprintf(out, " · %s", cl->governor);
        fprintf(out, "\n");
    }
    const char *by = cpu->cluster_source;
    if (by && strcmp(by, "single") == 0)
        fprintf(out, "  (one cluster: no cpufreq policies, MIDRs or core types tell the CPUs apart)\n");
    else if (by)
        fprintf(out, "  (clusters from %s)\n", strcmp(by, "cpufreq policy") == 0 ? "cpufreq policies" : by);
}

/* Whether feature f belongs to group g: 0 absent, 1 masked, 2 in the CPU
 * but disabled by the OS (XCR0). */
static int in_group(const platform_feature *f, int g)
{
    return !f->present && (g == 0   ? !f->cpu
                           : g == 1 ? f->masked && f->cpu
                                    : f->cpu && !f->os && !f->masked);
}

/* The features: one line per present one, then the others by group. */
static void render_features(FILE *out, const platform_cpu_doc *cpu)
{
    fprintf(out, "\nFeatures  read from %s%s%s\n", cpu->feature_source ? cpu->feature_source : "nothing",
            cpu->isa_mask ? "; CRYPTOMETER_ISA_MASK=" : "", cpu->isa_mask ? cpu->isa_mask : "");
    if (!cpu->n_features)
        fprintf(out, "  (no feature table for this architecture)\n");
    for (size_t i = 0; i < cpu->n_features; i++)
        if (cpu->features[i].present)
            fprintf(out, "  + %-22s %s\n", cpu->features[i].label,
                    cpu->features[i].accelerates ? cpu->features[i].accelerates : "");
    static const char *const groups[3] = {"  - absent: ", "  - masked: ",
                                          "  - in the CPU but disabled by the OS (XCR0): "};
    for (int g = 0; g < 3; g++) {
        size_t n = 0;
        for (size_t i = 0; i < cpu->n_features; i++)
            if (in_group(&cpu->features[i], g))
                fprintf(out, "%s%s", n++ ? ", " : groups[g], cpu->features[i].label);
        if (n)
            fprintf(out, "\n");
    }
}

/* The system line, or why the "system" object is not shown (sys NULL). */
static void render_system(FILE *out, const platform_system_doc *sys, const char *why)
{
    if (!sys)
        fprintf(out, "System    not shown: %s\n", why);
    else if (sys->kernel || sys->os)
        fprintf(out, "System    %s%s%s%s\n", sys->os ? sys->os : "", sys->os && sys->kernel ? " · " : "",
                sys->kernel ? "Linux " : "", sys->kernel ? sys->kernel : "");
}

/* See detect_text_cpu.h. */
void cm_detect_render_cpu(FILE *out, const platform_cpu_doc *cpu, const char *why,
                          const platform_system_doc *sys, const char *sys_why)
{
    if (!cpu) {
        fprintf(out, "CPU       not shown: %s\n", why);
        render_system(out, sys, sys_why);
        return;
    }
    const char *board = cpu->board;
    fprintf(out, "CPU       %s · %s · %s · %lld CPUs%s%s\n", cpu->model_name ? cpu->model_name : "(unknown model)",
            cpu->arch ? cpu->arch : "?", cpu->vendor ? cpu->vendor : "?", cpu->cores, board ? " · " : "",
            board ? board : "");
    render_system(out, sys, sys_why);
    render_clusters(out, cpu);
    render_features(out, cpu);
}

/* See detect_text_cpu.h. */
void cm_detect_render_clock(FILE *out, const platform_cpu_doc *cpu, const char *why, int from_sysroot)
{
    fprintf(out, "\nClock     ");
    if (!cpu) {
        fprintf(out, "not shown: %s\n", why);
        return;
    }
    for (size_t i = 0; i < cpu->n_clusters; i++) {
        const platform_cluster_doc *cl = &cpu->clusters[i];
        char cpus[128];
        cluster_cpus(cl, cpus, sizeof cpus);
        double m = cl->measured_mhz, c = cl->claimed_mhz;
        fprintf(out, "%scluster %zu (CPUs %s): ", i ? "          " : "", i, cpus);
        if (m > 0)
            fprintf(out, "%.0f MHz measured", m);
        else
            fprintf(out, "not measured");
        if (c > 0) {
            fprintf(out, " · %.0f MHz claimed (%s)", c, cl->claimed_source);
            if (m > 0)
                fprintf(out, " · %+.1f%%", 100.0 * (m / c - 1.0));
        }
        if (cl->freq_cur_mhz > 0)
            fprintf(out, " · cpufreq now %.0f MHz", cl->freq_cur_mhz);
        fprintf(out, "\n");
    }
    if (!cpu->n_clusters)
        fprintf(out, "no clusters\n");
    if (cpu->clock_method)
        fprintf(out, "          (%s)\n", cpu->clock_method);
    else if (from_sysroot)
        fprintf(out, "          (not measured: --sysroot)\n");
}
