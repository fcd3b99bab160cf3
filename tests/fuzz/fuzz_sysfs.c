/*
 * fuzz_sysfs.c — libFuzzer harness of the sysfs value readers
 * (src/platform/sysroot.c, src/platform/cpu.c).
 *
 * 1. pf_parse_cpulist on the whole input (cpu lists such as "0-3,5"),
 *    checked against platform_format_cpulist: the list it formats parses
 *    back to the same CPUs.
 * 2. The input split at '|' into the files of a temporary sysroot (online,
 *    possible, cpufreq policy0 related_cpus and max/min/cur frequencies,
 *    cpu_capacity, the cpu_atom/cpu_core lists, /proc/cpuinfo), then
 *    platform_cpu_read over that sysroot: the readers as detect runs them.
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fuzz_common.h"
#include "platform/cpu.h"
#include "platform/sysroot.h"

static char root[64];

static const char *const files[] = {
    "/sys/devices/system/cpu/online",
    "/sys/devices/system/cpu/cpufreq/policy0/related_cpus",
    "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_max_freq",
    "/sys/devices/system/cpu/cpufreq/policy0/scaling_max_freq",
    "/sys/devices/system/cpu/cpufreq/policy0/cpuinfo_min_freq",
    "/sys/devices/system/cpu/cpufreq/policy0/scaling_cur_freq",
    "/sys/devices/system/cpu/cpu0/cpu_capacity",
    "/sys/devices/system/cpu/cpu0/regs/identification/midr_el1",
    "/sys/devices/cpu_atom/cpus",
    "/sys/devices/cpu_core/cpus",
    "/sys/devices/system/cpu/cpufreq/policy4/related_cpus",
    "/sys/devices/system/cpu/cpufreq/policy4/cpuinfo_max_freq",
    "/proc/cpuinfo",
};
#define N_FILES (sizeof files / sizeof files[0])

static void mkdirs(const char *path)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(buf, 0755);
            *p = '/';
        }
}

static void put(const char *rel, const char *text, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, "%s%s", root, rel);
    if (!text) {
        unlink(path);
        return;
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fwrite(text, 1, len, f);
    fclose(f);
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* The temporary sysroot goes when the fuzzer exits. */
static void remove_root(void)
{
    nftw(root, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(root, sizeof root, "%s/cm-fuzz-sysfs-XXXXXX", tmp && strlen(tmp) < 32 ? tmp : "/tmp");
    if (!mkdtemp(root))
        abort();
    for (size_t i = 0; i < N_FILES; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", root, files[i]);
        mkdirs(path);
    }
    atexit(remove_root);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int cpus[PLATFORM_MAX_CPUS], again[PLATFORM_MAX_CPUS];
    char *text = fuzz_text(data, size);

    int n = pf_parse_cpulist(text, cpus, PLATFORM_MAX_CPUS);
    if (n > PLATFORM_MAX_CPUS)
        abort();
    if (n > 0) {
        static char list[PLATFORM_MAX_CPUS * 12];
        platform_format_cpulist(cpus, n, list, sizeof list);
        /* only an ascending list formats to itself */
        int sorted = 1;
        for (int i = 1; i < n && sorted; i++)
            sorted = cpus[i] > cpus[i - 1];
        if (sorted) {
            int m = pf_parse_cpulist(list, again, PLATFORM_MAX_CPUS);
            if (m != n || memcmp(cpus, again, sizeof cpus[0] * (size_t)n) != 0)
                abort();
        }
    }

    /* the same input as the files of a sysroot, split at '|' */
    const char *p = text, *end = text + strlen(text);
    for (size_t i = 0; i < N_FILES; i++) {
        if (p > end) {
            put(files[i], NULL, 0);
            continue;
        }
        const char *bar = i + 1 < N_FILES ? memchr(p, '|', (size_t)(end - p)) : NULL;
        size_t len = bar ? (size_t)(bar - p) : (size_t)(end - p);
        put(files[i], p, len);
        p += len + 1;
    }
    platform_cpu *cpu = platform_cpu_new();
    if (!cpu)
        abort();
    platform_cpu_read(root, cpu, NULL);
    if (cpu->n_cpus < 0 || cpu->n_cpus > PLATFORM_MAX_CPUS || cpu->n_clusters < 0)
        abort();
    for (int c = 0; c < cpu->n_clusters; c++) {
        char buf[64];
        platform_cluster_cpus(&cpu->clusters[c], buf, sizeof buf);
    }
    platform_cpu_free(cpu);
    free(text);
    return 0;
}
