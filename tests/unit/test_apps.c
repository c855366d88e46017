/* Unit tests for `mpchar apps`'s core (src/apps): the kernels' result
 * line (a known line, a line that is not one, each way a line can break
 * the contract); apps.csv written and read back, empty columns NAN, an
 * earlier mpchar's layout read; the machine's state against a model's; and
 * the predicted communication time of a hand-made profile against a
 * model fitted to synthetic Hockney lines, worked out by hand, and against
 * points measured at the sizes the profile needs (--measure-model). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps.h"
#include "mpchar/kernel_region.h"
#include "model_test_support.h"
#include "unit_assert.h"

/* A prediction's source that is a fitted model. */
#define FROM_MODEL(m) (&(apps_source){.model = (m)})

#define LINE                                                        \
    "kernel=series suite=jgf class=A p=2 rep=1 t_total_s=1.250000 " \
    "t_comm_s=0.125000 probe_us=0.1234 arrays_bytes=8392752 "       \
    "verified=yes "                                                 \
    "value=-2.880000000000000e+00 reference=-2.880000000000000e+00"

static void test_result_known(void **state)
{
    (void)state;
    apps_result r;
    mpchar_error err;
    assert_int_equal(apps_result_parse(LINE, &r, &err), 0);
    assert_string_equal(r.kernel, "series");
    assert_string_equal(r.suite, "jgf");
    assert_int_equal(r.problem_class, 'A');
    assert_int_equal(r.p, 2);
    assert_int_equal(r.rep, 1);
    assert_double_near(r.t_total_s, 1.25, 1e-12);
    assert_double_near(r.t_comm_s, 0.125, 1e-12);
    assert_double_near(r.probe_us, 0.1234, 1e-12);
    assert_double_near(r.arrays_bytes, 8392752, 0);
    assert_true(r.verified);
    assert_double_near(r.value, -2.88, 1e-12);
    assert_double_near(r.reference, -2.88, 1e-12);
}

/* At p = 1 there is no peer to probe: the field is empty, NAN. */
static void test_result_no_probe(void **state)
{
    (void)state;
    char line[1024];
    const char *at = strstr(LINE, "0.1234");
    snprintf(line, sizeof line, "%.*s%s", (int)(at - LINE), LINE, at + 6);
    apps_result r;
    mpchar_error err;
    assert_int_equal(apps_result_parse(line, &r, &err), 0);
    assert_true(isnan(r.probe_us));
    assert_true(r.verified);
}

static void test_result_other_line(void **state)
{
    (void)state;
    apps_result r;
    mpchar_error err;
    assert_int_equal(apps_result_parse("Series: 10000 coefficients", &r, &err),
                     1);
    assert_int_equal(apps_result_parse("", &r, &err), 1);
}

/* LINE with `from` replaced by `to` must fail naming `field`. */
static void expect_broken(const char *from, const char *to, const char *field)
{
    char line[1024];
    const char *at = strstr(LINE, from);
    assert_non_null(at);
    snprintf(line, sizeof line, "%.*s%s%s", (int)(at - LINE), LINE, to,
             at + strlen(from));
    apps_result r;
    mpchar_error err;
    assert_int_equal(apps_result_parse(line, &r, &err), -1);
    assert_contains(err.msg, field);
}

static void test_result_broken(void **state)
{
    (void)state;
    expect_broken("verified=yes", "verified=maybe", "verified");
    expect_broken("t_comm_s=0.125000 ", "", "t_comm_s");
    expect_broken("p=2", "p=0", "field p");
    expect_broken("class=A", "class=AB", "class");
    expect_broken("t_total_s=1.250000", "t_total_s=-1", "t_total_s");
    expect_broken("t_total_s=1.250000", "t_total_s=fast", "t_total_s");
    expect_broken("probe_us=0.1234", "probe_us=-1", "probe_us");
    expect_broken("probe_us=0.1234 ", "", "probe_us");
    expect_broken("arrays_bytes=8392752", "arrays_bytes=-8", "arrays_bytes");
    expect_broken("arrays_bytes=8392752 ", "", "arrays_bytes");
    expect_broken("reference=-2.880000000000000e+00",
                  "reference=-2.880000000000000e+00 extra=1", "extra=1");
    expect_broken("reference=-2.880000000000000e+00", "", "reference");
}

static void test_csv_round_trip(void **state)
{
    (void)state;
    char path[] = "/tmp/test_apps_XXXXXX", line[4096];
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    apps_row a, b, *rows;
    apps_row_init(&a);
    snprintf(a.library, sizeof a.library, "builtin-sr");
    snprintf(a.kernel, sizeof a.kernel, "cg");
    snprintf(a.suite, sizeof a.suite, "npb");
    a.problem_class = 'S';
    a.p = 4;
    a.reps = 3;
    a.t_total_s = 0.5;
    a.t_comm_s = 0.25;
    a.t_total_min_s = 0.4;
    a.t_comm_min_s = 0.2;
    a.oversubscribed = true;
    b = a;
    snprintf(b.library, sizeof b.library, "mpich");
    b.verified = true;
    b.calls = 1200;
    b.t_comm_pred_s = 0.125;
    b.unmodelled_calls = 0;
    b.t_comm_wait_s = 0.0625;
    b.t_comm_sync_s = 0.1875;
    b.probe_us = 0.0625;
    b.model_probe_us = 0.1875;
    b.t_comm_pred_cold_s = 0.15625;
    b.arrays_bytes = 8392752;
    mpchar_error err;
    size_t n;
    assert_int_equal(apps_csv_header(line, sizeof line), 0);
    assert_int_equal(write(fd, line, strlen(line)), (ssize_t)strlen(line));
    for (int i = 0; i < 2; i++) {
        assert_int_equal(apps_row_format(i ? &b : &a, line, sizeof line, &err),
                         0);
        assert_int_equal(write(fd, line, strlen(line)), (ssize_t)strlen(line));
    }
    close(fd);
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), 0);
    assert_int_equal(n, 2);
    assert_string_equal(rows[0].library, "builtin-sr");
    assert_int_equal(rows[0].problem_class, 'S');
    assert_int_equal(rows[0].p, 4);
    assert_true(rows[0].oversubscribed);
    assert_false(rows[0].verified);
    assert_double_near(rows[0].t_total_min_s, 0.4, 1e-9);
    assert_double_near(rows[0].t_comm_min_s, 0.2, 1e-9);
    assert_true(isnan(rows[0].t_mpi_s) && isnan(rows[0].calls));
    assert_true(rows[1].verified);
    assert_double_near(rows[1].calls, 1200, 1e-9);
    assert_double_near(rows[1].t_comm_pred_s, 0.125, 1e-9);
    assert_double_near(rows[1].unmodelled_calls, 0, 1e-9);
    assert_double_near(rows[1].t_comm_wait_s, 0.0625, 1e-9);
    assert_double_near(rows[1].t_comm_sync_s, 0.1875, 1e-9);
    assert_true(isnan(rows[0].t_comm_sync_s));
    assert_double_near(rows[1].probe_us, 0.0625, 1e-9);
    assert_double_near(rows[1].model_probe_us, 0.1875, 1e-9);
    assert_true(isnan(rows[0].probe_us) && isnan(rows[0].model_probe_us));
    assert_double_near(rows[1].t_comm_pred_cold_s, 0.15625, 1e-9);
    assert_double_near(rows[1].arrays_bytes, 8392752, 0);
    assert_true(isnan(rows[0].t_comm_pred_cold_s) &&
                isnan(rows[0].arrays_bytes));
    free(rows); /* read again: a file of today's header says so */
    bool current = false;
    assert_int_equal(apps_csv_read(path, false, &rows, &n, &current, &err), 0);
    assert_true(current);
    assert_ptr_equal(apps_rows_find(rows, n, "mpich", "cg", 'S', 4), &rows[1]);
    assert_null(apps_rows_find(rows, n, "mpich", "cg", 'S', 2));
    free(rows);
    /* a damaged row is named by file, line and field */
    FILE *f = fopen(path, "a");
    fputs("mpich,cg,npb,S,two,3,0.5,0.25,0.4,0.2,yes,no,,,,,,,,,,,,,\n", f);
    fclose(f);
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), -1);
    assert_contains(err.msg, ":4: field p");
    /* a line longer than the reader's buffer is named, not read as two */
    f = fopen(path, "w");
    apps_csv_header(line, sizeof line);
    fputs(line, f);
    for (int i = 0; i < 5000; i++)
        fputc('x', f);
    fputs("\n", f);
    fclose(f);
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), -1);
    assert_contains(err.msg, ":2: longer than");
    unlink(path);
    assert_int_equal(apps_csv_read(path, true, &rows, &n, NULL, &err), 0);
    assert_int_equal(n, 0);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Files of earlier mpchar versions, without the measured columns added
 * since (here the state probe's), read with those columns NAN; resume
 * refuses them; a header names every column it lacks or does not know. */
static void test_csv_earlier_layout(void **state)
{
    (void)state;
    char path[] = "/tmp/test_apps_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    const char *earlier =
        "library,kernel,suite,class,p,reps,t_total_s,t_comm_s,"
        "t_total_min_s,t_comm_min_s,verified,oversubscribed\n"
        "mpich,is,npb,S,2,3,0.5,0.25,0.4,0.2,yes,no\n";
    write_file(path, earlier);
    apps_row *rows;
    size_t n;
    mpchar_error err;
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), 0);
    assert_int_equal(n, 1);
    assert_double_near(rows[0].t_comm_s, 0.25, 1e-12);
    assert_true(isnan(rows[0].probe_us) && isnan(rows[0].t_comm_pred_s));
    free(rows);
    bool current = true;
    assert_int_equal(apps_csv_read(path, false, &rows, &n, &current, &err), 0);
    assert_false(current);
    free(rows);
    write_file(path, "library,kernel,suite,class,p,reps,t_total_s,t_comm_s,"
                     "verified,oversubscribed,probe_ms\n");
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), -1);
    assert_contains(err.msg, ":1: not an apps.csv header: column 'probe_ms' "
                             "unknown");
    write_file(path, "library,kernel,suite,class,p,t_total_s,t_comm_s,"
                     "verified,oversubscribed\n");
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), -1);
    assert_contains(err.msg, "no column reps");
    write_file(path, "library,kernel,suite,class,p,reps,reps,t_total_s,"
                     "t_comm_s,verified,oversubscribed\n");
    assert_int_equal(apps_csv_read(path, false, &rows, &n, NULL, &err), -1);
    assert_contains(err.msg, "column 'reps' twice");
    unlink(path);
    assert_int_equal(apps_csv_read(path, true, &rows, &n, NULL, &err), 0);
    assert_int_equal(n, 0);
}

/* Hockney lines: pingpong 2 us + 1 ns/B at p = 2, allreduce 10 us +
 * 2 ns/B and alltoallv 20 us + 3 ns/B at p = 2, each measured at every
 * power of 4 up to 1 MiB; with pingping, library "lib" also has pingping
 * 4 us + 1 ns/B. */
static void fitted_model_with(mpchar_model *model, bool pingping)
{
    mpchar_measurements m;
    memset(&m, 0, sizeof m);
    for (uint64_t n = 1; n <= (1u << 20); n *= 4)
        for (int set = 0; set < 2; set++) {
            uint64_t at = set ? n * 3 / 2 : n;
            mpchar_set s = set ? MPCHAR_SET_VALIDATION : MPCHAR_SET_FIT;
            synth_add(&m, "lib", "pingpong", "-", "-", 2, at, s,
                      2.0 + 0.001 * (double)at);
            synth_add(&m, "lib", "allreduce", "-", "sum", 2, at, s,
                      10.0 + 0.002 * (double)at);
            synth_add(&m, "lib", "alltoallv", "-", "-", 2, at, s,
                      20.0 + 0.003 * (double)at);
            if (pingping)
                synth_add(&m, "lib", "pingping", "-", "-", 2, at, s,
                          4.0 + 0.001 * (double)at);
        }
    synth_fit(&m, "synthetic", false, model);
    free(m.rows);
}

static void fitted_model(mpchar_model *model)
{
    fitted_model_with(model, false);
}

enum {
    SEND,
    ALLREDUCE,
    ALLTOALL,
    RECV,
    IALLTOALL,
    FINALIZE,
    COMM_SPLIT,
    ALLGATHERV,
    ALLGATHER,
    WAITANY
};

/* calls of (call, bytes) in Pcontrol level region, call_us each */
static void add_size_self(profile_rank *r, uint32_t call, uint64_t bytes,
                          uint32_t region, bool self, uint64_t calls,
                          double call_us)
{
    for (uint64_t i = 0; i < calls; i++)
        assert_int_equal(
            profile_sizes_add(r, call, bytes, region, self, call_us, NULL), 0);
}

static void add_size_in(profile_rank *r, uint32_t call, uint64_t bytes,
                        uint32_t region, uint64_t calls, double call_us)
{
    add_size_self(r, call, bytes, region, false, calls, call_us);
}

static void add_size(profile_rank *r, uint32_t call, uint64_t bytes,
                     uint64_t calls)
{
    add_size_in(r, call, bytes, 0, calls, 0.0);
}

/* p: a profile of n_ranks empty ranks (p = 2) calling names. */
static void profile_of(profile *p, profile_rank *ranks, size_t n_ranks,
                       char (*names)[MPCHAR_PROF_CALL_NAME_BYTES],
                       size_t n_calls)
{
    memset(ranks, 0, n_ranks * sizeof *ranks);
    memset(p, 0, sizeof *p);
    p->size = 2;
    p->n_calls = n_calls;
    p->call_names = names;
    p->ranks = ranks;
    p->n_ranks = n_ranks;
}

static void test_predict_sum(void **state)
{
    (void)state;
    mpchar_model model;
    fitted_model(&model);
    char names[][MPCHAR_PROF_CALL_NAME_BYTES] = {
        "MPI_Send",      "MPI_Allreduce", "MPI_Alltoall",   "MPI_Recv",
        "MPI_Ialltoall", "MPI_Finalize",  "MPI_Comm_split", "MPI_Allgatherv",
        "MPI_Allgather", "MPI_Waitany"};
    profile_rank ranks[2];
    profile p;
    profile_of(&p, ranks, 2, names, sizeof names / sizeof names[0]);
    /* rank 0: 3 x 1000 B sends (3 us each) + 2 x 8 B allreduce
     * (10.016 us each) = 29.032 us; its receives are the sender's */
    add_size(&ranks[0], SEND, 1000, 3);
    add_size(&ranks[0], ALLREDUCE, 8, 2);
    add_size(&ranks[0], RECV, 1000, 1);
    add_size(&ranks[0], FINALIZE, 0, 1);
    /* set-up, timed by the profiler's plain wrappers: not communication */
    add_size(&ranks[0], COMM_SPLIT, 0, 4);
    /* rank 1: one send (3 us); alltoall (no model) and ialltoall (no
     * such call in the table) unmodelled */
    add_size(&ranks[1], SEND, 1000, 1);
    add_size(&ranks[1], RECV, 1000, 3);
    add_size(&ranks[1], ALLTOALL, 64, 5);
    add_size(&ranks[1], IALLTOALL, 64, 2);
    /* a completion: its message is the sender's */
    add_size(&ranks[1], WAITANY, 1000, 3);
    apps_prediction pred;
    mpchar_error err;
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_double_near(pred.t_comm_s, 29.032e-6, 29.032e-6 * 0.01);
    assert_int_equal(pred.unmodelled_calls, 7);
    assert_contains(pred.unmodelled, "MPI_Alltoall");
    assert_contains(pred.unmodelled, "MPI_Ialltoall");
    assert_null(strstr(pred.unmodelled, "Comm_split"));
    assert_null(strstr(pred.unmodelled, "Finalize"));
    /* a model of another library predicts nothing */
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "other", &pred, &err),
                     0);
    assert_double_near(pred.t_comm_s, 0.0, 1e-15);
    assert_int_equal(pred.unmodelled_calls, 3 + 2 + 1 + 5 + 2);
    /* a name within an earlier one is still named: Allgather after
     * Allgatherv (no model of either) */
    add_size(&ranks[1], ALLGATHERV, 64, 1);
    add_size(&ranks[1], ALLGATHER, 64, 1);
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_int_equal(pred.unmodelled_calls, 7 + 2);
    assert_string_equal(pred.unmodelled, "MPI_Alltoall, MPI_Ialltoall, "
                                         "MPI_Allgatherv, MPI_Allgather");
    for (int i = 0; i < 2; i++)
        free(ranks[i].sizes);
    mpchar_model_free(&model);
}

/* A profile of a kernel whose communication brackets are a Pcontrol
 * region (mpchar/kernel_region.h): only the calls inside count, for the
 * prediction and for the measured wait and the rest; the harness's
 * calls outside (level 0) and the warm-up repetition's (level 2) do
 * not. */
static void test_predict_bracketed(void **state)
{
    (void)state;
    mpchar_model model;
    fitted_model(&model);
    char names[][MPCHAR_PROF_CALL_NAME_BYTES] = {"MPI_Send", "MPI_Allreduce",
                                                 "MPI_Alltoall", "MPI_Recv"};
    profile_rank ranks[2];
    profile p;
    profile_of(&p, ranks, 2, names, sizeof names / sizeof names[0]);
    uint32_t in = MPCHAR_KERNEL_COMM_REGION;
    /* rank 0: 3 sends of 1000 B inside (3 us each predicted; 10 us each
     * measured), the harness's allreduce outside (100 us) */
    add_size_in(&ranks[0], SEND, 1000, in, 3, 10.0);
    add_size_in(&ranks[0], ALLREDUCE, 8, 0, 1, 100.0);
    /* rank 1: the receives inside (50 us), one send of 1000 B inside */
    add_size_in(&ranks[1], RECV, 1000, in, 3, 50.0 / 3);
    add_size_in(&ranks[1], SEND, 1000, in, 1, 5.0);
    apps_prediction pred;
    mpchar_error err;
    assert_true(apps_profile_bracketed(&p));
    /* reps 2..5 of 5 are in the region: the first was the warm-up */
    assert_int_equal(apps_profile_reps(&p, 5), 4);
    assert_int_equal(apps_profile_reps(&p, 1), 1);
    /* a warm-up call (level 2) is not the kernel's either */
    add_size_in(&ranks[0], ALLTOALL, 64, MPCHAR_KERNEL_WARMUP_REGION, 1, 9.0);
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_double_near(pred.t_comm_s, 9e-6, 9e-6 * 0.01);
    assert_int_equal(pred.unmodelled_calls, 0);
    /* the split: not given unless the ranks' calls matched */
    double wait_s, sync_s;
    assert_false(apps_comm_split(&p, &wait_s, &sync_s));
    assert_true(isnan(wait_s) && isnan(sync_s));
    p.waits_aligned = true;
    profile_sizes_find(&ranks[0], SEND, 1000, in, false)->wait_us = 10.0;
    profile_sizes_find(&ranks[0], ALLREDUCE, 8, 0, false)->wait_us = 90.0;
    profile_sizes_find(&ranks[1], RECV, 1000, in, false)->wait_us = 45.0;
    assert_true(apps_comm_split(&p, &wait_s, &sync_s));
    /* rank 0: waited 10 of 30 us inside; rank 1: 45 of 55 us */
    assert_double_near(wait_s, 45e-6, 1e-12);
    assert_double_near(sync_s, 20e-6, 1e-12);
    /* the same calls without brackets: the harness's allreduce counts
     * (10.016 us predicted, 100 us of which 90 waiting) */
    for (size_t k = 0; k < ranks[0].n_sizes; k++)
        ranks[0].sizes[k].region = 0;
    for (size_t k = 0; k < ranks[1].n_sizes; k++)
        ranks[1].sizes[k].region = 0;
    assert_false(apps_profile_bracketed(&p));
    assert_int_equal(apps_profile_reps(&p, 5), 5);
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_double_near(pred.t_comm_s, 19.016e-6, 19.016e-6 * 0.01);
    assert_int_equal(pred.unmodelled_calls, 1); /* the alltoall now */
    assert_true(apps_comm_split(&p, &wait_s, &sync_s));
    assert_double_near(wait_s, 100e-6, 1e-12);
    assert_double_near(sync_s, 39e-6, 1e-12);
    for (int i = 0; i < 2; i++)
        free(ranks[i].sizes);
    mpchar_model_free(&model);
}

/* A Sendrecv is an exchange: the model's pingping (5 us at 1000 B),
 * or, in a model without it, the one-way pingpong (3 us). */
static void test_predict_sendrecv(void **state)
{
    (void)state;
    char names[][MPCHAR_PROF_CALL_NAME_BYTES] = {"MPI_Sendrecv"};
    profile_rank rank;
    profile p;
    profile_of(&p, &rank, 1, names, 1);
    add_size(&rank, 0, 1000, 2);
    for (int with = 0; with < 2; with++) {
        mpchar_model model;
        fitted_model_with(&model, with);
        apps_prediction pred;
        mpchar_error err;
        assert_int_equal(
            apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err), 0);
        double want_s = 2 * (with ? 5e-6 : 3e-6);
        assert_double_near(pred.t_comm_s, want_s, want_s * 0.01);
        assert_int_equal(pred.unmodelled_calls, 0);
        apps_call_prediction c;
        apps_predict_size(&p, &rank.sizes[0], false, FROM_MODEL(&model), "lib",
                          &c);
        assert_string_equal(c.pattern, with ? "pingping" : "pingpong");
        assert_int_equal(c.p, 2);
        mpchar_model_free(&model);
    }
    free(rank.sizes);
}

/* Messages a rank sends itself (profile_size's self) are local copies:
 * pingpong's transfer term alone, 1 ns/B, no start-up, whether the call
 * is a Sendrecv (whose exchange with another rank is pingping) or a Send;
 * the receive of a self message is counted at its send.  With the model
 * of fitted_model_with: 2 Sendrecv of 1000 B to the other rank, 2 x 5 us;
 * 390 of 5600 B to itself, 390 x 5.6 us; one Send of 4000 B to itself,
 * 4 us; total 2197 us. */
static void test_predict_self(void **state)
{
    (void)state;
    char names[][MPCHAR_PROF_CALL_NAME_BYTES] = {"MPI_Sendrecv", "MPI_Send",
                                                 "MPI_Recv"};
    profile_rank rank;
    profile p;
    profile_of(&p, &rank, 1, names, 3);
    add_size_self(&rank, 0, 1000, 0, false, 2, 0.0);
    add_size_self(&rank, 0, 5600, 0, true, 390, 0.0);
    add_size_self(&rank, 1, 4000, 0, true, 1, 0.0);
    add_size_self(&rank, 2, 4000, 0, true, 1, 0.0);
    assert_int_equal(rank.n_sizes, 4); /* self kept apart */
    mpchar_model model;
    fitted_model_with(&model, true);
    apps_prediction pred;
    mpchar_error err;
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_double_near(pred.t_comm_s, 2197e-6, 2197e-6 * 0.01);
    assert_int_equal(pred.unmodelled_calls, 0);
    apps_call_prediction c;
    apps_predict_size(&p, &rank.sizes[1], false, FROM_MODEL(&model), "lib", &c);
    assert_int_equal(c.kind, APPS_CALL_PREDICTED);
    assert_true(c.self);
    assert_string_equal(c.pattern, "pingpong");
    assert_double_near(c.t_s, 5.6e-6, 5.6e-8);
    apps_predict_size(&p, &rank.sizes[0], false, FROM_MODEL(&model), "lib", &c);
    assert_false(c.self);
    assert_string_equal(c.pattern, "pingping");
    apps_predict_size(&p, &rank.sizes[3], false, FROM_MODEL(&model), "lib", &c);
    assert_int_equal(c.kind, APPS_CALL_AT_SENDER);
    mpchar_model_free(&model);
    free(rank.sizes);
}

/* Alltoallv is alltoallv's primitive at n = the bytes the call sends in
 * all (20 us + 3 ns/B: 23 us at 1000 B), not times p; a model without
 * alltoallv leaves it unmodelled (no alltoall stands for it). */
static void test_predict_alltoallv(void **state)
{
    (void)state;
    char names[][MPCHAR_PROF_CALL_NAME_BYTES] = {"MPI_Alltoallv"};
    profile_rank rank;
    profile p;
    profile_of(&p, &rank, 1, names, 1);
    add_size(&rank, 0, 1000, 2);
    mpchar_model model;
    fitted_model(&model);
    apps_prediction pred;
    mpchar_error err;
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_double_near(pred.t_comm_s, 46e-6, 46e-6 * 0.01);
    apps_call_prediction c;
    apps_predict_size(&p, &rank.sizes[0], false, FROM_MODEL(&model), "lib", &c);
    assert_string_equal(c.pattern, "alltoallv");
    assert_double_near(c.n_bytes, 1000.0, 0.0);
    assert_int_equal(c.p, 2);
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "other", &pred, &err),
                     0);
    assert_int_equal(pred.unmodelled_calls, 2);
    assert_string_equal(pred.unmodelled, "MPI_Alltoallv");
    mpchar_model_free(&model);
    free(rank.sizes);
}

/* The calls of test_points_predict's profile: an exchange with the other
 * rank, one with itself, a reduction, an all-to-all, a receive (its
 * sender's), a broadcast and set-up (not communication). */
enum { P_SENDRECV, P_ALLREDUCE, P_ALLTOALL, P_RECV, P_BCAST, P_FINALIZE };

static char points_calls[][MPCHAR_PROF_CALL_NAME_BYTES] = {
    "MPI_Sendrecv", "MPI_Allreduce", "MPI_Alltoall",
    "MPI_Recv",     "MPI_Bcast",     "MPI_Finalize"};

static void points_profile(profile *p, profile_rank ranks[2])
{
    profile_of(p, ranks, 2, points_calls, 6);
    for (int r = 0; r < 2; r++) {
        add_size_self(&ranks[r], P_SENDRECV, 1000, 0, false, 2, 0.0);
        add_size_self(&ranks[r], P_SENDRECV, 5600, 0, true, 1, 0.0);
        add_size(&ranks[r], P_ALLREDUCE, 9, 3);
        add_size(&ranks[r], P_ALLTOALL, 64, 1);
        add_size(&ranks[r], P_RECV, 1000, 2);
        add_size(&ranks[r], P_FINALIZE, 0, 1);
    }
}

/* The points a profile needs: each predicted call's primitive at its n
 * and p once (the alltoall at 64 B a process is n = 128 at p = 2), the
 * self exchange's pingpong, and pingpong at 0 B for the state probe. */
static void test_points_needed(void **state)
{
    (void)state;
    profile_rank ranks[2];
    profile p;
    points_profile(&p, ranks);
    apps_point *pts;
    size_t n;
    mpchar_error err;
    assert_int_equal(apps_needed_points(&p, &pts, &n, &err), 0);
    static const struct {
        const char *pattern;
        double n_bytes;
    } want[] = {{"pingpong", 0},
                {"pingping", 1000},
                {"pingpong", 5600},
                {"allreduce", 9},
                {"alltoall", 128}};
    assert_int_equal(n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < n; i++) {
        assert_string_equal(pts[i].pattern, want[i].pattern);
        assert_double_near(pts[i].n_bytes, want[i].n_bytes, 0.0);
        assert_int_equal(pts[i].p, 2);
    }
    free(pts);
    for (int r = 0; r < 2; r++)
        free(ranks[r].sizes);
}

/* Predicted from measured points (their minimum times): 2 exchanges of
 * 5 us, the self exchange pingpong's 7.6 - 2.0 = 5.6 us, 3 reductions of
 * 10 us (9 B measured as 16: whole doubles), an all-to-all of 20 us:
 * 65.6 us a rank.  Rows a model would not
 * pick (another variant, the validation set, another op) are not read; a
 * broadcast with no point is unmodelled; the state probe is pingpong at
 * 0 B. */
static void test_points_predict(void **state)
{
    (void)state;
    profile_rank ranks[2];
    profile p;
    points_profile(&p, ranks);
    mpchar_measurements m;
    memset(&m, 0, sizeof m);
    synth_add(&m, "lib", "pingpong", "ssend", "-", 2, 0, MPCHAR_SET_FIT, 90.0);
    synth_add(&m, "lib", "pingpong", "send", "-", 2, 0, MPCHAR_SET_FIT, 2.0);
    synth_add(&m, "lib", "pingpong", "send", "-", 2, 5600, MPCHAR_SET_FIT, 7.6);
    synth_add(&m, "lib", "pingping", "-", "-", 2, 1000, MPCHAR_SET_VALIDATION,
              90.0);
    synth_add(&m, "lib", "pingping", "-", "-", 2, 1000, MPCHAR_SET_FIT, 5.0);
    synth_add(&m, "lib", "allreduce", "-", "max", 2, 8, MPCHAR_SET_FIT, 90.0);
    /* measured at whole doubles: 8 B asked, 16 B measured */
    synth_add(&m, "lib", "allreduce", "-", "sum", 2, 16, MPCHAR_SET_FIT, 10.0);
    synth_add(&m, "lib", "alltoall", "-", "-", 2, 128, MPCHAR_SET_FIT, 20.0);
    apps_source src = {.points = &m};
    apps_prediction pred;
    mpchar_error err;
    assert_int_equal(apps_predict(&p, &src, "lib", &pred, &err), 0);
    assert_double_near(pred.t_comm_s, 65.6e-6, 1e-12);
    assert_int_equal(pred.unmodelled_calls, 0);
    assert_double_near(apps_model_probe_us(&src, "lib"), 2.0, 1e-12);
    apps_call_prediction c;
    apps_predict_size(&p, &ranks[0].sizes[1], false, &src, "lib", &c);
    assert_true(c.self);
    assert_double_near(c.t_s, 5.6e-6, 1e-12);
    /* a call whose point was not measured */
    add_size(&ranks[1], P_BCAST, 8, 4);
    assert_int_equal(apps_predict(&p, &src, "lib", &pred, &err), 0);
    assert_int_equal(pred.unmodelled_calls, 4);
    assert_string_equal(pred.unmodelled, "MPI_Bcast");
    free(m.rows);
    for (int r = 0; r < 2; r++)
        free(ranks[r].sizes);
}

/* What the profiler's table says is communication, and a list too long
 * for apps_prediction's names ends in "..." */
static void test_comm_calls(void **state)
{
    (void)state;
    assert_true(profile_call_is_comm("MPI_Send"));
    assert_true(profile_call_is_comm("Waitall"));
    assert_true(profile_call_is_comm("MPI_Barrier"));
    assert_true(profile_call_is_comm("MPI_Ialltoall"));
    assert_false(profile_call_is_comm("MPI_Init"));
    assert_false(profile_call_is_comm("MPI_Finalize"));
    assert_false(profile_call_is_comm("MPI_Pcontrol"));
    assert_false(profile_call_is_comm("MPI_Comm_split"));
    assert_false(profile_call_is_comm("MPI_Type_commit"));
    assert_false(profile_call_is_comm("MPI_Sen"));
    /* MPI-IO data accesses: bytes, but no peer */
    assert_false(profile_call_is_comm("MPI_File_write_at"));
    assert_false(profile_call_is_comm("MPI_File_iread_all"));
    /* MPI-4 large-count forms (MPICH): their int forms' */
    assert_true(profile_call_is_comm("MPI_Send_c"));
    assert_true(profile_call_is_comm("MPI_Ialltoall_c"));
    assert_false(profile_call_is_comm("MPI_Type_size_c"));
    assert_false(profile_call_is_comm("MPI_File_write_c"));
    assert_false(profile_call_is_comm("MPI__c"));

    static const char *const comm[] = {
        "Send",       "Ssend",          "Rsend",     "Bsend",      "Isend",
        "Issend",     "Irsend",         "Ibsend",    "Recv",       "Sendrecv",
        "Barrier",    "Bcast",          "Reduce",    "Allreduce",  "Alltoall",
        "Allgather",  "Gather",         "Scatter",   "Gatherv",    "Scatterv",
        "Allgatherv", "Alltoallv",      "Ialltoall", "Iallreduce", "Ibcast",
        "Ibarrier",   "Reduce_scatter", "Scan"};
    enum { N = sizeof comm / sizeof comm[0] };
    char names[N][MPCHAR_PROF_CALL_NAME_BYTES];
    profile_rank rank;
    profile p;
    profile_of(&p, &rank, 1, names, N);
    for (uint32_t i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "MPI_%s", comm[i]);
        assert_true(profile_call_is_comm(names[i]));
        add_size(&rank, i, 8, 1);
    }
    mpchar_model model;
    memset(&model, 0, sizeof model); /* no library: nothing is modelled */
    apps_prediction pred;
    mpchar_error err;
    assert_int_equal(apps_predict(&p, FROM_MODEL(&model), "lib", &pred, &err),
                     0);
    assert_int_equal(pred.unmodelled_calls, N - 1); /* Recv: at its sender */
    size_t len = strlen(pred.unmodelled);
    assert_true(len < sizeof pred.unmodelled);
    assert_string_equal(pred.unmodelled + len - 3, "...");
    assert_true(strncmp(pred.unmodelled, "MPI_Send, MPI_Ssend, ", 21) == 0);
    free(rank.sizes);
}

/* The model's state is its 0-byte ping-pong; a row's kernels ran in
 * another state when their probe is more than APPS_STATE_FACTOR times it,
 * or less than its inverse. */
static void test_state(void **state)
{
    (void)state;
    mpchar_model model;
    fitted_model(&model);
    assert_double_near(apps_model_probe_us(FROM_MODEL(&model), "lib"), 2.0,
                       2.0 * 0.01);
    assert_true(isnan(apps_model_probe_us(FROM_MODEL(&model), "other")));
    mpchar_model_free(&model);
    apps_row row;
    apps_row_init(&row);
    assert_false(apps_state_differs(&row)); /* neither known */
    row.model_probe_us = 2.0;
    assert_false(apps_state_differs(&row)); /* p = 1: no probe */
    static const struct {
        double probe_us;
        bool differs;
    } cases[] = {{2.0, false}, {2.9, false}, {3.1, true},
                 {1.4, false}, {1.3, true},  {0.05, true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        row.probe_us = cases[i].probe_us;
        double gap = fmax(cases[i].probe_us / 2.0, 2.0 / cases[i].probe_us);
        assert_double_near(apps_state_gap(&row), gap, 1e-12);
        assert_int_equal(apps_state_differs(&row), cases[i].differs);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_result_known),
        cmocka_unit_test(test_result_no_probe),
        cmocka_unit_test(test_result_other_line),
        cmocka_unit_test(test_result_broken),
        cmocka_unit_test(test_csv_round_trip),
        cmocka_unit_test(test_csv_earlier_layout),
        cmocka_unit_test(test_state),
        cmocka_unit_test(test_predict_sum),
        cmocka_unit_test(test_predict_bracketed),
        cmocka_unit_test(test_predict_sendrecv),
        cmocka_unit_test(test_predict_self),
        cmocka_unit_test(test_predict_alltoallv),
        cmocka_unit_test(test_comm_calls),
        cmocka_unit_test(test_points_needed),
        cmocka_unit_test(test_points_predict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
