/*
 * test_output.c — JSON escaping through the writer, the CSV view's quoting,
 * atomic writes, and the checks on output paths.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "core/output.h"
#include "check.h"

/* The whole file at path, malloc'ed (NULL if unreadable). */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* Number of entries in dir whose name contains ".tmp". */
static int count_tmp(const char *dir)
{
    int n = 0;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        n += strstr(e->d_name, ".tmp") != NULL;
    if (d)
        closedir(d);
    return n;
}

int main(void)
{
    char dir[] = "/tmp/cm-test-output-XXXXXX", path[256], csv[256];
    cm_error err = {0};
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/r.json", dir);
    snprintf(csv, sizeof csv, "%s/r.csv", dir);

    /* strings that need escaping survive a write and a read */
    const char *nasty = "quote \" backslash \\ newline \n tab \t ctrl \x01 utf8 \xc3\xa9 \xe2\x82\xac";
    char *argv[] = {"cryptometer", (char *)nasty};
    json_t *doc = cm_document_new(2, argv);
    json_t *rec = json_pack("{s:s, s:s, s:s, s:i, s:s, s:s}", "name", "a/b/c", "backend", "a",
                            "algorithm", "b", "size", 16, "status", "failed-kat", "reason", nasty);
    json_array_append_new(json_object_get(doc, "results"), rec);
    CHECK(cm_write_json(path, doc, &err) == 0);
    json_error_t jerr;
    json_t *back = json_load_file(path, 0, &jerr);
    CHECK(back != NULL);
    CHECK(back && json_equal(back, doc));
    const char *reason = json_string_value(
        json_object_get(json_array_get(json_object_get(back, "results"), 0), "reason"));
    CHECK(reason && strcmp(reason, nasty) == 0);
    char *text = slurp(path);
    CHECK(text && strstr(text, "\\u0001") != NULL); /* control character escaped */
    CHECK(text && strstr(text, "\\\"") != NULL);
    free(text);
    json_decref(back);

    /* the CSV view quotes the cell with a comma, quote and newline */
    json_object_set_new(rec, "reason", json_string("a,b \"c\"\nd"));
    CHECK(cm_write_csv(csv, doc, &err) == 0);
    text = slurp(csv);
    CHECK(text && strncmp(text, "name,backend,variant,algorithm,class,operation,unit,size,", 57) == 0);
    CHECK(text && strstr(text, "\na/b/c,a,,b,,,,16,,,,failed-kat,\"a,b \"\"c\"\"\nd\",") != NULL);
    free(text);

    /* atomic: nothing temporary is left behind */
    CHECK(count_tmp(dir) == 0);

    /* unwritable destinations are refused before anything is written */
    CHECK(cm_output_check("/nonexistent-dir/x.json", &err) == -1);
    CHECK(err.code == CM_EXIT_USAGE && strstr(err.msg, "does not exist") != NULL);
    CHECK(cm_output_check(dir, &err) == -1);
    CHECK(strstr(err.msg, "is a directory") != NULL);
    CHECK(cm_output_check(path, &err) == 0);
    CHECK(cm_write_json("/nonexistent-dir/x.json", doc, &err) == -1);

    json_decref(doc);
    unlink(path);
    unlink(csv);
    rmdir(dir);
    return check_done("test_output");
}
