/*
 * fuzz_common.h — helpers shared by the libFuzzer harnesses of tests/fuzz.
 */
#ifndef CM_FUZZ_COMMON_H
#define CM_FUZZ_COMMON_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The input as a NUL-terminated string (malloc'ed; inputs hold NULs too:
 * the parsers see the text up to the first one, as they would from a
 * file read with pf_read_text). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

#endif
