/*
 * dmcrypt_cs.c — the second cross-check of `dmcrypt`'s figures (dmcrypt.h):
 * `cryptsetup benchmark --cipher SPEC --key-size BITS` from PATH, run right
 * after the mapping's own passes. cryptsetup encrypts a 1 MiB buffer in user
 * memory through AF_ALG in 64 KiB requests (no block layer, no dm-crypt) and
 * ignores the IV generator; its MiB/s are converted to MB/s here.
 */
#define _GNU_SOURCE
#include "run/dmcrypt.h"

#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

/* The figures of cryptsetup's result line ("  aes-xts  512b  2190.3 MiB/s
 * 2197.8 MiB/s"); 0 when line is one. */
static int figures(const char *line, double *enc, double *dec)
{
    char name[64];
    unsigned bits;
    return sscanf(line, " %63s %ub %lf MiB/s %lf MiB/s", name, &bits, enc, dec) == 4 ? 0 : -1;
}

/* See dmcrypt.h. */
int cm_dmcrypt_cryptsetup(const char *spec, size_t key_bytes, double *enc_mb_s, double *dec_mb_s,
                          char *why, size_t len)
{
    char cmd[256], line[256];
    double enc = 0, dec = 0;
    int found = 0;
    snprintf(cmd, sizeof cmd, "cryptsetup benchmark --cipher '%s' --key-size %zu 2>&1", spec,
             key_bytes * 8);
    *enc_mb_s = *dec_mb_s = 0;
    why[0] = '\0';
    FILE *p = popen(cmd, "r");
    if (!p) {
        snprintf(why, len, "cannot run cryptsetup");
        return -1;
    }
    while (fgets(line, sizeof line, p))
        if (!found && figures(line, &enc, &dec) == 0)
            found = 1;
        else if (!why[0] && line[0] != '#')  /* its first words: why it has no figure */
            snprintf(why, len, "%.*s", (int)strcspn(line, "\n"), line);
    int rc = pclose(p);
    if (rc != -1 && WIFEXITED(rc) && WEXITSTATUS(rc) == 127) {
        snprintf(why, len, "cryptsetup not found in PATH (Debian: cryptsetup-bin)");
        return -1;
    }
    if (rc != 0 || !found) {
        if (!why[0])
            snprintf(why, len, "cryptsetup benchmark exited with status %d and no figure",
                     WIFEXITED(rc) ? WEXITSTATUS(rc) : rc);
        return -1;
    }
    why[0] = '\0';
    *enc_mb_s = enc * 1.048576;  /* MiB/s to MB/s */
    *dec_mb_s = dec * 1.048576;
    return 0;
}
