/* Internal interface of `mpchar run`: options, the MPI libraries it can
 * launch, one launch of mpchar-bench under its launcher with a watchdog,
 * and meta.json. */
#ifndef MPCHAR_CLI_RUN_H
#define MPCHAR_CLI_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "mpchar/error.h"
#include "sysinfo.h"

typedef struct run_options {
    char mpi[256];      /* "all" or a comma list of libraries */
    char patterns[512]; /* "all" or a comma list */
    char p[256];        /* "" means 2..cores */
    char sizes[512];    /* sqrt2, pow2, pow4 or a list */
    char max_size[32];
    char time_per_point_ms[32];
    char min_reps[16], max_reps[16];
    char validation_seed[16];
    char refine[16];        /* refinement sizes per series */
    char rounds[16];        /* passes over each series */
    char level_retries[16]; /* remeasures of a series whose level changed */
    char level_wait_s[16];  /* most seconds a launch waits for its best level */
    char sync[16];          /* window or barrier */
    char launcher[512];     /* "" means the library's own */
    double point_timeout_s;
    bool quick, check, oversubscribe, raw, rotate_root;
    char out[4096];
} run_options;

/* ---- stolen CPU time (run_steal.c) ------------------------------------ */

typedef struct run_cpu_times {
    unsigned long long total, steal; /* /proc/stat ticks, all CPUs */
    bool valid;
} run_cpu_times;

int run_cpu_times_read(run_cpu_times *t);
/* Share of the CPU time between two readings that was stolen, in percent;
 * NAN when /proc/stat does not tell. */
double run_cpu_steal_pct(const run_cpu_times *before,
                         const run_cpu_times *after);

/* ---- libraries ------------------------------------------------------- */

typedef struct run_library {
    char name[32];
    char bench[4096];    /* mpchar-bench-<name> */
    char launcher[4096]; /* the library's own launcher program */
} run_library;

/* The libraries named by spec ("all" or a list) whose benchmark program
 * exists beside this executable. */
int run_libraries_resolve(const char *spec, run_library **libs_p,
                          size_t *count_p, mpchar_error *err);

/* argv (malloc'ed, NULL-terminated) launching the benchmark of lib with
 * p processes and bench_args after it. */
int run_launch_command(const run_library *lib, const run_options *opt,
                       const mpchar_sysinfo *sys, long p,
                       char *const *bench_args, char ***argv_p,
                       mpchar_error *err);
void run_argv_free(char **argv);

/* ---- one launch ------------------------------------------------------ */

typedef struct launch_observer {
    void (*begin)(void *ctx, const char *key);
    void (*done)(void *ctx, const char *key);
    void (*failed)(void *ctx, const char *key);
    void *ctx;
} launch_observer;

typedef struct launch_result {
    int exit_status; /* -1 when ended by a signal */
    int term_signal;
    bool watchdog_fired;
    bool interrupted;     /* SIGINT or SIGTERM reached mpchar */
    char open_key[512];   /* a point begun and never finished, or "" */
    size_t finished;      /* points done or failed in this launch */
    char last_error[512]; /* last line the launch wrote to stderr */
} launch_result;

int run_launch(char *const *argv, double point_timeout_s,
               const launch_observer *obs, launch_result *res,
               mpchar_error *err);

/* Makes SIGINT and SIGTERM end the current launch cleanly. */
void run_launch_trap_signals(void);

/* ---- meta.json ------------------------------------------------------- */

typedef struct run_state {
    run_options opt;
    mpchar_sysinfo sys;
    run_library *libs;
    size_t nlibs;
    long *ps;
    size_t np;
    char created_utc[32];
    json_t *launches; /* every launch: library, p, command, status */
    size_t total, done, failed;
} run_state;

int run_meta_write(const run_state *st, const char *status, mpchar_error *err);
int run_meta_read_options(const char *dir, run_options *opt, mpchar_error *err);

#endif
