/*
 * dmcrypt_out.c — `dmcrypt`'s results as its JSON document and as text
 * (dmcrypt.h): per pass the throughput and the CPU time per GB, and beside
 * each dm-crypt figure the dm-linear one at the same I/O size, so the
 * crypto's share is apart from the block layer's.
 */
#include "run/dmcrypt.h"

#include <string.h>
#include <jansson.h>
#include "run/sweep_out.h"
#include "util/text.h"

/* The kcryptd workqueue's time cannot be told apart: its work runs on the
 * kernel's shared kworker threads. Said once, in the document and the text. */
static const char kcryptd_note[] =
    "kcryptd's work runs on shared kworker threads, so it is counted in the system and softirq "
    "time of every CPU, not apart";

/* See dmcrypt.h. */
double cm_dmc_mb_s(const cm_dmc_point *p)
{
    return p->seconds > 0 ? (double)p->bytes / p->seconds / 1e6 : 0;
}

/* See dmcrypt.h. */
double cm_dmc_cpu_per_gb(const cm_dmc_point *p)
{
    double cpu = p->all_user_s + p->all_system_s + p->all_softirq_s;
    return p->bytes ? cpu / ((double)p->bytes / 1e9) : 0;
}

/* The dm-linear point with p's op and I/O size, or NULL. */
static const cm_dmc_point *baseline(const cm_dmc_result *r, const cm_dmc_point *p)
{
    for (size_t i = 0; i < r->n; i++)
        if (!r->pts[i].spec[0] && r->pts[i].ok && r->pts[i].io_size == p->io_size &&
            strcmp(r->pts[i].op, p->op) == 0)
            return &r->pts[i];
    return NULL;
}

static json_t *point_json(const cm_dmc_result *r, const cm_dmc_point *p)
{
    const cm_dmc_point *b = p->spec[0] ? baseline(r, p) : NULL;
    json_t *o = json_pack("{s:s, s:s?, s:s?, s:s?, s:i, s:I, s:s, s:s}", "mapping", p->label, "cipher_spec",
                          p->spec[0] ? p->spec : NULL, "served_by", p->drivers[0] ? p->drivers : NULL,
                          "drivers_taken", p->taken[0] ? p->taken : NULL,
                          "sector_size", (int)p->sector_size, "io_size", (json_int_t)p->io_size,
                          "op", p->op, "status", p->ok ? "ok" : "failed");
    if (!o)
        return NULL;
    if (!p->ok) {
        json_object_set_new(o, "error", json_string(p->error));
        return o;
    }
    json_object_set_new(o, "bytes", json_integer((json_int_t)p->bytes));
    json_object_set_new(o, "seconds", json_real(p->seconds));
    json_object_set_new(o, "mb_per_s", json_real(cm_dmc_mb_s(p)));
    json_object_set_new(o, "cpu", json_pack("{s:f, s:f, s:f, s:f, s:f}", "process_user_s",
                                            p->proc_user_s, "process_system_s", p->proc_system_s,
                                            "all_user_s", p->all_user_s, "all_system_s",
                                            p->all_system_s, "all_softirq_s", p->all_softirq_s));
    json_object_set_new(o, "cpu_s_per_gb", json_real(cm_dmc_cpu_per_gb(p)));
    if (b)
        json_object_set_new(o, "linear_mb_per_s", json_real(cm_dmc_mb_s(b)));
    if (p->dd_mb_s > 0)
        json_object_set_new(o, "dd_mb_per_s", json_real(p->dd_mb_s));
    else if (p->dd_error[0])
        json_object_set_new(o, "dd_error", json_string(p->dd_error));
    if (p->cs_mb_s > 0)
        json_object_set_new(o, "cryptsetup_mb_per_s", json_real(p->cs_mb_s));
    else if (p->cs_error[0])
        json_object_set_new(o, "cryptsetup_error", json_string(p->cs_error));
    return o;
}

/* See dmcrypt.h. */
json_t *cm_dmcrypt_json(const cm_dmc_result *r)
{
    json_t *doc = json_pack("{s:s, s:s, s:s, s:I, s:s?, s:s}", "kind", "dmcrypt", "status",
                            r->unavailable ? "unavailable" : "measured", "kernel", r->kernel,
                            "device_bytes", (json_int_t)r->device_bytes, "generic_driver",
                            r->generic_driver[0] ? r->generic_driver : NULL, "kcryptd",
                            kcryptd_note);
    json_t *a = json_array();
    if (!doc || !a) {
        json_decref(doc);
        json_decref(a);
        return NULL;
    }
    if (r->unavailable)
        json_object_set_new(doc, "reason", json_string(r->unavailable));
    for (size_t i = 0; i < r->n; i++) {
        json_t *p = point_json(r, &r->pts[i]);
        if (!p || json_array_append_new(a, p) != 0) {
            json_decref(a);
            json_decref(doc);
            return NULL;
        }
    }
    json_object_set_new(doc, "results", a);
    return doc;
}

/* "x / y" as a ratio, or "-" when there is none, into buf. */
static const char *ratio(char *buf, size_t len, double x, double y)
{
    snprintf(buf, len, x > 0 && y > 0 ? "%.2f" : "-", x > 0 && y > 0 ? x / y : 0.0);
    return buf;
}

/* A figure, or "-" for none (0). */
static const char *figure(char *buf, size_t len, double mb_s)
{
    snprintf(buf, len, mb_s > 0 ? "%.1f" : "-", mb_s);
    return buf;
}

/* The start of a mapping's block when p begins one (its label differs from
 * the point before's): the label, the driver that served it, the header. */
static void block_start(FILE *out, const cm_dmc_result *r, size_t i, const char *header)
{
    const cm_dmc_point *p = &r->pts[i];
    if (i > 0 && strcmp(r->pts[i - 1].label, p->label) == 0)
        return;
    fprintf(out, "\n%s%s%s\n%s\n", p->label, p->drivers[0] ? ", served by " : "", p->drivers, header);
}

/* The columns every row starts with: sector size, I/O size, direction. */
static void row_start(FILE *out, const cm_dmc_point *p)
{
    char io[24];
    cm_sweep_size_text(io, sizeof io, p->io_size);
    fprintf(out, "  %6u %7s %6s", p->sector_size, io, p->op);
}

/* The passes checked by dd and cryptsetup, with the ratios. */
static void cross_checks(FILE *out, const cm_dmc_result *r)
{
    static const char header[] = "  sector      io     op      MB/s        dd  dd/own  cryptsetup  own/cs";
    const char *last = NULL; /* the label of the block the rows go in */
    char a[16], b[16], dd[16], cs[16];
    for (size_t i = 0; i < r->n; i++) {
        const cm_dmc_point *p = &r->pts[i];
        if (!p->ok || (!p->dd_mb_s && !p->dd_error[0] && !p->cs_mb_s && !p->cs_error[0]))
            continue;
        if (!last)
            fprintf(out, "\nCross-checks (dd: the same mapping, I/O size and O_DIRECT; cryptsetup "
                    "benchmark: AF_ALG on a 1 MiB user buffer, no block layer, no IV generator, "
                    "encryption beside write):\n");
        if (!last || strcmp(last, p->label) != 0)
            fprintf(out, "\n%s\n%s\n", p->label, header);
        last = p->label;
        row_start(out, p);
        fprintf(out, " %9.1f %9s %7s %11s %7s\n", cm_dmc_mb_s(p), figure(dd, sizeof dd, p->dd_mb_s),
                ratio(a, sizeof a, p->dd_mb_s, cm_dmc_mb_s(p)), figure(cs, sizeof cs, p->cs_mb_s),
                ratio(b, sizeof b, cm_dmc_mb_s(p), p->cs_mb_s));
        if (p->dd_error[0])
            fprintf(out, "    dd: %s\n", p->dd_error);
        if (p->cs_error[0])
            fprintf(out, "    cryptsetup: %s\n", p->cs_error);
    }
}

/* The text of a measured result, unwrapped: a block per mapping, then the
 * cross-checks. */
static void text(FILE *out, const cm_dmc_result *r)
{
    static const char header[] = "  sector      io     op      MB/s    linear   CPU s/GB";
    fprintf(out, "dm-crypt over a %llu MiB RAM device (loop over memory), kernel %s; O_DIRECT, "
            "sequential; CPU s/GB: user + system + softirq of every CPU per GB moved (%s)\n",
            (unsigned long long)(r->device_bytes >> 20), r->kernel, kcryptd_note);
    for (size_t i = 0; i < r->n; i++) {
        const cm_dmc_point *p = &r->pts[i];
        block_start(out, r, i, header);
        row_start(out, p);
        if (!p->ok) {
            fprintf(out, "  failed: %s\n", p->error);
            continue;
        }
        const cm_dmc_point *b = p->spec[0] ? baseline(r, p) : NULL;
        char lin[16] = "-";
        if (b)
            snprintf(lin, sizeof lin, "%.1f", cm_dmc_mb_s(b));
        const char *first = r->pts[i - (i > 0 && strcmp(r->pts[i - 1].label, p->label) == 0)].drivers;
        fprintf(out, " %9.1f %9s %10.2f%s%s%s\n", cm_dmc_mb_s(p), lin, cm_dmc_cpu_per_gb(p),
                strcmp(first, p->drivers) ? "  (served by " : "", strcmp(first, p->drivers) ? p->drivers : "",
                strcmp(first, p->drivers) ? ")" : "");
    }
    cross_checks(out, r);
}

/* See dmcrypt.h. */
void cm_dmcrypt_text(FILE *out, const cm_dmc_result *r)
{
    if (r->unavailable) { /* one line, as every refusal (docs/cli.md, "Exit codes") */
        fprintf(out, "dm-crypt: unavailable: %s\n", r->unavailable);
        return;
    }
    cm_text_gathered g;
    text(cm_text_gather(&g, out), r);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}
