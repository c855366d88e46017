/* Unit tests of the pattern facts table (mpchar/patterns.h): look-up by
 * name and alias ignoring case, report order, aggregation factors, kind
 * names, the best known algorithms' costs, and the check that refuses a
 * table whose facts contradict their kind or whose names clash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "mpchar/patterns.h"
#include "unit_assert.h"

static void test_table_passes_its_check(void **state)
{
    (void)state;
    mpchar_error err;
    assert_int_equal(mpchar_patterns_check(&err), 0);
    assert_true(mpchar_pattern_count() >= 15);
    assert_null(mpchar_pattern_get(mpchar_pattern_count()));
}

static void test_find_by_name_and_alias(void **state)
{
    (void)state;
    const mpchar_pattern_facts *pp = mpchar_pattern_find("pingpong");
    assert_non_null(pp);
    assert_ptr_equal(mpchar_pattern_find("Send"), pp);
    assert_ptr_equal(mpchar_pattern_find("PINGPONG"), pp);
    const mpchar_pattern_facts *rs = mpchar_pattern_find("Reduce_scatter");
    assert_non_null(rs);
    assert_string_equal(rs->name, "reduce_scatter");
    assert_true(rs->reduction);
    assert_int_equal(rs->kind, MPCHAR_KIND_COLLECTIVE);
    assert_int_equal(mpchar_growth_class(&rs->best.alg[0].alpha),
                     MPCHAR_O_LOG_P);
    assert_false(mpchar_pattern_find("bcast")->reduction);
    assert_null(mpchar_pattern_find("my_pattern"));
    assert_int_equal(mpchar_pattern_order("my_pattern"),
                     mpchar_pattern_count());
    assert_int_equal(mpchar_pattern_order("send"), 0);
}

static void test_aggregation_factors(void **state)
{
    (void)state;
    assert_double_near(mpchar_aggregation_factor("gather", 4), 0.75, 0);
    assert_double_near(mpchar_aggregation_factor("allgather", 2), 1.5, 0);
    assert_double_near(mpchar_aggregation_factor("Allreduce", 3), 4.0, 0);
    assert_double_near(mpchar_aggregation_factor("alltoall", 8), 7.0, 0);
    assert_double_near(mpchar_aggregation_factor("stream", 8), 1.0, 0);
}

/* Seed 001 Section 2.1: p - 1 for a broadcast, scatter, gather or
 * reduction, p(p - 1) for a total exchange; Allgather, which it does not
 * define, keeps seed 000's (p^2 - 1)/p. */
static void test_aggregation_factors_seed001(void **state)
{
    (void)state;
    const mpchar_agg_scheme s1 = MPCHAR_AGG_SEED001;
    assert_double_near(mpchar_aggregation_factor_in("scatter", 4, s1), 3.0, 0);
    assert_double_near(mpchar_aggregation_factor_in("Gather", 4, s1), 3.0, 0);
    assert_double_near(mpchar_aggregation_factor_in("alltoall", 8, s1), 56.0,
                       0);
    assert_double_near(mpchar_aggregation_factor_in("allreduce", 3, s1), 2.0,
                       0);
    assert_double_near(mpchar_aggregation_factor_in("reduce_scatter", 4, s1),
                       3.0, 0);
    assert_double_near(mpchar_aggregation_factor_in("bcast", 12, s1), 11.0, 0);
    assert_double_near(mpchar_aggregation_factor_in("allgather", 2, s1), 1.5,
                       0);
    assert_double_near(mpchar_aggregation_factor_in("pingpong", 8, s1), 1.0, 0);
    assert_double_near(
        mpchar_aggregation_factor_in("scatter", 4, MPCHAR_AGG_SEED000), 0.75,
        0);
    mpchar_agg_scheme s;
    mpchar_error err;
    assert_int_equal(mpchar_agg_scheme_parse("seed001", &s, &err), 0);
    assert_int_equal(s, MPCHAR_AGG_SEED001);
    assert_string_equal(mpchar_agg_scheme_name(MPCHAR_AGG_SEED000), "seed000");
    assert_int_equal(mpchar_agg_scheme_parse("seed002", &s, &err), -1);
    assert_non_null(strstr(err.msg, "seed002"));
}

static void test_kind_names(void **state)
{
    (void)state;
    mpchar_error err;
    mpchar_kind k = MPCHAR_KIND_P2P;
    assert_string_equal(mpchar_kind_name(MPCHAR_KIND_COLLECTIVE), "collective");
    assert_int_equal(mpchar_kind_parse("collective", &k, &err), 0);
    assert_int_equal(k, MPCHAR_KIND_COLLECTIVE);
    assert_int_equal(mpchar_kind_parse("p2p", &k, &err), 0);
    assert_int_equal(k, MPCHAR_KIND_P2P);
    assert_int_equal(mpchar_kind_parse("Collective", &k, &err), -1);
    assert_contains(err.msg, "expected p2p or collective");
}

static const mpchar_best_known tree = {
    {{"tree", {.log2p = 1}, {.log2p = 1}},
     {"ring", {.pm1 = 1}, {.pm1_over_p = 1}}}};

static void expect_refused(const mpchar_pattern_facts *t, size_t n,
                           const char *needle)
{
    mpchar_error err;
    assert_int_equal(mpchar_pattern_facts_check(t, n, &err), -1);
    assert_contains(err.msg, needle);
}

static void test_costs(void **state)
{
    (void)state;
    const mpchar_best_known *b = &mpchar_pattern_find("bcast")->best;
    char text[160];
    assert_double_near(mpchar_growth_at(&b->alg[1].alpha, 16), 19.0, 0);
    assert_double_near(mpchar_growth_at(&b->alg[1].beta, 16), 1.875, 0);
    assert_double_near(mpchar_growth_at(&b->alg[0].beta, 5), 3.0, 0);
    assert_int_equal(mpchar_growth_class(&b->alg[1].alpha), MPCHAR_O_P);
    assert_int_equal(mpchar_growth_class(&b->alg[1].beta), MPCHAR_O_1);
    mpchar_algorithm_cost_text(&b->alg[1], text, sizeof text);
    assert_string_equal(text, "(\u2308lp\u2309 + (p-1))\u00b7\u03b1 + "
                              "2(p-1)/p\u00b7n\u03b2");
    mpchar_algorithm_cost_text(&mpchar_pattern_find("barrier")->best.alg[0],
                               text, sizeof text);
    assert_string_equal(text, "\u2308lp\u2309\u00b7\u03b1");
}

static void test_check_refuses_contradictions(void **state)
{
    (void)state;
    mpchar_error err;
    mpchar_pattern_facts t[2] = {
        {.name = "ping", .kind = MPCHAR_KIND_P2P},
        {.name = "tree",
         .kind = MPCHAR_KIND_COLLECTIVE,
         .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
         .best = tree},
    };
    assert_int_equal(mpchar_pattern_facts_check(t, 2, &err), 0);
    t[1].alias = "PING";
    expect_refused(t, 2, "'ping' and 'tree' share a name");
    t[1].alias = NULL;
    t[1].aggregation[MPCHAR_AGG_SEED000] = MPCHAR_AGG_ONE;
    expect_refused(t, 2, "'tree' needs an aggregation factor");
    t[1].aggregation[MPCHAR_AGG_SEED000] = MPCHAR_AGG_PM1;
    t[1].aggregation[MPCHAR_AGG_SEED001] = MPCHAR_AGG_ONE;
    expect_refused(t, 2, "aggregation factor other than 1 in seed001");
    t[1].aggregation[MPCHAR_AGG_SEED001] = MPCHAR_AGG_PM1;
    t[1].best.alg[0].name = NULL;
    expect_refused(t, 2, "'tree' needs best known algorithms");
    t[1].best = tree;
    t[1].best.alg[1].name = NULL;
    expect_refused(t, 2, "'tree' has best known algorithm 2");
    t[1].best = tree;
    t[1].best.alg[1].beta.pm1_over_p = -1;
    expect_refused(t, 2, "'tree' algorithm 'ring' needs finite");
    t[1].best = tree;
    t[1].best.alg[0].alpha.log2p = 0;
    expect_refused(t, 2, "'tree' algorithm 'tree' needs finite");
    t[1].best = tree;
    t[0].best = tree;
    expect_refused(t, 2, "'ping' has best known algorithm 1");
    t[0].best = (mpchar_best_known){0};
    t[0].reduction = true;
    expect_refused(t, 2, "'ping' is a point-to-point reduction");
    t[0].reduction = false;
    t[0].name = "bad name";
    expect_refused(t, 2, "no valid name");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_passes_its_check),
        cmocka_unit_test(test_find_by_name_and_alias),
        cmocka_unit_test(test_aggregation_factors),
        cmocka_unit_test(test_aggregation_factors_seed001),
        cmocka_unit_test(test_kind_names),
        cmocka_unit_test(test_costs),
        cmocka_unit_test(test_check_refuses_contradictions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
