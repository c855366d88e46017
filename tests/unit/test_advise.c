/* mpchar advise's engine (issue 23): the crossover solver on functions
 * with known roots, and the advised regions of synthetic measurements
 * with known crossovers (a linear-in-p Bcast against a logarithmic
 * Scatter + Allgather; a library's algorithms named "<base>@<coll>:<alg>"
 * against its default), fitted by the model engine; bad input. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "model_test_support.h"
#include "mpchar/advise.h"
#include "mpchar/equivalences.h"
#include "mpchar/model.h"

#define N_MAX_BYTES 65536.0
#define TOLERANCE 1e-4 /* relative, on a crossover of the fitted models */

/* ---- the solver ------------------------------------------------------- */

/* (n - 100)(n - 1000): negative exactly on (100, 1000). */
static int parabola(double n, void *ctx, double *d, mpchar_error *err)
{
    (void)ctx, (void)err;
    *d = (n - 100.0) * (n - 1000.0);
    return 0;
}

/* A jump at 3000 (a piecewise model's switch), a root at 40000. */
static int jump(double n, void *ctx, double *d, mpchar_error *err)
{
    (void)ctx, (void)err;
    *d = n < 3000.0 ? 5.0 : 0.001 * (n - 40000.0);
    return 0;
}

static int broken(double n, void *ctx, double *d, mpchar_error *err)
{
    (void)ctx, (void)n, (void)d;
    return mpchar_error_set(err, "no model at p = 3");
}

static void test_solver_roots(void **state)
{
    (void)state;
    double lo[4], hi[4];
    size_t n;
    mpchar_error err;
    assert_int_equal(mpchar_negative_intervals(parabola, NULL, N_MAX_BYTES, lo,
                                               hi, 4, &n, &err),
                     0);
    assert_int_equal(n, 1);
    assert_true(fabs(lo[0] - 100.0) < 1e-6 && fabs(hi[0] - 1000.0) < 1e-6);
    assert_int_equal(
        mpchar_negative_intervals(jump, NULL, N_MAX_BYTES, lo, hi, 4, &n, &err),
        0);
    assert_int_equal(n, 1);
    assert_true(fabs(lo[0] - 3000.0) < 1e-3 && fabs(hi[0] - 40000.0) < 1e-3);
    assert_int_equal(mpchar_negative_intervals(broken, NULL, N_MAX_BYTES, lo,
                                               hi, 4, &n, &err),
                     -1);
    assert_non_null(strstr(err.msg, "no model at p = 3"));
}

/* ---- synthetic models ------------------------------------------------- */

typedef double (*truth_fn)(double n, long p);

/* seed 000's example: Bcast linear in p, Scatter and Allgather
 * logarithmic.  d(n) = 1 + 2 log2 p - 0.001 (p - 2) n: no crossover at
 * p = 2, n* = 5/0.002 = 2500 at p = 4, 7/0.006 at p = 8. */
static double bcast_linear_p(double n, long p)
{
    return 1.0 + 0.001 * (double)(p - 1) * n;
}

static double half_log_p(double n, long p)
{
    return 1.0 + log2((double)p) + 0.0005 * n;
}

static double default_bcast(double n, long p)
{
    (void)p;
    return 10.0 + 0.001 * n;
}

static double binomial(double n, long p) /* faster below 5000 */
{
    (void)p;
    return 5.0 + 0.002 * n;
}

static double pipeline(double n, long p) /* faster above 20000 */
{
    (void)p;
    return 20.0 + 0.0005 * n;
}

/* Fit sizes 0 and 2^(k/2) up to 64 KiB, a few validation sizes. */
static void series(mpchar_measurements *m, const char *library,
                   const char *pattern, truth_fn t)
{
    static const long ps[] = {2, 4, 8};
    static const uint64_t val[] = {5, 300, 7000, 50000};
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        synth_add(m, library, pattern, "-", "-", ps[i], 0, MPCHAR_SET_FIT,
                  t(0.0, ps[i]));
        for (int k = 0; k <= 32; k++) {
            uint64_t n = (uint64_t)llround(pow(2.0, k / 2.0));
            synth_add(m, library, pattern, "-", "-", ps[i], n, MPCHAR_SET_FIT,
                      t((double)n, ps[i]));
        }
        for (size_t v = 0; v < sizeof val / sizeof val[0]; v++)
            synth_add(m, library, pattern, "-", "-", ps[i], val[v],
                      MPCHAR_SET_VALIDATION, t((double)val[v], ps[i]));
    }
}

static void bcast_model(mpchar_model *model, bool with_allgather)
{
    mpchar_measurements m = {0};
    series(&m, "synth", "bcast", bcast_linear_p);
    series(&m, "synth", "scatter", half_log_p);
    if (with_allgather)
        series(&m, "synth", "allgather", half_log_p);
    synth_fit(&m, "synthetic", false, model);
    mpchar_measurements_free(&m);
}

static const mpchar_advice *find(const mpchar_advice_list *l,
                                 const char *substitute, long p)
{
    for (size_t i = 0; i < l->count; i++)
        if (!strcmp(l->items[i].substitute, substitute) && l->items[i].p == p)
            return &l->items[i];
    return NULL;
}

static void test_bcast_regions(void **state)
{
    (void)state;
    mpchar_model model;
    mpchar_advice_list l;
    mpchar_error err;
    bcast_model(&model, true);
    mpchar_advise_options opt = {0};
    if (mpchar_advise(&model, &opt, &l, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(l.compared, 3); /* bcast_sa at p = 2, 4, 8 */
    assert_int_equal(l.count, 2);    /* none at p = 2 */
    assert_null(find(&l, "bcast_sa", 2));
    const mpchar_advice *a4 = find(&l, "bcast_sa", 4);
    const mpchar_advice *a8 = find(&l, "bcast_sa", 8);
    assert_non_null(a4);
    assert_non_null(a8);
    assert_true(rel_diff(a4->n_from_bytes, 2500.0) < TOLERANCE);
    assert_true(rel_diff(a8->n_from_bytes, 7.0 / 0.006) < TOLERANCE);
    assert_true(a4->n_to_bytes == N_MAX_BYTES && !a4->extrapolated);
    assert_true(a4->n_max_bytes == N_MAX_BYTES);
    assert_string_equal(a4->primitive, "bcast");
    assert_string_equal(a4->library, "synth");
    /* the gain at the example: 1 - T_sa/T_bcast, known exactly */
    double n = a8->n_example_bytes;
    double want = 1.0 - 2.0 * half_log_p(n, 8) / bcast_linear_p(n, 8);
    assert_true(fabs(a8->predicted_gain - want) < 1e-3);
    assert_true(a8->predicted_gain > 0.0);
    mpchar_advice_list_free(&l);
    mpchar_model_free(&model);
}

/* --p and --max-size: p = 16 and n beyond 64 KiB are extrapolations. */
static void test_extrapolation(void **state)
{
    (void)state;
    mpchar_model model;
    mpchar_advice_list l;
    mpchar_error err;
    bcast_model(&model, true);
    const long ps[] = {4, 16};
    mpchar_advise_options opt = {ps, 2, 1048576.0, 0.0, "synth", "bcast"};
    if (mpchar_advise(&model, &opt, &l, &err) != 0)
        fail_msg("%s", err.msg);
    const mpchar_advice *a4 = find(&l, "bcast_sa", 4);
    const mpchar_advice *a16 = find(&l, "bcast_sa", 16);
    assert_non_null(a4);
    assert_non_null(a16);
    assert_true(a4->n_to_bytes == 1048576.0 && a4->extrapolated);
    assert_true(a16->extrapolated);
    assert_true(rel_diff(a16->n_from_bytes, 9.0 / 0.014) < TOLERANCE);
    mpchar_advice_list_free(&l);
    mpchar_model_free(&model);
}

static void test_algorithms(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    mpchar_model model;
    mpchar_advice_list l;
    mpchar_error err;
    series(&m, "synth", "bcast", default_bcast);
    series(&m, "synth@bcast:binomial", "bcast", binomial);
    series(&m, "synth@bcast:pipeline", "bcast", pipeline);
    synth_fit(&m, "synthetic", false, &model);
    mpchar_measurements_free(&m);
    mpchar_advise_options opt = {0};
    if (mpchar_advise(&model, &opt, &l, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(l.count, 6); /* two algorithms at three p */
    const mpchar_advice *b = find(&l, "algorithm binomial", 4);
    const mpchar_advice *p = find(&l, "algorithm pipeline", 8);
    assert_non_null(b);
    assert_non_null(p);
    assert_string_equal(b->library, "synth");
    assert_true(b->n_from_bytes == 0.0);
    assert_true(rel_diff(b->n_to_bytes, 5000.0) < TOLERANCE);
    assert_true(rel_diff(p->n_from_bytes, 20000.0) < TOLERANCE);
    assert_true(p->n_to_bytes == N_MAX_BYTES);
    /* Scatter + Allgather could not be compared, and says why */
    assert_true(l.nnotes >= 1);
    assert_non_null(strstr(l.notes[0].text, "no model of scatter"));
    mpchar_advice_list_free(&l);
    mpchar_model_free(&model);
}

static void test_algorithm_names(void **state)
{
    (void)state;
    char base[MPCHAR_NAME_MAX], coll[MPCHAR_NAME_MAX];
    char alg[MPCHAR_ADVICE_TEXT_MAX];
    assert_true(
        mpchar_algorithm_library("openmpi@bcast:binomial", base, coll, alg));
    assert_string_equal(base, "openmpi");
    assert_string_equal(coll, "bcast");
    assert_string_equal(alg, "binomial");
    assert_false(mpchar_algorithm_library("openmpi", base, coll, alg));
    assert_false(mpchar_algorithm_library("openmpi@bcast", base, coll, alg));
    assert_false(mpchar_algorithm_library("@bcast:x", base, coll, alg));
    assert_false(mpchar_algorithm_library("openmpi@bcast:", base, coll, alg));
}

static void test_bad_input(void **state)
{
    (void)state;
    mpchar_model model;
    mpchar_advice_list l;
    mpchar_error err;
    bcast_model(&model, false); /* no allgather */
    mpchar_advise_options opt = {0};
    opt.library = "nosuch";
    assert_int_equal(mpchar_advise(&model, &opt, &l, &err), -1);
    assert_non_null(strstr(err.msg, "unknown library 'nosuch'"));
    opt.library = NULL;
    opt.primitive = "alltoall";
    assert_int_equal(mpchar_advise(&model, &opt, &l, &err), -1);
    assert_non_null(strstr(err.msg, "unknown primitive 'alltoall'"));
    opt.primitive = "bcast";
    assert_int_equal(mpchar_advise(&model, &opt, &l, &err), -1);
    assert_non_null(strstr(err.msg, "no model of allgather"));
    assert_null(strchr(err.msg, '\n'));
    mpchar_model_free(&model);
}

/* Every equivalence names patterns of the facts table (or the
 * substitutes' own Scatterv) and moves n with each component. */
static void test_table(void **state)
{
    (void)state;
    assert_true(mpchar_equivalence_count() >= 6);
    for (size_t i = 0; i < mpchar_equivalence_count(); i++) {
        const mpchar_equivalence *q = mpchar_equivalence_get(i);
        assert_non_null(mpchar_pattern_find(q->primitive));
        assert_ptr_equal(mpchar_equivalence_find(q->substitute), q);
        assert_true(mpchar_equivalence_components(q) == 2);
    }
    assert_null(mpchar_equivalence_find("bcast"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solver_roots),
        cmocka_unit_test(test_bcast_regions),
        cmocka_unit_test(test_extrapolation),
        cmocka_unit_test(test_algorithms),
        cmocka_unit_test(test_algorithm_names),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
