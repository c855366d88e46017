/* Unit tests of `mpchar run` inside a Slurm allocation and of --sbatch
 * (src/cli/run_slurm.c, run_sbatch.c): the CPUs of known
 * SLURM_JOB_CPUS_PER_NODE values, the allocation read from a made-up
 * environment (tasks from SLURM_NTASKS, else from the CPUs), a p above
 * the allocation and a missing srun each refused in one line naming what
 * was asked and what the allocation holds, the user's own choice of
 * launcher leaving srun out, each library's PMI plugin and srun command,
 * and the job script's time estimate from known plan counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "run.h"

static void test_parse_cpus(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        long cpus; /* 0: refused */
    } cases[] = {
        {"4", 4}, {"4(x2),2", 10}, {"2,1,1", 4}, {"16(x64)", 1024},
        {"", 0},  {"4(x2", 0},     {"4,", 0},    {"x", 0},
        {"0", 0}, {"4(x0)", 0},    {"4)", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        long cpus = -1;
        mpchar_error err = {""};
        int rc = run_slurm_parse_cpus(cases[i].text, &cpus, &err);
        if (cases[i].cpus) {
            assert_int_equal(rc, 0);
            assert_int_equal(cpus, cases[i].cpus);
        } else {
            assert_int_not_equal(rc, 0);
            assert_non_null(strstr(err.msg, "SLURM_JOB_CPUS_PER_NODE"));
        }
    }
}

/* A made-up allocation; NULL unsets a variable. */
static void allocation(const char *job, const char *ntasks, const char *cpus,
                       const char *nodes)
{
    const char *names[] = {"SLURM_JOB_ID", "SLURM_NTASKS",
                           "SLURM_JOB_CPUS_PER_NODE", "SLURM_JOB_NUM_NODES"};
    const char *values[] = {job, ntasks, cpus, nodes};
    for (size_t i = 0; i < 4; i++)
        if (values[i])
            setenv(names[i], values[i], 1);
        else
            unsetenv(names[i]);
}

/* A directory holding an executable named srun, put first on PATH. */
static char fake_bin[] = "/tmp/mpchar-slurm-XXXXXX";
static char saved_path[8192];

static int make_fake_srun(void **state)
{
    (void)state;
    char path[64];
    snprintf(saved_path, sizeof saved_path, "%s", getenv("PATH"));
    if (!mkdtemp(fake_bin))
        return -1;
    snprintf(path, sizeof path, "%s/srun", fake_bin);
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("#!/bin/sh\nexit 0\n", f);
    fclose(f);
    return chmod(path, 0755);
}

static int remove_fake_srun(void **state)
{
    (void)state;
    char path[64];
    snprintf(path, sizeof path, "%s/srun", fake_bin);
    unlink(path);
    rmdir(fake_bin);
    setenv("PATH", saved_path, 1);
    allocation(NULL, NULL, NULL, NULL);
    return 0;
}

static int detect(const char *opt, const char *value, long most_p, run_slurm *s,
                  char *msg)
{
    run_options o;
    mpchar_error err = {""};
    run_options_defaults(&o);
    if (opt)
        run_set_value(&o, opt, value);
    int rc = run_slurm_detect(&o, most_p, s, &err);
    strcpy(msg, err.msg);
    return rc;
}

static void test_detect(void **state)
{
    (void)state;
    run_slurm s;
    char msg[sizeof(mpchar_error){0}.msg], path[8300];
    snprintf(path, sizeof path, "%s:/bin", fake_bin);
    setenv("PATH", path, 1);

    allocation(NULL, NULL, NULL, NULL); /* not in an allocation */
    assert_int_equal(detect(NULL, NULL, 64, &s, msg), 0);
    assert_false(s.inside);
    assert_false(s.srun);

    allocation("77", "4", "2(x2)", "2");
    assert_int_equal(detect(NULL, NULL, 4, &s, msg), 0);
    assert_true(s.inside && s.srun);
    assert_int_equal(s.tasks, 4);
    assert_int_equal(s.nodes, 2);
    assert_string_equal(s.job_id, "77");
    assert_non_null(strstr(s.srun_path, "/srun"));

    /* without -n, the allocation's CPUs */
    allocation("78", NULL, "3(x2),2", "3");
    assert_int_equal(detect(NULL, NULL, 8, &s, msg), 0);
    assert_int_equal(s.tasks, 8);

    /* smaller than asked: what was asked, what the allocation holds */
    allocation("79", "2", "2", "1");
    assert_int_not_equal(detect(NULL, NULL, 4, &s, msg), 0);
    assert_string_equal(msg, "--p 4: Slurm allocation 79 holds 2 tasks on "
                             "1 node (SLURM_NTASKS=2): ask salloc or sbatch "
                             "for -n 4, or lower --p");
    assert_null(strchr(msg, '\n'));

    allocation("79", "1", NULL, NULL); /* nodes unknown */
    assert_int_not_equal(detect(NULL, NULL, 2, &s, msg), 0);
    assert_string_equal(msg, "--p 2: Slurm allocation 79 holds 1 task "
                             "(SLURM_NTASKS=1): ask salloc or sbatch for -n "
                             "2, or lower --p");

    allocation("80", "two", "2", "1");
    assert_int_not_equal(detect(NULL, NULL, 2, &s, msg), 0);
    assert_non_null(strstr(msg, "SLURM_NTASKS: 'two'"));

    /* the user's own launch: srun is not needed */
    allocation("81", "2", "2", "1");
    assert_int_equal(detect("launcher", "own", 64, &s, msg), 0);
    assert_true(s.inside);
    assert_false(s.srun);
    assert_int_equal(detect("hosts", "a,b", 64, &s, msg), 0);
    assert_false(s.srun);

    /* srun missing */
    setenv("PATH", "/nonexistent", 1);
    assert_int_not_equal(detect(NULL, NULL, 2, &s, msg), 0);
    assert_non_null(strstr(msg, "inside Slurm allocation 81 (SLURM_JOB_ID) "
                                "but srun is not on PATH"));
}

static void test_assign_and_command(void **state)
{
    (void)state;
    run_slurm s = {.inside = true, .srun = true};
    run_library libs[4];
    memset(libs, 0, sizeof libs);
    const char *base[] = {"openmpi", "mpich", "builtin", "cray"};
    for (size_t i = 0; i < 4; i++) {
        snprintf(libs[i].name, sizeof libs[i].name, "%s", base[i]);
        snprintf(libs[i].base, sizeof libs[i].base, "%s", base[i]);
        snprintf(libs[i].bench, sizeof libs[i].bench, "/b/bench-%s", base[i]);
    }
    run_slurm_assign(&s, libs, 4);
    assert_true(libs[0].srun);
    assert_string_equal(libs[0].srun_mpi, "pmix");
    assert_true(libs[1].srun);
    assert_string_equal(libs[1].srun_mpi, "pmi2");
    assert_false(libs[2].srun); /* one node, its own mpchar-exec */
    assert_true(libs[3].srun);  /* unknown: Slurm's MpiDefault */
    assert_string_equal(libs[3].srun_mpi, "");

    mpchar_sysinfo sys = {.cores = 2};
    run_hosts none = {.count = 0};
    char *bench_args[] = {"--p", "3", NULL}, **argv;
    mpchar_error err;
    assert_int_equal(run_launch_command(&libs[1], "", &sys, &none, 3,
                                        bench_args, &argv, &err),
                     0);
    const char *want[] = {
        "srun",           "-n",  "3", "--mpi=pmi2", "--kill-on-bad-exit=1",
        "/b/bench-mpich", "--p", "3", NULL};
    for (size_t i = 0; want[i]; i++)
        assert_string_equal(argv[i], want[i]);
    assert_null(argv[8]);
    run_argv_free(argv);

    json_t *j = run_slurm_json(&s, libs, 4);
    json_t *mpi = json_object_get(j, "srun_mpi");
    assert_string_equal(json_string_value(json_object_get(mpi, "openmpi")),
                        "pmix");
    assert_string_equal(json_string_value(json_object_get(mpi, "cray")),
                        "MpiDefault");
    assert_null(json_object_get(mpi, "builtin"));
    json_decref(j);

    s.srun = false; /* --launcher own: nobody through srun */
    run_slurm_assign(&s, libs, 4);
    for (size_t i = 0; i < 4; i++)
        assert_false(libs[i].srun);
}

static void test_estimate(void **state)
{
    (void)state;
    static run_state st; /* large */
    long ps[] = {2, 4};
    memset(&st, 0, sizeof st);
    run_options_defaults(&st.opt);
    run_set_value(&st.opt, "time-per-point", "100");
    run_set_value(&st.opt, "refine", "5");
    st.total = 200;
    st.series = 10;
    st.nlibs = 2;
    st.ps = ps;
    st.np = 2;
    run_estimate e;
    run_sbatch_estimate(&st, &e);
    /* 200 planned + 10 series x 4 more refinement sizes, 0.1 s budget
     * each x 1.5 for what surrounds the repetitions */
    assert_int_equal(e.points, 240);
    assert_int_equal(e.launches, 4);
    assert_float_equal(e.measure_s, 36.0, 1e-9);
    assert_float_equal(e.launch_s, 12.0, 1e-9);
    assert_float_equal(e.limit_s, 1.5 * 48.0 + 60.0, 1e-9);
    run_set_value(&st.opt, "refine", "0");
    run_sbatch_estimate(&st, &e);
    assert_int_equal(e.points, 200);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_cpus),
        cmocka_unit_test_setup_teardown(test_detect, make_fake_srun,
                                        remove_fake_srun),
        cmocka_unit_test(test_assign_and_command),
        cmocka_unit_test(test_estimate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
