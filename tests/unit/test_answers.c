/*
 * test_answers.c — the answers' rules (src/records/answers*.c) on records
 * made here: the fastest with a clear and an unclear margin, acceleration
 * declared and inferred, a feature the CPU lacks, our NEON code's speed-up
 * on an emulated armhf CPU, each kind of finding, the trust line from health
 * flags, clock readings and emulation, every printed line within 100
 * columns, and the JSON written and parsed back to the same answers.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "records/answers.h"

/* A measured record of median ns per operation with its 95% interval at
 * median * (1 - w) .. median * (1 + w), clock readings at mhz. */
static void measured(cm_record *r, const char *backend, const char *variant, const char *alg,
                     cm_op op, size_t size, double ns, double w, double mhz)
{
    cm_record_init(r, backend, variant, cm_algorithm_find(alg), op, size, CM_RECORD_OK, NULL);
    r->m.stats.n = 30;
    r->m.stats.median = ns;
    r->m.stats.ci_low = ns * (1 - w);
    r->m.stats.ci_high = ns * (1 + w);
    cm_clock_reading c = {1, 1, 0, 1, mhz, mhz, 0.01};
    cm_record_set_clock(r, &c, &c);
}

static int find_line(const cm_answers *a, const char *sub)
{
    for (size_t i = 0; i < a->n_lines; i++)
        if (strstr(a->lines[i], sub))
            return 1;
    return 0;
}

static const cm_answer_fastest *fastest_of(const cm_answers *a, const char *op)
{
    for (size_t i = 0; i < a->n_fastest; i++)
        if (strcmp(a->fastest[i].operation, op) == 0)
            return &a->fastest[i];
    return NULL;
}

/* The records: GCM at 16 KiB (openssl 10x the portable code, 1.5x gnutls
 * with narrow intervals: clear; our aesni declared), SHA-256 (two within
 * each other's interval: no clear winner), Ed25519 sign per operation, a
 * failed check, a crash, a known finding and an accepted invalid case. */
static size_t make(cm_record *recs)
{
    size_t n = 0;
    measured(&recs[n++], "openssl", "evp", "aes-128-gcm", CM_OP_SEAL, 16384, 4000, 0.01, 3000);
    measured(&recs[n++], "gnutls", "default", "aes-128-gcm", CM_OP_SEAL, 16384, 6000, 0.01, 3000);
    measured(&recs[n++], "ref", "portable", "aes-128-gcm", CM_OP_SEAL, 16384, 40000, 0.01, 3000);
    measured(&recs[n++], "ref", "aesni", "aes-128-gcm", CM_OP_SEAL, 16384, 8000, 0.01, 3000);
    measured(&recs[n++], "openssl", "evp", "aes-128-gcm", CM_OP_SEAL, 1024, 400, 0.01, 3000);
    measured(&recs[n++], "openssl", "evp", "sha256", CM_OP_DIGEST, 16384, 10000, 0.05, 3000);
    measured(&recs[n++], "nettle", "default", "sha256", CM_OP_DIGEST, 16384, 10200, 0.05, 3000);
    measured(&recs[n++], "libsodium", "default", "ed25519", CM_OP_SIGN, 0, 20000, 0.02, 3000);
    cm_record_init(&recs[n++], "mbedtls", "default", cm_algorithm_find("aes-128-gcm"), CM_OP_SEAL,
                   0, CM_RECORD_FAILED_KAT, "vectors: 3 of 316 failed");
    cm_record_init(&recs[n++], "botan", "default", cm_algorithm_find("sha256"), CM_OP_DIGEST, 0,
                   CM_RECORD_CRASHED, "killed by SIGSEGV in the timed loop");
    measured(&recs[n], "cryptopp", "default", "aes-128-gcm", CM_OP_SEAL, 16384, 5000, 0.01, 3000);
    recs[n].status = CM_RECORD_KNOWN_FINDING;
    recs[n].m.n_samples = 30; /* measured: its cases lie outside what is timed */
    recs[n].has_kat = 1;
    snprintf(recs[n].kat.known_id, sizeof recs[n].kat.known_id, "cryptopp-gcm-inc32");
    snprintf(recs[n++].kat.known_what, sizeof recs[0].kat.known_what, "a counter that does not wrap; more");
    measured(&recs[n], "wolfssl", "wolfcrypt", "ed25519", CM_OP_SIGN, 0, 30000, 0.02, 3000);
    recs[n].has_kat = 1;
    recs[n].kat.findings = 1;
    snprintf(recs[n++].kat.finding_cases, sizeof recs[0].kat.finding_cases,
             "wycheproof/ed25519_test.json tcId 85 (invalid, SignatureMalleability, \"s + L\"): "
             "verify accepted an invalid signature\n");
    return n;
}

static void check_rules(const cm_answers *a)
{
    const cm_answer_fastest *gcm = fastest_of(a, "aes-128-gcm/seal");
    CHECK(gcm && strcmp(gcm->winner, "openssl:evp") == 0 && gcm->size == 16384);
    CHECK(gcm && strcmp(gcm->runner_up, "cryptopp") == 0 && gcm->clear);
    CHECK(gcm && gcm->margin_lo > 1 && gcm->margin_lo < gcm->margin && gcm->margin < gcm->margin_hi);
    const cm_answer_fastest *sha = fastest_of(a, "sha256/digest");
    CHECK(sha && !sha->clear && strstr(sha->text, "no clear winner"));
    const cm_answer_fastest *ed = fastest_of(a, "ed25519/sign");
    CHECK(ed && ed->size == 0 && strcmp(ed->unit, "ops/s") == 0 && strcmp(ed->winner, "libsodium") == 0);
    const cm_answer_accel *aes = NULL;
    for (size_t i = 0; i < a->n_accel; i++)
        if (strcmp(a->accel[i].feature, "aes") == 0)
            aes = &a->accel[i];
    CHECK(aes && aes->n_used >= 2 && aes->n_not == 1 && strcmp(aes->not_used_by[0], "ref:portable") == 0);
    CHECK(aes && strstr(aes->text, "openssl:evp 10.0x") && strstr(aes->text, "ref:aesni (declared)"));
    const cm_answer_accel *shani = NULL;
    for (size_t i = 0; i < a->n_accel; i++)
        if (strcmp(a->accel[i].feature, "sha_ni") == 0)
            shani = &a->accel[i];
    CHECK(shani && strcmp(shani->offered_by, "absent") == 0 && shani->n_used == 0 && shani->n_not == 2);
    CHECK(shani && strstr(shani->text, "SHA-NI (CPU): absent (the CPU lacks it): software fallback") &&
          strstr(shani->text, "openssl:evp, nettle."));
    CHECK(a->n_findings == 4);
    CHECK(strcmp(a->findings[0].kind, "failed-kat") == 0 && strcmp(a->findings[1].kind, "crash") == 0);
    CHECK(strcmp(a->findings[2].kind, "security") == 0 && a->findings[2].security_relevant);
    CHECK_CONTAINS(a->findings[2].text, "ed25519_test.json tcId 85 (SignatureMalleability)");
    CHECK(strcmp(a->findings[3].kind, "known-finding") == 0 &&
          strcmp(a->findings[3].id, "cryptopp-gcm-inc32") == 0);
    CHECK(!a->trust.quotable && strstr(a->trust.text, "busy (load)"));
    CHECK(find_line(a, "wolfssl:wolfcrypt (tcId 85)") && find_line(a, "cryptopp-gcm-inc32"));
    CHECK(a->n_lines >= 8 && a->n_lines <= CM_ANSWER_MAX_LINES);
    for (size_t i = 0; i < a->n_lines; i++)
        CHECK(strlen(a->lines[i]) <= CM_TEXT_COLUMNS);
}

/* Written and parsed back: the same answers, field for field. */
static void check_round_trip(const cm_answers *a)
{
    json_t *o = cm_answers_to_json(a);
    cm_answers *b = calloc(1, sizeof *b);
    cm_error err = {0};
    CHECK(o && b && cm_answers_from_json(o, b, &err) == 0);
    CHECK(b->n_accel == a->n_accel && b->n_fastest == a->n_fastest && b->n_findings == a->n_findings);
    CHECK(b->n_lines == a->n_lines && memcmp(b->lines, a->lines, sizeof a->lines) == 0);
    for (size_t i = 0; i < a->n_findings; i++)
        CHECK(!strcmp(b->findings[i].kind, a->findings[i].kind) &&
              !strcmp(b->findings[i].implementation, a->findings[i].implementation) &&
              !strcmp(b->findings[i].id, a->findings[i].id) &&
              !strcmp(b->findings[i].text, a->findings[i].text) &&
              b->findings[i].security_relevant == a->findings[i].security_relevant);
    CHECK(strcmp(b->fastest[0].text, a->fastest[0].text) == 0 &&
          b->fastest[0].margin_lo == a->fastest[0].margin_lo && b->trust.quotable == a->trust.quotable);
    json_object_set_new(json_object_get(json_object_get(o, "trust"), "text") ? json_object_get(o, "trust") : o,
                        "quotable", json_string("yes"));
    CHECK(cm_answers_from_json(o, b, &err) != 0);
    CHECK_CONTAINS(err.msg, "quotable");
    json_decref(o);
    free(b);
}

/* An armhf run under qemu-arm -cpu cortex-a8: NEON present, AES absent,
 * the CPU emulated. The trust line says so first; the AES answer names
 * what runs without the instructions (afalg:kernel among them; with them,
 * its driver cbc-aes-ce declares their use); the NEON answer gives our NEON
 * code's speed-up per algorithm (its first operation only). */
static void check_armhf(void)
{
    cm_record recs[8];
    size_t n = 0;
    measured(&recs[n++], "ref", "portable", "chacha20", CM_OP_ENCRYPT, 16384, 30000, 0.01, 900);
    measured(&recs[n++], "ref", "neon", "chacha20", CM_OP_ENCRYPT, 16384, 10000, 0.01, 900);
    measured(&recs[n++], "ref", "neon", "chacha20", CM_OP_DECRYPT, 16384, 5000, 0.01, 900);
    measured(&recs[n++], "ref", "portable", "chacha20", CM_OP_DECRYPT, 16384, 30000, 0.01, 900);
    measured(&recs[n++], "ref", "portable", "blake2s-256", CM_OP_DIGEST, 16384, 20000, 0.01, 900);
    measured(&recs[n++], "ref", "neon", "blake2s-256", CM_OP_DIGEST, 16384, 16000, 0.01, 900);
    measured(&recs[n++], "openssl", "evp", "aes-128-cbc", CM_OP_ENCRYPT, 16384, 90000, 0.01, 900);
    measured(&recs[n], "afalg", "kernel", "aes-128-cbc", CM_OP_ENCRYPT, 16384, 60000, 0.01, 900);
    recs[n++].served_by = "cbc-aes-ce";
    platform_cpu_doc cpu = {0};
    platform_feature features[2] = {{.name = "aes", .label = "AES", .cpu = 0},
                                    {.name = "neon", .label = "NEON", .cpu = 1, .present = 1}};
    cpu.features = features;
    cpu.n_features = 2;
    char *why = "/proc/cpuinfo names an x86 CPU (GenuineIntel) while this armv7l binary runs";
    platform_emulation_doc em = {.emulated = 1, .evidence = &why, .n_evidence = 1};
    platform_flags idle = {0};
    cm_answers_input in = {recs, n, &cpu, &idle, NULL, &em};
    cm_answers *a = calloc(1, sizeof *a);
    cm_answers_build(&in, a);
    CHECK(!a->trust.quotable && a->trust.n_flags == 1 && strcmp(a->trust.flags[0], "emulated") == 0);
    CHECK_CONTAINS(a->trust.text, "Trust: not quotable: emulated CPU (/proc/cpuinfo names an x86 CPU");
    CHECK_CONTAINS(a->trust.text, "the figures describe the emulator, not the hardware; machine idle");
    CHECK(a->n_accel == 2);
    CHECK(strcmp(a->accel[0].offered_by, "absent") == 0 && a->accel[0].n_not == 2);
    CHECK_CONTAINS(a->accel[0].text, "AES (CPU): absent (the CPU lacks it): software fallback");
    CHECK_CONTAINS(a->accel[1].text, "NEON (CPU): our ref:neon over ref:portable at 16 KiB: chacha20 "
                                     "3.0x, blake2s-256 1.2x.");
    CHECK(strcmp(a->accel[1].used_by[0], "ref:neon") == 0);
    CHECK(find_line(a, "emulated CPU") && find_line(a, "NEON (CPU): our ref:neon"));
    /* masked by --isa: said so */
    features[0] = (platform_feature){.name = "aes", .label = "AES", .cpu = 1, .masked = 1};
    cm_answers_build(&in, a);
    CHECK_CONTAINS(a->accel[0].text, "AES (CPU): absent (masked by --isa)");
    /* a hint only (a QEMU machine under qemu-system-arm): said, not held against the figures */
    char *hint = "a QEMU machine (device tree linux,dummy-virt; KVM or TCG)";
    platform_emulation_doc hinted = {.hints = &hint, .n_hints = 1};
    in.emulation = &hinted;
    cm_answers_trust(&in, memset(a, 0, sizeof *a));
    CHECK(a->trust.quotable && a->trust.n_flags == 0);
    CHECK_CONTAINS(a->trust.text, "Trust: quotable: perhaps emulated (a hint only: a QEMU machine (device");
    in.emulation = &em;
    /* present (-cpu max): a library's speed under an emulator is not judged */
    features[0] = (platform_feature){.name = "aes", .label = "AES", .cpu = 1, .present = 1};
    cm_answers_build(&in, a);
    CHECK(strcmp(a->accel[0].offered_by, "cpu") == 0 && a->accel[0].n_used == 1 && a->accel[0].n_not == 0);
    CHECK_CONTAINS(a->accel[0].text, "AES (CPU): used by afalg:kernel (declared); not judged under an "
                                     "emulator (speed tells nothing): openssl:evp.");
    free(a);
}

int main(void)
{
    check_armhf();
    cm_record recs[16];
    size_t n = make(recs);
    platform_flags flags = {0};
    platform_flags_add(&flags, "load", PLATFORM_SEVERITY_WARNING, "The load average is 3.");
    platform_flags_add(&flags, "vm", PLATFORM_SEVERITY_INFO, "A virtual machine.");
    platform_cpu_doc cpu = {0};
    platform_feature features[2] = {{.name = "aes", .label = "AES-NI", .present = 1},
                                    {.name = "sha_ni", .label = "SHA-NI", .present = 0}};
    cpu.features = features;
    cpu.n_features = 2;
    cm_answers_input in = {recs, n, &cpu, &flags, NULL, NULL};
    cm_answers *a = calloc(1, sizeof *a);
    cm_answers_build(&in, a);
    check_rules(a);
    check_round_trip(a);
    /* an idle machine with a steady clock: quotable */
    platform_flags_free(&flags);
    cm_answers_trust(&in, memset(a, 0, sizeof *a));
    CHECK(a->trust.quotable && strstr(a->trust.text, "idle") && strstr(a->trust.text, "steady"));
    free(a);
    return check_done("test_answers");
}
