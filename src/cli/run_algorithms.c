/* `mpchar run --algorithms`: the libraries' own collective algorithms as
 * libraries of their own.  Each item of the list (all, COLL, COLL:ALG,
 * LIB@COLL, LIB@COLL:ALG) selects entries of the algorithm table
 * (mpchar/lib_algorithms.h) whose base library is among those --mpi
 * resolved; each becomes a library "<base>@<coll>:<alg>" launched like its
 * base, measuring its collective only, with the environment (SMPI: the
 * smpirun options) that forces the algorithm. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/grow.h"
#include "run.h"

/* The parts of one item; empty where the item leaves them open. */
typedef struct alg_item {
    char lib[MPCHAR_NAME_MAX], pattern[MPCHAR_NAME_MAX], name[MPCHAR_NAME_MAX];
} alg_item;

static int split_item(const char *text, alg_item *it, mpchar_error *err)
{
    memset(it, 0, sizeof *it);
    if (strcmp(text, "all") == 0)
        return 0;
    const char *at = strchr(text, '@');
    const char *rest = at ? at + 1 : text;
    const char *colon = strchr(rest, ':');
    size_t nlib = at ? (size_t)(at - text) : 0;
    size_t npat = colon ? (size_t)(colon - rest) : strlen(rest);
    if ((at && nlib == 0) || npat == 0 || nlib >= sizeof it->lib ||
        npat >= sizeof it->pattern ||
        (colon && (!colon[1] || strlen(colon + 1) >= sizeof it->name)))
        return mpchar_error_set(err,
                                "--algorithms: '%s' is not all, COLL, "
                                "COLL:ALG, LIB@COLL or LIB@COLL:ALG",
                                text);
    memcpy(it->lib, text, nlib);
    memcpy(it->pattern, rest, npat);
    if (colon)
        strcpy(it->name, colon + 1);
    return 0;
}

static bool item_matches(const alg_item *it, const mpchar_lib_algorithm *a)
{
    return (!it->lib[0] || strcmp(it->lib, a->library) == 0) &&
           (!it->pattern[0] || strcmp(it->pattern, a->pattern) == 0) &&
           (!it->name[0] || strcmp(it->name, a->name) == 0);
}

const run_library *run_library_find(const run_library *libs, size_t count,
                                    const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(libs[i].name, name) == 0)
            return &libs[i];
    return NULL;
}

/* The variant of a on base, appended unless it is there already. */
static int add_variant(const mpchar_lib_algorithm *a, const run_library *base,
                       run_library **libs_p, size_t *count_p, size_t *cap_p,
                       mpchar_error *err)
{
    char name[MPCHAR_NAME_MAX];
    if (mpchar_lib_algorithm_variant(a, name) != 0)
        return mpchar_error_set(err,
                                "--algorithms: the name of %s's %s "
                                "algorithm %s is too long",
                                a->library, a->pattern, a->name);
    if (run_library_find(*libs_p, *count_p, name))
        return 0;
    run_library v = *base;
    snprintf(v.name, sizeof v.name, "%s", name);
    snprintf(v.pattern, sizeof v.pattern, "%s", a->pattern);
    v.nenv = mpchar_lib_algorithm_env(a, v.env);
    run_library *grown =
        mpchar_grow(*libs_p, cap_p, *count_p + 1, sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory");
    *libs_p = grown;
    grown[(*count_p)++] = v;
    return 0;
}

static int add_item(const char *text, size_t nbase, run_library **libs_p,
                    size_t *count_p, size_t *cap_p, mpchar_error *err)
{
    alg_item it;
    if (split_item(text, &it, err) != 0)
        return -1;
    size_t matched = 0;
    for (const mpchar_lib_algorithm *a = mpchar_lib_algorithms; a->library;
         a++) {
        const run_library *base = run_library_find(*libs_p, nbase, a->library);
        if (!base || !item_matches(&it, a))
            continue;
        run_library copy = *base; /* *libs_p may move as it grows */
        if (add_variant(a, &copy, libs_p, count_p, cap_p, err) != 0)
            return -1;
        matched++;
    }
    if (matched == 0)
        return mpchar_error_set(err,
                                "--algorithms: '%s' names no algorithm of "
                                "the libraries --mpi selects (the table "
                                "knows openmpi's, mpich's and smpi's; "
                                "docs/export.md lists them)",
                                text);
    return 0;
}

int run_libraries_add_algorithms(const char *spec, run_library **libs_p,
                                 size_t *count_p, mpchar_error *err)
{
    char copy[RUN_VALUE_MAX];
    size_t nbase = *count_p, cap = *count_p + 1;
    snprintf(copy, sizeof copy, "%s", spec);
    char *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save))
        if (add_item(t, nbase, libs_p, count_p, &cap, err) != 0)
            return -1;
    return 0;
}
