/*
 * dmcrypt_read.c — a dmcrypt document read back into its result
 * (dmcrypt.h): the passes as dmcrypt_out.c wrote them, for `show` and the
 * answers' tests. A wrong type is one error naming the field.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/dmcrypt.h"
#include "util/json_read.h"

/* A number at key, 0 when absent. */
static int num(const json_t *o, const char *key, double *out, const char *where, cm_error *err)
{
    if (cm_jr_number(o, key, 1, out, where, err) != 0)
        return -1;
    if (*out != *out) /* NAN: absent */
        *out = 0;
    return 0;
}

static int point_from(const json_t *o, cm_dmc_point *p, const char *where, cm_error *err)
{
    long long sector = 512, io = 0, bytes = 0;
    const json_t *cpu = NULL;
    char op[8], status[16];
    memset(p, 0, sizeof *p);
    int rc = cm_jr_string_into(o, "mapping", 1, p->label, sizeof p->label, where, err) ||
             cm_jr_string_into(o, "cipher_spec", 1, p->spec, sizeof p->spec, where, err) ||
             cm_jr_string_into(o, "served_by", 1, p->drivers, sizeof p->drivers, where, err) ||
             cm_jr_string_into(o, "drivers_taken", 1, p->taken, sizeof p->taken, where, err) ||
             cm_jr_int(o, "sector_size", 1, &sector, where, err) || cm_jr_int(o, "io_size", 0, &io, where, err) ||
             cm_jr_string_into(o, "op", 1, op, sizeof op, where, err) ||
             cm_jr_string_into(o, "status", 1, status, sizeof status, where, err) ||
             cm_jr_string_into(o, "error", 1, p->error, sizeof p->error, where, err) ||
             cm_jr_int(o, "bytes", 1, &bytes, where, err) || num(o, "seconds", &p->seconds, where, err) ||
             cm_jr_container(o, "cpu", 'o', 1, &cpu, where, err) ||
             num(o, "dd_mb_per_s", &p->dd_mb_s, where, err) ||
             cm_jr_string_into(o, "dd_error", 1, p->dd_error, sizeof p->dd_error, where, err) ||
             num(o, "cryptsetup_mb_per_s", &p->cs_mb_s, where, err) ||
             cm_jr_string_into(o, "cryptsetup_error", 1, p->cs_error, sizeof p->cs_error, where, err) ||
             (cpu && (num(cpu, "process_user_s", &p->proc_user_s, where, err) ||
                      num(cpu, "process_system_s", &p->proc_system_s, where, err) ||
                      num(cpu, "all_user_s", &p->all_user_s, where, err) ||
                      num(cpu, "all_system_s", &p->all_system_s, where, err) ||
                      num(cpu, "all_softirq_s", &p->all_softirq_s, where, err)));
    if (rc)
        return -1;
    if (sector <= 0 || io <= 0 || bytes < 0 || (strcmp(op, "write") && strcmp(op, "read")))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: a sector_size, io_size, bytes or op out of range", where);
    p->sector_size = (unsigned)sector;
    p->io_size = (size_t)io;
    p->bytes = (uint64_t)bytes;
    p->op = strcmp(op, "write") ? "read" : "write";
    p->ok = !strcmp(status, "ok");
    return 0;
}

/* See dmcrypt.h. */
int cm_dmcrypt_from_json(const json_t *doc, cm_dmc_result *r, cm_error *err)
{
    const json_t *results = NULL, *o;
    long long dev = 0;
    char status[16];
    size_t i;
    memset(r, 0, sizeof *r);
    if (cm_jr_string_into(doc, "status", 1, status, sizeof status, "dmcrypt document", err) ||
        cm_jr_string_into(doc, "kernel", 1, r->kernel, sizeof r->kernel, "dmcrypt document", err) ||
        cm_jr_string_into(doc, "generic_driver", 1, r->generic_driver, sizeof r->generic_driver, "dmcrypt document", err) ||
        cm_jr_string_into(doc, "reason", 1, r->reason, sizeof r->reason, "dmcrypt document", err) ||
        cm_jr_int(doc, "device_bytes", 1, &dev, "dmcrypt document", err) ||
        cm_jr_container(doc, "results", 'a', 1, &results, "dmcrypt document", err))
        return -1;
    r->device_bytes = dev > 0 ? (uint64_t)dev : 0;
    if (strcmp(status, "measured"))
        r->unavailable = r->reason[0] ? r->reason : "unavailable (no reason recorded)";
    r->pts = calloc(json_array_size(results) + 1, sizeof *r->pts);
    if (!r->pts)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    json_array_foreach(results, i, o) {
        char where[48];
        snprintf(where, sizeof where, "dmcrypt results[%zu]", i);
        if (!json_is_object(o) || point_from(o, &r->pts[r->n], where, err) != 0) {
            if (!json_is_object(o))
                cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
            cm_dmcrypt_free(r);
            return -1;
        }
        r->n++;
    }
    return 0;
}
