/*
 * text.h — building sentences in fixed buffers (text.c).
 */
#ifndef CM_UTIL_TEXT_H
#define CM_UTIL_TEXT_H

#include <stddef.h>

/* Appends printf-style text to the string in buf (len bytes in all),
 * cutting what does not fit; buf stays terminated. */
__attribute__((format(printf, 3, 4))) void cm_text_append(char *buf, size_t len, const char *fmt, ...);

#endif
