/* Unit tests of mpchar-bench's options, its plan of points (n conventions,
 * rounding, deduplication, which patterns run at which p) and the resume
 * bookkeeping that marks points already measured or failed.  No MPI call
 * is made: these parts run before MPI_Init. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench.h"
#include "mpchar/overlap.h"
#include "unit_assert.h"

static int parse(bench_options *o, mpchar_error *err, ...)
{
    char *argv[32] = {"mpchar-bench"};
    int argc = 1, exit_code;
    va_list ap;
    va_start(ap, err);
    for (char *a; (a = va_arg(ap, char *)) != NULL;)
        argv[argc++] = a;
    va_end(ap);
    return bench_options_parse(argc, argv, o, &exit_code, err);
}

static void test_defaults(void **state)
{
    (void)state;
    bench_options o;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, NULL), 0);
    assert_string_equal(o.patterns, "all");
    assert_true(o.max_size == 1u << 20);
    assert_int_equal(o.min_reps, 10);
    assert_int_equal(o.max_reps, 1000);
    assert_double_near(o.time_per_point_ms, 160.0, 0);
    assert_int_equal(o.validation_count, 20);
    assert_true(o.grid == MPCHAR_GRID_SQRT2);
    assert_int_equal(o.refine_points, 24);
    bench_options_free(&o);
}

static void test_options_parsed(void **state)
{
    (void)state;
    bench_options o;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, "--p", "2-4,8", "--sizes", "0,1K,64K",
                           "--time-per-point", "2.5", "--library", "mpich",
                           "--ops", "sum", "--check", "--sync", "barrier",
                           "--progress", "none", "--level-wait", "0.5", NULL),
                     0);
    assert_int_equal(o.p_count, 4);
    assert_int_equal(o.p_list[3], 8);
    assert_true(o.grid == MPCHAR_GRID_LIST);
    assert_int_equal(o.size_count, 3);
    assert_true(o.size_list[2] == 65536);
    assert_string_equal(o.library, "mpich");
    assert_true(o.check);
    assert_false(o.raw);
    assert_int_equal(o.sync, SYNC_BARRIER);
    assert_int_equal(o.progress, PROGRESS_NONE);
    assert_double_near(o.level_wait_s, 0.5, 0);
    bench_options_free(&o);
}

static void expect_option_error(const char *a, const char *b,
                                const char *needle)
{
    bench_options o;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, a, b, NULL), -1);
    assert_contains(err.msg, needle);
    bench_options_free(&o);
}

static void test_bad_options(void **state)
{
    (void)state;
    expect_option_error("--p", "1", "--p");
    expect_option_error("--p", "4-2", "empty");
    expect_option_error("--sizes", "1x", "--sizes");
    expect_option_error("--max-size", "1T", "--max-size");
    expect_option_error("--ops", "max", "max");
    expect_option_error(
        "--progress", "loud",
        "--progress: unknown value 'loud' (human|machine|none)");
    expect_option_error("--sync", "often",
                        "--sync: unknown value 'often' (window|barrier)");
    expect_option_error("--level-wait", "-1", "--level-wait (seconds)");
    expect_option_error("--library", "a/b", "--library");
    expect_option_error("--bogus", "1", "--bogus");
    expect_option_error("--min-reps", "0", "--min-reps");
}

static void test_min_above_max_reps(void **state)
{
    (void)state;
    bench_options o;
    mpchar_error err;
    assert_int_equal(
        parse(&o, &err, "--min-reps", "50", "--max-reps", "10", NULL), -1);
    assert_contains(err.msg, "--min-reps 50");
    bench_options_free(&o);
}

static size_t count_points(const bench_plan *plan, const char *pattern,
                           const char *op, long p, mpchar_set set)
{
    size_t n = 0;
    for (size_t i = 0; i < plan->count; i++) {
        const mpchar_point_key *k = &plan->points[i].key;
        n += strcmp(k->pattern, pattern) == 0 && strcmp(k->op, op) == 0 &&
             k->p == p && k->set == set;
    }
    return n;
}

static void quick_plan(bench_plan *plan, bench_options *o)
{
    mpchar_error err;
    assert_int_equal(parse(o, &err, "--p", "2-4", "--max-size", "64K",
                           "--sizes", "pow4", NULL),
                     0);
    assert_int_equal(bench_plan_build(o, 4, plan, &err), 0);
}

static void test_plan_shape(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    quick_plan(&plan, &o);
    /* 0 and 4^0..4^8: ten fitting sizes. */
    assert_int_equal(count_points(&plan, "pingpong", "-", 2, MPCHAR_SET_FIT),
                     5 * 10);
    assert_int_equal(count_points(&plan, "pingpong", "-", 3, MPCHAR_SET_FIT),
                     0);
    assert_int_equal(count_points(&plan, "bcast", "-", 3, MPCHAR_SET_FIT), 10);
    assert_int_equal(count_points(&plan, "barrier", "-", 4, MPCHAR_SET_FIT), 1);
    assert_int_equal(
        count_points(&plan, "barrier", "-", 4, MPCHAR_SET_VALIDATION), 0);
    for (long p = 2; p <= 4; p++) {
        assert_true(count_points(&plan, "reduce", "sum", p, MPCHAR_SET_FIT) >
                    0);
        assert_int_equal(
            count_points(&plan, "reduce", "sum", p, MPCHAR_SET_FIT),
            count_points(&plan, "reduce", "nop", p, MPCHAR_SET_FIT));
        assert_true(count_points(&plan, "alltoall", "-", p,
                                 MPCHAR_SET_VALIDATION) >= 15);
    }
    bench_plan_free(&plan);
    bench_options_free(&o);
}

/* recvfirst computes through most of its run time and postfirst repeats
 * other patterns' transfers: "all" leaves them out, naming them measures
 * them. */
static void test_opt_in_patterns(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    mpchar_error err;
    quick_plan(&plan, &o);
    assert_true(count_points(&plan, "stream", "-", 2, MPCHAR_SET_FIT) > 0);
    assert_int_equal(count_points(&plan, "recvfirst", "-", 2, MPCHAR_SET_FIT),
                     0);
    assert_int_equal(count_points(&plan, "postfirst", "-", 2, MPCHAR_SET_FIT),
                     0);
    bench_plan_free(&plan);
    bench_options_free(&o);
    assert_int_equal(parse(&o, &err, "--patterns", "stream,recvfirst",
                           "--max-size", "64K", "--sizes", "pow4", NULL),
                     0);
    assert_int_equal(bench_plan_build(&o, 2, &plan, &err), 0);
    assert_int_equal(count_points(&plan, "recvfirst", "-", 2, MPCHAR_SET_FIT),
                     10);
    bench_plan_free(&plan);
    bench_options_free(&o);
    assert_int_equal(parse(&o, &err, "--patterns", "postfirst", "--max-size",
                           "64K", "--sizes", "pow4", NULL),
                     0);
    assert_int_equal(bench_plan_build(&o, 2, &plan, &err), 0);
    /* Its four variants, at the same 10 sizes each. */
    assert_int_equal(count_points(&plan, "postfirst", "-", 2, MPCHAR_SET_FIT),
                     40);
    bench_plan_free(&plan);
    bench_options_free(&o);
}

/* The overlap sweep is opt-in and, without a time model, has no
 * validation sizes: every c of a side is measured at the same sizes. */
static void test_overlap_plan(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    mpchar_error err;
    quick_plan(&plan, &o);
    assert_int_equal(count_points(&plan, "overlap", "-", 2, MPCHAR_SET_FIT), 0);
    bench_plan_free(&plan);
    bench_options_free(&o);
    assert_int_equal(parse(&o, &err, "--patterns", "overlap", "--max-size",
                           "64K", "--sizes", "pow4", NULL),
                     0);
    assert_int_equal(bench_plan_build(&o, 2, &plan, &err), 0);
    size_t variants = 0;
    for (const char *const *v = mpchar_overlap_variants; *v; v++)
        variants++;
    assert_int_equal(count_points(&plan, "overlap", "-", 2, MPCHAR_SET_FIT),
                     10 * variants);
    assert_int_equal(
        count_points(&plan, "overlap", "-", 2, MPCHAR_SET_VALIDATION), 0);
    bench_plan_free(&plan);
    bench_options_free(&o);
}

/* Seed 002's tests: pairs only at even p, the focal-point ones at every
 * p; a generated grid's 0 and powers of 4 without validation sizes, a
 * --sizes list whole. */
static void test_seed002_plan(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, "--p", "2-4", "--max-size", "64K",
                           "--sizes", "sqrt2", NULL),
                     0);
    assert_int_equal(bench_plan_build(&o, 4, &plan, &err), 0);
    /* 0, 1, 4, ..., 4^8 of the 34 sqrt(2) sizes up to 64 KiB. */
    assert_int_equal(
        count_points(&plan, "pingping_pairs", "-", 2, MPCHAR_SET_FIT), 10);
    assert_int_equal(
        count_points(&plan, "pingping_pairs", "-", 3, MPCHAR_SET_FIT), 0);
    assert_int_equal(
        count_points(&plan, "pingping_pairs", "-", 4, MPCHAR_SET_FIT), 10);
    const char *focal[] = {"pingping_fan", "bcast_reply", "bcast_stream"};
    for (size_t i = 0; i < 3; i++)
        for (long p = 2; p <= 4; p++) {
            assert_int_equal(
                count_points(&plan, focal[i], "-", p, MPCHAR_SET_FIT), 10);
            assert_int_equal(
                count_points(&plan, focal[i], "-", p, MPCHAR_SET_VALIDATION),
                0);
        }
    assert_true(count_points(&plan, "bcast", "-", 2, MPCHAR_SET_FIT) > 30);
    bench_plan_free(&plan);
    bench_options_free(&o);
    assert_int_equal(parse(&o, &err, "--patterns", "bcast_reply", "--sizes",
                           "0,3,100", NULL),
                     0);
    assert_int_equal(bench_plan_build(&o, 2, &plan, &err), 0);
    assert_int_equal(count_points(&plan, "bcast_reply", "-", 2, MPCHAR_SET_FIT),
                     3);
    bench_plan_free(&plan);
    bench_options_free(&o);
}

static void test_plan_has_no_duplicates(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    quick_plan(&plan, &o);
    for (size_t i = 0; i < plan.count; i++)
        for (size_t j = i + 1; j < plan.count; j++)
            assert_false(
                mpchar_key_equal(&plan.points[i].key, &plan.points[j].key));
    bench_plan_free(&plan);
    bench_options_free(&o);
}

static uint64_t typed(const char *pattern, const char *datatype, uint64_t n,
                      int p)
{
    size_t count;
    return bench_pattern_bytes(bench_registry_find(pattern), datatype, n, p,
                               &count);
}

/* n as the plan rounds it: reductions in doubles, the rest in bytes. */
static uint64_t actual(const char *pattern, uint64_t n, int p)
{
    bool doubles = mpchar_pattern_find(pattern)->reduction;
    return typed(pattern, doubles ? "double" : "byte", n, p);
}

static void test_n_conventions(void **state)
{
    (void)state;
    assert_true(actual("bcast", 1000, 4) == 1000);
    assert_true(actual("scatter", 1, 4) == 4);      /* at least 1 each */
    assert_true(actual("scatter", 1000, 3) == 999); /* 333 each */
    assert_true(actual("alltoall", 10, 4) == 12);   /* 2.5 rounds to 3 */
    assert_true(actual("allgather", 4096, 4) == 4096);
    assert_true(actual("reduce", 1, 2) == 8);      /* one double */
    assert_true(actual("allreduce", 20, 2) == 24); /* 2.5 -> 3 doubles */
    assert_true(actual("reduce_scatter", 100, 3) == 96);
    assert_true(actual("reduce_scatter", 0, 3) == 0);
    assert_true(actual("barrier", 4096, 4) == 0);
    assert_true(actual("pingpong", 12345, 2) == 12345);
    /* --datatypes: whole elements, the nearest, at least one. */
    assert_true(typed("pingpong", "int", 10, 2) == 12);     /* 2.5 -> 3 */
    assert_true(typed("pingpong", "double", 1, 2) == 8);    /* at least 1 */
    assert_true(typed("bcast_reply", "double", 0, 3) == 0); /* none */
}

static void test_unknown_pattern(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, "--patterns", "pingpong,bogus", NULL), 0);
    assert_int_equal(bench_plan_build(&o, 2, &plan, &err), -1);
    assert_contains(err.msg, "bogus");
    bench_options_free(&o);
}

static void test_registry_valid(void **state)
{
    (void)state;
    mpchar_error err;
    assert_int_equal(bench_registry_validate(&err), 0);
    /* 16, overlap (issue 22), issue 23's six substitutes and three
     * v-forms, issue 26's five seed 002 tests, alltoallv (issue 24) */
    assert_int_equal(bench_registry_count(), 32);
}

/* The registry and the pattern facts name the same patterns: a pattern
 * without facts, or facts without a pattern, stop mpchar-bench at
 * start-up. */
static void test_registry_checked_against_facts(void **state)
{
    (void)state;
    mpchar_error err;
    const bench_pattern *pats[40];
    mpchar_pattern_facts facts[40];
    size_t n = bench_registry_count(), nf = mpchar_pattern_count();
    assert_true(n < 40 && nf < 40);
    for (size_t i = 0; i < n; i++)
        pats[i] = bench_registry_get(i);
    for (size_t i = 0; i < nf; i++)
        facts[i] = *mpchar_pattern_get(i);
    assert_int_equal(bench_registry_check(pats, n, facts, nf, &err), 0);
    facts[nf] = facts[0];
    facts[nf].name = "pingpang";
    assert_int_equal(bench_registry_check(pats, n, facts, nf + 1, &err), -1);
    assert_contains(err.msg, "'pingpang', which mpchar-bench does not "
                             "register");
    assert_int_equal(bench_registry_check(pats, n, facts + 1, nf - 1, &err),
                     -1);
    assert_contains(err.msg, "'pingpong' has no entry in the pattern facts");
    pats[n] = pats[0];
    assert_int_equal(bench_registry_check(pats, n + 1, facts, nf, &err), -1);
    assert_contains(err.msg, "'pingpong' is registered twice");
}

static void test_memory_need(void **state)
{
    (void)state;
    bench_options o;
    bench_plan plan;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, "--patterns", "bistream", "--sizes", "1M",
                           "--window", "8", NULL),
                     0);
    assert_int_equal(bench_plan_build(&o, 2, &plan, &err), 0);
    assert_true(bench_plan_memory_bytes(&plan, 8) == 9u << 20);
    bench_plan_free(&plan);
    bench_options_free(&o);
}

/* ---- resume bookkeeping ------------------------------------------------ */

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static long file_size(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fclose(f);
    return n;
}

static void make_dir(char *buf, size_t len)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(buf, len, "%s/bench-plan-XXXXXX", tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(buf));
}

static void remove_dir(const char *dir)
{
    char path[512];
    const char *files[] = {MPCHAR_MEASUREMENTS_FILE, MPCHAR_FAILED_FILE};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        unlink(path);
    }
    rmdir(dir);
}

static const char measured[] = MPCHAR_MEASUREMENTS_HEADER_UNPLACED
    "\n"
    "mpi,pingpong,send,-,byte,2,0,fit,10,1,1,1,1,0,false\n"
    "mpi,pingpong,send,-,byte,2,4,fit,10,1,1,1,1,0,false\n"
    "mpi,pingpong,send,-,byte,2,16,fi"; /* killed mid-write */

static const char failed[] = MPCHAR_FAILED_HEADER_UNPLACED
    "\n"
    "mpi,pingpong,send,-,byte,2,64,fit,\"no progress, watchdog\"\n";

/* A results directory and a ping-pong plan marked from it. */
typedef struct resume_case {
    char dir[256];
    bench_options o;
    bench_plan plan;
    mpchar_error err;
} resume_case;

/* Makes the directory, with measurements.csv holding measurements. */
static void case_start(resume_case *rc, const char *measurements)
{
    make_dir(rc->dir, sizeof rc->dir);
    write_file(rc->dir, MPCHAR_MEASUREMENTS_FILE, measurements);
}

/* Plans ping-pong on sizes up to max_size (a --sizes and a --max-size
 * value) and marks the points the directory already holds; returns what
 * marking returned. */
static int case_plan(resume_case *rc, const char *sizes, const char *max_size,
                     bool repair)
{
    assert_int_equal(parse(&rc->o, &rc->err, "--patterns", "pingpong",
                           "--sizes", sizes, "--max-size", max_size, NULL),
                     0);
    assert_int_equal(bench_plan_build(&rc->o, 2, &rc->plan, &rc->err), 0);
    return bench_plan_mark_done(&rc->plan, rc->dir, repair, &rc->err);
}

static void case_plan_free(resume_case *rc)
{
    bench_plan_free(&rc->plan);
    bench_options_free(&rc->o);
}

static size_t skipped_points(const bench_plan *plan)
{
    size_t skipped = 0;
    for (size_t i = 0; i < plan->count; i++)
        skipped += plan->points[i].skip;
    return skipped;
}

static void test_resume_marks_done_and_failed(void **state)
{
    (void)state;
    resume_case rc;
    case_start(&rc, measured);
    write_file(rc.dir, MPCHAR_FAILED_FILE, failed);
    assert_int_equal(case_plan(&rc, "0,4,16,64,256", "1M", true), 0);
    for (size_t i = 0; i < rc.plan.count; i++) {
        const mpchar_point_key *k = &rc.plan.points[i].key;
        bool send = strcmp(k->variant, "send") == 0;
        bool done = send && k->set == MPCHAR_SET_FIT &&
                    (k->n_bytes == 0 || k->n_bytes == 4 || k->n_bytes == 64);
        assert_int_equal(rc.plan.points[i].skip, done);
    }
    assert_int_equal(skipped_points(&rc.plan), 3);
    /* The incomplete row is gone, so the point is measured again. */
    assert_int_equal(file_size(rc.dir, MPCHAR_MEASUREMENTS_FILE),
                     (long)(strlen(measured) - strlen("mpi,pingpong,send,-,"
                                                      "byte,2,16,fi")));
    case_plan_free(&rc);
    remove_dir(rc.dir);
}

/* Planning (--plan) only reads: the incomplete line stays for the run that
 * holds the directory's lock to repair. */
static void test_plan_without_repair_reads_only(void **state)
{
    (void)state;
    resume_case rc;
    case_start(&rc, measured);
    assert_int_equal(case_plan(&rc, "0,4,16", "1M", false), 0);
    assert_int_equal(file_size(rc.dir, MPCHAR_MEASUREMENTS_FILE),
                     (long)strlen(measured));
    assert_int_equal(skipped_points(&rc.plan), 2);
    case_plan_free(&rc);
    remove_dir(rc.dir);
}

/* A grid measured with a jump between 1 KiB and 4 KiB: refinement,
 * replayed from the file, asks for a size around it; the same times
 * marked oversubscribed say so (and are not refined). */
static void write_jump(const char *dir, const char *over)
{
    char text[2048];
    size_t pos = (size_t)snprintf(text, sizeof text, "%s\n",
                                  MPCHAR_MEASUREMENTS_HEADER_UNPLACED);
    const unsigned sizes[] = {0, 1, 4, 16, 64, 256, 1024, 4096, 16384};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        double t =
            sizes[i] < 4096 ? 0.2 + 1e-4 * sizes[i] : 3.0 + 3e-4 * sizes[i];
        pos += (size_t)snprintf(text + pos, sizeof text - pos,
                                "mpi,pingpong,send,-,byte,2,%u,fit,10,%.4f,"
                                "%.4f,%.4f,%.4f,0,%s\n",
                                sizes[i], t, t, t, t, over);
    }
    write_file(dir, MPCHAR_MEASUREMENTS_FILE, text);
}

/* Replays the pingpong/send series' refinement from the directory;
 * returns whether its measured grid was oversubscribed. */
static bool next_refinement(resume_case *rc, bench_refinement *rf)
{
    bench_refine_params rp;
    assert_int_equal(case_plan(rc, "pow4", "16K", false), 0);
    bench_refine_params_default(&rp);
    size_t end = bench_series_end(&rc->plan, 0);
    for (size_t i = 0; i < end; i++)
        assert_string_equal(rc->plan.points[i].key.variant, "send");
    assert_string_not_equal(rc->plan.points[end].key.variant, "send");
    bench_series_refinement(&rc->plan, 0, end, &rp, rf);
    bool over = bench_series_oversubscribed(&rc->plan, 0);
    case_plan_free(rc);
    return over;
}

static void test_refinement_replays_from_results(void **state)
{
    (void)state;
    resume_case rc;
    bench_refinement rf;
    case_start(&rc, "");
    write_jump(rc.dir, "false");
    assert_false(next_refinement(&rc, &rf));
    assert_int_equal(rf.count, 0);
    /* The midpoint of an interval next to the jump's ends. */
    assert_true(rf.next_n_bytes == 512 || rf.next_n_bytes == 2048 ||
                rf.next_n_bytes == 8192);
    write_jump(rc.dir, "true");
    assert_true(next_refinement(&rc, &rf));
    remove_dir(rc.dir);
}

static void test_resume_rejects_malformed_rows(void **state)
{
    (void)state;
    resume_case rc;
    case_start(&rc, MPCHAR_MEASUREMENTS_HEADER_UNPLACED
               "\n"
               "mpi,pingpong,send,-,byte,2,0,fit,10,1,x,1,1,0,false\n");
    assert_int_equal(case_plan(&rc, "sqrt2", "1M", true), -1);
    assert_contains(rc.err.msg, "measurements.csv:2");
    assert_contains(rc.err.msg, "t_median_us");
    case_plan_free(&rc);
    remove_dir(rc.dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_options_parsed),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_min_above_max_reps),
        cmocka_unit_test(test_plan_shape),
        cmocka_unit_test(test_opt_in_patterns),
        cmocka_unit_test(test_overlap_plan),
        cmocka_unit_test(test_seed002_plan),
        cmocka_unit_test(test_plan_has_no_duplicates),
        cmocka_unit_test(test_n_conventions),
        cmocka_unit_test(test_unknown_pattern),
        cmocka_unit_test(test_registry_valid),
        cmocka_unit_test(test_registry_checked_against_facts),
        cmocka_unit_test(test_memory_need),
        cmocka_unit_test(test_resume_marks_done_and_failed),
        cmocka_unit_test(test_plan_without_repair_reads_only),
        cmocka_unit_test(test_resume_rejects_malformed_rows),
        cmocka_unit_test(test_refinement_replays_from_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
