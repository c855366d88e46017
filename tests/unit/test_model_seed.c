/* The published figures of the seed papers (shared/seed-vectors), each
 * reproduced through the model engine's own metric and prediction code
 * within the tolerance seed-vectors/README.md states. */
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

static const double K1 = 1e6 / 1024.0;    /* seed 001 "Kbytes/s" */
static const double K2 = 1e6 / 1048576.0; /* seed 001 "Mbytes/s" */

static void check_rel(double got, double want, double tol, const char *what)
{
    if (!(rel_diff(got, want) <= tol))
        fail_msg("%s: got %.6g, published %.6g (tolerance %.2g%%)", what, got,
                 want, tol * 100);
}

static void lower(char *dst, const char *src, size_t len)
{
    size_t i = 0;
    for (; src[i] && i + 1 < len; i++)
        dst[i] = (char)(src[i] >= 'A' && src[i] <= 'Z' ? src[i] + 32 : src[i]);
    dst[i] = '\0';
}

/* A collective entry of a library and a primitive (named as a seed's
 * table names it) with p-forms of family fam only, which the caller sets. */
static void collective_entry(mpchar_entry *e, const char *library,
                             const char *primitive, mpchar_family fam)
{
    memset(e, 0, sizeof *e);
    snprintf(e->library, sizeof e->library, "%s", library);
    lower(e->pattern, primitive, sizeof e->pattern);
    snprintf(e->variant, sizeof e->variant, "-");
    snprintf(e->op, sizeof e->op, "-");
    snprintf(e->datatype, sizeof e->datatype, "byte");
    e->kind = MPCHAR_KIND_COLLECTIVE;
    e->pf.ok[fam] = true;
}

/* An entry whose t_i-model parameters are the published expressions. */
static void ti_entry(mpchar_entry *e, const char *primitive, const char *t0,
                     const char *ti, const char *tb_ns, long pmin, long pmax)
{
    char buf[MPCHAR_EXPR_MAX];
    collective_entry(e, "lib", primitive, MPCHAR_FAMILY_TI);
    synth_expr_pform(&e->pf.ti_t0, t0, pmin, pmax);
    synth_expr_pform(&e->pf.ti_ti, *ti ? ti : "0", pmin, pmax);
    snprintf(buf, sizeof buf, "(%s)/1000", *tb_ns ? tb_ns : "0");
    synth_expr_pform(&e->pf.ti_tb, buf, pmin, pmax);
}

static void test_seed000_table1(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed000_table1_myrinet.csv", &c);
    assert_true(c.nrows >= 20);
    for (size_t r = 0; r < c.nrows; r++) {
        long ps[8];
        size_t nps = 0;
        char pset[64], *save = NULL;
        snprintf(pset, sizeof pset, "%s", seedcsv_get(&c, r, "p_set"));
        for (char *t = strtok_r(pset, ";", &save); t;
             t = strtok_r(NULL, ";", &save))
            ps[nps++] = strtol(t, NULL, 10);
        mpchar_entry e;
        const char *prim = seedcsv_get(&c, r, "primitive");
        ti_entry(&e, prim, seedcsv_get(&c, r, "t0_us"),
                 seedcsv_get(&c, r, "ti_us"),
                 seedcsv_get(&c, r, "tb_ns_per_byte"), ps[0], ps[nps - 1]);
        mpchar_peaks pk;
        mpchar_error err;
        if (mpchar_entry_peaks(&e, MPCHAR_FAMILY_TI, ps, nps,
                               MPCHAR_AGG_SEED000, &pk, &err) != 0)
            fail_msg("%s", err.msg);
        char what[128];
        snprintf(what, sizeof what, "%s %s pi0_pag", prim,
                 seedcsv_get(&c, r, "library"));
        check_rel(pk.pi0_pag_per_s / 1e3, seedcsv_num(&c, r, "pi0_pag_k_per_s"),
                  0.002, what);
        if (*seedcsv_get(&c, r, "bw_pag_MB_per_s")) {
            snprintf(what, sizeof what, "%s %s bw_pag", prim,
                     seedcsv_get(&c, r, "library"));
            check_rel(pk.bw_pag_MB_per_s, seedcsv_num(&c, r, "bw_pag_MB_per_s"),
                      0.002, what);
        }
    }
    seedcsv_free(&c);
}

static void test_seed000_example(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed000_example.csv", &c);
    mpchar_ti ti = {seedcsv_num(&c, 0, "t0_us"), seedcsv_num(&c, 0, "ti_us"),
                    seedcsv_num(&c, 0, "tb_ns_per_byte") / 1e3};
    mpchar_hockney h = {ti.t0_us, ti.tb_us_per_byte};
    double n = seedcsv_num(&c, 0, "n_bytes");
    /* The paper prints whole microseconds. */
    assert_true(fabs(mpchar_hockney_eval(&h, n) -
                     seedcsv_num(&c, 0, "T_hockney_us")) < 0.5);
    assert_true(fabs(mpchar_ti_eval(&ti, n) -
                     seedcsv_num(&c, 0, "T_ti_model_us")) < 0.5);
    /* The t_i model is closer to the measured 33 us. */
    double meas = seedcsv_num(&c, 0, "T_measured_us");
    assert_true(fabs(mpchar_ti_eval(&ti, n) - meas) <
                fabs(mpchar_hockney_eval(&h, n) - meas));
    /* Largest relative difference between the models at n = t0/tb: the
     * metric n_1/2 of the product, and a scan of the two models. */
    mpchar_metrics m;
    mpchar_metrics_compute(ti.t0_us, ti.tb_us_per_byte, &m);
    check_rel(m.n_half_bytes, seedcsv_num(&c, 0, "n_max_rel_diff_bytes"), 0.002,
              "n at the largest relative difference");
    double best_n = 0, best = -1;
    for (double x = 1; x < 1e6; x *= 1.001) {
        double d = (mpchar_ti_eval(&ti, x) - mpchar_hockney_eval(&h, x)) /
                   mpchar_hockney_eval(&h, x);
        if (d > best) {
            best = d;
            best_n = x;
        }
    }
    check_rel(best_n, seedcsv_num(&c, 0, "n_max_rel_diff_bytes"), 0.002,
              "scanned n of the largest relative difference");
    seedcsv_free(&c);
}

static void test_seed001_table1(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed001_table1_p2p.csv", &c);
    assert_int_equal(c.nrows, 6);
    for (size_t r = 0; r < c.nrows; r++) {
        mpchar_metrics m;
        double ts = seedcsv_num(&c, r, "ts_us"),
               tb = seedcsv_num(&c, r, "tb_us_per_byte");
        mpchar_metrics_compute(ts, tb, &m);
        check_rel(m.pi0_per_s / 1024.0, seedcsv_num(&c, r, "pi_s_Kbytes_per_s"),
                  0.002, seedcsv_get(&c, r, "primitive"));
        check_rel(m.bw_as_MB_per_s * K2,
                  seedcsv_num(&c, r, "bw_as_Mbytes_per_s"), 0.002,
                  seedcsv_get(&c, r, "primitive"));
        assert_true(fabs(m.n_half_bytes - seedcsv_num(&c, r, "n_half_bytes")) <=
                    1.0);
    }
    seedcsv_free(&c);
}

static void hockney_entry(mpchar_entry *e, const char *library,
                          const char *pattern, const char *ts,
                          const char *tb_us, long pmin, long pmax)
{
    collective_entry(e, library, pattern, MPCHAR_FAMILY_HOCKNEY);
    synth_expr_pform(&e->pf.hockney_ts, ts, pmin, pmax);
    synth_expr_pform(&e->pf.hockney_tb, tb_us, pmin, pmax);
}

static void test_seed001_table2(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed001_table2_bcast.csv", &c);
    for (size_t r = 0; r < c.nrows; r++) {
        long pmin = (long)seedcsv_num(&c, r, "p_min"),
             pmax = (long)seedcsv_num(&c, r, "p_max");
        mpchar_entry e;
        hockney_entry(&e, "lib", "bcast", seedcsv_get(&c, r, "ts_us"),
                      seedcsv_get(&c, r, "tb_us_per_byte"), pmin, pmax);
        long ps[64];
        size_t nps = 0;
        for (long p = pmin; p <= pmax; p++)
            ps[nps++] = p;
        mpchar_peaks pk;
        mpchar_error err;
        if (mpchar_entry_peaks(&e, MPCHAR_FAMILY_HOCKNEY, ps, nps,
                               MPCHAR_AGG_SEED000, &pk, &err) != 0)
            fail_msg("%s", err.msg);
        const char *lib = seedcsv_get(&c, r, "library");
        check_rel(pk.pi0_pag_per_s / 1e6 * K1,
                  seedcsv_num(&c, r, "pi_s_pag_Kbytes_per_s"), 0.002, lib);
        check_rel(pk.bw_pag_MB_per_s * K2,
                  seedcsv_num(&c, r, "bw_as_pag_Mbytes_per_s"), 0.002, lib);
        check_rel(pk.n_half_mag_bytes, seedcsv_num(&c, r, "n_half_mag_bytes"),
                  0.002, lib);
    }
    seedcsv_free(&c);
}

/* Seed 001 Tables 3-4 as a model of the product: Hockney entries whose
 * ts(p) and tb(p) + tc(p) are the published forms, and Bcast from Table 2. */
static void seed001_model(mpchar_model *m)
{
    seedcsv c, b;
    seedcsv_load("seed001_models.csv", &c);
    seedcsv_load("seed001_table2_bcast.csv", &b);
    memset(m, 0, sizeof *m);
    mpchar_fit_options_default(&m->opt);
    mpchar_error err;
    for (size_t r = 0; r < c.nrows; r++) {
        char tb[MPCHAR_EXPR_MAX];
        snprintf(tb, sizeof tb, "(%s)+(%s)",
                 seedcsv_get(&c, r, "tb_us_per_byte"),
                 seedcsv_get(&c, r, "tc_us_per_byte"));
        mpchar_entry e;
        hockney_entry(&e, "MPI_AP", seedcsv_get(&c, r, "primitive"),
                      seedcsv_get(&c, r, "ts_us"), tb,
                      (long)seedcsv_num(&c, r, "p_min"),
                      (long)seedcsv_num(&c, r, "p_max"));
        assert_int_equal(mpchar_model_add_entry(m, &e, &err), 0);
    }
    for (size_t r = 0; r < b.nrows; r++) {
        if (strcmp(seedcsv_get(&b, r, "library"), "MPI/AP") != 0)
            continue;
        mpchar_entry e;
        hockney_entry(&e, "MPI_AP", "bcast", seedcsv_get(&b, r, "ts_us"),
                      seedcsv_get(&b, r, "tb_us_per_byte"),
                      (long)seedcsv_num(&b, r, "p_min"),
                      (long)seedcsv_num(&b, r, "p_max"));
        assert_int_equal(mpchar_model_add_entry(m, &e, &err), 0);
    }
    seedcsv_free(&c);
    seedcsv_free(&b);
}

static double predict(const mpchar_model *m, const char *pattern, double n,
                      long p)
{
    mpchar_query q = {.library = "MPI_AP",
                      .pattern = pattern,
                      .n_bytes = n,
                      .p = p,
                      .family = MPCHAR_FAMILY_BEST};
    mpchar_prediction r;
    mpchar_error err;
    if (mpchar_model_predict(m, &q, &r, &err) != 0)
        fail_msg("%s", err.msg);
    assert_true(r.from_pforms);
    return r.t_us;
}

static void check_case_study(const mpchar_model *m)
{
    seedcsv c;
    seedcsv_load("seed001_table5_case_study.csv", &c);
    assert_int_equal(c.nrows, 4);
    for (size_t r = 0; r < c.nrows; r++) {
        long p = (long)seedcsv_num(&c, r, "p");
        double n1 = seedcsv_num(&c, r, "n_reduce_scatter_bytes");
        double n2 = seedcsv_num(&c, r, "n_allgather_bytes");
        char what[64];
        snprintf(what, sizeof what, "case study p=%ld", p);
        check_rel(predict(m, "reduce_scatter", n1, p),
                  seedcsv_num(&c, r, "reduce_scatter_est_us"), 0.001, what);
        check_rel(predict(m, "reduce", n1, p) + predict(m, "scatter", n1, p),
                  seedcsv_num(&c, r, "reduce_plus_scatter_est_us"), 0.001,
                  what);
        check_rel(predict(m, "allgather", n2, p),
                  seedcsv_num(&c, r, "allgather_est_us"), 0.001, what);
        check_rel(predict(m, "gather", n2, p) + predict(m, "bcast", n2, p),
                  seedcsv_num(&c, r, "gather_plus_bcast_est_us"), 0.001, what);
    }
    seedcsv_free(&c);
}

static void test_seed001_case_study(void **state)
{
    (void)state;
    mpchar_model m, back;
    mpchar_error err;
    seed001_model(&m);
    check_case_study(&m);
    /* The same model through model.json: expression p-forms survive. */
    char *text;
    assert_int_equal(mpchar_model_dump(&m, &text, &err), 0);
    if (mpchar_model_parse(text, strlen(text), "seed001.json", &back, &err))
        fail_msg("%s", err.msg);
    check_case_study(&back);
    free(text);
    mpchar_model_free(&back);
    mpchar_model_free(&m);
}

/* r_cc(p) = tb(p)/tc(p) of seed 001 Section 4.3, end to end: measurements
 * generated from the published Reduce model with op sum (tb + tc) and with
 * op nop (tb), fitted by mpchar_model_fit, which derives tc and r_cc. */
static void test_seed001_rcc(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed001_models.csv", &c);
    size_t row = 0;
    while (strcmp(seedcsv_get(&c, row, "primitive"), "Reduce") != 0)
        row++;
    mpchar_measurements meas = {0};
    mpchar_error err;
    for (long p = 2; p <= 12; p++) {
        double ts, tb, tc;
        assert_int_equal(
            mpchar_expr_eval(seedcsv_get(&c, row, "ts_us"), p, &ts, &err), 0);
        assert_int_equal(
            mpchar_expr_eval(seedcsv_get(&c, row, "tb_us_per_byte"), p, &tb,
                             &err),
            0);
        assert_int_equal(
            mpchar_expr_eval(seedcsv_get(&c, row, "tc_us_per_byte"), p, &tc,
                             &err),
            0);
        for (uint64_t n = 8; n <= (1u << 20); n *= 4) {
            synth_add(&meas, "MPI_AP", "reduce", "-", "sum", p, n,
                      MPCHAR_SET_FIT, ts + (tb + tc) * (double)n);
            synth_add(&meas, "MPI_AP", "reduce", "-", "nop", p, n,
                      MPCHAR_SET_FIT, ts + tb * (double)n);
        }
    }
    mpchar_fit_options opt;
    mpchar_fit_options_default(&opt);
    mpchar_model m;
    if (mpchar_model_fit(&meas, "generated", &opt, &m, &err) != 0)
        fail_msg("%s", err.msg);
    const mpchar_entry *e =
        mpchar_model_find(&m, "MPI_AP", "reduce", NULL, "sum", &err);
    assert_non_null(e);
    assert_int_equal(e->nfits, 11);
    check_rel(e->fits[0].r_cc, 14.86, 0.002, "r_cc(2)");
    check_rel(e->fits[10].r_cc, 4.46, 0.002, "r_cc(12)");
    /* tc(p) = 0.0051 log2 p - 0.0037: an O(log p) p-form. */
    assert_true(e->pf.tc_ok);
    assert_int_equal(e->pf.tc.kind, MPCHAR_PFORM_LOG2);
    check_rel(e->pf.tc.b, 0.0051, 0.01, "tc slope");
    mpchar_model_free(&m);
    free(meas.rows);
    seedcsv_free(&c);
}

/* One table says which patterns are point-to-point, each collective's
 * f(p) (seed 000 Section 3) and the order reports list them in. */
static void test_known_patterns(void **state)
{
    (void)state;
    assert_true(mpchar_pattern_is_p2p("recvfirst"));
    assert_true(mpchar_pattern_is_p2p("Send"));
    assert_false(mpchar_pattern_is_p2p("bcast"));
    assert_false(mpchar_pattern_is_p2p("my_pattern"));
    assert_true(mpchar_aggregation_factor("barrier", 4) == 3.0);
    assert_true(mpchar_aggregation_factor("Scatter", 4) == 0.75);
    assert_true(mpchar_aggregation_factor("allreduce", 4) == 6.0);
    assert_true(mpchar_aggregation_factor("reduce_scatter", 4) == 3.75);
    assert_true(mpchar_aggregation_factor("pingpong", 4) == 1.0);
    assert_true(mpchar_aggregation_factor("my_pattern", 4) == 1.0);
    assert_true(mpchar_pattern_order("pingpong") <
                mpchar_pattern_order("recvfirst"));
    assert_true(mpchar_pattern_order("recvfirst") <
                mpchar_pattern_order("barrier"));
    assert_true(mpchar_pattern_order("scan") <
                mpchar_pattern_order("my_pattern"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed000_table1),
        cmocka_unit_test(test_seed000_example),
        cmocka_unit_test(test_seed001_table1),
        cmocka_unit_test(test_seed001_table2),
        cmocka_unit_test(test_seed001_case_study),
        cmocka_unit_test(test_seed001_rcc),
        cmocka_unit_test(test_known_patterns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
