/* Validation across p on synthetic data with a known answer: Hockney lines
 * with ts(p) = 10 + 5p us and tb(p) = 1 + 0.5p ns/byte at p = 2..5, and at
 * p = 6 every time 1.2 times the line.  Left out, p = 6 is predicted by
 * p-forms fitted exactly on p = 2..5, so every family's error there is
 * |1 - 1.2|/1.2 = 1/6; an entry measured at 2 p has none; model.json
 * keeps the figures and the table lists every p; without an entry at 3 p
 * the table is empty and says why. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_test_support.h"
#include "mpchar/model.h"
#include "mpchar/model_tables.h"

static double line(long p, double n)
{
    return 10.0 + 5.0 * (double)p + (1.0 + 0.5 * (double)p) * 1e-3 * n;
}

static void add_p(mpchar_measurements *m, const char *pattern, long p,
                  double scale)
{
    synth_add(m, "lib", pattern, "-", "-", p, 0, MPCHAR_SET_FIT,
              scale * line(p, 0));
    for (uint64_t n = 1; n <= 65536; n *= 4) {
        synth_add(m, "lib", pattern, "-", "-", p, n, MPCHAR_SET_FIT,
                  scale * line(p, (double)n));
        synth_add(m, "lib", pattern, "-", "-", p, 3 * n, MPCHAR_SET_VALIDATION,
                  scale * line(p, 3.0 * (double)n));
    }
}

static const mpchar_entry *entry(const mpchar_model *model, const char *pat)
{
    mpchar_error err;
    const mpchar_entry *e =
        mpchar_model_find(model, "lib", pat, NULL, NULL, &err);
    if (!e)
        fail_msg("%s", err.msg);
    return e;
}

static void test_left_out_p(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    for (long p = 2; p <= 6; p++)
        add_p(&m, "bcast", p, p == 6 ? 1.2 : 1.0);
    add_p(&m, "reduce", 2, 1.0);
    add_p(&m, "reduce", 4, 1.0);
    mpchar_model model, back;
    mpchar_error err;
    synth_fit(&m, "synthetic", false, &model);
    const mpchar_entry *e = entry(&model, "bcast");
    assert_int_equal(e->nfits, 5);
    const mpchar_pfit *f6 = &e->fits[4];
    assert_int_equal(f6->p, 6);
    for (int fam = 0; fam < MPCHAR_FAMILY_PIECEWISE; fam++) {
        const mpchar_accuracy *a = &f6->acc[fam];
        if (!(fabs(a->p_out_err - 1.0 / 6.0) < 2e-3))
            fail_msg("%s at p = 6: %g, expected 1/6",
                     mpchar_family_name((mpchar_family)fam), a->p_out_err);
        assert_int_equal(a->p_out_count,
                         f6->acc[fam].fit_count + f6->acc[fam].val_count);
        /* the other p are predicted from p-forms that p = 6 pulls */
        assert_true(e->fits[0].acc[fam].p_out_err > 1e-3);
    }
    const mpchar_entry *two = entry(&model, "reduce");
    for (size_t k = 0; k < two->nfits; k++)
        for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++)
            assert_true(isnan(two->fits[k].acc[fam].p_out_err));

    char *text;
    assert_int_equal(mpchar_model_dump(&model, &text, &err), 0);
    assert_int_equal(mpchar_model_parse(text, strlen(text), "t", &back, &err),
                     0);
    const mpchar_accuracy *b =
        &entry(&back, "bcast")->fits[4].acc[MPCHAR_FAMILY_HOCKNEY];
    assert_true(fabs(b->p_out_err - f6->acc[MPCHAR_FAMILY_HOCKNEY].p_out_err) <
                1e-9);
    free(text);
    mpchar_model_free(&back);

    mpchar_table t;
    assert_int_equal(mpchar_model_table_build(&model, MPCHAR_TABLE_P_VALIDATION,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     0);
    assert_int_equal(t.nrows, 5); /* bcast's p; reduce has 2 p only */
    int col = -1;
    for (int c = 0; c < t.ncols; c++)
        col = strcmp(t.col[c].name, "hockney p-out") ? col : c;
    assert_true(col >= 0);
    assert_string_equal(t.rows[4].cell[col].text, "16.7");
    mpchar_table_free(&t);
    mpchar_model_free(&model);
    mpchar_measurements_free(&m);
}

/* Only 2 p: no rows, and `mpchar fit` says why instead of "(none)". */
static void test_two_p_says_why(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    add_p(&m, "reduce", 2, 1.0);
    add_p(&m, "reduce", 4, 1.0);
    mpchar_model model;
    mpchar_error err;
    synth_fit(&m, "synthetic", false, &model);
    mpchar_table t;
    assert_int_equal(mpchar_model_table_build(&model, MPCHAR_TABLE_P_VALIDATION,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     0);
    assert_int_equal(t.nrows, 0);
    assert_non_null(strstr(t.empty_note, "needs an entry fitted at 3 p or "
                                         "more"));
    assert_non_null(strstr(t.empty_note, "no entry here has more than 2 p ("));
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    assert_int_equal(mpchar_table_print(&t, out, MPCHAR_FORMAT_TEXT, &err), 0);
    assert_int_equal(fclose(out), 0);
    assert_non_null(strstr(text, "Validation across p"));
    assert_non_null(strstr(text, "\n  (none: it needs an entry fitted at 3 p"));
    free(text);
    mpchar_table_free(&t);
    mpchar_model_free(&model);
    mpchar_measurements_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_left_out_p),
        cmocka_unit_test(test_two_p_says_why),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
