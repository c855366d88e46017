/* The libraries `mpchar apps` runs the kernels with and one launch of a
 * kernel.  Libraries are `mpchar run`'s (run_libraries.c: the same names,
 * builtin-sr included, the same launch commands, mpchar-exec for builtin)
 * with the program mpchar-kernels-<library> in place of mpchar-bench.  A launch is
 * run_launch's, its stdout read line by line for the result lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps_run.h"
#include "mpchar/grow.h"

/* run_launch's per-point limit, unused here: no kernel prints "@@mpchar"
 * lines, so a launch is ended after run_launch's 300 s without a line (a
 * repetition longer than that: class B of EP at p = 1 is about 2 min). */
#define APPS_LAUNCH_TIMEOUT_S 600.0

/* lib's kernels program, beside its benchmark. */
static int use_kernels(run_library *lib, mpchar_error *err)
{
    char *slash = strrchr(lib->bench, '/');
    size_t dir_len = slash ? (size_t)(slash - lib->bench) : 0;
    char path[sizeof lib->bench];
    snprintf(path, sizeof path, "%.*s/mpchar-kernels-%s", (int)dir_len,
             lib->bench, lib->base);
    snprintf(lib->bench, sizeof lib->bench, "%s", path);
    if (access(lib->bench, X_OK) != 0)
        return mpchar_error_set(err,
                                "MPI library '%s': %s is missing; rebuild "
                                "mpchar",
                                lib->name, lib->bench);
    return 0;
}

int apps_libraries_resolve(const char *spec, run_library **libs_p,
                           size_t *count_p, mpchar_error *err)
{
    run_library *libs;
    size_t count;
    if (run_libraries_resolve(spec, &libs, &count, err) != 0)
        return -1;
    for (size_t i = 0; i < count; i++) {
        libs[i].pattern[0] = '\0'; /* kernels, not patterns */
        if (use_kernels(&libs[i], err) != 0) {
            free(libs);
            return -1;
        }
    }
    *libs_p = libs;
    *count_p = count;
    return 0;
}

/* ---- launches --------------------------------------------------------- */

static void ignore_key(void *ctx, const char *key)
{
    (void)ctx;
    (void)key;
}

typedef struct list_ctx {
    apps_kernel *kernels;
    size_t count, cap;
    bool bad, oom;
    char bad_line[256];
} list_ctx;

static void on_list_line(void *ctx, const char *line)
{
    list_ctx *c = ctx;
    apps_kernel k;
    char rest;
    if (sscanf(line, "%63s %63s %15s %c", k.name, k.suite, k.classes, &rest) !=
        3) {
        c->bad = true;
        snprintf(c->bad_line, sizeof c->bad_line, "%s", line);
        return;
    }
    apps_kernel *grown =
        mpchar_grow(c->kernels, &c->cap, c->count + 1, sizeof *grown);
    if (!grown) {
        c->oom = true;
        return;
    }
    c->kernels = grown;
    c->kernels[c->count++] = k;
}

int apps_kernels_list(const char *program, apps_kernel **kernels_p,
                      size_t *count_p, mpchar_error *err)
{
    char *argv[] = {(char *)program, "--list", NULL};
    list_ctx c = {NULL, 0, 0, false, false, ""};
    launch_observer obs = {ignore_key, ignore_key, ignore_key, &c,
                           on_list_line};
    launch_result res;
    if (run_launch(argv, APPS_LAUNCH_TIMEOUT_S, &obs, &res, err) != 0)
        return -1;
    int rc = 0;
    if (res.exit_status != 0)
        rc = mpchar_error_set(err, "%s --list: exit status %d", program,
                              res.exit_status);
    else if (c.bad)
        rc = mpchar_error_set(err, "%s --list: '%s' is not NAME SUITE CLASSES",
                              program, c.bad_line);
    else if (c.oom)
        rc = mpchar_error_set(err, "out of memory");
    if (rc != 0) {
        free(c.kernels);
        return -1;
    }
    *kernels_p = c.kernels;
    *count_p = c.count;
    return 0;
}

static void on_kernel_line(void *ctx, const char *line)
{
    apps_launch *l = ctx;
    apps_result r;
    mpchar_error err;
    int rc = apps_result_parse(line, &r, &err);
    if (rc == 1) {
        puts(line);
        return;
    }
    apps_result *grown =
        rc == 0 ? mpchar_grow(l->results, &l->cap, l->count + 1, sizeof r)
                : NULL;
    if (!grown) {
        if (!l->bad_line) /* the first broken line is the one to name */
            snprintf(l->error, sizeof l->error, "%s",
                     rc == 0 ? "out of memory" : err.msg);
        l->bad_line = true;
        return;
    }
    l->results = grown;
    l->results[l->count++] = r;
}

int apps_launch_kernel(const run_library *lib, const mpchar_sysinfo *sys,
                       const char *kernel, char problem_class, long p,
                       long reps, apps_launch *out, mpchar_error *err)
{
    char cls[2] = {problem_class, '\0'}, nreps[32];
    snprintf(nreps, sizeof nreps, "%ld", reps);
    char *args[] = {"--kernel", (char *)kernel, "--class", cls,
                    "--reps",   nreps,          NULL};
    char **argv;
    const run_hosts this_machine = {0}; /* kernels run on one host */
    memset(out, 0, sizeof *out);
    if (run_launch_command(lib, "", sys, &this_machine, p, args, &argv, err) !=
        0)
        return -1;
    launch_observer obs = {ignore_key, ignore_key, ignore_key, out,
                           on_kernel_line};
    launch_result res;
    int rc = run_launch(argv, APPS_LAUNCH_TIMEOUT_S, &obs, &res, err);
    run_argv_free(argv);
    if (rc != 0)
        return -1;
    if (res.interrupted)
        return mpchar_error_set(err, "interrupted");
    out->exit_status = res.exit_status;
    if (!out->bad_line)
        snprintf(out->error, sizeof out->error, "%s",
                 res.watchdog_fired ? "silent too long: ended"
                                    : res.first_error);
    return 0;
}

void apps_launch_free(apps_launch *l)
{
    free(l->results);
    memset(l, 0, sizeof *l);
}
