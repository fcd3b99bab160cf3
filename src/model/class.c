/*
 * class.c — the table of class modules (class.h): one per class built
 * here. The test-only class's module (tests/classes/) is in test builds
 * only (CM_TEST_CLASSES).
 */
#include <stddef.h>
#include "model/class.h"

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

const char *cm_class_name(cm_class cls)
{
    const cm_class_module *m = cm_class_module_of(cls);
    return m ? m->name : "?";
}
