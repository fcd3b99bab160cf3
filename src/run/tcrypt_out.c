/*
 * tcrypt_out.c — `tcrypt`'s rows as its JSON document and as text
 * (tcrypt.h): per algorithm, driver, operation, key and block size, the
 * operations and bytes per second tcrypt logged.
 */
#include "run/tcrypt.h"

#include <jansson.h>
#include "util/text.h"

static json_t *row_json(const cm_tcrypt_row *w)
{
    json_t *o = json_pack("{s:s, s:s, s:s, s:i, s:i, s:f, s:f}", "algorithm", w->algorithm, "driver",
                          w->driver, "op", w->op, "key_bits", w->key_bits, "block_bytes",
                          (int)w->block_bytes, "ops_per_s", w->ops_per_s, "bytes_per_s", w->bytes_per_s);
    if (o && w->update_bytes)
        json_object_set_new(o, "update_bytes", json_integer(w->update_bytes));
    return o;
}

/* See tcrypt.h. */
json_t *cm_tcrypt_json(const cm_tcrypt_result *r)
{
    json_t *doc = json_pack("{s:s, s:s, s:s, s:s?}", "kind", "tcrypt", "status",
                            r->unavailable[0] ? "unavailable" : "measured", "kernel", r->kernel,
                            "module", r->module[0] ? r->module : NULL);
    json_t *a = json_array();
    if (!doc || !a) {
        json_decref(doc);
        json_decref(a);
        return NULL;
    }
    if (r->unavailable[0])
        json_object_set_new(doc, "reason", json_string(r->unavailable));
    for (int i = 0; i < r->n; i++) {
        json_t *o = row_json(&r->rows[i]);
        if (!o || json_array_append_new(a, o) != 0) {
            json_decref(a);
            json_decref(doc);
            return NULL;
        }
    }
    json_object_set_new(doc, "results", a);
    return doc;
}

/* cm_tcrypt_text's lines, unwrapped. */
static void text_lines(FILE *out, const cm_tcrypt_result *r)
{
    if (r->unavailable[0] && !r->n) {
        fprintf(out, "tcrypt: unavailable: %s\n", r->unavailable);
        return;
    }
    fprintf(out, "tcrypt (the kernel's speed test, sec=1), kernel %s, %s\n", r->kernel, r->module);
    fprintf(out, "%-16s %-28s %-8s %5s %7s %7s %12s %10s\n", "algorithm", "driver", "op", "key",
            "block", "update", "ops/s", "MB/s");
    for (int i = 0; i < r->n; i++) {
        const cm_tcrypt_row *w = &r->rows[i];
        fprintf(out, "%-16s %-28s %-8s %5d %7u %7u %12.0f %10.2f\n", w->algorithm, w->driver, w->op,
                w->key_bits, w->block_bytes, w->update_bytes, w->ops_per_s, w->bytes_per_s / 1e6);
    }
    if (r->unavailable[0])
        fprintf(out, "tcrypt: stopped: %s\n", r->unavailable);
}

/* See tcrypt.h. */
void cm_tcrypt_text(FILE *out, const cm_tcrypt_result *r)
{
    cm_text_gathered g;
    text_lines(cm_text_gather(&g, out), r);
    cm_text_flush_wrapped(&g, CM_TEXT_COLUMNS);
}
