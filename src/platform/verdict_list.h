/*
 * verdict_list.h — the verdicts as a typed list (a detect document's
 * "verdicts"): each weighs the evidence of the document and says, in one
 * sentence, what it means and what to do next. Who raises them is
 * verdict.h (the CPU, the AES scores, twins, the kernel's engines) and
 * run/detect_sweep.c (a sweep's crossovers). The list is verdict_list.c;
 * its JSON, both ways, verdict_list_json.c: an array of {id, subject,
 * code, message, evidence}.
 */
#ifndef CM_PLATFORM_VERDICT_LIST_H
#define CM_PLATFORM_VERDICT_LIST_H

#include <stddef.h>
#include "util/error.h"

struct json_t;

typedef struct platform_verdict {
    char *id;                 /* "cpu", "aes-score", "twins", "kernel", "crossover" */
    char *subject;            /* what it is about ("cluster 0", a module); NULL: none */
    char *code;               /* a fixed word: "emulated-cpu", "engine-selected" ... */
    char *message;            /* one sentence */
    struct json_t *evidence;  /* as the raiser gave it (sentences, algorithm names,
                                 a crossover); read by no one here, NULL: absent */
} platform_verdict;

typedef struct platform_verdict_list {
    platform_verdict *items;
    size_t n, cap;
} platform_verdict_list;

/* Appends a verdict; subject may be NULL, message NULL is "", evidence
 * (stolen, even on failure) NULL is []. 0, or -1 when out of memory or
 * when id or code is NULL. */
int platform_verdict_add(platform_verdict_list *list, const char *id, const char *subject, const char *code,
                         const char *message, struct json_t *evidence);

/* Frees what list holds and empties it. */
void platform_verdict_list_free(platform_verdict_list *list);

/* The JSON array: each {id, subject (null when there is none), code,
 * message, evidence (when there is some)}. New reference, NULL when out of memory. */
struct json_t *platform_verdict_list_to_json(const platform_verdict_list *list);

/* Parses a JSON array of verdicts into *list (overwritten: it need not be
 * initialised; free it with platform_verdict_list_free either way). NULL
 * or null is no verdict. -1 with err (CM_EXIT_ENVIRONMENT) on what is not
 * an array, a verdict that is not an object with string id, code and
 * message, or a subject that is neither a string, null nor absent. */
int platform_verdict_list_from_json(const struct json_t *arr, platform_verdict_list *list, cm_error *err);

#endif
