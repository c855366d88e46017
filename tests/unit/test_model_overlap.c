/* The overlap table (src/model/overlap.c) on synthetic sweeps with known
 * overlap: a side whose transfer takes X(n) = 2 us + 0.01 us/byte and of
 * which a computation of c hides F(n) * min(c, X) (F = 0.9 below 4 KiB,
 * 0.1 from it), with 3% noise.  The table must give back F within 0.05 and
 * stop at 4 KiB; a wait done at the post, a sweep too short, the variant
 * names and model.json's round trip are checked too (its bad inputs in
 * test_model_badinput.c). */
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
#include "mpchar/model_tables.h"
#include "mpchar/overlap.h"

static const uint64_t sizes[] = {16, 256, 1024, 4096, 16384, 65536};
#define NSIZES (sizeof sizes / sizeof sizes[0])

static double transfer_us(uint64_t n)
{
    return 2.0 + 0.01 * (double)n;
}

static double true_fraction(uint64_t n)
{
    return n < 4096 ? 0.9 : 0.1;
}

/* Every variant of a side, each size, with noise from rng. */
static void sweep(mpchar_measurements *m, const char *library,
                  mpchar_overlap_side side, uint64_t *rng)
{
    for (const char *const *v = mpchar_overlap_variants; *v; v++) {
        mpchar_overlap_side s;
        double c;
        assert_int_equal(mpchar_overlap_variant_parse(*v, &s, &c, NULL), 0);
        if (s != side)
            continue;
        for (size_t i = 0; i < NSIZES; i++) {
            double x = transfer_us(sizes[i]);
            double w = x - true_fraction(sizes[i]) * fmin(c, x);
            synth_add(m, library, MPCHAR_OVERLAP_PATTERN, *v, "-", 2, sizes[i],
                      MPCHAR_SET_FIT, w * (1.0 + 0.03 * synth_uniform(rng)));
        }
    }
}

static const mpchar_overlap_point *find(const mpchar_model *m, const char *side,
                                        uint64_t n)
{
    for (size_t i = 0; i < m->noverlap; i++)
        if (!strcmp(m->overlap[i].side, side) && m->overlap[i].n_bytes == n)
            return &m->overlap[i];
    return NULL;
}

/* The tables `mpchar fit` prints and the report shows: one row per size,
 * one per library and side with its stop. */
static void check_tables(const mpchar_model *model)
{
    mpchar_table t;
    mpchar_error err;
    assert_int_equal(mpchar_model_table_build(model, MPCHAR_TABLE_OVERLAP,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     0);
    assert_int_equal(t.nrows, NSIZES);
    assert_string_equal(t.rows[0].cell[1].text, "irecv");
    assert_true(fabs(strtod(t.rows[0].cell[6].text, NULL) - 0.9) < 0.05);
    assert_true(fabs(strtod(t.rows[NSIZES - 1].cell[6].text, NULL) - 0.1) <
                0.05);
    mpchar_table_free(&t);
    assert_int_equal(mpchar_model_table_build(model, MPCHAR_TABLE_OVERLAP_STOPS,
                                              MPCHAR_UNITS_DEFAULT, &t, &err),
                     0);
    assert_int_equal(t.nrows, 1);
    assert_string_equal(t.rows[0].cell[2].text, "4096");
    mpchar_table_free(&t);
}

static void test_known_overlap(void **state)
{
    (void)state;
    for (uint64_t trial = 0; trial < 20; trial++) {
        uint64_t rng = 1000 + trial;
        mpchar_measurements m = {0};
        sweep(&m, "synth", MPCHAR_OVERLAP_IRECV, &rng);
        mpchar_model model;
        synth_fit(&m, "synthetic", false, &model);
        assert_int_equal(model.nentries, 0); /* no time model of a sweep */
        assert_int_equal(model.noverlap, NSIZES);
        for (size_t i = 0; i < NSIZES; i++) {
            const mpchar_overlap_point *pt = find(&model, "irecv", sizes[i]);
            assert_non_null(pt);
            assert_false(pt->done_at_post);
            assert_true(fabs(pt->fraction - true_fraction(sizes[i])) < 0.05);
            assert_true(pt->compute_us >= 2 * pt->wait_c0_us);
            assert_true(rel_diff(pt->wait_c0_us, transfer_us(sizes[i])) <
                        0.031);
        }
        uint64_t stop = 0;
        assert_true(mpchar_overlap_stop(model.overlap, model.noverlap, "synth",
                                        "irecv", &stop));
        assert_int_equal(stop, 4096);
        assert_false(mpchar_overlap_stop(model.overlap, model.noverlap, "synth",
                                         "isend", &stop));
        if (trial == 0)
            check_tables(&model);
        mpchar_model_free(&model);
        mpchar_measurements_free(&m);
    }
}

/* An eager send's wait: 20 ns at every c, the transfer over at the post. */
static void test_done_at_post(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    for (const char *const *v = mpchar_overlap_variants; *v; v++)
        if (!strncmp(*v, "isend", 5))
            synth_add(&m, "synth", "overlap", *v, "-", 2, 64, MPCHAR_SET_FIT,
                      0.02);
    mpchar_model model;
    synth_fit(&m, "synthetic", false, &model);
    const mpchar_overlap_point *pt = find(&model, "isend", 64);
    assert_non_null(pt);
    assert_true(pt->done_at_post);
    assert_true(isnan(pt->fraction));
    assert_true(mpchar_overlap_point_known(pt));
    assert_true(mpchar_overlap_point_overlaps(pt));
    mpchar_model_free(&model);
    mpchar_measurements_free(&m);
}

/* c up to 4 us cannot go beyond a 10 us transfer: no fraction; the
 * pingpong rows beside it get their time model, the sweep none. */
static void test_sweep_too_short(void **state)
{
    (void)state;
    mpchar_measurements m = {0};
    const char *v[] = {"irecv_c0", "irecv_c1", "irecv_c2", "irecv_c4"};
    for (size_t i = 0; i < 4; i++)
        synth_add(&m, "synth", "overlap", v[i], "-", 2, 800, MPCHAR_SET_FIT,
                  10.0 - (double)i);
    for (uint64_t n = 8; n <= 8192; n *= 4) /* a time model beside it */
        synth_add(&m, "synth", "pingpong", "send", "-", 2, n, MPCHAR_SET_FIT,
                  1.0 + 1e-3 * (double)n);
    mpchar_model model;
    synth_fit(&m, "synthetic", false, &model);
    assert_int_equal(model.nentries, 1);
    assert_string_equal(model.entries[0].pattern, "pingpong");
    const mpchar_overlap_point *pt = find(&model, "irecv", 800);
    assert_non_null(pt);
    assert_int_equal(pt->beyond_count, 0);
    assert_true(isnan(pt->fraction) && isnan(pt->compute_us));
    assert_false(mpchar_overlap_point_known(pt));
    mpchar_model_free(&model);
    mpchar_measurements_free(&m);
}

static void test_variant_names(void **state)
{
    (void)state;
    mpchar_overlap_side side;
    double c;
    mpchar_error err;
    assert_int_equal(
        mpchar_overlap_variant_parse("irecv_c128", &side, &c, &err), 0);
    assert_int_equal(side, MPCHAR_OVERLAP_IRECV);
    assert_true(c == 128.0);
    size_t count = 0;
    for (const char *const *v = mpchar_overlap_variants; *v; v++, count++) {
        assert_true(mpchar_name_valid(*v));
        assert_int_equal(mpchar_overlap_variant_parse(*v, &side, &c, NULL), 0);
    }
    assert_true(count >= 2 * 8);
    const char *bad[] = {"irecv",   "irecv_c",    "isend_c-1",  "isend_cx",
                         "send_c4", "irecv_c4us", "isend_c nan"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(mpchar_overlap_variant_parse(bad[i], &side, &c, &err),
                         -1);
        assert_non_null(strstr(err.msg, bad[i]));
    }
}

static void fit_one_sweep(mpchar_model *model)
{
    uint64_t rng = 7;
    mpchar_measurements m = {0};
    sweep(&m, "synth", MPCHAR_OVERLAP_ISEND, &rng);
    synth_fit(&m, "synthetic", false, model);
    mpchar_measurements_free(&m);
}

static void test_json_round_trip(void **state)
{
    (void)state;
    mpchar_model a, b;
    mpchar_error err;
    char *text;
    fit_one_sweep(&a);
    assert_int_equal(mpchar_model_dump(&a, &text, &err), 0);
    assert_non_null(strstr(text, "\"stop_n_bytes\": 4096"));
    assert_int_equal(mpchar_model_parse(text, strlen(text), "m.json", &b, &err),
                     0);
    assert_int_equal(b.noverlap, a.noverlap);
    for (size_t i = 0; i < a.noverlap; i++) {
        const mpchar_overlap_point *p = &a.overlap[i], *q = &b.overlap[i];
        assert_string_equal(p->side, q->side);
        assert_int_equal(p->n_bytes, q->n_bytes);
        assert_true(p->fraction == q->fraction);
        assert_true(p->wait_c0_us == q->wait_c0_us);
        assert_int_equal(p->beyond_count, q->beyond_count);
    }
    free(text);
    mpchar_model_free(&a);
    mpchar_model_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_overlap),
        cmocka_unit_test(test_done_at_post),
        cmocka_unit_test(test_sweep_too_short),
        cmocka_unit_test(test_variant_names),
        cmocka_unit_test(test_json_round_trip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
