/* The MPI libraries' own algorithms (src/common/lib_algorithms.c) and
 * their expansion by `mpchar run --algorithms` (src/cli/run_algorithms.c):
 * the table holds only collectives mpchar-bench measures, unique entries
 * and Open MPI ids, names that make valid library names; a variant's name
 * reads back as its entry; the settings that force it are the documented
 * ones; and --algorithms selects exactly the entries its items name. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mpchar/lib_algorithms.h"
#include "mpchar/patterns.h"
#include "run.h"

static void test_table(void **state)
{
    (void)state;
    size_t count = 0;
    for (const mpchar_lib_algorithm *a = mpchar_lib_algorithms; a->library;
         a++, count++) {
        const mpchar_pattern_facts *f = mpchar_pattern_find(a->pattern);
        assert_non_null(f);
        assert_int_equal(f->kind, MPCHAR_KIND_COLLECTIVE);
        assert_true(strcmp(a->library, "openmpi") == 0 ||
                    strcmp(a->library, "mpich") == 0 ||
                    strcmp(a->library, "smpi") == 0);
        assert_true(strcmp(a->library, "openmpi") != 0 || a->id > 0);
        char name[MPCHAR_NAME_MAX];
        assert_int_equal(mpchar_lib_algorithm_variant(a, name), 0);
        assert_true(mpchar_name_valid(name));
        int malformed = -1;
        assert_ptr_equal(mpchar_lib_algorithm_of(name, &malformed), a);
        assert_int_equal(malformed, 0);
        for (const mpchar_lib_algorithm *b = a + 1; b->library; b++) {
            if (strcmp(a->library, b->library) ||
                strcmp(a->pattern, b->pattern))
                continue;
            assert_string_not_equal(a->name, b->name);
            assert_true(strcmp(a->library, "openmpi") != 0 || a->id != b->id);
        }
    }
    /* Open MPI 4.1's, MPICH 4.0's and SimGrid 3.32 SMPI's */
    assert_int_equal(count, 51 + 37 + 103);
}

static void test_names(void **state)
{
    (void)state;
    int malformed = -1;
    assert_null(mpchar_lib_algorithm_of("openmpi", &malformed));
    assert_int_equal(malformed, 0);
    assert_null(mpchar_lib_algorithm_of("openmpi@bcast:nosuch", &malformed));
    assert_int_equal(malformed, 1);
    assert_null(mpchar_lib_algorithm_of("openmpi@bcast", &malformed));
    assert_int_equal(malformed, 1);
    assert_null(mpchar_lib_algorithm_of("builtin@bcast:binomial", &malformed));
    assert_int_equal(malformed, 1);
    const mpchar_lib_algorithm *a =
        mpchar_lib_algorithm_of("mpich@reduce_scatter:recursive_halving", NULL);
    assert_non_null(a);
    assert_string_equal(a->pattern, "reduce_scatter");
}

static void test_env(void **state)
{
    (void)state;
    char env[MPCHAR_ALG_ENV_MAX][MPCHAR_ALG_ENV_LEN];
    const mpchar_lib_algorithm *o =
        mpchar_lib_algorithm_find("openmpi", "bcast", "binomial");
    assert_int_equal(mpchar_lib_algorithm_env(o, env), 2);
    assert_string_equal(env[0], "OMPI_MCA_coll_tuned_use_dynamic_rules=1");
    assert_string_equal(env[1], "OMPI_MCA_coll_tuned_bcast_algorithm=6");
    const mpchar_lib_algorithm *m =
        mpchar_lib_algorithm_find("mpich", "reduce_scatter", "pairwise");
    assert_int_equal(mpchar_lib_algorithm_env(m, env), 2);
    assert_string_equal(env[0], "MPIR_CVAR_DEVICE_COLLECTIVES=none");
    assert_string_equal(env[1],
                        "MPIR_CVAR_REDUCE_SCATTER_INTRA_ALGORITHM=pairwise");
    assert_false(mpchar_lib_algorithm_as_args(o));
    assert_false(mpchar_lib_algorithm_as_args(m));
    /* SimGrid reads no environment: an smpirun option. */
    const mpchar_lib_algorithm *s =
        mpchar_lib_algorithm_find("smpi", "allgather", "ring");
    assert_true(mpchar_lib_algorithm_as_args(s));
    assert_int_equal(mpchar_lib_algorithm_env(s, env), 1);
    assert_string_equal(env[0], "--cfg=smpi/allgather:ring");
}

/* --algorithms SPEC over the base libraries named; the variants' names
 * joined by spaces into out. */
static int expand(const char *spec, const char *const *bases, char *out,
                  char *msg)
{
    size_t count = 0;
    run_library *libs = calloc(4, sizeof *libs);
    assert_non_null(libs);
    for (; bases[count]; count++) {
        strcpy(libs[count].name, bases[count]);
        strcpy(libs[count].base, bases[count]);
    }
    size_t nbase = count;
    mpchar_error err = {""};
    int rc = run_libraries_add_algorithms(spec, &libs, &count, &err);
    out[0] = '\0';
    for (size_t i = nbase; rc == 0 && i < count; i++) {
        strcat(out, i > nbase ? " " : "");
        strcat(out, libs[i].name);
        size_t nbase_name = (size_t)(strchr(libs[i].name, '@') - libs[i].name);
        assert_int_equal(strlen(libs[i].base), nbase_name);
        assert_memory_equal(libs[i].base, libs[i].name, nbase_name);
        assert_string_equal(
            libs[i].pattern,
            mpchar_lib_algorithm_of(libs[i].name, NULL)->pattern);
        assert_int_equal(libs[i].nenv,
                         strcmp(libs[i].base, "smpi") == 0 ? 1 : 2);
    }
    strcpy(msg, err.msg);
    free(libs);
    return rc;
}

static void test_expand(void **state)
{
    (void)state;
    const char *const both[] = {"openmpi", "mpich", NULL};
    const char *const ompi[] = {"openmpi", NULL};
    const char *const builtin[] = {"builtin", NULL};
    const char *const smpi[] = {"openmpi", "smpi", NULL};
    static char out[16384], msg[1024];
    assert_int_equal(expand("", both, out, msg), 0);
    assert_string_equal(out, "");
    assert_int_equal(expand("scan", both, out, msg), 0);
    assert_string_equal(out, "openmpi@scan:linear "
                             "openmpi@scan:recursive_doubling mpich@scan:nb "
                             "mpich@scan:smp mpich@scan:recursive_doubling");
    assert_int_equal(
        expand("gather:binomial,mpich@scatter,gather:binomial", both, out, msg),
        0);
    assert_string_equal(out, "openmpi@gather:binomial mpich@gather:binomial "
                             "mpich@scatter:binomial mpich@scatter:nb");
    assert_int_equal(expand("scatter:binomial", ompi, out, msg), 0);
    assert_string_equal(out, "openmpi@scatter:binomial");
    assert_int_equal(expand("all", ompi, out, msg), 0);
    assert_int_equal((int)(strlen(out) > 0), 1);
    assert_int_equal(
        expand("smpi@bcast:binomial_tree,allreduce:rdb", smpi, out, msg), 0);
    assert_string_equal(out, "smpi@bcast:binomial_tree smpi@allreduce:rdb");
    assert_int_equal(expand("bcast", builtin, out, msg), -1);
    assert_non_null(strstr(msg, "--algorithms: 'bcast' names no algorithm"));
    assert_int_equal(expand("bcast:nosuch", both, out, msg), -1);
    assert_non_null(strstr(msg, "'bcast:nosuch' names no algorithm"));
    assert_int_equal(expand("@bcast", both, out, msg), -1);
    assert_non_null(strstr(msg, "'@bcast' is not all, COLL"));
    assert_int_equal(expand("bcast:", both, out, msg), -1);
    assert_non_null(strstr(msg, "'bcast:' is not all, COLL"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_env),
        cmocka_unit_test(test_expand),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
