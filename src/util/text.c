/*
 * text.c — building sentences in fixed buffers, and wrapping text to a
 * width (see text.h).
 */
#include <stdarg.h>
#include <stdlib.h>
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

/* See text.h. */
size_t cm_text_columns(const char *s, size_t n)
{
    size_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += ((unsigned char)s[i] & 0xC0) != 0x80;
    return c;
}

/* See text.h. */
void cm_text_put_padded(FILE *out, const char *s, size_t width)
{
    size_t cols = cm_text_columns(s, strlen(s));
    fprintf(out, "%s%*s", s, (int)(cols < width ? width - cols : 0), "");
}

/* See text.h. */
size_t cm_text_offset_at(const char *s, size_t n, size_t col)
{
    size_t c = 0, i = 0;
    for (; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80 && c++ == col)
            return i;
    return n;
}

/* The column a continuation of line (n bytes) starts at (see text.h). */
static size_t hanging_indent(const char *line, size_t n, size_t columns)
{
    size_t lead = 0;
    while (lead < n && line[lead] == ' ')
        lead++;
    for (size_t i = lead; i + 2 < n; i++)
        if (line[i] != ' ' && line[i + 1] == ' ' && line[i + 2] == ' ') {
            size_t v = i + 1;
            while (v < n && line[v] == ' ')
                v++;
            size_t col = cm_text_columns(line, v);
            if (v < n && col <= columns / 2)
                return col;
            break;
        }
    /* a continuation keeps at least half the width (a deeply indented line) */
    return lead + CM_TEXT_WRAP_INDENT <= columns / 2 ? lead + CM_TEXT_WRAP_INDENT : columns / 2;
}

/* Where the first piece of line (n bytes, more than room columns) ends:
 * after the last space that fits, else after the last ':' ',' '/' that
 * fits, else at room columns. */
static size_t cut_at(const char *line, size_t n, size_t room)
{
    size_t end = cm_text_offset_at(line, n, room);
    for (size_t i = end; i > 0; i--)
        if (line[i] == ' ' && line[i - 1] != ' ')
            return i;
    for (size_t i = end; i > 1; i--)
        if (line[i - 1] == ':' || line[i - 1] == ',' || line[i - 1] == '/')
            return i;
    return end;
}

/* See text.h. */
void cm_text_wrap_line(FILE *out, const char *line, size_t n, size_t columns)
{
    size_t indent = hanging_indent(line, n, columns), pad = 0;
    while (1) {
        if (pad + cm_text_columns(line, n) <= columns) {
            fprintf(out, "%*s%.*s\n", (int)pad, "", (int)n, line);
            return;
        }
        size_t cut = cut_at(line, n, columns - pad);
        fprintf(out, "%*s%.*s\n", (int)pad, "", (int)cut, line);
        line += cut;
        n -= cut;
        while (n && *line == ' ')
            line++, n--;
        if (!n)
            return;
        pad = indent;
    }
}

/* See text.h. */
void cm_text_print_wrapped(FILE *out, const char *text, size_t columns)
{
    while (*text) {
        size_t n = strcspn(text, "\n");
        cm_text_wrap_line(out, text, n, columns);
        text += n + (text[n] == '\n');
    }
}

/* See text.h. */
FILE *cm_text_gather(cm_text_gathered *g, FILE *out)
{
    g->out = out;
    g->buf = NULL;
    g->len = 0;
    g->mem = open_memstream(&g->buf, &g->len);
    return g->mem ? g->mem : out;
}

/* See text.h. */
void cm_text_flush_wrapped(cm_text_gathered *g, size_t columns)
{
    if (g->mem && fclose(g->mem) == 0)
        cm_text_print_wrapped(g->out, g->buf, columns);
    else if (g->mem && g->buf) /* the stream failed at its end: what it holds, unwrapped */
        fputs(g->buf, g->out);
    free(g->buf);
    g->mem = NULL;
    g->buf = NULL;
}
