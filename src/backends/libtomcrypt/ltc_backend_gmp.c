/*
 * ltc_backend_gmp.c — `cm_backend_libtomcrypt_gmp`: LibTomCrypt with GMP as
 * its maths (gmp_desc). Only the public-key rows: LibTomCrypt's symmetric
 * code does not use the maths descriptor, so it is measured once, under
 * `libtomcrypt-ltm` (ltc_internal.h).
 */
#include <stdio.h>
#include <gmp.h>
#include "ltc_internal.h"

LTC_PK_ROWS(gmp, gmp_desc)

static const cm_impl gmp_impls[] = {
    LTC_PK_IMPLS(gmp),
};

/* LibTomCrypt's version (headers: it has no run-time call) and GMP's
 * (gmp_version, the library loaded). */
static const char *gmp_backend_version(void)
{
    static char v[64];
    snprintf(v, sizeof v, "%s (GMP %s maths)", SCRYPT, gmp_version);
    return v;
}

static cm_rc gmp_init(char *why, size_t why_len)
{
    return ltc_register(why, why_len);
}

extern const cm_backend cm_backend_libtomcrypt_gmp;
const cm_backend cm_backend_libtomcrypt_gmp = {
    .name = "libtomcrypt-gmp",
    .description = "LibTomCrypt's public key (ecc_*, rsa_*) with GMP as its maths (gmp_desc); "
                   "its symmetric rows are libtomcrypt-ltm's (no maths in them)",
    .version = gmp_backend_version,
    .init = gmp_init,
    .impls = gmp_impls,
    .n_impls = sizeof gmp_impls / sizeof gmp_impls[0],
};
