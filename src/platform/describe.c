/*
 * describe.c — the "system" and "cpu" objects of the detect document and of
 * every result file's context (see describe.h): what was read, filled into
 * platform_system_doc and platform_cpu_doc (cpu_doc.h) and written by
 * cpu_json.c; and the check of a --sysroot. Out of memory gives NULL,
 * never a shorter object.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <jansson.h>

#include "platform/cpu_doc.h"
#include "platform/describe.h"
#include "platform/sysroot.h"

/* See describe.h. */
int platform_check_sysroot(const char *sysroot, cm_error *err)
{
    struct stat st;
    if (!pf_has_sysroot(sysroot))
        return 0;
    if (stat(sysroot, &st) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot read --sysroot %s: %s", sysroot,
                            strerror(errno));
    if (!S_ISDIR(st.st_mode))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "--sysroot %s is not a directory", sysroot);
    DIR *d = opendir(sysroot);
    if (!d)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot read --sysroot %s: %s", sysroot,
                            strerror(errno));
    closedir(d);
    if (!pf_exists(sysroot, "/proc") && !pf_exists(sysroot, "/sys"))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "--sysroot %s holds neither proc/ nor sys/: not a recorded root", sysroot);
    return 0;
}

/* The PRETTY_NAME of an os-release text (modified in place), or NULL. */
static const char *os_pretty_name(char *osr)
{
    char *p = strstr(osr, "PRETTY_NAME=");
    if (!p)
        return NULL;
    p += 12;
    char *e = strchr(p, '\n');
    if (e)
        *e = '\0';
    size_t l = strlen(p);
    if (l >= 2 && (p[0] == '"' || p[0] == '\'') && p[l - 1] == p[0]) {
        p[l - 1] = '\0';
        p++;
    }
    return p;
}

/* Host name and kernel of the running system (uname, into u) or of a
 * recorded tree (its /proc files, into host, version and rel) into doc. */
static void kernel_fields(platform_system_doc *doc, const char *sysroot, struct utsname *u, char *host,
                          char *version, char rel[128])
{
    if (!pf_has_sysroot(sysroot)) {
        if (uname(u) == 0) {
            doc->hostname = u->nodename;
            doc->kernel = u->release;
            doc->kernel_version = u->version;
            doc->machine = u->machine;
        }
        return;
    }
    if (pf_read_line(sysroot, "/proc/sys/kernel/hostname", host, 512) == 0)
        doc->hostname = host;
    if (pf_read_line(sysroot, "/proc/version", version, 512) == 0) {
        /* "Linux version 6.1.0-56-arm64 (...) #1 SMP ..." */
        if (sscanf(version, "Linux version %127s", rel) == 1)
            doc->kernel = rel;
        doc->kernel_version = version;
    }
}

/* See describe.h. */
json_t *platform_system_json(const char *sysroot)
{
    platform_system_doc doc = {0};
    struct utsname u;
    char host[512], version[512], rel[128];
    kernel_fields(&doc, sysroot, &u, host, version, rel);
    char *osr = pf_read_text(sysroot, "/etc/os-release", NULL);
    if (!osr && !pf_has_sysroot(sysroot))
        osr = pf_read_text(sysroot, "/usr/lib/os-release", NULL);
    doc.os = osr ? os_pretty_name(osr) : NULL;
    json_t *o = platform_system_doc_to_json(&doc);
    free(osr);
    return o;
}

/* One cluster described into d (its cpus malloc'd); 0 or -1. */
static int cluster_fill(platform_cluster_doc *d, const platform_cluster *cl)
{
    int measured = cl->measured_mhz > 0;
    d->cpus = malloc((cl->n_cpus ? (size_t)cl->n_cpus : 1) * sizeof *d->cpus);
    if (!d->cpus)
        return -1;
    d->n_cpus = (size_t)cl->n_cpus;
    memcpy(d->cpus, cl->cpus, d->n_cpus * sizeof *d->cpus);
    d->id = cl->id;
    d->core_name = cl->core_name;
    d->core_vendor = cl->core_vendor;
    d->based_on = cl->based_on;
    if (cl->midr)
        snprintf(d->midr, sizeof d->midr, "0x%08x", (unsigned)cl->midr);
    d->freq_min_mhz = cl->freq_min_mhz;
    d->freq_max_mhz = cl->freq_max_mhz;
    d->freq_cur_mhz = cl->freq_cur_mhz;
    d->cpuinfo_mhz = cl->cpuinfo_mhz;
    d->claimed_mhz = cl->claimed_mhz;
    d->claimed_source = cl->claimed_source;
    d->measured_mhz = cl->measured_mhz;
    d->measured_check_mhz = cl->measured_check_mhz;
    d->measured_spread = cl->measured_spread;
    d->clock_agree = measured ? cl->measured_agree != 0 : -1;
    d->governor = cl->governor;
    d->cpufreq_driver = cl->driver;
    d->policy = cl->policy;
    return 0;
}

/* The features of fs and their disagreements described into doc; 0 or -1. */
static int features_fill(platform_cpu_doc *doc, const platform_features *fs)
{
    size_t n = fs->n > 0 ? (size_t)fs->n : 0;
    doc->features = malloc((n ? n : 1) * sizeof *doc->features);
    doc->disagreements = calloc(n ? n : 1, sizeof *doc->disagreements);
    doc->messages = calloc(n ? n : 1, sizeof *doc->messages);
    if (!doc->features || !doc->disagreements || !doc->messages)
        return -1;
    doc->n_features = n;
    memcpy(doc->features, fs->f, n * sizeof *doc->features);
    for (size_t i = 0; i < n; i++) {
        platform_disagreement_doc *d = &doc->disagreements[doc->n_disagreements];
        if (!platform_feature_disagreement(&fs->f[i], doc->messages[i], sizeof doc->messages[i]))
            continue;
        d->name = fs->f[i].name;
        d->cpu = fs->f[i].cpu;
        d->cpuinfo = fs->f[i].cpuinfo;
        d->message = doc->messages[i];
        doc->n_disagreements++;
    }
    doc->feature_table = fs->table;
    doc->feature_source = fs->source;
    doc->isa_mask = fs->mask;
    doc->isa_mask_unknown = fs->mask_unknown[0] ? fs->mask_unknown : NULL;
    return 0;
}

/* See cpu_doc.h. */
int platform_cpu_doc_fill(platform_cpu_doc *doc, const platform_cpu *cpu, const platform_features *fs)
{
    memset(doc, 0, sizeof *doc);
    doc->arch = cpu->arch;
    doc->vendor = cpu->vendor;
    doc->model_name = cpu->model_name;
    doc->board = cpu->board;
    doc->cores = cpu->n_cpus;
    doc->hybrid = cpu->hybrid != 0;
    doc->midr_source = cpu->midr_source;
    doc->cluster_source = cpu->cluster_source;
    doc->clock_method = cpu->clock_method;
    doc->clusters = calloc(cpu->n_clusters > 0 ? (size_t)cpu->n_clusters : 1, sizeof *doc->clusters);
    int rc = doc->clusters ? 0 : -1;
    for (int c = 0; c < cpu->n_clusters && rc == 0; c++) {
        rc = cluster_fill(&doc->clusters[c], &cpu->clusters[c]);
        doc->n_clusters += rc == 0;
    }
    if (rc == 0)
        rc = features_fill(doc, fs);
    if (rc != 0)
        platform_cpu_doc_free(doc);
    return rc;
}

/* See describe.h. */
json_t *platform_cpu_json(const platform_cpu *cpu, const platform_features *fs)
{
    platform_cpu_doc doc;
    if (platform_cpu_doc_fill(&doc, cpu, fs) != 0)
        return NULL;
    json_t *o = platform_cpu_doc_to_json(&doc);
    platform_cpu_doc_free(&doc);
    return o;
}
