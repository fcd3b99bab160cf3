/*
 * doc_fields.h — the typed parts of the documents written and parsed field
 * by field: a field is a key, a kind and the offset of its member in a
 * struct; one writer and one reader walk a table of them, so a part's keys,
 * order and types are said once for both directions. The tables are data
 * (src/platform/doc_fields.tsv), made into the macros PF_FIELDS_<table> of
 * <build>/generated/doc_fields.inc by cmake/Fields.cmake. Used by
 * cpu_json.c (the cpu and system objects) and aes_result_json.c (the AES
 * score's verdicts).
 */
#ifndef CM_PLATFORM_DOC_FIELDS_H
#define CM_PLATFORM_DOC_FIELDS_H

#include <stddef.h>
#include <jansson.h>
#include "util/error.h"
#include "doc_fields.inc"

/* How a field is written and read. The first kinds borrow their strings
 * from the document read, and a wrong type reads "where.key: not a string";
 * the owned kinds (PF_F_OWNED, PF_F_NUM, PF_F_FLAG) are util/json_read.h's
 * values and messages. */
typedef enum pf_field_kind {
    PF_F_STR,    /* const char *: a string, null when NULL or "" */
    PF_F_TEXT,   /* const char *: always a string ("" for NULL) */
    PF_F_OPT,    /* const char *: a string, the key left out when NULL */
    PF_F_INT,    /* long long: an integer */
    PF_F_POS,    /* double: a positive number, else null */
    PF_F_BOOL,   /* int: true or false (null or absent read as false) */
    PF_F_TRI,    /* int: true, false, or null (-1) */
    PF_F_MIDR,   /* char[24]: a string, null when "" */
    PF_F_SPREAD, /* double: a number when the cluster's clock was measured, else null */
    PF_F_OWNED,  /* char *: a malloc'ed string, null when NULL */
    PF_F_NUM,    /* double: a number, null when NAN */
    PF_F_FLAG,   /* int: true or false */
} pf_field_kind;

typedef struct pf_field {
    const char *key;
    pf_field_kind kind;
    size_t off;
} pf_field;

/* The rows of the table called name in doc_fields.tsv, as an array. */
#define PF_FIELD_TABLE(name) static const pf_field name[] = {PF_FIELDS_##name}
#define PF_COUNT(a) (sizeof(a) / sizeof *(a))

/* Puts the n fields of the struct at base into o, in order; 0 or -1. */
int pf_fields_put(json_t *o, const pf_field *fs, size_t n, const void *base);

/* The n fields of o (NULL: none) into the struct at base (absent or null:
 * each kind's empty value); 0, or -1 with err naming where and the key. */
int pf_fields_parse(const json_t *o, const pf_field *fs, size_t n, void *base, const char *where, cm_error *err);

#endif
