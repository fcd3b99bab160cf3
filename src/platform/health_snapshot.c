/*
 * health_snapshot.c — one snapshot of what makes figures less trustworthy
 * (see health.h): online CPUs, load, busy CPUs over a short sample,
 * cpufreq governors and time_in_state, x86 throttle counters, thermal
 * zones, swap, virtualisation (health_vm.c), the measured clock. Taken
 * before and after a run; health_flags.c compares the two.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "platform/clock.h"
#include "platform/features.h"
#include "platform/health.h"
#include "platform/sysroot.h"
#include "platform/timer.h"

#define BUSY_SAMPLE_NS 200000000L /* 200 ms of /proc/stat */

/* Jiffies of one CPU from /proc/stat. */
struct stat_cpu {
    int cpu;
    unsigned long long total, idle, steal;
};

/* Parses the per-CPU lines of /proc/stat into s (at most max); returns how
 * many. */
static int read_stat(const char *sysroot, struct stat_cpu *s, int max)
{
    char *text = pf_read_text(sysroot, "/proc/stat", NULL);
    int n = 0;
    for (char *save = NULL, *line = text ? strtok_r(text, "\n", &save) : NULL; line && n < max;
         line = strtok_r(NULL, "\n", &save)) {
        unsigned long long v[10] = {0};
        int cpu;
        if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9')
            continue;
        int k = sscanf(line + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0],
                       &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]);
        if (k < 5)
            continue;
        /* user nice system idle iowait irq softirq steal (guest time is
         * already inside user and nice) */
        s[n].cpu = cpu;
        s[n].total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
        s[n].idle = v[3] + v[4];
        s[n].steal = v[7];
        n++;
    }
    free(text);
    return n;
}

/* Samples /proc/stat twice, BUSY_SAMPLE_NS apart, into h->busy/steal. */
static void sample_busy(const char *sysroot, platform_health *h)
{
    static struct stat_cpu a[PLATFORM_MAX_CPUS], b[PLATFORM_MAX_CPUS];
    int na = read_stat(sysroot, a, PLATFORM_MAX_CPUS);
    if (na == 0)
        return;
    double t0 = cm_now_s();
    struct timespec ts = {0, BUSY_SAMPLE_NS};
    while (nanosleep(&ts, &ts) != 0)
        ;
    int nb = read_stat(sysroot, b, PLATFORM_MAX_CPUS);
    h->busy_sample_s = cm_now_s() - t0;
    for (int i = 0; i < nb; i++)
        for (int j = 0; j < na; j++) {
            if (a[j].cpu != b[i].cpu)
                continue;
            unsigned long long dt = b[i].total - a[j].total;
            if (dt == 0 || b[i].total < a[j].total)
                break;
            double idle = (double)(b[i].idle - a[j].idle) / (double)dt;
            h->busy_cpu[h->n_busy] = b[i].cpu;
            h->busy[h->n_busy] = idle >= 1.0 ? 0.0 : 1.0 - idle;
            h->steal[h->n_busy] = (double)(b[i].steal - a[j].steal) / (double)dt;
            h->n_busy++;
            break;
        }
}

/* Reads time_in_state ("kHz ticks" lines) into the policy state. */
static void read_time_in_state(const char *sysroot, const char *dir, platform_policy_state *p)
{
    char path[160];
    snprintf(path, sizeof path, "%s/stats/time_in_state", dir);
    char *text = pf_read_text(sysroot, path, NULL);
    if (!text)
        return;
    unsigned long long top = 0;
    /* two passes: the top frequency, then the time below it */
    for (int pass = 0; pass < 2; pass++) {
        const char *q = text;
        while (*q) {
            unsigned long long f, t;
            if (sscanf(q, "%llu %llu", &f, &t) == 2) {
                if (pass == 0 && f > top)
                    top = f;
                if (pass == 1) {
                    p->tis_total += t;
                    if (f < top)
                        p->tis_below_max += t;
                }
                p->has_tis = 1;
            }
            const char *nl = strchr(q, '\n');
            if (!nl)
                break;
            q = nl + 1;
        }
    }
    free(text);
}

/* Reads every cpufreq policy's governor, clocks and time_in_state. */
static void read_policies(const char *sysroot, platform_health *h)
{
    char full[4096];
    if (!pf_path(full, sizeof full, sysroot, "/sys/devices/system/cpu/cpufreq"))
        return;
    DIR *d = opendir(full);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL && h->n_policies < PLATFORM_MAX_CLUSTERS) {
        if (strncmp(e->d_name, "policy", 6) != 0 || strlen(e->d_name) >= sizeof h->policy[0].name)
            continue;
        platform_policy_state *p = &h->policy[h->n_policies++];
        char dir[96], path[160];
        long long khz;
        snprintf(p->name, sizeof p->name, "%.23s", e->d_name);
        snprintf(dir, sizeof dir, "/sys/devices/system/cpu/cpufreq/%.23s", e->d_name);
        snprintf(path, sizeof path, "%s/scaling_governor", dir);
        pf_read_line(sysroot, path, p->governor, sizeof p->governor);
        snprintf(path, sizeof path, "%s/scaling_driver", dir);
        pf_read_line(sysroot, path, p->driver, sizeof p->driver);
        snprintf(path, sizeof path, "%s/scaling_cur_freq", dir);
        if (pf_read_ll(sysroot, path, &khz) == 0)
            p->cur_mhz = (double)khz / 1000.0;
        snprintf(path, sizeof path, "%s/cpuinfo_max_freq", dir);
        if (pf_read_ll(sysroot, path, &khz) == 0)
            p->max_mhz = (double)khz / 1000.0;
        read_time_in_state(sysroot, dir, p);
    }
    closedir(d);
    /* readdir order is arbitrary: sort by name for stable messages */
    for (int i = 1; i < h->n_policies; i++)
        for (int j = i; j > 0 && strcmp(h->policy[j - 1].name, h->policy[j].name) > 0; j--) {
            platform_policy_state t = h->policy[j];
            h->policy[j] = h->policy[j - 1];
            h->policy[j - 1] = t;
        }
}

/* Sums the x86 thermal throttle counters of every CPU (-1 when none). */
static void read_throttle(const char *sysroot, platform_health *h)
{
    static const char *const names[] = {"core_throttle_count", "package_throttle_count"};
    char list[4096];
    int cpus[PLATFORM_MAX_CPUS], n = 0;
    h->throttle_count = -1;
    if (pf_read_line(sysroot, "/sys/devices/system/cpu/online", list, sizeof list) == 0)
        n = pf_parse_cpulist(list, cpus, PLATFORM_MAX_CPUS);
    for (int i = 0; i < n; i++)
        for (size_t k = 0; k < 2; k++) {
            char path[128];
            long long v;
            snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/thermal_throttle/%s", cpus[i],
                     names[k]);
            if (pf_read_ll(sysroot, path, &v) == 0) {
                if (h->throttle_count < 0)
                    h->throttle_count = 0;
                h->throttle_count += v;
            }
        }
}

/* Reads thermal zones: type, temperature, lowest passive/hot trip. */
static void read_zones(const char *sysroot, platform_health *h)
{
    for (int z = 0; z < 64 && h->n_zones < PLATFORM_MAX_ZONES; z++) {
        char path[128];
        long long milli;
        snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/temp", z);
        if (pf_read_ll(sysroot, path, &milli) != 0) {
            snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d", z);
            if (!pf_exists(sysroot, path))
                break;
            continue;
        }
        platform_zone_state *zs = &h->zone[h->n_zones++];
        zs->temp_c = (double)milli / 1000.0;
        zs->passive_c = NAN;
        snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/type", z);
        if (pf_read_line(sysroot, path, zs->type, sizeof zs->type) != 0)
            snprintf(zs->type, sizeof zs->type, "thermal_zone%d", z);
        for (int t = 0; t < 32; t++) {
            char type[32];
            snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/trip_point_%d_type", z, t);
            if (pf_read_line(sysroot, path, type, sizeof type) != 0)
                break;
            if (strcmp(type, "passive") != 0 && strcmp(type, "hot") != 0)
                continue;
            snprintf(path, sizeof path, "/sys/class/thermal/thermal_zone%d/trip_point_%d_temp", z, t);
            if (pf_read_ll(sysroot, path, &milli) == 0 && milli > 0) {
                double c = (double)milli / 1000.0;
                if (isnan(zs->passive_c) || c < zs->passive_c)
                    zs->passive_c = c;
            }
        }
    }
}

/* Reads "key value" from a /proc file such as vmstat or meminfo. */
static long long proc_value(const char *text, const char *key)
{
    size_t kl = strlen(key);
    for (const char *p = text; p && *p;) {
        if (strncmp(p, key, kl) == 0 && (p[kl] == ' ' || p[kl] == ':' || p[kl] == '\t'))
            return strtoll(p + kl + 1 + strspn(p + kl + 1, " :\t"), NULL, 10);
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return -1;
}
/* CPUs online and present, and the load average. */
static void read_cpus_and_load(const char *sysroot, platform_health *h)
{
    char line[4096];
    int tmp[PLATFORM_MAX_CPUS];
    h->n_cpus_online = h->n_cpus_present = -1;
    if (pf_read_line(sysroot, "/sys/devices/system/cpu/online", line, sizeof line) == 0)
        h->n_cpus_online = pf_parse_cpulist(line, tmp, PLATFORM_MAX_CPUS);
    if (pf_read_line(sysroot, "/sys/devices/system/cpu/present", line, sizeof line) == 0)
        h->n_cpus_present = pf_parse_cpulist(line, tmp, PLATFORM_MAX_CPUS);
    h->load1 = h->load5 = h->load15 = -1;
    if (pf_read_line(sysroot, "/proc/loadavg", line, sizeof line) == 0 &&
        sscanf(line, "%lf %lf %lf", &h->load1, &h->load5, &h->load15) != 3)
        h->load1 = h->load5 = h->load15 = -1;
}

/* Swap in use (/proc/meminfo) and pages swapped so far (/proc/vmstat). */
static void read_swap(const char *sysroot, platform_health *h)
{
    h->pswpin = h->pswpout = h->swap_total_kb = h->swap_free_kb = -1;
    char *vmstat = pf_read_text(sysroot, "/proc/vmstat", NULL);
    if (vmstat) {
        h->pswpin = proc_value(vmstat, "pswpin");
        h->pswpout = proc_value(vmstat, "pswpout");
        free(vmstat);
    }
    char *meminfo = pf_read_text(sysroot, "/proc/meminfo", NULL);
    if (meminfo) {
        h->swap_total_kb = proc_value(meminfo, "SwapTotal");
        h->swap_free_kb = proc_value(meminfo, "SwapFree");
        free(meminfo);
    }
}

/* Measures each cluster's clock now (on a copy of cpu, or of the CPU read
 * afresh when cpu is NULL) into the snapshot. */
static void measure_clock(const platform_cpu *cpu, platform_health *h)
{
    platform_cpu *c = platform_cpu_new();
    if (!c)
        return;
    if (cpu) {
        memcpy(c, cpu, sizeof *c);
        c->flags = NULL; /* owned by the caller's copy */
    } else {
        platform_cpu_read(NULL, c, NULL);
    }
    platform_measure_clocks(c);
    platform_health_record_clocks(h, c);
    platform_cpu_free(c);
}

/* See health.h. */
void platform_health_record_clocks(platform_health *h, const platform_cpu *cpu)
{
    h->n_clock = cpu->n_clusters;
    for (int i = 0; i < cpu->n_clusters; i++) {
        h->clock_mhz[i] = cpu->clusters[i].measured_mhz;
        h->clock_spread[i] = cpu->clusters[i].measured_spread;
    }
}

/* See health.h. */
platform_health *platform_health_snapshot(const char *sysroot, const platform_cpu *cpu,
                                          unsigned what, cm_error *err)
{
    platform_health *h = calloc(1, sizeof *h);
    if (!h) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory taking a health snapshot");
        return NULL;
    }
    int live = !pf_has_sysroot(sysroot);
    h->t = cm_now_s();
    h->live = live;
    read_cpus_and_load(sysroot, h);
    if ((what & PLATFORM_HEALTH_BUSY) && live)
        sample_busy(sysroot, h);
    read_policies(sysroot, h);
    read_throttle(sysroot, h);
    read_zones(sysroot, h);
    read_swap(sysroot, h);
    platform_health_read_vm(sysroot, h);
    snprintf(h->isa_mask, sizeof h->isa_mask, "%s", platform_isa_mask());
    if ((what & PLATFORM_HEALTH_CLOCK) && live)
        measure_clock(cpu, h);
    return h;
}

/* See health.h. */
void platform_health_free(platform_health *h)
{
    free(h);
}
