/* The seeds' own estimators (mpchar fit --method seed) on measurements
 * generated from the published models (tests/data/seed-vectors): seed 000
 * Table 1's t_i model (T(0) = t0 and T(n) = t0 + ti + tb*n for n > 0, the
 * line its estimator assumes, at sizes in powers of four from 0), seed 001
 * Tables 1 and 2's Hockney lines and Table 3's reduction costs.  The fits
 * must give back the published parameters, and the metrics computed from
 * them the published peaks; mpchar's own behaviour on no-op zero-count
 * collectives, the piecewise segments and op-dependent algorithms is
 * checked on synthetic data beside them.
 *
 * Run as `test_model_seed_fit --write DIR`, it writes seed 001's data as
 * DIR/measurements.csv for the command-line test (tests/integration/
 * seed_fit.sh). */
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
#include "mpchar/results.h"

static const double K1 = 1e6 / 1024.0;    /* seed 001 "Kbytes/s" */
static const double K2 = 1e6 / 1048576.0; /* seed 001 "Mbytes/s" */
#define SIZES 11                          /* 0, then 4^0 .. 4^9 bytes */

static double eval(const char *expr, long p)
{
    double v;
    mpchar_error err;
    if (!*expr)
        return 0.0;
    if (mpchar_expr_eval(expr, (double)p, &v, &err) != 0)
        fail_msg("'%s': %s", expr, err.msg);
    return v;
}

static uint64_t size_at(int k)
{
    return k == 0 ? 0 : (uint64_t)1 << (2 * (k - 1));
}

static void check_rel(double got, double want, double tol, const char *what)
{
    if (!(rel_diff(got, want) <= tol))
        fail_msg("%s: got %.6g, published %.6g (tolerance %.2g%%)", what, got,
                 want, tol * 100);
}

static void seed_fit(const mpchar_measurements *m, mpchar_model *model)
{
    mpchar_fit_options opt;
    mpchar_error err;
    mpchar_fit_options_default(&opt);
    mpchar_fit_options_seed(&opt);
    if (mpchar_model_fit(m, "seed.csv", &opt, model, &err) != 0)
        fail_msg("%s", err.msg);
}

static const mpchar_entry *entry_of(const mpchar_model *m, const char *lib,
                                    const char *pattern, const char *op)
{
    const mpchar_entry *e = mpchar_model_find(m, lib, pattern, NULL, op, NULL);
    if (!e)
        fail_msg("no entry %s %s %s", lib, pattern, op ? op : "");
    return e;
}

static const mpchar_pfit *fit_at(const mpchar_entry *e, long p)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == p)
            return &e->fits[i];
    fail_msg("%s %s: no fit at p=%ld", e->library, e->pattern, p);
    return NULL;
}

/* ---- seed 000 Table 1: the t_i model ------------------------------------ */

typedef struct ti_row {
    char lib[16], pattern[32];
    const char *t0, *ti, *tb_ns;
    long ps[4];
    size_t nps;
} ti_row;

static void ti_row_of(const seedcsv *c, size_t r, ti_row *row)
{
    snprintf(row->lib, sizeof row->lib, "lib%zu", r);
    const char *prim = seedcsv_get(c, r, "primitive");
    size_t i = 0;
    for (; prim[i] && i + 1 < sizeof row->pattern; i++)
        row->pattern[i] =
            (char)(prim[i] >= 'A' && prim[i] <= 'Z' ? prim[i] - 'A' + 'a'
                                                    : prim[i]);
    row->pattern[i] = '\0';
    row->t0 = seedcsv_get(c, r, "t0_us");
    row->ti = seedcsv_get(c, r, "ti_us");
    row->tb_ns = seedcsv_get(c, r, "tb_ns_per_byte");
    char pset[64], *save = NULL;
    snprintf(pset, sizeof pset, "%s", seedcsv_get(c, r, "p_set"));
    row->nps = 0;
    for (char *t = strtok_r(pset, ";", &save); t && row->nps < 4;
         t = strtok_r(NULL, ";", &save))
        row->ps[row->nps++] = strtol(t, NULL, 10);
}

/* T(0) = t0, T(n) = t0 + ti + tb*n: the line seed 000's estimator fits;
 * a barrier moves no data and is measured at n = 0 only. */
static void gen_ti(mpchar_measurements *m, const ti_row *row)
{
    bool barrier = !*row->tb_ns;
    for (size_t i = 0; i < row->nps; i++) {
        long p = row->ps[i];
        double t0 = eval(row->t0, p), ti = eval(row->ti, p);
        double tb = eval(row->tb_ns, p) / 1e3;
        for (int k = 0; k < (barrier ? 1 : SIZES); k++) {
            double n = (double)size_at(k);
            synth_add(m, row->lib, row->pattern, "-", "-", p, size_at(k),
                      MPCHAR_SET_FIT, k == 0 ? t0 : t0 + ti + tb * n);
        }
    }
}

static void check_ti_fit(const mpchar_entry *e, const ti_row *row)
{
    for (size_t i = 0; i < row->nps; i++) {
        long p = row->ps[i];
        const mpchar_pfit *f = fit_at(e, p);
        double t0 = eval(row->t0, p), ti = eval(row->ti, p);
        double tb = eval(row->tb_ns, p) / 1e3;
        assert_true(f->ok[MPCHAR_FAMILY_TI]);
        assert_true(fabs(f->ti.t0_us - t0) <= 1e-9 * fabs(t0));
        assert_true(fabs(f->ti.ti_us - ti) <= 1e-6 * (fabs(ti) + fabs(t0)));
        assert_true(fabs(f->ti.tb_us_per_byte - tb) <= 1e-9 * (tb + 1e-9));
        /* seed 000's baseline: ts = t0 and the line's tb */
        assert_true(f->ok[MPCHAR_FAMILY_HOCKNEY_T0]);
        assert_true(f->hockney_t0.ts_us == f->ti.t0_us);
        assert_true(f->hockney_t0.tb_us_per_byte == f->ti.tb_us_per_byte);
    }
}

static void test_seed000_table1(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed000_table1_myrinet.csv", &c);
    for (size_t r = 0; r < c.nrows; r++) {
        ti_row row;
        ti_row_of(&c, r, &row);
        mpchar_measurements m = {0};
        mpchar_model model;
        gen_ti(&m, &row);
        seed_fit(&m, &model);
        const mpchar_entry *e = entry_of(&model, row.lib, row.pattern, NULL);
        if (*row.tb_ns)
            check_ti_fit(e, &row);
        mpchar_peaks pk;
        mpchar_error err;
        if (mpchar_entry_peaks(e, MPCHAR_FAMILY_TI, NULL, 0, MPCHAR_AGG_SEED000,
                               &pk, &err) != 0)
            fail_msg("%s", err.msg);
        char what[96];
        snprintf(what, sizeof what, "%s %s pi0_pag", row.pattern, row.lib);
        check_rel(pk.pi0_pag_per_s / 1e3, seedcsv_num(&c, r, "pi0_pag_k_per_s"),
                  0.002, what);
        if (*seedcsv_get(&c, r, "bw_pag_MB_per_s")) {
            snprintf(what, sizeof what, "%s %s bw_pag", row.pattern, row.lib);
            check_rel(pk.bw_pag_MB_per_s, seedcsv_num(&c, r, "bw_pag_MB_per_s"),
                      0.002, what);
        }
        assert_string_equal(mpchar_fit_method_name(model.opt.method), "seed");
        mpchar_model_free(&model);
        free(m.rows);
    }
    seedcsv_free(&c);
}

/* ---- seed 001: Hockney lines and reduction costs ------------------------- */

/* T(n) = ts(p) + (tb(p) + tc(p))*n at every p of ps (tc NULL: 0). */
static void gen_hockney(mpchar_measurements *m, const char *lib,
                        const char *pattern, const char *op, const char *ts,
                        const char *tb, const char *tc, const long *ps,
                        size_t nps)
{
    for (size_t i = 0; i < nps; i++) {
        double a = eval(ts, ps[i]), b = eval(tb, ps[i]);
        b += tc ? eval(tc, ps[i]) : 0.0;
        for (int k = 0; k < SIZES; k++)
            synth_add(m, lib, pattern, "-", op, ps[i], size_at(k),
                      MPCHAR_SET_FIT, a + b * (double)size_at(k));
    }
}

static void test_seed001_table1(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed001_table1_p2p.csv", &c);
    const long p2[] = {2};
    mpchar_measurements m = {0};
    char lib[16];
    for (size_t r = 0; r < c.nrows; r++) {
        snprintf(lib, sizeof lib, "lib%zu", r);
        gen_hockney(&m, lib, "pingpong", "-", seedcsv_get(&c, r, "ts_us"),
                    seedcsv_get(&c, r, "tb_us_per_byte"), NULL, p2, 1);
    }
    mpchar_model model;
    seed_fit(&m, &model);
    for (size_t r = 0; r < c.nrows; r++) {
        snprintf(lib, sizeof lib, "lib%zu", r);
        const mpchar_pfit *f =
            fit_at(entry_of(&model, lib, "pingpong", NULL), 2);
        mpchar_metrics mt;
        mpchar_metrics_compute(f->hockney.ts_us, f->hockney.tb_us_per_byte,
                               &mt);
        check_rel(f->hockney.ts_us, seedcsv_num(&c, r, "ts_us"), 1e-9, "ts");
        check_rel(mt.pi0_per_s / 1e6 * K1,
                  seedcsv_num(&c, r, "pi_s_Kbytes_per_s"), 0.002, "pi_s");
        if (strcmp(seedcsv_get(&c, r, "primitive"), "xy_send") != 0)
            check_rel(mt.bw_as_MB_per_s * K2,
                      seedcsv_num(&c, r, "bw_as_Mbytes_per_s"), 0.002, "Bw_as");
        assert_true(
            fabs(mt.n_half_bytes - seedcsv_num(&c, r, "n_half_bytes")) <= 1.0);
    }
    mpchar_model_free(&model);
    free(m.rows);
    seedcsv_free(&c);
}

/* Seed 001 Table 2 measured at every p = 2..12 (write) or at some only:
 * the p-forms' peaks (over every p of their range) reproduce Table 2
 * either way. */
static const long ALL_P[] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
static const long SOME_P[] = {2, 3, 5, 8, 11, 12};

static void gen_table2(mpchar_measurements *m, const seedcsv *c, const long *ps,
                       size_t nps)
{
    static const char *const libs[] = {"mpi_ap", "pvm_ap", "aplib"};
    for (size_t r = 0; r < c->nrows && r < 3; r++)
        gen_hockney(m, libs[r], "bcast", "-", seedcsv_get(c, r, "ts_us"),
                    seedcsv_get(c, r, "tb_us_per_byte"), NULL, ps, nps);
}

static void check_table2(const mpchar_model *model, const seedcsv *c)
{
    static const char *const libs[] = {"mpi_ap", "pvm_ap", "aplib"};
    for (size_t r = 0; r < c->nrows && r < 3; r++) {
        const mpchar_entry *e = entry_of(model, libs[r], "bcast", NULL);
        mpchar_peaks pk;
        mpchar_error err;
        if (mpchar_entry_pform_peaks(e, MPCHAR_FAMILY_HOCKNEY,
                                     MPCHAR_AGG_SEED000, &pk, &err) != 0)
            fail_msg("%s", err.msg);
        check_rel(pk.pi0_pag_per_s / 1e6 * K1,
                  seedcsv_num(c, r, "pi_s_pag_Kbytes_per_s"), 0.002, libs[r]);
        check_rel(pk.bw_pag_MB_per_s * K2,
                  seedcsv_num(c, r, "bw_as_pag_Mbytes_per_s"), 0.002, libs[r]);
        check_rel(pk.n_half_mag_bytes, seedcsv_num(c, r, "n_half_mag_bytes"),
                  0.002, libs[r]);
    }
}

static void test_seed001_table2(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed001_table2_bcast.csv", &c);
    mpchar_measurements m = {0};
    gen_table2(&m, &c, SOME_P, sizeof SOME_P / sizeof SOME_P[0]);
    mpchar_model model;
    seed_fit(&m, &model);
    check_table2(&model, &c);
    /* MPI/AP's ts = 69 log2(p) peaks at the largest p, APlib's
     * n_1/2 = (46 + 25(p-2))/(0.0162 + 0.011(p-2)) at the least */
    mpchar_peaks pk;
    assert_int_equal(mpchar_entry_pform_peaks(
                         entry_of(&model, "mpi_ap", "bcast", NULL),
                         MPCHAR_FAMILY_HOCKNEY, MPCHAR_AGG_SEED000, &pk, NULL),
                     0);
    assert_int_equal(pk.pi0_pag_p, 12);
    mpchar_model_free(&model);
    free(m.rows);
    seedcsv_free(&c);
}

/* Seed 001 Table 3's Reduce and Allreduce: sum and usersum cost tb + tc,
 * nop tb; r_cc(p) = tb/tc from usersum - nop (paper: 14.86 at p = 2 and
 * 4.46 at p = 12 for Reduce). */
static void gen_reductions(mpchar_measurements *m, const seedcsv *c)
{
    static const char *const ops[] = {"sum", "usersum", "nop"};
    for (size_t r = 0; r < c->nrows; r++) {
        const char *prim = seedcsv_get(c, r, "primitive");
        const char *pattern = !strcmp(prim, "Reduce")      ? "reduce"
                              : !strcmp(prim, "Allreduce") ? "allreduce"
                                                           : NULL;
        for (size_t o = 0; pattern && o < 3; o++)
            gen_hockney(m, "mpi_ap", pattern, ops[o],
                        seedcsv_get(c, r, "ts_us"),
                        seedcsv_get(c, r, "tb_us_per_byte"),
                        o < 2 ? seedcsv_get(c, r, "tc_us_per_byte") : NULL,
                        ALL_P, sizeof ALL_P / sizeof ALL_P[0]);
    }
}

static void test_seed001_rcc(void **state)
{
    (void)state;
    seedcsv c;
    seedcsv_load("seed001_models.csv", &c);
    mpchar_measurements m = {0};
    gen_reductions(&m, &c);
    mpchar_model model;
    seed_fit(&m, &model);
    const mpchar_entry *e = entry_of(&model, "mpi_ap", "reduce", "usersum");
    check_rel(fit_at(e, 2)->r_cc, 14.86, 0.002, "reduce r_cc(2)");
    check_rel(fit_at(e, 12)->r_cc, 4.46, 0.002, "reduce r_cc(12)");
    for (size_t i = 0; i < e->nfits; i++)
        check_rel(e->fits[i].tc_us_per_byte,
                  0.0051 * log2((double)e->fits[i].p) - 0.0037, 1e-6,
                  "reduce tc(p)");
    assert_true(e->pf.tc_ok);
    assert_true(
        isnan(fit_at(entry_of(&model, "mpi_ap", "reduce", "nop"), 2)->r_cc));
    /* sum and usersum are alike here: no op-dependent-algorithm finding */
    for (size_t i = 0; i < model.nfindings; i++)
        assert_int_not_equal(model.findings[i].kind, MPCHAR_FINDING_OP_CHOICE);
    mpchar_model_free(&model);
    free(m.rows);
    seedcsv_free(&c);
}

static void test_seed_method_settings(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    const long p2[] = {2};
    gen_hockney(&m, "lib", "pingpong", "-", "10", "0.001", NULL, p2, 1);
    mpchar_fit_options opt;
    mpchar_model model;
    mpchar_error err;
    mpchar_fit_options_default(&opt);
    opt.method = MPCHAR_METHOD_SEED; /* with relative weighting */
    assert_int_equal(mpchar_model_fit(&m, "x.csv", &opt, &model, &err), -1);
    assert_non_null(strstr(err.msg, "seed method"));
    free(m.rows);
}

/* ---- zero-count no-ops, piecewise segments, op-dependent algorithms ------ */

/* A bcast whose n = 0 returns at once: 0.004 us against 0.3 us + 1 ns/byte. */
static void gen_noop_bcast(mpchar_measurements *m)
{
    for (int k = 0; k < SIZES; k++) {
        double n = (double)size_at(k);
        synth_add(&m[0], "lib", "bcast", "-", "-", 2, size_at(k),
                  MPCHAR_SET_FIT, k == 0 ? 0.004 : 0.3 + 1e-3 * n);
    }
}

static const mpchar_finding *finding_of(const mpchar_model *m,
                                        mpchar_finding_kind kind)
{
    for (size_t i = 0; i < m->nfindings; i++)
        if (m->findings[i].kind == kind)
            return &m->findings[i];
    return NULL;
}

static void test_zero_noop(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    gen_noop_bcast(&m);
    mpchar_model best, seed;
    synth_fit(&m, "x.csv", false, &best);
    seed_fit(&m, &seed);
    const mpchar_pfit *fb = fit_at(entry_of(&best, "lib", "bcast", NULL), 2);
    const mpchar_pfit *fs = fit_at(entry_of(&seed, "lib", "bcast", NULL), 2);
    assert_true(fb->zero_noop && fs->zero_noop);
    assert_true(fabs(fb->t_zero_us - 0.004) < 1e-12);
    /* the best method takes t0 from real messages; seed keeps T(0) */
    assert_true(fabs(fb->ti.t0_us - 0.301) < 1e-9);
    assert_true(fabs(fb->hockney.ts_us - 0.3) < 1e-6);
    assert_true(fb->n_min_bytes == 1.0);
    assert_true(fs->ti.t0_us == 0.004);
    mpchar_metrics mt;
    mpchar_metrics_compute(fb->ti.t0_us, fb->ti.tb_us_per_byte, &mt);
    assert_true(mt.pi0_per_s < 1e7); /* not 1/0.004 us = 2.5e8 */
    assert_non_null(finding_of(&best, MPCHAR_FINDING_ZERO_NOOP));
    assert_non_null(strstr(finding_of(&seed, MPCHAR_FINDING_ZERO_NOOP)->text,
                           "seed method keeps T(0)"));
    mpchar_model_free(&best);
    mpchar_model_free(&seed);
    free(m.rows);
}

/* A real n = 0 (same line as n > 0) and a switch at 8 KiB: the piecewise
 * model finds the switch and nothing near 1 byte. */
static void test_no_segment_at_zero(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    for (int k = 0; k <= 20; k++) {
        uint64_t n = k == 0 ? 0 : (uint64_t)1 << (k - 1);
        double t = n <= 8192 ? 0.5 + 2e-4 * (double)n : 3.0 + 1e-4 * (double)n;
        if (k == 0)
            t = 0.49; /* a little faster, as a real T(0) is */
        synth_add(&m, "lib", "pingpong", "send", "-", 2, n, MPCHAR_SET_FIT, t);
    }
    mpchar_model model;
    synth_fit(&m, "x.csv", false, &model);
    const mpchar_pfit *f = fit_at(entry_of(&model, "lib", "pingpong", NULL), 2);
    assert_false(f->zero_noop);
    assert_true(f->ok[MPCHAR_FAMILY_PIECEWISE]);
    assert_int_equal(f->pw.count, 2);
    assert_true(f->pw.seg[1].n_lo_bytes > 8192 &&
                f->pw.seg[1].n_lo_bytes <= 16384);
    /* seed 002's short messages: the line below the switch, through
     * model.json too */
    assert_true(fabs(f->below_switch.tb_us_per_byte - 2e-4) < 1e-6);
    char *text;
    mpchar_model back;
    mpchar_error err;
    assert_int_equal(mpchar_model_dump(&model, &text, &err), 0);
    assert_int_equal(
        mpchar_model_parse(text, strlen(text), "m.json", &back, &err), 0);
    const mpchar_pfit *g = fit_at(entry_of(&back, "lib", "pingpong", NULL), 2);
    assert_true(g->below_switch.ts_us == f->below_switch.ts_us);
    assert_true(g->below_switch.tb_us_per_byte ==
                f->below_switch.tb_us_per_byte);
    free(text);
    mpchar_model_free(&back);
    mpchar_model_free(&model);
    free(m.rows);
}

/* usersum 1.8 times slower than sum from 1 KiB on: an op-dependent
 * algorithm; within the noise of the measurements it is none. */
static void test_op_choice(void **state)
{
    (void)state;
    for (int noisy = 0; noisy < 2; noisy++) {
        mpchar_measurements m = {0};
        for (int k = 0; k < SIZES; k++) {
            double n = (double)size_at(k), t = 1.0 + 1e-3 * n;
            double slow = n >= 1024 ? 1.8 : 1.0;
            synth_add(&m, "lib", "allreduce", "-", "sum", 2, size_at(k),
                      MPCHAR_SET_FIT, t);
            synth_add(&m, "lib", "allreduce", "-", "usersum", 2, size_at(k),
                      MPCHAR_SET_FIT, t * slow);
            synth_add(&m, "lib", "allreduce", "-", "nop", 2, size_at(k),
                      MPCHAR_SET_FIT, t * 0.9);
        }
        for (size_t i = 0; noisy && i < m.count; i++)
            m.rows[i].t_median_us = m.rows[i].t_min_us * 1.5;
        mpchar_model model;
        synth_fit(&m, "x.csv", false, &model);
        const mpchar_finding *f = finding_of(&model, MPCHAR_FINDING_OP_CHOICE);
        if (noisy) {
            assert_null(f);
        } else {
            assert_non_null(f);
            assert_non_null(strstr(f->text, "1.80 to 1.80"));
            assert_non_null(strstr(f->text, "1024 to 262144 bytes"));
        }
        mpchar_model_free(&model);
        free(m.rows);
    }
}

/* ---- the command-line test's data ---------------------------------------- */

static int write_csv(const char *dir)
{
    seedcsv t2, models;
    seedcsv_load("seed001_table2_bcast.csv", &t2);
    seedcsv_load("seed001_models.csv", &models);
    mpchar_measurements m = {0};
    gen_table2(&m, &t2, SOME_P, sizeof SOME_P / sizeof SOME_P[0]);
    gen_reductions(&m, &models);
    char path[4096], line[1024];
    mpchar_error err;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < m.count; i++)
        rc = mpchar_measurement_format(&m.rows[i], line, sizeof line, &err) ||
             mpchar_append_line(path, MPCHAR_MEASUREMENTS_HEADER, line, &err);
    if (rc != 0)
        fprintf(stderr, "%s\n", err.msg);
    free(m.rows);
    seedcsv_free(&t2);
    seedcsv_free(&models);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write") == 0)
        return write_csv(argv[2]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed000_table1),
        cmocka_unit_test(test_seed001_table1),
        cmocka_unit_test(test_seed001_table2),
        cmocka_unit_test(test_seed001_rcc),
        cmocka_unit_test(test_seed_method_settings),
        cmocka_unit_test(test_zero_noop),
        cmocka_unit_test(test_no_segment_at_zero),
        cmocka_unit_test(test_op_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
