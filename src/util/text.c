/*
 * text.c — building sentences in fixed buffers, and wrapping text to a
 * width (see text.h).
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

/* Characters (not UTF-8 continuation bytes) in s[0..n). */
static size_t columns_of(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* The column a continuation of line (n bytes) starts at (see text.h). */
static size_t hanging_indent(const char *line, size_t n, size_t columns)
{
    size_t lead = strspn(line, " ");
    for (size_t i = lead; i + 2 < n; i++)
        if (line[i] != ' ' && line[i + 1] == ' ' && line[i + 2] == ' ') {
            size_t v = i + 1 + strspn(line + i + 1, " ");
            size_t col = columns_of(line, v);
            if (v < n && col <= columns / 2)
                return col;
            break;
        }
    return lead + 2;
}

/* Prints one line (n bytes, no newline) wrapped to columns. */
static void print_line(FILE *out, const char *line, size_t n, size_t columns)
{
    size_t indent = hanging_indent(line, n, columns), first = 1;
    while (n) {
        size_t room = columns - (first ? 0 : indent), end = 0, cut = 0, col = 0;
        while (end < n && (col < room || ((unsigned char)line[end] & 0xC0) == 0x80)) {
            col += ((unsigned char)line[end] & 0xC0) != 0x80;
            if (line[end] == ' ' && end > 0 && line[end - 1] != ' ')
                cut = end;
            end++;
        }
        if (end < n && line[end] == ' ')
            cut = end;
        if (end == n || !cut) /* fits, or a word longer than the room: to the next space */
            for (cut = end; cut < n && line[cut] != ' ';)
                cut++;
        fprintf(out, "%*s%.*s\n", first ? 0 : (int)indent, "", (int)cut, line);
        line += cut;
        n -= cut;
        while (n && *line == ' ')
            line++, n--;
        first = 0;
    }
}

/* See text.h. */
void cm_text_print_wrapped(FILE *out, const char *text, size_t columns)
{
    while (*text) {
        size_t n = strcspn(text, "\n");
        if (n == 0)
            fputc('\n', out);
        else
            print_line(out, text, n, columns);
        text += n + (text[n] == '\n');
    }
}
