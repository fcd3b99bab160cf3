/*
 * fuzz_wycheproof.c — libFuzzer harness of the Wycheproof file checker:
 * the input parsed with json_loadb, as `verify --wycheproof` parses a file,
 * then cm_kat_wycheproof_scan (src/check/kat_wycheproof.c), which walks every
 * group and case and decodes their fields.
 */
#include <jansson.h>
#include "fuzz_common.h"
#include "check/kat.h"
#include "util/error.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_error_t jerr;
    json_t *doc = json_loadb((const char *)data, size, 0, &jerr);
    if (!doc)
        return 0;
    cm_kat_file_info scan;
    cm_error err = {0};
    int rc = cm_kat_wycheproof_scan(doc, "fuzz.json", &scan, &err);
    if (rc != 0 && !err.msg[0])
        abort(); /* an error always says why */
    if (rc == 0 && (scan.n_algs > CM_KAT_FILE_MAX_ALGS || scan.n_gaps > CM_KAT_FILE_MAX_GAPS))
        abort();
    json_decref(doc);
    return 0;
}
