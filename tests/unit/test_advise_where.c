/* Unit tests of where `mpchar advise --verify` measures
 * (src/cli/advise_where.c): the mpchar run options read from synthetic
 * meta.json files with known placements (hosts with slots, a cluster
 * spec, a platform file copied into the directory, none), and a
 * malformed placement or simulation refused naming the field. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "advise_where.h"

/* A fresh directory holding meta.json with the given text (NULL: none). */
static void make_dir(char *dir, size_t len, const char *meta)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, len, "%s/advise-where.XXXXXX", tmp ? tmp : "/tmp");
    assert_non_null(mkdtemp(dir));
    if (!meta)
        return;
    char path[4200];
    snprintf(path, sizeof path, "%s/meta.json", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(meta, f);
    fclose(f);
}

static void remove_dir(const char *dir)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/meta.json", dir);
    unlink(path);
    rmdir(dir);
}

/* Reads DIR's options and compares them, joined by spaces, with want,
 * where "@DIR@" stands for the directory. */
static void expect_words(const char *meta, const char *want_text)
{
    char dir[4096], want[8192], got[8192] = "";
    advise_where w;
    mpchar_error err = {""};
    make_dir(dir, sizeof dir, meta);
    assert_int_equal(advise_where_read(dir, &w, &err), 0);
    for (size_t i = 0; i < w.count; i++) {
        strcat(got, i ? " " : "");
        strcat(got, w.argv[i]);
    }
    const char *at = strstr(want_text, "@DIR@");
    if (at)
        snprintf(want, sizeof want, "%.*s%s%s", (int)(at - want_text),
                 want_text, dir, at + strlen("@DIR@"));
    else
        snprintf(want, sizeof want, "%s", want_text);
    assert_string_equal(got, want);
    advise_where_free(&w);
    remove_dir(dir);
}

static void expect_error(const char *meta, const char *want_msg)
{
    char dir[4096];
    advise_where w;
    mpchar_error err = {""};
    make_dir(dir, sizeof dir, meta);
    assert_int_equal(advise_where_read(dir, &w, &err), -1);
    assert_int_equal(w.count, 0);
    if (!strstr(err.msg, want_msg) || !strstr(err.msg, "meta.json"))
        fail_msg("'%s' not in '%s'", want_msg, err.msg);
    remove_dir(dir);
}

#define SIM(platform)                                                  \
    "{\"placement\": null, \"simulation\": {\"platform\": \"" platform \
    "\", \"platform_file\": \"platform.xml\", \"coll_selector\": "     \
    "\"ompi\"}}"
#define SIM_REPS " --rounds 1 --min-reps 2 --max-reps 3"

static void test_local(void **state)
{
    (void)state;
    expect_words(NULL, "");
    expect_words("{\"placement\": null}", "");
    expect_words("{\"schema\": \"x\"}", "");
}

static void test_hosts(void **state)
{
    (void)state;
    /* --hostfile runs too: meta.json lists the hosts with their slots */
    expect_words("{\"placement\": {\"hosts\": [{\"name\": \"bed1\", \"slots\": "
                 "1}, {\"name\": \"bed2\", \"slots\": 2}], \"per_p\": []}}",
                 "--hosts bed1:1,bed2:2");
}

static void test_platform(void **state)
{
    (void)state;
    expect_words(SIM("cluster:16:5us:1Gbps"),
                 "--platform cluster:16:5us:1Gbps --smpi-coll-selector "
                 "ompi" SIM_REPS);
    /* a platform file: the copy in the directory, not the path as typed */
    expect_words(SIM("../my.xml"), "--platform @DIR@/platform.xml "
                                   "--smpi-coll-selector ompi" SIM_REPS);
}

static void test_bad(void **state)
{
    (void)state;
    expect_error("{\"placement\": ", "meta.json:1:");
    expect_error("{\"placement\": {\"hosts\": []}}",
                 "field 'placement.hosts' is not a list");
    expect_error("{\"placement\": {\"hosts\": [{\"name\": \"a\", \"slots\": "
                 "1}, {\"name\": \"b\"}]}}",
                 "field 'placement.hosts[1]' needs a 'name' and whole "
                 "'slots'");
    expect_error("{\"simulation\": {\"platform\": \"cluster:2:1us:1Gbps\"}}",
                 "field 'simulation' needs 'platform', 'platform_file' and "
                 "'coll_selector'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_local),
        cmocka_unit_test(test_hosts),
        cmocka_unit_test(test_platform),
        cmocka_unit_test(test_bad),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
