/*
 * aes_score.c — the AES-score-per-MHz inference for a live run: what an
 * OpenSSL aes-256-cbc 16 KiB figure says about a core's family and clock.
 *
 * The table is data/aes_score_per_mhz.json; the rule is the one written in
 * python/cryptometer/aes_score.py (its docstring), implemented here step by
 * step with the same names, numbers and sentences, so that an imported
 * sbc-bench log and a live run get the same verdict from the same figures.
 * Keep the two in step: tests/unit/test_platform_detect.c checks sentences
 * produced by the Python side.
 *
 * Step 4 (the closest family of an unknown core) looks only at the families
 * of the figure's architecture. A live figure comes from this binary's own
 * OpenSSL, so platform_aes_score() uses the architecture this binary was
 * built for (a 32-bit binary on a 64-bit kernel ran 32-bit AES code: uname
 * would name the wrong one). Step 6 (circular verdicts) is about imported
 * logs whose figures the table was derived from; a live run judges no log,
 * so "circular" is always false here.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <jansson.h>

#include "platform/platform.h"
#include "platform/sysroot.h"

#define CLAIM_GAP 0.03

/* One family row. */
struct family {
    const char *name;
    const char *arch; /* as in the table (canonical), or NULL */
    double ratio, tolerance;
};

/* The architecture this binary was built for, as canonical_arch() names it;
 * NULL when not one of these. */
static const char *binary_arch(void)
{
#if defined(__x86_64__) || defined(_M_X64)
    return "x86_64";
#elif defined(__aarch64__) || defined(_M_ARM64)
    return "aarch64";
#elif defined(__i386__) || defined(_M_IX86)
    return "i686";
#elif defined(__arm__) || defined(_M_ARM)
    return "arm";
#elif defined(__riscv) && __riscv_xlen == 64
    return "riscv64";
#elif defined(__riscv) && __riscv_xlen == 32
    return "riscv32";
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
    return "ppc64le";
#elif defined(__powerpc64__)
    return "ppc64";
#elif defined(__s390x__)
    return "s390x";
#elif defined(__loongarch64)
    return "loongarch64";
#else
    return NULL;
#endif
}

/* canonical_arch(): ASCII A-Z lower-cased; amd64 -> x86_64, arm64 ->
 * aarch64, i386/i486/i586/x86 -> i686, arm and armv* -> arm; other names
 * unchanged. NULL for NULL or "". */
static const char *canonical_arch(const char *in, char *out, size_t len)
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

/* normalise_core_name(): ASCII A-Z lower-cased, all but a-z 0-9 dropped. */
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

/* Reads family i of the table. */
static int family_at(json_t *families, size_t i, struct family *f)
{
    json_t *e = json_array_get(families, i);
    f->name = json_string_value(json_object_get(e, "family"));
    f->arch = json_string_value(json_object_get(e, "arch"));
    f->ratio = json_number_value(json_object_get(e, "ratio"));
    f->tolerance = json_number_value(json_object_get(e, "tolerance"));
    return f->name && f->ratio > 0;
}

/* family_of(): the family whose cores contain core_name (first match). */
static int family_of(json_t *families, const char *core_name, struct family *out)
{
    char key[128], other[128];
    normalise(core_name, key, sizeof key);
    if (!key[0])
        return 0;
    for (size_t i = 0; i < json_array_size(families); i++) {
        json_t *cores = json_object_get(json_array_get(families, i), "cores");
        for (size_t j = 0; j < json_array_size(cores); j++) {
            normalise(json_string_value(json_array_get(cores, j)), other, sizeof other);
            if (strcmp(key, other) == 0)
                return family_at(families, i, out);
        }
    }
    return 0;
}

/* _pct(): "%+.1f%%" with a rounded zero printed as "+0.0%". */
static const char *pct(double x, char *buf, size_t len)
{
    snprintf(buf, len, "%+.1f%%", 100.0 * x);
    if (strcmp(buf, "-0.0%") == 0)
        snprintf(buf, len, "+0.0%%");
    return buf;
}

/* _band(): step 5 for a deviation from a known family's ratio. */
static const char *band(double deviation, double tolerance)
{
    if (fabs(deviation) <= tolerance)
        return "consistent";
    return deviation < 0 ? "clock-lower-than-claimed" : "clock-higher-than-claimed";
}

/* A JSON number, or null when the value is unset (NAN). */
static json_t *num(double v)
{
    return isnan(v) ? json_null() : json_real(v);
}

/* See platform.h. */
json_t *platform_aes_score(const char *core_name, double mhz, double kbs_16k, double claimed_mhz,
                           const char *mhz_label)
{
    return platform_aes_score_for_arch(binary_arch(), core_name, mhz, kbs_16k, claimed_mhz, mhz_label);
}

/* See platform.h. */
json_t *platform_aes_score_for_arch(const char *arch_name, const char *core_name, double mhz,
                                    double kbs_16k, double claimed_mhz, const char *mhz_label)
{
    char arch_buf[32];
    const char *arch = canonical_arch(arch_name, arch_buf, sizeof arch_buf);
    json_t *table = pf_data_table("data/aes_score_per_mhz.json");
    json_t *families = table ? json_object_get(table, "families") : NULL;
    json_t *absent = table ? json_object_get(table, "crypto_extensions_absent") : NULL;
    if (!json_array_size(families) || !json_is_number(json_object_get(absent, "fraction")))
        return NULL;
    double fraction = json_number_value(json_object_get(absent, "fraction"));
    if (!mhz_label)
        mhz_label = "measured";
    const char *who = core_name && core_name[0] ? core_name : "this core";
    char msg[2048], a[32], b[32];

    double spm = NAN, ratio = NAN, tol = NAN, expected = NAN, implied = NAN, dev = NAN;
    double claimed_dev = NAN;
    const char *verdict = "insufficient-data", *claimed_verdict = NULL;
    const char *family_name = NULL;
    json_t *closest = json_null();
    int have_claim = claimed_mhz > 0 && !isnan(claimed_mhz);

    if (!(kbs_16k > 0)) {
        snprintf(msg, sizeof msg,
                 "%s: no AES-256-CBC 16 KiB figure, so the AES score per MHz cannot be checked.", who);
        goto done;
    }
    if (!(mhz > 0)) {
        snprintf(msg, sizeof msg,
                 "%s: scores %.0f k/s in AES-256-CBC 16 KiB but no clock is known, so the score "
                 "per MHz cannot be checked.",
                 who, kbs_16k);
        goto done;
    }

    spm = kbs_16k / mhz;
    struct family fam;
    int known = family_of(families, core_name, &fam);
    double reference;
    char reference_words[160];
    if (known) {
        family_name = fam.name;
        ratio = fam.ratio;
        tol = fam.tolerance;
        expected = fam.ratio * mhz;
        implied = kbs_16k / fam.ratio;
        dev = spm / fam.ratio - 1.0;
        reference = fam.ratio;
        snprintf(reference_words, sizeof reference_words, "the %s ratio (%.0f)", fam.name, fam.ratio);
    } else {
        reference = INFINITY;
        for (size_t i = 0; i < json_array_size(families); i++) {
            struct family f;
            if (family_at(families, i, &f) && f.ratio < reference)
                reference = f.ratio;
        }
        snprintf(reference_words, sizeof reference_words, "the smallest ratio in the table (%.0f)",
                 reference);
    }

    if (spm < fraction * reference) {
        verdict = "crypto-extensions-absent-or-unused";
        snprintf(msg, sizeof msg,
                 "%s at %.0f MHz %s scores %.0f k/s in AES-256-CBC 16 KiB, %.1f per MHz: below "
                 "%.0f%% of %s, so AES ran without AES instructions: crypto extensions are absent "
                 "or unused.",
                 who, mhz, mhz_label, kbs_16k, spm, 100 * fraction, reference_words);
        goto done;
    }

    if (!known) {
        struct family near = {0}, f;
        double near_gap = INFINITY;
        int found = 0;
        for (size_t i = 0; arch && i < json_array_size(families); i++) {
            if (!family_at(families, i, &f) || !f.arch || strcmp(f.arch, arch) != 0)
                continue;
            double gap = fabs(spm / f.ratio - 1.0);
            if (!found || gap < near_gap) { /* strictly: the first wins a tie */
                near = f;
                near_gap = gap;
                found = 1;
            }
        }
        verdict = "unknown-family";
        char head[768];
        snprintf(head, sizeof head,
                 "%s is not a core family in the AES score table; at %.0f MHz %s it scores %.0f "
                 "k/s, %.1f per MHz",
                 who, mhz, mhz_label, kbs_16k, spm);
        if (!found && !arch)
            snprintf(msg, sizeof msg, "%s; its architecture is unknown, so no family is compared with it.",
                     head);
        else if (!found)
            snprintf(msg, sizeof msg, "%s; the table has no %s family to compare it with.", head, arch);
        else {
            closest = json_pack("{s:s, s:f, s:f}", "family", near.name, "ratio", near.ratio,
                                "deviation", spm / near.ratio - 1.0);
            snprintf(msg, sizeof msg, "%s, closest to %s (%.0f per MHz, %s) of the %s families in the table.",
                     head, near.name, near.ratio, pct(spm / near.ratio - 1.0, a, sizeof a), arch);
        }
        goto done;
    }

    verdict = band(dev, tol);
    char head[768];
    snprintf(head, sizeof head,
             "%s at %.0f MHz %s should score ~%.0f k/s in AES-256-CBC 16 KiB (%.0f per MHz); it "
             "scores %.0f (%s)",
             who, mhz, mhz_label, expected, fam.ratio, kbs_16k, pct(dev, a, sizeof a));
    if (strcmp(verdict, "consistent") == 0)
        snprintf(msg, sizeof msg, "%s: consistent with the %s family.", head, fam.name);
    else
        snprintf(msg, sizeof msg,
                 "%s, as a core at ~%.0f MHz would: the clock was likely %s than the %.0f MHz %s.",
                 head, implied, dev < 0 ? "lower" : "higher", mhz, mhz_label);

    if (have_claim) {
        claimed_dev = kbs_16k / claimed_mhz / fam.ratio - 1.0;
        claimed_verdict = band(claimed_dev, tol);
        if (fabs(claimed_mhz / mhz - 1.0) > CLAIM_GAP) {
            char extra[512];
            pct(claimed_dev, b, sizeof b);
            if (strcmp(verdict, "consistent") == 0) {
                if (fabs(claimed_dev) > tol)
                    snprintf(extra, sizeof extra,
                             "cpufreq claims %.0f MHz, which the score does not fit (%s): the score "
                             "confirms the %s clock, not the claimed one.",
                             claimed_mhz, b, mhz_label);
                else if (fabs(claimed_dev) > fabs(dev))
                    snprintf(extra, sizeof extra,
                             "cpufreq claims %.0f MHz (%s at that clock): the score fits the %s "
                             "clock better.",
                             claimed_mhz, b, mhz_label);
                else
                    snprintf(extra, sizeof extra,
                             "The score fits the cpufreq claim of %.0f MHz as well (%s).", claimed_mhz, b);
            } else if (fabs(claimed_dev) <= tol) {
                snprintf(extra, sizeof extra, "The cpufreq claim of %.0f MHz fits the score instead (%s).",
                         claimed_mhz, b);
            } else {
                snprintf(extra, sizeof extra,
                         "cpufreq claims %.0f MHz, which the score does not fit either (%s).",
                         claimed_mhz, b);
            }
            size_t ml = strlen(msg);
            snprintf(msg + ml, sizeof msg - ml, " %s", extra);
        }
    }

done:;
    json_t *o = json_object();
    json_object_set_new(o, "core_name", core_name ? json_string(core_name) : json_null());
    json_object_set_new(o, "arch", arch ? json_string(arch) : json_null());
    json_object_set_new(o, "mhz", num(mhz));
    json_object_set_new(o, "mhz_source", json_string(mhz_label));
    json_object_set_new(o, "kbs_16k", num(kbs_16k));
    json_object_set_new(o, "score_per_mhz", num(spm));
    json_object_set_new(o, "family", family_name ? json_string(family_name) : json_null());
    json_object_set_new(o, "ratio", num(ratio));
    json_object_set_new(o, "tolerance", num(tol));
    json_object_set_new(o, "expected_kbs", num(expected));
    json_object_set_new(o, "implied_mhz", num(implied));
    json_object_set_new(o, "deviation", num(dev));
    json_object_set_new(o, "closest_family", closest);
    json_object_set_new(o, "claimed_mhz", have_claim ? json_real(claimed_mhz) : json_null());
    json_object_set_new(o, "claimed_deviation", num(claimed_dev));
    json_object_set_new(o, "claimed_verdict", claimed_verdict ? json_string(claimed_verdict) : json_null());
    json_object_set_new(o, "verdict", json_string(verdict));
    json_object_set_new(o, "circular", json_false()); /* step 6 judges logs; a live run is none */
    json_object_set_new(o, "message", json_string(msg));
    return o;
}
