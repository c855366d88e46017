/* model.json round trip: a model with every kind of entry (point-to-point
 * with protocol switches, collectives over many p, reductions with sum and
 * nop, a Barrier measured at n = 0 only, an entry that could not be
 * fitted, oversubscribed points), of cold buffers, is written, read back
 * and written again: the two texts are identical and the read model
 * predicts the same. */
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

static void add_series(mpchar_measurements *m, const char *pattern,
                       const char *variant, const char *op, long p, double ts,
                       double tb, uint64_t *rng)
{
    for (uint64_t n = 0; n <= 1048576; n = n ? n * 2 : 1) {
        double t =
            n < 16384 ? ts + tb * (double)n : 3 * ts + 0.6 * tb * (double)n;
        synth_add(m, "lib", pattern, variant, op, p, n, MPCHAR_SET_FIT,
                  t * (1 + 0.01 * synth_uniform(rng)));
    }
    for (uint64_t n = 3; n <= 1048576; n = n * 5 + 1)
        synth_add(
            m, "lib", pattern, variant, op, p, n, MPCHAR_SET_VALIDATION,
            (n < 16384 ? ts + tb * (double)n : 3 * ts + 0.6 * tb * (double)n));
}

static void rich_model(mpchar_model *m)
{
    mpchar_measurements meas = {0};
    uint64_t rng = 9;
    add_series(&meas, "pingpong", "send", "-", 2, 0.5, 0.2e-3, &rng);
    add_series(&meas, "pingpong", "ssend", "-", 2, 0.9, 0.2e-3, &rng);
    add_series(&meas, "stream", "-", "-", 2, 0.2, 0.15e-3, &rng);
    for (long p = 2; p <= 8; p++) {
        add_series(&meas, "bcast", "-", "-", p, 1 + 2 * log2((double)p),
                   0.3e-3 * ceil(log2((double)p)), &rng);
        add_series(&meas, "reduce", "-", "sum", p, 2 + p, 0.5e-3 * p, &rng);
        add_series(&meas, "reduce", "-", "nop", p, 2 + p, 0.4e-3 * p, &rng);
        synth_add(&meas, "lib", "barrier", "-", "-", p, 0, MPCHAR_SET_FIT,
                  1 + 0.5 * p);
    }
    synth_add(&meas, "lib", "scan", "-", "sum", 2, 8, MPCHAR_SET_FIT, 3);
    size_t first = meas.count;
    add_series(&meas, "alltoall", "-", "-", 4, 5, 1e-3, &rng);
    for (size_t i = first; i < meas.count; i++)
        meas.rows[i].oversubscribed = true;
    synth_fit(&meas, "rich/measurements.csv", true, m);
    free(meas.rows);
}

static void test_round_trip(void **state)
{
    (void)state;
    mpchar_model m, back;
    rich_model(&m);
    m.cache = MPCHAR_CACHE_COLD;
    snprintf(m.cache_sweep, sizeof m.cache_sweep, "8M");
    char *t1, *t2;
    mpchar_error err;
    assert_int_equal(mpchar_model_dump(&m, &t1, &err), 0);
    if (mpchar_model_parse(t1, strlen(t1), "rich.json", &back, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(mpchar_model_dump(&back, &t2, &err), 0);
    assert_string_equal(t1, t2);
    assert_int_equal(back.nentries, m.nentries);
    assert_int_equal(back.nfindings, m.nfindings);
    assert_int_equal(back.cache, MPCHAR_CACHE_COLD);
    assert_string_equal(back.cache_sweep, "8M");
    static const struct {
        const char *pat, *op;
        double n;
        long p;
    } qs[] = {
        {"pingpong", NULL, 100, 2},  {"pingpong", NULL, 500000, 2},
        {"bcast", NULL, 4096, 5},    {"bcast", NULL, 4096, 16},
        {"reduce", "sum", 65536, 6}, {"reduce", "nop", 1, 3},
        {"barrier", NULL, 0, 7},     {"barrier", NULL, 0, 32},
        {"alltoall", NULL, 1000, 4}, {"stream", NULL, 64, 2},
    };
    for (size_t i = 0; i < sizeof qs / sizeof qs[0]; i++) {
        for (int fam = MPCHAR_FAMILY_BEST; fam < MPCHAR_FAMILY_COUNT; fam++) {
            mpchar_query q = {.library = "lib",
                              .pattern = qs[i].pat,
                              .op = qs[i].op,
                              .n_bytes = qs[i].n,
                              .p = qs[i].p,
                              .family = (mpchar_family)fam};
            mpchar_prediction a, b;
            mpchar_error e1 = {{0}}, e2 = {{0}};
            int r1 = mpchar_model_predict(&m, &q, &a, &e1);
            int r2 = mpchar_model_predict(&back, &q, &b, &e2);
            assert_int_equal(r1, r2);
            if (r1 == 0) {
                assert_true(a.t_us == b.t_us);
                assert_int_equal(a.family, b.family);
                assert_true(a.extrapolated_p == b.extrapolated_p);
            } else {
                assert_string_equal(e1.msg, e2.msg);
            }
        }
    }
    free(t1);
    free(t2);
    mpchar_model_free(&back);
    mpchar_model_free(&m);
}

static void test_file_round_trip(void **state)
{
    (void)state;
    mpchar_model m, back;
    rich_model(&m);
    char path[512];
    const char *dir = getenv("TMPDIR");
    snprintf(path, sizeof path, "%s/mpchar_test_model.json",
             dir && *dir ? dir : "/tmp");
    mpchar_error err;
    assert_int_equal(mpchar_model_write(&m, path, &err), 0);
    if (mpchar_model_read(path, &back, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(back.nentries, m.nentries);
    assert_string_equal(back.source, "rich/measurements.csv");
    assert_int_equal(back.cache, MPCHAR_CACHE_WARM);
    assert_true(back.opt.include_oversubscribed);
    remove(path);
    mpchar_model_free(&back);
    mpchar_model_free(&m);
}

static void test_rich_content(void **state)
{
    (void)state;
    mpchar_model m;
    rich_model(&m);
    mpchar_error err;
    const mpchar_entry *pp =
        mpchar_model_find(&m, "lib", "pingpong", "send", NULL, &err);
    assert_non_null(pp);
    /* The switch at 16 KiB is found and is the best model. */
    assert_int_equal(pp->fits[0].pw.count, 2);
    assert_true(pp->fits[0].pw.seg[1].n_lo_bytes > 8192 &&
                pp->fits[0].pw.seg[1].n_lo_bytes <= 16384);
    assert_int_equal(pp->fits[0].best, MPCHAR_FAMILY_PIECEWISE);
    /* The reduce entry has t_c(p) = 0.1e-3 p, O(p). */
    const mpchar_entry *rd =
        mpchar_model_find(&m, "lib", "reduce", NULL, "sum", &err);
    assert_non_null(rd);
    assert_true(rd->pf.tc_ok);
    assert_int_equal(rd->pf.tc.kind, MPCHAR_PFORM_P);
    /* Findings: the O(p) reduce start-up and the pingpong switch. */
    int complexity = 0, sw = 0;
    for (size_t i = 0; i < m.nfindings; i++) {
        complexity |= m.findings[i].kind == MPCHAR_FINDING_COMPLEXITY &&
                      !strcmp(m.findings[i].pattern, "reduce");
        sw |= m.findings[i].kind == MPCHAR_FINDING_SWITCH;
    }
    assert_true(complexity && sw);
    /* Pipelining gain of stream over pingpong. */
    double g;
    assert_int_equal(mpchar_pipelining_gain(&m, "lib", 64, &g, &err), 0);
    assert_true(g > 1.5);
    /* Tables print in every format. */
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    for (int f = 0; f <= MPCHAR_FORMAT_CSV; f++)
        assert_int_equal(mpchar_model_print_tables(&m, null,
                                                   (mpchar_table_format)f,
                                                   MPCHAR_UNITS_SEED001, &err),
                         0);
    fclose(null);
    mpchar_model_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_file_round_trip),
        cmocka_unit_test(test_rich_content),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
