/* Unit tests of the benchmark's level rule (bench_level_steady in
 * src/bench/level.c): from the 0-byte round-trip probes taken before every
 * round of a series, whether some point ran only at a slower level than
 * the series' fastest.  The series below follow the sweep's order (a first
 * pass in ascending size, later passes alternating in direction, one probe
 * after the last round) and the levels logged on this virtual machine: a
 * fast one near 0.22 us (Open MPI) with single spikes of up to 2.3 times,
 * a slow one near 0.56 us.  Also the launch's best level and how long a
 * launch may wait for it.  No MPI call is made. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench.h"
#include "unit_assert.h"

#define FAST_US 0.22
#define SLOW_US 0.56
#define POINTS 12
#define MAX_PROBES (16 * POINTS + 1)

typedef struct series {
    bench_level_reading probe[MAX_PROBES];
    size_t count;
} series;

/* Probes of a series in `rounds` passes, each at the fast level with a
 * spike every 7th probe. */
static void sweep(series *s, size_t rounds)
{
    s->count = 0;
    for (size_t r = 0; r < rounds; r++)
        for (size_t j = 0; j < POINTS; j++) {
            size_t k = s->count++;
            s->probe[k].point = r % 2 ? POINTS - 1 - j : j;
            s->probe[k].t_us = k % 7 == 3
                                   ? 2.3 * FAST_US
                                   : FAST_US * (1.0 + 0.01 * (double)(k % 5));
        }
    /* After the last round. */
    s->probe[s->count++] = (bench_level_reading){FAST_US, POINTS};
}

static void slow_from(series *s, size_t first, size_t end)
{
    for (size_t k = first; k < end && k < s->count; k++)
        s->probe[k].t_us = SLOW_US;
}

static bool steady(const series *s, bench_level_change *ch)
{
    return bench_level_steady(s->probe, s->count, POINTS, ch);
}

static void test_one_level_with_spikes_is_steady(void **state)
{
    (void)state;
    series s;
    sweep(&s, 4);
    bench_level_change ch;
    assert_true(steady(&s, &ch));
    assert_double_near(ch.fastest_us, FAST_US, 1e-12);
    assert_int_equal(ch.slow_points, 0);
    sweep(&s, 1); /* one round: a spike is bracketed by normal probes */
    assert_true(steady(&s, NULL));
}

/* A series measured wholly at the slow level is consistent: kept. */
static void test_a_slow_series_is_steady(void **state)
{
    (void)state;
    series s;
    sweep(&s, 4);
    slow_from(&s, 0, s.count);
    assert_true(steady(&s, NULL));
}

/* Slow from the middle of the first pass on: the points after the change
 * never ran at the fast level. */
static void test_a_change_for_good_is_found(void **state)
{
    (void)state;
    series s;
    sweep(&s, 4);
    slow_from(&s, POINTS / 2, s.count);
    bench_level_change ch;
    assert_false(steady(&s, &ch));
    assert_int_equal(ch.slow_points, POINTS / 2);
    assert_double_near(ch.fastest_us, FAST_US, 1e-12);
    assert_double_near(ch.slowest_point_us, SLOW_US, 1e-12);
}

/* Slow in the first passes, fast in the last one: every point had a fast
 * round, where its minimum comes from. */
static void test_a_slow_stretch_shorter_than_the_series_is_kept(void **state)
{
    (void)state;
    series s;
    sweep(&s, 4);
    slow_from(&s, 0, 3 * POINTS);
    assert_true(steady(&s, NULL));
    /* Fast only for the first 9 rounds of the first pass: the last 3
     * points never ran fast. */
    sweep(&s, 4);
    slow_from(&s, 9, s.count);
    bench_level_change ch;
    assert_false(steady(&s, &ch));
    assert_int_equal(ch.slow_points, 3);
}

/* A level twice as slow as the fastest probe is a change, below is not. */
static void test_the_factor_is_two(void **state)
{
    (void)state;
    series s;
    sweep(&s, 2);
    for (size_t k = 0; k < s.count; k++)
        s.probe[k].t_us = k < POINTS / 2 ? 1.0 : 1.99;
    assert_true(steady(&s, NULL));
    for (size_t k = POINTS / 2; k < s.count; k++)
        s.probe[k].t_us = 2.01;
    assert_false(steady(&s, NULL));
}

/* The launch's best level: within twice it is at best; with none known,
 * anything is. */
static void test_at_best_within_twice(void **state)
{
    (void)state;
    assert_true(bench_level_at_best(0.43, 0.22));
    assert_false(bench_level_at_best(0.56, 0.22));
    assert_true(bench_level_at_best(0.56, 0.0));
    assert_true(bench_level_at_best(0.56, NAN));
}

/* A launch waits at most its cap, and at most as long as it measured. */
static void test_wait_allowance(void **state)
{
    (void)state;
    assert_double_near(bench_level_wait_allowance(60.0, 10.0, 4.0), 6.0, 1e-12);
    assert_double_near(bench_level_wait_allowance(5.0, 10.0, 4.0), 1.0, 1e-12);
    assert_double_near(bench_level_wait_allowance(60.0, 3.0, 4.0), 0.0, 1e-12);
    assert_double_near(bench_level_wait_allowance(0.0, 100.0, 0.0), 0.0, 1e-12);
}

static void test_no_probes_is_steady(void **state)
{
    (void)state;
    assert_true(bench_level_steady(NULL, 0, 0, NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_level_with_spikes_is_steady),
        cmocka_unit_test(test_a_slow_series_is_steady),
        cmocka_unit_test(test_a_change_for_good_is_found),
        cmocka_unit_test(test_a_slow_stretch_shorter_than_the_series_is_kept),
        cmocka_unit_test(test_the_factor_is_two),
        cmocka_unit_test(test_at_best_within_twice),
        cmocka_unit_test(test_wait_allowance),
        cmocka_unit_test(test_no_probes_is_steady),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
