/* Unit tests for the harness state the kernels share (kernels/harness.c):
 * MPCHAR_KERNEL_FAULT's parsing (a finite number, the whole text, or a
 * one-line error naming the variable and the text; unset means no fault)
 * and the value kernel_fault() then returns; the class-table row lookup
 * both suites use; the kernels' buffers (kernels/buffers.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdlib.h>
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

/* Buffers are laid out in the order they are asked for, each on a cache
 * line and one line after the last, whatever the heap holds: two arrays
 * of a page do not start at the same page offset, and the same requests
 * after a release land at the same offsets of their chunk again. */
static void buffers_laid_out(void **state)
{
    (void)state;
    free(malloc(12345)); /* the heap's contents do not matter */
    unsigned char *a = kernel_alloc(4096);
    unsigned char *b = kernel_alloc(4096);
    unsigned char *c = kernel_alloc(1);
    unsigned char *d = kernel_alloc(0);
    assert_int_equal((uintptr_t)a % 64, 0);
    assert_ptr_equal(b, a + 4096 + 64);
    assert_ptr_equal(c, b + 4096 + 64);
    assert_ptr_equal(d, c + 64 + 64);
    assert_int_not_equal((uintptr_t)a % 4096, (uintptr_t)b % 4096);
    harness_buffers_release();
    unsigned char *a2 = kernel_alloc(4096);
    unsigned char *b2 = kernel_alloc(4096);
    assert_int_equal((uintptr_t)a2 % 4096, (uintptr_t)a % 4096);
    assert_ptr_equal(b2, a2 + 4096 + 64);
    harness_buffers_release();
}

/* One buffer larger than a chunk gets a chunk of its own; the next small
 * one follows it, not the first chunk's rest. */
static void buffers_large(void **state)
{
    (void)state;
    size_t large = (size_t)100 << 20;
    unsigned char *small = kernel_alloc(64);
    unsigned char *big = kernel_alloc(large);
    unsigned char *after = kernel_alloc(64);
    assert_non_null(small);
    assert_non_null(big);
    assert_int_equal(big[large - 1], 0);
    assert_int_equal((uintptr_t)big % 4096, 0);
    assert_ptr_equal(after, big + large + 64);
    harness_buffers_release();
}

/* kernel_calloc zeroes a reused buffer, which kernel_alloc leaves as it
 * was; a count times size beyond size_t is refused. */
static void buffers_calloc(void **state)
{
    (void)state;
    double *v = kernel_calloc(10, sizeof *v);
    assert_non_null(v);
    v[3] = 1.5;
    kernel_free(v);
    double *w = kernel_calloc(10, sizeof *w);
    assert_ptr_equal(w, v);
    assert_true(w[3] == 0.0);
    w[3] = 2.5;
    kernel_free(w);
    double *x = kernel_alloc(10 * sizeof *x);
    assert_ptr_equal(x, v);
    assert_true(x[3] == 2.5);
    assert_null(kernel_calloc(SIZE_MAX / 2, 4));
    assert_null(kernel_alloc(SIZE_MAX - 16));
    harness_buffers_release();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fault_unset_is_zero),
        cmocka_unit_test(fault_numbers),
        cmocka_unit_test(fault_malformed),
        cmocka_unit_test(class_rows),
        cmocka_unit_test(buffers_kept),
        cmocka_unit_test(buffers_laid_out),
        cmocka_unit_test(buffers_large),
        cmocka_unit_test(buffers_calloc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
