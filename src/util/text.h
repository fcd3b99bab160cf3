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

#define CM_TEXT_COLUMNS 100 /* the widest line the tool prints for a person (docs/cli.md) */
#define CM_TEXT_WRAP_INDENT 4 /* a continuation's indent past its line's, without a value column */

/* Columns s[0..n) takes on a terminal: its UTF-8 characters. */
size_t cm_text_columns(const char *s, size_t n);

/* Prints s to out left-aligned in width columns (UTF-8 characters, so "±"
 * and "—" pad as one), with no padding when s is as wide or wider. */
void cm_text_put_padded(FILE *out, const char *s, size_t width);

/* The byte offset of the character at column col of s[0..n) (n if shorter). */
size_t cm_text_offset_at(const char *s, size_t n, size_t col);

/* Prints one line (n bytes, no newline) to out in lines of at most columns
 * (UTF-8 characters), broken after the last space that fits, else after the
 * last ':' ',' or '/' (a path, a hex mask), else at the width. A
 * continuation starts under the line's value column (where the text after a
 * label and two or more spaces begins) when that is within the first half
 * of the width, else CM_TEXT_WRAP_INDENT past the line's indent (at most
 * half the width). */
void cm_text_wrap_line(FILE *out, const char *line, size_t n, size_t columns);

/* Prints text to out, each of its lines through cm_text_wrap_line. */
void cm_text_print_wrapped(FILE *out, const char *text, size_t columns);

/* A command's text gathered to be printed wrapped: print into
 * cm_text_gather()'s stream (out itself when no memory is left: the text
 * then goes out unwrapped, never lost), then cm_text_flush_wrapped(). */
typedef struct cm_text_gathered {
    FILE *out, *mem;
    char *buf;
    size_t len;
} cm_text_gathered;

FILE *cm_text_gather(cm_text_gathered *g, FILE *out);
void cm_text_flush_wrapped(cm_text_gathered *g, size_t columns);

#endif
