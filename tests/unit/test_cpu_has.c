/*
 * test_cpu_has.c — cm_cpu_has() (include/cryptometer/cpu.h), the feature
 * query of the backends, and the mask that --isa sets
 * (platform_isa_mask_set): a masked feature is refused with its name and
 * "masked", an unknown name with "not a feature", an absent one with
 * "lacks it"; an empty list is always there; a mask naming an unknown
 * feature is refused with that name.
 */
#include <stdlib.h>
#include <string.h>
#include "check.h"
#include "cryptometer/cpu.h"
#include "platform/features.h"

int main(void)
{
    char why[256], unknown[256];
    unsetenv("CRYPTOMETER_ISA_MASK");
    CHECK(cm_cpu_has("", why, sizeof why) == 1);
    CHECK(cm_cpu_has("nosuchfeature", why, sizeof why) == 0);
    CHECK_CONTAINS(why, "needs nosuchfeature: not a feature");
    const platform_feature *aes = platform_cpu_feature("aes");
    if (!aes) {
        check_skip("masking", "this build's CPU table has no feature called aes");
        return check_done("test_cpu_has");
    }
    /* what the CPU says, unmasked */
    int had = aes->present;
    CHECK(cm_cpu_has("aes", why, sizeof why) == had);
    if (!had)
        CHECK_CONTAINS(why, "needs aes:");
    /* masked through the --isa path: the first missing feature is named */
    CHECK(platform_isa_mask_set("AES", unknown, sizeof unknown) == 0);
    CHECK(strcmp(getenv("CRYPTOMETER_ISA_MASK"), "AES") == 0);
    CHECK(cm_cpu_has("aes", why, sizeof why) == 0);
    CHECK_CONTAINS(why, had ? "needs aes: masked by CRYPTOMETER_ISA_MASK/--isa" : "needs aes: ");
    CHECK(cm_cpu_has(",aes", NULL, 0) == 0);
    /* a feature the CPU lacks says so, even unmasked */
    for (const char *name = "vaes,avx512f,sha512"; *name;) {
        char one[32];
        size_t n = strcspn(name, ",");
        snprintf(one, sizeof one, "%.*s", (int)n, name);
        const platform_feature *f = platform_cpu_feature(one);
        if (f && !f->cpu) {
            CHECK(cm_cpu_has(one, why, sizeof why) == 0);
            CHECK_CONTAINS(why, "this CPU lacks it");
        }
        name += n + (name[n] == ',');
    }
    /* an unknown name in the mask is refused and named */
    CHECK(platform_isa_mask_set("aes,bogus", unknown, sizeof unknown) == -1);
    CHECK_CONTAINS(unknown, "bogus");
    CHECK(platform_isa_mask_set("", unknown, sizeof unknown) == 0);
    CHECK(cm_cpu_has("aes", why, sizeof why) == had);
    return check_done("test_cpu_has");
}
