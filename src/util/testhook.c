/*
 * testhook.c — see testhook.h.
 */
#include "util/testhook.h"

#ifdef CM_TEST_CLASSES
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One fault: the step named by an environment variable ("STEP[:N]") and
 * how many times it has been reached. */
typedef struct hook {
    const char *env;
    const char *want;
    size_t want_len;
    long want_nth, seen;
    int init;
} hook;

/* 1 when this call of step is the one the hook's variable names. */
static int reached(hook *h, const char *step)
{
    if (!h->init) {
        h->init = 1;
        h->want = getenv(h->env);
        if (h->want && *h->want) {
            const char *colon = strchr(h->want, ':');
            h->want_len = colon ? (size_t)(colon - h->want) : strlen(h->want);
            h->want_nth = colon ? strtol(colon + 1, NULL, 10) : 1;
        } else {
            h->want = NULL;
        }
    }
    if (!h->want || strlen(step) != h->want_len || strncmp(step, h->want, h->want_len) != 0)
        return 0;
    return ++h->seen == h->want_nth;
}

void cm_test_kill_point(const char *step)
{
    static hook h = {.env = "CRYPTOMETER_TEST_KILL_AT"};
    if (reached(&h, step))
        kill(getpid(), SIGKILL);
}

int cm_test_fail_point(const char *step)
{
    static hook h = {.env = "CRYPTOMETER_TEST_FAIL_AT"};
    return reached(&h, step);
}
#else
void cm_test_kill_point(const char *step)
{
    (void)step;
}

int cm_test_fail_point(const char *step)
{
    (void)step;
    return 0;
}
#endif
