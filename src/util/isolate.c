/*
 * isolate.c — fork, pipe, poll with a deadline; see isolate.h.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <unistd.h>
#include <jansson.h>
#include "util/error.h"
#include "util/isolate.h"
#include "util/now.h"

volatile sig_atomic_t cm_interrupted = 0;

/* The signals that stop a run and keep what finished (isolate.h). */
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void on_stop_signal(int sig)
{
    if (!cm_interrupted)
        cm_interrupted = sig;
}

void cm_catch_interrupt(void)
{
    struct sigaction sa = {.sa_handler = on_stop_signal, .sa_flags = SA_RESETHAND};
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
        sigaction(stop_signals[i], &sa, NULL);
}

int cm_interrupted_exit(void)
{
    return cm_interrupted ? 128 + cm_interrupted : CM_EXIT_INTERRUPTED;
}

int cm_isolate_send(FILE *out, json_t *msg)
{
    int rc = json_dumpf(msg, out, JSON_COMPACT) == 0 && fputc('\n', out) != EOF &&
                     fflush(out) == 0
                 ? 0
                 : -1;
    json_decref(msg);
    return rc;
}

/* "SEGV" for SIGSEGV; portable (sigabbrev_np is glibc-only). */
static const char *signal_abbrev(int sig)
{
    static const struct { int sig; const char *name; } names[] = {
        {SIGSEGV, "SEGV"}, {SIGILL, "ILL"}, {SIGABRT, "ABRT"}, {SIGBUS, "BUS"},
        {SIGFPE, "FPE"}, {SIGKILL, "KILL"}, {SIGTERM, "TERM"}, {SIGTRAP, "TRAP"},
        {SIGSYS, "SYS"}, {SIGPIPE, "PIPE"}, {SIGINT, "INT"}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].sig == sig)
            return names[i].name;
    return "?";
}

/* Hands every complete line in buf[0..*len) to on_message; keeps the rest. */
static void deliver_lines(char *buf, size_t *len, cm_isolate_message_fn on_message, void *ctx)
{
    char *start = buf, *nl;
    while ((nl = memchr(start, '\n', *len - (size_t)(start - buf))) != NULL) {
        *nl = '\0';
        json_t *msg = json_loads(start, 0, NULL);
        if (msg) {
            on_message(ctx, msg);
            json_decref(msg);
        }
        start = nl + 1;
    }
    *len -= (size_t)(start - buf);
    memmove(buf, start, *len);
}

/* Forks; the child runs child(arg, out) with the stop signals ignored and exits.
 * Returns the child's pid in the parent, with *rd the read end of its
 * pipe, or -1 with outcome set. */
static pid_t spawn(cm_isolate_child_fn child, void *arg, int *rd, cm_isolate_outcome *outcome)
{
    int fds[2];
    if (pipe(fds) != 0) {
        outcome->status = CM_ISOLATE_ERROR;
        snprintf(outcome->detail, sizeof outcome->detail, "pipe: %s", strerror(errno));
        return -1;
    }
    sigset_t block, old_mask;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
        sigaddset(&block, stop_signals[i]);
    sigprocmask(SIG_BLOCK, &block, &old_mask);
    pid_t pid = fork();
    if (pid != 0)
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
    if (pid < 0) {
        outcome->status = CM_ISOLATE_ERROR;
        snprintf(outcome->detail, sizeof outcome->detail, "fork: %s", strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* no orphan if the parent dies */
#endif
        /* the parent decides: it kills the child when it stops */
        for (size_t i = 0; i < sizeof stop_signals / sizeof stop_signals[0]; i++)
            signal(stop_signals[i], SIG_IGN);
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
        close(fds[0]);
        FILE *out = fdopen(fds[1], "w");
        int rc = out ? child(arg, out) : 1;
        if (out)
            fclose(out);
        _exit(rc == 0 ? 0 : 1);
    }
    close(fds[1]);
    *rd = fds[0];
    return pid;
}

/* Reads the child's lines from rd until it closes its end (0), the silence
 * outlasts timeout_s (CM_ISOLATE_TIMEOUT), the user interrupts
 * (CM_ISOLATE_INTERRUPTED) or memory runs out (CM_ISOLATE_ERROR). */
static int pump(int rd, double timeout_s, cm_isolate_message_fn on_message, void *ctx)
{
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int stop = buf ? 0 : CM_ISOLATE_ERROR;
    double deadline = cm_now_s() + timeout_s;
    while (!stop) {
        double left = deadline - cm_now_s();
        if (cm_interrupted)
            stop = CM_ISOLATE_INTERRUPTED;
        else if (left <= 0)
            stop = CM_ISOLATE_TIMEOUT;
        if (stop)
            break;
        struct pollfd p = {.fd = rd, .events = POLLIN};
        int r = poll(&p, 1, left > 0.2 ? 200 : (int)(left * 1000) + 1);
        if (r <= 0)
            continue; /* EINTR or no data yet */
        if (len + 4096 > cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                stop = CM_ISOLATE_ERROR;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        ssize_t n = read(rd, buf + len, cap - len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break; /* EOF: the child closed its end (exited or crashed) */
        len += (size_t)n;
        deliver_lines(buf, &len, on_message, ctx);
        deadline = cm_now_s() + timeout_s;
    }
    free(buf);
    return stop;
}

/* The outcome from why the parent stopped (pump()) and the wait status. */
static void conclude(int stopped, int wstatus, double timeout_s, cm_isolate_outcome *outcome)
{
    if (stopped == CM_ISOLATE_TIMEOUT) {
        outcome->status = CM_ISOLATE_TIMEOUT;
        snprintf(outcome->detail, sizeof outcome->detail, "no answer for %.1f s; killed", timeout_s);
    } else if (stopped == CM_ISOLATE_ERROR) {
        outcome->status = CM_ISOLATE_ERROR;
        snprintf(outcome->detail, sizeof outcome->detail, "out of memory reading its messages");
    } else if (stopped == CM_ISOLATE_INTERRUPTED) {
        outcome->status = CM_ISOLATE_INTERRUPTED;
        snprintf(outcome->detail, sizeof outcome->detail, "interrupted by the user");
    } else if (WIFSIGNALED(wstatus)) {
        outcome->status = CM_ISOLATE_CRASHED;
        outcome->signal = WTERMSIG(wstatus);
        snprintf(outcome->detail, sizeof outcome->detail, "SIG%s (%s)", signal_abbrev(outcome->signal),
                 strsignal(outcome->signal));
    } else if (WIFEXITED(wstatus) && WEXITSTATUS(wstatus) != 0) {
        outcome->status = CM_ISOLATE_EXITED;
        outcome->exit_code = WEXITSTATUS(wstatus);
        snprintf(outcome->detail, sizeof outcome->detail, "exited with status %d", outcome->exit_code);
    } else {
        outcome->status = CM_ISOLATE_OK;
    }
}

void cm_isolate_run(cm_isolate_child_fn child, void *arg, double timeout_s,
                    cm_isolate_message_fn on_message, void *ctx,
                    cm_isolate_outcome *outcome)
{
    int rd;
    memset(outcome, 0, sizeof *outcome);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = spawn(child, arg, &rd, outcome);
    if (pid < 0)
        return;
    int stopped = pump(rd, timeout_s, on_message, ctx);
    if (stopped)
        kill(pid, SIGKILL);
    close(rd);
    int wstatus = 0;
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR)
        ;
    conclude(stopped, wstatus, timeout_s, outcome);
}
