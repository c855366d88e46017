/* Internal interface of `mpchar apps` (docs/apps.md): the libraries it
 * runs the kernels with (those of `mpchar run --mpi`, and builtin-sr),
 * the kernels a program offers, one launch of a kernel, and its profile
 * and prediction. */
#ifndef MPCHAR_CLI_APPS_RUN_H
#define MPCHAR_CLI_APPS_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "apps.h"
#include "mpchar/cache_state.h"
#include "run.h"

/* ---- libraries and kernels (apps_launch.c) --------------------------- */

/* The libraries spec names ("all": every built one, and builtin-sr when
 * builtin is built), each with its program mpchar-kernels-<base>. */
int apps_libraries_resolve(const char *spec, run_library **libs_p,
                           size_t *count_p, mpchar_error *err);

typedef struct apps_kernel {
    char name[APPS_NAME_MAX], suite[APPS_NAME_MAX], classes[16];
} apps_kernel;

/* The kernels `program --list` prints (NAME SUITE CLASSES a line). */
int apps_kernels_list(const char *program, apps_kernel **kernels_p,
                      size_t *count_p, mpchar_error *err);

/* What one launch of a kernel gave. */
typedef struct apps_launch {
    apps_result *results; /* one per repetition, as printed */
    size_t count, cap;
    int exit_status; /* the program's; -1 killed */
    bool bad_line;   /* a result line broke the contract */
    char error[512]; /* its first stderr line, or the broken line's error */
} apps_launch;

/* Runs kernel at class on lib with p processes, reps repetitions in the
 * launch. */
int apps_launch_kernel(const run_library *lib, const mpchar_sysinfo *sys,
                       const char *kernel, char problem_class, long p,
                       long reps, apps_launch *out, mpchar_error *err);
void apps_launch_free(apps_launch *l);

/* ---- profile and prediction (apps_profile.c) ------------------------- */

/* Prepares `--profile`: the library's profiler, and a fresh folder dir
 * for its events; sets this process's environment for the launch. */
int apps_profile_begin(const run_library *lib, const char *dir,
                       mpchar_error *err);
/* Restores the environment after the launch. */
void apps_profile_end(void);
/* Analyses dir's events into dir/profile.json and *p (profile_free it,
 * also on failure). */
int apps_profile_read(const char *dir, profile *p, mpchar_error *err);
/* Fills row's profile columns (per repetition: the launch made
 * launch_reps) and, for each source given (sources[MPCHAR_CACHE_WARM]:
 * --model or --measure-model warm, [MPCHAR_CACHE_COLD]: their cold
 * forms; NULL: none), its prediction, with dir/prediction.csv; then
 * removes dir's events. */
int apps_profile_finish(const char *dir, const profile *p,
                        const apps_source *const *sources,
                        const run_library *lib, long launch_reps, apps_row *row,
                        mpchar_error *err);

/* ---- the model measured beside the kernel (apps_measure.c) ---------- */

/* `--measure-model`: runs `mpchar run` of lib right now at the points
 * prof's prediction needs (apps_needed_points), buffers in state cache
 * (cold: after reading arrays_bytes, the kernel's arrays; every cache
 * when NAN), into dir/measured-<cache>/ (emptied first: the points of
 * this launch only), its output in run.log there, and reads its
 * measurements into *out. */
int apps_measure_points(const run_library *lib, const profile *prof,
                        mpchar_cache cache, double arrays_bytes,
                        const char *dir, long cores, mpchar_measurements *out,
                        mpchar_error *err);

#endif
