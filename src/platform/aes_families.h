/*
 * aes_families.h — the rows of the AES score table
 * (data/aes_score_per_mhz.json: "families", "table_code_families") as the
 * rule of aes_score.c looks them up: a family by core name, the closest of
 * an architecture, the smallest ratio, whether a ratio came from a given
 * log; and the table's names for architectures. Internal to the rule.
 */
#ifndef CM_PLATFORM_AES_FAMILIES_H
#define CM_PLATFORM_AES_FAMILIES_H

#include <stddef.h>
#include <jansson.h>

/* One family row (borrowed from the table). */
typedef struct pf_aes_family {
    const char *name;
    const char *arch; /* as in the table (canonical), or NULL */
    double ratio, tolerance;
    const json_t *row;
} pf_aes_family;

/* The table's name for an architecture: ASCII A-Z lower-cased; amd64 ->
 * x86_64, arm64 -> aarch64, i386/i486/i586/x86 -> i686, arm and armv* ->
 * arm; other names unchanged. NULL for NULL or "". */
const char *pf_aes_canonical_arch(const char *in, char *out, size_t len);

/* Step 2: the family of the rows whose cores contain core_name (the first
 * match; names compared lower-cased, letters and digits only); 0 when none
 * or when its row lacks a name or a ratio. */
int pf_aes_family_of(const json_t *families, const char *core_name, pf_aes_family *out);

/* The smallest ratio of the rows (step 3 for an unknown core). */
double pf_aes_smallest_ratio(const json_t *families);

/* Step 4: the family of architecture arch whose ratio is closest to spm
 * (relatively; the first in table order on a tie). 0 when there is none. */
int pf_aes_closest_family(const json_t *families, const char *arch, double spm, pf_aes_family *out);

/* Step 6: whether f's ratio was derived from the log whose SHA-256 is sha. */
int pf_aes_derived_from(const pf_aes_family *f, const char *sha);

#endif
