/* Unit tests of `mpchar run`'s option table (src/cli/run_options.c): for
 * every entry, generically, so that an option added to the table is tested
 * without a word here: it is in --help; it parses, and a bad use of it is
 * rejected naming it; --quick sets its value where it is not given; what
 * mpchar run passes on is accepted by mpchar-bench's own parser under the
 * bench's own name; and it survives meta.json (written, then read back as
 * --resume does), older meta.json files included. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "bench.h"
#include "run.h"
#include "unit_assert.h"

/* A value each option accepts: its default, or one that differs from it
 * (which --resume must then read back, not default). */
static const char *valid_value(const run_option *r)
{
    return r->kind == RUN_FLAG ? NULL : r->o.def ? r->o.def : "x";
}

static const char *other_value(const run_option *r, char *buf, size_t len)
{
    if (r->kind == RUN_FLAG)
        return "true";
    if (r->kind == RUN_SECONDS)
        return "7.5";
    snprintf(buf, len, "v-%s", r->o.name);
    return buf;
}

static int parse(run_options *o, mpchar_error *err, ...)
{
    char *argv[16] = {"run"};
    int argc = 1;
    va_list ap;
    va_start(ap, err);
    for (char *a; (a = va_arg(ap, char *)) != NULL;)
        argv[argc++] = a;
    va_end(ap);
    return run_options_parse(argc, argv, o, err);
}

static void test_every_option_in_help(void **state)
{
    (void)state;
    char *text = NULL, needle[64];
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    run_options_usage(f);
    fclose(f);
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        snprintf(needle, sizeof needle, "\n  --%s%s", r->o.name,
                 r->o.arg ? " " : "");
        assert_contains(text, needle);
        if (r->o.def && r->kind != RUN_FLAG) {
            snprintf(needle, sizeof needle, "(default %s)", r->o.def);
            assert_contains(text, needle);
        }
        if (r->quick && r->kind != RUN_FLAG) {
            snprintf(needle, sizeof needle, "--%s %s", r->o.name, r->quick);
            assert_contains(text, needle);
        }
    }
    free(text);
}

/* Each option alone parses, holds its value and counts as given; the
 * others keep their defaults. */
static void test_every_option_parses(void **state)
{
    (void)state;
    static run_options o, defaults;
    mpchar_error err;
    char buf[64], flag[64];
    run_options_defaults(&defaults);
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        const char *v =
            r->kind == RUN_FLAG ? NULL : other_value(r, buf, sizeof buf);
        snprintf(flag, sizeof flag, "--%s", r->o.name);
        assert_int_equal(parse(&o, &err, flag, v, NULL), 0);
        assert_string_equal(o.value[i], v ? v : "true");
        assert_true(o.given[i]);
        for (size_t k = 0; k < run_options_count; k++)
            if (k != i)
                assert_string_equal(o.value[k], defaults.value[k]);
    }
}

/* A missing value, a value given to a flag, an empty value and every
 * table check's bad value name the option, in one line. */
static void test_bad_use_names_the_option(void **state)
{
    (void)state;
    static run_options o;
    mpchar_error err;
    char flag[64], with_value[80];
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        snprintf(flag, sizeof flag, "--%s", r->o.name);
        if (r->kind == RUN_FLAG) {
            snprintf(with_value, sizeof with_value, "%s=yes", flag);
            assert_int_equal(parse(&o, &err, with_value, NULL), -1);
        } else {
            assert_int_equal(parse(&o, &err, flag, NULL), -1);
            assert_contains(err.msg, flag);
            assert_int_equal(parse(&o, &err, flag, "", NULL), -1);
        }
        assert_contains(err.msg, flag);
        assert_null(strchr(err.msg, '\n'));
        if (!r->check)
            continue;
        assert_int_equal(parse(&o, &err, flag, "bad", NULL), 0);
        assert_int_equal(run_options_check(&o, &err), -1);
        assert_contains(err.msg, flag);
        assert_contains(err.msg, "'bad'");
    }
    assert_int_equal(parse(&o, &err, "--bogus", NULL), -1);
    assert_contains(err.msg, "--bogus");
    assert_int_equal(parse(&o, &err, "stray", NULL), -1);
    assert_contains(err.msg, "'stray'");
    assert_int_equal(parse(&o, &err, "--resume", "d", "--raw", NULL), -1);
    assert_contains(err.msg, "--resume takes no other options");
    assert_int_equal(parse(&o, &err, "--point-timeout", "0.5", NULL), 0);
    assert_int_equal(run_options_check(&o, &err), -1);
    assert_int_equal(parse(&o, &err, "--help", "--bogus", NULL),
                     MPCHAR_OPTIONS_HELP);
}

/* --quick sets the table's values where the option is not given. */
static void test_quick(void **state)
{
    (void)state;
    static run_options o;
    mpchar_error err;
    assert_int_equal(parse(&o, &err, "--quick", "--p", "3", NULL), 0);
    run_options_apply_quick(&o);
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        if (r->quick)
            assert_string_equal(o.value[i], r->quick);
    }
    assert_string_equal(run_value(&o, "p"), "3");
    /* Real timings only: p stays 2..cores unless asked (docs/timing.md,
     * Stopping rule), and points stop once their minimum settled. */
    assert_false(run_flag(&o, "oversubscribe"));
    assert_string_equal(run_value(&o, "settle-rounds"), "3");
    assert_int_equal(parse(&o, &err, "--quick", NULL), 0);
    run_options_apply_quick(&o);
    assert_string_equal(run_value(&o, "p"), "");
    assert_int_equal(parse(&o, &err, "--max-size", "2K", NULL), 0);
    run_options_apply_quick(&o);
    assert_string_equal(run_value(&o, "max-size"), "2K");
    assert_string_equal(run_value(&o, "p"), "");
}

/* mpchar-bench's parser takes what the table passes on, under the bench's
 * own names, with the defaults and with --quick's values; and every
 * option the table passes on is there, with its value. */
static void test_bench_takes_the_arguments(void **state)
{
    (void)state;
    static run_options o;
    for (int quick = 0; quick < 2; quick++) {
        run_options_defaults(&o);
        for (size_t i = 0; i < run_options_count; i++) {
            const run_option *r = &run_options_table[i];
            const char *v = valid_value(r);
            snprintf(o.value[i], RUN_VALUE_MAX, "%s", v ? v : "true");
        }
        if (quick)
            run_options_apply_quick(&o);
        run_args args = {NULL, 0, 0, false};
        run_args_push(&args, "mpchar-bench");
        run_args_push(&args, "--p");
        run_args_push(&args, "2");
        run_options_bench_args(&o, &args);
        assert_false(args.failed);
        for (size_t i = 0; i < run_options_count; i++) {
            const run_option *r = &run_options_table[i];
            char flag[64];
            size_t k = 3; /* after "mpchar-bench --p 2" */
            snprintf(flag, sizeof flag, "--%s", r->o.name);
            while (k < args.count && strcmp(args.v[k], flag) != 0)
                k++;
            assert_int_equal(k < args.count, r->bench);
            if (r->bench && r->kind != RUN_FLAG)
                assert_string_equal(args.v[k + 1], o.value[i]);
        }
        bench_options b;
        mpchar_error err = {""};
        int exit_code;
        assert_int_equal(
            bench_options_parse((int)args.count, args.v, &b, &exit_code, &err),
            0);
        assert_string_equal(err.msg, "");
        assert_int_equal(exit_code, -1);
        assert_int_equal(b.min_reps, atol(run_value(&o, "min-reps")));
        assert_true(b.check && b.raw && b.rotate_root);
        bench_options_free(&b);
        run_argv_free(args.v);
    }
}

/* ---- meta.json ----------------------------------------------------------- */

static char tmpdir[256];

static int make_tmpdir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "%s/run_options.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_tmpdir(void **state)
{
    char path[512];
    (void)state;
    snprintf(path, sizeof path, "%s/%s", tmpdir, MPCHAR_META_FILE);
    unlink(path);
    return rmdir(tmpdir);
}

/* Writes meta.json for a run whose every option has other_value. */
static void write_meta(run_state *st)
{
    char buf[64];
    mpchar_error err;
    memset(st, 0, sizeof *st);
    run_options_defaults(&st->opt);
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        snprintf(st->opt.value[i], RUN_VALUE_MAX, "%s",
                 other_value(r, buf, sizeof buf));
    }
    st->out = tmpdir;
    st->launches = json_array();
    assert_int_equal(run_meta_write(st, "complete", &err), 0);
    json_decref(st->launches);
}

/* Edits meta.json's options: fn(options object). */
static void edit_meta(void (*fn)(json_t *options, const run_option *r),
                      const run_option *r)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmpdir, MPCHAR_META_FILE);
    json_t *root = json_load_file(path, 0, NULL);
    assert_non_null(root);
    fn(json_object_get(root, "options"), r);
    assert_int_equal(json_dump_file(root, path, JSON_INDENT(2)), 0);
    json_decref(root);
}

static void test_meta_round_trip(void **state)
{
    (void)state;
    static run_state st;
    static run_options back;
    mpchar_error err;
    write_meta(&st);
    assert_int_equal(run_meta_read_options(tmpdir, &back, &err), 0);
    for (size_t i = 0; i < run_options_count; i++) {
        if (!run_options_table[i].meta_key)
            continue;
        assert_string_equal(back.value[i], st.opt.value[i]);
        assert_false(back.given[i]); /* read back, not typed */
    }
}

static void drop(json_t *options, const run_option *r)
{
    json_object_del(options, r->meta_key);
}

static void mistype(json_t *options, const run_option *r)
{
    json_object_set_new(options, r->meta_key,
                        r->kind == RUN_TEXT ? json_integer(3)
                                            : json_string("3"));
}

/* A key older versions did not write reads as they ran; a missing
 * required key or a value of the wrong type names the field. */
static void test_meta_older_and_damaged(void **state)
{
    (void)state;
    static run_state st;
    static run_options back;
    char field[64];
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        mpchar_error err;
        if (!r->meta_key)
            continue;
        snprintf(field, sizeof field, "'options.%s'", r->meta_key);
        write_meta(&st);
        edit_meta(drop, r);
        if (r->before) {
            assert_int_equal(run_meta_read_options(tmpdir, &back, &err), 0);
            assert_string_equal(back.value[i], r->before);
        } else {
            assert_int_equal(run_meta_read_options(tmpdir, &back, &err), -1);
            assert_contains(err.msg, field);
        }
        write_meta(&st);
        edit_meta(mistype, r);
        assert_int_equal(run_meta_read_options(tmpdir, &back, &err), -1);
        assert_contains(err.msg, field);
        assert_contains(err.msg, MPCHAR_META_FILE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_option_in_help),
        cmocka_unit_test(test_every_option_parses),
        cmocka_unit_test(test_bad_use_names_the_option),
        cmocka_unit_test(test_quick),
        cmocka_unit_test(test_bench_takes_the_arguments),
        cmocka_unit_test(test_meta_round_trip),
        cmocka_unit_test(test_meta_older_and_damaged),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
