/* Unit tests of the model family table (src/model/families.c): it passes
 * its own check, an entry that lacks an operation or a parameter role is
 * refused, each parameter is found where the fits and p-forms keep it,
 * and the generic evaluation, terms and constant model agree with each
 * family's own definition. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "model_internal.h"
#include "unit_assert.h"

static void test_table_passes_its_check(void **state)
{
    (void)state;
    mpchar_error err;
    assert_int_equal(
        mpchar__families_check(mpchar__families, MPCHAR_FAMILY_COUNT, &err), 0);
}

static void test_names_parse_back(void **state)
{
    (void)state;
    mpchar_error err;
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++) {
        mpchar_family back;
        assert_int_equal(mpchar_family_parse(
                             mpchar_family_name((mpchar_family)f), &back, &err),
                         0);
        assert_int_equal(back, f);
    }
    assert_int_equal(mpchar_family_parse("hockney2", NULL, &err), -1);
    assert_contains(err.msg,
                    "expected hockney, ti, hockney_t0, piecewise or best");
}

static void expect_refused(const mpchar__family_ops *table, const char *needle)
{
    mpchar_error err;
    assert_int_equal(mpchar__families_check(table, MPCHAR_FAMILY_COUNT, &err),
                     -1);
    assert_contains(err.msg, needle);
}

static void test_incomplete_entries_are_refused(void **state)
{
    (void)state;
    mpchar__family_ops t[MPCHAR_FAMILY_COUNT];
    memcpy(t, mpchar__families, sizeof t);
    memset(&t[MPCHAR_FAMILY_TI], 0, sizeof t[0]);
    expect_refused(t, "model family 1 (unnamed) lacks");
    memcpy(t, mpchar__families, sizeof t);
    t[MPCHAR_FAMILY_HOCKNEY].term = NULL;
    expect_refused(t, "model family 0 (hockney) lacks");
    memcpy(t, mpchar__families, sizeof t);
    t[MPCHAR_FAMILY_TI].per_byte = 3;
    expect_refused(t, "(ti) lacks");
    memcpy(t, mpchar__families, sizeof t);
    t[MPCHAR_FAMILY_PIECEWISE].params[0].breakpoint = false;
    expect_refused(t, "piecewise: unnamed parameters, or not one breakpoint");
    memcpy(t, mpchar__families, sizeof t);
    t[MPCHAR_FAMILY_TI].name = "hockney";
    expect_refused(t, "'hockney' is named twice");
}

/* The offsets reach the fields the public structs name. */
static void test_parameters_are_where_the_structs_keep_them(void **state)
{
    (void)state;
    mpchar_pfit f;
    mpchar_pforms pf;
    memset(&f, 0, sizeof f);
    memset(&pf, 0, sizeof pf);
    f.hockney.tb_us_per_byte = 1.5;
    f.ti.ti_us = 2.5;
    f.pw.count = 3;
    f.pw.seg[2].n_lo_bytes = 4096;
    const mpchar__family_ops *h = &mpchar__families[MPCHAR_FAMILY_HOCKNEY];
    const mpchar__family_ops *pw = &mpchar__families[MPCHAR_FAMILY_PIECEWISE];
    assert_double_near(
        mpchar__param_value(MPCHAR_FAMILY_HOCKNEY, &f, h->per_byte, 0), 1.5, 0);
    assert_double_near(mpchar__param_value(MPCHAR_FAMILY_TI, &f, 1, 0), 2.5, 0);
    assert_double_near(mpchar__param_value(MPCHAR_FAMILY_PIECEWISE, &f, 0, 2),
                       4096, 0);
    assert_int_equal(mpchar__segments(MPCHAR_FAMILY_PIECEWISE, &f), 3);
    assert_int_equal(mpchar__segments(MPCHAR_FAMILY_TI, &f), 1);
    assert_ptr_equal(
        mpchar__param_pform(MPCHAR_FAMILY_PIECEWISE, &pf, pw->per_byte, 3),
        &pf.pw_tb[3]);
    assert_ptr_equal(mpchar__param_pform(MPCHAR_FAMILY_PIECEWISE, &pf, 0, 1),
                     &pf.pw_break[1]);
    assert_ptr_equal(mpchar__param_pform(MPCHAR_FAMILY_TI, &pf, 0, 0),
                     &pf.ti_t0);
    mpchar__set_pform_segments(MPCHAR_FAMILY_PIECEWISE, &pf, 2);
    assert_int_equal(pf.pw_count, 2);
}

/* Generic evaluation is each family's own: Hockney's line, the t_i model
 * and the piecewise segment that holds n. */
static void test_generic_evaluation(void **state)
{
    (void)state;
    mpchar_pfit f;
    memset(&f, 0, sizeof f);
    f.hockney = (mpchar_hockney){2.0, 0.5};
    f.ti = (mpchar_ti){1.0, 3.0, 0.25};
    f.pw.count = 2;
    f.pw.seg[0] = (mpchar_segment){0, 1.0, 1.0};
    f.pw.seg[1] = (mpchar_segment){100, 50.0, 0.1};
    for (double n = 0; n < 1e4; n = n * 3 + 1) {
        assert_double_near(mpchar__family_eval(&f, MPCHAR_FAMILY_HOCKNEY, n),
                           mpchar_hockney_eval(&f.hockney, n), 0);
        assert_double_near(mpchar__family_eval(&f, MPCHAR_FAMILY_TI, n),
                           mpchar_ti_eval(&f.ti, n), 0);
        assert_double_near(mpchar__family_eval(&f, MPCHAR_FAMILY_PIECEWISE, n),
                           mpchar_piecewise_eval(&f.pw, n), 0);
    }
    mpchar_prediction pr;
    mpchar__family_terms(&f, MPCHAR_FAMILY_PIECEWISE, 100, &pr);
    assert_int_equal(pr.segment, 1);
    assert_double_near(pr.ts_us, 50.0, 0);
    assert_true(isnan(pr.ti_us));
    mpchar__family_terms(&f, MPCHAR_FAMILY_TI, 4, &pr);
    assert_int_equal(pr.segment, -1);
    assert_double_near(pr.ti_us, 3.0, 0);
    assert_double_near(pr.extra_us, 3.0 * 1.0 / 2.0, 1e-15);
    mpchar__family_constant(&f, MPCHAR_FAMILY_PIECEWISE, 7.0);
    assert_int_equal(f.pw.count, 1);
    assert_double_near(mpchar__family_eval(&f, MPCHAR_FAMILY_PIECEWISE, 1e6),
                       7.0 + 1e6, 0);
    assert_true(f.ok[MPCHAR_FAMILY_PIECEWISE]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table_passes_its_check),
        cmocka_unit_test(test_names_parse_back),
        cmocka_unit_test(test_incomplete_entries_are_refused),
        cmocka_unit_test(test_parameters_are_where_the_structs_keep_them),
        cmocka_unit_test(test_generic_evaluation),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
