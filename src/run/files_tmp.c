/*
 * files_tmp.c — the private temporary directory of `cryptometer files`
 * (files_tmp.h). The signal handler only removes the files (unlink and
 * rmdir are async-signal-safe; the names are fixed before any signal is
 * caught), then re-raises the signal with its default action, so an
 * interrupted run leaves nothing and still reports how it ended.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "run/files_tmp.h"

static char dir[512];
static volatile sig_atomic_t made;

/* In the signal handler: unlinks the names the workload uses (kind-0 to
 * kind-7; files_tmp_path callers keep to them), then dir; only
 * async-signal-safe calls. */
static void remove_known(void)
{
    static const char *const names[] = {"data", "enc", "dec", "tool-enc", "tool-dec"};
    char path[600];
    for (int k = 0; k < 8; k++)
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            /* built without snprintf: strcpy-like loops are signal-safe */
            size_t n = 0;
            for (const char *p = dir; *p && n < sizeof path - 32; p++)
                path[n++] = *p;
            path[n++] = '/';
            for (const char *p = names[i]; *p; p++)
                path[n++] = *p;
            path[n++] = '-';
            path[n++] = (char)('0' + k);
            path[n] = '\0';
            unlink(path);
        }
    rmdir(dir);
}

void files_tmp_remove(void)
{
    if (!made)
        return;
    DIR *d = opendir(dir);
    if (d) {
        struct dirent *e;
        char path[1024];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(dir);
    made = 0;
}

static void on_signal(int sig)
{
    if (made) {
        remove_known();
        made = 0;
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

const char *files_tmp_create(void)
{
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = "/tmp";
    snprintf(dir, sizeof dir, "%s/cryptometer-files-XXXXXX", base);
    if (!mkdtemp(dir))
        return NULL;
    made = 1;
    atexit(files_tmp_remove);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    return dir;
}

void files_tmp_path(char *buf, size_t len, const char *name)
{
    snprintf(buf, len, "%s/%s", dir, name);
}
