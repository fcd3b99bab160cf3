/*
 * class.c — the table of class modules (class.h): one per class built
 * here (the test-only class's module, tests/classes/, in test builds only:
 * CM_TEST_CLASSES); and the no-op create and destroy that their no-op
 * vtables share (class_loop.h).
 */
#include <stddef.h>
#include "model/class.h"
#include "model/class_loop.h"

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

const char *cm_class_name(cm_class cls)
{
    const cm_class_module *m = cm_class_module_of(cls);
    return m ? m->name : "?";
}
