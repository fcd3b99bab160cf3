/*
 * test_classes.c — each class module (class.h) measured over the counting
 * fakes of class_fakes.h: through workload.h it checks that
 *
 *   bench_open calls create once, plus what the operation consumes (the
 *   ciphertext a decrypt or an open needs, a key and a signature);
 *   a workload of N iterations calls the operation exactly N times and
 *   nothing else; the overhead workload calls none of the fake's
 *   functions (it runs the class's do-nothing table); close calls destroy
 *   once, except where the key pair is kept for the next benchmark
 *   (signature, pke: kept_key.h, and verify/decrypt then make no key); the
 *   class's unit is per byte, or per operation for signatures;
 *
 * and that a passing signature or pke cross-check keeps this
 * implementation's key pair, which the next benchmark takes instead of
 * making one, and a failing one keeps none. test_class_cross.c checks the
 * cross-checks themselves, test_class_cases.c the vector case hooks. The
 * checksum class is in test builds only (CM_TEST_CLASSES).
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "model/kept_key.h"
#include "model/class.h"
#include "measure/workload.h"
#include "class_fakes.h"

#define ITERS 37

/* Opens a bench of impl for op and checks the calls of each step:
 * bench_open makes exactly the calls in prep (each once: create first),
 * the workload calls op_fn ITERS times and nothing else, the overhead
 * workload calls nothing of the fake's, close calls destroy once, or
 * nothing when the state is kept for the next benchmark (kept_key.h). */
static void bench_steps_keeping(const cm_impl *impl, cm_op op, const enum fn *prep, size_t n_prep,
                                enum fn op_fn, int kept)
{
    const cm_algorithm *alg = cm_algorithm_find(impl->algorithm);
    cm_bench b, scratch;
    cm_error err = {0};
    reset_calls();
    int opened = cm_bench_open(&b, impl, op, cm_bench_message_len(alg, 64), &err) == 0;
    CHECK(opened);
    if (!opened) {
        fprintf(stderr, "  %s/%s: %s\n", impl->algorithm, cm_op_name(op), err.msg);
        return;
    }
    CHECK(all_calls() == n_prep);
    for (size_t i = 0; i < n_prep; i++)
        CHECK(calls[prep[i]] == 1);

    reset_calls();
    cm_workload w = cm_bench_workload(&b);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(calls[op_fn] == ITERS);
    CHECK(all_calls() == ITERS);

    reset_calls();
    w = cm_bench_overhead(&b, &scratch);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(all_calls() == 0);

    reset_calls();
    cm_bench_close(&b);
    CHECK(kept ? all_calls() == 0 : calls[F_DESTROY] == 1 && all_calls() == 1);
}

static void bench_steps(const cm_impl *impl, cm_op op, const enum fn *prep, size_t n_prep,
                        enum fn op_fn)
{
    bench_steps_keeping(impl, op, prep, n_prep, op_fn, 0);
}

/* Takes the state kept for vt (there must be one) and frees it. */
static void drop_kept(const void *vt)
{
    void *state = cm_kept_key_take(vt);
    CHECK(state != NULL);
    if (state)
        fake_destroy(state);
}

#define PREP(...) (const enum fn[]){__VA_ARGS__}, sizeof (const enum fn[]){__VA_ARGS__} / sizeof(enum fn)

/* kex derive: bench_open makes the state's key pair and a peer's (two
 * creates, two keygens, one export, the peer destroyed); the workload
 * derives ITERS times from the peer's public key. */
static void kex_derive_steps(void)
{
    cm_bench b, scratch;
    cm_error err = {0};
    reset_calls();
    int opened = cm_bench_open(&b, &kex_impl, CM_OP_DERIVE, 32, &err) == 0;
    CHECK(opened);
    if (!opened)
        return;
    CHECK(calls[F_CREATE] == 2 && calls[F_KEYGEN] == 2 && calls[F_GET_PUB] == 1 &&
          calls[F_DESTROY] == 1 && all_calls() == 6);
    CHECK(b.tag_len == 1);
    reset_calls();
    cm_workload w = cm_bench_workload(&b);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(calls[F_DERIVE] == ITERS && all_calls() == ITERS);
    reset_calls();
    w = cm_bench_overhead(&b, &scratch);
    CHECK(w.run(w.ctx, ITERS) == 0);
    CHECK(all_calls() == 0);
    cm_bench_close(&b);
}

static void test_measuring(void)
{
    bench_steps(&hash_impl, CM_OP_DIGEST, PREP(F_CREATE), F_DIGEST);
    bench_steps(&mac_impl, CM_OP_MAC, PREP(F_CREATE), F_MAC);
    bench_steps(&cbc_impl, CM_OP_ENCRYPT, PREP(F_CREATE, F_ENCRYPT), F_ENCRYPT);
    bench_steps(&cbc_impl, CM_OP_DECRYPT, PREP(F_CREATE, F_ENCRYPT, F_DECRYPT), F_DECRYPT);
    bench_steps(&aead_impl, CM_OP_SEAL, PREP(F_CREATE), F_SEAL);
    bench_steps(&aead_impl, CM_OP_OPEN, PREP(F_CREATE, F_SEAL), F_OPEN);
    bench_steps(&sig_impl, CM_OP_KEYGEN, PREP(F_CREATE), F_KEYGEN);
    /* sign makes the key pair and keeps it; verify takes it and only signs */
    bench_steps_keeping(&sig_impl, CM_OP_SIGN, PREP(F_CREATE, F_KEYGEN, F_SIGN), F_SIGN, 1);
    bench_steps_keeping(&sig_impl, CM_OP_VERIFY, PREP(F_SIGN), F_VERIFY, 1);
    drop_kept(&sig_vt);
    bench_steps(&rng_impl, CM_OP_GENERATE, PREP(F_CREATE), F_GENERATE);
    bench_steps(&kex_impl, CM_OP_KEYGEN, PREP(F_CREATE), F_KEYGEN);
    bench_steps_keeping(&pke_impl, CM_OP_ENCRYPT, PREP(F_CREATE, F_KEYGEN, F_ENCRYPT), F_ENCRYPT, 1);
    bench_steps_keeping(&pke_impl, CM_OP_DECRYPT, PREP(F_ENCRYPT), F_DECRYPT, 1);
    drop_kept(&pke_vt);
    kex_derive_steps();
    bench_steps(&kem_impl, CM_OP_KEYGEN, PREP(F_CREATE), F_KEYGEN);
    bench_steps(&kem_impl, CM_OP_ENCAPSULATE, PREP(F_CREATE, F_KEYGEN, F_GET_PUB), F_ENCAPS);
    bench_steps(&kem_impl, CM_OP_DECAPSULATE, PREP(F_CREATE, F_KEYGEN, F_GET_PUB, F_ENCAPS),
                F_DECAPS);
    {
        /* a ciphertext of another size than the row's fails the set-up */
        static const cm_impl kem_short = CM_IMPL_KEM("ml-kem-512", "short", &kem_short_vt, NULL);
        cm_bench b;
        cm_error err = {0};
        CHECK(cm_bench_open(&b, &kem_short, CM_OP_DECAPSULATE, 32, &err) != 0);
        CHECK_CONTAINS(err.msg, "a ciphertext of 767 bytes (ml-kem-512: 768)");
    }
#ifdef CM_TEST_CLASSES
    bench_steps(&sum_impl, CM_OP_SUM, PREP(F_CREATE), F_SUM);
#endif

    static const cm_class per_byte[] = {CM_CLASS_HASH, CM_CLASS_MAC, CM_CLASS_CIPHER,
                                        CM_CLASS_AEAD, CM_CLASS_RNG, CM_CLASS_CHECKSUM};
    for (size_t i = 0; i < sizeof per_byte / sizeof per_byte[0]; i++) {
        const cm_class_module *m = cm_class_module_of(per_byte[i]);
#ifndef CM_TEST_CLASSES
        if (per_byte[i] == CM_CLASS_CHECKSUM) {
            CHECK(m == NULL);
            continue;
        }
#endif
        CHECK(m && m->cls == per_byte[i] && m->unit == CM_UNIT_BYTE);
    }
    const cm_class_module *sig = cm_class_module_of(CM_CLASS_SIGNATURE);
    CHECK(sig && sig->unit == CM_UNIT_OP);
    const cm_class_module *kem = cm_class_module_of(CM_CLASS_KEM);
    CHECK(kem && kem->unit == CM_UNIT_OP && strcmp(kem->name, "kem") == 0);
    CHECK(cm_bench_message_len(cm_algorithm_find("ed25519"), 4096) == 32);
}

/* Takes whatever is kept for vt, so that a check starts from an empty slot. */
static void drain_kept(const void *vt)
{
    void *state = cm_kept_key_take(vt);
    if (state)
        fake_destroy(state);
}

/* The cross-check's own key pair serves the benchmarks (kat_pk_cross.c). */
static void test_cross_keeps_key(void)
{
    static const cm_impl sig_b = CM_IMPL_SIGNATURE("ed25519", "b", &sig_vt, NULL);
    static const cm_impl sig_refuses = CM_IMPL_SIGNATURE("ed25519", "refuses", &sig_refuses_vt,
                                                         NULL);
    static const cm_impl pke_b = CM_IMPL_PKE("rsa-2048-oaep-sha256", "b", &pke_vt, NULL);
    char detail[384];
    drain_kept(&sig_vt);
    CHECK(!cross(&sig_impl, &sig_refuses, 32, detail, sizeof detail));
    CHECK(cm_kept_key_take(&sig_vt) == NULL);
    CHECK(cross(&sig_impl, &sig_b, 32, detail, sizeof detail));
    /* sign takes the pair: no create, no keygen, only the signature verify will check */
    bench_steps_keeping(&sig_impl, CM_OP_SIGN, PREP(F_SIGN), F_SIGN, 1);
    drop_kept(&sig_vt);
    drain_kept(&pke_vt);
    CHECK(cross(&pke_impl, &pke_b, 32, detail, sizeof detail));
    bench_steps_keeping(&pke_impl, CM_OP_ENCRYPT, PREP(F_ENCRYPT), F_ENCRYPT, 1);
    drop_kept(&pke_vt);
}

int main(void)
{
    test_measuring();
    test_cross_keeps_key();
    return check_done("test_classes");
}
