/* Unit tests of the benchmark's batch rule (bench_batch_size in
 * src/bench/measure.c): how many operations one timed repetition runs, for
 * self-synchronizing loops, for patterns with a barrier before each
 * repetition, and for patterns that must not be batched.  No MPI call is
 * made. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench.h"

#define FINE_TIMER_S 20e-9 /* MPI_Wtime's step on this machine */
#define COARSE_TIMER_S 1e-6

static long batch(const char *pattern, bench_sync sync, double timer_s,
                  double span_s)
{
    bench_loop_params lp = {.timer_resolution_s = timer_s, .sync = sync};
    const bench_pattern *pat = bench_registry_find(pattern);
    assert_non_null(pat);
    return bench_batch_size(pat, &lp, span_s);
}

/* A ping-pong repetition spans 300 us, whatever the timer: a 0.7 us round
 * trip is repeated 429 times, where 1000 steps of a 20 ns timer would ask
 * for only 29, and the minimum of such short repetitions catches bursts
 * of a shared machine's speed. */
static void test_free_loops_span_300_us(void **state)
{
    (void)state;
    assert_int_equal(batch("pingpong", SYNC_WINDOW, FINE_TIMER_S, 0.7e-6), 429);
    assert_int_equal(batch("stream", SYNC_BARRIER, FINE_TIMER_S, 3.5e-6), 86);
    assert_int_equal(batch("pingpong", SYNC_WINDOW, FINE_TIMER_S, 299e-6), 2);
    assert_int_equal(batch("pingpong", SYNC_WINDOW, FINE_TIMER_S, 300e-6), 1);
    assert_int_equal(batch("pingpong", SYNC_WINDOW, FINE_TIMER_S, 5e-3), 1);
}

/* A coarse timer asks for 1000 of its steps when that is longer. */
static void test_free_loops_cover_a_coarse_timer(void **state)
{
    (void)state;
    assert_int_equal(batch("pingpong", SYNC_WINDOW, COARSE_TIMER_S, 3e-6), 334);
}

/* At most 1000 operations, also when the warm-up measured no time. */
static void test_batches_are_capped(void **state)
{
    (void)state;
    assert_int_equal(batch("pingpong", SYNC_WINDOW, FINE_TIMER_S, 0.1e-6),
                     1000);
    assert_int_equal(batch("pingpong", SYNC_WINDOW, FINE_TIMER_S, 0.0), 1000);
}

/* Barrier-synchronized patterns are not batched in windows or under a
 * fine timer; under a coarse one, to 100 of its steps. */
static void test_synchronized_patterns(void **state)
{
    (void)state;
    assert_int_equal(batch("bcast", SYNC_WINDOW, COARSE_TIMER_S, 1e-6), 1);
    assert_int_equal(batch("bcast", SYNC_BARRIER, FINE_TIMER_S, 1e-6), 1);
    assert_int_equal(batch("bcast", SYNC_BARRIER, COARSE_TIMER_S, 3e-6), 34);
    assert_int_equal(batch("pingping", SYNC_BARRIER, COARSE_TIMER_S, 200e-6),
                     1);
}

/* recvfirst's receiver computes before every operation: never batched. */
static void test_recvfirst_is_never_batched(void **state)
{
    (void)state;
    assert_int_equal(batch("recvfirst", SYNC_WINDOW, FINE_TIMER_S, 0.2e-6), 1);
}

/* Cold buffers: one operation per repetition whatever the pattern and
 * timer, since only the first operation after the sweep meets them. */
static void test_cold_buffers_are_never_batched(void **state)
{
    (void)state;
    bench_cold cold = {NULL, 0, 64};
    const char *patterns[] = {"pingpong", "stream", "bcast", "alltoall"};
    for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
        bench_loop_params lp = {.timer_resolution_s = COARSE_TIMER_S,
                                .sync = SYNC_BARRIER,
                                .cold = &cold};
        const bench_pattern *pat = bench_registry_find(patterns[i]);
        assert_non_null(pat);
        assert_int_equal(bench_batch_size(pat, &lp, 0.1e-6), 1);
        lp.cold = NULL;
        assert_true(bench_batch_size(pat, &lp, 0.1e-6) > 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_free_loops_span_300_us),
        cmocka_unit_test(test_free_loops_cover_a_coarse_timer),
        cmocka_unit_test(test_batches_are_capped),
        cmocka_unit_test(test_synchronized_patterns),
        cmocka_unit_test(test_recvfirst_is_never_batched),
        cmocka_unit_test(test_cold_buffers_are_never_batched),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
