/*
 * embedded_json.h — an embedded data table (embedded.h) parsed as JSON once
 * per process and kept: the one loader of data/library_findings.json,
 * data/backend_lacks.json and data/probe_bounds.json.
 */
#ifndef CM_UTIL_EMBEDDED_JSON_H
#define CM_UTIL_EMBEDDED_JSON_H

struct json_t;

/* The embedded file at path parsed as JSON, parsed on the first call and
 * kept for the process (the caller does not free it); NULL when it is not
 * embedded or not JSON, or when more than 16 tables were asked for. Not
 * thread-safe. */
struct json_t *cm_embedded_json(const char *path);

#endif
