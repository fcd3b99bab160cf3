/*
 * class.c — the table of class modules (class.h): one per class built
 * here (the test-only class's module, tests/classes/, in test builds only:
 * CM_TEST_CLASSES); and what their modules share (class_loop.h): the
 * no-op calls of their no-op vtables and bench_open's create check.
 */
#include <stddef.h>
#include "model/class.h"
#include "model/class_loop.h"
#include "model/kat_case.h"

extern const cm_class_module cm_class_hash, cm_class_mac, cm_class_cipher, cm_class_aead,
    cm_class_signature, cm_class_kex, cm_class_pke, cm_class_rng, cm_class_bignum,
    cm_class_kem;
#ifdef CM_TEST_CLASSES
extern const cm_class_module cm_class_checksum;
#endif

static const cm_class_module *const modules[] = {
    &cm_class_hash, &cm_class_mac, &cm_class_cipher, &cm_class_aead, &cm_class_signature,
    &cm_class_kex, &cm_class_pke, &cm_class_rng, &cm_class_bignum, &cm_class_kem,
#ifdef CM_TEST_CLASSES
    &cm_class_checksum,
#endif
};

const cm_class_module *cm_class_module_of(cm_class cls)
{
    for (size_t i = 0; i < sizeof modules / sizeof modules[0]; i++)
        if (modules[i]->cls == cls)
            return modules[i];
    return NULL;
}

const cm_class_module *cm_class_of(const cm_algorithm *alg)
{
    return cm_class_module_of(alg->cls);
}

cm_rc cm_nop_keyed_create(void **state, const uint8_t *key, size_t key_len)
{
    (void)key, (void)key_len;
    *state = NULL;
    return CM_OK;
}

void cm_nop_destroy(void *state)
{
    (void)state;
}

cm_rc cm_nop_state(void *state)
{
    (void)state;
    return CM_OK;
}

cm_rc cm_nop_whole(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    (void)state, (void)msg, (void)len, (void)out;
    return CM_OK;
}

int cm_bench_created(cm_rc rc, cm_error *err)
{
    return rc == CM_OK ? 0 : cm_error_set(err, CM_EXIT_FAILURES, "create() returned %s",
                                          kat_rc_name(rc));
}

const char *cm_class_name(cm_class cls)
{
    const cm_class_module *m = cm_class_module_of(cls);
    return m ? m->name : "?";
}
