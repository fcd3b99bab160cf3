/*
 * isolate.h — fault isolation. Work that calls into a backend runs in a
 * forked child; the child reports through a pipe, one JSON object per line.
 * A child that dies on a signal (SIGSEGV, SIGILL, SIGABRT, ...) or outlives
 * its deadline does not end the run: the parent gets what the child sent
 * before, and an outcome that names the signal or the timeout.
 */
#ifndef CM_UTIL_ISOLATE_H
#define CM_UTIL_ISOLATE_H

#include <stdio.h>

struct json_t;

typedef enum cm_isolate_status {
    CM_ISOLATE_OK = 0,      /* child exited with status 0 */
    CM_ISOLATE_EXITED,      /* child exited with another status */
    CM_ISOLATE_CRASHED,     /* child died on a signal */
    CM_ISOLATE_TIMEOUT,     /* deadline passed; child was killed */
    CM_ISOLATE_INTERRUPTED, /* the user pressed Ctrl-C; child was killed */
    CM_ISOLATE_ERROR        /* fork or pipe failed */
} cm_isolate_status;

typedef struct cm_isolate_outcome {
    cm_isolate_status status;
    int signal;      /* CM_ISOLATE_CRASHED: the signal number */
    int exit_code;   /* CM_ISOLATE_EXITED */
    char detail[128]; /* "SIGSEGV (Segmentation fault)", "no answer in 30.0 s" */
} cm_isolate_outcome;

/* Called in the child: writes one JSON object as a line to out. */
typedef int (*cm_isolate_child_fn)(void *arg, FILE *out);
/* Called in the parent for each object received (the callee may keep a
 * reference with json_incref). */
typedef void (*cm_isolate_message_fn)(void *ctx, struct json_t *msg);

/* Runs child(arg, out) in a forked process with SIGINT ignored there (it
 * is blocked across the fork, so the child never runs the parent's
 * handler), and
 * feeds each line it writes, parsed, to on_message. The deadline restarts
 * each time a message arrives (a slow but alive child is not killed), so
 * timeout_s bounds the silence between messages. */
void cm_isolate_run(cm_isolate_child_fn child, void *arg, double timeout_s,
                    cm_isolate_message_fn on_message, void *ctx,
                    cm_isolate_outcome *outcome);

/* Writes msg as one line to out and flushes; steals the reference. */
int cm_isolate_send(FILE *out, struct json_t *msg);

#include <signal.h>

/* 0, or the number of the first stop signal the handler below caught;
 * polled by long loops. */
extern volatile sig_atomic_t cm_interrupted;

/* Installs the handler of the commands that run implementations for
 * SIGINT (Ctrl-C), SIGTERM (systemd, CI runners, timeout) and SIGHUP (a
 * closed terminal): the first sets cm_interrupted (the running child, which
 * ignores them, is killed and what finished is written); the handler of
 * that signal is reset then, so a second one ends the process at once
 * (children die with it). */
void cm_catch_interrupt(void);

/* The exit code of an interrupted command: 128 + the signal's number (130
 * SIGINT, 143 SIGTERM, 129 SIGHUP), as a shell reports a process the
 * signal ended; CM_EXIT_INTERRUPTED when none was caught. */
int cm_interrupted_exit(void);

#endif
