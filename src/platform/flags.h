/*
 * flags.h — the health flags as a typed list: what makes figures less
 * trustworthy, one sentence each (a detect document's "health", a run's
 * context.health). The list and its rules are flags.c; its JSON, both
 * ways, is flags_json.c: an array of {id, severity, message} (the schema's
 * health_flag; an imported document's flags may carry more keys, kept as
 * they were in details). The flags are raised by health_flags.c (health
 * snapshots), clock.c and context.c (the CPU description).
 */
#ifndef CM_PLATFORM_FLAGS_H
#define CM_PLATFORM_FLAGS_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

typedef enum platform_severity {
    PLATFORM_SEVERITY_INFO,
    PLATFORM_SEVERITY_WARNING,
    PLATFORM_SEVERITY_ERROR,
    PLATFORM_SEVERITY_COUNT
} platform_severity;

typedef struct platform_flag {
    char *id;                /* "load", "governor", "clock-drift" ... */
    platform_severity severity;
    char *message;           /* a full sentence with the numbers */
    struct json_t *details;  /* the flag's other keys (an import's "cluster",
                                "source"), NULL when none; read by no one,
                                written back as they were */
} platform_flag;

typedef struct platform_flags {
    platform_flag *items;
    size_t n, cap;
} platform_flags;

/* "info", "warning", "error". */
const char *platform_severity_name(platform_severity s);

/* Appends the flag (id, severity, msg: copied). 0, or -1 when out of
 * memory or id or msg is NULL. */
int platform_flags_add(platform_flags *flags, const char *id, platform_severity severity,
                       const char *msg);

/* Appends a copy of every flag of from whose id is not among the first
 * n_ids flags of to (the CPU-description flags of a context kept when the
 * snapshots' flags of the whole run replace theirs). 0, or -1. */
int platform_flags_merge(platform_flags *to, size_t n_ids, const platform_flags *from);

/* Frees what flags holds and empties it. */
void platform_flags_free(platform_flags *flags);

/* The JSON array of flags, keys in the order id, severity, message, then
 * details. New reference, NULL when out of memory (flags_json.c). */
struct json_t *platform_flags_to_json(const platform_flags *flags);

/* The messages of the flags of severity, in order, as a JSON array of
 * strings (what a run shows during every cluster's test: an AES score's
 * "observed"). New reference, NULL when out of memory (flags_json.c). */
struct json_t *platform_flags_messages_json(const platform_flags *flags, platform_severity severity);

/* Appends the flag {id, severity, message} to the JSON array flags, as
 * platform_flags_to_json() writes it, for the raisers that still build
 * JSON (clock.c, context.c's CPU-description flags); severity is a name of
 * platform_severity_name(). 0, or -1 when out of memory or severity is no
 * such name (flags_json.c). */
int platform_flag_add(struct json_t *flags, const char *id, const char *severity, const char *msg);

/* Parses a JSON array of flags into *flags (overwritten: it need not be
 * initialised; free it with platform_flags_free either way). Absent (NULL) or null is no flag. -1
 * with err (CM_EXIT_ENVIRONMENT) naming what is wrong: not an array, a
 * flag that is not an object, an id or message that is not a string, a
 * severity other than info, warning and error (flags_json.c). */
int platform_flags_from_json(const struct json_t *arr, platform_flags *flags, cm_error *err);

#endif
