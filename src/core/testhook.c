/*
 * testhook.c — see testhook.h.
 */
#include "core/testhook.h"

#ifdef CM_TEST_CLASSES
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cm_test_kill_point(const char *step)
{
    static const char *want;
    static size_t want_len;
    static long want_nth, seen;
    static int init;
    if (!init) {
        init = 1;
        want = getenv("CRYPTOMETER_TEST_KILL_AT");
        if (want && *want) {
            const char *colon = strchr(want, ':');
            want_len = colon ? (size_t)(colon - want) : strlen(want);
            want_nth = colon ? strtol(colon + 1, NULL, 10) : 1;
        } else {
            want = NULL;
        }
    }
    if (!want || strlen(step) != want_len || strncmp(step, want, want_len) != 0)
        return;
    if (++seen == want_nth)
        kill(getpid(), SIGKILL);
}
#else
void cm_test_kill_point(const char *step)
{
    (void)step;
}
#endif
