/*
 * verdict_emulation.c — whether the CPU is emulated (QEMU TCG or similar),
 * from a detect document or a run's context (verdict.h): positive evidence
 * is the CPU model QEMU's TCG names, TCG's cpuid hypervisor signature, the
 * MIDR only TCG gives, or an x86 /proc/cpuinfo under a binary of another
 * architecture (user-mode emulation); a QEMU machine and two clock chains
 * that disagree far beyond any core are hints only. A hardware
 * hypervisor's cpuid signature (KVM ...) says the opposite: "native". The
 * signatures are data/emulators.json (read once, typed, by
 * emulators_table.c); the CPU (cpu_doc.h) and the health snapshot that
 * names the hypervisor (health.h) come typed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/cpu_doc.h"
#include "platform/emulation.h"
#include "platform/emulators_table.h"
#include "platform/verdict.h"

/* What a health snapshot says of the hypervisor: NULL when unknown. */
struct hypervisor {
    const char *vendor, *evidence;
};

/* Appends a sentence to the evidence (or the hints) of em; 0, or -1 when
 * out of memory. */
static int add(platform_emulation_doc *em, int hint, const char *text)
{
    return hint ? platform_emulation_add(&em->hints, &em->n_hints, text)
                : platform_emulation_add(&em->evidence, &em->n_evidence, text);
}

/* The positive evidence of the CPU's model, hypervisor leaf and MIDRs. */
static int cpu_evidence(const pf_emulators *t, const platform_cpu_doc *cpu, const struct hypervisor *hv,
                        platform_emulation_doc *ev)
{
    const pf_emulator_sign *e;
    char buf[512];
    int rc = 0;
    if ((e = pf_emulator_matching(t->models, t->n_models, cpu->model_name))) {
        snprintf(buf, sizeof buf, "the CPU model \"%s\", %s", cpu->model_name, e->what);
        rc |= add(ev, 0, buf);
    }
    if ((e = pf_emulator_matching(t->signatures, t->n_signatures, hv->evidence))) {
        snprintf(buf, sizeof buf, "%s: %s", hv->evidence, e->what);
        rc |= add(ev, 0, buf);
    }
    for (size_t i = 0; i < t->n_midrs; i++)
        for (size_t j = 0; j < cpu->n_clusters; j++) {
            long long midr = pf_hex(cpu->clusters[j].midr);
            if (midr < 0 || ((midr >> 24) & 0xff) != t->midrs[i].implementer ||
                ((midr >> 4) & 0xfff) != t->midrs[i].part)
                continue;
            snprintf(buf, sizeof buf, "MIDR %s is %s", cpu->clusters[j].midr, t->midrs[i].what);
            rc |= add(ev, 0, buf);
            break;
        }
    return rc;
}

/* The positive evidence of a user-mode emulator: an x86 vendor in
 * /proc/cpuinfo under a binary of another architecture. */
static int user_mode_evidence(const pf_emulators *t, const platform_cpu_doc *cpu, platform_emulation_doc *ev)
{
    const char *arch = cpu->arch, *vendor = cpu->vendor;
    char buf[512];
    if (!arch || !vendor || strcmp(arch, "x86_64") == 0 || strcmp(arch, "i686") == 0)
        return 0;
    for (size_t i = 0; i < t->n_x86_vendors; i++)
        if (strcmp(t->x86_vendors[i], vendor) == 0) {
            /* qemu's user-mode emulator of armv7l, armv8l ... is qemu-arm */
            snprintf(buf, sizeof buf, "/proc/cpuinfo names an x86 CPU (%s) while this %s binary runs: a user-mode "
                     "emulator (qemu-%s) translates its instructions", vendor, arch,
                     strncmp(arch, "arm", 3) == 0 ? "arm" : arch);
            return add(ev, 0, buf);
        }
    return 0;
}

/* The hints: a QEMU machine, clock chains far apart. */
static int hints(const pf_emulators *t, const platform_cpu_doc *cpu, const struct hypervisor *hv,
                 platform_emulation_doc *out)
{
    double ratio = t->clock_ratio;
    char buf[512];
    int rc = 0;
    if (hv->vendor && t->qemu_match && strstr(hv->vendor, t->qemu_match)) {
        snprintf(buf, sizeof buf, "a QEMU machine (%s; KVM or TCG)", hv->evidence ? hv->evidence : "");
        rc |= add(out, 1, buf);
    }
    for (size_t i = 0; i < cpu->n_clusters; i++) {
        double m = cpu->clusters[i].measured_mhz, c = cpu->clusters[i].measured_check_mhz;
        if (ratio > 1 && m > 0 && c > 0 && (m / c > ratio || c / m > ratio)) {
            snprintf(buf, sizeof buf, "the two clock chains of cluster %zu, whose instructions take a fixed number "
                     "of cycles on real cores, ran at %.0f and %.0f MHz: instruction timings follow no clock", i, m, c);
            rc |= add(out, 1, buf);
        }
    }
    return rc;
}

/* A hardware hypervisor's cpuid signature (KVM, Hyper-V, VMware ...: not
 * TCG's): guest instructions run natively. NULL when none was seen. */
static const char *native(const pf_emulators *t, const struct hypervisor *hv, char *buf, size_t len)
{
    const char *ev = hv->evidence;
    if (!ev || !strstr(ev, "leaf 0x40000000") || pf_emulator_matching(t->signatures, t->n_signatures, ev))
        return NULL;
    snprintf(buf, len, "%s (%s)", hv->vendor ? hv->vendor : "a hypervisor", ev);
    return buf;
}

/* See verdict.h. */
int platform_emulation_fill(platform_emulation_doc *em, const platform_cpu_doc *cpu,
                            const platform_health *snapshot)
{
    struct hypervisor seen = {NULL, NULL}, *hv = &seen;
    if (snapshot && snapshot->vm_vendor[0])
        seen.vendor = snapshot->vm_vendor;
    if (snapshot && snapshot->vm_evidence[0])
        seen.evidence = snapshot->vm_evidence;
    const pf_emulators *table = NULL;
    memset(em, 0, sizeof *em);
    int rc = pf_emulators_table(&table);
    if (rc == 0 && table) {
        rc |= cpu_evidence(table, cpu, hv, em);
        rc |= user_mode_evidence(table, cpu, em);
        rc |= hints(table, cpu, hv, em);
    }
    char buf[256];
    const char *nat = rc == 0 && table && !em->n_evidence ? native(table, hv, buf, sizeof buf) : NULL;
    em->emulated = em->n_evidence > 0;
    if (nat && !(em->native = strdup(nat)))
        rc = -1;
    if (rc != 0)
        platform_emulation_free(em);
    return rc;
}

/* See verdict.h. */
json_t *platform_emulation(const platform_cpu_doc *cpu, const platform_health *snapshot)
{
    platform_emulation_doc em; /* empty again when the fill fails */
    json_t *o = platform_emulation_fill(&em, cpu, snapshot) == 0 ? platform_emulation_to_json(&em) : NULL;
    platform_emulation_free(&em);
    return o;
}

/* See verdict.h. */
json_t *platform_emulation_of(const platform_cpu_doc *cpu, const json_t *snapshot)
{
    platform_health *h = NULL;
    if (snapshot && !json_is_null(snapshot)) {
        h = calloc(1, sizeof *h);
        if (!h || platform_health_from_json(snapshot, h, NULL) != 0) {
            platform_health_free(h);
            return NULL;
        }
    }
    json_t *em = platform_emulation(cpu, h);
    platform_health_free(h);
    return em;
}
