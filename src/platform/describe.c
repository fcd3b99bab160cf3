/*
 * describe.c — the "system" and "cpu" objects of the detect document and of
 * every result file's context (see describe.h), and the check of a
 * --sysroot. Every jansson call that can fail is checked: out of memory
 * gives NULL, never a shorter object.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <jansson.h>

#include "platform/describe.h"
#include "platform/sysroot.h"
#include "util/json.h"

/* A positive double as JSON, else null. */
static json_t *pos_or_null(double v)
{
    return v > 0 && !isnan(v) ? json_real(v) : json_null();
}

/* A string as JSON, or null when empty. */
static json_t *str_or_null(const char *s)
{
    return s && s[0] ? json_string(s) : json_null();
}

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

/* Host name and kernel of the running system (uname) or of a recorded
 * tree (its /proc files) into o; 0 or -1 when out of memory. */
static int kernel_fields(json_t *o, const char *sysroot)
{
    char buf[512], rel[128];
    int rc = 0;
    if (!pf_has_sysroot(sysroot)) {
        struct utsname u;
        if (uname(&u) == 0) {
            rc |= cm_json_put(o, "hostname", cm_json_string_lossy(u.nodename));
            rc |= cm_json_put(o, "kernel", cm_json_string_lossy(u.release));
            rc |= cm_json_put(o, "kernel_version", cm_json_string_lossy(u.version));
            rc |= cm_json_put(o, "machine", cm_json_string_lossy(u.machine));
        }
        return rc;
    }
    if (pf_read_line(sysroot, "/proc/sys/kernel/hostname", buf, sizeof buf) == 0)
        rc |= json_object_set_new(o, "hostname", json_string(buf));
    if (pf_read_line(sysroot, "/proc/version", buf, sizeof buf) == 0) {
        /* "Linux version 6.1.0-56-arm64 (...) #1 SMP ..." */
        if (sscanf(buf, "Linux version %127s", rel) == 1)
            rc |= json_object_set_new(o, "kernel", json_string(rel));
        rc |= json_object_set_new(o, "kernel_version", json_string(buf));
    }
    return rc;
}

/* See describe.h. */
json_t *platform_system_json(const char *sysroot)
{
    json_t *o = json_object();
    int rc = o ? kernel_fields(o, sysroot) : -1;
    char *osr = pf_read_text(sysroot, "/etc/os-release", NULL);
    if (!osr && !pf_has_sysroot(sysroot))
        osr = pf_read_text(sysroot, "/usr/lib/os-release", NULL);
    const char *os = osr ? os_pretty_name(osr) : NULL;
    if (os)
        rc |= json_object_set_new(o, "os", json_string(os));
    free(osr);
    return cm_json_checked(o, rc);
}

/* One cluster of the "cpu" object; NULL when out of memory. */
static json_t *cluster_json(const platform_cluster *cl)
{
    char midr[16];
    json_t *co = json_object(), *cpus = json_array();
    int rc = co && cpus ? 0 : -1;
    for (int i = 0; i < cl->n_cpus && rc == 0; i++)
        rc |= json_array_append_new(cpus, json_integer(cl->cpus[i]));
    snprintf(midr, sizeof midr, "0x%08x", (unsigned)cl->midr);
    int measured = cl->measured_mhz > 0;
    rc |= json_object_set_new(co, "id", json_integer(cl->id));
    rc |= json_object_set_new(co, "cpus", cpus);
    rc |= json_object_set_new(co, "core_name", str_or_null(cl->core_name));
    rc |= json_object_set_new(co, "core_vendor", str_or_null(cl->core_vendor));
    rc |= json_object_set_new(co, "based_on", str_or_null(cl->based_on));
    rc |= json_object_set_new(co, "midr", cl->midr ? json_string(midr) : json_null());
    rc |= json_object_set_new(co, "freq_min_mhz", pos_or_null(cl->freq_min_mhz));
    rc |= json_object_set_new(co, "freq_max_mhz", pos_or_null(cl->freq_max_mhz));
    rc |= json_object_set_new(co, "freq_cur_mhz", pos_or_null(cl->freq_cur_mhz));
    rc |= json_object_set_new(co, "cpuinfo_mhz", pos_or_null(cl->cpuinfo_mhz));
    rc |= json_object_set_new(co, "claimed_mhz", pos_or_null(cl->claimed_mhz));
    rc |= json_object_set_new(co, "claimed_source", str_or_null(cl->claimed_source));
    rc |= json_object_set_new(co, "measured_mhz", pos_or_null(cl->measured_mhz));
    rc |= json_object_set_new(co, "measured_check_mhz", pos_or_null(cl->measured_check_mhz));
    rc |= json_object_set_new(co, "measured_spread", measured ? json_real(cl->measured_spread) : json_null());
    rc |= json_object_set_new(co, "clock_agree", measured ? json_boolean(cl->measured_agree) : json_null());
    rc |= json_object_set_new(co, "governor", str_or_null(cl->governor));
    rc |= json_object_set_new(co, "cpufreq_driver", str_or_null(cl->driver));
    rc |= json_object_set_new(co, "policy", str_or_null(cl->policy));
    return cm_json_checked(co, rc);
}

/* One feature of the "cpu" object; NULL when out of memory. */
static json_t *feature_json(const platform_feature *f)
{
    json_t *fo = json_pack("{s:s, s:s, s:b, s:s}", "name", f->name, "label", f->label, "present",
                           f->present, "source", f->source);
    int rc = fo ? 0 : -1;
    rc |= json_object_set_new(fo, "accelerates", str_or_null(f->accelerates));
    rc |= json_object_set_new(fo, "cpu", json_boolean(f->cpu));
    rc |= json_object_set_new(fo, "os", json_boolean(f->os));
    rc |= json_object_set_new(fo, "masked", json_boolean(f->masked));
    rc |= json_object_set_new(fo, "cpuinfo", f->cpuinfo < 0 ? json_null() : json_boolean(f->cpuinfo));
    return cm_json_checked(fo, rc);
}

/* The features part of the "cpu" object into o; 0 or -1. */
static int features_fields(json_t *o, const platform_features *fs)
{
    json_t *feats = json_array();
    int rc = feats ? 0 : -1;
    for (int i = 0; i < fs->n && rc == 0; i++)
        rc |= json_array_append_new(feats, feature_json(&fs->f[i]));
    rc |= json_object_set_new(o, "features", feats);
    rc |= json_object_set_new(o, "feature_table", str_or_null(fs->table));
    rc |= json_object_set_new(o, "feature_source", str_or_null(fs->source));
    rc |= json_object_set_new(o, "isa_mask", str_or_null(fs->mask));
    if (fs->mask_unknown[0])
        rc |= json_object_set_new(o, "isa_mask_unknown", json_string(fs->mask_unknown));
    rc |= json_object_set_new(o, "feature_disagreements", platform_features_disagreements(fs));
    return rc;
}

/* See describe.h. */
json_t *platform_cpu_json(const platform_cpu *cpu, const platform_features *fs)
{
    json_t *o = json_object(), *clusters = json_array();
    int rc = o && clusters ? 0 : -1;
    rc |= json_object_set_new(o, "arch", str_or_null(cpu->arch));
    rc |= json_object_set_new(o, "vendor", str_or_null(cpu->vendor));
    rc |= json_object_set_new(o, "model_name", str_or_null(cpu->model_name));
    rc |= json_object_set_new(o, "board", str_or_null(cpu->board));
    rc |= json_object_set_new(o, "cores", json_integer(cpu->n_cpus));
    rc |= json_object_set_new(o, "hybrid", json_boolean(cpu->hybrid));
    rc |= json_object_set_new(o, "midr_source", str_or_null(cpu->midr_source));
    rc |= json_object_set_new(o, "cluster_source", str_or_null(cpu->cluster_source));
    rc |= json_object_set_new(o, "clock_method", str_or_null(cpu->clock_method));
    for (int c = 0; c < cpu->n_clusters && rc == 0; c++)
        rc |= json_array_append_new(clusters, cluster_json(&cpu->clusters[c]));
    rc |= json_object_set_new(o, "clusters", clusters);
    if (rc == 0)
        rc = features_fields(o, fs);
    return cm_json_checked(o, rc);
}
