/* Unit tests of `mpchar run` on simulated clusters (src/cli/run_smpi.c):
 * the --platform, --smpi-coll and --smpi-coll-selector checks with known
 * good and bad values, each bad one refused in one line naming the part
 * at fault; the cluster platform and host file written for a known spec,
 * byte for byte; smpirun's command line for the library and a forced
 * algorithm; meta.json's simulation object; and the combinations refused
 * (SMPI options without smpi, smpi without a platform). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run.h"
#include "unit_assert.h"

static void assert_refused(int (*check)(const char *, mpchar_error *),
                           const char *value, const char *needle)
{
    mpchar_error err = {""};
    assert_int_equal(check(value, &err), -1);
    assert_contains(err.msg, needle);
    assert_null(strchr(err.msg, '\n'));
}

static void test_platform_check(void **state)
{
    (void)state;
    mpchar_error err;
    const char *good[] = {"",
                          "cluster:256:1us:10Gbps",
                          "cluster:1:0s:1bps",
                          "cluster:4:2.5ms:100MBps",
                          "cluster:8:100ns:1.5GiBps",
                          MPCHAR_SOURCE_DIR "/README.md",
                          NULL};
    for (const char *const *g = good; *g; g++)
        assert_int_equal(run_smpi_check_platform(*g, &err), 0);
    assert_refused(run_smpi_check_platform, "cluster:16:1us",
                   "'cluster:16:1us' is not cluster:HOSTS:LAT:BW");
    assert_refused(run_smpi_check_platform, "cluster:16:1us:1Gbps:x",
                   "is not cluster:HOSTS:LAT:BW");
    assert_refused(run_smpi_check_platform, "cluster:0:1us:1Gbps", "HOSTS '0'");
    assert_refused(run_smpi_check_platform, "cluster:many:1us:1Gbps",
                   "HOSTS 'many'");
    assert_refused(run_smpi_check_platform, "cluster:4:1xs:1Gbps", "LAT '1xs'");
    assert_refused(run_smpi_check_platform, "cluster:4:-1us:1Gbps",
                   "LAT '-1us'");
    assert_refused(run_smpi_check_platform, "cluster:4:1us:1Gbit",
                   "BW '1Gbit'");
    assert_refused(run_smpi_check_platform, "cluster:4:1us:0Gbps",
                   "BW '0Gbps'");
    assert_refused(run_smpi_check_platform, "/no/such/platform.xml",
                   "'/no/such/platform.xml' is no readable SimGrid "
                   "platform file");
}

static void test_coll_checks(void **state)
{
    (void)state;
    mpchar_error err;
    assert_int_equal(run_smpi_check_colls("bcast:binomial_tree,allgather:"
                                          "ring,allreduce:rdb",
                                          &err),
                     0);
    assert_refused(run_smpi_check_colls, "bcast:bogus",
                   "'bcast:bogus' is no SMPI algorithm");
    assert_refused(run_smpi_check_colls, "pingpong:ring",
                   "'pingpong:ring' is no SMPI algorithm");
    assert_refused(run_smpi_check_colls, "bcast", "'bcast' is not COLL:ALG");
    assert_int_equal(run_smpi_check_selector("mpich", &err), 0);
    assert_refused(run_smpi_check_selector, "openmpi",
                   "unknown value 'openmpi' (default|ompi|");
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* A run of "smpi" into a fresh directory with the options given. */
static run_state *simulated_run(const char *platform, const char *colls)
{
    static run_state st;
    static run_library lib[8];
    static char dir[256];
    char *argv[5] = {"run", "--smpi-coll", (char *)colls};
    int argc = colls[0] ? 3 : 1;
    mpchar_error err;
    memset(&st, 0, sizeof st);
    memset(lib, 0, sizeof lib);
    if (platform) {
        argv[argc++] = "--platform";
        argv[argc++] = (char *)platform;
    }
    run_options_defaults(&st.opt);
    assert_int_equal(run_options_parse(argc, argv, &st.opt, &err), 0);
    snprintf(dir, sizeof dir, "%s/smpi-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(dir));
    st.out = dir;
    st.launcher = "";
    strcpy(lib[0].name, "smpi");
    strcpy(lib[0].base, "smpi");
    strcpy(lib[0].launcher, "/usr/bin/smpirun");
    lib[0].simulated = true;
    st.libs = malloc(sizeof lib);
    assert_non_null(st.libs);
    memcpy(st.libs, lib, sizeof lib[0]);
    st.nlibs = 1;
    return &st;
}

static void joined(char **argv, char *out, size_t len)
{
    out[0] = '\0';
    for (char **a = argv; *a; a++)
        snprintf(out + strlen(out), len - strlen(out), "%s%s",
                 a == argv ? "" : " ", *a);
}

static void test_cluster_files_and_command(void **state)
{
    (void)state;
    mpchar_error err;
    run_state *st = simulated_run("cluster:4:2us:1Gbps", "bcast:flattree");
    assert_int_equal(run_smpi_setup(st, false, &err), 0);
    assert_int_equal(st->nlibs, 2);
    assert_string_equal(st->libs[1].name, "smpi@bcast:flattree");
    char plan[4200];
    snprintf(plan, sizeof plan, "%s", st->smpi.plan_platform);
    assert_int_equal(access(plan, R_OK), 0);
    assert_int_equal(run_smpi_write_platform(st, &err), 0);
    assert_int_not_equal(access(plan, F_OK), 0); /* temporary: removed */
    char path[4200];
    snprintf(path, sizeof path, "%s/platform.xml", st->out);
    assert_string_equal(
        slurp(path),
        "<?xml version='1.0'?>\n"
        "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
        "<!-- mpchar run --platform cluster:4:2us:1Gbps (docs/scale.md) "
        "-->\n"
        "<platform version=\"4.1\">\n"
        "  <cluster id=\"cluster\" prefix=\"node-\" suffix=\"\" "
        "radical=\"0-3\" speed=\"1Gf\"\n"
        "           bw=\"1Gbps\" lat=\"2us\" sharing_policy=\"SPLITDUPLEX\"\n"
        "           bb_bw=\"1Gbps\" bb_lat=\"0s\" "
        "bb_sharing_policy=\"FATPIPE\"/>\n"
        "</platform>\n");
    snprintf(path, sizeof path, "%s/hosts.txt", st->out);
    assert_string_equal(slurp(path), "node-0\nnode-1\nnode-2\nnode-3\n");

    run_args b = {NULL, 0, 0, false};
    char line[8192], want[8192];
    run_smpi_push_launcher(&b, &st->libs[1], 8, NULL);
    joined(b.v, line, sizeof line);
    snprintf(want, sizeof want,
             "/usr/bin/smpirun -np 8 -platform %s/platform.xml -hostfile "
             "%s/hosts.txt --cfg=network/model:CM02 "
             "--cfg=network/crosstraffic:0 --cfg=network/TCP-gamma:0 "
             "--cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 "
             "--log=root.thres:warning --cfg=smpi/coll-selector:default "
             "--cfg=smpi/bcast:flattree",
             st->out, st->out);
    assert_string_equal(line, want);
    run_argv_free(b.v);

    json_t *sim = run_smpi_meta_json(st);
    json_t *cluster = json_object_get(sim, "cluster");
    assert_int_equal(json_integer_value(json_object_get(cluster, "hosts")), 4);
    assert_float_equal(
        json_real_value(json_object_get(cluster, "link_latency_us")), 2.0,
        1e-9);
    assert_float_equal(
        json_real_value(json_object_get(cluster, "link_bw_MBps")), 125.0, 1e-9);
    json_decref(sim);
    unlink(path);
    snprintf(path, sizeof path, "%s/platform.xml", st->out);
    unlink(path);
    rmdir(st->out);
    free(st->libs);
}

static void test_combinations(void **state)
{
    (void)state;
    mpchar_error err = {""};
    run_state *st = simulated_run(NULL, "");
    assert_int_equal(run_smpi_setup(st, false, &err), -1);
    assert_contains(err.msg, "--mpi smpi needs --platform");
    rmdir(st->out);
    free(st->libs);
    st = simulated_run("cluster:4:2us:1Gbps", "");
    st->libs[0].simulated = false; /* as if --mpi mpich */
    assert_int_equal(run_smpi_setup(st, false, &err), -1);
    assert_contains(err.msg, "is for simulated runs: add --mpi smpi");
    assert_null(run_smpi_meta_json(st));
    rmdir(st->out);
    free(st->libs);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_platform_check),
        cmocka_unit_test(test_coll_checks),
        cmocka_unit_test(test_cluster_files_and_command),
        cmocka_unit_test(test_combinations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
