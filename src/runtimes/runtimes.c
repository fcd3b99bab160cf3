/*
 * runtimes.c — the language runtimes this build made servers for
 * (cmake/Runtimes.cmake; docs/runtimes.md): one cm_backend each, from the
 * lines CMake writes into generated/runtimes.inc:
 *   CM_RUNTIME(go, "go", "cryptometer-go", "Go's ...", "aes-128-gcm:stdlib,...")
 * Their rows, version and details come from the server's hello.
 */
#include "runtimes/runtime.h"

#define CM_RUNTIME(sym, NAME, FILE_NAME, DESCRIPTION, ROWS)                               \
    static cm_runtime state_##sym = {NAME, FILE_NAME, ROWS};                                  \
    static const cm_impl *discover_##sym(size_t *n) { return cm_runtime_rows(&state_##sym, n); } \
    static const char *version_##sym(void) { return cm_runtime_version(&state_##sym); }  \
    static struct json_t *describe_##sym(void) { return cm_runtime_describe(&state_##sym); } \
    static cm_rc init_##sym(char *why, size_t len) { return cm_runtime_init(&state_##sym, why, len); } \
    const cm_backend cm_backend_##sym = {                                                 \
        .name = NAME,                                                                     \
        .description = DESCRIPTION,                                                       \
        .version = version_##sym,                                                         \
        .describe = describe_##sym,                                                       \
        .discover = discover_##sym,                                                       \
        .init = init_##sym,                                                               \
        .teardown = cm_runtime_teardown,                                                  \
        .runtime = FILE_NAME,                                                             \
    };
#include "runtimes.inc"
