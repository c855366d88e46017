/* Unit tests for what the NPB kernels share (kernels/npb_common.c): NPB's
 * relative-error check (NaN never verifies; a detail only on failure),
 * the power-of-two rule CG, FT, IS and MG refuse by, and the ceil(log2)
 * their process grids and sprnvc's nn1 are built from. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "npb_common.h"

static void check_relative(void **state)
{
    (void)state;
    struct kernel_result r = {0};
    npb_check(&r, "zeta", 8.5971775078648 * (1 + 1e-11), 8.5971775078648,
              1e-10);
    assert_true(r.verified);
    assert_string_equal(r.detail, "");
    npb_check(&r, "zeta", 8.5971775078648 * (1 + 1e-9), 8.5971775078648, 1e-10);
    assert_false(r.verified);
    assert_non_null(strstr(r.detail, "zeta = "));
    npb_check(&r, "zeta", NAN, 8.5971775078648, 1e-10);
    assert_false(r.verified);
    /* relative, not absolute: 1e-9 off a value of 1e-5 is 1e-4 */
    assert_false(npb_close(1e-5 + 1e-9, 1e-5, 1e-8));
    assert_true(npb_close(-2.0, -2.0, 0.0));
}

static void power_of_two_rule(void **state)
{
    (void)state;
    const int yes[] = {1, 2, 4, 8, 1024};
    const int no[] = {0, 3, 6, 12, -4};
    for (size_t i = 0; i < sizeof yes / sizeof yes[0]; i++)
        assert_null(npb_refuse_unless_power_of_two(yes[i]));
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        assert_non_null(npb_refuse_unless_power_of_two(no[i]));
}

static void log2_ceil(void **state)
{
    (void)state;
    assert_int_equal(npb_log2_ceil(1), 0);
    assert_int_equal(npb_log2_ceil(2), 1);
    assert_int_equal(npb_log2_ceil(8), 3);
    /* CG S's n = 1400: sprnvc's nn1 = 2048 */
    assert_int_equal(npb_log2_ceil(1400), 11);
    assert_int_equal(npb_log2_ceil(1025), 11);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(check_relative),
        cmocka_unit_test(power_of_two_rule),
        cmocka_unit_test(log2_ceil),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
