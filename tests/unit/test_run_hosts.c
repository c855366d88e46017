/* Unit tests of the hosts of a multi-host run (src/cli/run_hosts.c):
 * known placements (hosts filled in order up to their slots), the
 * launcher's host list and meta.json's placement for them, the launch
 * commands of Open MPI and MPICH with hosts and oversubscribed (MPICH's
 * yield preloaded), and bad --hosts, --hostfile
 * and process counts each refused with one message naming the culprit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "run.h"

static void read_hosts(const char *opt, const char *value, run_hosts *h,
                       int want_rc, const char *want_msg)
{
    run_options o;
    mpchar_error err = {""};
    run_options_defaults(&o);
    run_set_value(&o, opt, value);
    int rc = run_hosts_read(&o, h, &err);
    assert_int_equal(rc, want_rc);
    if (want_msg && !strstr(err.msg, want_msg))
        fail_msg("'%s' not in '%s'", want_msg, err.msg);
}

static void test_placement(void **state)
{
    (void)state;
    run_hosts h;
    char spec[256];
    long ranks[RUN_HOSTS_MAX];
    read_hosts("hosts", "a,b:3,c", &h, 0, NULL);
    assert_int_equal(h.count, 3);
    assert_int_equal(h.slots, 5);
    run_hosts_place(&h, 4, ranks);
    assert_int_equal(ranks[0], 1);
    assert_int_equal(ranks[1], 3);
    assert_int_equal(ranks[2], 0);
    run_hosts_spec(&h, 4, spec, sizeof spec);
    assert_string_equal(spec, "a:1,b:3");
    run_hosts_spec(&h, 5, spec, sizeof spec);
    assert_string_equal(spec, "a:1,b:3,c:1");
    run_hosts_spec(&h, 1, spec, sizeof spec);
    assert_string_equal(spec, "a:1");
}

static void test_placement_json(void **state)
{
    (void)state;
    run_hosts h;
    long ps[] = {2, 4};
    read_hosts("hosts", "bed1:2,bed2:2", &h, 0, NULL);
    json_t *j = run_hosts_json(&h, ps, 2);
    json_t *per_p = json_object_get(j, "per_p");
    json_t *p2 = json_array_get(per_p, 0), *p4 = json_array_get(per_p, 1);
    /* 2 processes pack onto bed1; 4 fill both hosts */
    assert_int_equal(json_integer_value(json_object_get(p2, "nodes")), 1);
    assert_int_equal(json_integer_value(json_object_get(p2, "ppn")), 2);
    assert_int_equal(json_integer_value(json_object_get(p4, "nodes")), 2);
    assert_int_equal(json_integer_value(json_object_get(p4, "ppn")), 2);
    assert_int_equal(json_integer_value(json_object_get(
                         json_object_get(p4, "ranks_per_host"), "bed2")),
                     2);
    json_decref(j);
    memset(&h, 0, sizeof h);
    j = run_hosts_json(&h, ps, 2);
    assert_true(json_is_null(j));
}

/* --ppn: the same p in seed 000's node configurations, 4 hosts x 1,
 * 2 x 2 and 1 x 4, each named in the rows and in meta.json. */
static void test_ppn(void **state)
{
    (void)state;
    run_options o;
    run_hosts h;
    mpchar_error err = {""};
    char name[MPCHAR_NAME_MAX], spec[256];
    const long *caps;
    long ps[] = {4};
    run_options_defaults(&o);
    run_set_value(&o, "hosts", "b1:4,b2:4,b3:4,b4:4");
    run_set_value(&o, "ppn", "1,2,4");
    assert_int_equal(run_hosts_read(&o, &h, &err), 0);
    assert_int_equal(run_hosts_caps(&h, &caps), 3);
    assert_int_equal(run_hosts_check_p(&h, 4, &err), 0);
    const char *want[] = {"4x1", "2x2", "1x4"};
    const char *want_spec[] = {"b1:1,b2:1,b3:1,b4:1", "b1:2,b2:2", "b1:4"};
    for (size_t c = 0; c < 3; c++) {
        h.cap = caps[c];
        run_hosts_placement(&h, 4, name, sizeof name);
        assert_string_equal(name, want[c]);
        run_hosts_spec(&h, 4, spec, sizeof spec);
        assert_string_equal(spec, want_spec[c]);
    }
    h.cap = 0;
    json_t *j = run_hosts_json(&h, ps, 1);
    json_t *per_p = json_object_get(j, "per_p");
    assert_int_equal(json_array_size(per_p), 3);
    assert_string_equal(json_string_value(json_object_get(
                            json_array_get(per_p, 1), "placement")),
                        "2x2");
    json_decref(j);
    /* 5 processes do not fit 4 hosts at 1 per host */
    assert_int_equal(run_hosts_check_p(&h, 5, &err), -1);
    assert_non_null(strstr(err.msg, "--ppn 1"));
    /* no hosts: nothing to place, and the column says so */
    memset(&h, 0, sizeof h);
    run_hosts_placement(&h, 4, name, sizeof name);
    assert_string_equal(name, "-");
    run_options_defaults(&o);
    run_set_value(&o, "ppn", "1,2");
    assert_int_equal(run_hosts_read(&o, &h, &err), -1);
    assert_non_null(strstr(err.msg, "--ppn places processes on hosts"));
    run_set_value(&o, "hosts", "b1:2");
    run_set_value(&o, "ppn", "0");
    assert_int_equal(run_hosts_read(&o, &h, &err), -1);
    assert_non_null(strstr(err.msg, "--ppn"));
}

static void test_hostfile(void **state)
{
    (void)state;
    char path[] = "/tmp/mpchar-hostfile-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("# the bed\n  bed1:2  \n\nbed2 # one slot\n", f);
    fclose(f);
    run_hosts h;
    read_hosts("hostfile", path, &h, 0, NULL);
    assert_int_equal(h.count, 2);
    assert_string_equal(h.host[0].name, "bed1");
    assert_int_equal(h.host[0].slots, 2);
    assert_int_equal(h.host[1].slots, 1);
    f = fopen(path, "w");
    fputs("bed1\nbed2 slots=2\n", f);
    fclose(f);
    char where[64];
    snprintf(where, sizeof where, "%s:2: expected HOST[:SLOTS]", path);
    read_hosts("hostfile", path, &h, -1, where);
    /* a long line is refused, not read in pieces (its tail a host) */
    f = fopen(path, "w");
    fprintf(f, "bed1\n# %0600d\nbed2\n", 0);
    fclose(f);
    snprintf(where, sizeof where, "%s:2: line longer than", path);
    read_hosts("hostfile", path, &h, -1, where);
    f = fopen(path, "w");
    fputs("# nothing\n", f);
    fclose(f);
    read_hosts("hostfile", path, &h, -1, "names no host");
    unlink(path);
    read_hosts("hostfile", path, &h, -1, "No such file");
}

static void test_bad_hosts(void **state)
{
    (void)state;
    run_hosts h;
    read_hosts("hosts", "a,,b", &h, -1, "empty host name");
    read_hosts("hosts", "a,", &h, -1, "empty host name");
    read_hosts("hosts", "a:0", &h, -1, "slots '0'");
    read_hosts("hosts", "a:x", &h, -1, "slots 'x'");
    read_hosts("hosts", "a,a", &h, -1, "named twice");
    read_hosts("hosts", "a b", &h, -1, "not a host name");
    read_hosts("hosts", "a,b", &h, 0, NULL);
    mpchar_error err = {""};
    assert_int_equal(run_hosts_check_p(&h, 2, &err), 0);
    assert_int_equal(run_hosts_check_p(&h, 3, &err), -1);
    assert_non_null(strstr(err.msg, "--p 3 is more than the 2 slots"));

    run_options o;
    run_options_defaults(&o);
    run_set_value(&o, "hosts", "a");
    run_set_value(&o, "hostfile", "f");
    assert_int_equal(run_hosts_read(&o, &h, &err), -1);
    assert_non_null(strstr(err.msg, "exclude each other"));
    run_set_value(&o, "hostfile", "");
    run_set_value(&o, "launcher", "srun -n {p}");
    assert_int_equal(run_hosts_read(&o, &h, &err), -1);
    assert_non_null(strstr(err.msg, "--hosts and --launcher"));
}

/* The words of a launch command, joined by spaces. */
static void command_of(const char *base, const run_hosts *h, long p, char *buf,
                       size_t len, int want_rc, mpchar_error *err)
{
    run_library lib;
    mpchar_sysinfo sys;
    char **argv = NULL;
    char *none[] = {NULL};
    memset(&lib, 0, sizeof lib);
    memset(&sys, 0, sizeof sys);
    sys.cores = 2;
    snprintf(lib.base, sizeof lib.base, "%s", base);
    snprintf(lib.launcher, sizeof lib.launcher, "L");
    snprintf(lib.bench, sizeof lib.bench, "B");
    snprintf(lib.yield_preload, sizeof lib.yield_preload, "Y.so");
    assert_int_equal(run_launch_command(&lib, "", &sys, h, p, none, &argv, err),
                     want_rc);
    buf[0] = '\0';
    for (char **a = argv; a && *a; a++) {
        strncat(buf, *a, len - strlen(buf) - 2);
        strcat(buf, " ");
    }
    run_argv_free(argv);
}

static void test_launch_commands(void **state)
{
    (void)state;
    run_hosts h;
    char cmd[512];
    mpchar_error err = {""};
    read_hosts("hosts", "bed1,bed2", &h, 0, NULL);
    command_of("mpich", &h, 2, cmd, sizeof cmd, 0, &err);
    assert_string_equal(cmd, "L -n 2 -hosts bed1:1,bed2:1 B ");
    command_of("openmpi", &h, 2, cmd, sizeof cmd, 0, &err);
    assert_non_null(strstr(cmd, "-H bed1:1,bed2:1 --bind-to none B "));
    command_of("builtin", &h, 2, cmd, sizeof cmd, -1, &err);
    assert_non_null(strstr(err.msg, "one host only"));
    memset(&h, 0, sizeof h);
    command_of("mpich", &h, 2, cmd, sizeof cmd, 0, &err);
    assert_string_equal(cmd, "L -n 2 -bind-to core B ");
    /* oversubscribed: MPICH's ranks get the yield ahead of LD_PRELOAD */
    unsetenv("LD_PRELOAD");
    command_of("mpich", &h, 3, cmd, sizeof cmd, 0, &err);
    assert_string_equal(cmd, "L -n 3 -genv LD_PRELOAD Y.so B ");
    setenv("LD_PRELOAD", "u.so", 1);
    command_of("mpich", &h, 3, cmd, sizeof cmd, 0, &err);
    assert_string_equal(cmd, "L -n 3 -genv LD_PRELOAD Y.so:u.so B ");
    unsetenv("LD_PRELOAD");
    command_of("openmpi", &h, 3, cmd, sizeof cmd, 0, &err);
    assert_null(strstr(cmd, "Y.so"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_placement),
        cmocka_unit_test(test_placement_json),
        cmocka_unit_test(test_ppn),
        cmocka_unit_test(test_hostfile),
        cmocka_unit_test(test_bad_hosts),
        cmocka_unit_test(test_launch_commands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
