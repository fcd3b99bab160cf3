/*
 * features.c — crypto features read from the CPU itself (x86: cpuid and
 * xgetbv; arm: getauxval), described by data/cpu_features.json, cross-checked
 * with /proc/cpuinfo, and maskable with CRYPTOMETER_ISA_MASK for testing.
 * See platform.h for the contract.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>
#if defined(__linux__)
#include <sys/auxv.h>
#endif

#include "platform/cpuid.h"
#include "platform/features.h"
#include "platform/sysroot.h"
#include "util/json.h"

#ifndef AT_HWCAP
#define AT_HWCAP 16
#endif
#ifndef AT_HWCAP2
#define AT_HWCAP2 26
#endif

/* XCR0 bits: SSE and AVX state; AVX-512 opmask, ZMM_Hi256, Hi16_ZMM. */
#define XCR0_AVX 0x6u
#define XCR0_AVX512 0xe6u

/* The feature table this binary reads from its own CPU, or NULL. */
static const char *build_table(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return "x86";
#elif defined(__aarch64__)
    return "aarch64";
#elif defined(__arm__)
    return "arm";
#else
    return NULL;
#endif
}

/* The feature table that describes an architecture name, or NULL. */
static const char *table_for_arch(const char *arch)
{
    if (!arch || !arch[0])
        return NULL;
    if (strcmp(arch, "x86_64") == 0 || strcmp(arch, "i686") == 0 || strcmp(arch, "i386") == 0 ||
        strcmp(arch, "x86") == 0)
        return "x86";
    if (strcmp(arch, "aarch64") == 0 || strcmp(arch, "arm64") == 0)
        return "aarch64";
    if (strncmp(arch, "arm", 3) == 0)
        return "arm";
    if (strncmp(arch, "riscv", 5) == 0)
        return "riscv";
    return NULL;
}

/* 1 when a RISC-V ISA string ("rv64imafdc_zicsr_zkne") names the
 * multi-letter extension ext: the extensions after each '_' (version
 * digits dropped), or a z-extension run into the base ("rv64gczba"). */
static int riscv_has(const char *isa, const char *ext)
{
    size_t el = strlen(ext);
    int first = 1;
    for (const char *p = isa; p && *p; first = 0) {
        const char *end = strchr(p, '_');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        for (size_t i = 0; i < len; i++) {
            /* a name starts the token, or (in the base) any 'z' */
            if (i > 0 && !(first && (p[i] == 'z' || p[i] == 'Z')))
                continue;
            size_t n = 0;
            while (i + n < len && ((p[i + n] >= 'a' && p[i + n] <= 'z') || (p[i + n] >= 'A' && p[i + n] <= 'Z')))
                n++;
            if (n == el && strncasecmp(p + i, ext, el) == 0)
                return 1;
            if (!first)
                break;
        }
        p = end ? end + 1 : NULL;
    }
    return 0;
}

/* Reads AT_HWCAP and AT_HWCAP2 from a recorded proc/self/auxv (pairs of
 * words of word bytes, little-endian). Returns 1 if AT_HWCAP was found. */
static int read_auxv(const char *sysroot, size_t word, unsigned long long *hwcap,
                     unsigned long long *hwcap2)
{
    size_t len;
    char *raw = pf_read_text(sysroot, "/proc/self/auxv", &len);
    int found = 0;
    *hwcap = *hwcap2 = 0;
    if (!raw)
        return 0;
    for (size_t off = 0; off + 2 * word <= len; off += 2 * word) {
        unsigned long long k = 0, v = 0;
        for (size_t b = 0; b < word; b++) {
            k |= (unsigned long long)(unsigned char)raw[off + b] << (8 * b);
            v |= (unsigned long long)(unsigned char)raw[off + word + b] << (8 * b);
        }
        if (k == 0)
            break;
        if (k == AT_HWCAP) {
            *hwcap = v;
            found = 1;
        } else if (k == AT_HWCAP2) {
            *hwcap2 = v;
        }
    }
    free(raw);
    return found;
}

/* The mask --isa set (platform_isa_mask_set), once set. */
static char isa_mask[256];
static int isa_mask_set;

/* See features.h. */
const char *platform_isa_mask(void)
{
    const char *env = getenv("CRYPTOMETER_ISA_MASK");
    return isa_mask_set ? isa_mask : env ? env : "";
}

/* Applies the feature mask (platform_isa_mask) to the features. */
static void apply_mask(platform_features *out)
{
    const char *env = platform_isa_mask();
    if (!env[0])
        return;
    snprintf(out->mask, sizeof out->mask, "%s", env);
    char buf[256];
    snprintf(buf, sizeof buf, "%s", env);
    size_t unk = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ", \t", &save); tok;
         tok = strtok_r(NULL, ", \t", &save)) {
        int hit = 0;
        for (int i = 0; i < out->n; i++) {
            platform_feature *f = &out->f[i];
            if (pf_name_eq(tok, "all") || pf_name_eq(tok, f->name) || pf_name_eq(tok, f->label)) {
                f->masked = 1;
                hit = 1;
            }
        }
        if (!hit) {
            int w = snprintf(out->mask_unknown + unk, sizeof out->mask_unknown - unk, "%s%s",
                             unk ? "," : "", tok);
            if (w > 0 && (size_t)w < sizeof out->mask_unknown - unk)
                unk += (size_t)w;
        }
    }
}

/* Reads one x86 feature's cpuid bit: [leaf, subleaf, "reg", bit]. */
static int x86_bit(json_t *spec)
{
    uint32_t r[4];
    if (!json_is_array(spec) || json_array_size(spec) != 4)
        return 0;
    uint32_t leaf = (uint32_t)json_integer_value(json_array_get(spec, 0));
    uint32_t sub = (uint32_t)json_integer_value(json_array_get(spec, 1));
    const char *reg = json_string_value(json_array_get(spec, 2));
    int bit = (int)json_integer_value(json_array_get(spec, 3));
    if (!reg || bit < 0 || bit > 31 || !pf_cpuid(leaf, sub, r))
        return 0;
    /* Leaf 7 subleaves above the maximum (EAX of subleaf 0) are reserved. */
    if (leaf == 7 && sub > 0) {
        uint32_t r0[4];
        pf_cpuid(7, 0, r0);
        if (sub > r0[0])
            return 0;
    }
    int idx = strcmp(reg, "eax") == 0 ? 0 : strcmp(reg, "ebx") == 0 ? 1 : strcmp(reg, "ecx") == 0 ? 2 : 3;
    return (r[idx] >> bit) & 1u;
}

/* Where presence is read from: the CPU's registers and auxiliary vector. */
struct presence {
    const char *source; /* "cpuid", "hwcap", "auxv" or "cpuinfo" */
    int from_cpu;       /* the CPU itself answers (else /proc/cpuinfo does) */
    unsigned long long hwcap, hwcap2;
    uint64_t xcr0;
};

/* Chooses the source of presence for table: cpuid/xgetbv or getauxval when
 * live and the table is this build's, the tree's saved auxv with a sysroot,
 * else /proc/cpuinfo. */
static void read_presence(const char *sysroot, const char *table, struct presence *pr)
{
    int live = !pf_has_sysroot(sysroot);
    memset(pr, 0, sizeof *pr);
    pr->source = "cpuinfo";
    if (live && build_table() && strcmp(table, build_table()) == 0) {
        if (strcmp(table, "x86") == 0) {
            pr->source = "cpuid";
            pr->xcr0 = pf_xcr0();
            pr->from_cpu = PF_HAVE_CPUID;
        } else {
#if defined(__linux__) && (defined(__aarch64__) || defined(__arm__))
            pr->hwcap = getauxval(AT_HWCAP);
            pr->hwcap2 = getauxval(AT_HWCAP2);
            pr->source = "hwcap";
            pr->from_cpu = 1;
#endif
        }
    } else if (!live && strcmp(table, "x86") != 0) {
        size_t word = strcmp(table, "arm") == 0 ? 4 : 8;
        if (read_auxv(sysroot, word, &pr->hwcap, &pr->hwcap2)) {
            pr->source = "auxv";
            pr->from_cpu = 1;
        }
    }
}

/* Fills f from its table entry e: names, the cpuinfo cross-check (flags,
 * NULL when there is none) and what the CPU and the OS say. 0 when the entry
 * has no name. */
static int read_feature(const json_t *e, const char *table, const struct presence *pr, const char *flags,
                        platform_feature *f)
{
    f->name = json_string_value(json_object_get(e, "name"));
    if (!f->name)
        return 0;
    f->label = json_string_value(json_object_get(e, "label"));
    if (!f->label)
        f->label = f->name;
    f->accelerates = json_string_value(json_object_get(e, "accelerates"));
    f->source = pr->source;
    if (!flags)
        f->cpuinfo = -1;
    else if (strcmp(table, "riscv") == 0)
        f->cpuinfo = riscv_has(flags, f->name);
    else
        f->cpuinfo = pf_list_has(flags, f->name);
    f->os = 1;
    if (pr->from_cpu && strcmp(table, "x86") == 0) {
        f->cpu = x86_bit(json_object_get(e, "cpuid"));
        const char *os = json_string_value(json_object_get(e, "os"));
        if (os && strcmp(os, "avx") == 0)
            f->os = (pr->xcr0 & XCR0_AVX) == XCR0_AVX;
        else if (os && strcmp(os, "avx512") == 0)
            f->os = (pr->xcr0 & XCR0_AVX512) == XCR0_AVX512;
    } else if (pr->from_cpu) {
        const char *word = json_string_value(json_object_get(e, "hwcap"));
        json_int_t bit = json_integer_value(json_object_get(e, "bit"));
        unsigned long long v = word && strcmp(word, "AT_HWCAP2") == 0 ? pr->hwcap2 : pr->hwcap;
        f->cpu = bit >= 0 && bit < 64 ? (int)((v >> bit) & 1u) : 0;
    } else {
        f->cpu = f->cpuinfo > 0;
    }
    return 1;
}

/* See features.h. */
int platform_features_read(const char *sysroot, const platform_cpu *cpu, platform_features *out,
                           cm_error *err)
{
    (void)err;
    memset(out, 0, sizeof *out);
    const char *table = !pf_has_sysroot(sysroot) ? build_table() : table_for_arch(cpu ? cpu->arch : NULL);
    if (!table && cpu)
        table = table_for_arch(cpu->arch);
    out->table = table;
    json_t *data = pf_data_table("data/cpu_features.json");
    json_t *list = table && data ? json_object_get(data, table) : NULL;
    if (!json_is_array(list))
        return 0;
    struct presence pr;
    read_presence(sysroot, table, &pr);
    out->source = pr.source;
    /* The cross-check needs flags of the same architecture: under qemu user
     * mode an aarch64 binary reads the x86 host's /proc/cpuinfo. */
    const char *flags = cpu ? cpu->flags : NULL;
    const char *ci_table = cpu ? table_for_arch(cpu->cpuinfo_arch) : NULL;
    if (!ci_table || strcmp(ci_table, table) != 0)
        flags = NULL;
    size_t i;
    json_t *e;
    json_array_foreach(list, i, e) {
        if (out->n >= PLATFORM_MAX_FEATURES)
            break;
        out->n += read_feature(e, table, &pr, flags, &out->f[out->n]);
    }
    apply_mask(out);
    for (int k = 0; k < out->n; k++)
        out->f[k].present = out->f[k].cpu && out->f[k].os && !out->f[k].masked;
    return 0;
}

/* The live features, read once and again after platform_isa_mask_set(). */
static platform_features live;
static int live_ready;

/* See features.h. */
const platform_feature *platform_cpu_feature(const char *name)
{
    if (!live_ready) {
        platform_features_read(NULL, NULL, &live, NULL);
        live_ready = 1;
    }
    for (int i = 0; i < live.n; i++)
        if (pf_name_eq(name, live.f[i].name) || pf_name_eq(name, live.f[i].label))
            return &live.f[i];
    return NULL;
}

/* See features.h. */
int platform_cpu_has(const char *name)
{
    const platform_feature *f = platform_cpu_feature(name);
    return f && f->present;
}

/* See features.h. */
int platform_isa_mask_set(const char *mask, char *unknown, size_t len)
{
    if (len)
        unknown[0] = '\0';
    if (strlen(mask) >= sizeof isa_mask || setenv("CRYPTOMETER_ISA_MASK", mask, 1) != 0)
        return -1;
    snprintf(isa_mask, sizeof isa_mask, "%s", mask);
    isa_mask_set = 1;
    live_ready = 0;
    platform_cpu_feature("");
    if (!live.mask_unknown[0])
        return 0;
    snprintf(unknown, len, "%s", live.mask_unknown);
    return -1;
}

/* See features.h. */
int platform_feature_disagreement(const platform_feature *f, char *msg, size_t len)
{
    if (f->cpuinfo < 0 || strcmp(f->source, "cpuinfo") == 0)
        return 0;
    int usable = f->cpu && f->os;
    if (f->cpu == f->cpuinfo && usable == f->cpuinfo)
        return 0;
    if (f->cpu && !f->os)
        snprintf(msg, len,
                 "The CPU reports %s (%s) but the OS does not enable its register state "
                 "(XCR0), so no program can use it%s.",
                 f->label, f->source,
                 f->cpuinfo ? ", although /proc/cpuinfo lists it" : "; /proc/cpuinfo agrees");
    else if (f->cpu && !f->cpuinfo)
        snprintf(msg, len,
                 "The CPU reports %s (%s) but /proc/cpuinfo does not list it: the kernel "
                 "disabled it (for example clearcpuid= on the command line) or is too old "
                 "to know it; user-space libraries still see it.",
                 f->label, f->source);
    else
        snprintf(msg, len,
                 "/proc/cpuinfo lists %s but the CPU does not report it to this process "
                 "(%s): user-space libraries will not use it.",
                 f->label, f->source);
    return 1;
}
