/*
 * closest.h — "did you mean": the known names nearest to a name the user
 * typed, for the one line that refuses an unknown algorithm or backend
 * (registry/plan.c). Near means few single-character edits (insert,
 * delete, change, swap two neighbours: "opensll" is one from "openssl"),
 * or holding every dash-separated word of the name in order ("aes-gcm"
 * is in "aes-128-gcm").
 */
#ifndef CM_UTIL_CLOSEST_H
#define CM_UTIL_CLOSEST_H

#include <stddef.h>

#define CM_CLOSEST_MAX 3

/* A running choice of the nearest names to one typed name. */
typedef struct cm_closest {
    const char *typed;
    const char *names[CM_CLOSEST_MAX]; /* best first; NULL where none */
    int cost[CM_CLOSEST_MAX];
} cm_closest;

/* Starts a choice for typed (kept by pointer). */
void cm_closest_init(cm_closest *c, const char *typed);

/* Offers candidate (kept by pointer): it is kept when it is near enough
 * (at most a third of the typed name's length in edits, at least 2, or
 * holding its words) and among the CM_CLOSEST_MAX nearest so far; a name
 * offered again is kept once. */
void cm_closest_offer(cm_closest *c, const char *candidate);

/* "'a', 'b' or 'c'" into buf, or "" when nothing was near. */
void cm_closest_text(const cm_closest *c, char *buf, size_t len);

#endif
