/* Unit tests for what the JGF kernels share (kernels/jgf_random.c,
 * kernels/jgf_common.c): java.util.Random against the values Java itself
 * gives (new Random(0) and new Random(42), as widely published), and the
 * block distribution against splits worked out by hand from JGF's
 * formula (blocks of ceil(total / granule / p) * granule, the last one
 * shorter), including a split too fine for the process count. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "jgf_common.h"
#include "jgf_random.h"

static void random_matches_java(void **state)
{
    (void)state;
    struct jgf_random r;
    jgf_random_init(&r, 0);
    assert_int_equal(jgf_random_int(&r), -1155484576);
    jgf_random_init(&r, 42);
    assert_int_equal(jgf_random_int(&r), -1170105035);
    jgf_random_init(&r, 0);
    assert_true(jgf_random_double(&r) == 0.730967787376657);
    jgf_random_init(&r, 42);
    assert_true(jgf_random_double(&r) == 0.7275636800328681);
}

static void random_doubles_in_unit_interval(void **state)
{
    (void)state;
    struct jgf_random r;
    jgf_random_init(&r, 10101010);
    for (int i = 0; i < 10000; i++) {
        double d = jgf_random_double(&r);
        assert_true(d >= 0.0 && d < 1.0);
    }
}

static void assert_block(long total, long granule, int p, int rank, long block,
                         long first, long count)
{
    struct jgf_block b;
    assert_true(jgf_block_split(total, granule, p, rank, &b));
    assert_int_equal(b.block, block);
    assert_int_equal(b.first, first);
    assert_int_equal(b.count, count);
}

static void block_split_by_hand(void **state)
{
    (void)state;
    /* Series A at p = 3: ceil(10000 / 3) = 3334, last 10000 - 6668 */
    assert_block(10000, 1, 3, 0, 3334, 0, 3334);
    assert_block(10000, 1, 3, 2, 3334, 6668, 3332);
    /* SOR A at p = 3: rows in pairs, ceil(500 / 3) * 2 = 334 */
    assert_block(1000, 2, 3, 1, 334, 334, 334);
    assert_block(1000, 2, 3, 2, 334, 668, 332);
    /* Crypt S at p = 7: ceil(37500 / 7) * 8 = 42864, last 42816 */
    assert_block(300000, 8, 7, 6, 42864, 257184, 42816);
    /* one process takes everything */
    assert_block(50, 1, 1, 0, 50, 0, 50);
}

static void block_split_too_fine(void **state)
{
    (void)state;
    struct jgf_block b;
    /* 10 items in pairs over 8 processes: the last would get 10 - 14 */
    assert_false(jgf_block_split(10, 2, 8, 7, &b));
    struct kernel_run run = {.problem_class = 'S', .size = 8, .rank = 0};
    assert_non_null(jgf_block_refuse(10, 2, &run));
    run.size = 5;
    assert_null(jgf_block_refuse(10, 2, &run));
}

static void class_index(void **state)
{
    (void)state;
    assert_int_equal(jgf_class_index('S'), 0);
    assert_int_equal(jgf_class_index('A'), 1);
    assert_int_equal(jgf_class_index('C'), 3);
}

static void result_check(void **state)
{
    (void)state;
    struct kernel_result r = {0};
    jgf_result_check(&r, "Gtotal", 1.0 + 1e-13, 1.0, 1e-12);
    assert_true(r.verified);
    jgf_result_check(&r, "Gtotal", 1.0 + 1e-11, 1.0, 1e-12);
    assert_false(r.verified);
    assert_non_null(strstr(r.detail, "Gtotal"));
    jgf_result_check(&r, "Gtotal", NAN, 1.0, 1e-12);
    assert_false(r.verified);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(random_matches_java),
        cmocka_unit_test(random_doubles_in_unit_interval),
        cmocka_unit_test(block_split_by_hand),
        cmocka_unit_test(block_split_too_fine),
        cmocka_unit_test(class_index),
        cmocka_unit_test(result_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
