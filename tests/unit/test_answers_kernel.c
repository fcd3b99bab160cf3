/*
 * test_answers_kernel.c — the answers about the kernel's drivers on
 * recorded facts: the engine answer (src/records/answers_kernel.c) on the
 * Marvell CESA and TI OMAP boards of tests/data/engines under Linux 7.2
 * (AF_ALG cannot reach the engine: measure it with dmcrypt) and 6.1
 * (reachable), a plain x86 VM (one line, no engine); and a dmcrypt
 * document's answers (src/run/dmcrypt_answers.c) on the document recorded
 * in tests/data/dmcrypt, then on the same passes with an engine's driver
 * names and figures changed to plant each verdict, written and read back.
 *
 * Usage: test_answers_kernel [SOURCE_DIR]
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "check_root.h"
#include "platform/kcrypto.h"
#include "platform/kernel_crypto.h"
#include "records/answers.h"
#include "run/dmcrypt.h"

static int find_line(const cm_answers *a, const char *sub)
{
    for (size_t i = 0; i < a->n_lines; i++)
        if (strstr(a->lines[i], sub))
            return 1;
    return 0;
}

/* The answers of a recorded tree under kernel version (NULL: as recorded). */
static int tree_answers(const char *rel, const char *version, platform_kcrypto *kc, cm_answers *a)
{
    char dir[256];
    cm_error err = {0};
    const char *root = tree(rel);
    if (version && root_with_version(rel, version, dir, sizeof dir) != 0)
        return -1;
    int rc = platform_kcrypto_read(version ? dir : root, kc, &err);
    if (version)
        remove_root(dir);
    if (rc != 0)
        return -1;
    cm_answers_input in = {NULL, 0, NULL, NULL, kc, NULL};
    cm_answers_build(&in, a);
    return 0;
}

static void test_engines(cm_answers *a)
{
    static const struct {
        const char *tree, *version, *needle, *reach;
    } cases[] = {
        {"engines/marvell-armada388-cesa", "7.2.13+deb14-armmp", "cbc(aes) served by mv-cbc-aes (priority 300, off-CPU engine",
         "AF_ALG cannot reach it (an off-CPU engine; AF_ALG binds only synchronous CPU drivers since Linux 7.2)"},
        {"engines/ti-am335x-omap", "7.2.13+deb14-armmp", "cbc(aes) served by cbc-aes-omap (priority 300, off-CPU engine",
         "measure it with `cryptometer dmcrypt`"},
        {"engines/ti-am335x-omap", "6.1.0-56-armmp", "cbc(aes) served by cbc-aes-omap", "AF_ALG reaches it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        platform_kcrypto kc;
        CHECK(tree_answers(cases[i].tree, cases[i].version, &kc, a) == 0);
        size_t engines = 0;
        const cm_answer_accel *x = NULL;
        for (size_t k = 0; k < a->n_accel; k++)
            if (!strcmp(a->accel[k].feature, "kernel-engine")) {
                engines++;
                x = &a->accel[k];
            }
        CHECK(engines == 1); /* one engine on each board: one answer */
        CHECK(x && !strcmp(x->offered_by, "kernel") && x->n_used == 0);
        CHECK_CONTAINS(x ? x->text : NULL, cases[i].needle);
        CHECK_CONTAINS(x ? x->text : NULL, cases[i].reach);
        CHECK(find_line(a, "Kernel: cbc(aes) served by"));
        if (!strncmp(cases[i].version, "7.2", 3)) /* where to measure it: within the printed lines */
            CHECK(find_line(a, "measure it with") && find_line(a, "dmcrypt`"));
        for (size_t k = 0; k < a->n_lines; k++)
            CHECK(strlen(a->lines[k]) <= CM_TEXT_COLUMNS);
        CHECK(a->n_lines <= CM_ANSWER_MAX_LINES);
        platform_kcrypto_free(&kc);
    }
    /* a plain x86 VM: no engine, at most the one line of its CPU drivers */
    platform_kcrypto kc;
    CHECK(tree_answers("sysroots/x86_64-aesni", NULL, &kc, a) == 0);
    size_t kernel = 0;
    for (size_t k = 0; k < a->n_accel; k++)
        kernel += !strcmp(a->accel[k].offered_by, "kernel");
    CHECK(kernel <= 1);
    CHECK(!find_line(a, "engine"));
    platform_kcrypto_free(&kc);
}

/* The recorded document read back: its passes, and its answers as the VM
 * run wrote them into *saved. */
static int recorded(cm_dmc_result *r, cm_answers *saved)
{
    json_error_t jerr;
    cm_error err = {0};
    json_t *doc = json_load_file(tree("dmcrypt/bookworm-6.1-x86_64-answers.json"), 0, &jerr);
    int rc = doc ? cm_dmcrypt_from_json(doc, r, &err) : -1;
    if (rc == 0)
        rc = cm_answers_from_json(cm_answers_of_document(doc), saved, &err);
    json_decref(doc);
    return rc;
}

static const cm_answer_dmcrypt *cipher(const cm_answers *a, const char *name)
{
    for (size_t i = 0; i < a->n_dmcrypt; i++)
        if (!strcmp(a->dmcrypt[i].cipher, name))
            return &a->dmcrypt[i];
    return NULL;
}

/* The document's answers as written and read back. */
static void check_round_trip(const cm_answers *a)
{
    json_t *o = cm_answers_to_json(a);
    cm_answers *b = calloc(1, sizeof *b);
    cm_error err = {0};
    CHECK(o && b && cm_answers_from_json(o, b, &err) == 0);
    if (b && o) {
        CHECK(b->n_dmcrypt == a->n_dmcrypt && b->n_lines == a->n_lines);
        for (size_t i = 0; i < a->n_dmcrypt && i < b->n_dmcrypt; i++) {
            CHECK(!strcmp(a->dmcrypt[i].text, b->dmcrypt[i].text));
            CHECK(a->dmcrypt[i].verdict == b->dmcrypt[i].verdict);
            CHECK(a->dmcrypt[i].pays_from_io == b->dmcrypt[i].pays_from_io);
            CHECK(a->dmcrypt[i].af_alg == b->dmcrypt[i].af_alg);
            CHECK(isnan(a->dmcrypt[i].cpu_saved_lo) ? isnan(b->dmcrypt[i].cpu_saved_lo)
                                                    : fabs(a->dmcrypt[i].cpu_saved_lo - b->dmcrypt[i].cpu_saved_lo) < 1e-9);
        }
    }
    free(b);
    json_decref(o);
}

/* The chosen driver's passes of cipher scaled: their wall and CPU time times f. */
static void scale(cm_dmc_result *r, const char *cipher, double f)
{
    for (size_t i = 0; i < r->n; i++)
        if (!strcmp(r->pts[i].label, cipher)) {
            r->pts[i].seconds *= f;
            r->pts[i].all_system_s = (r->pts[i].all_system_s + 0.001) * f;
        }
}

static void test_planted(cm_dmc_result *rp, cm_answers *a);

/* The recorded x86 run: AES-NI against the generic C, as recorded; then
 * planted (test_planted): the ESSIV mapping served by the OMAP engine
 * (renamed) on a 7.2 kernel, slower than the generic driver in every pass,
 * then as fast (ratios and CPU time around 1 both ways); and a run without
 * its generic mappings. */
static void test_dmcrypt(cm_answers *a)
{
    cm_dmc_result r = {0};
    cm_answers *saved = calloc(1, sizeof *saved);
    CHECK(saved && recorded(&r, saved) == 0);
    if (r.n == 0 || !saved) {
        free(saved);
        return;
    }
    cm_dmcrypt_answers(&r, NULL, a);
    /* the rule on the passes read back decides as the run did (AF_ALG's reach aside:
     * this host's kernel is not the VM's) */
    CHECK(saved->n_dmcrypt == 2 && a->n_dmcrypt == 2);
    for (size_t i = 0; i < saved->n_dmcrypt && i < a->n_dmcrypt; i++) {
        CHECK(saved->dmcrypt[i].verdict == a->dmcrypt[i].verdict);
        CHECK(saved->dmcrypt[i].pays_from_io == a->dmcrypt[i].pays_from_io);
        CHECK_NEAR(saved->dmcrypt[i].mb_s, a->dmcrypt[i].mb_s, 1e-9);
        CHECK(saved->dmcrypt[i].af_alg == 1); /* the VM's skcipher interface opened (cryptsetup used it) */
    }
    /* as recorded: AES-NI faster than aes-generic in every pair at 1 MiB; ESSIV from 64 KiB */
    CHECK(a->dmcrypt[0].verdict == CM_DMC_FASTER && a->dmcrypt[0].pays_from_io == 1048576);
    CHECK(a->dmcrypt[1].verdict == CM_DMC_FASTER && a->dmcrypt[1].pays_from_io == 65536);
    CHECK(a->dmcrypt[0].cpu_s_per_gb_saved > 0);
    free(saved);
    CHECK(a->n_dmcrypt == 2 && a->n_accel == 0 && a->n_fastest == 0 && !a->trust.quotable);
    const cm_answer_dmcrypt *x = cipher(a, "aes-xts-plain64"), *e = cipher(a, "aes-cbc-essiv:sha256");
    CHECK(x && e);
    if (!x || !e)
        return;
    CHECK(!strcmp(x->served_by, "xts-aes-aesni") && !strcmp(x->driver_class, "cpu-instructions"));
    CHECK(!strcmp(x->generic, "xts(ecb(aes-generic))") && x->af_alg == -1 && x->io_size == 1048576);
    CHECK(!strcmp(e->driver_class, "cpu-instructions")); /* the cipher's driver: cbc-aes-aesni, not sha256-avx2 */
    CHECK(x->mb_s > 0 && x->generic_mb_s > 0 && x->linear_mb_s > 0 && x->ratio_lo <= x->ratio_hi);
    CHECK(x->verdict == (x->ratio_lo > 1 ? CM_DMC_FASTER : x->ratio_hi < 1 ? CM_DMC_SLOWER : CM_DMC_NO_CLEAR));
    CHECK_CONTAINS(x->text, "aes-xts-plain64 via xts-aes-aesni (CPU instructions): ");
    CHECK_CONTAINS(a->lines[1], "one pass");
    CHECK(find_line(a, "aes-xts-plain64 via xts-aes-aesni"));
    check_round_trip(a);
    test_planted(&r, a);
    cm_dmcrypt_free(&r);
}

/* The recorded passes with an engine's driver names and figures planted. */
static void test_planted(cm_dmc_result *rp, cm_answers *a)
{
    cm_dmc_result r = *rp;
    const cm_answer_dmcrypt *e;
    platform_kcrypto kc;
    cm_answers *k = calloc(1, sizeof *k);
    CHECK(k && tree_answers("engines/ti-am335x-omap", "7.2.13+deb14-armmp", &kc, k) == 0);
    free(k);
    for (size_t i = 0; i < r.n; i++)
        if (!strcmp(r.pts[i].label, "aes-cbc-essiv:sha256"))
            snprintf(r.pts[i].drivers, sizeof r.pts[i].drivers, "essiv(cbc-aes-omap,sha256-generic)");
    scale(&r, "aes-cbc-essiv:sha256", 30); /* slower than the generic C in every pass */
    cm_dmcrypt_answers(&r, &kc, a);
    e = cipher(a, "aes-cbc-essiv:sha256");
    CHECK(e && e->verdict == CM_DMC_SLOWER && e->pays_from_io == 0 && e->af_alg == 0);
    CHECK(e && !strcmp(e->driver_class, "hardware-engine") && e->cpu_s_per_gb_saved < 0);
    CHECK_CONTAINS(e ? e->text : NULL, "(off-CPU engine: TI OMAP");
    CHECK_CONTAINS(e ? e->text : NULL, "slower in every pair");
    CHECK_CONTAINS(e ? e->text : NULL, "AF_ALG cannot reach cbc-aes-omap (an off-CPU engine;");
    check_round_trip(a);
    /* as fast as the generic driver: each pass at the generic's speed, one a hair above, one below */
    for (size_t i = 0; i < r.n; i++) {
        cm_dmc_point *c = &r.pts[i];
        for (size_t g = 0; g < r.n && !strcmp(c->label, "aes-cbc-essiv:sha256"); g++)
            if (!strncmp(r.pts[g].spec, "capi:cbc", 8) && r.pts[g].sector_size == c->sector_size &&
                r.pts[g].io_size == c->io_size && !strcmp(r.pts[g].op, c->op))
            {
                double f = c->op[0] == 'w' ? 0.98 : 1.02; /* speed and CPU time both ways */
                c->seconds = r.pts[g].seconds * f;
                c->all_user_s = r.pts[g].all_user_s * f;
                c->all_system_s = r.pts[g].all_system_s * f;
                c->all_softirq_s = r.pts[g].all_softirq_s * f;
            }
    }
    cm_dmcrypt_answers(&r, &kc, a);
    e = cipher(a, "aes-cbc-essiv:sha256");
    CHECK(e && e->verdict == CM_DMC_NO_CLEAR);
    CHECK_CONTAINS(e ? e->text : NULL, "no clear difference (0.98x to 1.02x");
    CHECK(e && e->cpu_saved_lo < 0 && e->cpu_saved_hi > 0);
    CHECK_CONTAINS(e ? e->text : NULL, "CPU time: no clear difference (");
    check_round_trip(a);
    platform_kcrypto_free(&kc);
    /* without the generic mappings: nothing to compare with */
    size_t kept = 0;
    for (size_t i = 0; i < r.n; i++)
        if (strncmp(r.pts[i].spec, "capi:", 5))
            r.pts[kept++] = r.pts[i];
    r.n = kept;
    cm_dmcrypt_answers(&r, NULL, a);
    CHECK(a->n_dmcrypt == 2 && a->dmcrypt[0].verdict == CM_DMC_NOT_COMPARED);
    CHECK_CONTAINS(a->dmcrypt[0].text, "no generic mapping measured");
    check_round_trip(a);
    rp->n = r.n;
}

int main(int argc, char **argv)
{
    snprintf(check_src, sizeof check_src, "%s", argc > 1 ? argv[1] : CM_SOURCE_DIR);
    cm_answers *a = calloc(1, sizeof *a);
    if (!a)
        return 1;
    test_engines(a);
    test_dmcrypt(a);
    free(a);
    return check_done("test_answers_kernel");
}
