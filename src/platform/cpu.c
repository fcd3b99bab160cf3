/*
 * cpu.c — the CPU: vendor, model name, logical CPUs, each core's MIDR and
 * its name (data/cpu_cores.json), and clusters with their frequencies.
 * See platform.h for the rules; everything reads through a sysroot.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <jansson.h>

#include "platform/cpuid.h"
#include "platform/cpu.h"
#include "platform/cpu_clusters.h"
#include "util/json.h"
#include "platform/sysroot.h"

/* ------------------------------------------------------------------------
 * MIDR table
 * ---------------------------------------------------------------------- */

/* See cpu.h. */
int platform_core_lookup(unsigned implementer, unsigned part, platform_core_id *out)
{
    char key[16];
    out->vendor = out->name = out->based_on = NULL;
    json_t *table = pf_data_table("data/cpu_cores.json");
    json_t *impls = table ? json_object_get(table, "implementers") : NULL;
    snprintf(key, sizeof key, "0x%02x", implementer & 0xffu);
    json_t *impl = json_object_get(impls, key);
    if (!json_is_object(impl))
        return 0;
    out->vendor = json_string_value(json_object_get(impl, "vendor"));
    snprintf(key, sizeof key, "0x%03x", part & 0xfffu);
    json_t *p = json_object_get(json_object_get(impl, "parts"), key);
    if (json_is_string(p)) {
        out->name = json_string_value(p);
        return 1;
    }
    if (json_is_object(p)) {
        out->name = json_string_value(json_object_get(p, "name"));
        out->based_on = json_string_value(json_object_get(p, "based_on"));
        return out->name != NULL;
    }
    return 0;
}

/* See cpu.h. */
int platform_midr_lookup(uint32_t midr, platform_core_id *out)
{
    return platform_core_lookup((midr >> 24) & 0xffu, (midr >> 4) & 0xfffu, out);
}

/* ------------------------------------------------------------------------
 * /proc/cpuinfo
 * ---------------------------------------------------------------------- */

/* Copies src into a fixed field, truncating. */
static void set_field(char *dst, size_t len, const char *src)
{
    snprintf(dst, len, "%s", src);
}

/* The parts of a MIDR seen in /proc/cpuinfo for one CPU. */
struct midr_parts {
    int have_impl, have_part;
    unsigned impl, variant, part, rev;
};

/* Composes a MIDR from /proc/cpuinfo fields (architecture field 0xf, as
 * every ARMv7/ARMv8 core reports in the register itself). */
static uint32_t midr_compose(const struct midr_parts *m)
{
    if (!m->have_impl || !m->have_part)
        return 0;
    return ((m->impl & 0xffu) << 24) | ((m->variant & 0xfu) << 20) | (0xfu << 16) |
           ((m->part & 0xfffu) << 4) | (m->rev & 0xfu);
}

/* What parsing /proc/cpuinfo keeps between lines. */
struct cpuinfo_state {
    struct midr_parts m; /* the ID fields seen since the last flush */
    int cur;             /* index of the current CPU, -1 before the first */
    int is_x86, riscv;
    char isa[64];
};

/* Stores the pending MIDR parts into the current CPU. */
static void flush_midr(struct cpuinfo_state *st, platform_cpu *cpu)
{
    if (st->cur >= 0 && midr_compose(&st->m))
        cpu->midr[st->cur] = midr_compose(&st->m);
    memset(&st->m, 0, sizeof st->m);
}

/* The MIDR fields of a "key: value" line; 0 when key is not one. */
static int parse_midr_field(struct cpuinfo_state *st, platform_cpu *cpu, const char *key, const char *val)
{
    unsigned v = (unsigned)strtoul(val, NULL, 0);
    if (strcmp(key, "CPU implementer") == 0) {
        st->m.impl = v;
        st->m.have_impl = 1;
    } else if (strcmp(key, "CPU variant") == 0) {
        st->m.variant = v;
    } else if (strcmp(key, "CPU part") == 0) {
        st->m.part = v;
        st->m.have_part = 1;
    } else if (strcmp(key, "CPU revision") == 0) {
        st->m.rev = v;
        /* The revision closes a CPU's ID block in every kernel format. */
        flush_midr(st, cpu);
    } else {
        return 0;
    }
    return 1;
}

/* One "key: value" line of /proc/cpuinfo. */
static void parse_field(struct cpuinfo_state *st, platform_cpu *cpu, const char *key, const char *val)
{
    if (parse_midr_field(st, cpu, key, val))
        return;
    if (strcmp(key, "processor") == 0 && isdigit((unsigned char)val[0])) {
        flush_midr(st, cpu);
        if (cpu->n_cpus < PLATFORM_MAX_CPUS) {
            st->cur = cpu->n_cpus++;
            cpu->cpu_ids[st->cur] = atoi(val);
        }
    } else if (strcmp(key, "Processor") == 0 || strcmp(key, "model name") == 0 || strcmp(key, "uarch") == 0) {
        /* "Processor" is the old armhf spelling of the model name; "uarch"
         * RISC-V's. */
        if (!cpu->model_name[0])
            set_field(cpu->model_name, sizeof cpu->model_name, val);
    } else if (strcmp(key, "vendor_id") == 0) {
        st->is_x86 = 1;
        if (!cpu->vendor[0])
            set_field(cpu->vendor, sizeof cpu->vendor, val);
    } else if (strcmp(key, "cpu MHz") == 0) {
        if (st->cur >= 0)
            cpu->mhz[st->cur] = atof(val);
    } else if (strcmp(key, "flags") == 0 || strcmp(key, "Features") == 0) {
        if (!cpu->flags)
            cpu->flags = strdup(val);
    } else if (strcmp(key, "Hardware") == 0 || strcmp(key, "Model") == 0) {
        if (!cpu->board[0])
            set_field(cpu->board, sizeof cpu->board, val);
    } else if (strcmp(key, "isa") == 0) {
        st->riscv = 1;
        set_field(st->isa, sizeof st->isa, val);
        if (!cpu->flags) /* RISC-V's feature list is its ISA string */
            cpu->flags = strdup(val);
    }
}

/* Old 32-bit kernels print one ID block after all the processors: it then
 * describes every CPU. Returns how many CPUs had their own MIDR. */
static int spread_lone_midr(platform_cpu *cpu)
{
    uint32_t only = 0;
    int known = 0;
    for (int i = 0; i < cpu->n_cpus; i++)
        if (cpu->midr[i]) {
            if (!only)
                only = cpu->midr[i];
            known++;
        }
    if (known == 1)
        for (int i = 0; i < cpu->n_cpus; i++)
            if (!cpu->midr[i])
                cpu->midr[i] = only;
    return known;
}

/* See cpu.h. */
void platform_cpu_parse_cpuinfo(const char *text, platform_cpu *cpu)
{
    struct cpuinfo_state st = {.cur = -1};
    const char *p = text;
    char *line = NULL;
    size_t cap = 0;
    while (pf_next_line(&p, &line, &cap) == 1) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        *colon = '\0';
        parse_field(&st, cpu, pf_trim(line), pf_trim(colon + 1));
    }
    flush_midr(&st, cpu);
    free(line);

    int known = spread_lone_midr(cpu);
    if (known)
        set_field(cpu->midr_source, sizeof cpu->midr_source, "/proc/cpuinfo");
    /* The architecture the tree describes. */
    if (st.is_x86)
        set_field(cpu->arch, sizeof cpu->arch,
                  cpu->flags && pf_list_has(cpu->flags, "lm") ? "x86_64" : "i686");
    else if (known)
        set_field(cpu->arch, sizeof cpu->arch,
                  cpu->flags && pf_list_has(cpu->flags, "asimd") ? "aarch64" : "arm");
    else if (st.riscv)
        set_field(cpu->arch, sizeof cpu->arch, strncmp(st.isa, "rv32", 4) == 0 ? "riscv32" : "riscv64");
    set_field(cpu->cpuinfo_arch, sizeof cpu->cpuinfo_arch, cpu->arch);
}

/* ------------------------------------------------------------------------
 * Putting it together
 * ---------------------------------------------------------------------- */

/* Reads the board name: device-tree model, else DMI vendor + product. */
static void read_board(const char *sysroot, platform_cpu *cpu)
{
    char *m = pf_read_dt(sysroot, "model", NULL);
    if (m) /* a NUL-terminated property; keep the first string */
        snprintf(cpu->board, sizeof cpu->board, "%s", pf_trim(m));
    free(m);
    cm_utf8_scrub(cpu->board, strlen(cpu->board)); /* a string from the system: data */
    if (cpu->board[0])
        return;
    char vendor[64] = "", product[64] = "";
    pf_read_line(sysroot, "/sys/class/dmi/id/sys_vendor", vendor, sizeof vendor);
    pf_read_line(sysroot, "/sys/class/dmi/id/product_name", product, sizeof product);
    if (vendor[0] || product[0])
        snprintf(cpu->board, sizeof cpu->board, "%s%s%s", vendor, vendor[0] && product[0] ? " " : "",
                 product);
}

/* See cpu.h. */
platform_cpu *platform_cpu_new(void)
{
    return calloc(1, sizeof(platform_cpu));
}

/* See cpu.h. */
void platform_cpu_free(platform_cpu *cpu)
{
    if (!cpu)
        return;
    free(cpu->flags);
    free(cpu);
}

/* See cpu.h. */
int platform_cpu_read(const char *sysroot, platform_cpu *cpu, cm_error *err)
{
    (void)err;
    char *flags_keep = cpu->flags;
    memset(cpu, 0, sizeof *cpu);
    free(flags_keep);

    char *text = pf_read_text(sysroot, "/proc/cpuinfo", NULL);
    if (text) {
        platform_cpu_parse_cpuinfo(text, cpu);
        free(text);
    }
    if (cpu->n_cpus == 0) {
        /* No usable /proc/cpuinfo: take the online CPUs from sysfs. */
        char list[4096];
        if (pf_read_line(sysroot, "/sys/devices/system/cpu/online", list, sizeof list) == 0) {
            int n = pf_parse_cpulist(list, cpu->cpu_ids, PLATFORM_MAX_CPUS);
            cpu->n_cpus = n > 0 ? n : 0;
        }
    }

    /* MIDR from sysfs (exact, per core) wins over /proc/cpuinfo. */
    int from_sysfs = 0;
    for (int i = 0; i < cpu->n_cpus; i++) {
        char path[128];
        uint64_t v;
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1",
                 cpu->cpu_ids[i]);
        if (pf_read_u64(sysroot, path, &v) == 0 && v) {
            cpu->midr[i] = (uint32_t)v;
            from_sysfs = 1;
        }
    }
    if (from_sysfs)
        snprintf(cpu->midr_source, sizeof cpu->midr_source, "sysfs midr_el1");

    if (!pf_has_sysroot(sysroot)) {
        /* The live system: the kernel's own name for the architecture. */
        struct utsname u;
        if (uname(&u) == 0)
            snprintf(cpu->arch, sizeof cpu->arch, "%.15s", u.machine);
    } else if (!cpu->arch[0] && from_sysfs) {
        snprintf(cpu->arch, sizeof cpu->arch, "aarch64");
    }

    /* Vendor of an arm CPU: the implementer of its first core. */
    if (!cpu->vendor[0] && cpu->n_cpus && cpu->midr[0]) {
        platform_core_id id;
        platform_midr_lookup(cpu->midr[0], &id);
        snprintf(cpu->vendor, sizeof cpu->vendor, "%s",
                 id.vendor ? id.vendor : "unknown implementer");
    }

    read_board(sysroot, cpu);
    if (!cpu->hybrid && (strncmp(cpu->arch, "x86", 3) == 0 || strcmp(cpu->arch, "i686") == 0))
        platform_cpu_read_core_types(sysroot, cpu);
    platform_cpu_build_clusters(sysroot, cpu);

    /* An arm64 /proc/cpuinfo has no model name: name the cores instead. */
    if (!cpu->model_name[0]) {
        size_t used = 0;
        for (int c = 0; c < cpu->n_clusters; c++) {
            const char *nm = cpu->clusters[c].core_name;
            if (!nm[0])
                continue;
            int dup = 0;
            for (int d = 0; d < c && !dup; d++)
                dup = strcmp(cpu->clusters[d].core_name, nm) == 0;
            if (dup)
                continue;
            int w = snprintf(cpu->model_name + used, sizeof cpu->model_name - used, "%s%s",
                             used ? " + " : "", nm);
            if (w < 0 || (size_t)w >= sizeof cpu->model_name - used)
                break;
            used += (size_t)w;
        }
    }
    return 0;
}

/* See cpu.h. */
char *platform_cluster_cpus(const platform_cluster *c, char *buf, size_t len)
{
    return platform_format_cpulist(c->cpus, c->n_cpus, buf, len);
}
