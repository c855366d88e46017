/* Unit tests for the strict value parsers in parse.h.
 *
 * Covers byte sizes with and without suffixes (and every way a size can be
 * malformed: empty, signed, fractional, unknown suffix, blanks, overflow),
 * bounded whole numbers, finite doubles (inf and nan rejected), integer
 * lists and ranges (sorted, deduplicated, empty or out-of-range ranges and
 * garbage rejected), size lists, and booleans.  Every rejection also checks
 * that the error message names the offending text. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/parse.h"
#include "unit_assert.h"

/* ---- helpers ----------------------------------------------------------- */

static uint64_t size_ok(const char *text)
{
    mpchar_error err = {""};
    uint64_t bytes = 12345;
    assert_int_equal(mpchar_parse_size(text, &bytes, &err), 0);
    return bytes;
}

/* Rejects text, leaves the output untouched, and names the text. */
static void size_bad(const char *text)
{
    mpchar_error err = {""};
    uint64_t bytes = 777;
    assert_int_equal(mpchar_parse_size(text, &bytes, &err), -1);
    assert_int_equal(bytes, 777);
    assert_contains(err.msg, text);
}

static void long_bad(const char *text, long min, long max)
{
    mpchar_error err = {""};
    long value = 777;
    assert_int_equal(mpchar_parse_long(text, min, max, &value, &err), -1);
    assert_int_equal(value, 777);
    assert_contains(err.msg, text);
}

static void double_bad(const char *text, double min, double max)
{
    mpchar_error err = {""};
    double value = 7.0;
    assert_int_equal(mpchar_parse_double(text, min, max, &value, &err), -1);
    assert_true(value == 7.0);
    assert_contains(err.msg, text);
}

/* Parses text as an int list in [min, max] and compares to want[n]. */
static void list_equals(const char *text, long min, long max, const long *want,
                        size_t n)
{
    mpchar_error err = {""};
    long *values = NULL;
    size_t count = 0;
    assert_int_equal(
        mpchar_parse_int_list(text, min, max, &values, &count, &err), 0);
    assert_int_equal(count, n);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(values[i], want[i]);
    free(values);
}

static void list_bad(const char *text, long min, long max, const char *part)
{
    mpchar_error err = {""};
    long *values = NULL;
    size_t count = 99;
    assert_int_equal(
        mpchar_parse_int_list(text, min, max, &values, &count, &err), -1);
    assert_null(values);
    assert_int_equal(count, 99);
    assert_contains(err.msg, part);
}

/* ---- sizes ------------------------------------------------------------- */

static void test_size_plain_number(void **state)
{
    (void)state;
    assert_int_equal(size_ok("4096"), 4096);
    assert_int_equal(size_ok("0"), 0);
    assert_int_equal(size_ok("1048576"), 1048576);
}

static void test_size_kilo_suffixes(void **state)
{
    (void)state;
    assert_int_equal(size_ok("64K"), 65536);
    assert_int_equal(size_ok("64KiB"), 65536);
    assert_int_equal(size_ok("1k"), 1024);
}

static void test_size_mega_giga_suffixes(void **state)
{
    (void)state;
    assert_int_equal(size_ok("1M"), 1048576);
    assert_int_equal(size_ok("1MiB"), 1048576);
    assert_int_equal(size_ok("2G"), 2147483648ULL);
    assert_int_equal(size_ok("3GiB"), 3ULL << 30);
    assert_int_equal(size_ok("512B"), 512);
}

static void test_size_largest_values(void **state)
{
    (void)state;
    assert_true(size_ok("18446744073709551615") == UINT64_MAX);
    /* 2^33 G = 2^63 bytes still fits. */
    assert_true(size_ok("8589934592G") == (1ULL << 63));
}

static const char *const bad_sizes[] = {
    /* empty and signs */
    "", "-1", "+1", "K",
    /* fraction and garbage */
    "1.5K", "12x", "1KB", "1T", "0x10",
    /* blanks */
    " 12", "12 ", "1M B", "1 M",
    /* overflow */
    "18446744073709551616", "99999999999999999999999",
    "17179869184G",       /* 2^34 G = 2^64 */
    "18014398509481984K", /* 2^54 K = 2^64 */
};

static void test_size_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_sizes / sizeof bad_sizes[0]; i++)
        size_bad(bad_sizes[i]);
}

/* ---- whole numbers ----------------------------------------------------- */

static void test_long_in_range(void **state)
{
    (void)state;
    mpchar_error err = {""};
    long v = 0;
    assert_int_equal(mpchar_parse_long("42", 0, 100, &v, &err), 0);
    assert_int_equal(v, 42);
    assert_int_equal(mpchar_parse_long("1", 1, 1, &v, &err), 0);
    assert_int_equal(v, 1);
    assert_int_equal(
        mpchar_parse_long("9223372036854775807", 0, LONG_MAX, &v, &err), 0);
    assert_true(v == LONG_MAX);
}

static void test_long_with_negative_min(void **state)
{
    (void)state;
    mpchar_error err = {""};
    long v = 0;
    assert_int_equal(mpchar_parse_long("0", -1, 10, &v, &err), 0);
    assert_int_equal(v, 0);
    assert_int_equal(mpchar_parse_long("7", -5, 10, &v, &err), 0);
    assert_int_equal(v, 7);
}

static const struct {
    const char *text;
    long min, max;
} bad_longs[] = {
    /* out of range */
    {"0", 1, 10},
    {"11", 1, 10},
    {"9223372036854775808", 0, LONG_MAX},
    {"18446744073709551615", 0, LONG_MAX},
    /* garbage */
    {"", 0, 10},
    {"-1", 0, 10},
    {"12x", 0, 100},
    {" 1", 0, 10},
    {"1 ", 0, 10},
    {"1K", 0, 100000},
    {"1.0", 0, 10},
};

static void test_long_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_longs / sizeof bad_longs[0]; i++)
        long_bad(bad_longs[i].text, bad_longs[i].min, bad_longs[i].max);
}

/* ---- doubles ----------------------------------------------------------- */

static void test_double_accepts_forms(void **state)
{
    (void)state;
    mpchar_error err = {""};
    double v = 0;
    assert_int_equal(mpchar_parse_double("1.25", 0, 10, &v, &err), 0);
    assert_true(v == 1.25);
    assert_int_equal(mpchar_parse_double("-2.5", -10, 10, &v, &err), 0);
    assert_true(v == -2.5);
    assert_int_equal(mpchar_parse_double("3e2", 0, 1e3, &v, &err), 0);
    assert_true(v == 300.0);
    assert_int_equal(mpchar_parse_double("0", 0, 0, &v, &err), 0);
    assert_true(v == 0.0);
}

static const struct {
    const char *text;
    double min, max;
} bad_doubles[] = {
    /* inf nan */
    {"inf", -1e308, 1e308},
    {"-inf", -1e308, 1e308},
    {"infinity", -1e308, 1e308},
    {"nan", -1e308, 1e308},
    {"NAN", -1e308, 1e308},
    {"1e400", -1e308, 1e308},
    /* garbage */
    {"", 0, 10},
    {" 1", 0, 10},
    {"1 ", 0, 10},
    {"1.5x", 0, 10},
    {"abc", 0, 10},
    {"1,5", 0, 10},
    /* out of range */
    {"-0.5", 0, 10},
    {"10.001", 0, 10},
};

static void test_double_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_doubles / sizeof bad_doubles[0]; i++)
        double_bad(bad_doubles[i].text, bad_doubles[i].min, bad_doubles[i].max);
}

/* ---- integer lists ----------------------------------------------------- */

static void test_list_single_and_commas(void **state)
{
    (void)state;
    const long one[] = {5};
    const long three[] = {2, 4, 8};
    list_equals("5", 0, 100, one, 1);
    list_equals("2,4,8", 0, 100, three, 3);
}

static void test_list_range(void **state)
{
    (void)state;
    const long want[] = {2, 3, 4, 5, 6, 7, 8};
    const long point[] = {3};
    list_equals("2-8", 0, 100, want, 7);
    list_equals("3-3", 0, 100, point, 1);
}

static void test_list_ranges_and_items(void **state)
{
    (void)state;
    const long want[] = {2, 3, 4, 8, 16};
    list_equals("2-4,8,16", 0, 100, want, 5);
}

static void test_list_sorted_and_deduped(void **state)
{
    (void)state;
    const long want[] = {1, 2, 3, 4, 8, 16};
    list_equals("16,8,2-4,3,1,8,2-3", 0, 100, want, 6);
}

static void test_list_many_values_grow(void **state)
{
    (void)state;
    mpchar_error err = {""};
    long *values = NULL;
    size_t count = 0;
    assert_int_equal(mpchar_parse_int_list("1-1000,500-1500", 0, 10000, &values,
                                           &count, &err),
                     0);
    assert_int_equal(count, 1500);
    for (size_t i = 0; i < count; i++)
        assert_int_equal(values[i], (long)i + 1);
    free(values);
}

static void test_list_range_ending_at_long_max(void **state)
{
    (void)state;
    const long want[] = {LONG_MAX - 2, LONG_MAX - 1, LONG_MAX};
    list_equals("9223372036854775805-9223372036854775807", 0, LONG_MAX, want,
                3);
}

/* Rejected lists in [min, max], and a part of each error. */
static const struct {
    const char *text;
    long min, max;
    const char *part;
} bad_lists[] = {
    /* empty range */
    {"8-2", 0, 100, "range '8-2' is empty"},
    {"2,8-2,4", 0, 100, "range '8-2' is empty"},
    /* out of range */
    {"0", 1, 64, "0"},
    {"2,65", 1, 64, "65"},
    {"2-65", 1, 64, "65"},
    {"0-4", 1, 64, "0"},
    /* garbage */
    {"", 0, 100, "not a whole number"},
    {"2,,4", 0, 100, "not a whole number"},
    {"2,4,", 0, 100, "not a whole number"},
    {"a", 0, 100, "a"},
    {"2;4", 0, 100, "2;4"},
    {"-3", 0, 100, "-3"},
    {"2-", 0, 100, "not a whole number"},
    {"2-4-6", 0, 100, "4-6"},
    {" 2", 0, 100, " 2"},
    /* huge range */
    {"0-2000000", 0, 100000000, "too long"},
};

static void test_list_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_lists / sizeof bad_lists[0]; i++)
        list_bad(bad_lists[i].text, bad_lists[i].min, bad_lists[i].max,
                 bad_lists[i].part);
}

/* ---- size lists -------------------------------------------------------- */

static void test_size_list_sorted_and_deduped(void **state)
{
    (void)state;
    mpchar_error err = {""};
    uint64_t *sizes = NULL;
    size_t count = 0;
    assert_int_equal(
        mpchar_parse_size_list("1M,64K,3,65536,0", &sizes, &count, &err), 0);
    assert_int_equal(count, 4);
    assert_int_equal(sizes[0], 0);
    assert_int_equal(sizes[1], 3);
    assert_int_equal(sizes[2], 65536);
    assert_int_equal(sizes[3], 1048576);
    free(sizes);
}

static void test_size_list_rejects_bad_item(void **state)
{
    (void)state;
    uint64_t *sizes = NULL;
    size_t count = 99;
    mpchar_error err = {""};
    assert_int_equal(mpchar_parse_size_list("64K,1.5M", &sizes, &count, &err),
                     -1);
    assert_null(sizes);
    assert_int_equal(count, 99);
    assert_contains(err.msg, "1.5M");
    assert_int_equal(mpchar_parse_size_list("64K,", &sizes, &count, &err), -1);
}

/* ---- booleans ---------------------------------------------------------- */

static void test_bool_exact_words(void **state)
{
    (void)state;
    mpchar_error err = {""};
    bool v = false;
    assert_int_equal(mpchar_parse_bool("true", &v, &err), 0);
    assert_true(v);
    assert_int_equal(mpchar_parse_bool("false", &v, &err), 0);
    assert_false(v);
}

static void test_bool_rejects_other_spellings(void **state)
{
    (void)state;
    const char *bad[] = {"",  "True", "FALSE", "1",
                         "0", "yes",  "true ", " false"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        mpchar_error err = {""};
        bool v = true;
        assert_int_equal(mpchar_parse_bool(bad[i], &v, &err), -1);
        assert_true(v);
        assert_contains(err.msg, bad[i]);
    }
}

static void test_null_error_is_allowed(void **state)
{
    (void)state;
    uint64_t bytes;
    long v;
    assert_int_equal(mpchar_parse_size("x", &bytes, NULL), -1);
    assert_int_equal(mpchar_parse_long("x", 0, 1, &v, NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_plain_number),
        cmocka_unit_test(test_size_kilo_suffixes),
        cmocka_unit_test(test_size_mega_giga_suffixes),
        cmocka_unit_test(test_size_largest_values),
        cmocka_unit_test(test_size_rejects),
        cmocka_unit_test(test_long_in_range),
        cmocka_unit_test(test_long_with_negative_min),
        cmocka_unit_test(test_long_rejects),
        cmocka_unit_test(test_double_accepts_forms),
        cmocka_unit_test(test_double_rejects),
        cmocka_unit_test(test_list_single_and_commas),
        cmocka_unit_test(test_list_range),
        cmocka_unit_test(test_list_ranges_and_items),
        cmocka_unit_test(test_list_sorted_and_deduped),
        cmocka_unit_test(test_list_many_values_grow),
        cmocka_unit_test(test_list_range_ending_at_long_max),
        cmocka_unit_test(test_list_rejects),
        cmocka_unit_test(test_size_list_sorted_and_deduped),
        cmocka_unit_test(test_size_list_rejects_bad_item),
        cmocka_unit_test(test_bool_exact_words),
        cmocka_unit_test(test_bool_rejects_other_spellings),
        cmocka_unit_test(test_null_error_is_allowed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
