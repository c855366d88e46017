/* Unit tests for the harness state the kernels share (kernels/harness.c):
 * MPCHAR_KERNEL_FAULT's parsing (a finite number, the whole text, or a
 * one-line error naming the variable and the text; unset means no fault)
 * and the value kernel_fault() then returns; the class-table row lookup
 * both suites use. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "harness.h"
#include "harness_state.h"

static void fault_unset_is_zero(void **state)
{
    (void)state;
    char msg[128] = "";
    assert_int_equal(harness_fault_parse(NULL, msg, sizeof msg), 0);
    assert_true(kernel_fault() == 0.0);
}

static void fault_numbers(void **state)
{
    (void)state;
    char msg[128] = "";
    assert_int_equal(harness_fault_parse("1", msg, sizeof msg), 0);
    assert_true(kernel_fault() == 1.0);
    assert_int_equal(harness_fault_parse("-2.5e-3", msg, sizeof msg), 0);
    assert_true(kernel_fault() == -2.5e-3);
}

static void fault_malformed(void **state)
{
    (void)state;
    const char *bad[] = {"", "one", "1x", "inf", "nan", "1e999", " "};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char msg[128] = "";
        assert_int_equal(harness_fault_parse(bad[i], msg, sizeof msg), -1);
        assert_non_null(strstr(msg, "MPCHAR_KERNEL_FAULT"));
        assert_null(strchr(msg, '\n'));
        /* a rejected value leaves no fault behind */
        assert_true(kernel_fault() == 0.0);
    }
}

static void class_rows(void **state)
{
    (void)state;
    assert_int_equal(kernel_class_row("SWAB", 'S'), 0);
    assert_int_equal(kernel_class_row("SWAB", 'B'), 3);
    assert_int_equal(kernel_class_row("SABC", 'C'), 3);
    /* not a class of the kernel, and strchr's terminator match */
    assert_int_equal(kernel_class_row("SWA", 'B'), -1);
    assert_int_equal(kernel_class_row("SWA", '\0'), -1);
}

/* A freed buffer is the next request of its size (same pages, already
 * touched, its contents kept); one in use is not handed out twice; a new
 * one is zeroed; harness_buffers_release frees them all. */
static void buffers_kept(void **state)
{
    (void)state;
    unsigned char *a = kernel_alloc(4096);
    assert_non_null(a);
    for (size_t i = 0; i < 4096; i++)
        assert_int_equal(a[i], 0);
    a[7] = 42;
    unsigned char *b = kernel_alloc(4096);
    assert_non_null(b);
    assert_ptr_not_equal(a, b);
    kernel_free(a);
    unsigned char *c = kernel_alloc(100); /* another size: a new buffer */
    assert_ptr_not_equal(c, a);
    unsigned char *again = kernel_alloc(4096);
    assert_ptr_equal(again, a);
    assert_int_equal(again[7], 42);
    kernel_free(NULL);
    kernel_free(b);
    kernel_free(c);
    kernel_free(again);
    for (int i = 0; i < 100; i++) /* beyond the first table's 32 */
        assert_non_null(kernel_alloc((size_t)i + 1));
    harness_buffers_release();
    unsigned char *fresh = kernel_alloc(4096);
    assert_non_null(fresh);
    assert_int_equal(fresh[7], 0);
    harness_buffers_release();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fault_unset_is_zero), cmocka_unit_test(fault_numbers),
        cmocka_unit_test(fault_malformed),     cmocka_unit_test(class_rows),
        cmocka_unit_test(buffers_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
