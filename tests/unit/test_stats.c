/* Unit tests for mpchar_stats_compute (stats.h).
 *
 * Known answers for min, median, mean, max and the sample (n-1) standard
 * deviation with odd and even counts and unsorted input, a single value
 * (stddev 0), equal values, precision when the spread is tiny against the
 * mean, the in-place sort, and count 0 as an error that leaves the output
 * alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "mpchar/stats.h"
#include "unit_assert.h"

#define EPS 1e-12

static mpchar_stats stats_of(double *x, size_t n)
{
    mpchar_error err = {""};
    mpchar_stats s;
    memset(&s, 0, sizeof s);
    assert_int_equal(mpchar_stats_compute(x, n, &s, &err), 0);
    return s;
}

static void test_odd_count_known_answer(void **state)
{
    (void)state;
    double x[] = {5, 1, 4, 2, 3};
    mpchar_stats s = stats_of(x, 5);
    assert_double_near(s.min, 1.0, EPS);
    assert_double_near(s.median, 3.0, EPS);
    assert_double_near(s.mean, 3.0, EPS);
    assert_double_near(s.max, 5.0, EPS);
    assert_double_near(s.stddev, sqrt(2.5), EPS); /* ss 10 / 4 */
}

static void test_even_count_known_answer(void **state)
{
    (void)state;
    double x[] = {8, 2, 4, 6};
    mpchar_stats s = stats_of(x, 4);
    assert_double_near(s.min, 2.0, EPS);
    assert_double_near(s.median, 5.0, EPS); /* (4 + 6) / 2 */
    assert_double_near(s.mean, 5.0, EPS);
    assert_double_near(s.max, 8.0, EPS);
    assert_double_near(s.stddev, sqrt(20.0 / 3.0), EPS);
}

static void test_even_count_median_not_mean(void **state)
{
    (void)state;
    double x[] = {100, 1, 2, 3, 4, 10};
    mpchar_stats s = stats_of(x, 6);
    assert_double_near(s.median, 3.5, EPS);
    assert_double_near(s.mean, 20.0, EPS);
    assert_double_near(s.min, 1.0, EPS);
    assert_double_near(s.max, 100.0, EPS);
}

static void test_two_values(void **state)
{
    (void)state;
    double x[] = {3, 1};
    mpchar_stats s = stats_of(x, 2);
    assert_double_near(s.median, 2.0, EPS);
    assert_double_near(s.stddev, sqrt(2.0), EPS);
}

static void test_one_value_zero_stddev(void **state)
{
    (void)state;
    double x[] = {42.5};
    mpchar_stats s = stats_of(x, 1);
    assert_double_near(s.min, 42.5, EPS);
    assert_double_near(s.median, 42.5, EPS);
    assert_double_near(s.mean, 42.5, EPS);
    assert_double_near(s.max, 42.5, EPS);
    assert_true(s.stddev == 0.0);
}

static void test_equal_values_zero_stddev(void **state)
{
    (void)state;
    double x[] = {7.25, 7.25, 7.25, 7.25, 7.25};
    mpchar_stats s = stats_of(x, 5);
    assert_true(s.stddev == 0.0);
    assert_double_near(s.median, 7.25, EPS);
}

static void test_tiny_spread_large_mean(void **state)
{
    (void)state;
    /* 1e9 + {1,2,3}: the one-pass formula would lose this entirely. */
    double x[] = {1e9 + 3, 1e9 + 1, 1e9 + 2};
    mpchar_stats s = stats_of(x, 3);
    assert_double_near(s.mean, 1e9 + 2, 1e-6);
    assert_double_near(s.stddev, 1.0, 1e-6);
}

static void test_sorts_in_place(void **state)
{
    (void)state;
    double x[] = {3, -1, 2, 0};
    stats_of(x, 4);
    assert_true(x[0] == -1 && x[1] == 0 && x[2] == 2 && x[3] == 3);
}

static void test_count_zero_is_error(void **state)
{
    (void)state;
    mpchar_error err = {""};
    double x[] = {1.0};
    mpchar_stats s = {9, 9, 9, 9, 9};
    assert_int_equal(mpchar_stats_compute(x, 0, &s, &err), -1);
    assert_true(err.msg[0] != '\0');
    assert_true(s.min == 9 && s.median == 9 && s.mean == 9 && s.max == 9 &&
                s.stddev == 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_odd_count_known_answer),
        cmocka_unit_test(test_even_count_known_answer),
        cmocka_unit_test(test_even_count_median_not_mean),
        cmocka_unit_test(test_two_values),
        cmocka_unit_test(test_one_value_zero_stddev),
        cmocka_unit_test(test_equal_values_zero_stddev),
        cmocka_unit_test(test_tiny_spread_large_mean),
        cmocka_unit_test(test_sorts_in_place),
        cmocka_unit_test(test_count_zero_is_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
