/*
 * verdict_emulation.c — whether the CPU is emulated (QEMU TCG or similar),
 * from a detect document or a run's context (verdict.h): positive evidence
 * is the CPU model QEMU's TCG names, TCG's cpuid hypervisor signature, the
 * MIDR only TCG gives, or an x86 /proc/cpuinfo under a binary of another
 * architecture (user-mode emulation); a QEMU machine and two clock chains
 * that disagree far beyond any core are hints only. A hardware
 * hypervisor's cpuid signature (KVM ...) says the opposite: "native". The
 * signatures are data/emulators.json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/cpu_doc.h"
#include "platform/sysroot.h"
#include "platform/verdict.h"
#include "util/json.h"

#define TABLE_PATH "data/emulators.json"

/* Field shortcuts. */
static const char *sget(const json_t *o, const char *k)
{
    return json_string_value(json_object_get(o, k));
}

/* Appends a sentence to arr; 0, or -1 when out of memory. */
static int add(json_t *arr, const char *text)
{
    return json_array_append_new(arr, json_string(text));
}

/* The first entry of list whose "match" is in text, or NULL. */
static const json_t *matching(const json_t *list, const char *text)
{
    size_t i;
    const json_t *e;
    json_array_foreach(list, i, e) {
        const char *m = sget(e, "match");
        if (text && m && m[0] && strstr(text, m))
            return e;
    }
    return NULL;
}

/* A hex string ("0x000f0510") as a number; -1 when it is none. */
static long long hex(const char *s)
{
    char *end;
    if (!s || !s[0])
        return -1;
    long long v = strtoll(s, &end, 16);
    return *end ? -1 : v;
}

/* The positive evidence of the CPU's model, hypervisor leaf and MIDRs. */
static int cpu_evidence(const json_t *table, const platform_cpu_doc *cpu, const platform_hypervisor_doc *hv,
                        json_t *ev)
{
    const json_t *e;
    char buf[512];
    int rc = 0;
    size_t i;
    if ((e = matching(json_object_get(table, "cpu_models"), cpu->model_name))) {
        snprintf(buf, sizeof buf, "the CPU model \"%s\", %s", cpu->model_name, sget(e, "what"));
        rc |= add(ev, buf);
    }
    if ((e = matching(json_object_get(table, "hypervisor_signatures"), hv->evidence))) {
        snprintf(buf, sizeof buf, "%s: %s", hv->evidence, sget(e, "what"));
        rc |= add(ev, buf);
    }
    json_array_foreach(json_object_get(table, "midrs"), i, e) {
        long long imp = hex(sget(e, "implementer")), part = hex(sget(e, "part"));
        for (size_t j = 0; j < cpu->n_clusters; j++) {
            long long midr = hex(cpu->clusters[j].midr);
            if (midr < 0 || ((midr >> 24) & 0xff) != imp || ((midr >> 4) & 0xfff) != part)
                continue;
            snprintf(buf, sizeof buf, "MIDR %s is %s", cpu->clusters[j].midr, sget(e, "what"));
            rc |= add(ev, buf);
            break;
        }
    }
    return rc;
}

/* The positive evidence of a user-mode emulator: an x86 vendor in
 * /proc/cpuinfo under a binary of another architecture. */
static int user_mode_evidence(const json_t *table, const platform_cpu_doc *cpu, json_t *ev)
{
    const json_t *v;
    const char *arch = cpu->arch, *vendor = cpu->vendor;
    size_t i;
    char buf[512];
    if (!arch || !vendor || strcmp(arch, "x86_64") == 0 || strcmp(arch, "i686") == 0)
        return 0;
    json_array_foreach(json_object_get(json_object_get(table, "x86_vendors"), "list"), i, v)
        if (json_string_value(v) && strcmp(json_string_value(v), vendor) == 0) {
            snprintf(buf, sizeof buf, "/proc/cpuinfo names an x86 CPU (%s) while this %s binary runs: a user-mode "
                     "emulator (qemu-%s) translates its instructions", vendor, arch, arch);
            return add(ev, buf);
        }
    return 0;
}

/* The hints: a QEMU machine, clock chains far apart. */
static int hints(const json_t *table, const platform_cpu_doc *cpu, const platform_hypervisor_doc *hv, json_t *out)
{
    const json_t *q = json_object_get(table, "qemu_machines");
    double ratio = json_number_value(json_object_get(json_object_get(table, "clock_chains"), "ratio"));
    char buf[512];
    int rc = 0;
    if (hv->vendor && sget(q, "match") && strstr(hv->vendor, sget(q, "match"))) {
        snprintf(buf, sizeof buf, "a QEMU machine (%s; KVM or TCG)", hv->evidence ? hv->evidence : "");
        rc |= add(out, buf);
    }
    for (size_t i = 0; i < cpu->n_clusters; i++) {
        double m = cpu->clusters[i].measured_mhz, c = cpu->clusters[i].measured_check_mhz;
        if (ratio > 1 && m > 0 && c > 0 && (m / c > ratio || c / m > ratio)) {
            snprintf(buf, sizeof buf, "the two clock chains of cluster %zu, whose instructions take a fixed number "
                     "of cycles on real cores, ran at %.0f and %.0f MHz: instruction timings follow no clock", i, m, c);
            rc |= add(out, buf);
        }
    }
    return rc;
}

/* A hardware hypervisor's cpuid signature (KVM, Hyper-V, VMware ...: not
 * TCG's): guest instructions run natively. NULL when none was seen. */
static const char *native(const json_t *table, const platform_hypervisor_doc *hv, char *buf, size_t len)
{
    const char *ev = hv->evidence;
    if (!ev || !strstr(ev, "leaf 0x40000000") || matching(json_object_get(table, "hypervisor_signatures"), ev))
        return NULL;
    snprintf(buf, len, "%s (%s)", hv->vendor ? hv->vendor : "a hypervisor", ev);
    return buf;
}

/* See verdict.h. */
json_t *platform_emulation(const platform_cpu_doc *cpu, const platform_hypervisor_doc *hv)
{
    const json_t *table = pf_data_table(TABLE_PATH);
    json_t *ev = json_array(), *hs = json_array();
    int rc = ev && hs ? 0 : -1;
    if (rc == 0 && table) {
        rc |= cpu_evidence(table, cpu, hv, ev);
        rc |= user_mode_evidence(table, cpu, ev);
        rc |= hints(table, cpu, hv, hs);
    }
    if (rc != 0) {
        json_decref(ev);
        json_decref(hs);
        return NULL;
    }
    char buf[256];
    const char *nat = table && !json_array_size(ev) ? native(table, hv, buf, sizeof buf) : NULL;
    return json_pack("{s:b, s:o, s:o, s:s?}", "emulated", json_array_size(ev) > 0, "evidence", ev, "hints", hs,
                     "native", nat);
}
