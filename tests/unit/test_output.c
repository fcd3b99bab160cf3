/*
 * test_output.c — the views of typed records (record.h): JSON escaping
 * through the writer, the CSV view's quoting, atomic writes, the checks on
 * output paths, and that the JSON, CSV and table views of one record set
 * agree (names, sizes, statuses and figures), per-byte, per-operation and
 * failed records included; a real kept as the document writes it reads back
 * the same and prints the same (cm_json_real_as_written).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "records/output.h"
#include "records/record.h"
#include "util/json.h"
#include "util/stats.h"
#include "check.h"

/* A bound of 0.37499999999987 cycles per byte: printed "0.37" from memory
 * and "0.38" from the document's 10 digits ("0.375") before it was kept as
 * written; now memory, text and the text read back agree. */
static void check_real_as_written(void)
{
    double x = cm_json_real_as_written(10 * 0.59999999999979 / 16);
    json_t *o = json_pack("{s:f}", "b", x);
    char *text = json_dumps(o, JSON_REAL_PRECISION(CM_JSON_REAL_DIGITS));
    json_t *back = json_loads(text, 0, NULL);
    double y = json_real_value(json_object_get(back, "b"));
    char a[16], b[16];
    snprintf(a, sizeof a, "%.2f", x);
    snprintf(b, sizeof b, "%.2f", y);
    CHECK(x == y && strcmp(a, b) == 0 && x == 0.375);
    CHECK(cm_json_real_as_written(1.0 / 3) == 0.3333333333);
    free(text);
    json_decref(o);
    json_decref(back);
}

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

/* An ok record of alg/op at size with twenty samples around ns, measured
 * beside a clock of mhz. */
static void measured(cm_record *r, const char *alg, cm_op op, size_t size, double ns, double mhz)
{
    cm_record_init(r, "ref", "portable", cm_algorithm_find(alg), op, size, CM_RECORD_OK, NULL);
    cm_measurement *m = &r->m;
    m->n_samples = 20;
    m->samples = malloc(m->n_samples * sizeof *m->samples);
    m->outlier = calloc(m->n_samples, 1);
    for (size_t i = 0; i < m->n_samples; i++)
        m->samples[i] = ns * (1 + 0.001 * (double)(i % 5));
    m->samples[7] = ns * 3; /* one outlier */
    cm_stats_compute(m->samples, m->n_samples, &m->stats, m->outlier);
    m->iters_per_sample = 1000;
    m->total_ops = 20000;
    m->ci_reached = 1;
    m->cpu_ns = ns;
    m->wall_s = 0.1;
    cm_clock_reading before = {1, 1, 0, 1, mhz, mhz, 0.01}, after = before;
    after.mhz = mhz * 1.02;
    cm_record_set_clock(r, &before, &after);
    r->has_kat = 1;
    r->kat.vectors = CM_CHECK_PASSED;
    r->kat.cross = CM_CHECK_PASSED;
}

/* The set the tests render: sha256 at 16 bytes, ed25519 sign (per
 * operation), sha256 at 64 bytes failed its KAT with reason. */
static void make_set(cm_record_set *set, const char *reason)
{
    cm_record r;
    cm_error err = {0};
    cm_record_set_init(set);
    measured(&r, "sha256", CM_OP_DIGEST, 16, 250.0, 2000);
    CHECK(cm_record_set_add(set, &r, &err) == 0);
    measured(&r, "ed25519", CM_OP_SIGN, 0, 40000.0, 2000);
    CHECK(cm_record_set_add(set, &r, &err) == 0);
    cm_record_init(&r, "faulty", "portable", cm_algorithm_find("sha256"), CM_OP_DIGEST, 64,
                   CM_RECORD_FAILED_KAT, reason);
    r.has_kat = 1;
    r.kat.vectors = CM_CHECK_FAILED;
    CHECK(cm_record_set_add(set, &r, &err) == 0);
}

/* Reads the next CSV cell at *p into out (quotes undone); 1 when it ended
 * its row, 0 when more cells follow. */
static int next_cell(const char **p, char *out, size_t len)
{
    size_t n = 0;
    int quoted = **p == '"';
    for (*p += quoted; **p; (*p)++) {
        if (quoted && **p == '"' && (*p)[1] == '"')
            (*p)++;
        else if (quoted && **p == '"') {
            quoted = 0;
            continue;
        } else if (!quoted && (**p == ',' || **p == '\n'))
            break;
        if (n + 1 < len)
            out[n++] = **p;
    }
    out[n] = '\0';
    return *(*p)++ != ',';
}

/* Cell col of the CSV's data row row (0: the first after the header). */
static void csv_at(const char *text, int row, int col, char *out, size_t len)
{
    const char *p = text;
    int r = -1, c = 0;
    out[0] = '\0';
    while (*p) {
        char cell[1024];
        int end = next_cell(&p, cell, sizeof cell);
        if (r == row && c == col) {
            snprintf(out, len, "%s", cell);
            return;
        }
        c = end ? 0 : c + 1;
        r += end;
    }
}

/* 1 if CSV cell text is v as the CSV writes numbers, or both are absent. */
static int same_number(const char *text, json_t *v)
{
    char want[64] = "";
    if (json_is_number(v))
        snprintf(want, sizeof want, "%.6g", json_number_value(v));
    return strcmp(text, want) == 0;
}

/* The JSON, CSV and table views of one set name the same records with the
 * same sizes, statuses and figures. */
static void test_views_agree(void)
{
    cm_record_set set;
    make_set(&set, "vectors: wycheproof/x.json tcId 3 differs");
    json_t *recs = cm_records_json(set.items, set.n);
    size_t len;
    char *csv = cm_csv_text(set.items, set.n, &len);
    CHECK(recs && json_array_size(recs) == set.n && csv);
    /* columns, as the CSV header names them */
    enum { NAME = 0, SIZE = 7, STATUS = 11, MBS = 13, CPB = 14, CPO = 15, OPS = 16, US = 17 };
    for (size_t i = 0; recs && csv && i < set.n; i++) {
        json_t *j = json_array_get(recs, i);
        char cell[1024];
        csv_at(csv, (int)i, NAME, cell, sizeof cell);
        CHECK(strcmp(cell, set.items[i].name) == 0);
        CHECK(strcmp(json_string_value(json_object_get(j, "name")), cell) == 0);
        csv_at(csv, (int)i, SIZE, cell, sizeof cell);
        CHECK(same_number(cell, json_object_get(j, "size")) ||
              (json_is_integer(json_object_get(j, "size")) &&
               atoll(cell) == json_integer_value(json_object_get(j, "size"))));
        csv_at(csv, (int)i, STATUS, cell, sizeof cell);
        CHECK(strcmp(cell, json_string_value(json_object_get(j, "status"))) == 0);
        static const struct { int col; const char *key; } figs[] = {
            {MBS, "throughput_mb_s"}, {CPB, "cycles_per_byte"}, {CPO, "cycles_per_op"},
            {OPS, "ops_per_s"}, {US, "us_per_op"}};
        for (size_t k = 0; k < sizeof figs / sizeof figs[0]; k++) {
            csv_at(csv, (int)i, figs[k].col, cell, sizeof cell);
            CHECK(same_number(cell, json_object_get(j, figs[k].key)));
        }
    }
    /* the figures are the records' own */
    json_t *sha = json_array_get(recs, 0), *sign = json_array_get(recs, 1);
    double med = set.items[0].m.stats.median;
    CHECK_NEAR(json_real_value(json_object_get(sha, "throughput_mb_s")), 16 / med * 1e3, 1e-9);
    CHECK_NEAR(json_real_value(json_object_get(sha, "cycles_per_byte")), med * 2020 / 1e3 / 16, 1e-9);
    CHECK(json_is_null(json_object_get(sign, "throughput_mb_s")));
    CHECK(json_is_null(json_object_get(sign, "size")));
    CHECK(json_object_get(json_array_get(recs, 2), "stats") == NULL);

    /* the table shows the same figures */
    json_t *doc = json_pack("{s:{s:[i, i], s:i, s:b}, s:b}", "settings", "sizes", 16, 64, "cpu", 0,
                            "per_cluster", 0, "interrupted", 0);
    char *table = NULL;
    size_t tlen = 0;
    FILE *out = open_memstream(&table, &tlen);
    cm_print_table(out, set.items, set.n, doc);
    fclose(out);
    char want[160], cell[64];
    snprintf(cell, sizeof cell, "%.2f ±%.1f%%", json_real_value(json_object_get(sha, "throughput_mb_s")),
             set.items[0].m.stats.ci_rel * 100);
    snprintf(want, sizeof want, "%-30s %-21s %-11s %-5s %20s", "ref:portable", "sha256", "digest",
             "pass", cell);
    CHECK(strstr(table, want) != NULL);
    const cm_record *signrec = NULL;
    for (size_t i = 0; i < set.n; i++)
        if (set.items[i].op == CM_OP_SIGN)
            signrec = &set.items[i];
    CHECK(signrec != NULL);
    snprintf(cell, sizeof cell, "%.1f ±%.1f%%", json_real_value(json_object_get(sign, "ops_per_s")),
             signrec ? signrec->m.stats.ci_rel * 100 : 0);
    snprintf(want, sizeof want, "%-30s %-21s %-11s %-5s %20s%14.2f", "ref:portable", "ed25519",
             "sign", "pass", cell, json_real_value(json_object_get(sign, "us_per_op")));
    CHECK(strstr(table, want) != NULL);
    CHECK(strstr(table, "FAILED-KAT") != NULL);
    CHECK(strstr(table, "faulty:portable/sha256/digest") != NULL &&
          strstr(table, "failed-kat: vectors: wycheproof/x.json tcId 3 differs") != NULL);
    free(table);
    json_decref(doc);
    json_decref(recs);
    free(csv);
    cm_record_set_free(&set);
}

int main(void)
{
    check_real_as_written();
    char dir[] = "/tmp/cm-test-output-XXXXXX", path[256], csv[256];
    cm_error err = {0};
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/r.json", dir);
    snprintf(csv, sizeof csv, "%s/r.csv", dir);

    /* strings that need escaping survive a write and a read */
    const char *nasty = "quote \" backslash \\ newline \n tab \t ctrl \x01 utf8 \xc3\xa9 \xe2\x82\xac";
    char *argv[] = {"cryptometer", (char *)nasty};
    cm_record_set set;
    make_set(&set, nasty);
    json_t *doc = cm_document_new(2, argv);
    CHECK(json_object_set_new(doc, "results", cm_records_json(set.items, set.n)) == 0);
    CHECK(cm_write_json(path, doc, &err) == 0);
    json_error_t jerr;
    json_t *back = json_load_file(path, 0, &jerr);
    CHECK(back != NULL);
    CHECK(json_equal(json_object_get(back, "command"), json_object_get(doc, "command")));
    CHECK(json_array_size(json_object_get(back, "results")) == set.n);
    const char *reason = json_string_value(
        json_object_get(json_array_get(json_object_get(back, "results"), 2), "reason"));
    CHECK(reason && strcmp(reason, nasty) == 0);
    char *text = slurp(path);
    CHECK(text && strstr(text, "\\u0001") != NULL); /* control character escaped */
    CHECK(text && strstr(text, "\\\"") != NULL);
    free(text);
    json_decref(back);

    /* the CSV view quotes the cell with a comma, quote and newline */
    snprintf(set.items[2].reason, sizeof set.items[2].reason, "a,b \"c\"\nd");
    CHECK(cm_write_csv(csv, set.items, set.n, &err) == 0);
    text = slurp(csv);
    CHECK(text && strncmp(text, "name,backend,variant,algorithm,class,operation,unit,size,", 57) == 0);
    CHECK(text && strstr(text, "\nfaulty:portable/sha256/digest,faulty,portable,sha256,hash,digest,"
                               "byte,64,1,0,,failed-kat,\"a,b \"\"c\"\"\nd\",") != NULL);
    free(text);

    /* a text cell that would start a spreadsheet formula gets a leading
     * quote (CSV injection); numbers, negative ones too, stay numbers */
    snprintf(set.items[2].reason, sizeof set.items[2].reason, "=HYPERLINK(\"http://x\",\"y\")");
    size_t len;
    char *injected = cm_csv_text(set.items, set.n, &len);
    CHECK(injected && strstr(injected, ",failed-kat,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",") != NULL);
    free(injected);
    for (const char *lead = "+-@\t"; *lead; lead++) {
        snprintf(set.items[2].reason, sizeof set.items[2].reason, "%cSUM(A1)", *lead);
        injected = cm_csv_text(set.items, set.n, &len);
        char want[32];
        snprintf(want, sizeof want, ",failed-kat,'%cSUM(A1),", *lead);
        CHECK(injected && strstr(injected, want) != NULL);
        free(injected);
    }

    /* atomic: nothing temporary is left behind */
    CHECK(count_tmp(dir) == 0);

    /* unwritable destinations are refused before anything is written */
    CHECK(cm_output_check("/nonexistent-dir/x.json", NULL, 0, 0, &err) == -1);
    CHECK(err.code == CM_EXIT_USAGE && strstr(err.msg, "does not exist") != NULL);
    CHECK(cm_output_check(dir, NULL, 0, 0, &err) == -1);
    CHECK(strstr(err.msg, "is a directory") != NULL);
    CHECK(cm_output_check(path, NULL, 0, 0, &err) == 0);
    CHECK(cm_write_json("/nonexistent-dir/x.json", doc, &err) == -1);

    test_views_agree();

    json_decref(doc);
    cm_record_set_free(&set);
    unlink(path);
    unlink(csv);
    rmdir(dir);
    return check_done("test_output");
}
