/* The options of `mpchar run`, one table entry each: the entry drives the
 * help, parsing, the default (include/mpchar/measure_defaults.h where
 * mpchar-bench shares it), --quick's value, the arguments passed on to
 * mpchar-bench, and meta.json's "options", written and read back by
 * --resume.  Values stay text as typed: mpchar-bench --plan checks those
 * it takes (the benchmark owns the plan), the table's check the others.
 * Code with semantics of its own (libraries, process counts, launcher,
 * watchdog) reads an option by its name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mpchar/measure_defaults.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"
#include "mpchar/sizes.h"
#include "run.h"

/* --quick's repetitions of an oversubscribed point, which has no time
 * budget: its times are not real (docs/timing.md, Budget). */
#define QUICK_MIN_REPS 3
/* --quick's stopping rule: a point stops once its minimum held for this
 * many rounds (docs/timing.md, Stopping rule). */
#define QUICK_SETTLE_ROUNDS "3"
/* --quick's random validation sizes per series: they cost a third of a
 * series' points and take no part in the models (docs/timing.md, Old and
 * new quick runs). */
#define QUICK_VALIDATION_COUNT "10"
/* --quick's most seconds of waiting per launch for the machine's best
 * speed (docs/timing.md, Level changes). */
#define QUICK_LEVEL_WAIT_S "15"

static int check_seconds(const char *value, mpchar_error *err)
{
    double seconds;
    return mpchar_parse_double(value, 1.0, 86400.0, &seconds, err);
}

static int check_nodes(const char *value, mpchar_error *err)
{
    long nodes;
    return mpchar_parse_long(value, 1, 100000, &nodes, err);
}

#define SEE_TIMING "; docs/timing.md"

const run_option run_options_table[] = {
    {{"mpi", "LIST",
      "MPI libraries: openmpi, mpich, builtin, builtin-sr (the built-in "
      "runtime in SR mode), smpi (simulated), a list, or all (all but smpi; "
      "builtin-sr for pingpong only)",
      "all"},
     RUN_TEXT,
     NULL,
     false,
     "mpi",
     NULL,
     NULL},
    {{"algorithms", "LIST",
      "also measure the libraries' own algorithms of collectives, each as "
      "library <base>@<coll>:<algorithm>: all, or a list of COLL, "
      "COLL:ALG, LIB@COLL or LIB@COLL:ALG (docs/export.md)",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "algorithms",
     "",
     NULL},
    /* Simulated clusters (SimGrid SMPI, run_smpi.c; docs/scale.md). */
    {{"platform", "FILE|cluster:HOSTS:LAT:BW",
      "--mpi smpi: a SimGrid platform file, or a cluster of HOSTS hosts "
      "with links of latency LAT and bandwidth BW, e.g. "
      "cluster:256:1us:10Gbps",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "platform",
     "",
     run_smpi_check_platform},
    {{"smpi-coll", "LIST",
      "--mpi smpi: also measure SMPI's collective algorithms COLL:ALG, "
      "e.g. bcast:binomial_tree,allgather:ring, each as library "
      "smpi@COLL:ALG",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "smpi_coll",
     "",
     run_smpi_check_colls},
    {{"smpi-coll-selector", "NAME",
      "--mpi smpi: SMPI's choice of the collectives not forced: default, "
      "ompi, mpich, mvapich2, impi or automatic",
      "default"},
     RUN_TEXT,
     NULL,
     false,
     "smpi_coll_selector",
     "default",
     run_smpi_check_selector},
    {{"patterns", "LIST",
      "patterns to measure, or all; mpchar-bench-* --list names them and "
      "marks those all leaves out",
      "all"},
     RUN_TEXT,
     NULL,
     true,
     "patterns",
     NULL,
     NULL},
    {{"datatypes", "LIST",
      "buffer datatypes of the patterns seed 002 measured with them "
      "(pingpong, pingping, stream, its own; mpchar-bench-* --list): byte, "
      "int, double, one series each",
      "byte"},
     RUN_TEXT,
     NULL,
     true,
     "datatypes",
     "byte",
     NULL},
    {{"p", "LIST|RANGE", "process counts, e.g. 2-4 or 2,4,8 (default 2..cores)",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "p",
     NULL,
     NULL},
    {{"sizes", "sqrt2|pow2|pow4|LIST",
      "fitting sizes: sqrt2 (0, 1, 2, 3, 4, 6, 8, 11, ... max, the powers "
      "of sqrt(2) in whole bytes), pow2, pow4 or a list",
      "sqrt2"},
     RUN_TEXT,
     NULL,
     true,
     "sizes",
     NULL,
     NULL},
    {{"refine", "N",
      "fitting sizes added per series around protocol switches, 0: "
      "off" SEE_TIMING,
      MPCHAR_STR(MPCHAR_DEFAULT_REFINE_POINTS)},
     RUN_TEXT,
     NULL,
     true,
     "refine",
     "0",
     NULL},
    {{"max-size", "BYTES", "largest size", "1M"},
     RUN_TEXT,
     "64K",
     true,
     "max_size",
     NULL,
     NULL},
    {{"time-per-point", "MS", "time budget per point, none when oversubscribed",
      MPCHAR_STR(MPCHAR_DEFAULT_TIME_PER_POINT_MS)},
     RUN_TEXT,
     NULL,
     true,
     "time_per_point_ms",
     NULL,
     NULL},
    {{"min-reps", "N", "fewest timed repetitions of a point",
      MPCHAR_STR(MPCHAR_DEFAULT_MIN_REPS)},
     RUN_TEXT,
     MPCHAR_STR(QUICK_MIN_REPS),
     true,
     "min_reps",
     NULL,
     NULL},
    {{"max-reps", "N", "most timed repetitions of a point",
      MPCHAR_STR(MPCHAR_DEFAULT_MAX_REPS)},
     RUN_TEXT,
     NULL,
     true,
     "max_reps",
     NULL,
     NULL},
    {{"rounds", "N",
      "passes over each series that share its points' budget, 1: one "
      "sweep" SEE_TIMING,
      MPCHAR_STR(MPCHAR_DEFAULT_ROUNDS)},
     RUN_TEXT,
     NULL,
     true,
     "rounds",
     "1",
     NULL},
    {{"settle-rounds", "K",
      "stopping rule: a point leaves its series' later rounds once its "
      "minimum fell by at most --settle-tolerance over its last K rounds, "
      "0: never" SEE_TIMING,
      MPCHAR_STR(MPCHAR_DEFAULT_SETTLE_ROUNDS)},
     RUN_TEXT,
     QUICK_SETTLE_ROUNDS,
     true,
     "settle_rounds",
     "0",
     NULL},
    {{"settle-tolerance", "PCT", "the stopping rule's tolerance in percent",
      MPCHAR_STR(MPCHAR_DEFAULT_SETTLE_TOLERANCE_PCT)},
     RUN_TEXT,
     NULL,
     true,
     "settle_tolerance_pct",
     MPCHAR_STR(MPCHAR_DEFAULT_SETTLE_TOLERANCE_PCT),
     NULL},
    {{"min-rounds", "N", "the stopping rule's floor: rounds every point takes",
      MPCHAR_STR(MPCHAR_DEFAULT_MIN_ROUNDS)},
     RUN_TEXT,
     NULL,
     true,
     "min_rounds",
     MPCHAR_STR(MPCHAR_DEFAULT_MIN_ROUNDS),
     NULL},
    {{"level-retries", "N",
      "times a series is measured again when the machine's speed changed "
      "during it, 0: never" SEE_TIMING,
      MPCHAR_STR(MPCHAR_DEFAULT_LEVEL_RETRIES)},
     RUN_TEXT,
     NULL,
     true,
     "level_retries",
     "0",
     NULL},
    {{"level-wait", "S",
      "most seconds a launch waits in all for the machine's best speed, "
      "never longer than it measured, 0: never",
      MPCHAR_STR(MPCHAR_DEFAULT_LEVEL_WAIT_S)},
     RUN_TEXT,
     QUICK_LEVEL_WAIT_S,
     true,
     "level_wait_s",
     "0",
     NULL},
    {{"validation-count", "N",
      "random validation sizes per series (0: none; `mpchar advise "
      "--verify` measures its sizes only)",
      MPCHAR_STR(MPCHAR_VALIDATION_COUNT)},
     RUN_TEXT,
     QUICK_VALIDATION_COUNT,
     true,
     "validation_count",
     MPCHAR_STR(MPCHAR_VALIDATION_COUNT),
     NULL},
    {{"validation-seed", "N",
      "seed of the " MPCHAR_STR(
          MPCHAR_VALIDATION_COUNT) " random validation sizes",
      MPCHAR_STR(MPCHAR_DEFAULT_VALIDATION_SEED)},
     RUN_TEXT,
     NULL,
     true,
     "validation_seed",
     NULL,
     NULL},
    {{"quick", NULL, "a small complete run", NULL},
     RUN_FLAG,
     NULL,
     false,
     "quick",
     NULL,
     NULL},
    {{"check", NULL, "verify every received byte (untimed)", NULL},
     RUN_FLAG,
     NULL,
     true,
     "check",
     NULL,
     NULL},
    {{"oversubscribe", NULL,
      "allow p above the number of cores (those points are marked)", NULL},
     RUN_FLAG,
     NULL,
     false,
     "oversubscribe",
     NULL,
     NULL},
    {{"raw", NULL, "also keep every repetition in raw.csv", NULL},
     RUN_FLAG,
     NULL,
     true,
     "raw",
     NULL,
     NULL},
    {{"rotate-root", NULL, "rotate the root of rooted collectives", NULL},
     RUN_FLAG,
     NULL,
     true,
     "rotate_root",
     NULL,
     NULL},
    {{"sync", "window|barrier",
      "start collective repetitions at a common time (window) or after a "
      "barrier" SEE_TIMING,
      "window"},
     RUN_TEXT,
     NULL,
     true,
     "sync",
     "barrier",
     NULL},
    {{"cache", "warm|cold",
      "buffers at the start of a repetition: as the last one left them "
      "(warm), or sent just after written with the caches swept (cold, "
      "one operation per repetition)" SEE_TIMING,
      "warm"},
     RUN_TEXT,
     NULL,
     true,
     "cache",
     "warm",
     NULL},
    {{"cache-sweep", "BYTES|auto",
      "--cache cold: bytes each process reads before a repetition, e.g. "
      "what an application walks between two calls; auto: twice the "
      "largest cache",
      "auto"},
     RUN_TEXT,
     NULL,
     true,
     "cache_sweep",
     "auto",
     NULL},
    {{"point-timeout", "S", "watchdog: end a point silent for S seconds",
      "120"},
     RUN_SECONDS,
     NULL,
     false,
     "point_timeout_s",
     NULL,
     check_seconds},
    {{"launcher", "TEMPLATE|own",
      "launch with e.g. 'mpirun -n {p}' ({p}: the process count) instead of "
      "the library's own; inside a Slurm allocation srun is the default, "
      "own keeps the libraries' launchers (docs/cluster.md)",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "launcher",
     NULL,
     NULL},
    {{"sbatch", NULL,
      "print a Slurm job script for this run (--nodes, tasks: the largest "
      "--p, a time limit estimated from the plan) instead of running it",
      NULL},
     RUN_FLAG,
     NULL,
     false,
     NULL,
     NULL,
     NULL},
    {{"nodes", "N", "--sbatch: the nodes the job asks for", "1"},
     RUN_TEXT,
     NULL,
     false,
     NULL,
     NULL,
     check_nodes},
    {{"hosts", "HOST[:SLOTS],...",
      "run across these hosts (Open MPI, MPICH), filled in order up to "
      "their slots (default 1); docs/cluster.md",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "hosts",
     "",
     NULL},
    {{"hostfile", "FILE", "the hosts of --hosts from FILE, HOST[:SLOTS] a line",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "hostfile",
     "",
     NULL},
    {{"ppn", "LIST",
      "with --hosts: run every p once per processes-per-host cap in LIST, "
      "e.g. 1,2 (rows then tell the placements NODESxPPN apart; "
      "docs/cluster.md)",
      NULL},
     RUN_TEXT,
     NULL,
     false,
     "ppn",
     "",
     NULL},
    {{"out", "DIR", "results directory (default results/<date>-<host>)", NULL},
     RUN_TEXT,
     NULL,
     true,
     NULL,
     NULL,
     NULL},
    {{"resume", "DIR", "finish an interrupted run with its own options", NULL},
     RUN_TEXT,
     NULL,
     false,
     NULL,
     NULL,
     NULL},
};
const size_t run_options_count =
    sizeof run_options_table / sizeof run_options_table[0];
_Static_assert(sizeof run_options_table / sizeof run_options_table[0] <=
                   RUN_OPTIONS_MAX,
               "raise RUN_OPTIONS_MAX");

static mpchar_option_table option_table(void)
{
    return MPCHAR_OPTION_TABLE(run_options_table, o);
}

/* The index of an option the code names; a name missing from the table
 * is a mistake in this program, not in its input. */
static size_t index_of(const char *name)
{
    size_t i = mpchar_option_find(option_table(), name);
    if (i == run_options_count) {
        fprintf(stderr, "mpchar: internal error: no option --%s\n", name);
        abort();
    }
    return i;
}

const char *run_value(const run_options *o, const char *name)
{
    return o->value[index_of(name)];
}

bool run_given(const run_options *o, const char *name)
{
    return o->given[index_of(name)];
}

bool run_flag(const run_options *o, const char *name)
{
    return strcmp(run_value(o, name), "true") == 0;
}

void run_set_value(run_options *o, const char *name, const char *value)
{
    snprintf(o->value[index_of(name)], RUN_VALUE_MAX, "%s", value);
}

void run_options_defaults(run_options *o)
{
    memset(o, 0, sizeof *o);
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        const char *def = r->kind == RUN_FLAG ? "false" : r->o.def;
        snprintf(o->value[i], RUN_VALUE_MAX, "%s", def ? def : "");
    }
}

static int set_option(void *ctx, size_t index, const char *value,
                      mpchar_error *err)
{
    run_options *o = ctx;
    const char *name = run_options_table[index].o.name;
    if (value && (value[0] == '\0' || strlen(value) >= RUN_VALUE_MAX))
        return mpchar_error_set(err, "--%s: value is empty or too long", name);
    snprintf(o->value[index], RUN_VALUE_MAX, "%s", value ? value : "true");
    o->given[index] = true;
    return 0;
}

int run_options_parse(int argc, char **argv, run_options *o, mpchar_error *err)
{
    int operands;
    run_options_defaults(o);
    int rc = mpchar_options_parse(option_table(), argc, argv, set_option, o,
                                  &operands, err);
    if (rc != 0)
        return rc;
    if (operands < argc)
        return mpchar_error_set(err, "unexpected argument '%s'",
                                argv[operands]);
    size_t given = 0;
    for (size_t i = 0; i < run_options_count; i++)
        given += o->given[i];
    if (run_given(o, "resume") && given > 1)
        return mpchar_error_set(err,
                                "--resume takes no other options: the run's "
                                "own are in %s/%s",
                                run_value(o, "resume"), MPCHAR_META_FILE);
    return 0;
}

/* --quick's help: the values it sets, from the table. */
static void describe_quick(char *buf, size_t len)
{
    size_t used = (size_t)snprintf(buf, len,
                                   "a small complete run of real "
                                   "timings, every pattern at p up to "
                                   "the cores");
    for (size_t i = 0; i < run_options_count && used < len; i++) {
        const run_option *r = &run_options_table[i];
        if (r->quick)
            used += (size_t)snprintf(buf + used, len - used, ", --%s%s%s",
                                     r->o.name, r->kind == RUN_FLAG ? "" : " ",
                                     r->kind == RUN_FLAG ? "" : r->quick);
    }
    snprintf(buf + used, len > used ? len - used : 0,
             " where not given (docs/timing.md, Stopping rule)");
}

void run_options_usage(FILE *out)
{
    run_option shown[RUN_OPTIONS_MAX];
    char quick[512];
    memcpy(shown, run_options_table, sizeof run_options_table);
    describe_quick(quick, sizeof quick);
    shown[index_of("quick")].o.help = quick;
    fprintf(out, "usage: mpchar run [options]\n\n"
                 "Measures point-to-point and collective patterns with each "
                 "MPI library over\nmessage sizes and process counts, "
                 "writing DIR/measurements.csv point by point.\n\n");
    mpchar_option_table t = {&shown[0].o, run_options_count, sizeof shown[0]};
    mpchar_options_usage(out, t);
}

void run_options_apply_quick(run_options *o)
{
    if (!run_flag(o, "quick"))
        return;
    for (size_t i = 0; i < run_options_count; i++)
        if (run_options_table[i].quick && !o->given[i])
            snprintf(o->value[i], RUN_VALUE_MAX, "%s",
                     run_options_table[i].quick);
}

int run_options_check(const run_options *o, mpchar_error *err)
{
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        if (r->check && r->check(o->value[i], err) != 0)
            return mpchar_error_prefix(err, "--%s", r->o.name);
    }
    return 0;
}

void run_options_bench_args(const run_options *o, run_args *args)
{
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        char flag[64];
        if (!r->bench || (r->kind == RUN_FLAG && !run_flag(o, r->o.name)))
            continue;
        snprintf(flag, sizeof flag, "--%s", r->o.name);
        run_args_push(args, flag);
        if (r->kind != RUN_FLAG)
            run_args_push(args, o->value[i]);
    }
}

json_t *run_options_json(const run_options *o)
{
    json_t *obj = json_object();
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        if (!r->meta_key)
            continue;
        json_t *v = r->kind == RUN_FLAG ? json_boolean(run_flag(o, r->o.name))
                    : r->kind == RUN_TEXT
                        ? json_string(o->value[i])
                        : json_real(strtod(o->value[i], NULL));
        json_object_set_new(obj, r->meta_key, v);
    }
    return obj;
}

/* The shortest text that reads back as v. */
static void format_number(double v, char *buf, size_t len)
{
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, len, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            return;
    }
}

/* One option's value from meta.json as text; json_null() stands for an
 * absent key. */
static int value_from_json(const run_option *r, json_t *v, char *dst,
                           const char *path, mpchar_error *err)
{
    static const char *const wanted[] = {
        [RUN_TEXT] = "a string",
        [RUN_FLAG] = "true/false",
        [RUN_SECONDS] = "a positive number",
    };
    if (json_is_null(v) && r->before) {
        snprintf(dst, RUN_VALUE_MAX, "%s", r->before);
        return 0;
    }
    if (r->kind == RUN_TEXT && json_is_string(v) &&
        json_string_length(v) < RUN_VALUE_MAX)
        snprintf(dst, RUN_VALUE_MAX, "%s", json_string_value(v));
    else if (r->kind == RUN_FLAG && json_is_boolean(v))
        snprintf(dst, RUN_VALUE_MAX, "%s", json_is_true(v) ? "true" : "false");
    else if (r->kind == RUN_SECONDS && json_is_number(v) &&
             json_number_value(v) > 0)
        format_number(json_number_value(v), dst, RUN_VALUE_MAX);
    else
        return mpchar_error_set(err,
                                "%s: field 'options.%s' is missing or not %s",
                                path, r->meta_key, wanted[r->kind]);
    return 0;
}

int run_options_from_json(json_t *obj, const char *path, run_options *o,
                          mpchar_error *err)
{
    run_options_defaults(o);
    for (size_t i = 0; i < run_options_count; i++) {
        const run_option *r = &run_options_table[i];
        if (!r->meta_key)
            continue;
        json_t *v = json_object_get(obj, r->meta_key);
        if (value_from_json(r, v ? v : json_null(), o->value[i], path, err))
            return -1;
    }
    return 0;
}
