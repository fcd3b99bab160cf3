/*
 * tcrypt_read.c — a tcrypt document read back into its result (tcrypt.h):
 * the rows as tcrypt_out.c wrote them, for `show`. A field of the wrong
 * type, or missing, is one error naming it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "run/tcrypt.h"
#include "util/json_each.h"
#include "util/json_read.h"

/* Row i of "results" into the next row of the result list; 0, or -1 with
 * err (cm_json_item_parser). */
static int row_from(const json_t *o, size_t i, void *list, cm_error *err)
{
    cm_tcrypt_result *r = list;
    cm_tcrypt_row *w = &r->rows[r->n];
    long long key = 0, block = 0, update = 0;
    char where[48];
    snprintf(where, sizeof where, "tcrypt results[%zu]", i);
    memset(w, 0, sizeof *w);
    if (!json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: not an object", where);
    if (cm_jr_string_into(o, "algorithm", 0, w->algorithm, sizeof w->algorithm, where, err) ||
        cm_jr_string_into(o, "driver", 0, w->driver, sizeof w->driver, where, err) ||
        cm_jr_string_into(o, "op", 0, w->op, sizeof w->op, where, err) ||
        cm_jr_int(o, "key_bits", 0, &key, where, err) ||
        cm_jr_int(o, "block_bytes", 0, &block, where, err) ||
        cm_jr_int(o, "update_bytes", 1, &update, where, err) ||
        cm_jr_number(o, "ops_per_s", 0, &w->ops_per_s, where, err) ||
        cm_jr_number(o, "bytes_per_s", 0, &w->bytes_per_s, where, err))
        return -1;
    if (key < 0 || key > 65536 || block < 0 || block > (long long)UINT32_MAX || update < 0 ||
        update > (long long)UINT32_MAX)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT,
                            "%s: key_bits, block_bytes or update_bytes out of range", where);
    w->key_bits = (int)key;
    w->block_bytes = (unsigned)block;
    w->update_bytes = (unsigned)update;
    r->n++;
    return 0;
}

/* See tcrypt.h. */
int cm_tcrypt_from_json(const json_t *doc, cm_tcrypt_result *r, cm_error *err)
{
    const char *where = "tcrypt document";
    const json_t *results = NULL;
    char status[16];
    memset(r, 0, sizeof *r);
    if (cm_jr_string_into(doc, "status", 0, status, sizeof status, where, err) ||
        cm_jr_string_into(doc, "kernel", 1, r->kernel, sizeof r->kernel, where, err) ||
        cm_jr_string_into(doc, "module", 1, r->module, sizeof r->module, where, err) ||
        cm_jr_string_into(doc, "reason", 1, r->unavailable, sizeof r->unavailable, where, err) ||
        cm_jr_container(doc, "results", 'a', 0, &results, where, err))
        return -1;
    if (strcmp(status, "measured") != 0 && strcmp(status, "unavailable") != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "%s: status is neither measured nor unavailable",
                            where);
    if (strcmp(status, "unavailable") == 0 && !r->unavailable[0])
        snprintf(r->unavailable, sizeof r->unavailable, "(no reason recorded)");
    r->rows = calloc(json_array_size(results) + 1, sizeof *r->rows);
    if (!r->rows)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "out of memory");
    if (cm_json_each(results, "tcrypt results", row_from, r, err) != 0) {
        free(r->rows);
        r->rows = NULL;
        r->n = 0;
        return -1;
    }
    return 0;
}
