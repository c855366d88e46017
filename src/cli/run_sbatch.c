/* `mpchar run --sbatch`: prints a Slurm job script that makes the run
 * asked for (nodes, tasks: the largest p, and a time limit estimated from
 * the plan), instead of running it.  Inside the job, mpchar run launches
 * with srun (run_slurm.c).  The estimate counts what the plan knows:
 * points, series, launches, each point's time budget; what it cannot know
 * is said in the script and in docs/cluster.md. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

/* A launch's cost beside its points: srun and MPI start-up, the
 * benchmark's clock synchronization and level probes (measured 1.1-2.9 s
 * on the development machine, docs/cluster.md). */
#define LAUNCH_OVERHEAD_S 3.0
/* A point's time over its budget: the synchronization, probes and
 * bookkeeping around its repetitions.  A --quick --p 2 pingpong run of
 * Open MPI and MPICH on the quiet development machine took 140 s for
 * about 590 points of 160 ms (docs/timing.md, Budget): 1.5 x.  On a
 * loaded machine it is far more (docs/cluster.md, Slurm). */
#define POINT_COST_FACTOR 1.5
/* The limit over the estimate: points of loaded nodes take longer than
 * their budget (docs/timing.md), and a limit reached loses the series in
 * progress. */
#define LIMIT_FACTOR 1.5
#define LIMIT_PLUS_S 60.0
/* Options that are the job script's own, not the run's. */
static const char *const script_options[] = {"sbatch", "nodes", "resume"};

static bool run_sbatch_option(const char *name)
{
    for (size_t i = 0; i < sizeof script_options / sizeof script_options[0];
         i++)
        if (strcmp(name, script_options[i]) == 0)
            return true;
    return false;
}

void run_sbatch_estimate(const run_state *st, run_estimate *e)
{
    long refine = strtol(run_value(&st->opt, "refine"), NULL, 10);
    double budget_s = strtod(run_value(&st->opt, "time-per-point"), NULL) / 1e3;
    memset(e, 0, sizeof *e);
    /* the plan names one refinement size per series; up to --refine come */
    e->points = st->total + st->series * (size_t)(refine > 1 ? refine - 1 : 0);
    e->launches = st->nlibs * st->np;
    e->measure_s = (double)e->points * budget_s * POINT_COST_FACTOR;
    e->launch_s = (double)e->launches * LAUNCH_OVERHEAD_S;
    e->limit_s = LIMIT_FACTOR * (e->measure_s + e->launch_s) + LIMIT_PLUS_S;
}

/* value in single quotes, each ' written as '\'' */
static void put_quoted(FILE *out, const char *value)
{
    fputc('\'', out);
    for (const char *c = value; *c; c++)
        if (*c == '\'')
            fputs("'\\''", out);
        else
            fputc(*c, out);
    fputc('\'', out);
}

/* mpchar run with the options typed, but the script's own; without --out,
 * a directory named after the job. */
static void put_command(FILE *out, const run_state *st, const char *self)
{
    fprintf(out, "exec ");
    put_quoted(out, self);
    fprintf(out, " run");
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        if (!st->opt.given[i] || run_sbatch_option(r->o.name))
            continue;
        fprintf(out, " --%s", r->o.name);
        if (r->kind != RUN_FLAG) {
            fputc(' ', out);
            put_quoted(out, st->opt.value[i]);
        }
    }
    if (!run_given(&st->opt, "out"))
        fprintf(out, " --out \"results/slurm-$SLURM_JOB_ID\"");
    fputc('\n', out);
}

int run_sbatch_print(const run_state *st, FILE *out, mpchar_error *err)
{
    char self[PATH_MAX], cwd[PATH_MAX];
    long tasks = st->ps[st->np - 1];
    long nodes = strtol(run_value(&st->opt, "nodes"), NULL, 10); /* checked */
    run_estimate e;
    if (nodes > tasks)
        return mpchar_error_set(err,
                                "--nodes %ld: more nodes than the %ld tasks "
                                "of the largest --p",
                                nodes, tasks);
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0 || !getcwd(cwd, sizeof cwd))
        return mpchar_error_set(err, "cannot name mpchar's executable or the "
                                     "current directory");
    self[n] = '\0';
    run_sbatch_estimate(st, &e);
    long limit_min = (long)ceil(e.limit_s / 60.0);
    fprintf(out,
            "#!/bin/bash\n"
            "#SBATCH --job-name=mpchar\n"
            "#SBATCH --nodes=%ld\n"
            "#SBATCH --ntasks=%ld\n"
            "#SBATCH --time=%ld:%02ld:00\n"
            "#SBATCH --output=mpchar-%%j.out\n",
            nodes, tasks, limit_min / 60, limit_min % 60);
    fprintf(out,
            "# Written by mpchar run --sbatch.  Inside the job mpchar run "
            "launches with srun.\n"
            "# Time limit: %.0f s = %.1f x (%zu points x %s ms budget x "
            "%.1f = %.0f s, plus %zu launches x %.0f s = %.0f s) + %.0f s.\n"
            "# Points: %zu planned and up to %s refinement sizes in each "
            "of %zu series.\n"
            "# Assumes nodes of its own (a loaded machine multiplies it); "
            "not counted: points whose --min-reps take longer than the "
            "budget, series measured again (--level-retries), waits for "
            "the machine's speed (--level-wait).\n"
            "# A job that reaches its limit keeps its points: finish with "
            "mpchar run --resume DIR in a new job.\n",
            e.limit_s, LIMIT_FACTOR, e.points,
            run_value(&st->opt, "time-per-point"), POINT_COST_FACTOR,
            e.measure_s, e.launches, LAUNCH_OVERHEAD_S, e.launch_s,
            LIMIT_PLUS_S, st->total, run_value(&st->opt, "refine"), st->series);
    fprintf(out, "cd ");
    put_quoted(out, cwd);
    fprintf(out, " || exit 1\n");
    put_command(out, st, self);
    return 0;
}
