/*
 * test_text_limits.c — the rules for text that comes from outside (issue
 * 29): cm_utf8_scrub (util/json.h) keeps well-formed UTF-8 and turns each
 * other byte into '?' at the same length (a lone 0xff, a cut sequence, an
 * overlong form, a surrogate, a code point above U+10FFFF), and
 * cm_json_stringn_lossy then builds a string; cm_regex_budget_check
 * (util/regex_budget.h) takes ordinary patterns and refuses stacked and
 * nested repetition and patterns that expand past the budget.
 */
#include <string.h>
#include "check.h"
#include "util/json.h"
#include "util/regex_budget.h"

/* 1 when scrubbing the n bytes of in gives want. */
static int scrubs_to(const char *in, size_t n, const char *want)
{
    char buf[64];
    memcpy(buf, in, n);
    cm_utf8_scrub(buf, n);
    return strlen(want) == n && memcmp(buf, want, n) == 0;
}

static int refused(const char *re)
{
    char why[160];
    return cm_regex_budget_check(re, why, sizeof why) != 0 && why[0];
}

int main(void)
{
    CHECK(scrubs_to("h\xffx", 3, "h?x"));
    CHECK(scrubs_to("caf\xc3\xa9", 5, "caf\xc3\xa9"));          /* é kept */
    CHECK(scrubs_to("\xe2\x82", 2, "??"));                       /* a cut € */
    CHECK(scrubs_to("\xc0\xaf", 2, "??"));                       /* overlong '/' */
    CHECK(scrubs_to("\xed\xa0\x80", 3, "???"));                  /* a surrogate */
    CHECK(scrubs_to("\xf4\x90\x80\x80", 4, "????"));             /* above U+10FFFF */
    CHECK(scrubs_to("\xf0\x9f\x94\x92!", 5, "\xf0\x9f\x94\x92!")); /* an emoji kept */
    json_t *s = cm_json_stringn_lossy("a\0b\xff", 4);
    CHECK(s && strcmp(json_string_value(s), "a?b?") == 0);
    json_decref(s);

    char why[160];
    CHECK(cm_regex_budget_check("gcm/open$", why, sizeof why) == 0);
    CHECK(cm_regex_budget_check("ref:|aes-(128|256)-gcm", why, sizeof why) == 0);
    CHECK(cm_regex_budget_check("\\++|[+*]+", why, sizeof why) == 0);
    CHECK(cm_regex_budget_check("x{1,1000}", why, sizeof why) == 0);
    /* an optional group holding a repetition matches at most once: taken (the
     * VM checks' '(\.s[-a-z]*)?') */
    CHECK(cm_regex_budget_check("afalg:kernel(\\.s[-a-z]*)?/sha256", why, sizeof why) == 0);
    CHECK(cm_regex_budget_check("(a+){0,1}(b*){1}", why, sizeof why) == 0);
    CHECK(refused("(a+){2}"));
    CHECK(refused("((a*)?)*"));
    CHECK(refused("a++"));
    CHECK(refused("(a+)+"));
    CHECK(refused("((a{1,100}){1,100}){1,100}"));
    CHECK(refused("(x{1,32767}){1,32767}"));
    CHECK(refused("a{1001}"));
    CHECK(refused("x{1,1000}y"));
    CHECK(refused("a{99999999999999999999}"));
    return check_done("test_text_limits");
}
