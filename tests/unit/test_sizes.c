/* Unit tests for the message-size grids and the validation draw in sizes.h.
 *
 * Covers the exact powers-of-4 and powers-of-2 grids, their edge cases
 * (max 0, a max between powers, the whole uint64_t range, a bad base), the
 * splitmix64 reference output, and the validation draw: pinned values for
 * the default seed (cross-checked once against an independent Python
 * implementation), determinism, seed sensitivity, range, and a rough
 * log-uniformity check over many draws. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/sizes.h"
#include "unit_assert.h"

#define MIB (1ULL << 20)

static void grid_equals(mpchar_grid_kind kind, uint64_t max,
                        const uint64_t *want, size_t n)
{
    mpchar_error err = {""};
    uint64_t *sizes = NULL;
    size_t count = 0;
    assert_int_equal(mpchar_sizes_grid(kind, max, &sizes, &count, &err), 0);
    assert_int_equal(count, n);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(sizes[i], want[i]);
    free(sizes);
}

/* The whole grid of a kind, up to the largest 64-bit size; malloc'ed. */
static uint64_t *full_grid(mpchar_grid_kind kind, size_t *count_p)
{
    mpchar_error err = {""};
    uint64_t *sizes = NULL;
    assert_int_equal(mpchar_sizes_grid(kind, UINT64_MAX, &sizes, count_p, &err),
                     0);
    return sizes;
}

/* ---- grids ------------------------------------------------------------- */

static void test_pow4_grid_to_1mib(void **state)
{
    (void)state;
    const uint64_t want[] = {0,    1,    4,     16,    64,     256,
                             1024, 4096, 16384, 65536, 262144, 1048576};
    grid_equals(MPCHAR_GRID_POW4, MIB, want, 12);
}

static void test_pow4_grid_max_between_powers(void **state)
{
    (void)state;
    const uint64_t want[] = {0, 1, 4, 16, 64};
    grid_equals(MPCHAR_GRID_POW4, 255, want, 5);
}

static void test_pow2_grid(void **state)
{
    (void)state;
    const uint64_t want[] = {0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};
    grid_equals(MPCHAR_GRID_POW2, 1024, want, 12);
    grid_equals(MPCHAR_GRID_POW2, 2047, want, 12);
}

static void test_pow2_grid_to_1mib_count(void **state)
{
    (void)state;
    mpchar_error err = {""};
    uint64_t *sizes = NULL;
    size_t count = 0;
    assert_int_equal(
        mpchar_sizes_grid(MPCHAR_GRID_POW2, MIB, &sizes, &count, &err), 0);
    assert_int_equal(count, 22); /* 0 and 2^0 .. 2^20 */
    assert_int_equal(sizes[21], MIB);
    free(sizes);
}

static void test_grid_max_zero_is_just_zero(void **state)
{
    (void)state;
    const uint64_t want[] = {0};
    grid_equals(MPCHAR_GRID_POW4, 0, want, 1);
    grid_equals(MPCHAR_GRID_POW2, 0, want, 1);
}

static void test_grid_max_one(void **state)
{
    (void)state;
    const uint64_t want[] = {0, 1};
    grid_equals(MPCHAR_GRID_POW4, 1, want, 2);
}

static void test_pow2_grid_full_range_no_overflow(void **state)
{
    (void)state;
    size_t count = 0;
    uint64_t *sizes = full_grid(MPCHAR_GRID_POW2, &count);
    assert_int_equal(count, 65); /* 0 and 2^0 .. 2^63 */
    for (size_t i = 1; i < count; i++)
        assert_true(sizes[i] == 1ULL << (i - 1));
    free(sizes);
}

static void test_pow4_grid_full_range_no_overflow(void **state)
{
    (void)state;
    size_t count = 0;
    uint64_t *sizes = full_grid(MPCHAR_GRID_POW4, &count);
    assert_int_equal(count, 33); /* 0 and 4^0 .. 4^31 */
    assert_true(sizes[32] == 1ULL << 62);
    free(sizes);
}

/* Half-powers of two rounded to whole bytes; sqrt(2) rounds to 1, which
 * the grid holds once. */
static void test_sqrt2_grid(void **state)
{
    (void)state;
    const uint64_t want[] = {
        0,    1,    2,    3,    4,    6,     8,     11,    16,    23,    32,
        45,   64,   91,   128,  181,  256,   362,   512,   724,   1024,  1448,
        2048, 2896, 4096, 5793, 8192, 11585, 16384, 23170, 32768, 46341, 65536};
    grid_equals(MPCHAR_GRID_SQRT2, 65536, want, 33);
    grid_equals(MPCHAR_GRID_SQRT2, 92681, want, 33); /* below 2^16.5 */
}

/* Every size of the full sqrt(2) grid lies within half a byte of its
 * half-power of two, with no overflow at the top. */
static void test_sqrt2_grid_full_range(void **state)
{
    (void)state;
    size_t count = 0;
    uint64_t *sizes = full_grid(MPCHAR_GRID_SQRT2, &count);
    assert_int_equal(count, 127); /* 0, then 2^0 .. 2^63 less the second 1 */
    for (size_t i = 2; i < count; i++) {
        double exact = pow(2.0, (double)i / 2.0);
        assert_true(fabs((double)sizes[i] - exact) <= 0.5 + exact * 1e-15);
        assert_true(sizes[i] > sizes[i - 1]);
    }
    free(sizes);
}

static void test_grid_rejects_a_list(void **state)
{
    (void)state;
    mpchar_error err = {""};
    uint64_t *sizes = NULL;
    size_t count = 99;
    assert_int_equal(
        mpchar_sizes_grid(MPCHAR_GRID_LIST, MIB, &sizes, &count, &err), -1);
    assert_null(sizes);
    assert_int_equal(count, 99);
    assert_contains(err.msg, "list");
}

/* ---- splitmix64 -------------------------------------------------------- */

static void test_splitmix64_seed0_reference(void **state)
{
    (void)state;
    uint64_t s = 0;
    assert_true(mpchar_splitmix64(&s) == 0xe220a8397b1dcdafULL);
    assert_true(mpchar_splitmix64(&s) == 0x6e789e6aa1b965f4ULL);
    assert_true(s == 2 * 0x9e3779b97f4a7c15ULL);
}

/* ---- validation draw --------------------------------------------------- */

static void test_validation_pinned_default_seed(void **state)
{
    (void)state;
    /* Computed once; matches an independent Python splitmix64 + exp. */
    const uint64_t want[] = {1, 296443, 2, 3802, 6405, 80771, 169, 39481};
    uint64_t sizes[MPCHAR_VALIDATION_COUNT];
    assert_int_equal(mpchar_sizes_validation(MPCHAR_DEFAULT_VALIDATION_SEED,
                                             MPCHAR_VALIDATION_COUNT, MIB,
                                             sizes),
                     0);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_int_equal(sizes[i], want[i]);
}

/* A seed draws the same sizes every time, and drawing fewer sizes gives
 * the first ones of a longer draw. */
static void test_validation_repeatable(void **state)
{
    (void)state;
    static const size_t counts[] = {100, 20, 5};
    uint64_t all[100], again[100];
    mpchar_sizes_validation(20061, 100, MIB, all);
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        memset(again, 0, sizeof again);
        mpchar_sizes_validation(20061, counts[i], MIB, again);
        assert_memory_equal(all, again, counts[i] * sizeof all[0]);
    }
}

static void test_validation_seeds_differ(void **state)
{
    (void)state;
    uint64_t a[20], b[20], c[20];
    mpchar_sizes_validation(20061, 20, MIB, a);
    mpchar_sizes_validation(20062, 20, MIB, b);
    mpchar_sizes_validation(1, 20, MIB, c);
    assert_memory_not_equal(a, b, sizeof a);
    assert_memory_not_equal(a, c, sizeof a);
    assert_memory_not_equal(b, c, sizeof a);
}

static void test_validation_within_bounds(void **state)
{
    (void)state;
    const uint64_t maxes[] = {1, 2, 3, 1000, MIB, 1ULL << 40, UINT64_MAX};
    enum { N = 10000 };
    uint64_t *sizes = malloc(N * sizeof *sizes);
    assert_non_null(sizes);
    for (size_t m = 0; m < sizeof maxes / sizeof maxes[0]; m++) {
        mpchar_sizes_validation(7 + m, N, maxes[m], sizes);
        for (size_t i = 0; i < N; i++) {
            assert_true(sizes[i] >= 1);
            assert_true(sizes[i] <= maxes[m]);
        }
    }
    free(sizes);
}

static void test_validation_max_one_gives_ones(void **state)
{
    (void)state;
    uint64_t sizes[10];
    mpchar_sizes_validation(20061, 10, 1, sizes);
    for (size_t i = 0; i < 10; i++)
        assert_int_equal(sizes[i], 1);
}

static void test_validation_roughly_log_uniform(void **state)
{
    (void)state;
    enum { N = 10000 };
    uint64_t *sizes = malloc(N * sizeof *sizes);
    assert_non_null(sizes);
    mpchar_sizes_validation(MPCHAR_DEFAULT_VALIDATION_SEED, N, MIB, sizes);
    size_t below_sqrt = 0, below_32 = 0, reaches_top = 0;
    for (size_t i = 0; i < N; i++) {
        below_sqrt += sizes[i] < 1024; /* sqrt(2^20) */
        below_32 += sizes[i] < 32;     /* 2^5: a quarter of the logs */
        reaches_top += sizes[i] >= MIB / 2;
    }
    /* Binomial sd is 50 for the half; 5% tolerance is 10 sd. */
    assert_in_range(below_sqrt, N / 2 - N / 20, N / 2 + N / 20);
    assert_in_range(below_32, N / 4 - N / 20, N / 4 + N / 20);
    /* log2(max) - log2(max/2) = 1 of 20: about 5% land in the top octave. */
    assert_in_range(reaches_top, N / 40, N / 10);
    free(sizes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pow4_grid_to_1mib),
        cmocka_unit_test(test_pow4_grid_max_between_powers),
        cmocka_unit_test(test_pow2_grid),
        cmocka_unit_test(test_pow2_grid_to_1mib_count),
        cmocka_unit_test(test_grid_max_zero_is_just_zero),
        cmocka_unit_test(test_grid_max_one),
        cmocka_unit_test(test_pow2_grid_full_range_no_overflow),
        cmocka_unit_test(test_pow4_grid_full_range_no_overflow),
        cmocka_unit_test(test_sqrt2_grid),
        cmocka_unit_test(test_sqrt2_grid_full_range),
        cmocka_unit_test(test_grid_rejects_a_list),
        cmocka_unit_test(test_splitmix64_seed0_reference),
        cmocka_unit_test(test_validation_pinned_default_seed),
        cmocka_unit_test(test_validation_repeatable),
        cmocka_unit_test(test_validation_seeds_differ),
        cmocka_unit_test(test_validation_within_bounds),
        cmocka_unit_test(test_validation_max_one_gives_ones),
        cmocka_unit_test(test_validation_roughly_log_uniform),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
