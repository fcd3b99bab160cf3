/*
 * system_rng.c — the "system" backend: the kernel's random sources as
 * variants of the rng class's "random" (primitive.h, cm_rng_vtable):
 *   getrandom  one getrandom(2) call (flags 0) per request;
 *   urandom    one read(2) of /dev/urandom, opened once per state;
 *   random     one read(2) of /dev/random (the same pool as urandom since
 *              Linux 5.6, but blocking until it is initialised);
 *   hwrng      read(2) of /dev/hwrng (the hardware RNG the kernel drives),
 *              each read waited for with poll(2) for at most HWRNG_TIMEOUT_MS:
 *              a slow or stuck device fails the request instead of hanging.
 * Short reads and EINTR are continued, so a request always returns len
 * bytes (a device may give fewer per read: the loop is part of what one
 * request costs).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>
#include <stdio.h>
#include "cryptometer/backend.h"
#include "platform/sysroot.h"

#define HWRNG_TIMEOUT_MS 2000

/* ---- getrandom ------------------------------------------------------------- */

static cm_rc gr_create(void **state)
{
    *state = NULL;
    return CM_OK;
}

static cm_rc gr_generate(void *state, uint8_t *out, size_t len)
{
    (void)state;
    while (len > 0) {
        ssize_t n = getrandom(out, len, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return CM_ERR_LIBRARY;
        out += n;
        len -= (size_t)n;
    }
    return CM_OK;
}

static void gr_destroy(void *state)
{
    (void)state;
}

static const cm_rng_vtable getrandom_vt = {gr_create, gr_generate, NULL, gr_destroy};

/* ---- the device files ------------------------------------------------------ */

typedef struct dev_state {
    int fd;
    int timeout_ms; /* -1: read without poll */
} dev_state;

static cm_rc dev_open(void **state, const char *path, int timeout_ms)
{
    dev_state *s = malloc(sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->fd = open(path, O_RDONLY | O_CLOEXEC | (timeout_ms >= 0 ? O_NONBLOCK : 0));
    if (s->fd < 0) {
        free(s);
        return CM_ERR_LIBRARY;
    }
    s->timeout_ms = timeout_ms;
    *state = s;
    return CM_OK;
}

static cm_rc dev_generate(void *state, uint8_t *out, size_t len)
{
    dev_state *s = state;
    while (len > 0) {
        if (s->timeout_ms >= 0) {
            struct pollfd p = {s->fd, POLLIN, 0};
            int r = poll(&p, 1, s->timeout_ms);
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0)
                return CM_ERR_LIBRARY; /* timed out or failed */
        }
        ssize_t n = read(s->fd, out, len);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0)
            return CM_ERR_LIBRARY;
        out += n;
        len -= (size_t)n;
    }
    return CM_OK;
}

static void dev_destroy(void *state)
{
    dev_state *s = state;
    if (!s)
        return;
    close(s->fd);
    free(s);
}

/* 1 when path opens for reading, else 0 with the errno text in why. */
static int dev_available(const char *path, char *why, size_t why_len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        snprintf(why, why_len, "%s: %s", path, strerror(errno));
        return 0;
    }
    close(fd);
    return 1;
}

#define DEV_SOURCE(id, path, timeout)                                                   \
    static cm_rc id##_create(void **state) { return dev_open(state, path, timeout); }   \
    static int id##_available(char *why, size_t why_len)                                \
    { return dev_available(path, why, why_len); }                                       \
    static const cm_rng_vtable id##_vt = {id##_create, dev_generate, NULL, dev_destroy};

DEV_SOURCE(urandom, "/dev/urandom", -1)
DEV_SOURCE(random, "/dev/random", -1)
DEV_SOURCE(hwrng_dev, "/dev/hwrng", HWRNG_TIMEOUT_MS)

/* /dev/hwrng also needs a driver bound to it: rng_current "none" reads
 * fail with ENODEV. */
static int hwrng_available(char *why, size_t why_len)
{
    char cur[64] = "";
    /* the reading policy (util/input.h) through the platform's reader */
    if (pf_read_line(NULL, "/sys/class/misc/hw_random/rng_current", cur, sizeof cur) == 0 &&
        strcmp(cur, "none") == 0) {
        snprintf(why, why_len, "/dev/hwrng: no hardware RNG driver (rng_current: none)");
        return 0;
    }
    return hwrng_dev_available(why, why_len);
}

static const cm_impl impls[] = {
    CM_IMPL_RNG("random", "getrandom", &getrandom_vt, NULL),
    CM_IMPL_RNG("random", "urandom", &urandom_vt, urandom_available),
    CM_IMPL_RNG("random", "random", &random_vt, random_available),
    CM_IMPL_RNG("random", "hwrng", &hwrng_dev_vt, hwrng_available),
};

extern const cm_backend cm_backend_system;
const cm_backend cm_backend_system = {
    .name = "system",
    .description = "the kernel's random sources: getrandom(), /dev/urandom, /dev/random, "
                   "/dev/hwrng (read with a 2 s timeout)",
    .impls = impls,
    .n_impls = sizeof impls / sizeof impls[0],
    .choice_variant = "getrandom",
};
