/*
 * sysroot.h — reading /proc and /sys under a sysroot prefix, for the
 * platform module only (src/platform/). Every reader takes the sysroot
 * (NULL or "" = the live system) and an absolute path ("/proc/cpuinfo");
 * a missing or unreadable file is a normal "absent" answer (-1 or NULL),
 * never an error that stops detection. Also the small parsers that several
 * platform files share (CPU lists, trimming, embedded data tables).
 */
#ifndef CM_PLATFORM_SYSROOT_H
#define CM_PLATFORM_SYSROOT_H

#include <stddef.h>
#include <stdint.h>

struct json_t;

/* 1 when sysroot names another tree (not NULL, not ""), else 0. */
int pf_has_sysroot(const char *sysroot);

/* Writes sysroot + path into buf; returns buf, or NULL if it does not fit. */
char *pf_path(char *buf, size_t len, const char *sysroot, const char *path);

/* The whole file as a malloc'd NUL-terminated string (files under /proc
 * report size 0, so this reads until EOF). *len_out (may be NULL) gets the
 * length. NULL when the file cannot be read, with errno set. Caps at 16 MiB. */
char *pf_read_text(const char *sysroot, const char *path, size_t *len_out);

/* The first line of a small file, trimmed, into buf. 0, or -1 if absent or
 * empty. */
/* (its bytes made valid UTF-8: cm_utf8_scrub of util/json.h) */
int pf_read_line(const char *sysroot, const char *path, char *buf, size_t len);

/* A decimal integer from a one-value file. 0, or -1 if absent/not a number. */
int pf_read_ll(const char *sysroot, const char *path, long long *out);

/* A number in any C base ("0x410fd083", "42") from a one-value file. */
int pf_read_u64(const char *sysroot, const char *path, uint64_t *out);

/* A property of the device tree's root node ("model", "compatible"): its
 * bytes (NUL-separated strings), malloc'd and NUL-terminated, from
 * /proc/device-tree or else /sys/firmware/devicetree/base, whichever is
 * readable and not empty first; *len_out (may be NULL) gets the length.
 * NULL when absent. */
char *pf_read_dt(const char *sysroot, const char *prop, size_t *len_out);

/* 1 when the path exists (any type), else 0. */
int pf_exists(const char *sysroot, const char *path);

/* Whether /dev/<name> exists: 1 or 0; on a sysroot without dev/, the
 * tree's dev.txt (one name per line, `ls -1A /dev` of the recorded system)
 * answers, else -1 (unknown). */
int pf_dev_exists(const char *sysroot, const char *name);

/* Walks text line by line: copies the next line of *text (without its
 * '\n') into *line, a malloc'd buffer grown to fit lines of any length, and
 * moves *text past it (NULL after the last line). Start with *line = NULL
 * and *cap = 0; free(*line) when done. The line's bytes are made valid
 * UTF-8 (cm_utf8_scrub of util/json.h). Returns 1 for a line, 0 at the end
 * of the text (*text NULL or at its NUL), -1 when out of memory (the rest
 * of the text is then absent). Loop while it returns 1. */
int pf_next_line(const char **text, char **line, size_t *cap);

/* Trims leading and trailing white space in place; returns the start. */
char *pf_trim(char *s);

/* Prints "cryptometer: warning: FILE line N: MESSAGE" on stderr, FILE
 * being path under sysroot: a value read from a file that is refused
 * (and not used). */
void pf_warn(const char *sysroot, const char *path, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Parses a CPU list, either the kernel's range form ("0-3,6,8-9") or a
 * space-separated list ("0 1 2 3"), into cpus (at most max entries,
 * ascending as written). Returns the count, or -1 on a malformed list or
 * one of more than max CPUs (never a truncated list). */
int pf_parse_cpulist(const char *s, int *cpus, int max);

/* The embedded data table at path ("data/cpu_cores.json"), parsed once and
 * kept for the life of the process (a borrowed reference), or NULL when it
 * is missing or malformed. */
struct json_t *pf_data_table(const char *path);

/* 1 when the space-separated word list contains word exactly. */
int pf_list_has(const char *list, const char *word);

/* Case-insensitive comparison of two names, treating '-', '_' and ' ' as
 * the same character ("SHA-NI" == "sha_ni"). */
int pf_name_eq(const char *a, const char *b);

#endif
