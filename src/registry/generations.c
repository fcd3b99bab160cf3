/*
 * generations.c — the OpenSSL generations this build made helpers for
 * (-DCRYPTOMETER_OPENSSL_PREFIXES; docs/generations.md): one cm_backend
 * each, named openssl-<version>, from the lines CMake writes into
 * generated/generations.inc:
 *   CM_GENERATION(symbol, "openssl-3.5", "cryptometer-openssl-3.5", "/prefix")
 * Their rows, version and details come from the helper's hello (helper.c).
 */
#include "registry/helper.h"

#define CM_GENERATION(sym, NAME, FILE_NAME, PREFIX)                                          \
    static cm_helper_backend state_##sym = {NAME, FILE_NAME, PREFIX, "openssl"};                      \
    static const cm_impl *discover_##sym(size_t *n) { return cm_helper_rows(&state_##sym, n); } \
    static const char *version_##sym(void) { return cm_helper_version(&state_##sym); } \
    static struct json_t *describe_##sym(void) { return cm_helper_describe(&state_##sym); } \
    static cm_rc init_##sym(char *why, size_t len) { return cm_helper_init(&state_##sym, why, len); } \
    const cm_backend cm_backend_##sym = {                                              \
        .name = NAME,                                                                  \
        .description = "OpenSSL from " PREFIX ", in its own helper process",           \
        .version = version_##sym,                                                      \
        .describe = describe_##sym,                                                    \
        .discover = discover_##sym,                                                    \
        .init = init_##sym,                                                            \
        .helper = FILE_NAME,                                                                \
    };
#include "generations.inc"
