/* `mpchar apps --profile`, `--model` and `--measure-model`: a kernel's
 * launch under libmpchar-prof, as `mpchar profile` runs a program
 * (profile_launch.c's library lookup and environment, src/profile's
 * analysis and profile.json), into
 * DIR/profiles/<library>-<kernel>-<class>-p<p>/; its aggregates per
 * repetition into the row, and the communication time a model or measured
 * points predict from its calls (src/apps/apps_predict.c). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apps_run.h"
#include "mpchar/fileio.h"
#include "profile_launch.h"

/* The environment before apps_profile_begin, restored by _end. */
static char *saved_preload, *saved_dir;
static bool saved;

/* dir/profile.json into path, or an error naming dir. */
static int json_path(const char *dir, char *path, size_t len, mpchar_error *err)
{
    int w = snprintf(path, len, "%s/profile.json", dir);
    if (w < 0 || (size_t)w >= len)
        return mpchar_error_set(err, "%s: path too long", dir);
    return 0;
}

static char *dup_env(const char *name)
{
    const char *v = getenv(name);
    return v ? strdup(v) : NULL;
}

int apps_profile_begin(const run_library *lib, const char *dir,
                       mpchar_error *err)
{
    char preload[4096], stale[4600];
    if (json_path(dir, stale, sizeof stale, err) != 0 ||
        profile_library_path(lib->base, preload, sizeof preload, err) != 0 ||
        mpchar_make_dirs(dir, err) != 0)
        return -1;
    /* what an interrupted launch left (resume) */
    profile_remove_events(dir);
    remove(stale);
    saved_preload = dup_env("LD_PRELOAD");
    saved_dir = dup_env("MPCHAR_PROF_DIR");
    saved = true;
    return profile_env_set(preload, dir, err);
}

static void restore(const char *name, const char *value)
{
    if (value)
        setenv(name, value, 1);
    else
        unsetenv(name);
}

void apps_profile_end(void)
{
    if (!saved)
        return;
    restore("LD_PRELOAD", saved_preload);
    restore("MPCHAR_PROF_DIR", saved_dir);
    free(saved_preload);
    free(saved_dir);
    saved_preload = saved_dir = NULL;
    saved = false;
}

/* The profile's aggregates, per repetition of its launch (reps). */
static void fill_profile(const profile *p, long launch_reps, apps_row *row)
{
    double reps = (double)launch_reps, most_us = 0.0;
    for (size_t i = 0; i < p->n_ranks; i++)
        if (p->ranks[i].total.call_us > most_us)
            most_us = p->ranks[i].total.call_us;
    const profile_cell *t = &p->total.total;
    row->t_mpi_s = most_us * 1e-6 / reps;
    row->calls = (double)t->calls / reps;
    row->bytes = (double)t->bytes / reps;
    row->overlap_min_s = t->overlap_min_us * 1e-6 / reps;
    row->overlap_max_s = t->overlap_max_us * 1e-6 / reps;
    double wait_s, sync_s,
        kernel_reps = (double)apps_profile_reps(p, launch_reps);
    if (apps_comm_split(p, &wait_s, &sync_s)) {
        row->t_comm_wait_s = wait_s / kernel_reps;
        row->t_comm_sync_s = sync_s / kernel_reps;
    }
}

/* The sources given, the warm one first. */
static const apps_source *first_source(const apps_source *const *sources)
{
    return sources[MPCHAR_CACHE_WARM] ? sources[MPCHAR_CACHE_WARM]
                                      : sources[MPCHAR_CACHE_COLD];
}

/* One call's predicted time by each source given, empty where none is. */
static void write_call_predictions(FILE *f, const profile *p,
                                   const profile_size *s, bool bracketed,
                                   const apps_source *const *sources,
                                   const char *library)
{
    for (int m = 0; m < MPCHAR_CACHE_STATES; m++) {
        apps_call_prediction c;
        if (sources[m])
            apps_predict_size(p, s, bracketed, sources[m], library, &c);
        if (sources[m] && c.kind == APPS_CALL_PREDICTED)
            fprintf(f, "%.3f,", c.t_s * 1e6);
        else
            fprintf(f, ",");
    }
}

/* dir/prediction.csv: per rank and communication (call, bytes), the
 * calls of the whole launch, what the models predict for one (warm and
 * cold buffers), and the measured time in them and its part waiting for
 * the last rank (docs/apps.md, "Where the time goes"). */
static int write_calls(const char *dir, const profile *p,
                       const apps_source *const *sources, const char *library,
                       mpchar_error *err)
{
    char path[4600];
    snprintf(path, sizeof path, "%s/prediction.csv", dir);
    FILE *f = fopen(path, "w");
    if (!f)
        return mpchar_error_set(err, "%s: cannot write", path);
    fprintf(f, "rank,call,bytes,calls,primitive,n_bytes,p,t_pred_us,"
               "t_pred_cold_us,t_call_us,t_wait_us\n");
    bool bracketed = apps_profile_bracketed(p);
    for (size_t i = 0; i < p->n_ranks; i++)
        for (size_t k = 0; k < p->ranks[i].n_sizes; k++) {
            const profile_size *s = &p->ranks[i].sizes[k];
            apps_call_prediction c;
            apps_predict_size(p, s, bracketed, first_source(sources), library,
                              &c);
            if (c.kind == APPS_CALL_NOT_KERNEL)
                continue;
            fprintf(f, "%d,%s,%llu,%llu,%s%s,", p->ranks[i].rank,
                    p->call_names[s->call], (unsigned long long)s->bytes,
                    (unsigned long long)s->calls,
                    c.kind == APPS_CALL_AT_SENDER ? "at sender"
                    : c.pattern                   ? c.pattern
                                                  : "",
                    c.self ? " transfer (self)" : "");
            if (c.pattern)
                fprintf(f, "%.0f,%ld,", c.n_bytes, c.p);
            else
                fprintf(f, ",,");
            write_call_predictions(f, p, s, bracketed, sources, library);
            fprintf(f, "%.3f,", s->call_us);
            if (p->waits_aligned)
                fprintf(f, "%.3f\n", s->wait_us);
            else
                fprintf(f, "\n");
        }
    return fclose(f) == 0 ? 0 : mpchar_error_set(err, "%s: cannot write", path);
}

/* Warns when the kernels ran in another state of the machine than the
 * model was measured in: its prediction is then for another machine. */
static void check_state(const run_library *lib, apps_row *row,
                        const apps_source *src)
{
    char gap[160];
    row->model_probe_us = apps_model_probe_us(src, lib->base);
    if (!apps_state_differs(row))
        return;
    apps_state_describe(row, gap, sizeof gap);
    fprintf(stderr,
            "mpchar apps: warning: %s %s p=%ld: %s: the machine was in "
            "another state when the model was measured, and t_comm_pred_s "
            "is not for this run: --measure-model measures it beside the "
            "kernels (docs/apps.md, \"The machine's state\")\n",
            lib->name, row->kernel, row->p, gap);
}

/* The row's columns of each model's prediction. */
static const struct {
    const char *column;
    size_t pred;
} prediction_columns[MPCHAR_CACHE_STATES] = {
    [MPCHAR_CACHE_WARM] = {"t_comm_pred_s", offsetof(apps_row, t_comm_pred_s)},
    [MPCHAR_CACHE_COLD] = {"t_comm_pred_cold_s",
                           offsetof(apps_row, t_comm_pred_cold_s)},
};

static int predict(const profile *p, const apps_source *src, mpchar_cache state,
                   const run_library *lib, long launch_reps, apps_row *row,
                   mpchar_error *err)
{
    apps_prediction pred;
    if (apps_predict(p, src, lib->base, &pred, err) != 0)
        return -1;
    /* the cold model's 0-byte ping-pong sweeps the caches first: it is no
     * probe of the machine's state */
    if (state == MPCHAR_CACHE_WARM)
        check_state(lib, row, src);
    double kernel_reps = (double)apps_profile_reps(p, launch_reps);
    *(double *)((char *)row + prediction_columns[state].pred) =
        pred.t_comm_s / kernel_reps;
    /* both models name the same calls unless one lacks a pattern: the
     * column counts the calls the model with the most left out */
    double unmodelled = (double)pred.unmodelled_calls / kernel_reps;
    if (!(row->unmodelled_calls >= unmodelled))
        row->unmodelled_calls = unmodelled;
    if (pred.unmodelled_calls)
        printf("mpchar apps: %s %s p=%ld: %llu calls of %s have no entry in "
               "the %s model of %s: left out of %s\n",
               lib->name, row->kernel, row->p,
               (unsigned long long)pred.unmodelled_calls, pred.unmodelled,
               mpchar_cache_names[state], lib->base,
               prediction_columns[state].column);
    return 0;
}

static int predict_all(const char *dir, const profile *p,
                       const apps_source *const *sources,
                       const run_library *lib, long launch_reps, apps_row *row,
                       mpchar_error *err)
{
    if (!first_source(sources))
        return 0;
    for (int m = 0; m < MPCHAR_CACHE_STATES; m++)
        if (sources[m] && predict(p, sources[m], (mpchar_cache)m, lib,
                                  launch_reps, row, err) != 0)
            return -1;
    return write_calls(dir, p, sources, lib->base, err);
}

int apps_profile_read(const char *dir, profile *p, mpchar_error *err)
{
    char path[4600];
    memset(p, 0, sizeof *p);
    profile_bins_default(&p->bins);
    return json_path(dir, path, sizeof path, err) != 0 ||
                   profile_analyze_dir(dir, p, false, err) != 0 ||
                   profile_write_json(p, path, err) != 0
               ? -1
               : 0;
}

int apps_profile_finish(const char *dir, const profile *p,
                        const apps_source *const *sources,
                        const run_library *lib, long launch_reps, apps_row *row,
                        mpchar_error *err)
{
    if (predict_all(dir, p, sources, lib, launch_reps, row, err) != 0)
        return -1;
    fill_profile(p, launch_reps, row);
    profile_remove_events(dir);
    return 0;
}
