/* Unit tests for mpchar_grow (grow.h), mpchar_read_file and
 * mpchar_make_dirs (fileio.h).
 *
 * Growth keeps the contents, doubles from 8, leaves a large enough array
 * alone, and refuses sizes that overflow without touching the array;
 * whole-file reading returns the bytes with a NUL after them, and names
 * the file when it is missing or larger than allowed; making folders
 * creates every missing parent, accepts existing ones, and names the
 * folder it cannot create. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpchar/fileio.h"
#include "mpchar/grow.h"

static void test_grow_keeps_contents_and_doubles(void **state)
{
    (void)state;
    int *a = NULL;
    size_t cap = 0;
    for (int i = 0; i < 1000; i++) {
        int *g = mpchar_grow(a, &cap, (size_t)i + 1, sizeof *g);
        assert_non_null(g);
        a = g;
        a[i] = i;
        assert_true(cap >= (size_t)i + 1);
        /* Capacities are 8 times a power of two. */
        assert_int_equal(cap % 8, 0);
        assert_int_equal((cap / 8) & (cap / 8 - 1), 0);
    }
    for (int i = 0; i < 1000; i++)
        assert_int_equal(a[i], i);
    assert_int_equal(cap, 1024);
    free(a);
}

static void test_grow_leaves_room_alone(void **state)
{
    (void)state;
    size_t cap = 0;
    char *a = mpchar_grow(NULL, &cap, 100, 1);
    assert_non_null(a);
    assert_int_equal(cap, 128);
    assert_ptr_equal(mpchar_grow(a, &cap, 128, 1), a);
    assert_int_equal(cap, 128);
    free(a);
}

static void test_grow_overflow_is_refused(void **state)
{
    (void)state;
    size_t cap = 0;
    double *a = mpchar_grow(NULL, &cap, 4, sizeof *a);
    assert_non_null(a);
    a[3] = 2.5;
    assert_null(mpchar_grow(a, &cap, SIZE_MAX / 4, sizeof *a));
    assert_null(mpchar_grow(a, &cap, SIZE_MAX, 1));
    assert_int_equal(cap, 8);
    assert_true(a[3] == 2.5);
    free(a);
}

static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void test_read_file_round_trip(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/grow-test-%d.txt",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
    /* Larger than one read step, with a NUL byte inside. */
    size_t len = 200000;
    char *want = malloc(len);
    assert_non_null(want);
    for (size_t i = 0; i < len; i++)
        want[i] = (char)('a' + i % 26);
    want[1234] = '\0';
    write_file(path, want, len);
    char *got;
    size_t got_len;
    mpchar_error err;
    assert_int_equal(mpchar_read_file(path, len, &got, &got_len, &err), 0);
    assert_int_equal(got_len, len);
    assert_memory_equal(got, want, len);
    assert_int_equal(got[len], '\0');
    free(got);
    assert_int_equal(mpchar_read_file(path, len - 1, &got, &got_len, &err), -1);
    assert_non_null(strstr(err.msg, path));
    assert_non_null(strstr(err.msg, "larger than"));
    remove(path);
    assert_int_equal(mpchar_read_file(path, len, &got, &got_len, &err), -1);
    assert_non_null(strstr(err.msg, "cannot open"));
    free(want);
}

static void test_make_dirs(void **state)
{
    (void)state;
    char base[256], deep[512], file[512];
    struct stat st;
    mpchar_error err;
    snprintf(base, sizeof base, "%s/dirs-test-%d",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
    snprintf(deep, sizeof deep, "%s/a/b/c", base);
    assert_int_equal(mpchar_make_dirs(deep, &err), 0);
    assert_int_equal(stat(deep, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_int_equal(mpchar_make_dirs(deep, &err), 0);
    snprintf(file, sizeof file, "%s/a/f", base);
    write_file(file, "x", 1);
    snprintf(deep, sizeof deep, "%s/a/f/g", base);
    assert_int_equal(mpchar_make_dirs(deep, &err), -1);
    assert_non_null(strstr(err.msg, deep));
    assert_non_null(strstr(err.msg, "cannot create"));
    remove(file);
    static const char *const made[] = {"/a/b/c", "/a/b", "/a", ""};
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
        snprintf(deep, sizeof deep, "%s%s", base, made[i]);
        assert_int_equal(rmdir(deep), 0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grow_keeps_contents_and_doubles),
        cmocka_unit_test(test_grow_leaves_room_alone),
        cmocka_unit_test(test_grow_overflow_is_refused),
        cmocka_unit_test(test_read_file_round_trip),
        cmocka_unit_test(test_make_dirs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
