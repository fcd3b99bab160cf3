/*
 * text.h — building sentences in fixed buffers, and fitting text to a
 * terminal's width (text.c).
 */
#ifndef CM_UTIL_TEXT_H
#define CM_UTIL_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Appends printf-style text to the string in buf (len bytes in all),
 * cutting what does not fit; buf stays terminated. */
__attribute__((format(printf, 3, 4))) void cm_text_append(char *buf, size_t len, const char *fmt, ...);

/* Prints text to out with every line longer than columns (UTF-8 characters)
 * broken at spaces. A continuation starts under the line's value column:
 * where the text after a label and two or more spaces begins, if that is
 * within the first half of the width, else two past the line's indent. A
 * word longer than the width (a hex mask, a path) is kept whole. */
void cm_text_print_wrapped(FILE *out, const char *text, size_t columns);

#endif
