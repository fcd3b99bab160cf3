/*
 * test_dmcrypt_cs.c — `dmcrypt`'s cryptsetup cross-check (run/dmcrypt.h,
 * cm_dmcrypt_cryptsetup): a `cryptsetup` first in PATH that prints what the
 * real one printed (tests/data/dmcrypt/) and exits with its status; its
 * figures read and converted from MiB/s to MB/s, its own words when it has
 * none, and a missing cryptsetup said as such.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "check.h"
#include "run/dmcrypt.h"
#include "util/input.h"

static char dir[] = "/tmp/cm-test-cs.XXXXXX";

/* Puts a cryptsetup into dir that records its arguments, prints file and
 * exits with rc. */
static void fake(const char *file, int rc)
{
    char path[256];
    snprintf(path, sizeof path, "%s/cryptsetup", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fprintf(f, "#!/bin/sh\nPATH=/usr/bin:/bin\necho \"$@\" >%s/args\ncat '%s/tests/data/dmcrypt/%s'\n"
            "exit %d\n", dir,
            CM_SOURCE_DIR, file, rc);
    fclose(f);
    CHECK(chmod(path, 0755) == 0);
}

static char *args(void)
{
    char path[256], *text = NULL;
    size_t len;
    snprintf(path, sizeof path, "%s/args", dir);
    return cm_read_file(path, 4096, "args", &text, &len, NULL) == 0 ? text : NULL;
}

static void test_figures(void)
{
    double enc, dec;
    char why[96] = "x";
    fake("cryptsetup-xts-512.txt", 0);
    CHECK(cm_dmcrypt_cryptsetup("aes-xts-plain64", 64, &enc, &dec, why, sizeof why) == 0);
    char *a = args();
    CHECK(a && !strcmp(a, "benchmark --cipher aes-xts-plain64 --key-size 512\n"));
    free(a);
    CHECK(why[0] == '\0');
    CHECK_NEAR(enc, 18.4 * 1.048576, 1e-9);  /* MiB/s as printed, in MB/s */
    CHECK_NEAR(dec, 12.5 * 1.048576, 1e-9);
}

static void test_no_algif(void)
{
    double enc = 1, dec = 1;
    char why[96];
    fake("cryptsetup-no-algif.txt", 1);
    CHECK(cm_dmcrypt_cryptsetup("aes-cbc-essiv:sha256", 32, &enc, &dec, why, sizeof why) == -1);
    char *a = args();
    CHECK(a && !strcmp(a, "benchmark --cipher aes-cbc-essiv:sha256 --key-size 256\n"));
    free(a);
    CHECK(enc == 0 && dec == 0);
    CHECK_CONTAINS(why, "Cipher aes-xts-plain64 (with 512 bits key) is not available.");
}

static void test_missing(void)
{
    double enc, dec;
    char why[96], path[256];
    snprintf(path, sizeof path, "%s/cryptsetup", dir);
    unlink(path);
    CHECK(cm_dmcrypt_cryptsetup("aes-xts-plain64", 64, &enc, &dec, why, sizeof why) == -1);
    CHECK_CONTAINS(why, "cryptsetup not found in PATH");
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    setenv("PATH", dir, 1);  /* dir alone: the host's cryptsetup is never found */
    test_figures();
    test_no_algif();
    test_missing();
    char f[256];
    snprintf(f, sizeof f, "%s/args", dir);
    unlink(f);
    rmdir(dir);
    return check_done("test_dmcrypt_cs");
}
