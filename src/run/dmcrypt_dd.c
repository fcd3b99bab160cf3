/*
 * dmcrypt_dd.c — the cross-check of `dmcrypt`'s own passes (dmcrypt.h): the
 * same mapping read and written by dd (coreutils or busybox, from PATH)
 * with the same I/O size and O_DIRECT, its rate parsed from what dd prints,
 * or, from a dd that prints no rate (busybox built without it: only
 * "N+0 records out"), timed around it, dd's start included.
 */
#define _GNU_SOURCE
#include "run/dmcrypt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/now.h"

/* Bytes and seconds from dd's summary line ("N bytes (...) copied, S s, ..."
 * or busybox's "..., S seconds, ..."); 0 when the line is one. */
static int summary(const char *line, double *bytes, double *secs)
{
    const char *c = strstr(line, " copied, ");
    if (!c || sscanf(line, "%lf bytes", bytes) != 1 || sscanf(c + 9, "%lf", secs) != 1)
        return -1;
    return *secs > 0 ? 0 : -1;
}

/* See dmcrypt.h. */
double cm_dmcrypt_dd(const char *node, size_t io, uint64_t bytes, int write, char *why, size_t len)
{
    char cmd[512], line[256];
    unsigned long long count = bytes / io;
    if (write)
        snprintf(cmd, sizeof cmd, "dd if=/dev/zero of='%s' bs=%zu count=%llu oflag=direct conv=fsync 2>&1",
                 node, io, count);
    else
        snprintf(cmd, sizeof cmd, "dd if='%s' of=/dev/null bs=%zu count=%llu iflag=direct 2>&1", node,
                 io, count);
    double t0 = cm_now_s(), b = 0, s = 0, rate = 0;
    int records = 0;
    unsigned long long out;
    FILE *p = popen(cmd, "r");
    why[0] = '\0';
    if (!p) {
        snprintf(why, len, "cannot run dd");
        return 0;
    }
    while (fgets(line, sizeof line, p))
        if (summary(line, &b, &s) == 0 && b == (double)(count * io))
            rate = b / s / 1e6;
        else if (sscanf(line, "%llu+0 records out", &out) == 1 && out == count)
            records = 1;
        else if (!rate)
            snprintf(why, len, "%.*s", (int)strcspn(line, "\n"), line);  /* dd's own words */
    int rc = pclose(p);
    double wall = cm_now_s() - t0;
    if (rc == 0 && !rate && records && wall > 0) {
        rate = (double)bytes / wall / 1e6;
        why[0] = '\0';
    }
    if (rc != 0 && !why[0])
        snprintf(why, len, "dd exited with status %d", rc);
    return rc == 0 ? rate : 0;
}
