/* Complexity findings against the best known algorithms for the measured
 * size range: collectives generated exactly from alpha-beta costs at
 * p = 2..16 are fitted, and the finding for t0(p) or tb(p) must appear,
 * or not, and cite the algorithm that is the cheapest there.  Also checks
 * that docs/models.md prints every algorithm of the pattern facts with
 * its cost. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model_test_support.h"
#include "mpchar/model.h"
#include "mpchar/patterns.h"
#include "unit_assert.h"

#define ALPHA_US 10.0
#define BETA_US_PER_BYTE 1e-3

/* T(n, p) = ALPHA_US*a(p) + BETA_US_PER_BYTE*b(p)*n. */
typedef double growth_fn(long p);

static double lg(long p)
{
    return log2((double)p);
}

static double pm1(long p)
{
    return (double)(p - 1);
}

static double one(long p)
{
    (void)p;
    return 1.0;
}

/* Fits pattern measured at p = 2, 4, 8, 16 over n = 0 and 1 to max_bytes
 * (powers of two), exactly on its cost. */
static void fit_pattern(const char *pattern, growth_fn *a, growth_fn *b,
                        uint64_t max_bytes, mpchar_model *m)
{
    mpchar_measurements meas = {0};
    const char *op = mpchar_pattern_find(pattern)->reduction ? "nop" : "-";
    for (long p = 2; p <= 16; p *= 2)
        for (uint64_t n = 0; n <= max_bytes; n = n ? n * 2 : 1)
            synth_add(&meas, "lib", pattern, "-", op, p, n, MPCHAR_SET_FIT,
                      ALPHA_US * a(p) + BETA_US_PER_BYTE * b(p) * (double)n);
    synth_fit(&meas, "findings/measurements.csv", false, m);
    free(meas.rows);
}

/* The text of the complexity finding on t0(p) (param "t0(p)") or tb(p),
 * NULL when there is none. */
static const char *complexity(const mpchar_model *m, const char *param)
{
    const char *found = NULL;
    for (size_t i = 0; i < m->nfindings; i++) {
        const mpchar_finding *f = &m->findings[i];
        if (f->kind != MPCHAR_FINDING_COMPLEXITY || !strstr(f->text, param))
            continue;
        assert_null(found);
        found = f->text;
    }
    return found;
}

/* A pattern generated from growths a(p), b(p) up to max_bytes, the classes
 * its t_i model's t0(p) and tb(p) must get, and the one complexity finding
 * expected ("t0(p)", "tb(p)" or NULL for none) with what it must and must
 * not say. */
typedef struct findings_case {
    const char *pattern;
    growth_fn *a, *b;
    uint64_t max_bytes;
    mpchar_complexity t0_class, tb_class;
    const char *flagged, *says[2], *not_said;
} findings_case;

static void expect(const findings_case *c)
{
    static const char *const params[] = {"t0(p)", "tb(p)"};
    mpchar_model m;
    fit_pattern(c->pattern, c->a, c->b, c->max_bytes, &m);
    assert_int_equal(m.nentries, 1);
    assert_int_equal(mpchar_pform_complexity(&m.entries[0].pf.ti_t0),
                     c->t0_class);
    assert_int_equal(mpchar_pform_complexity(&m.entries[0].pf.ti_tb),
                     c->tb_class);
    for (size_t i = 0; i < 2; i++) {
        const char *text = complexity(&m, params[i]);
        if (!c->flagged || strcmp(c->flagged, params[i]) != 0) {
            assert_null(text);
            continue;
        }
        assert_non_null(text);
        for (size_t k = 0; k < 2 && c->says[k]; k++)
            assert_contains(text, c->says[k]);
        if (c->not_said)
            assert_null(strstr(text, c->not_said));
    }
    mpchar_model_free(&m);
}

/* The cases, in the order of the tests below.  0: a binomial-tree
 * broadcast measured on short messages only, where the binomial tree is the
 * cheapest.  1: the same up to 4 MiB, where scatter + ring allgather is
 * cheaper at p = 16 above 15 alpha / (2.125 beta) = 70588 bytes.  2: an
 * O(p) start-up.  3, 4: Gather's one algorithm moves (p-1)/p of the root's
 * n, so an O(log p) tb is worse at every size; Scan's one algorithm starts
 * up in O(log p). */
static const findings_case cases[] = {
    {"bcast", lg, lg, 16384, MPCHAR_O_LOG_P, MPCHAR_O_LOG_P, NULL, {0}, NULL},
    {"bcast",
     lg,
     lg,
     4194304,
     MPCHAR_O_LOG_P,
     MPCHAR_O_LOG_P,
     "tb(p)",
     {"per-byte time tb(p) = \u2308lp\u2309 ns/byte is O(log p); for 0 B to "
      "4 MiB at p = 16, scatter + ring allgather (van de Geijn 1994)",
      "achieves O(1) above about 68.9 KiB"},
     NULL},
    {"bcast",
     pm1,
     one,
     16384,
     MPCHAR_O_P,
     MPCHAR_O_1,
     "t0(p)",
     {"start-up t0(p) = -10 + 10p us is O(p); for 0 B to 16 KiB at p = 16, "
      "binomial tree (Thakur, Rabenseifner and Gropp 2005)",
      "achieves O(log p)"},
     "about"},
    {"gather",
     lg,
     lg,
     1024,
     MPCHAR_O_LOG_P,
     MPCHAR_O_LOG_P,
     "tb(p)",
     {"is O(log p); for 0 B to 1 KiB at p = 16, binomial tree",
      "achieves O(1)"},
     NULL},
    {"scan",
     pm1,
     lg,
     4194304,
     MPCHAR_O_P,
     MPCHAR_O_LOG_P,
     "t0(p)",
     {"is O(p); for 0 B to 4 MiB at p = 16, recursive doubling (Hillis and "
      "Steele 1986)",
      "achieves O(log p)"},
     NULL},
};

static void test_bcast_short_log_tb_not_flagged(void **state)
{
    (void)state;
    expect(&cases[0]);
}

static void test_bcast_long_log_tb_cites_van_de_geijn(void **state)
{
    (void)state;
    expect(&cases[1]);
}

static void test_bcast_linear_t0_cites_binomial_tree(void **state)
{
    (void)state;
    expect(&cases[2]);
}

static void test_one_algorithm_flags_at_every_size(void **state)
{
    (void)state;
    expect(&cases[3]);
    expect(&cases[4]);
}

/* docs/models.md holds each algorithm's name and cost, as the facts do. */
static void test_docs_print_the_facts(void **state)
{
    (void)state;
    FILE *f = fopen(MPCHAR_SOURCE_DIR "/docs/models.md", "r");
    assert_non_null(f);
    static char doc[1 << 17];
    size_t len = fread(doc, 1, sizeof doc - 1, f);
    fclose(f);
    doc[len] = '\0';
    for (size_t i = 0; i < mpchar_pattern_count(); i++) {
        const mpchar_best_known *b = &mpchar_pattern_get(i)->best;
        for (size_t k = 0; k < MPCHAR_ALGORITHMS_MAX && b->alg[k].name; k++) {
            char row[512], cost[160];
            mpchar_algorithm_cost_text(&b->alg[k], cost, sizeof cost);
            snprintf(row, sizeof row, "| %s | %s |", b->alg[k].name, cost);
            assert_contains(doc, row);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bcast_short_log_tb_not_flagged),
        cmocka_unit_test(test_bcast_long_log_tb_cites_van_de_geijn),
        cmocka_unit_test(test_bcast_linear_t0_cites_binomial_tree),
        cmocka_unit_test(test_one_algorithm_flags_at_every_size),
        cmocka_unit_test(test_docs_print_the_facts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
