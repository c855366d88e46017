/* Bad input never crashes the model engine: a malformed measurements.csv,
 * an unreadable, foreign or damaged model.json, too few sizes, a single p,
 * an unknown library or pattern in a prediction.  Each is one line naming
 * the file, the line and the field (or a note inside the model saying
 * which model could not be fitted and why). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model_test_support.h"
#include "mpchar/model.h"
#include "mpchar/overlap.h"
#include "mpchar/results.h"

#define HEADER MPCHAR_MEASUREMENTS_HEADER_UNPLACED "\n"
#define ROW(n, t)                                                       \
    "lib,pingpong,send,-,byte,2," #n ",fit,10," #t "," #t "," #t "," #t \
    ",0,false\n"

static void temp_path(char *buf, size_t len, const char *name)
{
    const char *dir = getenv("TMPDIR");
    snprintf(buf, len, "%s/mpchar_badinput_%s", dir && *dir ? dir : "/tmp",
             name);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void expect_csv_error(const char *name, const char *text,
                             const char *where, const char *field)
{
    char path[512];
    temp_path(path, sizeof path, name);
    write_file(path, text);
    mpchar_measurements m = {0};
    mpchar_error err = {{0}};
    mpchar_read_options opt = {.allow_truncated_tail = false};
    assert_int_equal(mpchar_measurements_read(path, &opt, &m, NULL, &err), -1);
    char want[600];
    snprintf(want, sizeof want, "%s%s", path, where);
    if (!strstr(err.msg, want) || !strstr(err.msg, field))
        fail_msg("error '%s' does not name '%s' and '%s'", err.msg, want,
                 field);
    assert_null(strchr(err.msg, '\n'));
    remove(path);
}

static void test_malformed_csv(void **state)
{
    (void)state;
    expect_csv_error("missing.csv", "library,pattern\n", ":1:", "header");
    expect_csv_error("reordered.csv",
                     "library,pattern,variant,op,datatype,p,n_bytes,set,reps,"
                     "t_median_us,t_min_us,t_mean_us,t_max_us,t_stddev_us,"
                     "oversubscribed\n",
                     ":1:", "t_min_us");
    expect_csv_error("text.csv", HEADER ROW(0, 1) ROW(1, abc),
                     ":3:", "t_min_us");
    expect_csv_error("negative.csv", HEADER ROW(0, -1), ":2:", "t_min_us");
    expect_csv_error("nan.csv", HEADER ROW(0, nan), ":2:", "t_min_us");
    expect_csv_error("truncated.csv",
                     HEADER ROW(0, 1) "lib,pingpong,send,-,byte,2,1,fit,10,1",
                     ":3:", "truncated");
}

static void expect_model_error(const char *text, const char *field)
{
    mpchar_model m;
    mpchar_error err = {{0}};
    assert_int_equal(
        mpchar_model_parse(text, strlen(text), "model.json", &m, &err), -1);
    if (strncmp(err.msg, "model.json", 10) != 0 || !strstr(err.msg, field))
        fail_msg("error '%s' does not name the file and '%s'", err.msg, field);
    assert_null(strchr(err.msg, '\n'));
}

/* Fits meas with the default options into *m and frees meas's rows. */
static void fit_rows(mpchar_measurements *meas, mpchar_model *m)
{
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    mpchar_error err;
    if (mpchar_model_fit(meas, "x.csv", &opt, m, &err) != 0)
        fail_msg("%s", err.msg);
    free(meas->rows);
}

static void small_model(mpchar_model *m)
{
    mpchar_measurements meas = {0};
    for (uint64_t n = 0; n <= 65536; n = n ? n * 4 : 1)
        synth_add(&meas, "lib", "pingpong", "send", "-", 2, n, MPCHAR_SET_FIT,
                  1.0 + 0.001 * (double)n);
    fit_rows(&meas, m);
}

/* Replaces the first occurrence of from in text by to (text has room). */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t n = strlen(text) + strlen(to) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

/* The text with from replaced by to must fail to read, naming needle. */
static void expect_replaced_error(const char *text, const char *from,
                                  const char *to, const char *needle)
{
    char *bad = replaced(text, from, to);
    expect_model_error(bad, needle);
    free(bad);
}

/* A model with an overlap table: both sides, 16 bytes, a 10 us wait that
 * a computation hides down to 0.5 us. */
static void overlap_model(mpchar_model *m)
{
    mpchar_measurements meas = {0};
    for (const char *const *v = mpchar_overlap_variants; *v; v++) {
        mpchar_overlap_side side;
        double c;
        if (mpchar_overlap_variant_parse(*v, &side, &c, NULL) != 0)
            fail_msg("variant %s", *v);
        synth_add(&meas, "lib", MPCHAR_OVERLAP_PATTERN, *v, "-", 2, 16,
                  MPCHAR_SET_FIT, fmax(10.0 - c, 0.5));
    }
    fit_rows(&meas, m);
}

/* model.json's text of the model make builds (into *m, for freeing). */
static char *dumped(void (*make)(mpchar_model *), mpchar_model *m)
{
    char *text;
    mpchar_error err;
    make(m);
    assert_int_equal(mpchar_model_dump(m, &text, &err), 0);
    return text;
}

/* Edits of the overlap table's first point (from, to) and the field the
 * one-line error must name. */
static const char *const overlap_edits[][3] = {
    {"\"side\": \"isend\"", "\"side\": \"ssend\"", "overlap.points[0].side"},
    {"\"done_at_post\": false", "\"done_at_post\": true",
     "overlap.points[0].done_at_post"},
    {"\"fraction\": 0.", "\"fraction\": 1.", "overlap.points[0].fraction"},
    {"\"n_bytes\": 16", "\"n_bytes\": -16", "overlap.points[0].n_bytes"},
    {"\"points\": [", "\"points\": 3, \"x\": [", "overlap.points'"},
};

static void test_bad_overlap_table(void **state)
{
    (void)state;
    mpchar_model m;
    char *text = dumped(overlap_model, &m);
    for (size_t i = 0; i < sizeof overlap_edits / sizeof overlap_edits[0]; i++)
        expect_replaced_error(text, overlap_edits[i][0], overlap_edits[i][1],
                              overlap_edits[i][2]);
    free(text);
    mpchar_model_free(&m);
}

/* Replacements of a warm model's `"cache": "warm"` and the field the
 * one-line error must name: a state that is not one, and a cold model
 * without a sweep or with one that is not a name (it would break `mpchar
 * predict --json`). */
static const char *const cache_edits[][2] = {
    {"\"cache\": \"tepid\"", "field 'source.cache'"},
    {"\"cache\": 1", "field 'source.cache'"},
    {"\"cache\": \"cold\"", "field 'source.cache_sweep'"},
    {"\"cache\": \"cold\", \"cache_sweep\": \"8\\\"M\"",
     "field 'source.cache_sweep'"},
};

static void test_bad_model_json(void **state)
{
    (void)state;
    expect_model_error("{\"schema\": \"other-tool\", \"version\": 1}",
                       "field 'schema'");
    expect_model_error("[1, 2]", "not an mpchar model file");
    expect_model_error("{\n  \"schema\": \"mpchar-model\",\n  \"version\": ",
                       "model.json:3:");
    expect_model_error("\x7f\x45\x4c\x46\x02", "model.json:1:");
    mpchar_model m;
    char *text = dumped(small_model, &m);
    expect_replaced_error(text, "\"version\": 2", "\"version\": 1",
                          "field 'version'");
    expect_replaced_error(text, "\"method\": \"best\"", "\"method\": \"fast\"",
                          "field 'options.method'");
    expect_replaced_error(text, "\"zero_noop\": false", "\"zero_noop\": 0",
                          "field 'entries[0].fits[0].zero_noop'");
    expect_replaced_error(text, "\"ts_us\": ", "\"ts_us\": \"fast\", \"x\": ",
                          "field 'entries[0].fits[0].hockney.ts_us'");
    expect_replaced_error(text, "\"library\": \"lib\"", "\"library\": \"a b\"",
                          "field 'entries[0].library'");
    expect_replaced_error(text, "\"best\": \"", "\"best\": \"x",
                          "field 'entries[0].fits[0].best'");
    expect_replaced_error(text, "\"p\": 2", "\"p\": -2",
                          "field 'entries[0].fits[0].p'");
    expect_replaced_error(text, "\"form\": \"a\"",
                          "\"form\": \"expr\", \"expr\": \"p +\"", "expr");
    for (size_t i = 0; i < sizeof cache_edits / sizeof cache_edits[0]; i++)
        expect_replaced_error(text, "\"cache\": \"warm\"", cache_edits[i][0],
                              cache_edits[i][1]);
    free(text);
    mpchar_model_free(&m);
}

/* A model fitted before `mpchar run --cache` existed has no source.cache:
 * its buffers were warm. */
static void test_model_before_cache(void **state)
{
    (void)state;
    mpchar_model m, back;
    char *text = dumped(small_model, &m);
    char *older = replaced(text, ",\n  \"cache\": \"warm\"", "");
    mpchar_error err;
    if (mpchar_model_parse(older, strlen(older), "model.json", &back, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(back.cache, MPCHAR_CACHE_WARM);
    assert_null(strstr(older, "\"cache\""));
    free(older);
    free(text);
    mpchar_model_free(&back);
    mpchar_model_free(&m);
}

static void test_unreadable_model(void **state)
{
    (void)state;
    mpchar_model m;
    mpchar_error err = {{0}};
    assert_int_equal(mpchar_model_read("/nonexistent/model.json", &m, &err),
                     -1);
    assert_non_null(strstr(err.msg, "/nonexistent/model.json: cannot open"));
    const char *dir = getenv("TMPDIR");
    assert_int_equal(mpchar_model_read(dir && *dir ? dir : "/tmp", &m, &err),
                     -1);
    assert_non_null(strstr(err.msg, dir && *dir ? dir : "/tmp"));
}

static void test_too_few_sizes(void **state)
{
    (void)state;
    mpchar_measurements meas = {0};
    synth_add(&meas, "lib", "pingpong", "send", "-", 2, 0, MPCHAR_SET_FIT, 1);
    synth_add(&meas, "lib", "pingpong", "send", "-", 2, 64, MPCHAR_SET_FIT, 2);
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    mpchar_model m;
    mpchar_error err = {{0}};
    /* Nothing else: the fit fails, saying why. */
    assert_int_equal(
        mpchar_model_fit(&meas, "dir/measurements.csv", &opt, &m, &err), -1);
    assert_non_null(strstr(err.msg, "dir/measurements.csv"));
    assert_non_null(strstr(err.msg, "fewer than 3"));
    /* With another entry that fits, the model says which one was not. */
    for (uint64_t n = 0; n <= 4096; n = n ? n * 4 : 1)
        synth_add(&meas, "lib", "pingping", "-", "-", 2, n, MPCHAR_SET_FIT,
                  1 + 0.01 * (double)n);
    assert_int_equal(
        mpchar_model_fit(&meas, "dir/measurements.csv", &opt, &m, &err), 0);
    int found = 0;
    for (size_t i = 0; i < m.nfindings; i++)
        found |= m.findings[i].kind == MPCHAR_FINDING_NOT_FITTED &&
                 strstr(m.findings[i].text, "pingpong/send p=2") &&
                 strstr(m.findings[i].text, "only 2 message sizes");
    assert_true(found);
    /* Predicting from it names the reason. */
    mpchar_query q = {.library = "lib",
                      .pattern = "pingpong",
                      .n_bytes = 8,
                      .p = 2,
                      .family = MPCHAR_FAMILY_HOCKNEY};
    mpchar_prediction r;
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), -1);
    assert_non_null(strstr(err.msg, "fewer than 3"));
    mpchar_model_free(&m);
    free(meas.rows);
}

static void test_single_p(void **state)
{
    (void)state;
    mpchar_measurements meas = {0};
    for (uint64_t n = 1; n <= 65536; n *= 4)
        synth_add(&meas, "lib", "bcast", "-", "-", 2, n, MPCHAR_SET_FIT,
                  2 + 0.001 * (double)n);
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    mpchar_model m;
    mpchar_error err;
    assert_int_equal(mpchar_model_fit(&meas, "x", &opt, &m, &err), 0);
    const mpchar_entry *e = &m.entries[0];
    assert_non_null(strstr(e->note, "single p = 2: p-forms are constants"));
    assert_int_equal(e->pf.hockney_ts.kind, MPCHAR_PFORM_CONST);
    assert_int_equal(e->pf.hockney_ts.np, 1);
    /* No n = 0 point: the t_i model says why it is missing. */
    assert_false(e->fits[0].ok[MPCHAR_FAMILY_TI]);
    assert_non_null(strstr(e->fits[0].why[MPCHAR_FAMILY_TI], "n = 0"));
    /* Other p come from the constants, flagged as extrapolation. */
    mpchar_prediction r;
    assert_int_equal(
        mpchar_entry_predict(e, MPCHAR_FAMILY_HOCKNEY, 1024, 8, &r, &err), 0);
    assert_true(r.from_pforms && r.extrapolated_p);
    mpchar_model_free(&m);
    free(meas.rows);
}

static void test_unknown_names(void **state)
{
    (void)state;
    mpchar_model m;
    small_model(&m);
    mpchar_error err = {{0}};
    mpchar_prediction r;
    mpchar_query q = {.library = "nosuch",
                      .pattern = "pingpong",
                      .n_bytes = 8,
                      .p = 2,
                      .family = MPCHAR_FAMILY_BEST};
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), -1);
    assert_non_null(strstr(err.msg, "unknown library 'nosuch'"));
    assert_non_null(strstr(err.msg, "lib"));
    q.library = "lib";
    q.pattern = "nosuch";
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), -1);
    assert_non_null(strstr(err.msg, "unknown pattern 'nosuch'"));
    q.pattern = "pingpong";
    q.variant = "ssend";
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), -1);
    assert_non_null(strstr(err.msg, "unknown variant 'ssend'"));
    q.variant = NULL;
    q.p = 4;
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), -1);
    assert_non_null(strstr(err.msg, "p = 2"));
    q.p = 2;
    q.n_bytes = -1;
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), -1);
    q.n_bytes = 1e9;
    assert_int_equal(mpchar_model_predict(&m, &q, &r, &err), 0);
    assert_true(r.extrapolated_n);
    mpchar_model_free(&m);
}

static void test_oversubscribed(void **state)
{
    (void)state;
    mpchar_measurements meas = {0};
    for (uint64_t n = 0; n <= 4096; n = n ? n * 4 : 1)
        synth_add(&meas, "lib", "bcast", "-", "-", 3, n, MPCHAR_SET_FIT,
                  5 + 0.01 * (double)n);
    for (size_t i = 0; i < meas.count; i++)
        meas.rows[i].oversubscribed = true;
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    mpchar_model m;
    mpchar_error err = {{0}};
    assert_int_equal(mpchar_model_fit(&meas, "o.csv", &opt, &m, &err), -1);
    assert_non_null(strstr(err.msg, "--include-oversubscribed"));
    opt.include_oversubscribed = true;
    assert_int_equal(mpchar_model_fit(&meas, "o.csv", &opt, &m, &err), 0);
    assert_true(m.entries[0].oversubscribed);
    assert_non_null(strstr(m.entries[0].note, "oversubscribed"));
    mpchar_prediction r;
    assert_int_equal(mpchar_entry_predict(&m.entries[0], MPCHAR_FAMILY_BEST, 64,
                                          3, &r, &err),
                     0);
    assert_true(r.oversubscribed);
    mpchar_model_free(&m);
    opt.max_segments = 0;
    assert_int_equal(mpchar_model_fit(&meas, "o.csv", &opt, &m, &err), -1);
    assert_non_null(strstr(err.msg, "max segments"));
    free(meas.rows);
}

/* A disturbed point (a process lost its core for the whole point) is left
 * out and reported; a protocol switch is not taken for one. */
static void test_outliers(void **state)
{
    (void)state;
    mpchar_measurements meas = {0};
    for (uint64_t n = 0; n <= 65536; n = n ? n * 2 : 1) {
        double t = n < 4096 ? 0.3 + 1e-4 * (double)n : 2.0 + 3e-4 * (double)n;
        if (n == 8 || n == 16)
            t = 25000.0;
        synth_add(&meas, "lib", "pingpong", "send", "-", 2, n, MPCHAR_SET_FIT,
                  t);
    }
    synth_add(&meas, "lib", "pingpong", "send", "-", 2, 1,
              MPCHAR_SET_VALIDATION, 24000.0);
    synth_add(&meas, "lib", "pingpong", "send", "-", 2, 100,
              MPCHAR_SET_VALIDATION, 0.31);
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    mpchar_model m;
    mpchar_error err;
    assert_int_equal(mpchar_model_fit(&meas, "x", &opt, &m, &err), 0);
    const mpchar_pfit *f = &m.entries[0].fits[0];
    assert_int_equal(f->outliers_fit, 2);
    assert_int_equal(f->outliers_val, 1);
    assert_non_null(strstr(f->outliers, "n=8"));
    assert_non_null(strstr(f->outliers, "n=1 (validation)"));
    assert_true(f->acc[f->best].val_err < 0.05);
    int found = 0;
    for (size_t i = 0; i < m.nfindings; i++)
        found |= m.findings[i].kind == MPCHAR_FINDING_OUTLIER;
    assert_true(found);
    /* The switch at 4 KiB stays: two segments, 4096 not an outlier. */
    assert_int_equal(f->pw.count, 2);
    assert_true(f->pw.seg[1].n_lo_bytes > 2048 &&
                f->pw.seg[1].n_lo_bytes <= 4096);
    mpchar_model_free(&m);
    opt.outlier_factor = 0.0;
    assert_int_equal(mpchar_model_fit(&meas, "x", &opt, &m, &err), 0);
    assert_int_equal(m.entries[0].fits[0].outliers_fit, 0);
    mpchar_model_free(&m);
    opt.outlier_factor = 0.5;
    assert_int_equal(mpchar_model_fit(&meas, "x", &opt, &m, &err), -1);
    assert_non_null(strstr(err.msg, "outlier factor"));
    free(meas.rows);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_malformed_csv),
        cmocka_unit_test(test_bad_model_json),
        cmocka_unit_test(test_model_before_cache),
        cmocka_unit_test(test_bad_overlap_table),
        cmocka_unit_test(test_unreadable_model),
        cmocka_unit_test(test_too_few_sizes),
        cmocka_unit_test(test_single_p),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_oversubscribed),
        cmocka_unit_test(test_outliers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
