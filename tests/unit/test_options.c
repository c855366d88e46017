/* Unit tests for the table-driven option parsing and help of options.h,
 * and mpchar_parse_choice / mpchar_parse_choice_in (parse.h).
 *
 * Entries take their defaults, then the values given, in order; text,
 * flag and choice setters store where their entry says; operands come
 * last whatever their place; an unknown option, a missing value, a value
 * given to a flag and a setter's error each give one line naming the
 * option; --help stops parsing; the help lists every option with its
 * default unbroken, aligned past the options that fit and wrapped to 79
 * columns. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/options.h"
#include "mpchar/parse.h"
#include "unit_assert.h"

typedef struct args {
    const char *out;
    int format;
    bool quiet;
    long count;
} args;

static int set_count(void *field, const char *value, const mpchar_option *o,
                     mpchar_error *err)
{
    (void)o;
    return mpchar_parse_long(value, 1, 9, field, err);
}

static const mpchar_option_entry entries[] = {
    {{"out", "FILE", "where the output goes", NULL},
     mpchar_option_text,
     offsetof(args, out)},
    {{"format", "text|markdown|csv",
      "the format of the tables, chosen among three names that this long "
      "help text lists again so that it has to wrap over several lines",
      "markdown"},
     mpchar_option_choice,
     offsetof(args, format)},
    {{"quiet", NULL, "print nothing", NULL},
     mpchar_option_flag,
     offsetof(args, quiet)},
    {{"count", "N", "how many", "3"}, set_count, offsetof(args, count)},
};
#define NENTRIES (sizeof entries / sizeof entries[0])

/* Parses the NULL-ended arguments after "prog"; *first receives the
 * first operand. */
static int parse(args *a, char ***argv_p, int *first, mpchar_error *err, ...)
{
    static char *argv[16];
    int argc = 0;
    va_list ap;
    argv[argc++] = "prog";
    va_start(ap, err);
    for (char *s; (s = va_arg(ap, char *)) != NULL;)
        argv[argc++] = s;
    va_end(ap);
    memset(a, 0, sizeof *a);
    *argv_p = argv;
    return mpchar_options_parse_entries(entries, NENTRIES, argc, argv, a, first,
                                        err);
}

static void test_defaults_then_values(void **state)
{
    (void)state;
    args a;
    char **argv;
    int first;
    mpchar_error err;
    assert_int_equal(parse(&a, &argv, &first, &err, NULL), 0);
    assert_null(a.out);
    assert_int_equal(a.format, 1);
    assert_false(a.quiet);
    assert_int_equal(a.count, 3);
    assert_int_equal(first, 1);
    assert_int_equal(parse(&a, &argv, &first, &err, "A", "--format", "csv",
                           "--quiet", "B", "--out", "o.txt", "--count=7",
                           "--format", "text", NULL),
                     0);
    assert_int_equal(a.format, 0);
    assert_true(a.quiet);
    assert_string_equal(a.out, "o.txt");
    assert_int_equal(a.count, 7);
    assert_int_equal(first, 9);
    assert_string_equal(argv[first], "A");
    assert_string_equal(argv[first + 1], "B");
}

static void test_errors_name_the_option(void **state)
{
    (void)state;
    static const struct {
        const char *arg, *value, *needle;
    } cases[] = {
        {"--bogus", NULL, "unknown option '--bogus'"},
        {"-x", NULL, "unknown option '-x'"},
        {"--out", NULL, "--out needs a value"},
        {"--quiet=yes", NULL, "--quiet takes no value"},
        {"--count", "12", "--count: 12 is out of range (1 to 9)"},
        {"--format", "html",
         "--format: unknown value 'html' (text|markdown|csv)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        args a;
        char **argv;
        int first;
        mpchar_error err;
        assert_int_equal(
            parse(&a, &argv, &first, &err, cases[i].arg, cases[i].value, NULL),
            -1);
        assert_contains(err.msg, cases[i].needle);
    }
}

static void test_help_stops_parsing(void **state)
{
    (void)state;
    args a;
    char **argv;
    int first;
    mpchar_error err;
    assert_int_equal(parse(&a, &argv, &first, &err, "--help", "--bogus", NULL),
                     MPCHAR_OPTIONS_HELP);
    assert_int_equal(parse(&a, &argv, &first, &err, "-h", NULL),
                     MPCHAR_OPTIONS_HELP);
}

static void test_usage_lists_and_wraps(void **state)
{
    (void)state;
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    mpchar_options_usage(f, MPCHAR_OPTION_TABLE(entries, o));
    fclose(f);
    assert_contains(text, "  --out FILE  where the output goes\n");
    assert_contains(text, "  --format text|markdown|csv\n              the");
    assert_contains(text, "\n              (default markdown)\n");
    assert_contains(text, "  --quiet     print nothing\n");
    assert_contains(text, "  --count N   how many (default 3)\n");
    assert_contains(text, "  --help      this text\n");
    size_t lines = 0;
    for (char *line = text, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        assert_true(nl - line <= 79);
        lines++;
    }
    assert_int_equal(lines, 8);
    free(text);
}

static void test_parse_choice(void **state)
{
    (void)state;
    int index = -1;
    mpchar_error err;
    assert_int_equal(mpchar_parse_choice("a", "a|bb|c", &index, &err), 0);
    assert_int_equal(index, 0);
    assert_int_equal(mpchar_parse_choice("c", "a|bb|c", &index, &err), 0);
    assert_int_equal(index, 2);
    assert_int_equal(mpchar_parse_choice("b", "a|bb|c", &index, &err), -1);
    assert_int_equal(mpchar_parse_choice("", "a|bb|c", &index, &err), -1);
    assert_int_equal(mpchar_parse_choice("a|bb", "a|bb|c", &index, &err), -1);
    assert_contains(err.msg, "unknown value 'a|bb' (a|bb|c)");
    assert_int_equal(index, 2);
}

static void test_parse_choice_in_table(void **state)
{
    (void)state;
    static const char *const names[] = {"window", "barrier", NULL};
    int index = -1;
    mpchar_error err;
    assert_int_equal(mpchar_parse_choice_in("barrier", names, &index, &err), 0);
    assert_int_equal(index, 1);
    assert_int_equal(mpchar_parse_choice_in("win", names, &index, &err), -1);
    assert_contains(err.msg, "unknown value 'win' (window|barrier)");
    assert_int_equal(index, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_then_values),
        cmocka_unit_test(test_errors_name_the_option),
        cmocka_unit_test(test_help_stops_parsing),
        cmocka_unit_test(test_usage_lists_and_wraps),
        cmocka_unit_test(test_parse_choice),
        cmocka_unit_test(test_parse_choice_in_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
