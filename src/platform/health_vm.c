/*
 * health_vm.c — whether cryptometer runs in a virtual machine, and how that
 * was seen: the x86 cpuid hypervisor leaf (live only), the DMI vendor,
 * /proc/cpuinfo's hypervisor flag, the device tree of qemu's arm virt
 * machine, Xen's /sys/hypervisor. Part of a health snapshot (health.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "platform/cpuid.h"
#include "platform/health.h"
#include "platform/sysroot.h"

/* Records a hypervisor: its name and the evidence; returns 1. */
static int seen(platform_health *h, const char *vendor, const char *evidence)
{
    h->vm = 1;
    snprintf(h->vm_vendor, sizeof h->vm_vendor, "%s", vendor);
    snprintf(h->vm_evidence, sizeof h->vm_evidence, "%s", evidence);
    return 1;
}

/* The cpuid hypervisor bit and the signature of leaf 0x40000000 (live x86). */
static int vm_cpuid(platform_health *h)
{
#if PF_HAVE_CPUID
    static const struct {
        const char *sig, *name;
    } sigs[] = {{"KVMKVMKVM", "KVM"},          {"Microsoft Hv", "Microsoft Hyper-V"},
                {"VMwareVMware", "VMware"},    {"XenVMMXenVMM", "Xen"},
                {"TCGTCGTCGTCG", "QEMU (TCG)"}, {"bhyve bhyve ", "bhyve"},
                {" lrpepyh  vr", "Parallels"}, {"ACRNACRNACRN", "ACRN"},
                {"QNXQVMBSQG", "QNX"},          {"VBoxVBoxVBox", "VirtualBox"}};
    uint32_t r[4];
    if (!pf_cpuid(1, 0, r) || !(r[2] & (1u << 31)))
        return 0;
    char sig[13] = "", evidence[128];
    pf_cpuid_raw(0x40000000u, 0, r);
    memcpy(sig, &r[1], 4);
    memcpy(sig + 4, &r[2], 4);
    memcpy(sig + 8, &r[3], 4);
    sig[12] = '\0';
    const char *name = sig[0] ? sig : "unknown hypervisor";
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
        if (strncmp(sig, sigs[i].sig, strlen(sigs[i].sig)) == 0)
            name = sigs[i].name;
    snprintf(evidence, sizeof evidence, "cpuid hypervisor bit, leaf 0x40000000 \"%s\"", sig);
    return seen(h, name, evidence);
#else
    (void)h;
    return 0;
#endif
}

/* The DMI system vendor (and product) of known hypervisors. */
static int vm_dmi(const char *sysroot, platform_health *h)
{
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
    char vendor[64] = "", product[64] = "", evidence[128];
    pf_read_line(sysroot, "/sys/class/dmi/id/sys_vendor", vendor, sizeof vendor);
    pf_read_line(sysroot, "/sys/class/dmi/id/product_name", product, sizeof product);
    for (size_t i = 0; i < sizeof dmi / sizeof *dmi && vendor[0]; i++)
        if (strncmp(vendor, dmi[i].vendor, strlen(dmi[i].vendor)) == 0 &&
            (!dmi[i].product || strstr(product, dmi[i].product))) {
            snprintf(evidence, sizeof evidence, "DMI sys_vendor \"%s\"", vendor);
            return seen(h, dmi[i].name, evidence);
        }
    return 0;
}

/* "hypervisor" in the first flags line of /proc/cpuinfo. */
static int vm_cpuinfo(const char *sysroot, platform_health *h)
{
    char *ci = pf_read_text(sysroot, "/proc/cpuinfo", NULL);
    if (!ci)
        return 0;
    char *f = strstr(ci, "\nflags");
    char *eol = f ? strchr(f + 1, '\n') : NULL;
    if (eol)
        *eol = '\0';
    char *colon = f ? strchr(f, ':') : NULL;
    int hv = colon && pf_list_has(colon + 1, "hypervisor");
    free(ci);
    return hv && seen(h, "unknown hypervisor", "\"hypervisor\" in /proc/cpuinfo flags");
}

/* The device tree of qemu's arm virt machine ("linux,dummy-virt"). */
static int vm_device_tree(const char *sysroot, platform_health *h)
{
    size_t len;
    char *c = pf_read_dt(sysroot, "compatible", &len);
    int hit = 0;
    for (size_t off = 0; c && off < len; off += strlen(c + off) + 1)
        hit |= strcmp(c + off, "linux,dummy-virt") == 0;
    free(c);
    return hit && seen(h, "QEMU/KVM (arm virt machine)", "device-tree compatible \"linux,dummy-virt\"");
}

/* See health.h. */
void platform_health_read_vm(const char *sysroot, platform_health *h)
{
    char xen[32];
    h->vm = 0;
    if ((!pf_has_sysroot(sysroot) && vm_cpuid(h)) || vm_dmi(sysroot, h) || vm_cpuinfo(sysroot, h) ||
        vm_device_tree(sysroot, h))
        return;
    if (pf_read_line(sysroot, "/sys/hypervisor/type", xen, sizeof xen) == 0)
        seen(h, xen, "/sys/hypervisor/type");
}
