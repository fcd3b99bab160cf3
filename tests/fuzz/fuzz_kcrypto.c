/*
 * fuzz_kcrypto.c — libFuzzer harness of the /proc/crypto parser
 * (platform_kcrypto_parse and the kernel's choice, platform_kcrypto_select,
 * src/platform/kcrypto.c) on the input text.
 */
#include "fuzz_common.h"
#include "platform/kcrypto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    size_t n = 12345;
    platform_kdriver *d = platform_kcrypto_parse(text, &n);
    if (!d != (n == 0))
        abort();
    if (d)
        platform_kcrypto_select(d, n);
    for (size_t i = 0; i < n; i++)
        if (strlen(d[i].name) >= sizeof d[i].name || strlen(d[i].driver) >= sizeof d[i].driver)
            abort();
    free(d);
    free(text);
    return 0;
}
