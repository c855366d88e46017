/* Unit tests for the comparison of two result sets (compare.h), with
 * measurements built in memory and numbers worked out by hand:
 * the spread and the verdict rule at and around its limits; the noise
 * window (own spread, median of three, ends of a series, short series,
 * series kept apart); matching by key with points on one side only and
 * libraries outside every pair; the three ways libraries are paired and
 * the errors that name each side's libraries; a 20 % regression at one
 * point found among noise-free and noisy neighbours, with the summary's
 * geometric mean and worst point; oversubscribed points left out unless
 * asked; a zero time; --stat median; and the output order (A's order of
 * series, then n). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mpchar/compare.h"
#include "unit_assert.h"

#define ROWS_MAX 64

/* ---- building measurements ---------------------------------------------- */

typedef struct side {
    mpchar_measurement rows[ROWS_MAX];
    mpchar_measurements m;
} side;

/* A point of series (library, pattern, p) at n with t_min_us = t_us and a
 * spread: t_median_us = t_us * (1 + spread). */
static void add(side *s, const char *library, const char *pattern, long p,
                uint64_t n, mpchar_set set, double t_us, double spread)
{
    assert_true(s->m.count < ROWS_MAX);
    mpchar_measurement *r = &s->rows[s->m.count++];
    memset(r, 0, sizeof *r);
    snprintf(r->key.library, sizeof r->key.library, "%s", library);
    snprintf(r->key.pattern, sizeof r->key.pattern, "%s", pattern);
    snprintf(r->key.variant, sizeof r->key.variant, "-");
    snprintf(r->key.op, sizeof r->key.op, "-");
    snprintf(r->key.datatype, sizeof r->key.datatype, "byte");
    r->key.p = p;
    r->key.n_bytes = n;
    r->key.set = set;
    r->reps = 100;
    r->t_min_us = t_us;
    r->t_median_us = t_us * (1.0 + spread);
    r->t_mean_us = r->t_median_us;
    r->t_max_us = 2.0 * r->t_median_us;
    s->m.rows = s->rows;
}

static mpchar_compare_options options(double threshold)
{
    mpchar_compare_options o;
    memset(&o, 0, sizeof o);
    o.stat = MPCHAR_COMPARE_STAT_MIN;
    o.threshold = threshold;
    return o;
}

/* The compared point at n (fit set), or fail. */
static const mpchar_compare_point *at(const mpchar_comparison *c,
                                      const char *pattern, uint64_t n)
{
    for (size_t i = 0; i < c->count; i++)
        if (c->points[i].key.n_bytes == n &&
            strcmp(c->points[i].key.pattern, pattern) == 0 &&
            c->points[i].key.set == MPCHAR_SET_FIT)
            return &c->points[i];
    fail_msg("no compared point %s n=%llu", pattern, (unsigned long long)n);
    return NULL;
}

/* Two result sets and their comparison under options o. */
typedef struct sides {
    side a, b;
    mpchar_compare_options o;
    mpchar_comparison c;
    mpchar_error err;
} sides;

/* Empty sides, compared with threshold 0 unless the test changes o. */
static void start(sides *s)
{
    memset(s, 0, sizeof *s);
    s->o = options(0.0);
}

/* Compares A with B, which must succeed. */
static mpchar_comparison *compare(sides *s)
{
    assert_int_equal(
        mpchar_compare_run(&s->a.m, &s->b.m, &s->o, &s->c, &s->err), 0);
    return &s->c;
}

/* Compares A with B, which must fail; returns the error. */
static const char *refused(sides *s)
{
    assert_int_equal(
        mpchar_compare_run(&s->a.m, &s->b.m, &s->o, &s->c, &s->err), -1);
    return s->err.msg;
}

/* ---- the rule ----------------------------------------------------------- */

static void test_spread(void **state)
{
    (void)state;
    side s = {0};
    add(&s, "x", "pingpong", 2, 0, MPCHAR_SET_FIT, 2.0, 0.25);
    assert_double_near(mpchar_compare_spread(&s.rows[0]), 0.25, 1e-12);
    s.rows[0].t_min_us = 0.0;
    s.rows[0].t_median_us = 0.0;
    assert_double_near(mpchar_compare_spread(&s.rows[0]), 0.0, 0.0);
    s.rows[0].t_median_us = 1.0;
    assert_true(isinf(mpchar_compare_spread(&s.rows[0])));
}

static void test_judge(void **state)
{
    (void)state;
    /* threshold 10 %, allowance 5 %: the limit is 15 % either way. */
    assert_int_equal(mpchar_compare_judge(1.20, 0.05, 0.10),
                     MPCHAR_VERDICT_SLOWER);
    assert_int_equal(mpchar_compare_judge(1.16, 0.05, 0.10),
                     MPCHAR_VERDICT_SLOWER);
    assert_int_equal(mpchar_compare_judge(1.14, 0.05, 0.10),
                     MPCHAR_VERDICT_WITHIN);
    assert_int_equal(mpchar_compare_judge(1.0, 0.0, 0.0),
                     MPCHAR_VERDICT_WITHIN);
    /* Faster is the same rule with A and B swapped: A/B - 1 > limit. */
    assert_int_equal(mpchar_compare_judge(1.0 / 1.16, 0.05, 0.10),
                     MPCHAR_VERDICT_FASTER);
    assert_int_equal(mpchar_compare_judge(1.0 / 1.14, 0.05, 0.10),
                     MPCHAR_VERDICT_WITHIN);
    /* A large allowance absorbs even a doubling. */
    assert_int_equal(mpchar_compare_judge(2.0, 1.5, 0.0),
                     MPCHAR_VERDICT_WITHIN);
    assert_int_equal(mpchar_compare_judge(NAN, 0.0, 0.0),
                     MPCHAR_VERDICT_UNDEFINED);
    assert_int_equal(mpchar_compare_judge(0.0, 0.0, 0.0),
                     MPCHAR_VERDICT_UNDEFINED);
}

/* Spreads 2, 10, 4, 50, 3 % along n: windows {0,1,2} {0,1,2} {1,2,3}
 * {2,3,4} {2,3,4} have medians 4, 4, 10, 4, 4 %; the noise is the larger
 * of that and the point's own: 4, 10, 10, 50, 4 %. */
static void test_noise_window(void **state)
{
    (void)state;
    static const double spread[] = {0.02, 0.10, 0.04, 0.50, 0.03};
    static const double noise[] = {0.04, 0.10, 0.10, 0.50, 0.04};
    static sides s;
    start(&s);
    /* Out of order, interleaved with another series of larger spreads
     * that must not leak into this one. */
    for (int k = 4; k >= 0; k--) {
        add(&s.a, "x", "pingpong", 2, (uint64_t)1 << (2 * k), MPCHAR_SET_FIT,
            1.0, spread[k]);
        add(&s.a, "x", "pingpong", 4, (uint64_t)1 << (2 * k), MPCHAR_SET_FIT,
            1.0, 0.9);
        add(&s.b, "x", "pingpong", 2, (uint64_t)1 << (2 * k), MPCHAR_SET_FIT,
            1.0, 0.0);
    }
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->count, 5);
    assert_int_equal(c->only_a_count, 5); /* the p = 4 series */
    for (int k = 0; k < 5; k++) {
        const mpchar_compare_point *pt = &c->points[k];
        assert_int_equal(pt->key.n_bytes, (uint64_t)1 << (2 * k));
        assert_double_near(pt->noise_a, noise[k], 1e-12);
        assert_double_near(pt->noise_b, 0.0, 1e-12);
        assert_double_near(pt->allowance, noise[k], 1e-12);
    }
    mpchar_comparison_free(c);
}

/* A series of two takes the larger of its own spread and their mean; a
 * series of one its own spread. */
static void test_noise_short_series(void **state)
{
    (void)state;
    static sides s;
    start(&s);
    add(&s.a, "x", "bcast", 2, 8, MPCHAR_SET_FIT, 1.0, 0.10);
    add(&s.a, "x", "bcast", 2, 16, MPCHAR_SET_VALIDATION, 1.0, 0.30);
    add(&s.a, "x", "barrier", 2, 0, MPCHAR_SET_FIT, 1.0, 0.07);
    add(&s.b, "x", "bcast", 2, 8, MPCHAR_SET_FIT, 1.0, 0.0);
    add(&s.b, "x", "bcast", 2, 16, MPCHAR_SET_VALIDATION, 1.0, 0.0);
    add(&s.b, "x", "barrier", 2, 0, MPCHAR_SET_FIT, 1.0, 0.0);
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->count, 3);
    assert_double_near(c->points[0].noise_a, 0.20, 1e-12);
    assert_double_near(c->points[1].noise_a, 0.30, 1e-12);
    assert_double_near(c->points[2].noise_a, 0.07, 1e-12);
    mpchar_comparison_free(c);
}

/* ---- matching and pairing ------------------------------------------------- */

static void test_matching(void **state)
{
    (void)state;
    static sides s;
    start(&s);
    for (uint64_t n = 0; n < 3; n++) {
        add(&s.a, "openmpi", "pingpong", 2, n, MPCHAR_SET_FIT, 1.0, 0.0);
        add(&s.b, "openmpi", "pingpong", 2, n, MPCHAR_SET_FIT, 1.0, 0.0);
    }
    add(&s.a, "openmpi", "pingpong", 2, 5, MPCHAR_SET_VALIDATION, 1.0, 0.0);
    add(&s.b, "openmpi", "pingpong", 2, 7, MPCHAR_SET_VALIDATION, 1.0, 0.0);
    /* Same n, other set: not the same point. */
    add(&s.b, "openmpi", "pingpong", 2, 1, MPCHAR_SET_VALIDATION, 1.0, 0.0);
    add(&s.a, "mpich", "pingpong", 2, 0, MPCHAR_SET_FIT, 1.0, 0.0);
    add(&s.a, "mpich", "pingpong", 2, 1, MPCHAR_SET_FIT, 1.0, 0.0);
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->pairing, MPCHAR_PAIRING_COMMON);
    assert_int_equal(c->pair_count, 1);
    assert_string_equal(c->pairs[0].a, "openmpi");
    assert_int_equal(c->count, 3);
    assert_int_equal(c->only_a_count, 1);
    assert_int_equal(c->only_a[0].n_bytes, 5);
    assert_int_equal(c->only_b_count, 2);
    assert_int_equal(c->only_b[0].n_bytes, 1);
    assert_int_equal(c->only_b[0].set, MPCHAR_SET_VALIDATION);
    assert_int_equal(c->only_b[1].n_bytes, 7);
    assert_int_equal(c->other_a, 2);
    assert_int_equal(c->other_b, 0);
    assert_int_equal(c->summary.within, 3);
    mpchar_comparison_free(c);
}

static void test_pairing_single(void **state)
{
    (void)state;
    static sides s;
    start(&s);
    add(&s.a, "openmpi", "pingpong", 2, 8, MPCHAR_SET_FIT, 2.0, 0.0);
    add(&s.b, "mpich", "pingpong", 2, 8, MPCHAR_SET_FIT, 3.0, 0.0);
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->pairing, MPCHAR_PAIRING_SINGLE);
    assert_int_equal(c->count, 1);
    assert_string_equal(c->points[0].key.library, "openmpi");
    assert_string_equal(c->points[0].library_b, "mpich");
    assert_double_near(c->points[0].ratio, 1.5, 1e-12);
    assert_int_equal(c->points[0].verdict, MPCHAR_VERDICT_SLOWER);
    mpchar_comparison_free(c);
}

static void test_pairing_errors_and_choice(void **state)
{
    (void)state;
    static sides s;
    start(&s);
    add(&s.a, "openmpi", "pingpong", 2, 8, MPCHAR_SET_FIT, 1.0, 0.0);
    add(&s.a, "mpich", "pingpong", 2, 8, MPCHAR_SET_FIT, 1.0, 0.0);
    add(&s.b, "ompi5", "pingpong", 2, 8, MPCHAR_SET_FIT, 1.0, 0.0);
    add(&s.b, "mpich4", "pingpong", 2, 8, MPCHAR_SET_FIT, 1.2, 0.0);
    const char *why = refused(&s);
    assert_contains(why, "no library in common");
    assert_contains(why, "A: openmpi, mpich; B: ompi5, mpich4");
    s.o.library_a = "mpich";
    s.o.library_b = "nompi";
    assert_contains(refused(&s), "B has no library 'nompi' (it has: ompi5, "
                                 "mpich4)");
    s.o.library_b = "mpich4";
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->pairing, MPCHAR_PAIRING_CHOSEN);
    assert_int_equal(c->count, 1);
    assert_double_near(c->points[0].ratio, 1.2, 1e-12);
    assert_int_equal(c->other_a, 1);
    assert_int_equal(c->other_b, 1);
    mpchar_comparison_free(c);
    /* One name alone means the same library on both sides. */
    s.o.library_a = NULL;
    s.o.library_b = "mpich";
    assert_contains(refused(&s), "B has no library 'mpich'");
    memset(&s.a, 0, sizeof s.a);
    s.o = options(0.0);
    assert_contains(refused(&s), "A holds no measurements");
}

/* ---- regressions ------------------------------------------------------------ */

/* Eight sizes of 2 % spread; B is A but 20 % slower at n = 1024 and 3 %
 * faster at n = 4 (within noise): threshold 10 % flags exactly n = 1024
 * (0.20 > 0.10 + 0.02); the geometric mean is (1.2 * 0.97)^(1/8). */
static void regression_sides(sides *s, double spread_b_1024)
{
    start(s);
    s->o.threshold = 0.10;
    for (int k = 0; k < 8; k++) {
        uint64_t n = (uint64_t)1 << (2 * k);
        double t = 1.0 + 0.001 * (double)n;
        double tb = n == 1024 ? 1.2 * t : n == 4 ? 0.97 * t : t;
        add(&s->a, "openmpi", "allreduce", 4, n, MPCHAR_SET_FIT, t, 0.02);
        add(&s->b, "openmpi", "allreduce", 4, n, MPCHAR_SET_FIT, tb,
            n == 1024 ? spread_b_1024 : 0.02);
    }
}

static void test_regression_found(void **state)
{
    (void)state;
    static sides s;
    regression_sides(&s, 0.02);
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->count, 8);
    assert_int_equal(c->summary.slower, 1);
    assert_int_equal(c->summary.faster, 0);
    assert_int_equal(c->summary.within, 7);
    const mpchar_compare_point *pt = at(c, "allreduce", 1024);
    assert_int_equal(pt->verdict, MPCHAR_VERDICT_SLOWER);
    assert_double_near(pt->ratio, 1.2, 1e-12);
    assert_double_near(pt->allowance, 0.02, 1e-12);
    assert_ptr_equal(&c->points[c->summary.worst], pt);
    assert_double_near(c->summary.geomean_ratio, pow(1.2 * 0.97, 1.0 / 8),
                       1e-12);
    mpchar_comparison_free(c);
    /* Without a threshold the 3 % improvement is beyond 2 % noise. */
    s.o = options(0.0);
    compare(&s);
    assert_int_equal(c->summary.slower, 1);
    assert_int_equal(c->summary.faster, 1);
    assert_int_equal(at(c, "allreduce", 4)->verdict, MPCHAR_VERDICT_FASTER);
    mpchar_comparison_free(c);
}

/* The same 20 % on a point whose B repetitions spread 15 %: the limit is
 * 10 + 15 = 25 %, so it is within noise. */
static void test_regression_within_noise(void **state)
{
    (void)state;
    static sides s;
    regression_sides(&s, 0.15);
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->summary.slower, 0);
    assert_double_near(at(c, "allreduce", 1024)->allowance, 0.15, 1e-12);
    mpchar_comparison_free(c);
}

static void test_oversubscribed(void **state)
{
    (void)state;
    static sides s;
    regression_sides(&s, 0.02);
    for (size_t i = 0; i < s.b.m.count; i++)
        if (s.b.rows[i].key.n_bytes == 1024)
            s.b.rows[i].oversubscribed = true;
    mpchar_comparison *c = compare(&s);
    const mpchar_compare_point *pt = at(c, "allreduce", 1024);
    assert_true(pt->oversubscribed);
    assert_false(pt->judged);
    assert_int_equal(pt->verdict, MPCHAR_VERDICT_SLOWER);
    assert_int_equal(c->summary.slower, 0);
    assert_int_equal(c->summary.judged, 7);
    assert_int_equal(c->summary.oversubscribed_not_judged, 1);
    mpchar_comparison_free(c);
    s.o.include_oversubscribed = true;
    compare(&s);
    assert_int_equal(c->summary.slower, 1);
    assert_int_equal(c->summary.judged, 8);
    mpchar_comparison_free(c);
}

static void test_zero_time_and_median(void **state)
{
    (void)state;
    static sides s;
    start(&s);
    add(&s.a, "x", "barrier", 1, 0, MPCHAR_SET_FIT, 0.0, 0.0);
    add(&s.b, "x", "barrier", 1, 0, MPCHAR_SET_FIT, 0.5, 0.0);
    add(&s.a, "x", "bcast", 2, 8, MPCHAR_SET_FIT, 1.0, 1.0); /* median 2 */
    add(&s.b, "x", "bcast", 2, 8, MPCHAR_SET_FIT, 1.0, 2.0); /* median 3 */
    mpchar_comparison *c = compare(&s);
    const mpchar_compare_point *z = at(c, "barrier", 0);
    assert_int_equal(z->verdict, MPCHAR_VERDICT_UNDEFINED);
    assert_true(isnan(z->ratio));
    assert_int_equal(c->summary.undefined, 1);
    assert_double_near(c->summary.geomean_ratio, 1.0, 1e-12);
    mpchar_comparison_free(c);
    s.o.stat = MPCHAR_COMPARE_STAT_MEDIAN;
    compare(&s);
    assert_double_near(at(c, "bcast", 8)->ratio, 1.5, 1e-12);
    mpchar_comparison_free(c);
}

/* Series come out in A's order of first appearance, n ascending within. */
static void test_order(void **state)
{
    (void)state;
    static sides s;
    start(&s);
    const char *patterns[] = {"scatter", "bcast", "allreduce"};
    for (int k = 0; k < 3; k++)
        for (uint64_t n = 3; n > 0; n--) {
            add(&s.a, "x", patterns[k], 2, n, MPCHAR_SET_FIT, 1.0, 0.0);
            add(&s.b, "x", patterns[2 - k], 2, n, MPCHAR_SET_FIT, 1.0, 0.0);
        }
    mpchar_comparison *c = compare(&s);
    assert_int_equal(c->count, 9);
    for (size_t i = 0; i < 9; i++) {
        assert_string_equal(c->points[i].key.pattern, patterns[i / 3]);
        assert_int_equal(c->points[i].key.n_bytes, i % 3 + 1);
    }
    mpchar_comparison_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spread),
        cmocka_unit_test(test_judge),
        cmocka_unit_test(test_noise_window),
        cmocka_unit_test(test_noise_short_series),
        cmocka_unit_test(test_matching),
        cmocka_unit_test(test_pairing_single),
        cmocka_unit_test(test_pairing_errors_and_choice),
        cmocka_unit_test(test_regression_found),
        cmocka_unit_test(test_regression_within_noise),
        cmocka_unit_test(test_oversubscribed),
        cmocka_unit_test(test_zero_time_and_median),
        cmocka_unit_test(test_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
