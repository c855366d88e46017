/* Per-p aggregated metrics (seed 000 Section 3, seed 001 Section 2.1) and
 * the fitted statistic, on synthetic data with known answers: Hockney
 * lines with ts(p) = 10 + 5p us and tb(p) = 0.001 (1 + 0.5 log2 p) us/byte
 * give Bw_as^ag(p) = f(p)/tb(p) and pi0^ag(p) = f(p)/ts(p) in both
 * schemes' f(p), in the API, in model.json (and back) and in the table
 * `mpchar fit` prints; `--stat mean` fits the mean column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model_test_support.h"
#include "mpchar/model.h"
#include "mpchar/model_tables.h"

static const long PS[] = {2, 3, 4, 6, 8};
#define NPS (sizeof PS / sizeof PS[0])

static double ts_of(long p)
{
    return 10.0 + 5.0 * (double)p;
}

static double tb_of(long p)
{
    return 0.001 * (1.0 + 0.5 * log2((double)p));
}

/* A Hockney line per p at n = 0 and powers of 4 up to 64 KiB, validation
 * sizes in between. */
static void add_lines(mpchar_measurements *m, const char *pattern)
{
    for (size_t i = 0; i < NPS; i++) {
        long p = PS[i];
        synth_add(m, "lib", pattern, "-", "-", p, 0, MPCHAR_SET_FIT, ts_of(p));
        for (uint64_t n = 1; n <= 65536; n *= 4) {
            synth_add(m, "lib", pattern, "-", "-", p, n, MPCHAR_SET_FIT,
                      ts_of(p) + tb_of(p) * (double)n);
            synth_add(m, "lib", pattern, "-", "-", p, 3 * n,
                      MPCHAR_SET_VALIDATION,
                      ts_of(p) + tb_of(p) * 3.0 * (double)n);
        }
    }
}

static void fit_with(const mpchar_measurements *m, mpchar_agg_scheme scheme,
                     mpchar_fit_stat stat, mpchar_model *model)
{
    mpchar_fit_options opt;
    mpchar_error err;
    mpchar_fit_options_default(&opt);
    opt.aggregation = scheme;
    opt.stat = stat;
    if (mpchar_model_fit(m, "synthetic", &opt, model, &err) != 0)
        fail_msg("%s", err.msg);
}

static const mpchar_entry *entry(const mpchar_model *model, const char *pattern)
{
    mpchar_error err;
    const mpchar_entry *e =
        mpchar_model_find(model, "lib", pattern, NULL, NULL, &err);
    if (!e)
        fail_msg("%s", err.msg);
    return e;
}

static void check_rel(double got, double want, double tol, const char *what)
{
    if (!(rel_diff(got, want) <= tol))
        fail_msg("%s: %.6g, expected %.6g", what, got, want);
}

/* Bw_as^ag(p) and pi0^ag(p) of every p against f(p)/tb(p), f(p)/ts(p). */
static void check_pattern(const mpchar_model *model, const char *pattern,
                          mpchar_agg_scheme scheme, double (*f)(long p))
{
    const mpchar_entry *e = entry(model, pattern);
    for (size_t i = 0; i < NPS; i++) {
        mpchar_aggregated ag;
        mpchar_error err;
        char what[96];
        for (int fam = 0; fam < MPCHAR_FAMILY_PIECEWISE; fam++) {
            if (mpchar_entry_aggregated(e, (mpchar_family)fam, PS[i], scheme,
                                        &ag, &err) != 0)
                fail_msg("%s", err.msg);
            snprintf(what, sizeof what, "%s %s p=%ld", pattern,
                     mpchar_family_name((mpchar_family)fam), PS[i]);
            assert_int_equal(ag.p, PS[i]);
            check_rel(ag.factor, f(PS[i]), 1e-12, what);
            check_rel(ag.one.bw_as_MB_per_s, 1.0 / tb_of(PS[i]), 1e-3, what);
            check_rel(ag.bw_as_ag_MB_per_s, f(PS[i]) / tb_of(PS[i]), 1e-3,
                      what);
            check_rel(ag.pi0_ag_per_s, f(PS[i]) * 1e6 / ts_of(PS[i]), 1e-3,
                      what);
            check_rel(ag.one.n_half_bytes, ts_of(PS[i]) / tb_of(PS[i]), 1e-3,
                      what);
        }
    }
}

static double pm1_over_p(long p)
{
    return (double)(p - 1) / (double)p;
}
static double pm1(long p)
{
    return (double)(p - 1);
}
static double p_pm1(long p)
{
    return (double)(p * (p - 1));
}

static void test_aggregated_metrics_both_schemes(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    add_lines(&m, "scatter");
    add_lines(&m, "alltoall");
    mpchar_model s0, s1;
    fit_with(&m, MPCHAR_AGG_SEED000, MPCHAR_STAT_MIN, &s0);
    fit_with(&m, MPCHAR_AGG_SEED001, MPCHAR_STAT_MIN, &s1);
    check_pattern(&s0, "scatter", MPCHAR_AGG_SEED000, pm1_over_p);
    check_pattern(&s0, "alltoall", MPCHAR_AGG_SEED000, pm1);
    check_pattern(&s1, "scatter", MPCHAR_AGG_SEED001, pm1);
    check_pattern(&s1, "alltoall", MPCHAR_AGG_SEED001, p_pm1);

    /* The peaks follow the scheme: seed 001's alltoall f(p) = p(p - 1)
     * outgrows tb(p), so both peaks are at p = 8, f(8) = 56. */
    mpchar_peaks pk;
    mpchar_error err;
    assert_int_equal(mpchar_entry_peaks(entry(&s1, "alltoall"),
                                        MPCHAR_FAMILY_HOCKNEY, NULL, 0,
                                        MPCHAR_AGG_SEED001, &pk, &err),
                     0);
    assert_int_equal(pk.bw_pag_p, 8);
    check_rel(pk.bw_pag_MB_per_s, 56.0 / tb_of(8), 1e-3, "alltoall peak");
    check_rel(pk.pi0_pag_per_s, 56.0 * 1e6 / ts_of(8), 1e-3, "pi0 peak");
    mpchar_model_free(&s0);
    mpchar_model_free(&s1);
    mpchar_measurements_free(&m);
}

/* model.json holds the scheme and every p's aggregated metrics; reading it
 * back keeps the scheme, and a file without it reads as seed000. */
static void test_aggregated_in_model_json(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    add_lines(&m, "scatter");
    mpchar_model model, back;
    mpchar_error err;
    fit_with(&m, MPCHAR_AGG_SEED001, MPCHAR_STAT_MIN, &model);
    char *text;
    assert_int_equal(mpchar_model_dump(&model, &text, &err), 0);
    assert_non_null(strstr(text, "\"aggregation\": \"seed001\""));
    assert_non_null(strstr(text, "\"bw_as_ag_MB_per_s\""));
    assert_non_null(strstr(text, "\"pi0_ag_per_s\""));
    /* p = 4: f = 3, tb = 0.002 us/byte: Bw_as^ag = 1500 MB/s */
    assert_non_null(strstr(text, "\"factor\": 3.0"));
    assert_int_equal(mpchar_model_parse(text, strlen(text), "t", &back, &err),
                     0);
    assert_int_equal(back.opt.aggregation, MPCHAR_AGG_SEED001);
    mpchar_model_free(&back);
    char *old = strstr(text, "\"aggregation\": \"seed001\",");
    assert_non_null(old);
    memset(old, ' ', strlen("\"aggregation\": \"seed001\","));
    assert_int_equal(mpchar_model_parse(text, strlen(text), "t", &back, &err),
                     0);
    assert_int_equal(back.opt.aggregation, MPCHAR_AGG_SEED000);
    mpchar_model_free(&back);
    /* an unknown scheme is refused, naming the field */
    memcpy(old, "\"aggregation\": \"seed009\",",
           strlen("\"aggregation\": \"seed001\","));
    assert_int_equal(mpchar_model_parse(text, strlen(text), "t", &back, &err),
                     -1);
    assert_non_null(strstr(err.msg, "aggregation"));
    assert_non_null(strstr(err.msg, "expected seed000 or seed001"));
    free(text);
    mpchar_model_free(&model);
    mpchar_measurements_free(&m);
}

/* The table `mpchar fit` prints: one row per collective and p, with f(p)
 * and the aggregated metrics of the t_i model (the collective table's). */
static void test_aggregated_table(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    add_lines(&m, "scatter");
    mpchar_model model;
    mpchar_table t;
    mpchar_error err;
    fit_with(&m, MPCHAR_AGG_SEED001, MPCHAR_STAT_MIN, &model);
    assert_int_equal(mpchar_model_table_build(&model, MPCHAR_TABLE_AGGREGATED,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     0);
    assert_int_equal(t.nrows, NPS);
    int col_f = -1, col_bw = -1, col_pi = -1;
    for (int c = 0; c < t.ncols; c++) {
        col_f = strcmp(t.col[c].name, "f(p)") ? col_f : c;
        col_bw = strcmp(t.col[c].name, "Bw_as^ag(p)") ? col_bw : c;
        col_pi = strcmp(t.col[c].name, "pi0^ag(p)") ? col_pi : c;
    }
    assert_true(col_f >= 0 && col_bw >= 0 && col_pi >= 0);
    /* third row: p = 4 */
    assert_string_equal(t.rows[2].cell[col_f].text, "3");
    check_rel(atof(t.rows[2].cell[col_bw].text), 1500.0, 1e-3, "table Bw");
    check_rel(atof(t.rows[2].cell[col_pi].text), 100.0, 1e-3, "table pi0");
    mpchar_table_free(&t);
    mpchar_model_free(&model);
    mpchar_measurements_free(&m);
}

/* --stat mean fits the mean column: rows whose mean is twice their
 * minimum give twice the parameters. */
static void test_stat_mean(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    for (uint64_t n = 1; n <= 65536; n *= 4) {
        synth_add(&m, "lib", "pingpong", "send", "-", 2, n, MPCHAR_SET_FIT,
                  1.0 + 0.001 * (double)n);
        m.rows[m.count - 1].t_mean_us *= 2.0;
        m.rows[m.count - 1].t_median_us *= 1.5;
    }
    mpchar_model mn, md, me;
    fit_with(&m, MPCHAR_AGG_SEED000, MPCHAR_STAT_MIN, &mn);
    fit_with(&m, MPCHAR_AGG_SEED000, MPCHAR_STAT_MEDIAN, &md);
    fit_with(&m, MPCHAR_AGG_SEED000, MPCHAR_STAT_MEAN, &me);
    const mpchar_hockney *h[] = {&entry(&mn, "pingpong")->fits[0].hockney,
                                 &entry(&md, "pingpong")->fits[0].hockney,
                                 &entry(&me, "pingpong")->fits[0].hockney};
    const double scale[] = {1.0, 1.5, 2.0};
    for (int i = 0; i < 3; i++) {
        check_rel(h[i]->ts_us, scale[i], 1e-6, "ts");
        check_rel(h[i]->tb_us_per_byte, 0.001 * scale[i], 1e-6, "tb");
    }
    mpchar_error err;
    char *text;
    assert_int_equal(mpchar_model_dump(&me, &text, &err), 0);
    assert_non_null(strstr(text, "\"statistic\": \"mean\""));
    mpchar_model back;
    assert_int_equal(mpchar_model_parse(text, strlen(text), "t", &back, &err),
                     0);
    assert_int_equal(back.opt.stat, MPCHAR_STAT_MEAN);
    mpchar_model_free(&back);
    free(text);
    mpchar_fit_stat s;
    assert_int_equal(mpchar_fit_stat_parse("mean", &s, &err), 0);
    assert_int_equal(s, MPCHAR_STAT_MEAN);
    assert_string_equal(mpchar_fit_stat_word(MPCHAR_STAT_MIN), "minimum");
    assert_int_equal(mpchar_fit_stat_parse("mode", &s, &err), -1);
    assert_non_null(strstr(err.msg, "'mode'"));
    mpchar_model_free(&mn);
    mpchar_model_free(&md);
    mpchar_model_free(&me);
    mpchar_measurements_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_aggregated_metrics_both_schemes),
        cmocka_unit_test(test_aggregated_in_model_json),
        cmocka_unit_test(test_aggregated_table),
        cmocka_unit_test(test_stat_mean),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
