/* Unit tests for the one-line RFC 4180 reader and the field quoter (csv.h).
 *
 * Splitting: plain and quoted fields, doubled quotes, empty fields in every
 * position, the field limit, and the three malformed cases (unterminated
 * quote, text after a closing quote, a stray quote in a plain field), each
 * naming the field number.  Quoting: plain fields pass through, fields with
 * commas, quotes or newlines are quoted, appends accumulate at *pos, and a
 * buffer that is too small is an error that leaves *pos alone.  Round
 * trips: every field put into a line comes back unchanged from split. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "mpchar/csv.h"
#include "unit_assert.h"

/* Splits a copy of text and compares the fields to want[n]. */
static void split_equals(const char *text, const char *const *want, size_t n)
{
    char line[256];
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count = 0;
    mpchar_error err = {""};
    snprintf(line, sizeof line, "%s", text);
    if (mpchar_csv_split(line, fields, &count, &err) != 0)
        fail_msg("split of [%s] failed: %s", text, err.msg);
    assert_int_equal(count, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(fields[i], want[i]);
}

static void split_fails(const char *text, const char *what)
{
    char line[256];
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count = 99;
    mpchar_error err = {""};
    snprintf(line, sizeof line, "%s", text);
    assert_int_equal(mpchar_csv_split(line, fields, &count, &err), -1);
    assert_int_equal(count, 99);
    assert_contains(err.msg, what);
}

/* ---- split ------------------------------------------------------------- */

/* Lines and the fields split finds in them. */
static const struct {
    const char *text;
    size_t n;
    const char *want[4];
} splits[] = {
    /* plain */
    {"a,bc,123,x y", 4, {"a", "bc", "123", "x y"}},
    {"alone", 1, {"alone"}},
    /* quoted, doubled quotes, everything quoted */
    {"a,\"b,c\",d", 3, {"a", "b,c", "d"}},
    {"\"say \"\"hi\"\"\",\"\"\"\",x", 3, {"say \"hi\"", "\"", "x"}},
    {"\"mpich\",\"8\",\"fit\"", 3, {"mpich", "8", "fit"}},
    /* empty fields in every position */
    {"a,,b", 3, {"a", "", "b"}},
    {",a,", 3, {"", "a", ""}},
    {",,", 3, {"", "", ""}},
    {"", 1, {""}},
    {"\"\",x", 2, {"", "x"}},
};

static void test_split_fields(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof splits / sizeof splits[0]; i++)
        split_equals(splits[i].text, splits[i].want, splits[i].n);
}

static void test_split_max_fields(void **state)
{
    (void)state;
    char line[256] = "";
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count = 0;
    mpchar_error err = {""};
    for (int i = 1; i < MPCHAR_CSV_MAX_FIELDS; i++)
        strcat(line, "x,");
    strcat(line, "last");
    assert_int_equal(mpchar_csv_split(line, fields, &count, &err), 0);
    assert_int_equal(count, MPCHAR_CSV_MAX_FIELDS);
    assert_string_equal(fields[MPCHAR_CSV_MAX_FIELDS - 1], "last");
}

static void test_split_too_many_fields(void **state)
{
    (void)state;
    char line[256] = "";
    for (int i = 0; i < MPCHAR_CSV_MAX_FIELDS; i++)
        strcat(line, "x,");
    strcat(line, "one-too-many");
    split_fails(line, "more than 64 fields");
}

/* Malformed lines and the error each gives, naming the field. */
static const struct {
    const char *text, *what;
} bad_lines[] = {
    {"a,\"bc", "field 2: unterminated quote"},
    {"\"", "field 1: unterminated quote"},
    {"\"a\"\"", "field 1: unterminated quote"},
    {"\"ab\"c,d", "field 1: text after the closing quote"},
    {"a,\"b\" ,c", "field 2: text after the closing quote"},
    {"a,b\"c", "field 2: stray quote"},
    {"ab\"", "field 1: stray quote"},
    {" \"a\"", "field 1: stray quote"},
};

static void test_split_rejects(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++)
        split_fails(bad_lines[i].text, bad_lines[i].what);
}

/* ---- put --------------------------------------------------------------- */

static void put_equals(const char *field, const char *want)
{
    char buf[128];
    size_t pos = 0;
    mpchar_error err = {""};
    assert_int_equal(mpchar_csv_put(buf, sizeof buf, &pos, field, &err), 0);
    assert_string_equal(buf, want);
    assert_int_equal(pos, strlen(want));
}

/* Fields and how put writes them: plain ones as they are; those with a
 * comma, a quote or a newline quoted, quotes doubled and newlines made
 * spaces. */
static const struct {
    const char *field, *want;
} quotings[] = {
    {"plain text", "plain text"}, {"", ""},
    {"a,b", "\"a,b\""},           {"say \"hi\"", "\"say \"\"hi\"\"\""},
    {"\"", "\"\"\"\""},           {"a\nb\r\nc", "\"a b  c\""},
};

static void test_put_quoting(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof quotings / sizeof quotings[0]; i++)
        put_equals(quotings[i].field, quotings[i].want);
}

static void test_put_appends_at_pos(void **state)
{
    (void)state;
    char buf[64];
    size_t pos = 0;
    mpchar_error err = {""};
    assert_int_equal(mpchar_csv_put(buf, sizeof buf, &pos, "a", &err), 0);
    buf[pos++] = ',';
    assert_int_equal(mpchar_csv_put(buf, sizeof buf, &pos, "b,c", &err), 0);
    assert_string_equal(buf, "a,\"b,c\"");
    assert_int_equal(pos, 7);
}

static void test_put_exact_fit(void **state)
{
    (void)state;
    char buf[4];
    size_t pos = 0;
    mpchar_error err = {""};
    assert_int_equal(mpchar_csv_put(buf, sizeof buf, &pos, "abc", &err), 0);
    assert_string_equal(buf, "abc");
}

static void test_put_too_long(void **state)
{
    (void)state;
    char buf[4];
    size_t pos = 0;
    mpchar_error err = {""};
    assert_int_equal(mpchar_csv_put(buf, sizeof buf, &pos, "abcd", &err), -1);
    assert_int_equal(pos, 0);
    assert_contains(err.msg, "longer than 4 bytes");
    /* Quoting adds two bytes: "a,b" needs 5 plus the NUL. */
    char small[6];
    assert_int_equal(mpchar_csv_put(small, 5, &pos, "a,b", &err), -1);
    assert_int_equal(pos, 0);
    assert_int_equal(mpchar_csv_put(small, 6, &pos, "a,b", &err), 0);
    assert_string_equal(small, "\"a,b\"");
}

/* ---- round trip -------------------------------------------------------- */

static void test_round_trip_put_split(void **state)
{
    (void)state;
    const char *in[] = {"plain", "",  "with,comma", "with \"quotes\"",
                        "\"",    ",", "\",\"",      "trailing space ",
                        "x"};
    enum { N = sizeof in / sizeof in[0] };
    char line[512];
    size_t pos = 0;
    mpchar_error err = {""};
    for (size_t i = 0; i < N; i++) {
        if (i > 0)
            line[pos++] = ',';
        assert_int_equal(mpchar_csv_put(line, sizeof line, &pos, in[i], &err),
                         0);
    }
    char *fields[MPCHAR_CSV_MAX_FIELDS];
    size_t count = 0;
    assert_int_equal(mpchar_csv_split(line, fields, &count, &err), 0);
    assert_int_equal(count, N);
    for (size_t i = 0; i < N; i++)
        assert_string_equal(fields[i], in[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_fields),
        cmocka_unit_test(test_split_max_fields),
        cmocka_unit_test(test_split_too_many_fields),
        cmocka_unit_test(test_split_rejects),
        cmocka_unit_test(test_put_quoting),
        cmocka_unit_test(test_put_appends_at_pos),
        cmocka_unit_test(test_put_exact_fit),
        cmocka_unit_test(test_put_too_long),
        cmocka_unit_test(test_round_trip_put_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
