/*
 * kat_wp_case.c — the fields of one Wycheproof case: group integers, hex
 * fields checked against the group's sizes, the tag length, a create()
 * that failed, a refusal with CM_ERR_AUTH (see kat_case.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "model/kat_case.h"

/* See kat_case.h. */
int kat_group_int(const json_t *group, const char *key, long long *out)
{
    const json_t *v = json_object_get(group, key);
    if (!v)
        return 0;
    if (!json_is_integer(v))
        return -1;
    *out = json_integer_value(v);
    return 1;
}

/* See kat_case.h. */
int kat_wp_decode(const cm_wp_case *c, kat_wp_fields *f, unsigned mask, char *why,
                  size_t why_len)
{
    static const struct {
        unsigned bit;
        const char *name;
        size_t buf, len;
    } fields[] = {
        {KAT_WP_KEY, "key", offsetof(kat_wp_fields, key), offsetof(kat_wp_fields, key_len)},
        {KAT_WP_IV, "iv", offsetof(kat_wp_fields, iv), offsetof(kat_wp_fields, iv_len)},
        {KAT_WP_AAD, "aad", offsetof(kat_wp_fields, aad), offsetof(kat_wp_fields, aad_len)},
        {KAT_WP_MSG, "msg", offsetof(kat_wp_fields, msg), offsetof(kat_wp_fields, msg_len)},
        {KAT_WP_CT, "ct", offsetof(kat_wp_fields, ct), offsetof(kat_wp_fields, ct_len)},
        {KAT_WP_TAG, "tag", offsetof(kat_wp_fields, tag), offsetof(kat_wp_fields, tag_len)},
    };
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if ((mask & fields[i].bit) &&
            kat_hex_field(c->test, fields[i].name, (uint8_t **)((char *)f + fields[i].buf),
                          (size_t *)((char *)f + fields[i].len), why, why_len) != 0) {
            kat_wp_fields_free(f);
            return -1;
        }
    long long key_bits = -1, iv_bits = -1;
    if (kat_group_int(c->group, "keySize", &key_bits) < 0 ||
        kat_group_int(c->group, "ivSize", &iv_bits) < 0) {
        snprintf(why, why_len, "keySize or ivSize is not an integer");
    } else if ((mask & KAT_WP_KEY) && key_bits >= 0 && (long long)f->key_len * 8 != key_bits) {
        snprintf(why, why_len, "key is %zu bytes, the group's keySize is %lld bits", f->key_len,
                 key_bits);
    } else if ((mask & KAT_WP_IV) && iv_bits >= 0 && (long long)f->iv_len * 8 != iv_bits) {
        snprintf(why, why_len, "iv is %zu bytes, the group's ivSize is %lld bits", f->iv_len,
                 iv_bits);
    } else {
        return 0;
    }
    kat_wp_fields_free(f);
    return -1;
}

/* See kat_case.h. */
void kat_wp_fields_free(kat_wp_fields *f)
{
    free(f->key);
    free(f->iv);
    free(f->aad);
    free(f->msg);
    free(f->ct);
    free(f->tag);
    memset(f, 0, sizeof *f);
}

/* See kat_case.h. */
int kat_wp_tag_len(const json_t *group, const cm_algorithm *alg, size_t *tag_len, char *why,
                   size_t why_len)
{
    long long tag_bits = 0;
    int has_tag = kat_group_int(group, "tagSize", &tag_bits);
    *tag_len = alg->out_len;
    if (has_tag < 0) {
        snprintf(why, why_len, "tagSize is not an integer");
        return -1;
    }
    if (has_tag) {
        if (tag_bits <= 0 || tag_bits % 8 || (size_t)tag_bits > alg->out_len * 8) {
            snprintf(why, why_len, "tagSize %lld does not fit %s (whole bytes, at most %zu bits)",
                     tag_bits, alg->name, alg->out_len * 8);
            return -1;
        }
        *tag_len = (size_t)tag_bits / 8;
    }
    return 0;
}

/* See kat_case.h. */
void kat_wp_create_failed(cm_kat_report *rep, const char *label, cm_rc rc, size_t key_len)
{
    if (rc == CM_ERR_UNSUPPORTED)
        kat_skip(rep, "%s: create with a %zu-byte key returned CM_ERR_UNSUPPORTED", label, key_len);
    else
        kat_fail(rep, "%s: create with a %zu-byte key returned %s", label, key_len,
                 kat_rc_name(rc));
}

/* See kat_case.h. */
int kat_wp_auth_refusal(cm_kat_report *rep, const cm_wp_case *c, const char *call,
                        const char *what, cm_rc rc)
{
    if (rc == CM_OK && c->result != CM_WP_INVALID)
        return 1;
    if (rc == CM_OK)
        kat_finding(rep, "%s: %s accepted an invalid %s", c->label, call, what);
    else if (rc != CM_ERR_AUTH)
        kat_fail(rep, "%s: %s returned %s (expected CM_OK or CM_ERR_AUTH)", c->label, call,
                 kat_rc_name(rc));
    else if (c->result == CM_WP_VALID)
        kat_fail(rep, "%s: %s refused a valid %s (CM_ERR_AUTH)", c->label, call, what);
    else
        kat_pass(rep);
    return 0;
}

/* See kat_case.h. */
int kat_case_keyed(kat_keyed_create_fn create, const uint8_t *key, size_t key_len,
                   cm_kat_report *rep, const char *label, void **state)
{
    cm_rc rc = create(state, key, key_len);
    if (rc == CM_OK)
        return 1;
    kat_wp_create_failed(rep, label, rc, key_len);
    return 0;
}
