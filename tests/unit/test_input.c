/*
 * test_input.c — the reading policy (util/input.h): a regular file is read
 * whole; a FIFO, a directory and a device are refused without blocking; a
 * file over its cap is refused with the path and the limit in the message;
 * and the output policy's refusals of an input and a read-only file
 * (output.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/input.h"
#include "records/output.h"
#include "check.h"

static void write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        if (write(fd, text, strlen(text)) < 0)
            perror("write");
        close(fd);
    }
}

int main(void)
{
    char dir[] = "/tmp/cm-test-input-XXXXXX", path[256], fifo[256], other[256];
    cm_error err = {0};
    char *buf;
    size_t len;
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/in.json", dir);
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(other, sizeof other, "%s/out.json", dir);

    /* a regular file, whole and NUL-terminated */
    write_text(path, "0123456789");
    CHECK(cm_read_file(path, 10, "test file", &buf, &len, &err) == 0);
    CHECK(buf && len == 10 && strcmp(buf, "0123456789") == 0);
    free(buf);

    /* one byte over the cap: refused, the message names path and limit */
    CHECK(cm_read_file(path, 9, "test file", &buf, &len, &err) == -1 && buf == NULL);
    CHECK(err.code == CM_EXIT_ENVIRONMENT && strstr(err.msg, path) && strstr(err.msg, "9 bytes"));

    /* a FIFO with no writer: refused at once, not a blocked open */
    CHECK(mkfifo(fifo, 0644) == 0);
    CHECK(cm_read_file(fifo, 1 << 20, "test file", &buf, &len, &err) == -1);
    CHECK(strstr(err.msg, "not a regular file") != NULL);
    CHECK(cm_open_regular(dir, "test file", &err) == -1 && errno == EINVAL);
    CHECK(cm_open_regular("/dev/null", "test file", &err) == -1);
    CHECK(cm_read_file("/nonexistent/x", 10, "test file", &buf, &len, &err) == -1);
    CHECK(strstr(err.msg, "cannot open") != NULL);

    /* outputs: an input (same inode, other name) and a FIFO are refused */
    char alias[300];
    snprintf(alias, sizeof alias, "%s/./in.json", dir);
    const char *inputs[] = {NULL, path};
    CHECK(cm_output_check(alias, inputs, 2, 0, &err) == -1);
    CHECK(err.code == CM_EXIT_USAGE && strstr(err.msg, "input") != NULL);
    CHECK(cm_output_check(other, inputs, 2, 0, &err) == 0);
    CHECK(cm_output_check(fifo, NULL, 0, 1, &err) == -1);

    /* a read-only existing file: refused unless forced; a replace keeps the mode */
    write_text(other, "old");
    CHECK(chmod(other, 0444) == 0);
    CHECK(cm_output_check(other, NULL, 0, 0, &err) == -1 && strstr(err.msg, "--force"));
    CHECK(cm_output_check(other, NULL, 0, 1, &err) == 0);
    CHECK(cm_write_atomic(other, "new", 3, &err) == 0);
    struct stat st;
    CHECK(stat(other, &st) == 0 && (st.st_mode & 07777) == 0444 && st.st_size == 3);

    unlink(path);
    unlink(fifo);
    unlink(other);
    rmdir(dir);
    return check_done("test_input");
}
