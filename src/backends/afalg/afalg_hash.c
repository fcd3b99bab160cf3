/*
 * afalg_hash.c — hashes and HMAC through an AF_ALG "hash" socket.
 *
 * Copy path: libkcapi's kcapi_md_update/kcapi_md_final, fed in pieces
 * below 32 KiB so that libkcapi sends them (send(), the kernel copies)
 * instead of switching to vmsplice as it does from 32 KiB on. Zero-copy
 * path: raw sockets, because libkcapi has no switch for it and splices
 * only from 32 KiB: vmsplice() the message into a pipe, splice() it into
 * the operation socket with SPLICE_F_MORE, read() the digest
 * (docs/afalg.md lists the system calls).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include <linux/if_alg.h>
#include <kcapi.h>
#include "afalg_internal.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* Pieces of the copy path: below libkcapi's 32 KiB splice threshold. */
#define COPY_PIECE (16u << 10)

typedef struct afalg_hash {
    afalg_path path;
    struct kcapi_handle *h; /* copy path */
    int tfm, op, pipe[2];   /* zero-copy path (-1 when closed) */
    size_t digest_len;
} afalg_hash;

void afalg_hash_destroy(void *state)
{
    afalg_hash *s = state;
    if (!s)
        return;
    if (s->h)
        kcapi_md_destroy(s->h);
    int *fds[] = {&s->op, &s->tfm, &s->pipe[0], &s->pipe[1]};
    for (size_t i = 0; i < 4; i++)
        if (*fds[i] >= 0)
            close(*fds[i]);
    free(s);
}

/* Opens the raw sockets and the pipe of the zero-copy path, keyed when
 * key is not NULL. */
static cm_rc open_raw(afalg_hash *s, const afalg_binding *b, const uint8_t *key, size_t key_len)
{
    struct sockaddr_alg sa = {.salg_family = AF_ALG};
    snprintf((char *)sa.salg_type, sizeof sa.salg_type, "%s", b->type);
    snprintf((char *)sa.salg_name, sizeof sa.salg_name, "%s", b->name);
    s->tfm = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
    if (s->tfm < 0 || bind(s->tfm, (struct sockaddr *)&sa, sizeof sa) != 0)
        return CM_ERR_LIBRARY;
    if (key && setsockopt(s->tfm, SOL_ALG, ALG_SET_KEY, key_len ? key : (const void *)"",
                          (socklen_t)key_len) != 0)
        return errno == EINVAL ? CM_ERR_INVALID : CM_ERR_LIBRARY;
    s->op = accept4(s->tfm, NULL, NULL, SOCK_CLOEXEC);
    if (s->op < 0 || pipe2(s->pipe, O_CLOEXEC) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

/* A state for binding b, keyed when key is not NULL. */
static cm_rc hash_open(const afalg_binding *b, void **state, const uint8_t *key, size_t key_len)
{
    afalg_hash *s = calloc(1, sizeof *s);
    if (!s)
        return CM_ERR_NOMEM;
    s->path = b->path;
    s->tfm = s->op = s->pipe[0] = s->pipe[1] = -1;
    s->digest_len = b->out_len;
    cm_rc rc = CM_OK;
    if (s->path == AFALG_SPLICE)
        rc = open_raw(s, b, key, key_len);
    else if (kcapi_md_init(&s->h, b->name, 0) != 0)
        rc = CM_ERR_LIBRARY;
    else if (key && kcapi_md_setkey(s->h, key, (uint32_t)key_len) != 0)
        rc = CM_ERR_INVALID;
    if (rc != CM_OK || s->digest_len == 0) {
        afalg_hash_destroy(s);
        return rc != CM_OK ? rc : CM_ERR_LIBRARY;
    }
    *state = s;
    return CM_OK;
}

cm_rc afalg_hash_create(const afalg_binding *b, void **state)
{
    return hash_open(b, state, NULL, 0);
}

cm_rc afalg_mac_create(const afalg_binding *b, void **state, const uint8_t *key, size_t key_len)
{
    return hash_open(b, state, key, key_len);
}

/* Zero-copy: every byte of msg through vmsplice + splice, then the digest. */
static cm_rc digest_splice(afalg_hash *s, const uint8_t *msg, size_t len, uint8_t *out)
{
    if (len == 0 && send(s->op, "", 0, MSG_MORE) != 0) /* vmsplice takes no empty buffer */
        return CM_ERR_LIBRARY;
    while (len) {
        struct iovec iov = {.iov_base = (void *)(uintptr_t)msg, .iov_len = len};
        ssize_t got = vmsplice(s->pipe[1], &iov, 1, 0);
        if (got <= 0)
            return CM_ERR_LIBRARY;
        for (ssize_t moved = 0; moved < got;) {
            ssize_t k = splice(s->pipe[0], NULL, s->op, NULL, (size_t)(got - moved),
                               SPLICE_F_MORE);
            if (k <= 0)
                return CM_ERR_LIBRARY;
            moved += k;
        }
        msg += got;
        len -= (size_t)got;
    }
    return read(s->op, out, s->digest_len) == (ssize_t)s->digest_len ? CM_OK : CM_ERR_LIBRARY;
}

cm_rc afalg_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    afalg_hash *s = state;
    if (s->path == AFALG_SPLICE)
        return digest_splice(s, msg, len, out);
    for (size_t done = 0; done < len;) {
        size_t piece = len - done < COPY_PIECE ? len - done : COPY_PIECE;
        if (kcapi_md_update(s->h, msg + done, piece) < 0)
            return CM_ERR_LIBRARY;
        done += piece;
    }
    return kcapi_md_final(s->h, out, s->digest_len) == (ssize_t)s->digest_len ? CM_OK
                                                                              : CM_ERR_LIBRARY;
}
