/*
 * kat_test.c — the helpers the KAT tests share (kat_test.h): the embedded
 * vector files, the registry's cross-check peer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/embedded.h"
#include "kat_test.h"

const size_t sizes[N_SIZES] = {16, 64, 256, 1024, 8192};

/* The embedded vector file at path, parsed (caller frees), or NULL. */
json_t *load_embedded(const char *path)
{
    const cm_embedded_file *f = cm_embedded_find(path);
    json_error_t jerr;
    return f ? json_loadb((const char *)f->data, f->len, 0, &jerr) : NULL;
}

/* Changes the first hex digit of the string field of obj. */
void corrupt_hex(json_t *obj, const char *field)
{
    char *s = strdup(json_string_value(json_object_get(obj, field)));
    s[0] = s[0] == '0' ? '1' : '0';
    json_object_set_new(obj, field, json_string(s));
    free(s);
}

/* The first test of group g whose result is "valid". */
json_t *first_valid(json_t *doc, size_t g)
{
    json_t *tests = json_object_get(json_array_get(json_object_get(doc, "testGroups"), g), "tests");
    size_t i;
    json_t *t;
    json_array_foreach(tests, i, t) {
        if (strcmp(json_string_value(json_object_get(t, "result")), "valid") == 0)
            return t;
    }
    return NULL;
}

/* 1 when the registry's cross-check peer for algorithm (seen from backend
 * self) is one of the test-only backends, whose results mean nothing (and
 * faulty's crash). Happens when neither ref nor openssl is compiled in. */
int test_only_peer(const cm_backend *self, const char *algorithm)
{
    const cm_backend *pb = NULL;
    return cm_registry_peer(cm_backend_find_impl(self, algorithm, NULL), &pb) &&
           (strcmp(pb->name, "broken") == 0 || strcmp(pb->name, "faulty") == 0);
}
