/* Command-line options of mpchar-bench, declared once in a table that
 * drives parsing and --help together (mpchar/options.h). */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mpchar/datatypes.h"
#include "mpchar/options.h"
#include "mpchar/parse.h"

typedef int (*option_handler)(bench_options *opt, const char *arg,
                              mpchar_error *err);

/* An option: its handler, or for a flag (handle NULL) the offset of the
 * bool it sets. */
typedef struct option_spec {
    mpchar_option o;
    option_handler handle;
    size_t flag;
} option_spec;
#define FLAG(field) .flag = offsetof(bench_options, field)

static int set_name(char *dst, size_t len, const char *arg, const char *what,
                    mpchar_error *err)
{
    if (strlen(arg) >= len)
        return mpchar_error_set(err, "%s '%s' is too long", what, arg);
    strcpy(dst, arg);
    return 0;
}

/* A value that names rows (a name of results.h). */
static int set_row_name(char *dst, size_t len, const char *a,
                        const char *option, mpchar_error *e)
{
    if (!mpchar_name_valid(a))
        return mpchar_error_set(e,
                                "%s '%s': use letters, digits and "
                                "_.+-@: only",
                                option, a);
    return set_name(dst, len, a, option, e);
}

static int on_library(bench_options *o, const char *a, mpchar_error *e)
{
    return set_row_name(o->library, sizeof o->library, a, "--library", e);
}

static int on_placement(bench_options *o, const char *a, mpchar_error *e)
{
    return set_row_name(o->placement, sizeof o->placement, a, "--placement", e);
}

static int on_patterns(bench_options *o, const char *a, mpchar_error *e)
{
    return set_name(o->patterns, sizeof o->patterns, a, "--patterns", e);
}

static int on_p(bench_options *o, const char *a, mpchar_error *e)
{
    free(o->p_list);
    o->p_list = NULL;
    if (mpchar_parse_int_list(a, 2, 1000000, &o->p_list, &o->p_count, e))
        return mpchar_error_prefix(e, "--p (process counts from 2)");
    return 0;
}

static int on_sizes(bench_options *o, const char *a, mpchar_error *e)
{
    free(o->size_list);
    o->size_list = NULL;
    if (strcmp(a, "pow4") == 0) {
        o->grid = MPCHAR_GRID_POW4;
    } else if (strcmp(a, "pow2") == 0) {
        o->grid = MPCHAR_GRID_POW2;
    } else if (strcmp(a, "sqrt2") == 0) {
        o->grid = MPCHAR_GRID_SQRT2;
    } else {
        o->grid = MPCHAR_GRID_LIST;
        if (mpchar_parse_size_list(a, &o->size_list, &o->size_count, e))
            return mpchar_error_prefix(e,
                                       "--sizes (sqrt2, pow2, pow4 or a list)");
    }
    return 0;
}

static int on_max_size(bench_options *o, const char *a, mpchar_error *e)
{
    if (mpchar_parse_size(a, &o->max_size, e) != 0)
        return mpchar_error_prefix(e, "--max-size");
    return 0;
}

static int on_time(bench_options *o, const char *a, mpchar_error *e)
{
    if (mpchar_parse_double(a, 0.001, 3.6e6, &o->time_per_point_ms, e))
        return mpchar_error_prefix(e, "--time-per-point (milliseconds)");
    return 0;
}

static int on_long(long *dst, const char *a, long min, long max,
                   const char *what, mpchar_error *e)
{
    if (mpchar_parse_long(a, min, max, dst, e) != 0)
        return mpchar_error_prefix(e, "%s", what);
    return 0;
}

static int on_min_reps(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->min_reps, a, 1, 100000000, "--min-reps", e);
}

static int on_max_reps(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->max_reps, a, 1, 10000000, "--max-reps", e);
}

static int on_warmup(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->warmup_reps, a, 1, 100000, "--warmup", e);
}

static int on_window(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->window, a, 1, 4096, "--window", e);
}

static int on_validation(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->validation_count, a, 0, 10000, "--validation-count", e);
}

static int on_seed(bench_options *o, const char *a, mpchar_error *e)
{
    long seed;
    if (on_long(&seed, a, 0, 2147483647L, "--validation-seed", e) != 0)
        return -1;
    o->validation_seed = (uint64_t)seed;
    return 0;
}

static int on_rounds(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->rounds, a, 1, BENCH_ROUNDS_MAX, "--rounds", e);
}

static int on_settle_rounds(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->settle_rounds, a, 0, BENCH_ROUNDS_MAX - 1,
                   "--settle-rounds", e);
}

static int on_settle_tolerance(bench_options *o, const char *a, mpchar_error *e)
{
    if (mpchar_parse_double(a, 0.0, 100.0, &o->settle_tolerance_pct, e))
        return mpchar_error_prefix(e, "--settle-tolerance (percent)");
    return 0;
}

static int on_min_rounds(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->min_rounds, a, 1, BENCH_ROUNDS_MAX, "--min-rounds", e);
}

static int on_level_retries(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->level_retries, a, 0, 10, "--level-retries", e);
}

static int on_level_wait(bench_options *o, const char *a, mpchar_error *e)
{
    if (mpchar_parse_double(a, 0.0, 86400.0, &o->level_wait_s, e) != 0)
        return mpchar_error_prefix(e, "--level-wait (seconds)");
    return 0;
}

static int on_refine(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->refine_points, a, 0, BENCH_REFINE_MAX, "--refine", e);
}

static int on_refine_tolerance(bench_options *o, const char *a, mpchar_error *e)
{
    if (mpchar_parse_double(a, 0.001, 10.0, &o->refine_tolerance, e))
        return mpchar_error_prefix(e, "--refine-tolerance (a fraction)");
    return 0;
}

static int on_ops(bench_options *o, const char *a, mpchar_error *e)
{
    char copy[sizeof o->ops];
    if (set_name(copy, sizeof copy, a, "--ops", e) != 0)
        return -1;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (bench_op_find(tok) < 0)
            return mpchar_error_set(e, "--ops: '%s' is not sum, usersum or nop",
                                    tok);
    }
    return set_name(o->ops, sizeof o->ops, a, "--ops", e);
}

static int on_datatypes(bench_options *o, const char *a, mpchar_error *e)
{
    char copy[sizeof o->datatypes];
    if (set_name(copy, sizeof copy, a, "--datatypes", e) != 0)
        return -1;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ","))
        if (mpchar_datatype_bytes(tok) == 0)
            return mpchar_error_set(e,
                                    "--datatypes: '%s' is not byte, int or "
                                    "double",
                                    tok);
    return set_name(o->datatypes, sizeof o->datatypes, a, "--datatypes", e);
}

static int on_cores(bench_options *o, const char *a, mpchar_error *e)
{
    return on_long(&o->cores_per_node, a, 1, 1000000, "--cores-per-node", e);
}

static int on_out(bench_options *o, const char *a, mpchar_error *e)
{
    (void)e;
    o->out_dir = a;
    return 0;
}

/* The choices' names, in the order of their enums. */
const char *const bench_sync_names[] = {
    [SYNC_WINDOW] = "window",
    [SYNC_BARRIER] = "barrier",
    NULL,
};
static const char *const progress_names[] = {
    [PROGRESS_HUMAN] = "human",
    [PROGRESS_MACHINE] = "machine",
    [PROGRESS_NONE] = "none",
    NULL,
};

static int on_progress(bench_options *o, const char *a, mpchar_error *e)
{
    int i;
    if (mpchar_parse_choice_in(a, progress_names, &i, e) != 0)
        return mpchar_error_prefix(e, "--progress");
    o->progress = (bench_progress)i;
    return 0;
}

static int on_sync(bench_options *o, const char *a, mpchar_error *e)
{
    int i;
    if (mpchar_parse_choice_in(a, bench_sync_names, &i, e) != 0)
        return mpchar_error_prefix(e, "--sync");
    o->sync = (bench_sync)i;
    return 0;
}

static int on_cache_sweep(bench_options *o, const char *a, mpchar_error *e)
{
    if (strcmp(a, "auto") == 0) {
        o->cache_sweep_bytes = 0;
        return 0;
    }
    if (mpchar_parse_size(a, &o->cache_sweep_bytes, e) != 0)
        return mpchar_error_prefix(e, "--cache-sweep");
    if (o->cache_sweep_bytes == 0 || o->cache_sweep_bytes > BENCH_SWEEP_MAX)
        return mpchar_error_set(
            e, "--cache-sweep: '%s' is not auto or 1 to 64G", a);
    return 0;
}

static int on_cache(bench_options *o, const char *a, mpchar_error *e)
{
    int i;
    if (mpchar_parse_choice_in(a, mpchar_cache_names, &i, e) != 0)
        return mpchar_error_prefix(e, "--cache");
    o->cache = (mpchar_cache)i;
    return 0;
}

static const option_spec specs[] = {
    {{"library", "NAME",
      "short library name written in every row "
      "(default: mpi)",
      NULL},
     .handle = on_library},
    {{"placement", "NAME",
      "placement column of every row: NODESxPPN, hosts used x most "
      "processes on one host, as mpchar run --hosts passes it (default -: "
      "not placed on hosts)",
      NULL},
     .handle = on_placement},
    {{"patterns", "LIST",
      "comma list of patterns, or all (default; all "
      "leaves out those --list marks)",
      NULL},
     .handle = on_patterns},
    {{"p", "LIST", "process counts, e.g. 2,4 or 2-8 (default: world size)",
      NULL},
     .handle = on_p},
    {{"sizes", "GRID",
      "sqrt2 (default: 0, 1, 2, 3, 4, 6, 8, 11, ...), pow2, "
      "pow4 or a list like 0,1K,64K",
      NULL},
     .handle = on_sizes},
    {{"max-size", "BYTES",
      "largest size of the sqrt2/pow2/pow4 grids and of "
      "the validation draw (default 1M)",
      NULL},
     .handle = on_max_size},
    {{"time-per-point", "MS",
      "time budget per point, none when "
      "oversubscribed (default " MPCHAR_STR(
          MPCHAR_DEFAULT_TIME_PER_POINT_MS) ")",
      NULL},
     .handle = on_time},
    {{"min-reps", "N",
      "minimum timed repetitions (default " MPCHAR_STR(
          MPCHAR_DEFAULT_MIN_REPS) ")",
      NULL},
     .handle = on_min_reps},
    {{"max-reps", "N",
      "maximum timed repetitions (default " MPCHAR_STR(
          MPCHAR_DEFAULT_MAX_REPS) ")",
      NULL},
     .handle = on_max_reps},
    {{"warmup", "N", "untimed warm-up repetitions (default 3)", NULL},
     .handle = on_warmup},
    {{"window", "N",
      "messages per repetition of stream and bistream "
      "(default 32)",
      NULL},
     .handle = on_window},
    {{"validation-count", "N",
      "random validation sizes per series "
      "(default " MPCHAR_STR(MPCHAR_VALIDATION_COUNT) ")",
      NULL},
     .handle = on_validation},
    {{"validation-seed", "N",
      "seed of the validation draw (default " MPCHAR_STR(
          MPCHAR_DEFAULT_VALIDATION_SEED) ")",
      NULL},
     .handle = on_seed},
    {{"rounds", "N",
      "passes over each series that share a point's "
      "repetitions and budget (default " MPCHAR_STR(
          MPCHAR_DEFAULT_ROUNDS) ", 1: one sweep)",
      NULL},
     .handle = on_rounds},
    {{"settle-rounds", "K",
      "stopping rule: a point leaves its series' later rounds once its "
      "minimum fell by at most --settle-tolerance over its last K rounds "
      "(default " MPCHAR_STR(MPCHAR_DEFAULT_SETTLE_ROUNDS) ", 0: never)",
      NULL},
     .handle = on_settle_rounds},
    {{"settle-tolerance", "PCT",
      "the stopping rule's tolerance in percent (default " MPCHAR_STR(
          MPCHAR_DEFAULT_SETTLE_TOLERANCE_PCT) ")",
      NULL},
     .handle = on_settle_tolerance},
    {{"min-rounds", "N",
      "the stopping rule's floor: rounds every point takes "
      "(default " MPCHAR_STR(MPCHAR_DEFAULT_MIN_ROUNDS) ")",
      NULL},
     .handle = on_min_rounds},
    {{"level-retries", "N",
      "times a series is measured again when the "
      "machine's speed changed during it (default " MPCHAR_STR(
          MPCHAR_DEFAULT_LEVEL_RETRIES) ", 0: never)",
      NULL},
     .handle = on_level_retries},
    {{"level-wait", "S",
      "most seconds a launch waits in all for the "
      "machine's best speed before a series, and never longer than it has "
      "measured (default " MPCHAR_STR(
          MPCHAR_DEFAULT_LEVEL_WAIT_S) ", 0: never)",
      NULL},
     .handle = on_level_wait},
    {{"refine", "N",
      "fitting sizes refinement may add per series around "
      "protocol switches (default " MPCHAR_STR(
          MPCHAR_DEFAULT_REFINE_POINTS) ", 0: off, at most 64)",
      NULL},
     .handle = on_refine},
    {{"refine-tolerance", "F",
      "relative distance from the straight line "
      "through neighbouring sizes that refinement looks into (default 0.1)",
      NULL},
     .handle = on_refine_tolerance},
    {{"ops", "LIST",
      "reduction operations: sum (MPI_SUM), usersum (a user-defined sum), "
      "nop (a user-defined no-op)",
      BENCH_DEFAULT_OPS},
     .handle = on_ops},
    {{"datatypes", "LIST",
      "buffer datatypes of the patterns that take them (--list): byte, "
      "int, double (seed 002's buffers; one series each)",
      "byte"},
     .handle = on_datatypes},
    {{"rotate-root", NULL,
      "rotate the root of rooted collectives per "
      "repetition",
      NULL},
     FLAG(rotate_root)},
    {{"sync", "HOW",
      "start collective repetitions in windows on a shared "
      "clock (window, default) or after a barrier (barrier); points where "
      "ranks share cores always use the barrier",
      NULL},
     .handle = on_sync},
    {{"cache", "STATE",
      "buffers at the start of a repetition: warm (default, as the last "
      "one left them) or cold (each process reads through twice its "
      "largest cache, then writes its send buffer; one operation per "
      "repetition, ranks started together)",
      NULL},
     .handle = on_cache},
    {{"cache-sweep", "BYTES|auto",
      "--cache cold: bytes each process reads before a repetition, e.g. "
      "what an application walks between two calls; auto (default): twice "
      "the largest cache",
      NULL},
     .handle = on_cache_sweep},
    {{"check", NULL,
      "fill buffers with a known pattern and verify every "
      "received byte (untimed)",
      NULL},
     FLAG(check)},
    {{"raw", NULL, "also write every repetition's time to raw.csv", NULL},
     FLAG(raw)},
    {{"cores-per-node", "N",
      "cores of a node, for marking oversubscribed "
      "points (default: online CPUs)",
      NULL},
     .handle = on_cores},
    {{"oversubscribed", NULL, "mark every point oversubscribed", NULL},
     FLAG(force_oversubscribed)},
    {{"out", "DIR",
      "results directory: rows are appended to "
      "DIR/measurements.csv and points already there are skipped",
      NULL},
     .handle = on_out},
    {{"progress", "MODE", "human (default), machine or none", NULL},
     .handle = on_progress},
    {{"plan", NULL, "print the points that would be measured and exit", NULL},
     FLAG(plan_only)},
    {{"list", NULL, "list the patterns and exit", NULL}, FLAG(list_only)},
};
void bench_options_usage(FILE *out)
{
    fprintf(out, "usage: mpirun -n P mpchar-bench-<library> [options]\n\n"
                 "Measures MPI point-to-point and collective patterns over "
                 "message sizes\nand process counts.\n\noptions:\n");
    mpchar_options_usage(out, MPCHAR_OPTION_TABLE(specs, o));
}

static void set_defaults(bench_options *opt)
{
    memset(opt, 0, sizeof *opt);
    strcpy(opt->library, "mpi");
    strcpy(opt->placement, MPCHAR_PLACEMENT_NONE);
    strcpy(opt->patterns, "all");
    strcpy(opt->ops, BENCH_DEFAULT_OPS);
    strcpy(opt->datatypes, "byte");
    opt->grid = MPCHAR_GRID_SQRT2;
    opt->max_size = 1u << 20;
    opt->validation_seed = MPCHAR_DEFAULT_VALIDATION_SEED;
    opt->validation_count = MPCHAR_VALIDATION_COUNT;
    opt->time_per_point_ms = MPCHAR_DEFAULT_TIME_PER_POINT_MS;
    opt->min_reps = MPCHAR_DEFAULT_MIN_REPS;
    opt->max_reps = MPCHAR_DEFAULT_MAX_REPS;
    opt->warmup_reps = 3;
    opt->window = 32;
    opt->rounds = MPCHAR_DEFAULT_ROUNDS;
    opt->settle_rounds = MPCHAR_DEFAULT_SETTLE_ROUNDS;
    opt->settle_tolerance_pct = MPCHAR_DEFAULT_SETTLE_TOLERANCE_PCT;
    opt->min_rounds = MPCHAR_DEFAULT_MIN_ROUNDS;
    opt->level_retries = MPCHAR_DEFAULT_LEVEL_RETRIES;
    opt->level_wait_s = MPCHAR_DEFAULT_LEVEL_WAIT_S;
    opt->refine_points = MPCHAR_DEFAULT_REFINE_POINTS;
    opt->refine_tolerance = BENCH_REFINE_DEFAULT_TOLERANCE;
}

static void list_patterns(void)
{
    for (size_t i = 0; i < bench_registry_count(); i++) {
        const bench_pattern *p = bench_registry_get(i);
        printf("%-16s %s%s\n", p->name, p->description,
               p->opt_in ? " [not in all: name it]" : "");
    }
}

static int parse_clock_injection(bench_options *opt, mpchar_error *err)
{
    const char *s = getenv("MPCHAR_BENCH_INJECT_CLOCK_OFFSET_US");
    if (!s || !*s)
        return 0;
    if (mpchar_parse_double(s, -1e9, 1e9, &opt->inject_clock_offset_us, err) !=
        0)
        return mpchar_error_prefix(err, "MPCHAR_BENCH_INJECT_CLOCK_OFFSET_US"
                                        " (microseconds)");
    return 0;
}

static int parse_level_injection(bench_options *opt, mpchar_error *err)
{
    const char *s = getenv("MPCHAR_BENCH_INJECT_LEVEL_US");
    if (!s || !*s)
        return 0;
    if (mpchar_parse_double(s, 0.0, 1e6, &opt->inject_level_us, err) != 0)
        return mpchar_error_prefix(err, "MPCHAR_BENCH_INJECT_LEVEL_US"
                                        " (microseconds)");
    return 0;
}

static int set_option(void *ctx, size_t index, const char *value,
                      mpchar_error *err)
{
    const option_spec *o = &specs[index];
    if (!o->handle) {
        *(bool *)((char *)ctx + o->flag) = true;
        return 0;
    }
    return o->handle(ctx, value, err);
}

int bench_options_parse(int argc, char **argv, bench_options *opt, int *exit_p,
                        mpchar_error *err)
{
    int operands;
    set_defaults(opt);
    *exit_p = -1;
    int rc = mpchar_options_parse(MPCHAR_OPTION_TABLE(specs, o), argc, argv,
                                  set_option, opt, &operands, err);
    if (rc == MPCHAR_OPTIONS_HELP || (rc == 0 && opt->list_only)) {
        rc == MPCHAR_OPTIONS_HELP ? bench_options_usage(stdout)
                                  : list_patterns();
        *exit_p = 0;
        return 0;
    }
    if (rc != 0)
        return -1;
    if (operands < argc)
        return mpchar_error_set(err, "unexpected argument '%s'",
                                argv[operands]);
    if (opt->min_reps > opt->max_reps)
        return mpchar_error_set(err, "--min-reps %ld is above --max-reps %ld",
                                opt->min_reps, opt->max_reps);
    if (opt->cache_sweep_bytes && opt->cache != MPCHAR_CACHE_COLD)
        return mpchar_error_set(err, "--cache-sweep needs --cache cold");
    const char *inject = getenv("MPCHAR_BENCH_INJECT_HANG");
    if (inject && *inject)
        opt->inject_hang = inject;
    return parse_clock_injection(opt, err) != 0 ||
                   parse_level_injection(opt, err) != 0
               ? -1
               : 0;
}

void bench_options_free(bench_options *opt)
{
    free(opt->p_list);
    free(opt->size_list);
    opt->p_list = NULL;
    opt->size_list = NULL;
}
