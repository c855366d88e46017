/* Internal interface of `mpchar run`: options, the MPI libraries it can
 * launch, one launch of mpchar-bench under its launcher with a watchdog,
 * and meta.json. */
#ifndef MPCHAR_CLI_RUN_H
#define MPCHAR_CLI_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "mpchar/error.h"
#include "mpchar/lib_algorithms.h"
#include "mpchar/options.h"
#include "mpchar/results.h"
#include "sysinfo.h"

/* ---- options (run_options.c) ------------------------------------------ */

#define RUN_OPTIONS_MAX 32
#define RUN_VALUE_MAX 4096

/* How an option's value is typed, kept in meta.json and passed on. */
typedef enum run_option_kind {
    RUN_TEXT,    /* a string */
    RUN_FLAG,    /* "true" or "false"; a JSON boolean; a bare flag */
    RUN_SECONDS, /* a number of seconds; a JSON number */
} run_option_kind;

/* One option of `mpchar run`: what its help, parsing, default, --quick,
 * mpchar-bench's arguments and meta.json need to know of it. */
typedef struct run_option {
    mpchar_option o; /* name, value name, help, default (NULL: "") */
    run_option_kind kind;
    const char *quick;    /* --quick's value where it is not given */
    bool bench;           /* passed on to mpchar-bench, as --name */
    const char *meta_key; /* in meta.json's "options"; NULL: not kept */
    const char *before;   /* the value of runs whose meta.json lacks it
                             (made before it existed); NULL: required */
    int (*check)(const char *value, mpchar_error *err); /* NULL: mpchar-bench
                                                          --plan checks it */
} run_option;

extern const run_option run_options_table[];
extern const size_t run_options_count;

/* Every option's value as text, by table index. */
typedef struct run_options {
    char value[RUN_OPTIONS_MAX][RUN_VALUE_MAX];
    bool given[RUN_OPTIONS_MAX]; /* typed, or read back by --resume */
} run_options;

/* A NULL-terminated argument vector built one argument at a time. */
typedef struct run_args {
    char **v;
    size_t count, cap;
    bool failed; /* out of memory: v is incomplete */
} run_args;

void run_args_push(run_args *a, const char *arg);
void run_argv_free(char **argv);

void run_options_defaults(run_options *o);
/* Returns MPCHAR_OPTIONS_HELP at --help. */
int run_options_parse(int argc, char **argv, run_options *o, mpchar_error *err);
void run_options_usage(FILE *out);
void run_options_apply_quick(run_options *o);
int run_options_check(const run_options *o, mpchar_error *err);
/* Appends "--name value" for every option mpchar-bench takes. */
void run_options_bench_args(const run_options *o, run_args *args);
json_t *run_options_json(const run_options *o);
int run_options_from_json(json_t *obj, const char *path, run_options *o,
                          mpchar_error *err);

/* An option's value by its name (without "--"). */
const char *run_value(const run_options *o, const char *name);
bool run_flag(const run_options *o, const char *name);
bool run_given(const run_options *o, const char *name);
void run_set_value(run_options *o, const char *name, const char *value);

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
    char name[MPCHAR_NAME_MAX];
    char base[MPCHAR_NAME_MAX]; /* the library a variant forces, or name */
    char bench[4096];           /* mpchar-bench-<name> */
    char launcher[4096];        /* the library's own launcher program */
    /* an algorithm variant (name "<base>@<coll>:<alg>"): the one pattern
     * it measures and the environment that forces its algorithm; "" and
     * 0 for a library as it comes */
    char pattern[MPCHAR_NAME_MAX];
    char env[MPCHAR_ALG_ENV_MAX][MPCHAR_ALG_ENV_LEN];
    size_t nenv;
} run_library;

/* The libraries named by spec ("all" or a list) whose benchmark program
 * exists beside this executable. */
int run_libraries_resolve(const char *spec, run_library **libs_p,
                          size_t *count_p, mpchar_error *err);

/* The library called name among count, or NULL. */
const run_library *run_library_find(const run_library *libs, size_t count,
                                    const char *name);

/* Appends to the resolved libraries the algorithm variants spec names
 * ("" none; run_algorithms.c). */
int run_libraries_add_algorithms(const char *spec, run_library **libs_p,
                                 size_t *count_p, mpchar_error *err);

/* argv (malloc'ed, NULL-terminated) launching the benchmark of lib with
 * p processes and bench_args after it, under the user's launcher template
 * or ("") the library's own launcher. */
int run_launch_command(const run_library *lib, const char *launcher,
                       const mpchar_sysinfo *sys, long p,
                       char *const *bench_args, char ***argv_p,
                       mpchar_error *err);

/* ---- one launch ------------------------------------------------------ */

typedef struct launch_observer {
    void (*begin)(void *ctx, const char *key);
    void (*done)(void *ctx, const char *key);
    void (*failed)(void *ctx, const char *key);
    void *ctx;
    /* every other line of the program's stdout, each one progress (the
     * watchdog's silence starts again); NULL: copied to stdout */
    void (*line)(void *ctx, const char *line);
} launch_observer;

typedef struct launch_result {
    int exit_status; /* -1 when ended by a signal */
    int term_signal;
    bool watchdog_fired;
    bool interrupted;      /* SIGINT or SIGTERM reached mpchar */
    char open_key[512];    /* a point begun and never finished, or "" */
    size_t finished;       /* points done or failed in this launch */
    char last_error[512];  /* last line the launch wrote to stderr */
    char first_error[512]; /* and its first (a program's own reason, before
                              its launcher's) */
} launch_result;

int run_launch(char *const *argv, double point_timeout_s,
               const launch_observer *obs, launch_result *res,
               mpchar_error *err);

/* Makes SIGINT and SIGTERM end the current launch cleanly. */
void run_launch_trap_signals(void);

/* ---- meta.json ------------------------------------------------------- */

typedef struct run_state {
    run_options opt;
    const char *out, *launcher; /* options of opt, read where needed */
    double point_timeout_s;
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
/* Reads the options of the run in dir from its meta.json. */
int run_meta_read_options(const char *dir, run_options *opt, mpchar_error *err);

/* The current time as ISO 8601 UTC, as meta.json writes times. */
void run_utc_now(char *buf, size_t len);

#endif
