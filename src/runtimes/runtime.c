/*
 * runtime.c — the parent's and the child's side of a runtime backend
 * (runtime.h): finding its server beside this program, starting it with a
 * pipe each way, one request and one reply a line, the hello that lists
 * its rows, and the implementation a child binds the proxies to.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>
#include "registry/helper.h"
#include "registry/registry.h"
#include "runtimes/runtime.h"

#define REPLY_TIMEOUT_MS 120000 /* one sample or one vector: far less */

/* One running server: its pid, our ends of its pipes, and what it serves. */
static struct server {
    pid_t pid, owner; /* owner: the process that started it (a fork does not inherit it) */
    FILE *to, *from;
    const cm_backend *backend;
    const cm_impl *impl;
} srv;

/* The server's file (cm_libexec_path); 0, or -1 with why and how to build it. */
static int server_path(const char *file, char *path, size_t len, char *why, size_t why_len)
{
    char where[512];
    if (cm_libexec_path(file, path, len, where, sizeof where) == 0)
        return 0;
    snprintf(why, why_len, "its server %s (./bootstrap.sh builds it where the toolchain is "
             "present: docs/runtimes.md)", where);
    return -1;
}

void cm_runtime_stop(void)
{
    if (srv.owner != getpid() || !srv.pid)
        return;
    fclose(srv.to); /* end of input: the server exits */
    fclose(srv.from);
    int status;
    if (waitpid(srv.pid, &status, 0) < 0 && errno != ECHILD)
        kill(srv.pid, SIGKILL);
    memset(&srv, 0, sizeof srv);
}

/* Starts file's server; 0, or -1 with why. */
int cm_runtime_start(const char *file, char *why, size_t why_len)
{
    char path[PATH_MAX + 64];
    int in[2], out[2];
    if (server_path(file, path, sizeof path, why, why_len) != 0)
        return -1;
    if (pipe(in) != 0 || pipe(out) != 0) {
        snprintf(why, why_len, "pipe: %s", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        execl(path, path, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    if (pid < 0) {
        snprintf(why, why_len, "fork: %s", strerror(errno));
        close(in[1]), close(out[0]);
        return -1;
    }
    signal(SIGPIPE, SIG_IGN); /* a dead server is a failed call, not our death */
    srv = (struct server){pid, getpid(), fdopen(in[1], "w"), fdopen(out[0], "r"), NULL, NULL};
    return 0;
}

json_t *cm_runtime_call(json_t *req, char *why, size_t why_len)
{
    char *text = req ? json_dumps(req, JSON_COMPACT) : NULL;
    json_decref(req);
    if (!text || srv.owner != getpid() || !srv.pid) {
        snprintf(why, why_len, text ? "the runtime's server is not running" : "out of memory");
        free(text);
        return NULL;
    }
    int sent = fprintf(srv.to, "%s\n", text) > 0 && fflush(srv.to) == 0;
    free(text);
    struct pollfd p = {fileno(srv.from), POLLIN, 0};
    json_error_t jerr;
    json_t *reply = NULL;
    if (sent && poll(&p, 1, REPLY_TIMEOUT_MS) == 1)
        reply = json_loadf(srv.from, JSON_DISABLE_EOF_CHECK, &jerr);
    if (!reply)
        snprintf(why, why_len, "the runtime's server %s", !sent ? "is gone (broken pipe)"
                 : p.revents ? "ended or answered no JSON" : "did not answer in time");
    return reply;
}

void cm_runtime_serve(const cm_backend *b, const cm_impl *impl)
{
    srv.backend = b;
    srv.impl = impl;
}

const char *cm_runtime_algorithm(void)
{
    return srv.impl ? srv.impl->algorithm : "";
}

const char *cm_runtime_variant(void)
{
    return srv.impl ? srv.impl->variant : "";
}
