/* `mpchar apps --measure-model`: the model measured beside the kernel.  A
 * model measured minutes earlier predicts for the machine as it was then,
 * and this VM changes speed every minute or two (docs/apps.md, "The
 * machine's state"); so right after a library's last launch of a kernel,
 * `mpchar run` measures that library at the very points the kernel's
 * profiled calls need, and the prediction reads them (apps_source's
 * points) instead of a fitted model. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apps_run.h"
#include "mpchar/fileio.h"
#include "self_run.h"

/* The budget of one point: a kernel's cell at class S measures 20-40
 * points, so the measurement takes 1-3 s, like the launch beside it. */
#define MEASURE_TIME_PER_POINT_MS "50"
#define MEASURE_ROUNDS "4"

/* What `mpchar run` is asked: the cross product of these covers every
 * needed point. */
typedef struct run_lists {
    word_list patterns, sizes, ps;
    double max_bytes;
} run_lists;

static int lists_add(run_lists *l, const apps_point *pt)
{
    char n[64], p[32];
    if (format_whole(n, sizeof n, "%.0f", pt->n_bytes) != 0 ||
        format_whole(p, sizeof p, "%ld", pt->p) != 0 ||
        word_list_add(&l->patterns, pt->pattern) != 0 ||
        word_list_add(&l->sizes, n) != 0 || word_list_add(&l->ps, p) != 0)
        return -1;
    l->max_bytes = fmax(l->max_bytes, pt->n_bytes);
    return 0;
}

static void lists_free(run_lists *l)
{
    word_list_free(&l->patterns);
    word_list_free(&l->sizes);
    word_list_free(&l->ps);
}

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* An earlier launch's points (a round before, a resumed run) must not
 * stand in for this one's. */
static int empty_dir(const char *dir, mpchar_error *err)
{
    if (nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS) != 0 &&
        access(dir, F_OK) == 0)
        return mpchar_error_set(err,
                                "%s: cannot remove the points measured "
                                "before",
                                dir);
    return 0;
}

/* Cold buffers are what the kernel's own computation leaves: each
 * repetition first reads as many bytes as the kernel's arrays hold
 * (apps_row's arrays_bytes; docs/apps.md, "Warm and cold buffers": a
 * sweep of every cache over-predicted CG 3-13x), or every cache (auto)
 * when the kernel did not say. */
static void sweep_of(double arrays_bytes, char *buf, size_t len)
{
    if (arrays_bytes >= 1.0)
        snprintf(buf, len, "%.0f", arrays_bytes);
    else
        snprintf(buf, len, "auto");
}

static int run_points(const run_library *lib, const run_lists *l,
                      mpchar_cache cache, double arrays_bytes,
                      const char *run_dir, bool over, mpchar_error *err)
{
    char sweep[64];
    sweep_of(arrays_bytes, sweep, sizeof sweep);
    self_run_points r = {
        lib->name,    l->patterns.text,          l->ps.text, l->sizes.text,
        l->max_bytes, MEASURE_TIME_PER_POINT_MS, run_dir};
    /* the machine as it is now: no waiting for its best speed level and
     * no measuring again when the level moved */
    char *extra[16] = {"--cache",         (char *)mpchar_cache_names[cache],
                       "--level-wait",    "0",
                       "--level-retries", "0",
                       "--rounds",        MEASURE_ROUNDS};
    size_t n = 8;
    if (cache == MPCHAR_CACHE_COLD) {
        extra[n++] = "--cache-sweep";
        extra[n++] = sweep;
    }
    if (over)
        extra[n++] = "--oversubscribe";
    extra[n] = NULL;
    if (self_run_measure(&r, extra, err) != 0)
        return mpchar_error_prefix(err, "--measure-model");
    return 0;
}

int apps_measure_points(const run_library *lib, const profile *prof,
                        mpchar_cache cache, double arrays_bytes,
                        const char *dir, long cores, mpchar_measurements *out,
                        mpchar_error *err)
{
    char run_dir[PATH_MAX], csv[PATH_MAX + 32];
    if (format_whole(run_dir, sizeof run_dir, "%s/measured-%s", dir,
                     mpchar_cache_names[cache]) != 0 ||
        format_whole(csv, sizeof csv, "%s/%s", run_dir,
                     MPCHAR_MEASUREMENTS_FILE) != 0)
        return mpchar_error_set(err, "%s: path too long", dir);
    apps_point *points;
    size_t count;
    run_lists l = {0};
    if (apps_needed_points(prof, &points, &count, err) != 0)
        return -1;
    int rc = 0;
    long most_p = 0;
    for (size_t i = 0; rc == 0 && i < count; i++) {
        rc = lists_add(&l, &points[i]) != 0
                 ? mpchar_error_set(err, "out of memory")
                 : 0;
        most_p = points[i].p > most_p ? points[i].p : most_p;
    }
    free(points);
    mpchar_read_options ropt = {.allow_truncated_tail = false};
    if (rc == 0 &&
        (empty_dir(run_dir, err) != 0 || mpchar_make_dirs(run_dir, err) != 0 ||
         run_points(lib, &l, cache, arrays_bytes, run_dir, most_p > cores,
                    err) != 0 ||
         mpchar_measurements_read(csv, &ropt, out, NULL, err) != 0))
        rc = -1;
    lists_free(&l);
    return rc;
}
