/*
 * text.c — building sentences in fixed buffers (see text.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "util/text.h"

/* See text.h. */
void cm_text_append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strnlen(buf, len);
    if (used + 1 >= len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}
