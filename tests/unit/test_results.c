/* Unit tests for the results files (results.h): formatting, appending and
 * strict reading of measurements.csv, failed.csv and raw.csv lines.
 *
 * Each test runs in its own directory made with mkdtemp under $TMPDIR and
 * removed afterwards.  Covered: exact formatted lines; measurement and
 * failure round trips through mpchar_append_line and the readers, field by
 * field; the header written once across appends; the key helpers; every
 * way a row or header can be malformed, each giving -1 and a message that
 * names the file, the line and (where there is one) the column; truncated
 * tails with and without allow_truncated_tail and the valid byte count;
 * empty, missing and binary files; extra trailing columns; CRLF; and a
 * 20000-row file that exercises the duplicate-key hash index. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mpchar/results.h"
#include "unit_assert.h"

#define GOOD_ROW                                            \
    "mpich,pingpong,-,-,byte,2,1024,fit,100,1.0000,2.0000," \
    "2.5000,4.0000,0.5000,false\n"
#define GOOD_ROW2                                           \
    "mpich,pingpong,-,-,byte,2,2048,fit,100,1.0000,2.0000," \
    "2.5000,4.0000,0.5000,false\n"
#define HEADER MPCHAR_MEASUREMENTS_HEADER_UNPLACED "\n"

/* ---- fixture: a private temporary directory ---------------------------- */

typedef struct fixture {
    char dir[512];
    char path[600]; /* the file most tests write: dir/measurements.csv */
} fixture;

static int dir_setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    if (!fx)
        return -1;
    const char *tmp = getenv("TMPDIR");
    snprintf(fx->dir, sizeof fx->dir, "%s/mpchar-results-XXXXXX",
             tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(fx->dir)) {
        free(fx);
        return -1;
    }
    snprintf(fx->path, sizeof fx->path, "%s/%s", fx->dir,
             MPCHAR_MEASUREMENTS_FILE);
    *state = fx;
    return 0;
}

static int dir_teardown(void **state)
{
    fixture *fx = *state;
    DIR *d = opendir(fx->dir);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            char p[1024];
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(p, sizeof p, "%s/%s", fx->dir, e->d_name);
            unlink(p);
        }
        closedir(d);
    }
    int rc = rmdir(fx->dir);
    free(fx);
    return rc;
}

static void write_bytes(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
}

static void write_text(const char *path, const char *text)
{
    write_bytes(path, text, strlen(text));
}

/* The whole file as a malloc'ed string. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 16);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static mpchar_point_key make_key(const char *library, long p, uint64_t n_bytes,
                                 mpchar_set set)
{
    mpchar_point_key k;
    memset(&k, 0, sizeof k);
    snprintf(k.library, sizeof k.library, "%s", library);
    snprintf(k.pattern, sizeof k.pattern, "%s", "pingpong");
    snprintf(k.variant, sizeof k.variant, "%s", "-");
    snprintf(k.op, sizeof k.op, "%s", "-");
    snprintf(k.datatype, sizeof k.datatype, "%s", "byte");
    k.p = p;
    k.n_bytes = n_bytes;
    k.set = set;
    return k;
}

static void assert_key_fields_equal(const mpchar_point_key *got,
                                    const mpchar_point_key *want)
{
    assert_string_equal(got->library, want->library);
    assert_string_equal(got->pattern, want->pattern);
    assert_string_equal(got->variant, want->variant);
    assert_string_equal(got->op, want->op);
    assert_string_equal(got->datatype, want->datatype);
    assert_int_equal(got->p, want->p);
    assert_true(got->n_bytes == want->n_bytes);
    assert_int_equal(got->set, want->set);
    assert_true(mpchar_key_equal(got, want));
}

static void append_measurement(const char *path, const mpchar_measurement *m)
{
    char line[MPCHAR_LINE_MAX];
    mpchar_error err = {""};
    assert_int_equal(mpchar_measurement_format(m, line, sizeof line, &err), 0);
    if (mpchar_append_line(path, MPCHAR_MEASUREMENTS_HEADER, line, &err) != 0)
        fail_msg("append failed: %s", err.msg);
}

/* Writes text to the fixture's file, reads it, and expects -1 with a
 * message holding "<path>:<line>:" and each of the given parts. */
static void expect_error(const fixture *fx, const char *text, long line,
                         const char *part1, const char *part2)
{
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    char where[700];
    write_text(fx->path, text);
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     -1);
    assert_null(m.rows);
    snprintf(where, sizeof where, "%s:%ld:", fx->path, line);
    assert_contains(err.msg, where);
    if (part1)
        assert_contains(err.msg, part1);
    if (part2)
        assert_contains(err.msg, part2);
}

/* Expects an error in line 2, the first row, in the named column. */
static void expect_row_error(const fixture *fx, const char *row,
                             const char *column)
{
    char text[2 * MPCHAR_LINE_MAX];
    char col[64];
    snprintf(text, sizeof text, "%s%s", HEADER, row);
    snprintf(col, sizeof col, "column '%s'", column);
    expect_error(fx, text, 2, col, NULL);
}

/* ---- key helpers ------------------------------------------------------- */

static void test_set_names(void **state)
{
    (void)state;
    assert_string_equal(mpchar_set_name(MPCHAR_SET_FIT), "fit");
    assert_string_equal(mpchar_set_name(MPCHAR_SET_VALIDATION), "validation");
}

static void test_name_valid(void **state)
{
    (void)state;
    assert_true(mpchar_name_valid("mpich"));
    assert_true(mpchar_name_valid("open-mpi_4.1+x"));
    assert_true(mpchar_name_valid("-"));
    /* an algorithm variant of a library (mpchar/lib_algorithms.h) */
    assert_true(mpchar_name_valid("mpich@bcast:scatter_ring_allgather"));
    char name[MPCHAR_NAME_MAX + 1];
    memset(name, 'a', MPCHAR_NAME_MAX);
    name[MPCHAR_NAME_MAX - 1] = '\0';
    assert_true(mpchar_name_valid(name)); /* 63 */
    name[MPCHAR_NAME_MAX - 1] = 'a';
    name[MPCHAR_NAME_MAX] = '\0';
    assert_false(mpchar_name_valid(name));
    assert_false(mpchar_name_valid(""));
    assert_false(mpchar_name_valid("a b"));
    assert_false(mpchar_name_valid("a,b"));
    assert_false(mpchar_name_valid("a/b"));
    assert_false(mpchar_name_valid("a\"b"));
    assert_false(mpchar_name_valid("a;b"));
}

static void test_key_equal_and_hash(void **state)
{
    (void)state;
    mpchar_point_key a = make_key("mpich", 2, 1024, MPCHAR_SET_FIT);
    mpchar_point_key b = make_key("mpich", 2, 1024, MPCHAR_SET_FIT);
    assert_true(mpchar_key_equal(&a, &b));
    assert_true(mpchar_key_hash(&a) == mpchar_key_hash(&b));
    b.set = MPCHAR_SET_VALIDATION;
    assert_false(mpchar_key_equal(&a, &b));
    b = a;
    b.p = 4;
    assert_false(mpchar_key_equal(&a, &b));
    b = a;
    b.n_bytes = 1025;
    assert_false(mpchar_key_equal(&a, &b));
    b = a;
    snprintf(b.op, sizeof b.op, "sum");
    assert_false(mpchar_key_equal(&a, &b));
}

/* ---- formatting -------------------------------------------------------- */

/* The measurement whose line is GOOD_ROW. */
static mpchar_measurement good_measurement(void)
{
    mpchar_measurement m = {make_key("mpich", 2, 1024, MPCHAR_SET_FIT),
                            100,
                            1.0,
                            2.0,
                            2.5,
                            4.0,
                            0.5,
                            false};
    return m;
}

static void test_measurement_format_line(void **state)
{
    (void)state;
    mpchar_measurement m = good_measurement();
    char line[MPCHAR_LINE_MAX];
    mpchar_error err = {""};
    assert_int_equal(mpchar_measurement_format(&m, line, sizeof line, &err), 0);
    assert_string_equal(line, "mpich,pingpong,-,-,byte,2,1024,fit,100,1.0000,"
                              "2.0000,2.5000,4.0000,0.5000,false,-\n");
    snprintf(m.key.placement, sizeof m.key.placement, "2x1");
    assert_int_equal(mpchar_measurement_format(&m, line, sizeof line, &err), 0);
    assert_string_equal(line, "mpich,pingpong,-,-,byte,2,1024,fit,100,1.0000,"
                              "2.0000,2.5000,4.0000,0.5000,false,2x1\n");
}

static void test_raw_format_line(void **state)
{
    (void)state;
    mpchar_point_key k = make_key("ompi", 16, 65536, MPCHAR_SET_VALIDATION);
    char line[MPCHAR_LINE_MAX];
    mpchar_error err = {""};
    assert_int_equal(
        mpchar_raw_format(&k, 7, 12.34567, line, sizeof line, &err), 0);
    assert_string_equal(line, "ompi,pingpong,-,-,byte,16,65536,validation,7,"
                              "12.3457,-\n");
}

/* One process_times.csv row: rank, reps, each phase's min and mean, the
 * placement ("-" on one machine), as many columns as the header names; a short buffer is refused. */
static void test_process_times_format_line(void **state)
{
    (void)state;
    mpchar_process_times t = {.key = make_key("ompi", 2, 64, MPCHAR_SET_FIT),
                              .rank = 1,
                              .reps = 30,
                              .min_us = {1.5, 0.25, 2.0},
                              .mean_us = {1.75, 0.5, 2.5}};
    char line[MPCHAR_LINE_MAX];
    mpchar_error err = {""};
    assert_int_equal(mpchar_process_times_format(&t, line, sizeof line, &err),
                     0);
    assert_string_equal(line, "ompi,pingpong,-,-,byte,2,64,fit,1,30,1.5000,"
                              "1.7500,0.2500,0.5000,2.0000,2.5000,-\n");
    size_t commas = 0, header_commas = 0;
    for (const char *c = line; *c; c++)
        commas += *c == ',';
    for (const char *c = MPCHAR_PROCESS_TIMES_HEADER; *c; c++)
        header_commas += *c == ',';
    assert_int_equal(commas, header_commas);
    assert_int_equal(mpchar_process_times_format(&t, line, 60, &err), -1);
    assert_contains(err.msg, "longer than");
}

static void test_failure_format_quotes_reason(void **state)
{
    (void)state;
    mpchar_failure f = {make_key("mpich", 2, 0, MPCHAR_SET_FIT), ""};
    snprintf(f.reason, sizeof f.reason, "timeout, \"rank 1\"");
    char line[MPCHAR_LINE_MAX];
    mpchar_error err = {""};
    assert_int_equal(mpchar_failure_format(&f, line, sizeof line, &err), 0);
    assert_string_equal(line, "mpich,pingpong,-,-,byte,2,0,fit,"
                              "\"timeout, \"\"rank 1\"\"\",-\n");
}

static void test_format_buffer_too_small(void **state)
{
    (void)state;
    mpchar_measurement m = good_measurement();
    mpchar_failure f = {m.key, "some reason"};
    char line[40];
    mpchar_error err = {""};
    assert_int_equal(mpchar_measurement_format(&m, line, sizeof line, &err),
                     -1);
    assert_contains(err.msg, "longer than");
    assert_int_equal(mpchar_failure_format(&f, line, 36, &err), -1);
    assert_int_equal(mpchar_raw_format(&m.key, 1, 1.0, line, 20, &err), -1);
}

/* ---- round trips ------------------------------------------------------- */

static void test_measurements_round_trip(void **state)
{
    fixture *fx = *state;
    mpchar_measurement in[3] = {
        {make_key("mpich", 2, 0, MPCHAR_SET_FIT), 1, 0.0, 0.0, 0.0, 0.0, 0.0,
         false},
        {make_key("open-mpi_4.1", 64, 1048576, MPCHAR_SET_VALIDATION), 1000,
         12.3456, 13.5, 14.0001, 99.9999, 2.25, true},
        {make_key("x.y+z", 100000000, UINT64_MAX, MPCHAR_SET_FIT), 100000000,
         123456.7891, 123456.7891, 200000.5, 987654321.0625, 1e6, false},
    };
    snprintf(in[1].key.pattern, MPCHAR_NAME_MAX, "allreduce");
    snprintf(in[1].key.variant, MPCHAR_NAME_MAX, "ring");
    snprintf(in[1].key.op, MPCHAR_NAME_MAX, "sum");
    snprintf(in[1].key.datatype, MPCHAR_NAME_MAX, "double");
    for (size_t i = 0; i < 3; i++)
        append_measurement(fx->path, &in[i]);

    mpchar_measurements out = {NULL, 0, false};
    mpchar_error err = {""};
    long valid = -1;
    if (mpchar_measurements_read(fx->path, NULL, &out, &valid, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_int_equal(out.count, 3);
    for (size_t i = 0; i < 3; i++) {
        const mpchar_measurement *g = &out.rows[i], *w = &in[i];
        assert_key_fields_equal(&g->key, &w->key);
        assert_int_equal(g->reps, w->reps);
        assert_double_near(g->t_min_us, w->t_min_us, 5e-5);
        assert_double_near(g->t_median_us, w->t_median_us, 5e-5);
        assert_double_near(g->t_mean_us, w->t_mean_us, 5e-5);
        assert_double_near(g->t_max_us, w->t_max_us, 5e-5);
        assert_double_near(g->t_stddev_us, w->t_stddev_us, 5e-5);
        assert_int_equal(g->oversubscribed, w->oversubscribed);
    }
    char *text = slurp(fx->path);
    assert_int_equal(valid, (long)strlen(text));
    free(text);
    /* Refinement replays from what a reader gets: exactly this value. */
    mpchar_measurement odd = in[0];
    odd.key.n_bytes = 7;
    odd.t_min_us = odd.t_median_us = odd.t_mean_us = odd.t_max_us = 0.123456789;
    append_measurement(fx->path, &odd);
    mpchar_measurements again = {NULL, 0, false};
    if (mpchar_measurements_read(fx->path, NULL, &again, NULL, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_true(again.rows[3].t_min_us == mpchar_time_as_written(0.123456789));
    assert_true(mpchar_time_as_written(0.123456789) != 0.123456789);
    mpchar_measurements_free(&again);
    mpchar_measurements_free(&out);
    assert_null(out.rows);
    assert_int_equal(out.count, 0);
}

static void test_header_written_once(void **state)
{
    fixture *fx = *state;
    for (long p = 1; p <= 4; p++) {
        mpchar_measurement m = {make_key("mpich", p, 8, MPCHAR_SET_FIT),
                                10,
                                1.0,
                                1.0,
                                1.0,
                                1.0,
                                0.0,
                                false};
        append_measurement(fx->path, &m);
    }
    char *text = slurp(fx->path);
    assert_memory_equal(text, MPCHAR_MEASUREMENTS_HEADER "\n",
                        strlen(MPCHAR_MEASUREMENTS_HEADER "\n"));
    const char *again = strstr(text + 1, "library,");
    assert_null(again);
    size_t lines = 0;
    for (const char *c = text; *c; c++)
        lines += *c == '\n';
    assert_int_equal(lines, 5);
    free(text);
}

static void test_append_to_empty_file_writes_header(void **state)
{
    fixture *fx = *state;
    write_text(fx->path, "");
    mpchar_error err = {""};
    assert_int_equal(mpchar_append_line(fx->path,
                                        MPCHAR_MEASUREMENTS_HEADER_UNPLACED,
                                        GOOD_ROW, &err),
                     0);
    char *text = slurp(fx->path);
    assert_string_equal(text, HEADER GOOD_ROW);
    free(text);
}

static void test_append_missing_dir_is_error(void **state)
{
    fixture *fx = *state;
    char path[700];
    mpchar_error err = {""};
    snprintf(path, sizeof path, "%s/no-such-dir/m.csv", fx->dir);
    assert_int_equal(
        mpchar_append_line(path, MPCHAR_MEASUREMENTS_HEADER, GOOD_ROW, &err),
        -1);
    assert_contains(err.msg, path);
}

static void test_failures_round_trip(void **state)
{
    fixture *fx = *state;
    char path[700];
    snprintf(path, sizeof path, "%s/%s", fx->dir, MPCHAR_FAILED_FILE);
    mpchar_failure in[2] = {
        {make_key("mpich", 4, 65536, MPCHAR_SET_FIT), ""},
        {make_key("mpich", 8, 65536, MPCHAR_SET_VALIDATION), "plain"},
    };
    snprintf(in[0].reason, sizeof in[0].reason,
             "watchdog: killed after 30 s, \"rank 3\" stuck in MPI_Recv,,");
    for (size_t i = 0; i < 2; i++) {
        char line[MPCHAR_LINE_MAX];
        mpchar_error err = {""};
        assert_int_equal(mpchar_failure_format(&in[i], line, sizeof line, &err),
                         0);
        assert_int_equal(
            mpchar_append_line(path, MPCHAR_FAILED_HEADER, line, &err), 0);
    }
    mpchar_failures out = {NULL, 0, false};
    mpchar_error err = {""};
    if (mpchar_failures_read(path, NULL, &out, NULL, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_int_equal(out.count, 2);
    for (size_t i = 0; i < 2; i++) {
        assert_key_fields_equal(&out.rows[i].key, &in[i].key);
        assert_string_equal(out.rows[i].reason, in[i].reason);
    }
    mpchar_failures_free(&out);
}

/* process_times.csv: the two ranks of a point and, as a resumed run
 * writes them, the point's rows again: every row read, in file order; a
 * negative time is refused with its line and column. */
static void test_process_rows_round_trip(void **state)
{
    fixture *fx = *state;
    char path[700];
    snprintf(path, sizeof path, "%s/%s", fx->dir, MPCHAR_PROCESS_TIMES_FILE);
    mpchar_process_times in = {.key = make_key("ompi", 2, 64, MPCHAR_SET_FIT),
                               .reps = 30,
                               .min_us = {1.5, 0.25, 2.0},
                               .mean_us = {1.75, 0.5, 2.5}};
    for (int i = 0; i < 3; i++) {
        char line[MPCHAR_LINE_MAX];
        mpchar_error err = {""};
        in.rank = i % 2;
        in.min_us[MPCHAR_PHASE_WAIT] = 0.25 * (i + 1);
        assert_int_equal(
            mpchar_process_times_format(&in, line, sizeof line, &err), 0);
        assert_int_equal(
            mpchar_append_line(path, MPCHAR_PROCESS_TIMES_HEADER, line, &err),
            0);
    }
    mpchar_process_rows out = {NULL, 0, false};
    mpchar_error err = {""};
    if (mpchar_process_rows_read(path, NULL, &out, NULL, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_int_equal(out.count, 3);
    assert_true(out.has_placement);
    for (int i = 0; i < 3; i++) {
        assert_key_fields_equal(&out.rows[i].key, &in.key);
        assert_int_equal(out.rows[i].rank, i % 2);
        assert_int_equal(out.rows[i].reps, 30);
        assert_true(out.rows[i].min_us[MPCHAR_PHASE_WAIT] == 0.25 * (i + 1));
        assert_true(out.rows[i].mean_us[MPCHAR_PHASE_TOTAL] == 2.5);
    }
    mpchar_process_rows_free(&out);
    write_text(path, MPCHAR_PROCESS_TIMES_HEADER
               "\n"
               "ompi,async_pingping,c0,-,byte,2,64,fit,0,30,1,1,"
               "-0.5,1,2,2,-\n");
    assert_int_equal(mpchar_process_rows_read(path, NULL, &out, NULL, &err),
                     -1);
    assert_contains(err.msg, ":2: column 't_wait_min_us'");
}

static void test_failures_missing_reason_column(void **state)
{
    fixture *fx = *state;
    mpchar_failures out = {NULL, 0, false};
    mpchar_error err = {""};
    write_text(fx->path,
               MPCHAR_FAILED_HEADER "\n"
                                    "mpich,pingpong,-,-,byte,2,8,fit\n");
    assert_int_equal(mpchar_failures_read(fx->path, NULL, &out, NULL, &err),
                     -1);
    char where[700];
    snprintf(where, sizeof where, "%s:2:", fx->path);
    assert_contains(err.msg, where);
    assert_contains(err.msg, "column 'reason'");
}

/* ---- header errors ----------------------------------------------------- */

static void test_header_missing_column(void **state)
{
    expect_error(*state,
                 MPCHAR_KEY_COLUMNS ",reps,t_min_us,t_median_us,"
                                    "t_mean_us,t_max_us,t_stddev_us\n" GOOD_ROW,
                 1, "'oversubscribed'", "missing");
}

static void test_header_reordered_columns(void **state)
{
    expect_error(*state,
                 "library,pattern,op,variant,datatype,p,n_bytes,set,"
                 "reps,t_min_us,t_median_us,t_mean_us,t_max_us,t_stddev_us,"
                 "oversubscribed\n" GOOD_ROW,
                 1, "column 3", "'variant'");
}

static void test_header_bad_csv(void **state)
{
    expect_error(*state, "\"library,pattern\n" GOOD_ROW, 1, "header",
                 "unterminated quote");
}

/* ---- row errors -------------------------------------------------------- */

/* Rows that must be rejected, each under the standard header, and the
 * column its error names. */
static const struct {
    const char *row, *column;
} bad_rows[] = {
    /* missing field */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5\n",
     "oversubscribed"},
    {"mpich,pingpong,-,-,byte,2\n", "n_bytes"},
    /* non numeric time */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,fast,2.5,4.0,0.5,false\n",
     "t_median_us"},
    /* negative time */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,-1.0,2.0,2.5,4.0,0.5,false\n",
     "t_min_us"},
    /* nan time */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,NaN,4.0,0.5,false\n",
     "t_mean_us"},
    /* inf time */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,inf,0.5,false\n",
     "t_max_us"},
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,inf,false\n",
     "t_stddev_us"},
    /* bad set */
    {"mpich,pingpong,-,-,byte,2,1024,Fit,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "set"},
    {"mpich,pingpong,-,-,byte,2,1024,test,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "set"},
    /* bad bool */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5,yes\n",
     "oversubscribed"},
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5,\n",
     "oversubscribed"},
    /* p zero */
    {"mpich,pingpong,-,-,byte,0,1024,fit,100,1.0,2.0,2.5,4.0,0.5,false\n", "p"},
    /* reps zero */
    {"mpich,pingpong,-,-,byte,2,1024,fit,0,1.0,2.0,2.5,4.0,0.5,false\n",
     "reps"},
    /* n bytes with suffix */
    {"mpich,pingpong,-,-,byte,2,1K,fit,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "n_bytes"},
    {"mpich,pingpong,-,-,byte,2,1024B,fit,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "n_bytes"},
    {"mpich,pingpong,-,-,byte,2,,fit,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "n_bytes"},
    /* bad name */
    {"mp ich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "library"},
    {"mpich,pingpong,,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5,false\n",
     "variant"},
    /* min above max */
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,5.0,2.0,2.5,4.0,0.5,false\n",
     "t_min_us"},
    {"mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,9.5,4.0,0.5,false\n",
     "t_min_us"},
};

static void test_bad_rows(void **state)
{
    for (size_t i = 0; i < sizeof bad_rows / sizeof bad_rows[0]; i++)
        expect_row_error(*state, bad_rows[i].row, bad_rows[i].column);
}

static void test_row_bad_csv_quoting(void **state)
{
    expect_error(*state,
                 HEADER "mpich,\"pingpong,-,-,byte,2,1024,fit,100,1.0,"
                        "2.0,2.5,4.0,0.5,false\n",
                 2, "unterminated quote", NULL);
}

static void test_error_in_later_line(void **state)
{
    expect_error(*state,
                 HEADER GOOD_ROW GOOD_ROW2
                 "mpich,pingpong,-,-,byte,x,1024,fit,100,1.0,2.0,2.5,4.0,0.5,"
                 "false\n",
                 4, "column 'p'", NULL);
}

static void test_duplicate_key_names_earlier_line(void **state)
{
    expect_error(*state, HEADER GOOD_ROW GOOD_ROW2 GOOD_ROW, 4,
                 "repeats line 2", NULL);
}

static void test_same_key_other_set_is_distinct(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    write_text(fx->path, HEADER GOOD_ROW
               "mpich,pingpong,-,-,byte,2,1024,validation,100,1.0000,2.0000,"
               "2.5000,4.0000,0.5000,false\n");
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     0);
    assert_int_equal(m.count, 2);
    assert_int_equal(m.rows[1].key.set, MPCHAR_SET_VALIDATION);
    mpchar_measurements_free(&m);
}

static void test_blank_line(void **state)
{
    expect_error(*state, HEADER GOOD_ROW "\n" GOOD_ROW2, 3, "blank line", NULL);
    expect_error(*state, HEADER GOOD_ROW "\r\n", 3, "blank line", NULL);
}

/* ---- truncation and whole-file errors ---------------------------------- */

static void test_truncated_tail_is_error_by_default(void **state)
{
    expect_error(*state, HEADER GOOD_ROW "mpich,pingpong,-,-,byte,2,20", 3,
                 "truncated", NULL);
}

/* Writes text and reads it back as resume does, allowing a truncated
 * tail; *valid_p receives the valid byte count. */
static mpchar_measurements read_resumable(const fixture *fx, const char *text,
                                          long *valid_p)
{
    mpchar_read_options opt = {.allow_truncated_tail = true};
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    *valid_p = -1;
    write_text(fx->path, text);
    if (mpchar_measurements_read(fx->path, &opt, &m, valid_p, &err) != 0)
        fail_msg("%s", err.msg);
    return m;
}

static void test_truncated_tail_allowed(void **state)
{
    const char *complete = HEADER GOOD_ROW GOOD_ROW2;
    char text[1024];
    long valid;
    snprintf(text, sizeof text, "%smpich,pingpong,-,-,byte,2,40", complete);
    mpchar_measurements m = read_resumable(*state, text, &valid);
    assert_int_equal(m.count, 2);
    assert_true(m.rows[0].key.n_bytes == 1024);
    assert_true(m.rows[1].key.n_bytes == 2048);
    assert_int_equal(valid, (long)strlen(complete));
    mpchar_measurements_free(&m);
}

static void test_truncated_tail_allowed_header_only(void **state)
{
    long valid;
    mpchar_measurements m = read_resumable(*state, HEADER "mpich,ping", &valid);
    assert_int_equal(m.count, 0);
    assert_int_equal(valid, (long)strlen(HEADER));
}

static void test_complete_file_valid_bytes_is_size(void **state)
{
    long valid;
    mpchar_measurements m = read_resumable(*state, HEADER GOOD_ROW, &valid);
    assert_int_equal(m.count, 1);
    assert_int_equal(valid, (long)strlen(HEADER GOOD_ROW));
    mpchar_measurements_free(&m);
}

static void test_header_only_file_is_empty_table(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    write_text(fx->path, HEADER);
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     0);
    assert_int_equal(m.count, 0);
    mpchar_measurements_free(&m);
}

/* Reads the fixture's file and expects -1 with path and what in the
 * message. */
static void expect_file_error(const fixture *fx, const char *what)
{
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     -1);
    assert_null(m.rows);
    assert_contains(err.msg, fx->path);
    assert_contains(err.msg, what);
}

static void test_empty_file(void **state)
{
    fixture *fx = *state;
    write_text(fx->path, "");
    expect_file_error(fx, "empty file");
}

static void test_missing_file(void **state)
{
    fixture *fx = *state;
    expect_file_error(fx, "cannot open");
}

static void test_binary_file_with_nul(void **state)
{
    fixture *fx = *state;
    static const char data[] = HEADER "mpich,ping\0pong,-,-,byte,2,1024,fit,"
                                      "100,1.0,2.0,2.5,4.0,0.5,false\n";
    write_bytes(fx->path, data, sizeof data - 1);
    expect_file_error(fx, "binary");
}

static void test_directory_is_error(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    assert_int_equal(mpchar_measurements_read(fx->dir, NULL, &m, NULL, &err),
                     -1);
    assert_contains(err.msg, fx->dir);
}

/* ---- accepted variations ----------------------------------------------- */

static void test_extra_trailing_columns(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    write_text(fx->path, MPCHAR_MEASUREMENTS_HEADER_UNPLACED
               ",note,host\n"
               "mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5,"
               "true,\"hello, world\",node1\n");
    if (mpchar_measurements_read(fx->path, NULL, &m, NULL, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_int_equal(m.count, 1);
    assert_true(m.rows[0].oversubscribed);
    assert_double_near(m.rows[0].t_max_us, 4.0, 0.0);
    mpchar_measurements_free(&m);
}

/* One file holds the same p in two placements; a file with the placement
 * column but a row without it is refused; analyses read a placed row as
 * library+placement and a name grown too long as an error. */
static void test_placement_column(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    const char *rows = MPCHAR_MEASUREMENTS_HEADER
        "\n"
        "mpich,pingpong,-,-,byte,2,1024,fit,9,1.0,2.0,2.5,4.0,0.5,false,2x1\n"
        "mpich,pingpong,-,-,byte,2,1024,fit,9,3.0,3.0,3.0,3.0,0.0,false,1x2\n"
        "mpich,pingpong,-,-,byte,2,1024,fit,9,5.0,5.0,5.0,5.0,0.0,false,-\n";
    write_text(fx->path, rows);
    if (mpchar_measurements_read(fx->path, NULL, &m, NULL, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_true(m.has_placement);
    assert_int_equal(m.count, 3);
    assert_string_equal(m.rows[1].key.placement, "1x2");
    assert_string_equal(m.rows[1].key.library, "mpich");
    assert_false(mpchar_key_equal(&m.rows[0].key, &m.rows[1].key));
    mpchar_measurements_free(&m);
    mpchar_read_options analyse = {.placement_as_library = true};
    assert_int_equal(
        mpchar_measurements_read(fx->path, &analyse, &m, NULL, &err), 0);
    assert_string_equal(m.rows[0].key.library, "mpich+2x1");
    assert_string_equal(m.rows[1].key.library, "mpich+1x2");
    assert_string_equal(m.rows[2].key.library, "mpich");
    assert_string_equal(mpchar_key_placement(&m.rows[0].key), "-");
    mpchar_measurements_free(&m);
    /* an older file: no column, every row "-" */
    write_text(fx->path, HEADER GOOD_ROW);
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     0);
    assert_false(m.has_placement);
    assert_string_equal(mpchar_key_placement(&m.rows[0].key), "-");
    mpchar_measurements_free(&m);
    write_text(fx->path, MPCHAR_MEASUREMENTS_HEADER "\n" GOOD_ROW);
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     -1);
    assert_contains(err.msg, ":2: column 'placement': missing");
    write_text(fx->path, MPCHAR_MEASUREMENTS_HEADER
               "\n"
               "mpich,pingpong,-,-,byte,2,1024,fit,9,1,1,1,1,0,false,2 x 1\n");
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     -1);
    assert_contains(err.msg, "column 'placement'");
    char line[512];
    snprintf(line, sizeof line,
             "%s\n%060d,pingpong,-,-,byte,2,1,fit,9,1,1,1,1,0,false,2x1\n",
             MPCHAR_MEASUREMENTS_HEADER, 0);
    write_text(fx->path, line);
    assert_int_equal(
        mpchar_measurements_read(fx->path, &analyse, &m, NULL, &err), -1);
    assert_contains(err.msg, "longer than 63");
}

static void test_crlf_line_endings(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    long valid = -1;
    const char *text = MPCHAR_MEASUREMENTS_HEADER_UNPLACED
        "\r\n"
        "mpich,pingpong,-,-,byte,2,1024,fit,100,1.0,2.0,2.5,4.0,0.5,true\r\n"
        "mpich,pingpong,-,-,byte,2,2048,fit,100,1.0,2.0,2.5,4.0,0.5,false\r\n";
    write_text(fx->path, text);
    if (mpchar_measurements_read(fx->path, NULL, &m, &valid, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_int_equal(m.count, 2);
    assert_true(m.rows[0].oversubscribed);
    assert_false(m.rows[1].oversubscribed);
    assert_true(m.rows[1].key.n_bytes == 2048);
    assert_int_equal(valid, (long)strlen(text));
    mpchar_measurements_free(&m);
}

static void test_quoted_fields_in_rows(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    write_text(fx->path, HEADER "\"mpich\",pingpong,-,-,byte,\"2\",1024,fit,"
                                "100,1.0,2.0,2.5,4.0,0.5,\"false\"\n");
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     0);
    assert_string_equal(m.rows[0].key.library, "mpich");
    assert_int_equal(m.rows[0].key.p, 2);
    mpchar_measurements_free(&m);
}

/* ---- a large file: the hash index -------------------------------------- */

enum { BIG_ROWS = 20000 };

/* Row i: p = 2 + i % 7, n_bytes = i, set alternating; all distinct. */
static void write_big_file(const char *path, const char *extra)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(HEADER, f);
    for (long i = 0; i < BIG_ROWS; i++)
        fprintf(f,
                "lib%ld,pingpong,-,-,byte,%ld,%ld,%s,10,1.0,1.5,1.5,2.0,"
                "0.1,false\n",
                i % 3, 2 + i % 7, i, i % 2 ? "validation" : "fit");
    fputs(extra, f);
    assert_int_equal(fclose(f), 0);
}

static void test_large_file_reads_every_row(void **state)
{
    fixture *fx = *state;
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    write_big_file(fx->path, "");
    if (mpchar_measurements_read(fx->path, NULL, &m, NULL, &err) != 0)
        fail_msg("read failed: %s", err.msg);
    assert_int_equal(m.count, BIG_ROWS);
    for (long i = 0; i < BIG_ROWS; i++) {
        const mpchar_point_key *k = &m.rows[i].key;
        char lib[8];
        snprintf(lib, sizeof lib, "lib%ld", i % 3);
        assert_string_equal(k->library, lib);
        assert_int_equal(k->p, 2 + i % 7);
        assert_true(k->n_bytes == (uint64_t)i);
        assert_int_equal(k->set,
                         i % 2 ? MPCHAR_SET_VALIDATION : MPCHAR_SET_FIT);
    }
    mpchar_measurements_free(&m);
}

static void test_large_file_duplicate_found(void **state)
{
    fixture *fx = *state;
    /* Repeats row 5 (line 7) after the index has been rebuilt many times. */
    write_big_file(fx->path, "lib2,pingpong,-,-,byte,7,5,validation,10,1.0,"
                             "1.5,1.5,2.0,0.1,false\n");
    mpchar_measurements m = {NULL, 0, false};
    mpchar_error err = {""};
    char where[700];
    assert_int_equal(mpchar_measurements_read(fx->path, NULL, &m, NULL, &err),
                     -1);
    snprintf(where, sizeof where, "%s:%d: the point repeats line 7", fx->path,
             BIG_ROWS + 2);
    assert_contains(err.msg, where);
}

#define DIR_TEST(f) cmocka_unit_test_setup_teardown(f, dir_setup, dir_teardown)

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_set_names),
        DIR_TEST(test_placement_column),
        cmocka_unit_test(test_name_valid),
        cmocka_unit_test(test_key_equal_and_hash),
        cmocka_unit_test(test_measurement_format_line),
        cmocka_unit_test(test_raw_format_line),
        cmocka_unit_test(test_process_times_format_line),
        cmocka_unit_test(test_failure_format_quotes_reason),
        cmocka_unit_test(test_format_buffer_too_small),
        DIR_TEST(test_measurements_round_trip),
        DIR_TEST(test_header_written_once),
        DIR_TEST(test_append_to_empty_file_writes_header),
        DIR_TEST(test_append_missing_dir_is_error),
        DIR_TEST(test_process_rows_round_trip),
        DIR_TEST(test_failures_round_trip),
        DIR_TEST(test_failures_missing_reason_column),
        DIR_TEST(test_header_missing_column),
        DIR_TEST(test_header_reordered_columns),
        DIR_TEST(test_header_bad_csv),
        DIR_TEST(test_bad_rows),
        DIR_TEST(test_row_bad_csv_quoting),
        DIR_TEST(test_error_in_later_line),
        DIR_TEST(test_duplicate_key_names_earlier_line),
        DIR_TEST(test_same_key_other_set_is_distinct),
        DIR_TEST(test_blank_line),
        DIR_TEST(test_truncated_tail_is_error_by_default),
        DIR_TEST(test_truncated_tail_allowed),
        DIR_TEST(test_truncated_tail_allowed_header_only),
        DIR_TEST(test_complete_file_valid_bytes_is_size),
        DIR_TEST(test_header_only_file_is_empty_table),
        DIR_TEST(test_empty_file),
        DIR_TEST(test_missing_file),
        DIR_TEST(test_binary_file_with_nul),
        DIR_TEST(test_directory_is_error),
        DIR_TEST(test_extra_trailing_columns),
        DIR_TEST(test_crlf_line_endings),
        DIR_TEST(test_quoted_fields_in_rows),
        DIR_TEST(test_large_file_reads_every_row),
        DIR_TEST(test_large_file_duplicate_found),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
