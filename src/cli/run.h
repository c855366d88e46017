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

#define RUN_OPTIONS_MAX 48
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
/* Whether name was typed on this command line (not read back by
 * --resume). */
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

/* ---- hosts (run_hosts.c) --------------------------------------------- */

#define RUN_HOSTS_MAX 256

typedef struct run_host {
    char name[MPCHAR_NAME_MAX];
    long slots;
} run_host;

#define RUN_PPN_MAX 16

/* The hosts of --hosts or --hostfile; count 0: this machine alone.  With
 * --ppn every p runs once per PPN, each host then taking at most PPN of
 * its slots; cap is the PPN of the launch being built (0: the slots). */
typedef struct run_hosts {
    run_host host[RUN_HOSTS_MAX];
    size_t count;
    long slots; /* of all hosts */
    long ppn[RUN_PPN_MAX];
    size_t nppn; /* 0: no --ppn */
    long cap;
} run_hosts;

int run_hosts_read(const run_options *o, run_hosts *h, mpchar_error *err);
/* p fits the hosts' slots, under every --ppn. */
int run_hosts_check_p(const run_hosts *h, long p, mpchar_error *err);
/* The caps a p runs under: the --ppn values, or one 0 (the slots). */
size_t run_hosts_caps(const run_hosts *h, const long **caps_p);
/* The ranks each host runs of p processes (ranks[0..count)) under cap. */
void run_hosts_place(const run_hosts *h, long p, long *ranks);
/* "HOST:RANKS,..." of the hosts used by p processes. */
void run_hosts_spec(const run_hosts *h, long p, char *buf, size_t len);
/* The placement column of p processes: "NODESxPPN", "-" without hosts. */
void run_hosts_placement(const run_hosts *h, long p, char *buf, size_t len);
/* meta.json's "placement"; json_null() without hosts. */
json_t *run_hosts_json(const run_hosts *h, const long *ps, size_t np);

/* ---- libraries ------------------------------------------------------- */

typedef struct run_library {
    char name[MPCHAR_NAME_MAX];
    char base[MPCHAR_NAME_MAX]; /* the library a variant forces, or name */
    char bench[4096];           /* mpchar-bench-<name> */
    char launcher[4096];        /* the library's own launcher program */
    /* libmpchar-yield.so, preloaded into MPICH's ranks when
     * oversubscribed ("": none) */
    char yield_preload[4096];
    /* an algorithm variant (name "<base>@<coll>:<alg>"): the one pattern
     * it measures and the environment that forces its algorithm; "" and
     * 0 for a library as it comes */
    char pattern[MPCHAR_NAME_MAX];
    char env[MPCHAR_ALG_ENV_MAX][MPCHAR_ALG_ENV_LEN]; /* launcher options
                                                         instead where
                                                         simulated */
    size_t nenv;
    /* a simulated library (SimGrid SMPI, run_smpi.c): its platform file,
     * host file ("": none) and collective selector */
    bool simulated;
    char platform[4096];
    char hostfile[4096];
    char coll_selector[MPCHAR_NAME_MAX];
    /* inside a Slurm allocation (run_slurm.c): launched by srun, with
     * this PMI plugin ("": Slurm's MpiDefault) */
    bool srun;
    char srun_mpi[32];
} run_library;

/* Runs `true` on every host through each library's launcher (run_hosts.c);
 * names the first host that does not answer. */
int run_hosts_probe(const run_hosts *h, const run_library *libs, size_t nlibs,
                    mpchar_error *err);

/* The libraries named by spec ("all" or a list) whose benchmark program
 * exists beside this executable. */
int run_libraries_resolve(const char *spec, run_library **libs_p,
                          size_t *count_p, mpchar_error *err);

/* Drops builtin-sr where "all" added it for patterns that the run's
 * --patterns list leaves out. */
void run_libraries_keep_patterns(run_library *libs, size_t *count_p,
                                 const char *patterns);

/* The library called name among count, or NULL. */
const run_library *run_library_find(const run_library *libs, size_t count,
                                    const char *name);

/* Appends to the resolved libraries the algorithm variants spec names
 * ("" none; run_algorithms.c). */
int run_libraries_add_algorithms(const char *spec, run_library **libs_p,
                                 size_t *count_p, mpchar_error *err);

/* argv (malloc'ed, NULL-terminated) launching the benchmark of lib with
 * p processes and bench_args after it, under the user's launcher template
 * or ("") the library's own launcher, on hosts when it names any. */
int run_launch_command(const run_library *lib, const char *launcher,
                       const mpchar_sysinfo *sys, const run_hosts *hosts,
                       long p, char *const *bench_args, char ***argv_p,
                       mpchar_error *err);

/* ---- Slurm (run_slurm.c) -------------------------------------------- */

/* The Slurm allocation mpchar runs in, if any. */
typedef struct run_slurm {
    bool inside; /* SLURM_JOB_ID is set */
    bool srun;   /* launches go through srun (no --launcher, no --hosts) */
    char job_id[64];
    long nodes, tasks;   /* the allocation's; tasks: SLURM_NTASKS, else its
                          CPUs */
    char tasks_from[64]; /* the variable that said how many tasks */
    char srun_path[4096];
} run_slurm;

/* Whether --launcher asks for the libraries' own launchers ("own"). */
bool run_launcher_is_own(const char *launcher);
/* Reads the allocation from the environment; refuses (one line) a p above
 * its tasks and a missing srun when srun is to launch. */
int run_slurm_detect(const run_options *o, long most_p, run_slurm *s,
                     mpchar_error *err);
/* The CPUs of a SLURM_JOB_CPUS_PER_NODE value ("4(x2),2": 10). */
int run_slurm_parse_cpus(const char *text, long *cpus_p, mpchar_error *err);
/* Marks the libraries srun launches, each with its PMI plugin. */
void run_slurm_assign(const run_slurm *s, run_library *libs, size_t nlibs);
/* srun -n P --mpi=PLUGIN ..., the words before the benchmark program. */
void run_slurm_push_srun(run_args *b, const run_library *lib, long p);
/* meta.json's "slurm": the allocation and each library's plugin; null
 * outside an allocation. */
json_t *run_slurm_json(const run_slurm *s, const run_library *libs,
                       size_t nlibs);

/* ---- simulated platforms (run_smpi.c) --------------------------------- */

/* --platform, --smpi-coll and --smpi-coll-selector as the options table
 * checks them (one line naming the value at fault). */
int run_smpi_check_platform(const char *value, mpchar_error *err);
int run_smpi_check_colls(const char *value, mpchar_error *err);
int run_smpi_check_selector(const char *value, mpchar_error *err);

typedef struct run_state run_state;

/* After the libraries and the results directory are known: refuses the
 * SMPI options without a simulated library and a simulated library
 * without --platform, gives the simulated libraries their platform
 * (DIR/platform.xml), host file and selector, makes the platform the
 * plans read (a temporary file for a cluster spec), and adds the
 * --smpi-coll variants. */
int run_smpi_setup(run_state *st, bool resume, mpchar_error *err);
/* The launcher's words before the benchmark program: smpirun with the
 * platform, host file and the settings that make the platform's latency
 * and bandwidth exact (docs/scale.md); at plan time (plan set) one
 * process on the plan's platform. */
void run_smpi_push_launcher(run_args *b, const run_library *lib, long p,
                            const char *plan_platform);
/* Writes DIR/platform.xml (and DIR/hosts.txt) once the directory exists,
 * and removes the plans' temporary platform. */
int run_smpi_write_platform(run_state *st, mpchar_error *err);
void run_smpi_cleanup(run_state *st);
/* meta.json's "simulation" object; NULL when no library is simulated. */
json_t *run_smpi_meta_json(const run_state *st);

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

/* From the program's "end" to its exit: MPI_Finalize takes well under a
 * second here, hung it never ends. */
#define RUN_FINALIZE_TIMEOUT_S 20.0

typedef struct launch_result {
    int exit_status; /* -1 when ended by a signal */
    int term_signal;
    bool watchdog_fired;
    bool interrupted;      /* SIGINT or SIGTERM reached mpchar */
    char open_key[512];    /* a point begun and never finished, or "" */
    size_t finished;       /* points done or failed in this launch */
    bool results_written;  /* the program said "end": all it measured is
                              written, only MPI_Finalize was left */
    int end_code;          /* the exit status it then announced */
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

/* What run_smpi.c keeps of a simulated run. */
typedef struct run_smpi_state {
    bool used;                /* a simulated library is measured */
    char plan_platform[4200]; /* the platform the plans read */
    bool plan_is_temporary;   /* a cluster spec's, removed after */
    bool platform_kept;       /* --resume: DIR/platform.xml stays */
} run_smpi_state;

struct run_state {
    run_options opt;
    const char *out, *launcher; /* options of opt, read where needed */
    double point_timeout_s;
    mpchar_sysinfo sys;
    run_hosts hosts;
    run_library *libs;
    size_t nlibs;
    long *ps;
    size_t np;
    char created_utc[32];
    json_t *launches; /* every launch: library, p, command, status */
    size_t total, done, failed;
    size_t series; /* series with points pending, of every library */
    run_smpi_state smpi;
    run_slurm slurm;
};

/* ---- --sbatch (run_sbatch.c) ------------------------------------------ */

/* What the plan says a run costs, and the job's time limit. */
typedef struct run_estimate {
    size_t points;   /* planned, and the refinement sizes to come */
    size_t launches; /* one per library and p */
    double measure_s, launch_s, limit_s;
} run_estimate;

void run_sbatch_estimate(const run_state *st, run_estimate *e);
/* The job script of the run st plans (one line naming a bad --nodes). */
int run_sbatch_print(const run_state *st, FILE *out, mpchar_error *err);

int run_meta_write(const run_state *st, const char *status, mpchar_error *err);
/* Reads the options of the run in dir from its meta.json. */
int run_meta_read_options(const char *dir, run_options *opt, mpchar_error *err);

/* The current time as ISO 8601 UTC, as meta.json writes times. */
void run_utc_now(char *buf, size_t len);

#endif
