/*
 * cpu_clusters.c — the CPU's clusters (cpu_clusters.h): CPUs grouped by
 * cpufreq policy or, without one, by the kind of core (the MIDR on arm,
 * the hybrid core type on x86), each with its frequencies and the name of
 * its core. Everything reads through a sysroot; cpu.c calls it once the
 * CPUs and their MIDRs are known.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cpu.h"
#include "platform/cpu_clusters.h"
#include "platform/sysroot.h"

/* x86 hybrid core types (cpuid leaf 0x1A, EAX bits 31:24). */
#define CORE_TYPE_ATOM 0x20
#define CORE_TYPE_CORE 0x40

/* ------------------------------------------------------------------------
 * Clusters
 * ---------------------------------------------------------------------- */

/* Index of CPU number id in cpu->cpu_ids, or -1. */
static int cpu_index(const platform_cpu *cpu, int id)
{
    for (int i = 0; i < cpu->n_cpus; i++)
        if (cpu->cpu_ids[i] == id)
            return i;
    return -1;
}

/* What makes CPUs the same kind of core: the MIDR on arm, the hybrid core
 * type on x86, else nothing (0). */
static uint32_t kind_of(const platform_cpu *cpu, int id)
{
    int i = cpu_index(cpu, id);
    if (i < 0)
        return 0;
    if (cpu->midr[i])
        return cpu->midr[i];
    return (uint32_t)cpu->core_type[i];
}

/* One cpufreq policy found under sys/devices/system/cpu/cpufreq. */
struct policy {
    char name[24];
    char dir[96]; /* "/sys/devices/system/cpu/cpufreq/policy0" */
    int n;
    int cpus[PLATFORM_MAX_CPUS];
};

/* Orders policies by their first CPU. */
static int policy_cmp(const void *a, const void *b)
{
    const struct policy *x = a, *y = b;
    int fx = x->n ? x->cpus[0] : 1 << 30, fy = y->n ? y->cpus[0] : 1 << 30;
    return (fx > fy) - (fx < fy);
}

/* A zeroed slot for one more policy after the n in *pol, growing the array
 * (*cap entries) when it is full; NULL when out of memory (the n policies
 * already read stay). */
static struct policy *policy_slot(struct policy **pol, int n, int *cap)
{
    if (n == *cap) {
        int want = *cap ? *cap * 2 : 8;
        struct policy *bigger = realloc(*pol, (size_t)want * sizeof **pol);
        if (!bigger)
            return NULL;
        *pol = bigger;
        *cap = want;
    }
    memset(&(*pol)[n], 0, sizeof **pol);
    return &(*pol)[n];
}

/* Reads the cpufreq policies (policyN directories, else per-CPU cpufreq
 * directories of older kernels). Returns how many, into *out (malloc'd). */
static int read_policies(const char *sysroot, const platform_cpu *cpu, struct policy **out)
{
    char full[4096], path[160], list[4096];
    int n = 0, cap = 0;
    struct policy *pol = NULL;
    *out = NULL;

    if (pf_path(full, sizeof full, sysroot, "/sys/devices/system/cpu/cpufreq")) {
        DIR *d = opendir(full);
        struct dirent *e;
        while (d && (e = readdir(d)) != NULL) {
            if (strncmp(e->d_name, "policy", 6) != 0 || !isdigit((unsigned char)e->d_name[6]) ||
                strlen(e->d_name) >= sizeof pol->name)
                continue;
            struct policy *p = policy_slot(&pol, n, &cap);
            if (!p)
                break;
            snprintf(p->name, sizeof p->name, "%.23s", e->d_name);
            snprintf(p->dir, sizeof p->dir, "/sys/devices/system/cpu/cpufreq/%.23s", e->d_name);
            snprintf(path, sizeof path, "%s/related_cpus", p->dir);
            if (pf_read_line(sysroot, path, list, sizeof list) != 0) {
                snprintf(path, sizeof path, "%s/affected_cpus", p->dir);
                if (pf_read_line(sysroot, path, list, sizeof list) != 0)
                    continue;
            }
            p->n = pf_parse_cpulist(list, p->cpus, PLATFORM_MAX_CPUS);
            if (p->n < 0)
                pf_warn(sysroot, path, 1, "CPU list '%.64s' is malformed or names more than %d "
                        "CPUs; ignored", list, PLATFORM_MAX_CPUS);
            if (p->n > 0)
                n++;
        }
        if (d)
            closedir(d);
    }
    if (n == 0) {
        /* Before Linux 4.3 there were no policyN directories: each CPU had
         * cpufreq/ with related_cpus. Keep one entry per distinct list. */
        for (int i = 0; i < cpu->n_cpus; i++) {
            snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/related_cpus",
                     cpu->cpu_ids[i]);
            if (pf_read_line(sysroot, path, list, sizeof list) != 0)
                continue;
            int cpus[PLATFORM_MAX_CPUS];
            int k = pf_parse_cpulist(list, cpus, PLATFORM_MAX_CPUS);
            if (k < 0)
                pf_warn(sysroot, path, 1, "CPU list '%.64s' is malformed or names more than %d "
                        "CPUs; ignored", list, PLATFORM_MAX_CPUS);
            if (k <= 0)
                continue;
            int dup = 0;
            for (int j = 0; j < n && !dup; j++)
                dup = pol[j].n == k && memcmp(pol[j].cpus, cpus, (size_t)k * sizeof *cpus) == 0;
            if (dup)
                continue;
            struct policy *p = policy_slot(&pol, n, &cap);
            if (!p)
                break;
            n++;
            snprintf(p->name, sizeof p->name, "cpu%d", cpu->cpu_ids[i]);
            snprintf(p->dir, sizeof p->dir, "/sys/devices/system/cpu/cpu%d/cpufreq", cpu->cpu_ids[i]);
            p->n = k;
            memcpy(p->cpus, cpus, (size_t)k * sizeof *cpus);
        }
    }
    if (n > 1)
        qsort(pol, (size_t)n, sizeof *pol, policy_cmp);
    *out = pol;
    return n;
}

/* Reads a kHz value from dir/name into MHz (0 when absent). */
static double read_mhz(const char *sysroot, const char *dir, const char *name)
{
    char path[192];
    long long khz;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (pf_read_ll(sysroot, path, &khz) != 0 || khz <= 0)
        return 0;
    return (double)khz / 1000.0;
}

/* Fills a cluster's cpufreq facts from a policy directory; with merge set,
 * widens min/max over several per-CPU policies instead of overwriting. */
static void fill_freq(const char *sysroot, platform_cluster *c, const char *dir, int merge)
{
    char path[192];
    double mn = read_mhz(sysroot, dir, "cpuinfo_min_freq");
    double mx = read_mhz(sysroot, dir, "cpuinfo_max_freq");
    double cur = read_mhz(sysroot, dir, "scaling_cur_freq");
    if (cur == 0)
        cur = read_mhz(sysroot, dir, "cpuinfo_cur_freq");
    if (!merge || c->freq_min_mhz == 0 || (mn > 0 && mn < c->freq_min_mhz))
        c->freq_min_mhz = mn ? mn : c->freq_min_mhz;
    if (!merge || mx > c->freq_max_mhz)
        c->freq_max_mhz = mx ? mx : c->freq_max_mhz;
    if (!merge || c->freq_cur_mhz == 0)
        c->freq_cur_mhz = cur;
    if (!c->governor[0]) {
        snprintf(path, sizeof path, "%s/scaling_governor", dir);
        pf_read_line(sysroot, path, c->governor, sizeof c->governor);
    }
    if (!c->driver[0]) {
        snprintf(path, sizeof path, "%s/scaling_driver", dir);
        pf_read_line(sysroot, path, c->driver, sizeof c->driver);
    }
    if (!c->policy[0] && strncmp(dir, "/sys/devices/system/cpu/cpufreq/", 32) == 0)
        snprintf(c->policy, sizeof c->policy, "%s", dir + 32);
}

/* Adds CPU id to the cluster of kind k, creating it (clusters start zeroed:
 * platform_cpu_read clears the whole structure); past the table's size the
 * remaining kinds share the last cluster. */
static void add_to_kind(platform_cpu *cpu, uint32_t *kinds, uint32_t k, int id)
{
    int c;
    for (c = 0; c < cpu->n_clusters; c++)
        if (kinds[c] == k)
            break;
    if (c == cpu->n_clusters) {
        if (c == PLATFORM_MAX_CLUSTERS)
            c = PLATFORM_MAX_CLUSTERS - 1; /* overflow: lump into the last */
        else {
            cpu->n_clusters++;
            kinds[c] = k;
        }
    }
    platform_cluster *cl = &cpu->clusters[c];
    if (cl->n_cpus < PLATFORM_MAX_CPUS)
        cl->cpus[cl->n_cpus++] = id;
}

/* Reads the hybrid core type of each CPU: sysfs cpu_core/cpu_atom PMU
 * lists, else (live x86 only) cpuid leaf 0x1A on each CPU in turn. */
void platform_cpu_read_core_types(const char *sysroot, platform_cpu *cpu)
{
    static const struct {
        const char *path;
        int type;
    } pmus[] = {{"/sys/devices/cpu_core/cpus", CORE_TYPE_CORE},
                {"/sys/devices/cpu_atom/cpus", CORE_TYPE_ATOM}};
    char list[4096];
    int any = 0;
    for (size_t k = 0; k < 2; k++) {
        if (pf_read_line(sysroot, pmus[k].path, list, sizeof list) != 0)
            continue;
        int cpus[PLATFORM_MAX_CPUS];
        int n = pf_parse_cpulist(list, cpus, PLATFORM_MAX_CPUS);
        for (int j = 0; j < n; j++) {
            int i = cpu_index(cpu, cpus[j]);
            if (i >= 0) {
                cpu->core_type[i] = pmus[k].type;
                any = 1;
            }
        }
    }
    if (any) {
        cpu->hybrid = 1;
        return;
    }
#if PF_HAVE_CPUID
    uint32_t r[4];
    if (pf_has_sysroot(sysroot) || !pf_cpuid(7, 0, r) || !(r[3] & (1u << 15)))
        return;
    cpu->hybrid = 1;
    cpu_set_t saved;
    if (sched_getaffinity(0, sizeof saved, &saved) != 0)
        return;
    for (int i = 0; i < cpu->n_cpus; i++) {
        cpu_set_t one;
        CPU_ZERO(&one);
        if (cpu->cpu_ids[i] >= CPU_SETSIZE)
            continue;
        CPU_SET(cpu->cpu_ids[i], &one);
        if (sched_setaffinity(0, sizeof one, &one) != 0)
            continue;
        if (pf_cpuid(0x1a, 0, r))
            cpu->core_type[i] = (int)(r[0] >> 24);
    }
    sched_setaffinity(0, sizeof saved, &saved);
#endif
}

/* Orders cluster CPU lists and numbers the clusters by first CPU. */
static void finish_clusters(platform_cpu *cpu)
{
    for (int c = 0; c < cpu->n_clusters; c++) {
        platform_cluster *cl = &cpu->clusters[c];
        for (int i = 1; i < cl->n_cpus; i++)
            for (int j = i; j > 0 && cl->cpus[j - 1] > cl->cpus[j]; j--) {
                int t = cl->cpus[j];
                cl->cpus[j] = cl->cpus[j - 1];
                cl->cpus[j - 1] = t;
            }
    }
    /* Insertion sort of clusters by first CPU (there are few). */
    for (int i = 1; i < cpu->n_clusters; i++)
        for (int j = i; j > 0; j--) {
            platform_cluster *a = &cpu->clusters[j - 1], *b = &cpu->clusters[j];
            int fa = a->n_cpus ? a->cpus[0] : 1 << 30, fb = b->n_cpus ? b->cpus[0] : 1 << 30;
            if (fa <= fb)
                break;
            platform_cluster t = *a;
            *a = *b;
            *b = t;
        }
    for (int c = 0; c < cpu->n_clusters; c++)
        cpu->clusters[c].id = c;
}

/* Pulls the clock the model name advertises ("... @ 2.60GHz"), or 0. */
static double model_name_mhz(const char *model)
{
    const char *at = strstr(model, "@ ");
    if (!at)
        return 0;
    char *end;
    double v = strtod(at + 2, &end);
    if (end == at + 2)
        return 0;
    if (strncmp(end, "GHz", 3) == 0)
        return v * 1000.0;
    if (strncmp(end, "MHz", 3) == 0)
        return v;
    return 0;
}

/* One cluster per cpufreq policy. */
static void clusters_by_policy(const char *sysroot, platform_cpu *cpu, const struct policy *pol, int np)
{
    for (int i = 0; i < np; i++) {
        platform_cluster *cl = &cpu->clusters[cpu->n_clusters++];
        memset(cl, 0, sizeof *cl);
        cl->n_cpus = pol[i].n;
        memcpy(cl->cpus, pol[i].cpus, (size_t)pol[i].n * sizeof *pol[i].cpus);
        fill_freq(sysroot, cl, pol[i].dir, 0);
    }
    cpu->cluster_source = "cpufreq policy";
}

/* Clusters by kind of core (MIDR, x86 core type); per-CPU policies
 * (intel_pstate, acpi-cpufreq, amd-pstate) merge into their kind's cluster. */
static void clusters_by_kind(const char *sysroot, platform_cpu *cpu, const struct policy *pol, int np)
{
    uint32_t kinds[PLATFORM_MAX_CLUSTERS] = {0};
    int any_kind = 0;
    for (int i = 0; i < cpu->n_cpus; i++) {
        uint32_t k = kind_of(cpu, cpu->cpu_ids[i]);
        any_kind |= k != 0;
        add_to_kind(cpu, kinds, k, cpu->cpu_ids[i]);
    }
    for (int i = 0; i < np; i++)
        for (int c = 0; c < cpu->n_clusters; c++) {
            int hit = 0;
            for (int j = 0; j < cpu->clusters[c].n_cpus && !hit; j++)
                hit = cpu->clusters[c].cpus[j] == pol[i].cpus[0];
            if (hit)
                fill_freq(sysroot, &cpu->clusters[c], pol[i].dir, 1);
        }
    if (cpu->hybrid && any_kind)
        cpu->cluster_source = "core type";
    else if (any_kind && cpu->midr_source[0])
        cpu->cluster_source = cpu->n_clusters > 1 ? "MIDR" : "single";
    else
        cpu->cluster_source = np > 0 ? "cpufreq policy" : "single";
}

/* A cluster's core name and vendor: from its MIDR (data/cpu_cores.json),
 * else the x86 hybrid core type of its first CPU. */
static void name_cluster(const platform_cpu *cpu, platform_cluster *cl)
{
    int i = cpu_index(cpu, cl->n_cpus ? cl->cpus[0] : -1);
    if (i >= 0) {
        cl->midr = cpu->midr[i];
        cl->cpuinfo_mhz = cpu->mhz[i];
        if (cpu->core_type[i] == CORE_TYPE_CORE)
            snprintf(cl->core_name, sizeof cl->core_name, "P-core");
        else if (cpu->core_type[i] == CORE_TYPE_ATOM)
            snprintf(cl->core_name, sizeof cl->core_name, "E-core");
    }
    if (!cl->midr)
        return;
    platform_core_id id;
    platform_midr_lookup(cl->midr, &id);
    if (id.name)
        snprintf(cl->core_name, sizeof cl->core_name, "%s", id.name);
    else
        snprintf(cl->core_name, sizeof cl->core_name, "unknown part 0x%03x", (unsigned)(cl->midr >> 4) & 0xfffu);
    snprintf(cl->core_vendor, sizeof cl->core_vendor, "%s", id.vendor ? id.vendor : "unknown implementer");
    if (id.based_on)
        snprintf(cl->based_on, sizeof cl->based_on, "%s", id.based_on);
}

/* The clock a cluster claims: cpufreq's maximum, else /proc/cpuinfo's
 * "cpu MHz", else the clock in the model name. */
static void claim_cluster(const platform_cpu *cpu, platform_cluster *cl)
{
    if (cl->freq_max_mhz > 0) {
        cl->claimed_mhz = cl->freq_max_mhz;
        cl->claimed_source = "cpufreq max";
    } else if (cl->cpuinfo_mhz > 0) {
        cl->claimed_mhz = cl->cpuinfo_mhz;
        cl->claimed_source = "/proc/cpuinfo cpu MHz";
    } else if (model_name_mhz(cpu->model_name) > 0) {
        cl->claimed_mhz = model_name_mhz(cpu->model_name);
        cl->claimed_source = "model name";
    }
}

/* Builds the clusters (rules in platform.h) and fills each one's facts. */
void platform_cpu_build_clusters(const char *sysroot, platform_cpu *cpu)
{
    struct policy *pol = NULL;
    int np = read_policies(sysroot, cpu, &pol);
    int per_cpu_policies = np > 1;
    for (int i = 0; i < np; i++)
        if (pol[i].n != 1)
            per_cpu_policies = 0;
    cpu->n_clusters = 0;
    if (np > 0 && !per_cpu_policies && np <= PLATFORM_MAX_CLUSTERS)
        clusters_by_policy(sysroot, cpu, pol, np);
    else
        clusters_by_kind(sysroot, cpu, pol, np);
    free(pol);
    finish_clusters(cpu);
    for (int c = 0; c < cpu->n_clusters; c++) {
        name_cluster(cpu, &cpu->clusters[c]);
        claim_cluster(cpu, &cpu->clusters[c]);
    }
}
