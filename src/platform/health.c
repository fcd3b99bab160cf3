/*
 * health.c — whether figures taken now can be trusted: snapshots of load,
 * busy CPUs, governors, cpufreq time_in_state, thermal state and throttle
 * counters, swapping, the measured clock and virtualisation, taken before
 * and after a run; and the flags (one sentence each) they raise.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <jansson.h>

#include "platform/cpuid.h"
#include "platform/platform.h"
#include "platform/sysroot.h"

#define BUSY_SAMPLE_NS 200000000L /* 200 ms of /proc/stat */
#define BUSY_LIMIT 0.10           /* another CPU busier than this: flag */
#define STEAL_LIMIT 0.05
#define DRIFT_LIMIT 0.03          /* at least; more when the measurement
                                     itself spreads more (clock_spread) */
#define BELOW_MAX_LIMIT 0.10      /* share of a run below the top clock */
#define TEMP_RISE_C 15.0

/* ------------------------------------------------------------------------
 * Reading
 * ---------------------------------------------------------------------- */

/* Seconds on CLOCK_MONOTONIC. */
static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

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
    double t0 = now_s();
    struct timespec ts = {0, BUSY_SAMPLE_NS};
    while (nanosleep(&ts, &ts) != 0)
        ;
    int nb = read_stat(sysroot, b, PLATFORM_MAX_CPUS);
    h->busy_sample_s = now_s() - t0;
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

/* Detects a hypervisor: x86 cpuid (live), DMI vendor, /proc/cpuinfo's
 * hypervisor flag, the device tree of qemu's arm virt machine, Xen. */
static void read_vm(const char *sysroot, platform_health *h)
{
    h->vm = 0;
#if PF_HAVE_CPUID
    if (!pf_has_sysroot(sysroot)) {
        uint32_t r[4];
        if (pf_cpuid(1, 0, r) && (r[2] & (1u << 31))) {
            static const struct {
                const char *sig, *name;
            } sigs[] = {{"KVMKVMKVM", "KVM"},          {"Microsoft Hv", "Microsoft Hyper-V"},
                        {"VMwareVMware", "VMware"},    {"XenVMMXenVMM", "Xen"},
                        {"TCGTCGTCGTCG", "QEMU (TCG)"}, {"bhyve bhyve ", "bhyve"},
                        {" lrpepyh  vr", "Parallels"}, {"ACRNACRNACRN", "ACRN"},
                        {"QNXQVMBSQG", "QNX"},          {"VBoxVBoxVBox", "VirtualBox"}};
            char sig[13] = "";
            pf_cpuid_raw(0x40000000u, 0, r);
            memcpy(sig, &r[1], 4);
            memcpy(sig + 4, &r[2], 4);
            memcpy(sig + 8, &r[3], 4);
            sig[12] = '\0';
            h->vm = 1;
            snprintf(h->vm_vendor, sizeof h->vm_vendor, "%s", sig[0] ? sig : "unknown hypervisor");
            for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
                if (strncmp(sig, sigs[i].sig, strlen(sigs[i].sig)) == 0)
                    snprintf(h->vm_vendor, sizeof h->vm_vendor, "%s", sigs[i].name);
            snprintf(h->vm_evidence, sizeof h->vm_evidence,
                     "cpuid hypervisor bit, leaf 0x40000000 \"%s\"", sig);
            return;
        }
    }
#endif
    char vendor[64] = "", product[64] = "";
    pf_read_line(sysroot, "/sys/class/dmi/id/sys_vendor", vendor, sizeof vendor);
    pf_read_line(sysroot, "/sys/class/dmi/id/product_name", product, sizeof product);
    static const struct {
        const char *vendor, *product, *name;
    } dmi[] = {{"QEMU", NULL, "QEMU"},
               {"VMware", NULL, "VMware"},
               {"innotek GmbH", NULL, "VirtualBox"},
               {"Xen", NULL, "Xen"},
               {"Parallels", NULL, "Parallels"},
               {"Microsoft Corporation", "Virtual Machine", "Microsoft Hyper-V"},
               {"Google", "Google Compute Engine", "Google Compute Engine"},
               {"OpenStack", NULL, "OpenStack"},
               {"Bochs", NULL, "Bochs"}};
    for (size_t i = 0; i < sizeof dmi / sizeof *dmi && vendor[0]; i++)
        if (strncmp(vendor, dmi[i].vendor, strlen(dmi[i].vendor)) == 0 &&
            (!dmi[i].product || strstr(product, dmi[i].product))) {
            h->vm = 1;
            snprintf(h->vm_vendor, sizeof h->vm_vendor, "%s", dmi[i].name);
            snprintf(h->vm_evidence, sizeof h->vm_evidence, "DMI sys_vendor \"%s\"", vendor);
            return;
        }
    char *ci = pf_read_text(sysroot, "/proc/cpuinfo", NULL);
    if (ci) {
        char *f = strstr(ci, "\nflags");
        char *eol = f ? strchr(f + 1, '\n') : NULL;
        if (eol)
            *eol = '\0';
        char *colon = f ? strchr(f, ':') : NULL;
        int hv = colon && pf_list_has(colon + 1, "hypervisor");
        free(ci);
        if (hv) {
            h->vm = 1;
            snprintf(h->vm_vendor, sizeof h->vm_vendor, "unknown hypervisor");
            snprintf(h->vm_evidence, sizeof h->vm_evidence, "\"hypervisor\" in /proc/cpuinfo flags");
            return;
        }
    }
    static const char *const compat[] = {"/proc/device-tree/compatible",
                                         "/sys/firmware/devicetree/base/compatible"};
    for (size_t i = 0; i < 2; i++) {
        size_t len;
        char *c = pf_read_text(sysroot, compat[i], &len);
        if (!c)
            continue;
        int hit = 0;
        for (size_t off = 0; off < len; off += strlen(c + off) + 1)
            hit |= strcmp(c + off, "linux,dummy-virt") == 0;
        free(c);
        if (hit) {
            h->vm = 1;
            snprintf(h->vm_vendor, sizeof h->vm_vendor, "QEMU/KVM (arm virt machine)");
            snprintf(h->vm_evidence, sizeof h->vm_evidence,
                     "device-tree compatible \"linux,dummy-virt\"");
            return;
        }
    }
    char xen[32];
    if (pf_read_line(sysroot, "/sys/hypervisor/type", xen, sizeof xen) == 0) {
        h->vm = 1;
        snprintf(h->vm_vendor, sizeof h->vm_vendor, "%s", xen);
        snprintf(h->vm_evidence, sizeof h->vm_evidence, "/sys/hypervisor/type");
    }
}

/* See platform.h. */
platform_health *platform_health_snapshot(const char *sysroot, const platform_cpu *cpu,
                                          unsigned what, cm_error *err)
{
    platform_health *h = calloc(1, sizeof *h);
    if (!h) {
        cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory taking a health snapshot");
        return NULL;
    }
    int live = !pf_has_sysroot(sysroot);
    h->t = now_s();
    h->live = live;
    h->load1 = h->load5 = h->load15 = -1;
    h->pswpin = h->pswpout = h->swap_total_kb = h->swap_free_kb = -1;

    char line[4096];
    int tmp[PLATFORM_MAX_CPUS];
    h->n_cpus_online = h->n_cpus_present = -1;
    if (pf_read_line(sysroot, "/sys/devices/system/cpu/online", line, sizeof line) == 0)
        h->n_cpus_online = pf_parse_cpulist(line, tmp, PLATFORM_MAX_CPUS);
    if (pf_read_line(sysroot, "/sys/devices/system/cpu/present", line, sizeof line) == 0)
        h->n_cpus_present = pf_parse_cpulist(line, tmp, PLATFORM_MAX_CPUS);
    if (pf_read_line(sysroot, "/proc/loadavg", line, sizeof line) == 0 &&
        sscanf(line, "%lf %lf %lf", &h->load1, &h->load5, &h->load15) != 3)
        h->load1 = h->load5 = h->load15 = -1;

    if ((what & PLATFORM_HEALTH_BUSY) && live)
        sample_busy(sysroot, h);
    read_policies(sysroot, h);
    read_throttle(sysroot, h);
    read_zones(sysroot, h);

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
    read_vm(sysroot, h);
    const char *mask = getenv("CRYPTOMETER_ISA_MASK");
    snprintf(h->isa_mask, sizeof h->isa_mask, "%s", mask ? mask : "");

    if ((what & PLATFORM_HEALTH_CLOCK) && live) {
        platform_cpu *c = platform_cpu_new();
        if (c) {
            if (cpu) {
                memcpy(c, cpu, sizeof *c);
                c->flags = NULL; /* owned by the caller's copy */
            } else {
                platform_cpu_read(NULL, c, NULL);
            }
            platform_measure_clocks(c);
            h->n_clock = c->n_clusters;
            for (int i = 0; i < c->n_clusters; i++) {
                h->clock_mhz[i] = c->clusters[i].measured_mhz;
                h->clock_spread[i] = c->clusters[i].measured_spread;
            }
            platform_cpu_free(c);
        }
    }
    return h;
}

/* See platform.h. */
void platform_health_free(platform_health *h)
{
    free(h);
}

/* ------------------------------------------------------------------------
 * Flags
 * ---------------------------------------------------------------------- */

/* Appends {"id","severity","message"} to flags. */
static void add_flag(json_t *flags, const char *id, const char *severity, const char *msg)
{
    json_array_append_new(flags, json_pack("{s:s, s:s, s:s}", "id", id, "severity", severity,
                                           "message", msg));
}

/* Flags the before snapshot raises on its own. */
static void flags_before(const platform_health *b, json_t *flags)
{
    char msg[1024];
    if (b->vm == 1) {
        snprintf(msg, sizeof msg,
                 "Running in a virtual machine (%s; seen from the %s): the hypervisor may share or move "
                 "the cores and report clocks that are not the core's, so figures may not match "
                 "bare metal.",
                 b->vm_vendor, b->vm_evidence);
        add_flag(flags, "vm", "info", msg);
    }
    if (b->isa_mask[0]) {
        snprintf(msg, sizeof msg,
                 "CRYPTOMETER_ISA_MASK=%s hides these CPU features from cryptometer's own "
                 "dispatch (libraries follow their own switches, such as OPENSSL_ia32cap or "
                 "OPENSSL_armcap): figures do not show all this CPU can do.",
                 b->isa_mask);
        add_flag(flags, "isa-mask", "info", msg);
    }
    /* Busy CPUs over the sample. */
    size_t used = 0;
    int nbusy = 0;
    double steal_max = 0;
    int steal_cpu = -1;
    msg[0] = '\0';
    for (int i = 0; i < b->n_busy; i++) {
        if (b->steal[i] > steal_max) {
            steal_max = b->steal[i];
            steal_cpu = b->busy_cpu[i];
        }
        if (b->busy[i] <= BUSY_LIMIT)
            continue;
        if (nbusy < 6) {
            int w = snprintf(msg + used, sizeof msg - used, "%sCPU %d %.0f%%", nbusy ? ", " : "",
                             b->busy_cpu[i], 100.0 * b->busy[i]);
            if (w > 0 && (size_t)w < sizeof msg - used)
                used += (size_t)w;
        }
        nbusy++;
    }
    if (nbusy) {
        char full[1024 + 256];
        snprintf(full, sizeof full,
                 "Before the run, other work kept %s busy (over %.0f ms%s): it competes for the "
                 "cores, caches and memory bandwidth, so figures may be lower and noisier.",
                 msg, 1000.0 * b->busy_sample_s, nbusy > 6 ? ", more CPUs not listed" : "");
        add_flag(flags, "busy-cpus", "warning", full);
    }
    if (steal_max > STEAL_LIMIT) {
        snprintf(msg, sizeof msg,
                 "The hypervisor took %.0f%% of CPU %d's time for other guests (steal time) "
                 "before the run: figures will vary with the host's load.",
                 100.0 * steal_max, steal_cpu);
        add_flag(flags, "steal", "warning", msg);
    }
    int ncpu = b->n_cpus_online > 0 ? b->n_cpus_online : 1;
    if (b->load1 >= 1.0) {
        snprintf(msg, sizeof msg,
                 "The 1-minute load average is %.2f on %d CPU%s: other work ran recently%s.",
                 b->load1, ncpu, ncpu == 1 ? "" : "s",
                 b->load1 >= 0.5 * ncpu ? " and may still compete with the run" : "");
        add_flag(flags, "load", b->load1 >= 0.5 * ncpu ? "warning" : "info", msg);
    }
    if (b->n_cpus_present > 0 && b->n_cpus_online > 0 && b->n_cpus_online < b->n_cpus_present) {
        snprintf(msg, sizeof msg, "Only %d of the %d CPUs present are online.", b->n_cpus_online,
                 b->n_cpus_present);
        add_flag(flags, "cpus-offline", "info", msg);
    }
    /* Governors other than performance, one flag per governor. */
    for (int i = 0; i < b->n_policies; i++) {
        const platform_policy_state *p = &b->policy[i];
        if (!p->governor[0] || strcmp(p->governor, "performance") == 0)
            continue;
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = strcmp(b->policy[j].governor, p->governor) != 0;
        if (!first)
            continue;
        char names[256] = "";
        size_t nu = 0;
        for (int j = i; j < b->n_policies; j++) {
            if (strcmp(b->policy[j].governor, p->governor) != 0)
                continue;
            int w = snprintf(names + nu, sizeof names - nu, "%s%s", nu ? ", " : "", b->policy[j].name);
            if (w > 0 && (size_t)w < sizeof names - nu)
                nu += (size_t)w;
        }
        int pstate = strstr(p->driver, "pstate") != NULL;
        if (strcmp(p->governor, "powersave") == 0 && !pstate)
            snprintf(msg, sizeof msg,
                     "The cpufreq governor of %s is powersave, which holds the clock at its "
                     "minimum: figures show the slowest clock, not what the CPU can do.",
                     names);
        else
            snprintf(msg, sizeof msg,
                     "The cpufreq governor of %s is %s, not performance: figures may include the "
                     "ramp-up from a lower clock (cryptometer measures the clock, so cycles per "
                     "byte stay right).",
                     names, p->governor);
        add_flag(flags, "governor", "warning", msg);
    }
    if (b->n_policies == 0)
        add_flag(flags, "no-cpufreq", "info",
                 b->live ? "The kernel exposes no cpufreq interface (usual in virtual machines and "
                           "on some boards): clock changes cannot be read from the kernel, so "
                           "cryptometer measures the clock itself."
                         : "The recorded system has no cpufreq interface (usual in virtual machines "
                           "and on some boards): its claimed clock can only come from /proc/cpuinfo.");
    for (int z = 0; z < b->n_zones; z++) {
        const platform_zone_state *zs = &b->zone[z];
        if (!isnan(zs->passive_c) && zs->temp_c >= zs->passive_c) {
            snprintf(msg, sizeof msg,
                     "Thermal zone %s is at %.1f °C, at or above its passive trip point "
                     "(%.1f °C): the kernel is lowering the clock to cool it.",
                     zs->type, zs->temp_c, zs->passive_c);
            add_flag(flags, "hot", "warning", msg);
        }
    }
    if (b->swap_total_kb > 0 && b->swap_free_kb >= 0 && b->swap_total_kb > b->swap_free_kb) {
        snprintf(msg, sizeof msg,
                 "%.0f MiB of swap are in use: memory is short, and paging during a run would "
                 "slow it down.",
                 (double)(b->swap_total_kb - b->swap_free_kb) / 1024.0);
        add_flag(flags, "swap-used", "info", msg);
    }
}

/* Flags raised by what changed between before and after. */
static void flags_during(const platform_health *b, const platform_health *a, json_t *flags)
{
    char msg[1024];
    if (b->throttle_count >= 0 && a->throttle_count > b->throttle_count) {
        snprintf(msg, sizeof msg,
                 "The CPU was thermally throttled during the run: the x86 throttle counters rose "
                 "by %lld. Figures include slowed-down stretches.",
                 a->throttle_count - b->throttle_count);
        add_flag(flags, "throttled", "warning", msg);
    }
    for (int i = 0; i < b->n_policies; i++) {
        const platform_policy_state *pb = &b->policy[i], *pa = NULL;
        for (int j = 0; j < a->n_policies && !pa; j++)
            if (strcmp(a->policy[j].name, pb->name) == 0)
                pa = &a->policy[j];
        if (!pa || !pb->has_tis || !pa->has_tis || pa->tis_total <= pb->tis_total)
            continue;
        double share = (double)(pa->tis_below_max - pb->tis_below_max) /
                       (double)(pa->tis_total - pb->tis_total);
        /* Only meaningful when the governor asks for the top clock: else
         * the governor flag already says the clock moves. */
        if (strcmp(pb->governor, "performance") == 0 && share > BELOW_MAX_LIMIT) {
            snprintf(msg, sizeof msg,
                     "%s spent %.0f%% of the run below its top clock although its governor is "
                     "performance (cpufreq time_in_state): thermal or power capping lowered the "
                     "clock.",
                     pb->name, 100.0 * share);
            add_flag(flags, "below-max-clock", "warning", msg);
        }
    }
    for (int z = 0; z < b->n_zones && z < a->n_zones; z++) {
        const platform_zone_state *zb = &b->zone[z], *za = &a->zone[z];
        if (!isnan(za->passive_c) && za->temp_c >= za->passive_c && !(zb->temp_c >= za->passive_c)) {
            snprintf(msg, sizeof msg,
                     "Thermal zone %s reached %.1f °C during the run, its passive trip point is "
                     "%.1f °C: the kernel throttles there.",
                     za->type, za->temp_c, za->passive_c);
            add_flag(flags, "hot", "warning", msg);
        } else if (za->temp_c - zb->temp_c > TEMP_RISE_C) {
            snprintf(msg, sizeof msg, "Thermal zone %s rose from %.1f to %.1f °C during the run.",
                     za->type, zb->temp_c, za->temp_c);
            add_flag(flags, "temperature-rise", "info", msg);
        }
    }
    for (int c = 0; c < b->n_clock && c < a->n_clock; c++) {
        if (b->clock_mhz[c] <= 0 || a->clock_mhz[c] <= 0)
            continue;
        double drift = a->clock_mhz[c] / b->clock_mhz[c] - 1.0;
        /* A drift within the repeats' own spread is the measurement's
         * noise, not a change of clock. */
        double spread = fmax(b->clock_spread[c], a->clock_spread[c]);
        if (fabs(drift) > fmax(DRIFT_LIMIT, spread)) {
            snprintf(msg, sizeof msg,
                     "The clock of cluster %d moved from %.0f MHz before the run to %.0f MHz "
                     "after it (%+.1f%%, beyond the measurement's own spread of %.1f%%): "
                     "throttling or a governor change; figures mix two clocks.",
                     c, b->clock_mhz[c], a->clock_mhz[c], 100.0 * drift, 100.0 * spread);
            add_flag(flags, "clock-drift", "warning", msg);
        }
    }
    if (b->pswpin >= 0 && a->pswpin >= 0 && b->pswpout >= 0 && a->pswpout >= 0 &&
        (a->pswpin > b->pswpin || a->pswpout > b->pswpout)) {
        snprintf(msg, sizeof msg,
                 "The system swapped during the run (%lld pages in, %lld out): figures include "
                 "paging delays.",
                 a->pswpin - b->pswpin, a->pswpout - b->pswpout);
        add_flag(flags, "swapping", "warning", msg);
    }
}

/* See platform.h. */
json_t *platform_health_flags(const platform_health *before, const platform_health *after)
{
    json_t *flags = json_array();
    if (before)
        flags_before(before, flags);
    if (before && after)
        flags_during(before, after, flags);
    return flags;
}

/* A double for JSON, or null when unknown (negative or NaN). */
static json_t *num_or_null(double v)
{
    return isnan(v) || v < 0 ? json_null() : json_real(v);
}

/* See platform.h. */
json_t *platform_health_json(const platform_health *h)
{
    json_t *o = json_object();
    json_object_set_new(o, "live", json_boolean(h->live));
    json_object_set_new(o, "load", json_pack("[o,o,o]", num_or_null(h->load1), num_or_null(h->load5),
                                             num_or_null(h->load15)));
    json_t *busy = json_array();
    for (int i = 0; i < h->n_busy; i++)
        json_array_append_new(busy, json_pack("{s:i, s:f, s:f}", "cpu", h->busy_cpu[i], "busy",
                                              h->busy[i], "steal", h->steal[i]));
    json_object_set_new(o, "busy", busy);
    json_object_set_new(o, "busy_sample_s", json_real(h->busy_sample_s));
    json_t *pol = json_array();
    for (int i = 0; i < h->n_policies; i++) {
        const platform_policy_state *p = &h->policy[i];
        json_t *po = json_pack("{s:s, s:s, s:s}", "policy", p->name, "governor", p->governor,
                               "driver", p->driver);
        json_object_set_new(po, "cur_mhz", p->cur_mhz > 0 ? json_real(p->cur_mhz) : json_null());
        if (p->has_tis)
            json_object_set_new(po, "time_in_state",
                                json_pack("{s:I, s:I}", "total", (json_int_t)p->tis_total,
                                          "below_max", (json_int_t)p->tis_below_max));
        json_array_append_new(pol, po);
    }
    json_object_set_new(o, "cpufreq", pol);
    json_object_set_new(o, "throttle_count",
                        h->throttle_count >= 0 ? json_integer(h->throttle_count) : json_null());
    json_t *zones = json_array();
    for (int z = 0; z < h->n_zones; z++)
        json_array_append_new(zones, json_pack("{s:s, s:o, s:o}", "type", h->zone[z].type, "temp_c",
                                               num_or_null(h->zone[z].temp_c), "passive_c",
                                               num_or_null(h->zone[z].passive_c)));
    json_object_set_new(o, "thermal", zones);
    json_object_set_new(o, "swap",
                        json_pack("{s:o, s:o, s:o, s:o}", "total_kb",
                                  h->swap_total_kb >= 0 ? json_integer(h->swap_total_kb) : json_null(),
                                  "free_kb",
                                  h->swap_free_kb >= 0 ? json_integer(h->swap_free_kb) : json_null(),
                                  "pswpin", h->pswpin >= 0 ? json_integer(h->pswpin) : json_null(),
                                  "pswpout", h->pswpout >= 0 ? json_integer(h->pswpout) : json_null()));
    json_object_set_new(o, "vm", h->vm < 0 ? json_null() : json_boolean(h->vm));
    if (h->vm == 1)
        json_object_set_new(o, "hypervisor", json_pack("{s:s, s:s}", "vendor", h->vm_vendor,
                                                       "evidence", h->vm_evidence));
    json_t *clk = json_array();
    for (int c = 0; c < h->n_clock; c++)
        json_array_append_new(clk, h->clock_mhz[c] > 0 ? json_real(h->clock_mhz[c]) : json_null());
    json_object_set_new(o, "clock_mhz", clk);
    json_t *spr = json_array();
    for (int c = 0; c < h->n_clock; c++)
        json_array_append_new(spr, h->clock_mhz[c] > 0 ? json_real(h->clock_spread[c]) : json_null());
    json_object_set_new(o, "clock_spread", spr);
    return o;
}
