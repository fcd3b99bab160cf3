/*
 * glibc_c23.c — linked into an OpenSSL generation's helper only when its
 * libcrypto.a was built against glibc >= 2.38 and this glibc is older
 * (cmake/Generations.cmake checks): such an archive calls strtol by the
 * name glibc 2.38 gave the C23 version (__isoc23_strtol, which differs
 * only in also reading "0b" binary prefixes with base 0 or 2).
 * Debian 13's libcrypto.a on Debian 12 is the case this serves.
 */
#include <stdlib.h>

long __isoc23_strtol(const char *s, char **end, int base);

long __isoc23_strtol(const char *s, char **end, int base)
{
    return strtol(s, end, base);
}
