/*
 * health_flags.c — the flags that health snapshots raise (see health.h):
 * one typed flag each (flags.h), the message a full sentence with the
 * numbers. The rules for the before snapshot alone come first, then
 * those for what changed between before and after. Out of memory is an
 * error (-1), never a shorter list.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "platform/health.h"

#define BUSY_LIMIT 0.10      /* another CPU busier than this: flag */
#define BUSY_LISTED 6        /* busy CPUs named in the sentence */
#define STEAL_LIMIT 0.05
#define DRIFT_LIMIT 0.03     /* at least; more when the measurement itself
                                spreads more (clock_spread) */
#define BELOW_MAX_LIMIT 0.10 /* share of a run below the top clock */
#define TEMP_RISE_C 15.0

/* ------------------------------------------------------------------------
 * The before snapshot on its own
 * ---------------------------------------------------------------------- */

/* A virtual machine, and an active CRYPTOMETER_ISA_MASK. */
static int flag_vm_and_mask(const platform_health *b, platform_flags *flags)
{
    char msg[1024];
    int rc = 0;
    if (b->vm == 1) {
        snprintf(msg, sizeof msg,
                 "Running in a virtual machine (%s; seen from the %s): the hypervisor may share or move "
                 "the cores and report clocks that are not the core's, so figures may not match "
                 "bare metal.",
                 b->vm_vendor, b->vm_evidence);
        rc |= platform_flags_add(flags, "vm", PLATFORM_SEVERITY_INFO, msg);
    }
    if (b->isa_mask[0]) {
        snprintf(msg, sizeof msg,
                 "CRYPTOMETER_ISA_MASK=%s hides these CPU features from cryptometer's own "
                 "dispatch (libraries follow their own switches, such as OPENSSL_ia32cap or "
                 "OPENSSL_armcap): figures do not show all this CPU can do.",
                 b->isa_mask);
        rc |= platform_flags_add(flags, "isa-mask", PLATFORM_SEVERITY_INFO, msg);
    }
    return rc;
}

/* Other work on the CPUs over the busy sample, and hypervisor steal time. */
static int flag_busy(const platform_health *b, platform_flags *flags)
{
    char msg[1024] = "", full[1024 + 256];
    size_t used = 0;
    int nbusy = 0, steal_cpu = -1, rc = 0;
    double steal_max = 0;
    for (int i = 0; i < b->n_busy; i++) {
        if (b->steal[i] > steal_max) {
            steal_max = b->steal[i];
            steal_cpu = b->busy_cpu[i];
        }
        if (b->busy[i] <= BUSY_LIMIT)
            continue;
        if (nbusy < BUSY_LISTED) {
            int w = snprintf(msg + used, sizeof msg - used, "%sCPU %d %.0f%%", nbusy ? ", " : "",
                             b->busy_cpu[i], 100.0 * b->busy[i]);
            if (w > 0 && (size_t)w < sizeof msg - used)
                used += (size_t)w;
        }
        nbusy++;
    }
    if (nbusy) {
        snprintf(full, sizeof full,
                 "Before the run, other work kept %s busy (over %.0f ms%s): it competes for the "
                 "cores, caches and memory bandwidth, so figures may be lower and noisier.",
                 msg, 1000.0 * b->busy_sample_s, nbusy > BUSY_LISTED ? ", more CPUs not listed" : "");
        rc |= platform_flags_add(flags, "busy-cpus", PLATFORM_SEVERITY_WARNING, full);
    }
    if (steal_max > STEAL_LIMIT) {
        snprintf(msg, sizeof msg,
                 "The hypervisor took %.0f%% of CPU %d's time for other guests (steal time) "
                 "before the run: figures will vary with the host's load.",
                 100.0 * steal_max, steal_cpu);
        rc |= platform_flags_add(flags, "steal", PLATFORM_SEVERITY_WARNING, msg);
    }
    return rc;
}

/* The load average, and CPUs that are present but offline. */
static int flag_load(const platform_health *b, platform_flags *flags)
{
    char msg[1024];
    int ncpu = b->n_cpus_online > 0 ? b->n_cpus_online : 1, rc = 0;
    if (b->load1 >= 1.0) {
        int competes = b->load1 >= 0.5 * ncpu;
        snprintf(msg, sizeof msg, "The 1-minute load average is %.2f on %d CPU%s: other work ran recently%s.",
                 b->load1, ncpu, ncpu == 1 ? "" : "s", competes ? " and may still compete with the run" : "");
        rc |= platform_flags_add(flags, "load", competes ? PLATFORM_SEVERITY_WARNING : PLATFORM_SEVERITY_INFO, msg);
    }
    if (b->n_cpus_present > 0 && b->n_cpus_online > 0 && b->n_cpus_online < b->n_cpus_present) {
        snprintf(msg, sizeof msg, "Only %d of the %d CPUs present are online.", b->n_cpus_online,
                 b->n_cpus_present);
        rc |= platform_flags_add(flags, "cpus-offline", PLATFORM_SEVERITY_INFO, msg);
    }
    return rc;
}

/* One flag for governor g of policy i, naming every policy that has it. */
static int flag_governor(const platform_health *b, int i, platform_flags *flags)
{
    const platform_policy_state *p = &b->policy[i];
    char names[256] = "", msg[1024];
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
    return platform_flags_add(flags, "governor", PLATFORM_SEVERITY_WARNING, msg);
}

/* Governors other than performance (one flag per governor), or no cpufreq. */
static int flag_cpufreq(const platform_health *b, platform_flags *flags)
{
    int rc = 0;
    for (int i = 0; i < b->n_policies; i++) {
        const platform_policy_state *p = &b->policy[i];
        if (!p->governor[0] || strcmp(p->governor, "performance") == 0)
            continue;
        int first = 1;
        for (int j = 0; j < i && first; j++)
            first = strcmp(b->policy[j].governor, p->governor) != 0;
        if (first)
            rc |= flag_governor(b, i, flags);
    }
    if (b->n_policies == 0)
        rc |= platform_flags_add(flags, "no-cpufreq", PLATFORM_SEVERITY_INFO,
                       b->live ? "The kernel exposes no cpufreq interface (usual in virtual machines and "
                                 "on some boards): clock changes cannot be read from the kernel, so "
                                 "cryptometer measures the clock itself."
                               : "The recorded system has no cpufreq interface (usual in virtual machines "
                                 "and on some boards): its claimed clock can only come from /proc/cpuinfo.");
    return rc;
}

/* Thermal zones at their passive trip point, and swap in use. */
static int flag_hot_and_swap(const platform_health *b, platform_flags *flags)
{
    char msg[1024];
    int rc = 0;
    for (int z = 0; z < b->n_zones; z++) {
        const platform_zone_state *zs = &b->zone[z];
        if (isnan(zs->passive_c) || zs->temp_c < zs->passive_c)
            continue;
        snprintf(msg, sizeof msg,
                 "Thermal zone %s is at %.1f °C, at or above its passive trip point "
                 "(%.1f °C): the kernel is lowering the clock to cool it.",
                 zs->type, zs->temp_c, zs->passive_c);
        rc |= platform_flags_add(flags, "hot", PLATFORM_SEVERITY_WARNING, msg);
    }
    if (b->swap_total_kb > 0 && b->swap_free_kb >= 0 && b->swap_total_kb > b->swap_free_kb) {
        snprintf(msg, sizeof msg,
                 "%.0f MiB of swap are in use: memory is short, and paging during a run would "
                 "slow it down.",
                 (double)(b->swap_total_kb - b->swap_free_kb) / 1024.0);
        rc |= platform_flags_add(flags, "swap-used", PLATFORM_SEVERITY_INFO, msg);
    }
    return rc;
}

/* ------------------------------------------------------------------------
 * What changed between before and after
 * ---------------------------------------------------------------------- */

/* Throttle counters that rose, and policies that spent time below their
 * top clock although their governor is performance. */
static int flag_throttling(const platform_health *b, const platform_health *a, platform_flags *flags)
{
    char msg[1024];
    int rc = 0;
    if (b->throttle_count >= 0 && a->throttle_count > b->throttle_count) {
        snprintf(msg, sizeof msg,
                 "The CPU was thermally throttled during the run: the x86 throttle counters rose "
                 "by %lld. Figures include slowed-down stretches.",
                 a->throttle_count - b->throttle_count);
        rc |= platform_flags_add(flags, "throttled", PLATFORM_SEVERITY_WARNING, msg);
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
        if (strcmp(pb->governor, "performance") != 0 || share <= BELOW_MAX_LIMIT)
            continue;
        snprintf(msg, sizeof msg,
                 "%s spent %.0f%% of the run below its top clock although its governor is "
                 "performance (cpufreq time_in_state): thermal or power capping lowered the "
                 "clock.",
                 pb->name, 100.0 * share);
        rc |= platform_flags_add(flags, "below-max-clock", PLATFORM_SEVERITY_WARNING, msg);
    }
    return rc;
}

/* Thermal zones that reached their trip point or rose during the run. */
static int flag_heating(const platform_health *b, const platform_health *a, platform_flags *flags)
{
    char msg[1024];
    int rc = 0;
    for (int z = 0; z < b->n_zones && z < a->n_zones; z++) {
        const platform_zone_state *zb = &b->zone[z], *za = &a->zone[z];
        if (!isnan(za->passive_c) && za->temp_c >= za->passive_c && !(zb->temp_c >= za->passive_c)) {
            snprintf(msg, sizeof msg,
                     "Thermal zone %s reached %.1f °C during the run, its passive trip point is "
                     "%.1f °C: the kernel throttles there.",
                     za->type, za->temp_c, za->passive_c);
            rc |= platform_flags_add(flags, "hot", PLATFORM_SEVERITY_WARNING, msg);
        } else if (za->temp_c - zb->temp_c > TEMP_RISE_C) {
            snprintf(msg, sizeof msg, "Thermal zone %s rose from %.1f to %.1f °C during the run.",
                     za->type, zb->temp_c, za->temp_c);
            rc |= platform_flags_add(flags, "temperature-rise", PLATFORM_SEVERITY_INFO, msg);
        }
    }
    return rc;
}

/* Clocks that moved beyond the measurement's spread, and swapping. */
static int flag_drift_and_swapping(const platform_health *b, const platform_health *a, platform_flags *flags)
{
    char msg[1024];
    int rc = 0;
    for (int c = 0; c < b->n_clock && c < a->n_clock; c++) {
        if (b->clock_mhz[c] <= 0 || a->clock_mhz[c] <= 0)
            continue;
        double drift = a->clock_mhz[c] / b->clock_mhz[c] - 1.0;
        /* A drift within the repeats' own spread is the measurement's
         * noise, not a change of clock. */
        double spread = fmax(b->clock_spread[c], a->clock_spread[c]);
        if (fabs(drift) <= fmax(DRIFT_LIMIT, spread))
            continue;
        snprintf(msg, sizeof msg,
                 "The clock of cluster %d moved from %.0f MHz before the run to %.0f MHz "
                 "after it (%+.1f%%, beyond the measurement's own spread of %.1f%%): "
                 "throttling or a governor change; figures mix two clocks.",
                 c, b->clock_mhz[c], a->clock_mhz[c], 100.0 * drift, 100.0 * spread);
        rc |= platform_flags_add(flags, "clock-drift", PLATFORM_SEVERITY_WARNING, msg);
    }
    if (b->pswpin >= 0 && a->pswpin >= 0 && b->pswpout >= 0 && a->pswpout >= 0 &&
        (a->pswpin > b->pswpin || a->pswpout > b->pswpout)) {
        snprintf(msg, sizeof msg,
                 "The system swapped during the run (%lld pages in, %lld out): figures include "
                 "paging delays.",
                 a->pswpin - b->pswpin, a->pswpout - b->pswpout);
        rc |= platform_flags_add(flags, "swapping", PLATFORM_SEVERITY_WARNING, msg);
    }
    return rc;
}

/* See health.h. */
int platform_health_flags(const platform_health *before, const platform_health *after, platform_flags *flags)
{
    int rc = 0;
    if (before) { /* in this order: the flags read as a list */
        rc |= flag_vm_and_mask(before, flags);
        rc |= flag_busy(before, flags);
        rc |= flag_load(before, flags);
        rc |= flag_cpufreq(before, flags);
        rc |= flag_hot_and_swap(before, flags);
    }
    if (before && after) {
        rc |= flag_throttling(before, after, flags);
        rc |= flag_heating(before, after, flags);
        rc |= flag_drift_and_swapping(before, after, flags);
    }
    return rc ? -1 : 0;
}
