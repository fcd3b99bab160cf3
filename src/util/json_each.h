/*
 * json_each.h — the one loop of the document parsers that read an array
 * item by item into a typed list (platform/flags_json.c,
 * verdict_list_json.c): absent or null is an empty list, anything but an
 * array one error, each item handed to the item parser in order.
 */
#ifndef CM_UTIL_JSON_EACH_H
#define CM_UTIL_JSON_EACH_H

#include <stddef.h>
#include <jansson.h>
#include "util/error.h"

/* Parses item i of an array into list; 0, or -1 with err set. */
typedef int (*cm_json_item_parser)(const json_t *item, size_t i, void *list, cm_error *err);

/* Calls parse on each item of arr, in order, and stops at the first
 * failure. 0 for NULL or null (nothing to parse); -1 with err
 * (CM_EXIT_ENVIRONMENT, "what: not an array") for anything else that is
 * not an array. */
int cm_json_each(const json_t *arr, const char *what, cm_json_item_parser parse, void *list, cm_error *err);

#endif
