/*
 * emulation_json.c — the emulation struct (emulation.h) as JSON and back:
 * {emulated, evidence [sentences], hints [sentences], native (absent when
 * none)}, as docs/detect.md and docs/result-format.md give it.
 */
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/emulation.h"
#include "util/json.h"
#include "util/json_read.h"

/* See emulation.h. */
int platform_emulation_add(char ***v, size_t *n, const char *text)
{
    char **grown = realloc(*v, (*n + 1) * sizeof **v);
    if (!grown)
        return -1;
    *v = grown;
    if (!(grown[*n] = strdup(text)))
        return -1;
    (*n)++;
    return 0;
}

/* See emulation.h. */
void platform_emulation_free(platform_emulation_doc *em)
{
    cm_jr_strings_free(em->evidence, em->n_evidence);
    cm_jr_strings_free(em->hints, em->n_hints);
    free(em->native);
    memset(em, 0, sizeof *em);
}

/* See emulation.h. */
json_t *platform_emulation_to_json(const platform_emulation_doc *em)
{
    json_t *ev = cm_jw_strings(em->evidence, em->n_evidence), *hs = cm_jw_strings(em->hints, em->n_hints);
    if (!ev || !hs) {
        json_decref(ev);
        json_decref(hs);
        return NULL;
    }
    return json_pack("{s:b, s:o, s:o, s:s?}", "emulated", em->emulated, "evidence", ev, "hints", hs,
                     "native", em->native);
}

/* See emulation.h. */
int platform_emulation_from_json(const json_t *o, platform_emulation_doc *em, cm_error *err)
{
    const json_t *ev, *hs;
    const char *where = "emulation";
    memset(em, 0, sizeof *em);
    if (o && !json_is_null(o) && !json_is_object(o))
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "emulation is not an object");
    if (!o || json_is_null(o))
        return 0;
    return cm_jr_bool(o, "emulated", 1, &em->emulated, where, err) ||
                   cm_jr_container(o, "evidence", 'a', 1, &ev, where, err) ||
                   cm_jr_strings(ev, &em->evidence, &em->n_evidence, where, err) ||
                   cm_jr_container(o, "hints", 'a', 1, &hs, where, err) ||
                   cm_jr_strings(hs, &em->hints, &em->n_hints, where, err) ||
                   cm_jr_string(o, "native", 1, &em->native, where, err)
               ? -1
               : 0;
}
