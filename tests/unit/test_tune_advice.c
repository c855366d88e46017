/* libmpchar-tune's reader of advice.json (src/tune/advice_file.c): the
 * list `mpchar advise --out` writes is read back region by region, other
 * libraries' and algorithm entries are skipped, and each malformed file
 * gets one line naming the file, line and field at fault. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "advice_file.h"

#define ENTRY(lib, prim, sub, p, from, to)                         \
    "{\"library\":\"" lib "\",\"primitive\":\"" prim               \
    "\",\"substitute\":\"" sub "\",\"p\":" #p ",\"n_from\":" #from \
    ",\"n_to\":" #to ",\"predicted_gain\":0.25,\"extrapolated\":false}"

static int parse(const char *text, tune_rules *r, char *why)
{
    return tune_advice_parse(text, strlen(text), "advice.json", "openmpi", r,
                             why, TUNE_WHY_MAX);
}

static void test_reads_regions(void **state)
{
    (void)state;
    tune_rules r;
    char why[TUNE_WHY_MAX];
    const char *text = "[\n  " ENTRY(
        "openmpi", "allreduce", "allreduce_rb", 2, 5977.25,
        262144) ",\n  " ENTRY("mpich", "allgather", "allgather_gb", 2, 0,
                              100) ",\n  " ENTRY("openmpi", "bcast",
                                                 "algorithm "
                                                 "binomial",
                                                 4, 0,
                                                 5000) ",\n"
                                                       "  " ENTRY(
                                                           "openmpi",
                                                           "reduce_scatter",
                                                           "reduce_scatter_rsc",
                                                           4, 1e3, 2e4) "\n]\n";
    assert_int_equal(parse(text, &r, why), 0);
    assert_int_equal(r.count, 2);
    assert_int_equal(r.other, 2);
    assert_string_equal(r.rule[0].eq->substitute, "allreduce_rb");
    assert_int_equal(r.rule[0].p, 2);
    assert_true(r.rule[0].n_from_bytes == 5977.25);
    assert_true(r.rule[0].n_to_bytes == 262144.0);
    assert_true(r.rule[0].predicted_gain == 0.25);
    assert_string_equal(r.rule[1].eq->primitive, "reduce_scatter");
    assert_true(r.rule[1].n_from_bytes == 1000.0);
    assert_int_equal(parse(" [ ] ", &r, why), 0);
    assert_int_equal(r.count, 0);
}

static void expect(const char *text, const char *needle)
{
    tune_rules r;
    char why[TUNE_WHY_MAX];
    assert_int_equal(parse(text, &r, why), -1);
    if (!strstr(why, needle))
        fail_msg("'%s' not in '%s'", needle, why);
    assert_null(strchr(why, '\n'));
    assert_non_null(strstr(why, "advice.json: line "));
}

static void test_malformed(void **state)
{
    (void)state;
    expect("", "expected '['");
    expect("{}", "expected '['");
    expect("[\n{\"library\":\"openmpi\",\"p\":\"two\"}]", "line 2: field 'p'");
    expect("[{\"library\":\"openmpi\"}]", "field 'primitive' is missing");
    expect("[" ENTRY("openmpi", "bcast", "bcast_sa", 2.5, 0, 1) "]",
           "field 'p': expected a whole number");
    expect("[" ENTRY("openmpi", "bcast", "bcast_sa", 2, 10, 1) "]",
           "n_from <= n_to");
    expect("[" ENTRY("openmpi", "allreduce", "bcast_sa", 2, 0, 1) "]",
           "bcast_sa replaces bcast, not allreduce");
    expect("[" ENTRY("openmpi", "bcast", "bcast_sa", 2, 0, 1) ",]",
           "expected '{'");
    expect("[" ENTRY("openmpi", "bcast", "bcast_sa", 2, 0, 1) "] x",
           "text after the list");
    expect("[{\"library\":\"open\nmpi\"}]",
           "field 'library': unsupported escape or line break");
    expect("[{\"library\":5}]", "field 'library': expected a string");
    expect("[{\"library\" \"openmpi\"}]", "expected ':'");
    expect("[{\"library\":\"openmpi\"", "expected ',' or '}'");
}

static void test_missing_file(void **state)
{
    (void)state;
    tune_rules r;
    char why[TUNE_WHY_MAX];
    assert_int_equal(tune_advice_load("/nonexistent/advice.json", "openmpi", &r,
                                      why, sizeof why),
                     -1);
    assert_non_null(strstr(why, "/nonexistent/advice.json: "));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_regions),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
