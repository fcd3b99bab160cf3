/*
 * suggest.h — the known names closest to an unknown algorithm or backend
 * name (util/closest.h), for the one line plan.c prints when it refuses
 * one: "unknown algorithm 'aes-gcm' (did you mean 'aes-128-gcm' or
 * 'aes-256-gcm'? see `cryptometer list`)".
 */
#ifndef CM_REGISTRY_SUGGEST_H
#define CM_REGISTRY_SUGGEST_H

#include <stddef.h>

/* The algorithms of the table nearest to name, as "'a' or 'b'" in buf
 * ("" when none is near). */
void cm_suggest_algorithm(const char *name, char *buf, size_t len);

/* The backends (compiled in or left out) nearest to name, or for
 * "backend:variant" the variants of that backend nearest to it, as
 * "'a' or 'b'" in buf ("" when none is near). */
void cm_suggest_backend(const char *name, char *buf, size_t len);

#endif
