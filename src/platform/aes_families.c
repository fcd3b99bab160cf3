/*
 * aes_families.c — looking up the rows of the AES score table for the
 * rule of aes_score.c (see aes_families.h): by core name, by architecture,
 * by the log a ratio was derived from.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <jansson.h>

#include "platform/aes_families.h"

/* See aes_families.h. */
const char *pf_aes_canonical_arch(const char *in, char *out, size_t len)
{
    static const char *const alias[][2] = {
        {"amd64", "x86_64"}, {"arm64", "aarch64"}, {"i386", "i686"},
        {"i486", "i686"},    {"i586", "i686"},     {"x86", "i686"},
    };
    size_t n = 0;
    if (!in || !*in || len == 0)
        return NULL;
    for (; *in && n + 1 < len; in++)
        out[n++] = (char)(*in >= 'A' && *in <= 'Z' ? *in - 'A' + 'a' : *in);
    out[n] = '\0';
    if (strcmp(out, "arm") == 0 || strncmp(out, "armv", 4) == 0)
        snprintf(out, len, "arm");
    for (size_t i = 0; i < sizeof alias / sizeof *alias; i++)
        if (strcmp(out, alias[i][0]) == 0) {
            snprintf(out, len, "%s", alias[i][1]);
            break;
        }
    return out;
}

/* A core name as names are compared: ASCII A-Z lower-cased, all but a-z
 * 0-9 dropped. */
static void normalise(const char *in, char *out, size_t len)
{
    size_t n = 0;
    for (; in && *in && n + 1 < len; in++) {
        char c = *in;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out[n++] = c;
    }
    out[n] = '\0';
}

/* Reads family i of the table; 0 when the row lacks a name or a ratio. */
static int family_at(const json_t *families, size_t i, pf_aes_family *f)
{
    const json_t *e = json_array_get(families, i);
    f->row = e;
    f->name = json_string_value(json_object_get(e, "family"));
    f->arch = json_string_value(json_object_get(e, "arch"));
    f->ratio = json_number_value(json_object_get(e, "ratio"));
    f->tolerance = json_number_value(json_object_get(e, "tolerance"));
    return f->name && f->ratio > 0;
}

/* See aes_families.h. */
int pf_aes_family_of(const json_t *families, const char *core_name, pf_aes_family *out)
{
    char key[128], other[128];
    normalise(core_name, key, sizeof key);
    if (!key[0])
        return 0;
    for (size_t i = 0; i < json_array_size(families); i++) {
        const json_t *cores = json_object_get(json_array_get(families, i), "cores");
        for (size_t j = 0; j < json_array_size(cores); j++) {
            normalise(json_string_value(json_array_get(cores, j)), other, sizeof other);
            if (strcmp(key, other) == 0)
                return family_at(families, i, out);
        }
    }
    return 0;
}

/* See aes_families.h. */
double pf_aes_smallest_ratio(const json_t *families)
{
    double least = INFINITY;
    pf_aes_family f;
    for (size_t i = 0; i < json_array_size(families); i++)
        if (family_at(families, i, &f) && f.ratio < least)
            least = f.ratio;
    return least;
}

/* See aes_families.h. */
int pf_aes_closest_family(const json_t *families, const char *arch, double spm, pf_aes_family *out)
{
    double best = INFINITY;
    int found = 0;
    pf_aes_family f;
    char fa[32];
    for (size_t i = 0; arch && i < json_array_size(families); i++) {
        if (!family_at(families, i, &f) || !pf_aes_canonical_arch(f.arch, fa, sizeof fa) || strcmp(fa, arch) != 0)
            continue;
        double gap = fabs(spm / f.ratio - 1.0);
        if (!found || gap < best) {
            *out = f;
            best = gap;
            found = 1;
        }
    }
    return found;
}

/* See aes_families.h. */
int pf_aes_derived_from(const pf_aes_family *f, const char *sha)
{
    size_t i;
    const json_t *d;
    if (!sha || !sha[0])
        return 0;
    json_array_foreach(json_object_get(f->row, "derived_from"), i, d) {
        const char *s = json_string_value(json_object_get(d, "sha256"));
        if (s && strcasecmp(s, sha) == 0)
            return 1;
    }
    return 0;
}
