/* Unit tests of the stopping rule (bench_settled in src/bench/settle.c):
 * after which round a point's minimum has settled, from its minimum after
 * each round.  The series of minima are the shapes met on this virtual
 * machine: a minimum that falls for some rounds and then holds, one that
 * drifts down by less than the tolerance a round but more over the window,
 * and one that drops late (a faster level reached in a later round).  No
 * MPI call is made. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench.h"
#include "unit_assert.h"

/* --quick's rule: k = 3 rounds, 1%, a floor of 4 rounds. */
static const bench_settle_params QUICK = {3, 0.01, 4};

/* The first round after which the rule says settled, or 0 when none of
 * the n rounds does. */
static long settles_after(const bench_settle_params *sp, const double *min_us,
                          long n)
{
    for (long rounds = 1; rounds <= n; rounds++)
        if (bench_settled(sp, min_us, rounds))
            return rounds;
    return 0;
}

/* A minimum that holds from the first round settles at the floor, not
 * before. */
static void test_steady_minimum_settles_at_the_floor(void **state)
{
    (void)state;
    const double min_us[] = {1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
    assert_int_equal(settles_after(&QUICK, min_us, 6), 4);
    bench_settle_params later = {3, 0.01, 6};
    assert_int_equal(settles_after(&later, min_us, 6), 6);
}

/* The window counts from the round of the last fall beyond the tolerance:
 * a minimum that fell 9% in its fourth round holds from then, and settles
 * three rounds later, after the seventh. */
static void test_window_starts_after_the_last_fall(void **state)
{
    (void)state;
    const double min_us[] = {2.0, 1.5, 1.1, 1.0, 1.0, 1.0, 1.0, 1.0};
    assert_int_equal(settles_after(&QUICK, min_us, 8), 7);
}

/* A drift below the tolerance in each round but beyond it over the window
 * does not settle: the rule compares the ends of the window. */
static void test_slow_drift_over_the_window_does_not_settle(void **state)
{
    (void)state;
    double min_us[16];
    for (int i = 0; i < 16; i++)
        min_us[i] = 1.0 - 0.004 * i; /* 0.4% a round, 1.2% over three */
    assert_int_equal(settles_after(&QUICK, min_us, 16), 0);
    bench_settle_params loose = {3, 0.013, 4};
    assert_int_equal(settles_after(&loose, min_us, 16), 4);
}

/* Off (k = 0), nothing settles: a full run takes every round.  A window
 * longer than the floor raises the floor to k + 1. */
static void test_off_and_floor_below_the_window(void **state)
{
    (void)state;
    const double min_us[] = {1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0};
    bench_settle_params off = {0, 0.01, 4};
    assert_false(bench_settle_on(&off));
    assert_int_equal(settles_after(&off, min_us, 7), 0);
    bench_settle_params wide = {5, 0.01, 2};
    assert_int_equal(bench_settle_floor(&wide), 6);
    assert_int_equal(settles_after(&wide, min_us, 7), 6);
}

/* A point with no minimum yet (no repetition counted) never settles. */
static void test_no_minimum_does_not_settle(void **state)
{
    (void)state;
    const double min_us[] = {INFINITY, INFINITY, INFINITY, INFINITY, 1.0};
    assert_int_equal(settles_after(&QUICK, min_us, 5), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steady_minimum_settles_at_the_floor),
        cmocka_unit_test(test_window_starts_after_the_last_fall),
        cmocka_unit_test(test_slow_drift_over_the_window_does_not_settle),
        cmocka_unit_test(test_off_and_floor_below_the_window),
        cmocka_unit_test(test_no_minimum_does_not_settle),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
