/* Command-line options of mpchar-bench, declared once in a table that
 * drives parsing and --help together. */
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "mpchar/parse.h"

typedef int (*option_handler)(bench_options *opt, const char *arg,
                              mpchar_error *err);

/* How an option's value is kept at its offset in bench_options: a flag
 * sets a bool, a long or a double in [min, max], a choice the index of its
 * name in an enum; or a handler. */
typedef enum option_kind {
    OPT_FLAG,
    OPT_LONG,
    OPT_DOUBLE,
    OPT_CHOICE,
    OPT_HANDLER
} option_kind;

typedef struct option_spec {
    const char *name;
    const char *arg; /* NULL: a flag */
    const char *help;
    option_kind kind;
    size_t offset;              /* OPT_FLAG, OPT_LONG, OPT_DOUBLE */
    double min, max;            /* OPT_LONG, OPT_DOUBLE */
    const char *unit;           /* OPT_DOUBLE: named in its errors */
    const char *const *choices; /* OPT_CHOICE: names, NULL-terminated */
    option_handler handle;      /* OPT_HANDLER */
} option_spec;

#define FLAG(field) .kind = OPT_FLAG, .offset = offsetof(bench_options, field)
#define LONG(field, lo, hi)                                                \
    .kind = OPT_LONG, .offset = offsetof(bench_options, field), .min = lo, \
    .max = hi
#define DOUBLE(field, lo, hi, what)                                          \
    .kind = OPT_DOUBLE, .offset = offsetof(bench_options, field), .min = lo, \
    .max = hi, .unit = what
#define CHOICE(field, names)                                      \
    .kind = OPT_CHOICE, .offset = offsetof(bench_options, field), \
    .choices = names
#define HANDLER(fn) .kind = OPT_HANDLER, .handle = fn

/* A choice is kept as the enum's int value. */
_Static_assert(sizeof(bench_sync) == sizeof(int) &&
                   sizeof(bench_progress) == sizeof(int),
               "choices are written as int");

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

static int set_name(char *dst, size_t len, const char *arg, const char *what,
                    mpchar_error *err)
{
    if (strlen(arg) >= len)
        return mpchar_error_set(err, "%s '%s' is too long", what, arg);
    strcpy(dst, arg);
    return 0;
}

/* The index of arg among names (NULL-terminated), or an error that names
 * the option and lists them. */
static int choice(const char *arg, const char *const *names, const char *option,
                  int *index_p, mpchar_error *err)
{
    char list[128] = "";
    size_t len = 0;
    for (int i = 0; names[i]; i++) {
        if (strcmp(arg, names[i]) == 0) {
            *index_p = i;
            return 0;
        }
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
                                i == 0         ? ""
                                : names[i + 1] ? ", "
                                               : " or ",
                                names[i]);
        if (len >= sizeof list)
            len = sizeof list - 1;
    }
    return mpchar_error_set(err, "--%s: '%s' is not %s", option, arg, list);
}

static int on_library(bench_options *o, const char *a, mpchar_error *e)
{
    if (!mpchar_name_valid(a))
        return mpchar_error_set(e,
                                "--library '%s': use letters, digits and "
                                "_.+- only",
                                a);
    return set_name(o->library, sizeof o->library, a, "--library", e);
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
    static const char *const grids[] = {
        [MPCHAR_GRID_SQRT2] = "sqrt2",
        [MPCHAR_GRID_POW2] = "pow2",
        [MPCHAR_GRID_POW4] = "pow4",
        [MPCHAR_GRID_LIST] = NULL,
    };
    int grid;
    free(o->size_list);
    o->size_list = NULL;
    if (choice(a, grids, "sizes", &grid, NULL) == 0) {
        o->grid = (mpchar_grid_kind)grid;
        return 0;
    }
    o->grid = MPCHAR_GRID_LIST;
    if (mpchar_parse_size_list(a, &o->size_list, &o->size_count, e))
        return mpchar_error_prefix(e, "--sizes (sqrt2, pow2, pow4 or a list)");
    return 0;
}

static int on_max_size(bench_options *o, const char *a, mpchar_error *e)
{
    if (mpchar_parse_size(a, &o->max_size, e) != 0)
        return mpchar_error_prefix(e, "--max-size");
    return 0;
}

static int on_seed(bench_options *o, const char *a, mpchar_error *e)
{
    long seed;
    if (mpchar_parse_long(a, 0, 2147483647L, &seed, e) != 0)
        return mpchar_error_prefix(e, "--validation-seed");
    o->validation_seed = (uint64_t)seed;
    return 0;
}

static int on_ops(bench_options *o, const char *a, mpchar_error *e)
{
    char copy[sizeof o->ops];
    if (set_name(copy, sizeof copy, a, "--ops", e) != 0)
        return -1;
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ",")) {
        if (strcmp(tok, "sum") != 0 && strcmp(tok, "nop") != 0)
            return mpchar_error_set(e, "--ops: '%s' is not sum or nop", tok);
    }
    return set_name(o->ops, sizeof o->ops, a, "--ops", e);
}

static int on_out(bench_options *o, const char *a, mpchar_error *e)
{
    (void)e;
    o->out_dir = a;
    return 0;
}

static const option_spec specs[] = {
    {"library", "NAME",
     "short library name written in every row "
     "(default: mpi)",
     HANDLER(on_library)},
    {"patterns", "LIST",
     "comma list of patterns, or all (default; all "
     "leaves out those --list marks)",
     HANDLER(on_patterns)},
    {"p", "LIST", "process counts, e.g. 2,4 or 2-8 (default: world size)",
     HANDLER(on_p)},
    {"sizes", "GRID",
     "sqrt2 (default: 0, 1, 2, 3, 4, 6, 8, 11, ...), pow2, "
     "pow4 or a list like 0,1K,64K",
     HANDLER(on_sizes)},
    {"max-size", "BYTES",
     "largest size of the sqrt2/pow2/pow4 grids and of "
     "the validation draw (default 1M)",
     HANDLER(on_max_size)},
    {"time-per-point", "MS",
     "time budget per point, none when "
     "oversubscribed (default " MPCHAR_STR(
         MPCHAR_DEFAULT_TIME_PER_POINT_MS) ")",
     DOUBLE(time_per_point_ms, 0.001, 3.6e6, "milliseconds")},
    {"min-reps", "N",
     "minimum timed repetitions (default " MPCHAR_STR(
         MPCHAR_DEFAULT_MIN_REPS) ")",
     LONG(min_reps, 1, 100000000)},
    {"max-reps", "N",
     "maximum timed repetitions (default " MPCHAR_STR(
         MPCHAR_DEFAULT_MAX_REPS) ")",
     LONG(max_reps, 1, 10000000)},
    {"warmup", "N", "untimed warm-up repetitions (default 3)",
     LONG(warmup_reps, 1, 100000)},
    {"window", "N",
     "messages per repetition of stream and bistream "
     "(default 32)",
     LONG(window, 1, 4096)},
    {"validation-count", "N",
     "random validation sizes per series "
     "(default 20)",
     LONG(validation_count, 0, 10000)},
    {"validation-seed", "N", "seed of the validation draw (default 20061)",
     HANDLER(on_seed)},
    {"rounds", "N",
     "passes over each series that share a point's "
     "repetitions and budget (default " MPCHAR_STR(
         MPCHAR_DEFAULT_ROUNDS) ", 1: one sweep)",
     LONG(rounds, 1, 100)},
    {"level-retries", "N",
     "times a series is measured again when the "
     "machine's speed changed during it (default " MPCHAR_STR(
         MPCHAR_DEFAULT_LEVEL_RETRIES) ", 0: never)",
     LONG(level_retries, 0, 10)},
    {"level-wait", "S",
     "most seconds a launch waits in all for the "
     "machine's best speed before a series, and never longer than it has "
     "measured (default " MPCHAR_STR(MPCHAR_DEFAULT_LEVEL_WAIT_S) ", 0: never)",
     DOUBLE(level_wait_s, 0.0, 86400.0, "seconds")},
    {"refine", "N",
     "fitting sizes refinement may add per series around "
     "protocol switches (default " MPCHAR_STR(
         MPCHAR_DEFAULT_REFINE_POINTS) ", 0: off, at most 64)",
     LONG(refine_points, 0, BENCH_REFINE_MAX)},
    {"refine-tolerance", "F",
     "relative distance from the straight line "
     "through neighbouring sizes that refinement looks into (default 0.1)",
     DOUBLE(refine_tolerance, 0.001, 10.0, "a fraction")},
    {"ops", "LIST", "reduction operations: sum,nop (default both)",
     HANDLER(on_ops)},
    {"rotate-root", NULL,
     "rotate the root of rooted collectives per "
     "repetition",
     FLAG(rotate_root)},
    {"sync", "HOW",
     "start collective repetitions in windows on a shared "
     "clock (window, default) or after a barrier (barrier); points where "
     "ranks share cores always use the barrier",
     CHOICE(sync, bench_sync_names)},
    {"check", NULL,
     "fill buffers with a known pattern and verify every "
     "received byte (untimed)",
     FLAG(check)},
    {"raw", NULL, "also write every repetition's time to raw.csv", FLAG(raw)},
    {"cores-per-node", "N",
     "cores of a node, for marking oversubscribed "
     "points (default: online CPUs)",
     LONG(cores_per_node, 1, 1000000)},
    {"oversubscribed", NULL, "mark every point oversubscribed",
     FLAG(force_oversubscribed)},
    {"out", "DIR",
     "results directory: rows are appended to "
     "DIR/measurements.csv and points already there are skipped",
     HANDLER(on_out)},
    {"progress", "MODE", "human (default), machine or none",
     CHOICE(progress, progress_names)},
    {"plan", NULL, "print the points that would be measured and exit",
     FLAG(plan_only)},
};
#define NSPECS (sizeof specs / sizeof specs[0])

/* Applies one option's value to opt. */
static int apply(const option_spec *sp, bench_options *opt, const char *arg,
                 mpchar_error *err)
{
    char *field = (char *)opt + sp->offset;
    switch (sp->kind) {
    case OPT_FLAG: *(bool *)field = true; return 0;
    case OPT_LONG:
        if (mpchar_parse_long(arg, (long)sp->min, (long)sp->max, (long *)field,
                              err) != 0)
            return mpchar_error_prefix(err, "--%s", sp->name);
        return 0;
    case OPT_DOUBLE:
        if (mpchar_parse_double(arg, sp->min, sp->max, (double *)field, err))
            return mpchar_error_prefix(err, "--%s (%s)", sp->name, sp->unit);
        return 0;
    case OPT_CHOICE:
        if (choice(arg, sp->choices, sp->name, (int *)field, err) != 0)
            return -1;
        return 0;
    case OPT_HANDLER: return sp->handle(opt, arg, err);
    }
    return mpchar_error_set(err, "--%s: no way to apply it", sp->name);
}

void bench_options_usage(FILE *out)
{
    fprintf(out, "usage: mpirun -n P mpchar-bench-<library> [options]\n\n"
                 "Measures MPI point-to-point and collective patterns over "
                 "message sizes and process counts.\n\noptions:\n");
    for (size_t i = 0; i < NSPECS; i++) {
        char left[64];
        snprintf(left, sizeof left, "--%s%s%s", specs[i].name,
                 specs[i].arg ? " " : "", specs[i].arg ? specs[i].arg : "");
        fprintf(out, "  %-24s %s\n", left, specs[i].help);
    }
    fprintf(out, "  %-24s %s\n", "--list", "list the patterns and exit");
    fprintf(out, "  %-24s %s\n", "--help", "this text");
}

static void set_defaults(bench_options *opt)
{
    memset(opt, 0, sizeof *opt);
    strcpy(opt->library, "mpi");
    strcpy(opt->patterns, "all");
    strcpy(opt->ops, "sum,nop");
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

int bench_options_parse(int argc, char **argv, bench_options *opt, int *exit_p,
                        mpchar_error *err)
{
    struct option longopts[NSPECS + 3];
    set_defaults(opt);
    *exit_p = -1;
    for (size_t i = 0; i < NSPECS; i++)
        longopts[i] = (struct option){
            specs[i].name, specs[i].arg ? required_argument : no_argument, NULL,
            (int)(i + 1)};
    longopts[NSPECS] = (struct option){"help", no_argument, NULL, 'h'};
    longopts[NSPECS + 1] = (struct option){"list", no_argument, NULL, 'l'};
    longopts[NSPECS + 2] = (struct option){NULL, 0, NULL, 0};
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'h' || c == 'l') {
            if (c == 'h')
                bench_options_usage(stdout);
            else
                list_patterns();
            *exit_p = 0;
            return 0;
        }
        if (c == '?' || c == ':')
            return mpchar_error_set(err,
                                    "unknown option or missing value: "
                                    "'%s' (see --help)",
                                    argv[optind - 1]);
        if (apply(&specs[c - 1], opt, optarg, err) != 0)
            return -1;
    }
    if (optind < argc)
        return mpchar_error_set(err, "unexpected argument '%s'", argv[optind]);
    if (opt->min_reps > opt->max_reps)
        return mpchar_error_set(err, "--min-reps %ld is above --max-reps %ld",
                                opt->min_reps, opt->max_reps);
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
