/* Unit tests of the benchmark's adaptive refinement (src/bench/refine.c):
 * simulated series with known protocol switches are "measured" through
 * the same replay loop the benchmark runs, and the sizes it adds must
 * bracket every switch tightly, leave straight lines alone, respect the
 * budget and the patterns' rounding, and replay to the same decisions. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "bench.h"

typedef double (*curve_fn)(uint64_t n);

#define MAX_SAMPLES 512

typedef struct series {
    uint64_t n[MAX_SAMPLES];
    double t[MAX_SAMPLES];
    size_t count;
    uint64_t grid[64];
    size_t ngrid;
    uint64_t fail_at; /* a size whose measurement fails; 0: none */
    bench_refine_params rp;
} series;

/* Measures a curve into a series on a grid of sizes up to max. */
typedef void (*grid_fn)(series *s, curve_fn f, uint64_t max);

static bool lookup(void *ctx, uint64_t n, double *t_us_p)
{
    const series *s = ctx;
    for (size_t i = 0; i < s->count; i++)
        if (s->n[i] == n) {
            *t_us_p = s->t[i];
            return true;
        }
    return false;
}

static void add(series *s, uint64_t n, double t)
{
    assert_true(s->count < MAX_SAMPLES);
    s->n[s->count] = n;
    s->t[s->count++] = n == s->fail_at ? NAN : t;
}

/* 0 and the powers of two from first up to max, all measured. */
static void measure_grid_from(series *s, curve_fn f, uint64_t first,
                              uint64_t max)
{
    s->ngrid = 0;
    s->grid[s->ngrid++] = 0;
    for (uint64_t n = first; n <= max; n *= 2)
        s->grid[s->ngrid++] = n;
    for (size_t i = 0; i < s->ngrid; i++)
        add(s, s->grid[i], f(s->grid[i]));
}

static void measure_grid(series *s, curve_fn f, uint64_t max)
{
    measure_grid_from(s, f, 1, max);
}

/* 0 and the default sqrt2 grid up to max, all measured. */
static void measure_sqrt2_grid(series *s, curve_fn f, uint64_t max)
{
    uint64_t *sizes;
    size_t count;
    mpchar_error err;
    assert_int_equal(
        mpchar_sizes_grid(MPCHAR_GRID_SQRT2, max, &sizes, &count, &err), 0);
    assert_true(count <= sizeof s->grid / sizeof s->grid[0]);
    s->ngrid = count;
    for (size_t i = 0; i < count; i++) {
        s->grid[i] = sizes[i];
        add(s, sizes[i], f(sizes[i]));
    }
    free(sizes);
}

/* The benchmark's loop: replay, measure what is asked for, repeat. */
static size_t refine(series *s, const char *pattern, curve_fn f,
                     const bench_refine_params *rp)
{
    const bench_pattern *pat = bench_registry_find(pattern);
    assert_non_null(pat);
    size_t measured = 0;
    for (;;) {
        bench_refinement rf;
        bench_refine_replay(
            rp, pat, bench_pattern_facts(pat)->reduction ? "double" : "byte", 2,
            s->grid, s->ngrid, lookup, s, &rf);
        assert_int_equal(rf.count, measured);
        if (rf.next_requested == 0)
            return measured;
        add(s, rf.next_n_bytes, f(rf.next_n_bytes));
        measured++;
    }
}

/* The tightest ratio b/a of measured sizes a <= edge < b. */
static double bracket(const series *s, uint64_t edge)
{
    uint64_t lo = 0, hi = UINT64_MAX;
    for (size_t i = 0; i < s->count; i++) {
        if (s->n[i] <= edge && s->n[i] > lo)
            lo = s->n[i];
        if (s->n[i] > edge && s->n[i] < hi)
            hi = s->n[i];
    }
    return (double)hi / (double)lo;
}

static double linear(uint64_t n)
{
    return 0.2 + 0.001 * (double)n;
}

/* MPICH-like: eager up to 8 KiB, then a rendezvous costing 2.5 us more. */
static double eager_limit(uint64_t n)
{
    return n <= 8192 ? 0.3 + 5e-5 * (double)n : 3.0 + 1e-4 * (double)n;
}

/* Open MPI-like: a fast box up to 1100 bytes, eager to 4000, then CMA. */
static double two_switches(uint64_t n)
{
    double x = (double)n;
    if (n <= 1100)
        return 0.15 + 1e-4 * x;
    if (n <= 4000)
        return 0.6 + 2.5e-4 * x;
    return 3.0 + 3e-4 * x;
}

static double noisy_linear(uint64_t n)
{
    /* Deterministic +-3% wobble. */
    double wobble = 0.03 * sin((double)(n % 97) * 1.7);
    return linear(n) * (1.0 + wobble);
}

/* A straight line with one disturbed grid size, 40% slow. */
static double one_spike(uint64_t n)
{
    return linear(n) * (n == 2048 ? 1.4 : 1.0);
}

/* Barrier-timed collectives' minima: a flat start jittering by up to 25%
 * (deterministically), then the eager limit of eager_limit(). */
static double jittery_eager_limit(uint64_t n)
{
    double jitter = n <= 1024 ? 0.25 * sin((double)n * 2.3) : 0.0;
    return eager_limit(n) * (1.0 + jitter);
}

/* The eager limit of eager_limit() behind two octaves (256 B - 1 KiB)
 * whose times jitter by up to 20% from one size to the next, as first
 * rounds' minima of MPICH isend did (run hB4 of 2026-11-22). */
static double noisy_octaves_eager_limit(uint64_t n)
{
    double jitter = n >= 256 && n <= 1024 ? 0.2 * sin((double)n * 2.3) : 0.0;
    return eager_limit(n) * (1.0 + jitter);
}

/* MPICH isend's first round as measured (run n5 of 2026-11-22): a slow
 * level made the eager line steep, and the rendezvous line from 8 KiB runs
 * on from it, so that 8192 and 16384 bytes lie on one line and only the
 * size between them leaves it, as a disturbed time would. */
static double rendezvous_on_the_eager_line(uint64_t n)
{
    double x = (double)n;
    return n <= 8192 ? 0.6 + 4.6e-4 * x : 3.5 + 2.7e-4 * x;
}

/* A switch to a faster protocol: 0.5 us less from 3000 bytes on. */
static double step_down(uint64_t n)
{
    return n < 3000 ? 1.0 + 1e-4 * (double)n : 0.5 + 1e-4 * (double)n;
}

/* MPICH pingpong's inline-cell limit as measured (B of 2026-11-21): a flat
 * start with a few percent of noise (16 and 64 B low), then 0.08 us more
 * from 93 B on. */
static double measured_inline_limit(uint64_t n)
{
    static const struct {
        uint64_t n;
        double t;
    } start[] = {{1, 0.1611},  {2, 0.1665},  {4, 0.1631}, {8, 0.1603},
                 {16, 0.1513}, {32, 0.1610}, {64, 0.1548}};
    for (size_t i = 0; i < sizeof start / sizeof start[0]; i++)
        if (start[i].n == n)
            return start[i].t;
    return n < 93 ? 0.158 : 0.233 + 5e-5 * (double)n;
}

/* Linear interpolation through knots {n, t} in ascending n. */
static double through(const double (*k)[2], size_t count, uint64_t n)
{
    double x = (double)n;
    if (x <= k[0][0])
        return k[0][1];
    for (size_t i = 1; i < count; i++)
        if (x <= k[i][0])
            return k[i - 1][1] + (k[i][1] - k[i - 1][1]) * (x - k[i - 1][0]) /
                                     (k[i][0] - k[i - 1][0]);
    return k[count - 1][1];
}

/* MPICH isend pingpong as measured (run rB3 of 2026-11-21): the eager
 * times ramp up between 1 and 2 KiB, 1024 B lying below its neighbours'
 * chord, and the rendezvous line through 16 and 32 KiB passes within 3%
 * of the eager time at 8 KiB, as if 8 KiB were rendezvous already. */
static double measured_rendezvous(uint64_t n)
{
    static const double eager[][2] = {{1, 0.55},     {512, 0.754},
                                      {1024, 0.795}, {2048, 1.223},
                                      {4096, 1.673}, {8192, 2.228}};
    static const double rendezvous[][2] = {
        {8193, 4.45}, {16384, 5.873}, {32768, 13.03}, {65536, 23.495}};
    return n <= 8192 ? through(eager, 6, n) : through(rendezvous, 4, n);
}

/* Fails the test, naming what, unless the switch after edge is bracketed
 * within the minimum ratio. */
static void require_bracketed(const series *s, uint64_t edge, const char *what)
{
    double ratio = bracket(s, edge);
    if (ratio > BENCH_REFINE_MIN_RATIO + 1e-12)
        fail_msg("%s: bracketed only within %.3fx", what, ratio);
}

/* A fresh series: f measured on grid up to 64 KiB, default parameters. */
static void start(series *s, curve_fn f, grid_fn grid)
{
    *s = (series){.count = 0};
    bench_refine_params_default(&s->rp);
    grid(s, f, 65536);
}

/* Starts a series and refines it; returns the number of sizes added. */
static size_t refine_fresh(series *s, curve_fn f, grid_fn grid)
{
    start(s, f, grid);
    return refine(s, "pingpong", f, &s->rp);
}

/* Series without a switch add nothing: a straight line, and noise within
 * the tolerance. */
static void test_no_switch_adds_nothing(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        curve_fn f;
    } cases[] = {{"straight line", linear},
                 {"noise within tolerance", noisy_linear}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        series s;
        size_t added = refine_fresh(&s, cases[i].f, measure_grid);
        if (added != 0)
            fail_msg("%s: refinement added %zu sizes", cases[i].name, added);
    }
}

/* One slow grid size on a straight line costs the two sizes that probe
 * its sides, both on the line, and nothing more. */
static void test_lone_disturbed_size_costs_two_probes(void **state)
{
    (void)state;
    series s;
    assert_int_equal(refine_fresh(&s, one_spike, measure_grid), 2);
    bool left = false, right = false;
    for (size_t i = 0; i < s.count; i++) {
        if (s.n[i] == 0 || s.n[i] == 2048)
            continue;
        assert_true(fabs(s.t[i] - linear(s.n[i])) < 1e-12);
        left = left || (s.n[i] > 1024 && s.n[i] < 2048);
        right = right || (s.n[i] > 2048 && s.n[i] < 4096);
    }
    assert_true(left && right);
}

static void test_eager_limit_is_bracketed(void **state)
{
    (void)state;
    series s;
    start(&s, eager_limit, measure_grid);
    assert_true(bracket(&s, 8192) > 1.9);
    size_t added = refine(&s, "pingpong", eager_limit, &s.rp);
    assert_true(added > 0 && added <= (size_t)s.rp.max_points);
    assert_true(bracket(&s, 8192) <= s.rp.min_ratio + 1e-12);
}

/* Only the half of an interval that holds the jump is split further: the
 * eager limit costs one midpoint per halving, plus the first one. */
static void test_only_the_jumps_half_is_split(void **state)
{
    (void)state;
    series s;
    assert_true(refine_fresh(&s, eager_limit, measure_grid) <= 6);
    assert_true(bracket(&s, 8192) <= BENCH_REFINE_MIN_RATIO + 1e-12);
}

/* Every switch ends bracketed within the minimum ratio: two in one series,
 * one behind jittery short sizes (which must not spend the budget the
 * switch needs), one behind two noisy low times (which must not pass for
 * one regime running on past it), and a step down. */
static void test_switches_are_bracketed(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        curve_fn f;
        uint64_t edge;
    } cases[] = {
        {"first of two switches", two_switches, 1100},
        {"second of two switches", two_switches, 4000},
        {"switch after jitter", jittery_eager_limit, 8192},
        {"switch after a noisy start", measured_inline_limit, 92},
        {"step down", step_down, 2999},
        {"rendezvous line through the eager time", measured_rendezvous, 8192}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        series s;
        refine_fresh(&s, cases[i].f, measure_grid);
        require_bracketed(&s, cases[i].edge, cases[i].name);
    }
}

/* A switch whose sides lie on one line through the grid sizes around it
 * shows only in the size between them, which looks like a disturbed time
 * (on the default sqrt2 grid: 11585 bytes, between 8192 and 16384). */
static void test_switch_on_one_line_is_probed(void **state)
{
    (void)state;
    series s;
    refine_fresh(&s, rendezvous_on_the_eager_line, measure_sqrt2_grid);
    require_bracketed(&s, 8192, "eager limit");
}

/* A grid size faster than its neighbours' chord is the start of a ramp,
 * not a disturbance (noise only slows a minimum): the ramp gets a size. */
static void test_size_below_its_chord_is_looked_into(void **state)
{
    (void)state;
    series s;
    refine_fresh(&s, measured_rendezvous, measure_grid);
    for (size_t i = 0; i < s.count; i++)
        if (s.n[i] > 1024 && s.n[i] < 2048)
            return;
    fail_msg("nothing measured between 1024 and 2048 bytes");
}

/* Noise that keeps leaving the chords in two octaves takes at most
 * BENCH_REFINE_OCTAVE_MAX sizes from each, and the switch after them is
 * still bracketed with the default budget. */
static void test_noisy_octaves_leave_the_budget_to_the_switch(void **state)
{
    (void)state;
    series s;
    refine_fresh(&s, noisy_octaves_eager_limit, measure_sqrt2_grid);
    int per_octave[64] = {0};
    for (size_t i = s.ngrid; i < s.count; i++) {
        int k = (int)floor(log2((double)s.n[i]));
        assert_true(++per_octave[k] <= BENCH_REFINE_OCTAVE_MAX);
    }
    require_bracketed(&s, 8192, "eager limit");
}

static void test_budget_is_respected(void **state)
{
    (void)state;
    series s, off;
    start(&s, two_switches, measure_grid);
    s.rp.max_points = 3;
    assert_int_equal(refine(&s, "pingpong", two_switches, &s.rp), 3);
    start(&off, two_switches, measure_grid);
    off.rp.max_points = 0;
    assert_int_equal(refine(&off, "pingpong", two_switches, &off.rp), 0);
}

static void test_reductions_stay_whole_doubles(void **state)
{
    (void)state;
    series s = {.count = 0};
    bench_refine_params_default(&s.rp);
    measure_grid_from(&s, eager_limit, 8, 65536); /* whole doubles */
    size_t before = s.count;
    assert_true(refine(&s, "allreduce", eager_limit, &s.rp) > 0);
    for (size_t i = before; i < s.count; i++)
        assert_int_equal(s.n[i] % 8, 0);
    assert_true(bracket(&s, 8192) <= s.rp.min_ratio + 1e-12);
}

static void test_failed_midpoint_is_not_split(void **state)
{
    (void)state;
    series s;
    start(&s, eager_limit, measure_grid);
    bench_refinement rf;
    const bench_pattern *pat = bench_registry_find("pingpong");
    bench_refine_replay(&s.rp, pat, "byte", 2, s.grid, s.ngrid, lookup, &s,
                        &rf);
    assert_true(rf.next_n_bytes > 0);
    s.fail_at = rf.next_n_bytes;
    size_t added = refine(&s, "pingpong", eager_limit, &s.rp);
    assert_true(added >= 1);
    /* The replay over the final data asks for nothing more. */
    bench_refine_replay(&s.rp, pat, "byte", 2, s.grid, s.ngrid, lookup, &s,
                        &rf);
    assert_int_equal(rf.next_requested, 0);
    assert_int_equal(rf.count, added);
}

/* Only the grid's measured prefix is looked at, and a grid size only once
 * the two after it are measured: below the jump nothing is asked for, nor
 * with only the size after the jump there (it might be a disturbed time),
 * and once the next one confirms it, a size between. */
static void test_measured_prefix_only(void **state)
{
    (void)state;
    series s;
    start(&s, eager_limit, measure_grid);
    const bench_pattern *pat = bench_registry_find("pingpong");
    bench_refinement rf;
    s.count = 14; /* 0, 1, ... 4096 */
    bench_refine_replay(&s.rp, pat, "byte", 2, s.grid, s.ngrid, lookup, &s,
                        &rf);
    assert_int_equal(rf.count, 0);
    assert_int_equal(rf.next_requested, 0);
    s.count = 16; /* ... 8192, 16384: the jump is bracketed */
    bench_refine_replay(&s.rp, pat, "byte", 2, s.grid, s.ngrid, lookup, &s,
                        &rf);
    assert_int_equal(rf.next_requested, 0);
    s.count = 17; /* ... 32768: 16384 was no disturbed time */
    bench_refine_replay(&s.rp, pat, "byte", 2, s.grid, s.ngrid, lookup, &s,
                        &rf);
    assert_true(rf.next_n_bytes > 4096 && rf.next_n_bytes < 16384);
}

/* Refining during the sweep (the benchmark's order) and after the whole
 * grid (a resumed run's replay) add the same sizes in the same order. */
static void test_sweep_and_batch_agree(void **state)
{
    (void)state;
    series batch, sweep;
    start(&batch, two_switches, measure_grid);
    bench_refine_params rp = batch.rp;
    size_t added = refine(&batch, "pingpong", two_switches, &rp);
    start(&sweep, two_switches, measure_grid);
    size_t ngrid = sweep.count;
    sweep.count = 0;
    for (size_t g = 0; g < ngrid; g++) {
        add(&sweep, sweep.grid[g], two_switches(sweep.grid[g]));
        /* measure what the sweep asks for so far */
        for (;;) {
            bench_refinement rf;
            bench_refine_replay(&rp, bench_registry_find("pingpong"), "byte", 2,
                                sweep.grid, sweep.ngrid, lookup, &sweep, &rf);
            if (rf.next_requested == 0)
                break;
            add(&sweep, rf.next_n_bytes, two_switches(rf.next_n_bytes));
        }
    }
    assert_int_equal(sweep.count, batch.count);
    bench_refinement a, b;
    const bench_pattern *pat = bench_registry_find("pingpong");
    bench_refine_replay(&rp, pat, "byte", 2, batch.grid, batch.ngrid, lookup,
                        &batch, &a);
    bench_refine_replay(&rp, pat, "byte", 2, sweep.grid, sweep.ngrid, lookup,
                        &sweep, &b);
    assert_int_equal(a.count, added);
    assert_int_equal(b.count, added);
    for (size_t i = 0; i < added; i++)
        assert_true(a.n_bytes[i] == b.n_bytes[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_switch_adds_nothing),
        cmocka_unit_test(test_lone_disturbed_size_costs_two_probes),
        cmocka_unit_test(test_eager_limit_is_bracketed),
        cmocka_unit_test(test_only_the_jumps_half_is_split),
        cmocka_unit_test(test_switches_are_bracketed),
        cmocka_unit_test(test_size_below_its_chord_is_looked_into),
        cmocka_unit_test(test_switch_on_one_line_is_probed),
        cmocka_unit_test(test_noisy_octaves_leave_the_budget_to_the_switch),
        cmocka_unit_test(test_budget_is_respected),
        cmocka_unit_test(test_reductions_stay_whole_doubles),
        cmocka_unit_test(test_failed_midpoint_is_not_split),
        cmocka_unit_test(test_measured_prefix_only),
        cmocka_unit_test(test_sweep_and_batch_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
