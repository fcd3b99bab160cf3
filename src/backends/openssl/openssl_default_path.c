/*
 * openssl_default_path.c — what OpenSSL's default path runs (an EVP call
 * that names no engine, as `openssl speed` and most applications make it)
 * for the algorithms an engine can take over: an engine that openssl.cnf
 * makes the default, or OpenSSL's own code. This is the question of board
 * reports that credit `openssl speed` to a kernel engine "because of its
 * priority": OpenSSL reaches AF_ALG only through its afalg engine, and
 * only when a configuration (or the application) loads it and makes it a
 * default.
 *
 * Asked as an application starts: OPENSSL_init_crypto(LOAD_CONFIG), then
 * ENGINE_get_cipher_engine / ENGINE_get_digest_engine per algorithm. That
 * changes the process for good (and in the static binary later fetches
 * crashed after it), so it runs in a forked child that writes one line per
 * algorithm to a pipe: "name engine-id" or "name -".
 */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <jansson.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include "openssl_internal.h"
#ifndef OPENSSL_NO_ENGINE
#include <openssl/engine.h>
#endif

/* The algorithms asked about: AF_ALG's afalg engine offers AES-CBC;
 * devcrypto whatever /dev/crypto has. */
static const struct {
    const char *name;
    int nid, digest;
} asked[] = {{"aes-128-cbc", NID_aes_128_cbc, 0}, {"aes-256-cbc", NID_aes_256_cbc, 0},
             {"aes-128-gcm", NID_aes_128_gcm, 0}, {"sha256", NID_sha256, 1}};
#define N_ASKED (sizeof asked / sizeof asked[0])

#ifndef OPENSSL_NO_ENGINE
/* The child: loads the configuration, writes the answers to fd. */
static void ask(int fd)
{
    char line[128];
    OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL);
    for (size_t i = 0; i < N_ASKED; i++) {
        ENGINE *e = asked[i].digest ? ENGINE_get_digest_engine(asked[i].nid)
                                    : ENGINE_get_cipher_engine(asked[i].nid);
        int n = snprintf(line, sizeof line, "%s %s\n", asked[i].name,
                         e && ENGINE_get_id(e) ? ENGINE_get_id(e) : "-");
        if (n > 0 && write(fd, line, (size_t)n) != n)
            _exit(1);
    }
    _exit(0);
}
#endif

/* The "default_path" object: {algorithms: {name: engine id or null}, how,
 * reason (when it could not be asked)}. */
json_t *ossl_default_path(void)
{
    json_t *o = json_object(), *algs = json_object();
    if (!o || !algs) {
        json_decref(o), json_decref(algs);
        return NULL;
    }
    json_object_set_new(o, "how", json_string("the engine openssl.cnf makes the default for each "
                                              "algorithm (ENGINE_get_cipher_engine), null: "
                                              "OpenSSL's own code"));
#ifdef OPENSSL_NO_ENGINE
    for (size_t i = 0; i < N_ASKED; i++)
        json_object_set_new(algs, asked[i].name, json_null());
    json_object_set_new(o, "reason", json_string("this OpenSSL has no engine support: always its own code"));
#else
    int fds[2];
    char buf[1024];
    size_t got = 0;
    if (pipe(fds) == 0) {
        pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            ask(fds[1]);
        }
        close(fds[1]);
        ssize_t n;
        while (pid > 0 && got < sizeof buf - 1 &&
               (n = read(fds[0], buf + got, sizeof buf - 1 - got)) > 0)
            got += (size_t)n;
        close(fds[0]);
        int st = 0;
        if (pid > 0 && (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0))
            got = 0;
    }
    buf[got] = '\0';
    for (char *save = NULL, *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        char *sp = strchr(l, ' ');
        if (!sp)
            continue;
        *sp = '\0';
        json_object_set_new(algs, l, strcmp(sp + 1, "-") ? json_string(sp + 1) : json_null());
    }
    if (json_object_size(algs) != N_ASKED)
        json_object_set_new(o, "reason", json_string("the child that loads openssl.cnf and asks "
                                                     "did not answer"));
#endif
    json_object_set_new(o, "algorithms", algs);
    return o;
}
