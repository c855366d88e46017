/* The model's tables as data (mpchar/model_tables.h), checked through the
 * structure rather than through printed text: columns and their units,
 * the oversubscribed flag on exactly the rows fitted on oversubscribed
 * points, the best family's validation cell marked and no other, long
 * findings kept whole; and the printers' exact text, Markdown and CSV. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "model_test_support.h"
#include "mpchar/model_tables.h"

/* T(n) with a protocol switch at 8 KiB; validation points 1% off. */
static double synthetic_time(double ts, double tb, uint64_t n)
{
    return n < 8192 ? ts + tb * (double)n : 4 * ts + 0.5 * tb * (double)n;
}

static void add_series(mpchar_measurements *m, const char *pattern, long p,
                       double ts, double tb, bool oversubscribed)
{
    const char *variant = strcmp(pattern, "pingpong") ? "-" : "send";
    size_t first = m->count;
    for (uint64_t n = 1; n <= 1048576; n *= 2)
        synth_add(m, "lib", pattern, variant, "-", p, n, MPCHAR_SET_FIT,
                  synthetic_time(ts, tb, n));
    for (uint64_t n = 3; n <= 1048576; n = n * 5 + 1)
        synth_add(m, "lib", pattern, variant, "-", p, n, MPCHAR_SET_VALIDATION,
                  1.01 * synthetic_time(ts, tb, n));
    for (size_t i = first; i < m->count; i++)
        m->rows[i].oversubscribed = oversubscribed;
}

/* Point-to-point and stream at p = 2; bcast at p = 2, 3 and 4, the last
 * oversubscribed and fitted all the same.  Each test gets its own. */
static int setup_model(void **state)
{
    mpchar_model *model = calloc(1, sizeof *model);
    mpchar_measurements meas = {0};
    assert_non_null(model);
    add_series(&meas, "pingpong", 2, 0.5, 0.2e-3, false);
    add_series(&meas, "stream", 2, 0.3, 0.1e-3, false);
    for (long p = 2; p <= 4; p++)
        add_series(&meas, "bcast", p, 1.0 * (double)p, 0.3e-3 * log2((double)p),
                   p == 4);
    synth_fit(&meas, "synthetic", true, model);
    mpchar_measurements_free(&meas);
    *state = model;
    return 0;
}

static int teardown_model(void **state)
{
    mpchar_model_free(*state);
    free(*state);
    return 0;
}

static void build(const mpchar_model *m, mpchar_model_table which,
                  mpchar_units units, mpchar_table *t)
{
    mpchar_error err;
    if (mpchar_model_table_build(m, which, units, t, &err) != 0)
        fail_msg("%s", err.msg);
}

static int column(const mpchar_table *t, const char *name)
{
    for (int c = 0; c < t->ncols; c++)
        if (!strcmp(t->col[c].name, name))
            return c;
    fail_msg("table '%s' has no column %s", t->title, name);
    return -1;
}

static void test_columns_and_units(void **state)
{
    const mpchar_model *m = *state;
    mpchar_table t;
    char head[MPCHAR_TABLE_HEADING_MAX];
    build(m, MPCHAR_TABLE_P2P, MPCHAR_UNITS_DEFAULT, &t);
    assert_string_equal(t.col[column(&t, "tb")].unit, "ns/byte");
    mpchar_table_heading(&t, column(&t, "tb"), head, sizeof head);
    assert_string_equal(head, "tb (ns/byte)");
    assert_null(t.col[column(&t, "library")].unit);
    mpchar_table_free(&t);
    build(m, MPCHAR_TABLE_P2P, MPCHAR_UNITS_SEED001, &t);
    assert_string_equal(t.col[column(&t, "tb")].unit, "us/byte");
    assert_string_equal(t.col[column(&t, "Bw_as")].unit, "Mbytes/s");
    mpchar_table_free(&t);
    /* Per-family columns: a fit and a validation column for each family,
     * side by side. */
    build(m, MPCHAR_TABLE_ACCURACY, MPCHAR_UNITS_DEFAULT, &t);
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++) {
        char fit[64], val[64];
        snprintf(fit, sizeof fit, "%s fit",
                 mpchar_family_name((mpchar_family)f));
        snprintf(val, sizeof val, "%s val",
                 mpchar_family_name((mpchar_family)f));
        assert_int_equal(column(&t, val), column(&t, fit) + 1);
    }
    mpchar_table_free(&t);
    /* Every table builds, with distinct column names. */
    for (int w = MPCHAR_TABLE_P2P; w <= MPCHAR_TABLE_FINDINGS; w++) {
        build(m, (mpchar_model_table)w, MPCHAR_UNITS_DEFAULT, &t);
        assert_int_equal(t.which, w);
        assert_true(t.ncols > 0 && t.title[0]);
        for (int a = 0; a < t.ncols; a++)
            for (int b = a + 1; b < t.ncols; b++)
                assert_string_not_equal(t.col[a].name, t.col[b].name);
        mpchar_table_free(&t);
    }
    mpchar_error err;
    assert_int_equal(mpchar_model_table_build(m, (mpchar_model_table)99,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     -1);
    assert_non_null(strstr(err.msg, "unknown table"));
    mpchar_table_free(&t);
}

/* Accuracy rows follow the entries and their fits in order. */
static void test_accuracy_flags_and_marks(void **state)
{
    mpchar_model *m = *state;
    mpchar_table t;
    build(m, MPCHAR_TABLE_ACCURACY, MPCHAR_UNITS_DEFAULT, &t);
    size_t r = 0, flagged = 0, marked = 0;
    for (size_t i = 0; i < m->nentries; i++) {
        for (size_t j = 0; j < m->entries[i].nfits; j++, r++) {
            const mpchar_pfit *f = &m->entries[i].fits[j];
            const mpchar_table_row *row = &t.rows[r];
            assert_true(r < t.nrows);
            bool over = row->flags & MPCHAR_ROW_OVERSUBSCRIBED;
            assert_int_equal(over, f->oversubscribed);
            assert_int_equal(over, !strcmp(m->entries[i].pattern, "bcast") &&
                                       f->p == 4);
            flagged += over;
            char best[64] = "";
            if (f->best >= 0)
                snprintf(best, sizeof best, "%s val",
                         mpchar_family_name((mpchar_family)f->best));
            for (int c = 0; c < t.ncols; c++) {
                bool is_best = row->cell[c].marks & MPCHAR_CELL_BEST;
                assert_int_equal(is_best, !strcmp(t.col[c].name, best));
                marked += is_best;
            }
        }
    }
    assert_int_equal(r, t.nrows);
    assert_int_equal(flagged, 1);
    assert_int_equal(marked, t.nrows); /* every fit has a best family */
    mpchar_table_free(&t);
}

static void test_collective_and_p2p_flags(void **state)
{
    mpchar_model *m = *state;
    mpchar_table t;
    build(m, MPCHAR_TABLE_COLLECTIVE, MPCHAR_UNITS_DEFAULT, &t);
    assert_int_equal(t.nrows, 1);
    assert_true(t.rows[0].flags & MPCHAR_ROW_OVERSUBSCRIBED);
    assert_string_equal(t.rows[0].cell[column(&t, "p")].text, "2-4 (oversub.)");
    mpchar_table_free(&t);
    /* the aggregated table flags the oversubscribed p only (p*) */
    build(m, MPCHAR_TABLE_AGGREGATED, MPCHAR_UNITS_DEFAULT, &t);
    assert_true(t.nrows > 1);
    for (size_t r = 0; r < t.nrows; r++) {
        const char *p = t.rows[r].cell[column(&t, "p")].text;
        bool over = p[strlen(p) - 1] == '*';
        assert_int_equal(t.rows[r].flags, over ? MPCHAR_ROW_OVERSUBSCRIBED : 0);
    }
    mpchar_table_free(&t);
    for (int w = MPCHAR_TABLE_P2P; w <= MPCHAR_TABLE_FINDINGS; w++) {
        if (w == MPCHAR_TABLE_COLLECTIVE || w == MPCHAR_TABLE_ACCURACY ||
            w == MPCHAR_TABLE_AGGREGATED || w == MPCHAR_TABLE_P_VALIDATION)
            continue;
        build(m, (mpchar_model_table)w, MPCHAR_UNITS_DEFAULT, &t);
        assert_true(t.nrows > 0);
        for (size_t r = 0; r < t.nrows; r++) {
            assert_int_equal(t.rows[r].flags, 0);
            for (int c = 0; c < t.ncols; c++)
                assert_int_equal(t.rows[r].cell[c].marks, 0);
        }
        mpchar_table_free(&t);
    }
}

static void test_long_finding_whole(void **state)
{
    mpchar_model *m = *state;
    mpchar_table t;
    memset(m->entries[0].note, 'x', MPCHAR_NOTE_MAX - 1);
    m->entries[0].note[MPCHAR_NOTE_MAX - 1] = '\0';
    build(m, MPCHAR_TABLE_FINDINGS, MPCHAR_UNITS_DEFAULT, &t);
    assert_true(t.nrows > 0);
    const char *text = t.rows[0].cell[column(&t, "finding")].text;
    assert_string_equal(t.rows[0].cell[column(&t, "kind")].text, "note");
    assert_true(strlen(text) > MPCHAR_NOTE_MAX);
    assert_string_equal(text + strlen(text) - (MPCHAR_NOTE_MAX - 1),
                        m->entries[0].note);
    mpchar_table_free(&t);
}

static char *printed(const mpchar_table *t, mpchar_table_format fmt)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    mpchar_error err;
    assert_int_equal(mpchar_table_print(t, f, fmt, &err), 0);
    assert_int_equal(fclose(f), 0);
    return text;
}

static void expect_printed(const mpchar_table *t, mpchar_table_format fmt,
                           const char *want)
{
    char *text = printed(t, fmt);
    assert_string_equal(text, want);
    free(text);
}

static void test_printers(void **state)
{
    (void)state;
    char a[] = "a,b", b[] = "2 + 8\xe2\x8c\x88lp\xe2\x8c\x89";
    mpchar_table_row row = {.cell = {{a, 0}, {b, MPCHAR_CELL_BEST}}};
    mpchar_table t = {.title = "T",
                      .ncols = 2,
                      .col = {{"name", NULL}, {"t0(p)", "us"}},
                      .nrows = 1,
                      .rows = &row};
    /* Widths count characters, not bytes: the UTF-8 ceiling is one. */
    expect_printed(
        &t, MPCHAR_FORMAT_TEXT,
        "T\n  name  t0(p) (us)\n  a,b   2 + 8\xe2\x8c\x88lp\xe2\x8c\x89\n\n");
    expect_printed(&t, MPCHAR_FORMAT_MARKDOWN,
                   "### T\n\n| name | t0(p) (us) |\n| ---- | ---------- |\n"
                   "| a,b  | 2 + 8\xe2\x8c\x88lp\xe2\x8c\x89  |\n\n");
    expect_printed(
        &t, MPCHAR_FORMAT_CSV,
        "# T\nname,t0(p) (us)\n\"a,b\",2 + 8\xe2\x8c\x88lp\xe2\x8c\x89\n\n");
    t.nrows = 0;
    expect_printed(&t, MPCHAR_FORMAT_TEXT,
                   "T\n  name  t0(p) (us)\n  (none)\n\n");
    expect_printed(&t, MPCHAR_FORMAT_CSV, "# T\nname,t0(p) (us)\n\n");
    t.omit_when_empty = true;
    expect_printed(&t, MPCHAR_FORMAT_TEXT, "");
}

/* A model without point-to-point entries: the seed 002 tables are empty
 * and omitted, the seed 001 table is printed empty. */
static void test_empty_tables(void **state)
{
    mpchar_model *m = *state;
    mpchar_table t;
    for (size_t i = 0; i < m->nentries; i++) {
        mpchar_entry *e = &m->entries[i];
        if (e->kind == MPCHAR_KIND_P2P)
            snprintf(e->pattern, sizeof e->pattern, "allgather");
        e->kind = MPCHAR_KIND_COLLECTIVE;
    }
    build(m, MPCHAR_TABLE_SHORT_LONG, MPCHAR_UNITS_DEFAULT, &t);
    assert_int_equal(t.nrows, 0);
    assert_true(t.omit_when_empty);
    mpchar_table_free(&t);
    build(m, MPCHAR_TABLE_GAIN, MPCHAR_UNITS_DEFAULT, &t);
    assert_int_equal(t.nrows, 0);
    assert_true(t.omit_when_empty);
    mpchar_table_free(&t);
    build(m, MPCHAR_TABLE_P2P, MPCHAR_UNITS_DEFAULT, &t);
    assert_int_equal(t.nrows, 0);
    assert_false(t.omit_when_empty);
    mpchar_table_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_columns_and_units, setup_model,
                                        teardown_model),
        cmocka_unit_test_setup_teardown(test_accuracy_flags_and_marks,
                                        setup_model, teardown_model),
        cmocka_unit_test_setup_teardown(test_collective_and_p2p_flags,
                                        setup_model, teardown_model),
        cmocka_unit_test_setup_teardown(test_long_finding_whole, setup_model,
                                        teardown_model),
        cmocka_unit_test(test_printers),
        cmocka_unit_test_setup_teardown(test_empty_tables, setup_model,
                                        teardown_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
