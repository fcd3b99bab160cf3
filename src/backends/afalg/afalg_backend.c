/*
 * afalg_backend.c — the afalg backend: the kernel's crypto API through
 * AF_ALG sockets and libkcapi (docs/afalg.md). Its rows are found at run
 * time (afalg_discover.c: one variant per driver and data path); this file
 * declares the backend and describes what was found.
 */
#include <jansson.h>
#include <kcapi.h>
#include "cryptometer/backend.h"
#include "afalg_internal.h"

static const char *afalg_version(void)
{
    static char v[64];
    if (!v[0])
        kcapi_versionstring(v, sizeof v);
    return v;
}

/* {"libkcapi": version, "af_alg": null or the reason it is missing}. */
static json_t *afalg_describe(void)
{
    const char *why = afalg_unsupported();
    return json_pack("{s:s, s:s?}", "libkcapi", afalg_version(), "af_alg_unsupported", why);
}

extern const cm_backend cm_backend_afalg;
const cm_backend cm_backend_afalg = {
    .name = "afalg",
    .description = "the kernel's crypto API through AF_ALG sockets (libkcapi): one variant "
                   "per driver, `kernel` for the kernel's choice, `.splice` for zero-copy",
    .version = afalg_version,
    .describe = afalg_describe,
    .discover = afalg_discover,
    .choice_variant = "kernel",
};
