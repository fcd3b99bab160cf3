/*
 * aes_score.c — the AES-score-per-MHz rule, the one implementation (see
 * aes_score.h; docs/detect.md states it step by step): what an OpenSSL
 * aes-256-cbc 16 KiB figure says about a core's family and clock, judged
 * against data/aes_score_per_mhz.json (its rows looked up in
 * aes_families.c).
 *
 * The steps: (1) score per MHz = kbs_16k / mhz, else insufficient-data;
 * (2) the family whose cores hold the core name (ASCII letters and digits,
 * lower-cased); (3) below the absent fraction of the family's ratio (or of
 * the table's smallest) → crypto-extensions-absent-or-unused; (4) no family
 * → unknown-family, naming the closest family of the figure's architecture;
 * (5) the deviation from the family's ratio within its tolerance →
 * consistent, else the clock was lower or higher than the one used, and the
 * cpufreq claim judged the same way; (6) a family whose ratio was derived
 * from the very log judged (derived_from, by SHA-256) → circular.
 * The other evidence of the figure weighs in: positive evidence of an
 * emulator → emulated-cpu before any step judges the timing; far below with
 * the CPU's AES instructions present and used → emulated-cpu (under a
 * hardware hypervisor, score-contradicts-features), present and
 * masked → crypto-extensions-unused (naming who masks), absent →
 * crypto-extensions-absent; without that evidence, absent-or-unused.
 * Present and masked is crypto-extensions-unused at any score: the figure
 * is of portable code, so no family or clock is judged from it.
 * (7) A figure of AES without AES instructions (crypto-extensions-absent or
 * absent-or-unused) of a core in "table_code_families" of its architecture
 * (32-bit ARM cores, whose OpenSSL runs table code) is also judged against
 * that family's ratio: the "table_code" object and a sentence.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

#include "platform/aes_families.h"
#include "platform/aes_result.h"
#include "platform/aes_score.h"
#include "platform/sysroot.h"
#include "util/json.h"

#define TABLE_PATH "data/aes_score_per_mhz.json"
#define CLAIM_GAP 0.03 /* a cpufreq claim this far from mhz gets a sentence */
#define CIRCULAR_WORDS \
    "(the table's ratio for this family was derived from this log, so agreement proves nothing)"

/* Step 7's words when the 32-bit ratio came from the log judged: the
 * verdict's own "circular" and CIRCULAR_WORDS stay those of steps 2-6. */
#define TABLE_CODE_CIRCULAR "(that ratio was measured in this very log, so this agreement proves nothing)"

/* A verdict as the steps fill it in: the result (NAN and NULL are "not
 * set"; its strings malloc'ed by keep()), with what the steps read. */
struct verdict {
    const platform_aes_figure *fig;
    const char *who, *label, *arch;
    const char *code, *claimed_code;
    platform_aes_result *r;
    int bad; /* out of memory */
    char msg[2048];
};

/* The architecture this binary was built for, as pf_aes_canonical_arch()
 * names it; NULL when not one of these. */
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

/* A signed percentage with one decimal; a rounded zero prints as "+0.0%". */
static const char *pct(double x, char *buf, size_t len)
{
    snprintf(buf, len, "%+.1f%%", 100.0 * x);
    if (strcmp(buf, "-0.0%") == 0)
        snprintf(buf, len, "+0.0%%");
    return buf;
}

/* Step 5 for a deviation from a known family's ratio. */
static const char *band(double deviation, double tolerance)
{
    if (fabs(deviation) <= tolerance)
        return "consistent";
    return deviation < 0 ? "clock-lower-than-claimed" : "clock-higher-than-claimed";
}

/* Appends printf-style text to the verdict's message. */
__attribute__((format(printf, 2, 3))) static void say(struct verdict *v, const char *fmt, ...)
{
    size_t used = strlen(v->msg);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->msg + used, sizeof v->msg - used, fmt, ap);
    va_end(ap);
}

/* Sets the result's string *dst to a malloc'ed copy of s (NULL stays
 * NULL); v->bad when out of memory. */
static void keep(struct verdict *v, char **dst, const char *s)
{
    free(*dst);
    *dst = s ? strdup(s) : NULL;
    v->bad |= s && !*dst;
}

/* The circular words, with their leading space, or "". */
static const char *circular_suffix(const struct verdict *v)
{
    return v->r->circular ? " " CIRCULAR_WORDS : "";
}

/* Step 4: a core of no family, compared with its architecture's families. */
static int judge_unknown(struct verdict *v, const json_t *families)
{
    const platform_aes_figure *g = v->fig;
    pf_aes_family near;
    char a[32];
    v->code = "unknown-family";
    say(v, "%s is not a core family in the AES score table; at %.0f MHz %s it scores %.0f k/s, %.1f per MHz",
        v->who, g->mhz, v->label, g->kbs_16k, v->r->score_per_mhz);
    if (!pf_aes_closest_family(families, v->arch, v->r->score_per_mhz, &near)) {
        if (v->arch)
            say(v, "; the table has no %s family to compare it with.", v->arch);
        else
            say(v, "; its architecture is unknown, so no family is compared with it.");
        return 0;
    }
    double dev = v->r->score_per_mhz / near.ratio - 1.0;
    v->r->has_closest = 1;
    keep(v, &v->r->closest.family, near.name);
    v->r->closest.ratio = near.ratio;
    v->r->closest.deviation = dev;
    v->r->circular = pf_aes_derived_from(&near, g->log_sha256);
    say(v, ", closest to %s (%.0f per MHz, %s) of the %s families in the table%s.", near.name, near.ratio,
        pct(dev, a, sizeof a), v->arch, circular_suffix(v));
    return 0;
}

/* Step 5 applied to the cpufreq claim: claimed_deviation, claimed_verdict,
 * and a sentence when the claim is more than CLAIM_GAP from mhz. */
static void judge_claim(struct verdict *v, const pf_aes_family *fam)
{
    const platform_aes_figure *g = v->fig;
    char b[32];
    v->r->claimed_deviation = g->kbs_16k / g->claimed_mhz / fam->ratio - 1.0;
    v->claimed_code = band(v->r->claimed_deviation, fam->tolerance);
    if (fabs(g->claimed_mhz / g->mhz - 1.0) <= CLAIM_GAP)
        return;
    int fits = fabs(v->r->claimed_deviation) <= fam->tolerance;
    pct(v->r->claimed_deviation, b, sizeof b);
    if (strcmp(v->code, "consistent") != 0)
        say(v, fits ? " The cpufreq claim of %.0f MHz fits the score instead (%s)."
                    : " cpufreq claims %.0f MHz, which the score does not fit either (%s).",
            g->claimed_mhz, b);
    else if (!fits)
        say(v, " cpufreq claims %.0f MHz, which the score does not fit (%s): the score confirms the %s clock, "
               "not the claimed one.", g->claimed_mhz, b, v->label);
    else if (fabs(v->r->claimed_deviation) > fabs(v->r->deviation))
        say(v, " cpufreq claims %.0f MHz (%s at that clock): the score fits the %s clock better.",
            g->claimed_mhz, b, v->label);
    else
        say(v, " The score fits the cpufreq claim of %.0f MHz as well (%s).", g->claimed_mhz, b);
}

/* Step 5: a core of a known family. */
static void judge_known(struct verdict *v, const pf_aes_family *fam)
{
    const platform_aes_figure *g = v->fig;
    char a[32];
    v->code = band(v->r->deviation, fam->tolerance);
    v->r->circular = pf_aes_derived_from(fam, g->log_sha256);
    say(v, "%s at %.0f MHz %s should score ~%.0f k/s in AES-256-CBC 16 KiB (%.0f per MHz); it scores %.0f (%s)",
        v->who, g->mhz, v->label, v->r->expected_kbs, fam->ratio, g->kbs_16k, pct(v->r->deviation, a, sizeof a));
    if (strcmp(v->code, "consistent") == 0)
        say(v, ": consistent with the %s family%s.", fam->name, circular_suffix(v));
    else
        say(v, ", as a core at ~%.0f MHz would: the clock was likely %s than the %.0f MHz %s%s.", v->r->implied_mhz,
            v->r->deviation < 0 ? "lower" : "higher", g->mhz, v->label, circular_suffix(v));
    if (g->claimed_mhz > 0)
        judge_claim(v, fam);
}

/* Step 3, the figure far below every family: what the other evidence
 * (the CPU's AES instructions, the library's use of them, an emulator)
 * says about why. Without that evidence, absent-or-unused. */
static void judge_far_below(struct verdict *v, double fraction, const char *reference_words)
{
    const platform_aes_figure *g = v->fig;
    int present = g->aes_instructions && strcmp(g->aes_instructions, "present") == 0;
    int absent = g->aes_instructions && strcmp(g->aes_instructions, "absent") == 0;
    int used = g->library_aes && strcmp(g->library_aes, "used") == 0;
    int masked = g->library_aes && strcmp(g->library_aes, "masked") == 0;
    say(v, "%s at %.0f MHz %s scores %.0f k/s in AES-256-CBC 16 KiB, %.1f per MHz: below %.0f%% of %s",
        v->who, g->mhz, v->label, g->kbs_16k, v->r->score_per_mhz, 100 * fraction, reference_words);
    if (present && used && g->native && g->native[0]) {
        v->code = "score-contradicts-features";
        say(v, ", although the CPU reports AES instructions, OpenSSL uses them and %s runs guest instructions "
               "natively: the timing contradicts the features; the likeliest cause is other work or the "
               "hypervisor taking the core during the measurement (load, steal) or a misread clock; measure "
               "again on an idle machine.", g->native);
    } else if (present && used) {
        v->code = "emulated-cpu";
        say(v, ", although the CPU reports AES instructions and OpenSSL uses them: emulated CPU (QEMU TCG or "
               "similar): timings describe the emulator, not a core; run on bare metal (or under KVM) to "
               "measure the core.");
    } else if (present && masked) {
        v->code = "crypto-extensions-unused";
        say(v, "; the CPU has AES instructions but %s keeps OpenSSL from using them, so AES ran in portable "
               "code; unset the mask (or use a library that knows the instructions) and measure again.",
            g->masked_by && g->masked_by[0] ? g->masked_by : "its capability vector");
    } else if (absent) {
        v->code = "crypto-extensions-absent";
        say(v, "; the CPU reports no AES instructions, so AES runs in portable code; prefer ChaCha20-Poly1305 "
               "here, or a hardware engine if the kernel has one (compare with `cryptometer run --filter "
               "afalg`).");
    } else {
        v->code = "crypto-extensions-absent-or-unused";
        say(v, ", so AES ran without AES instructions: crypto extensions are absent or unused. Check the "
               "CPU's features and the library's capability vector with `cryptometer detect`.");
    }
}

/* Whether the figure's evidence is word for key. */
static int is(const char *value, const char *word)
{
    return value && strcmp(value, word) == 0;
}

/* AES instructions present but masked from OpenSSL, the score not far
 * below: the figure is of portable code all the same. */
static void judge_masked(struct verdict *v)
{
    const platform_aes_figure *g = v->fig;
    v->code = "crypto-extensions-unused";
    say(v, "%s at %.0f MHz %s scores %.0f k/s in AES-256-CBC 16 KiB (%.1f per MHz) with its AES instructions "
           "unused: %s keeps OpenSSL from them, so the figure is of portable code and says nothing about the "
           "core's family or clock; unset the mask (or use a library that knows the instructions) and measure "
           "again.",
        v->who, g->mhz, v->label, g->kbs_16k, v->r->score_per_mhz, g->masked_by && g->masked_by[0] ? g->masked_by
                                                                                    : "its capability vector");
}

/* An emulated CPU (positive evidence): the timing says nothing about a
 * core, so no family or clock is judged from it. */
static void judge_emulated(struct verdict *v)
{
    const platform_aes_figure *g = v->fig;
    v->code = "emulated-cpu";
    say(v, "Emulated CPU (QEMU TCG or similar; %s): timings describe the emulator, not a core, so %s's %.0f "
           "k/s (%.1f per MHz at %.0f MHz %s) says nothing about its AES instructions or its clock; run on "
           "bare metal (or under KVM) to measure the core.",
        g->emulated, v->who, g->kbs_16k, v->r->score_per_mhz, g->mhz, v->label);
}

/* Steps 1 to 6 on v (the figure set); -1 only when out of memory. */
static int judge(struct verdict *v, const json_t *families, double fraction)
{
    const platform_aes_figure *g = v->fig;
    if (!(g->kbs_16k > 0)) {
        say(v, "%s: no AES-256-CBC 16 KiB figure, so the AES score per MHz cannot be checked.", v->who);
        return 0;
    }
    if (!(g->mhz > 0)) {
        say(v, "%s: scores %.0f k/s in AES-256-CBC 16 KiB but no clock is known, so the score per MHz "
               "cannot be checked.", v->who, g->kbs_16k);
        return 0;
    }
    v->r->score_per_mhz = g->kbs_16k / g->mhz;
    pf_aes_family fam;
    int known = pf_aes_family_of(families, g->core_name, &fam);
    char reference_words[160];
    double reference = known ? fam.ratio : pf_aes_smallest_ratio(families);
    if (known) {
        keep(v, &v->r->family, fam.name);
        v->r->ratio = fam.ratio;
        v->r->tolerance = fam.tolerance;
        v->r->expected_kbs = fam.ratio * g->mhz;
        v->r->implied_mhz = g->kbs_16k / fam.ratio;
        v->r->deviation = v->r->score_per_mhz / fam.ratio - 1.0;
        snprintf(reference_words, sizeof reference_words, "the %s ratio (%.0f)", fam.name, fam.ratio);
    } else {
        snprintf(reference_words, sizeof reference_words, "the smallest ratio in the table (%.0f)", reference);
    }
    if (g->emulated && g->emulated[0]) {
        judge_emulated(v);
        return 0;
    }
    if (v->r->score_per_mhz < fraction * reference) {
        judge_far_below(v, fraction, reference_words);
        return 0;
    }
    if (is(g->aes_instructions, "present") && is(g->library_aes, "masked")) {
        judge_masked(v);
        return 0;
    }
    if (!known)
        return judge_unknown(v, families);
    judge_known(v, &fam);
    return 0;
}

/* Step 7: AES that ran without AES instructions, judged against the family
 * of rows ("table_code_families") that holds the core and is of the
 * figure's architecture; nothing when there is none. */
static void judge_table_code(struct verdict *v, const json_t *rows)
{
    const platform_aes_figure *g = v->fig;
    pf_aes_family f;
    char fa[32], a[32];
    if (!v->arch || !(v->r->score_per_mhz > 0) || !pf_aes_family_of(rows, g->core_name, &f) ||
        !pf_aes_canonical_arch(f.arch, fa, sizeof fa) || strcmp(fa, v->arch) != 0)
        return;
    double dev = v->r->score_per_mhz / f.ratio - 1.0;
    const char *code = band(dev, f.tolerance);
    int circular = pf_aes_derived_from(&f, g->log_sha256);
    say(v, " Against the %s table of cores without AES instructions: at %.0f MHz the %s family should score "
           "~%.0f k/s (%.2f per MHz); it scores %.0f (%s): %s%s%s.",
        v->arch, g->mhz, f.name, f.ratio * g->mhz, f.ratio, g->kbs_16k, pct(dev, a, sizeof a), code,
        circular ? " " : "", circular ? TABLE_CODE_CIRCULAR : "");
    v->r->has_table_code = 1;
    keep(v, &v->r->table_code.family, f.name);
    keep(v, &v->r->table_code.verdict, code);
    v->r->table_code.ratio = f.ratio;
    v->r->table_code.tolerance = f.tolerance;
    v->r->table_code.deviation = dev;
    v->r->table_code.circular = circular;
}

/* The figure's own strings into the result: its core, clock and evidence. */
static void keep_figure(struct verdict *v)
{
    const platform_aes_figure *g = v->fig;
    keep(v, &v->r->core_name, g->core_name);
    keep(v, &v->r->arch, v->arch);
    keep(v, &v->r->mhz_source, v->label);
    keep(v, &v->r->aes_instructions, g->aes_instructions);
    keep(v, &v->r->library_aes, g->library_aes);
    keep(v, &v->r->masked_by, is(g->library_aes, "masked") ? g->masked_by : NULL);
    keep(v, &v->r->emulated, g->emulated);
    keep(v, &v->r->native, g->native);
}

/* See aes_score.h. */
int platform_aes_judge(const json_t *table, const platform_aes_figure *fig, platform_aes_result *out)
{
    memset(out, 0, sizeof *out);
    if (!table)
        table = pf_data_table(TABLE_PATH);
    const json_t *families = json_object_get(table, "families");
    const json_t *fraction = json_object_get(json_object_get(table, "crypto_extensions_absent"), "fraction");
    if (!json_array_size(families) || !json_is_number(fraction))
        return -1;
    char arch[32];
    *out = (platform_aes_result){
        .mhz = fig->mhz, .kbs_16k = fig->kbs_16k, .score_per_mhz = NAN, .ratio = NAN, .tolerance = NAN,
        .expected_kbs = NAN, .implied_mhz = NAN, .deviation = NAN,
        .claimed_mhz = fig->claimed_mhz > 0 ? fig->claimed_mhz : NAN, .claimed_deviation = NAN,
    };
    struct verdict v = {
        .fig = fig,
        .who = fig->core_name && fig->core_name[0] ? fig->core_name : "this core",
        .label = fig->mhz_label ? fig->mhz_label : "measured",
        .arch = pf_aes_canonical_arch(fig->arch, arch, sizeof arch),
        .code = "insufficient-data",
        .r = out,
    };
    keep_figure(&v);
    if (judge(&v, families, json_number_value(fraction)) != 0)
        return -1;
    if (strncmp(v.code, "crypto-extensions-absent", 24) == 0)
        judge_table_code(&v, json_object_get(table, "table_code_families"));
    keep(&v, &out->verdict, v.code);
    keep(&v, &out->claimed_verdict, v.claimed_code);
    keep(&v, &out->message, v.msg);
    return v.bad ? -1 : 0;
}

/* See aes_score.h. */
double platform_aes_absent_fraction(void)
{
    const json_t *t = pf_data_table(TABLE_PATH);
    const json_t *f = json_object_get(json_object_get(t, "crypto_extensions_absent"), "fraction");
    return json_is_number(f) ? json_number_value(f) : NAN;
}

/* See aes_score.h. */
json_t *platform_aes_verdict(const json_t *table, const platform_aes_figure *fig)
{
    platform_aes_result r;
    json_t *o = platform_aes_judge(table, fig, &r) == 0 ? platform_aes_result_to_json(&r) : NULL;
    platform_aes_result_free(&r);
    return o;
}

/* See aes_score.h. */
int platform_aes_score_judge(const char *core_name, double mhz, double kbs_16k, double claimed_mhz,
                             const char *mhz_label, platform_aes_result *out)
{
    platform_aes_figure fig = {core_name, mhz, kbs_16k, claimed_mhz, mhz_label, binary_arch(), NULL,
                               NULL, NULL, NULL, NULL, NULL};
    return platform_aes_judge(NULL, &fig, out);
}

/* See aes_score.h. */
json_t *platform_aes_score(const char *core_name, double mhz, double kbs_16k, double claimed_mhz,
                           const char *mhz_label)
{
    platform_aes_result r;
    json_t *o = platform_aes_score_judge(core_name, mhz, kbs_16k, claimed_mhz, mhz_label, &r) == 0
                    ? platform_aes_result_to_json(&r)
                    : NULL;
    platform_aes_result_free(&r);
    return o;
}

/* See aes_score.h. */
int platform_aes_score_source(platform_aes_source *out)
{
    const json_t *m = json_object_get(pf_data_table(TABLE_PATH), "metric");
    json_int_t size = json_integer_value(json_object_get(m, "size"));
    out->backend = json_string_value(json_object_get(m, "backend"));
    out->algorithm = json_string_value(json_object_get(m, "algorithm"));
    out->operation = json_string_value(json_object_get(m, "operation"));
    out->size = size > 0 ? (size_t)size : 0;
    return out->backend && out->algorithm && out->operation && out->size ? 0 : -1;
}

void platform_aes_source_text(char *buf, size_t len)
{
    platform_aes_source src;
    if (platform_aes_score_source(&src) == 0)
        snprintf(buf, len, "%s %s %s of %zu-byte blocks, as sbc-bench measures", src.backend,
                 src.algorithm, src.operation, src.size);
    else
        snprintf(buf, len, "the table names no figure to measure");
}
