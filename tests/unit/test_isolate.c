/*
 * test_isolate.c — fault isolation (src/util/isolate.c): children that
 * exit normally (with their messages delivered in order), fail, crash on
 * SIGSEGV and SIGABRT, hang past their deadline, or stay alive by talking;
 * the outcome's status and the signal named in its detail.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>

#include "check.h"
#include "util/isolate.h"

/* What the parent received. */
struct inbox {
    int n;
    json_int_t last;
};

static void on_message(void *ctx, json_t *msg)
{
    struct inbox *box = ctx;
    box->n++;
    box->last = json_integer_value(json_object_get(msg, "i"));
}

/* No core files from the crashing children. */
static void no_core(void)
{
    struct rlimit r = {0, 0};
    setrlimit(RLIMIT_CORE, &r);
}

/* Sends {"i": 1..3} and exits with *arg (0 or 1). */
static int child_talks(void *arg, FILE *out)
{
    for (int i = 1; i <= 3; i++)
        cm_isolate_send(out, json_pack("{s:i}", "i", i));
    return *(int *)arg;
}

/* Sends one message, then dies on the signal *arg. */
static int child_crashes(void *arg, FILE *out)
{
    no_core();
    cm_isolate_send(out, json_pack("{s:i}", "i", 7));
    raise(*(int *)arg);
    return 0;
}

/* Never answers (the parent kills it long before it would return). */
static int child_hangs(void *arg, FILE *out)
{
    (void)arg;
    (void)out;
    sleep(60);
    return 0;
}

/* Answers every 100 ms for 600 ms: never silent for long, so alive. */
static int child_slow(void *arg, FILE *out)
{
    (void)arg;
    struct timespec ts = {0, 100000000L};
    for (int i = 1; i <= 6; i++) {
        nanosleep(&ts, NULL);
        cm_isolate_send(out, json_pack("{s:i}", "i", i));
    }
    return 0;
}

static void test_normal_exit(void)
{
    struct inbox box = {0};
    cm_isolate_outcome oc;
    int code = 0;
    cm_isolate_run(child_talks, &code, 5.0, on_message, &box, &oc);
    CHECK(oc.status == CM_ISOLATE_OK);
    CHECK(box.n == 3 && box.last == 3);

    code = 1;
    box = (struct inbox){0};
    cm_isolate_run(child_talks, &code, 5.0, on_message, &box, &oc);
    CHECK(oc.status == CM_ISOLATE_EXITED && oc.exit_code == 1);
    CHECK(strstr(oc.detail, "status 1") != NULL);
    CHECK(box.n == 3);
}

static void test_crash(int sig, const char *name)
{
    struct inbox box = {0};
    cm_isolate_outcome oc;
    cm_isolate_run(child_crashes, &sig, 5.0, on_message, &box, &oc);
    CHECK(oc.status == CM_ISOLATE_CRASHED);
    CHECK(oc.signal == sig);
    int named = strstr(oc.detail, name) != NULL;
    if (!named)
        fprintf(stderr, "  detail \"%s\" does not name %s\n", oc.detail, name);
    CHECK(named);
    CHECK(box.n == 1 && box.last == 7); /* what it said before it died arrives */
}

static void test_timeout(void)
{
    struct inbox box = {0};
    cm_isolate_outcome oc;
    cm_isolate_run(child_hangs, NULL, 0.3, on_message, &box, &oc);
    CHECK(oc.status == CM_ISOLATE_TIMEOUT);
    CHECK(strstr(oc.detail, "0.3 s") != NULL && strstr(oc.detail, "killed") != NULL);
    CHECK(box.n == 0);

    /* the deadline bounds the silence, not the whole run */
    cm_isolate_run(child_slow, NULL, 0.35, on_message, &box, &oc);
    CHECK(oc.status == CM_ISOLATE_OK);
    CHECK(box.n == 6);
}

int main(void)
{
    test_normal_exit();
    test_crash(SIGSEGV, "SIGSEGV");
    test_crash(SIGABRT, "SIGABRT");
    test_timeout();
    return check_done("test_isolate");
}
