/* Unit tests of the benchmark's level rule (bench_level_steady in
 * src/bench/level.c): which sequences of 0-byte round-trip probes show a
 * series measured at one speed of the machine, and which show a change.
 * The sequences follow probes logged on this virtual machine: a fast level
 * near 0.22 us (Open MPI) with spikes, a slow one near 0.56 us.  No MPI
 * call is made. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench.h"
#include "unit_assert.h"

#define FAST_US 0.22
#define SLOW_US 0.56
#define N 40

/* N probes at the fast level, with spikes of up to 2.3 times every 7th
 * (as MPICH's probes have), then slow from index slow_from on. */
static void series(double *v, size_t slow_from)
{
    for (size_t i = 0; i < N; i++) {
        if (i >= slow_from)
            v[i] = SLOW_US;
        else if (i % 7 == 3)
            v[i] = 2.3 * FAST_US;
        else
            v[i] = FAST_US * (1.0 + 0.01 * (double)(i % 5));
    }
}

static void test_one_level_with_spikes_is_steady(void **state)
{
    (void)state;
    double v[N];
    series(v, N);
    bench_level_change ch;
    assert_true(bench_level_steady(v, N, &ch));
    assert_double_near(ch.fastest_us, FAST_US, 1e-12);
}

/* A series measured wholly at the slow level is consistent: kept. */
static void test_a_slow_series_is_steady(void **state)
{
    (void)state;
    double v[N];
    series(v, 0);
    assert_true(bench_level_steady(v, N, NULL));
}

/* Fast, then slow from the middle: a change, reported with both levels. */
static void test_a_change_is_found_either_way(void **state)
{
    (void)state;
    double v[N], back[N];
    series(v, N / 2);
    bench_level_change ch;
    assert_false(bench_level_steady(v, N, &ch));
    assert_double_near(ch.fastest_us, FAST_US, 1e-12);
    assert_double_near(ch.slowest_held_us, SLOW_US, 1e-12);
    for (size_t i = 0; i < N; i++)
        back[i] = v[N - 1 - i];
    assert_false(bench_level_steady(back, N, NULL));
}

/* Four slow probes in a row are a hiccup; five are a level. */
static void test_a_level_holds_for_five_probes(void **state)
{
    (void)state;
    double v[N];
    series(v, N);
    for (size_t i = 10; i < 14; i++)
        v[i] = SLOW_US;
    assert_true(bench_level_steady(v, N, NULL));
    v[14] = SLOW_US;
    assert_false(bench_level_steady(v, N, NULL));
}

/* A level twice as slow as the fastest probe is a change, below is not. */
static void test_the_factor_is_two(void **state)
{
    (void)state;
    double v[N];
    for (size_t i = 0; i < N; i++)
        v[i] = i < N / 2 ? 1.0 : 1.99;
    assert_true(bench_level_steady(v, N, NULL));
    for (size_t i = N / 2; i < N; i++)
        v[i] = 2.01;
    assert_false(bench_level_steady(v, N, NULL));
}

/* Fewer probes than a level needs: nothing can be told, nothing is
 * remeasured. */
static void test_short_series_are_steady(void **state)
{
    (void)state;
    double v[3] = {FAST_US, SLOW_US, SLOW_US};
    bench_level_change ch;
    assert_true(bench_level_steady(v, 3, &ch));
    assert_double_near(ch.slowest_held_us, FAST_US, 1e-12);
    assert_true(bench_level_steady(NULL, 0, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_level_with_spikes_is_steady),
        cmocka_unit_test(test_a_slow_series_is_steady),
        cmocka_unit_test(test_a_change_is_found_either_way),
        cmocka_unit_test(test_a_level_holds_for_five_probes),
        cmocka_unit_test(test_the_factor_is_two),
        cmocka_unit_test(test_short_series_are_steady),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
