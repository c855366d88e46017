/* `mpchar run`: characterizes MPI libraries by launching mpchar-bench once
 * per library and process count, following its progress, ending hung
 * points with a watchdog, and keeping meta.json up to date.  Every
 * finished point is already on disk when the benchmark reports it, so a
 * killed run loses nothing and `--resume DIR` measures only what is
 * missing. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "command.h"
#include "mpchar/csv.h"
#include "mpchar/measure_defaults.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"
#include "mpchar/sizes.h"
#include "run.h"

#define DEFAULT_POINT_TIMEOUT_S 120.0

/* --quick's repetitions of an oversubscribed point (see apply_quick). */
#define QUICK_MIN_REPS 3

static void usage(FILE *out)
{
    fprintf(out, "usage: mpchar run [options]\n\n"
                 "Measures point-to-point and collective patterns with each "
                 "MPI "
                 "library over message\nsizes and process counts, writing "
                 "DIR/measurements.csv point by point.\n\n"
                 "  --mpi LIST            openmpi, mpich, builtin, or all "
                 "(default)\n"
                 "  --patterns LIST       patterns to measure (default all; "
                 "see "
                 "mpchar-bench-* --list,\n"
                 "                        which marks those all leaves out)\n"
                 "  --p LIST|RANGE        process counts, e.g. 2-4 or 2,4,8 "
                 "(default 2..cores)\n"
                 "  --sizes sqrt2|pow2|pow4|LIST  fitting sizes (default "
                 "sqrt2: 0, 1, "
                 "2, 3, 4, 6, 8,\n"
                 "                        11, ... max, the powers of sqrt(2) "
                 "in "
                 "whole bytes)\n"
                 "  --refine N            fitting sizes added per series "
                 "around "
                 "protocol switches\n"
                 "                        (default " MPCHAR_STR(MPCHAR_DEFAULT_REFINE_POINTS) ", 0: off; see "
                                                                                              "docs/timing.md)\n"
                                                                                              "  --max-size BYTES      largest size (default 1M)\n"
                                                                                              "  --time-per-point MS   time budget per point, none when "
                                                                                              "oversubscribed (default " MPCHAR_STR(MPCHAR_DEFAULT_TIME_PER_POINT_MS) ")\n"
                                                                                                                                                                      "  --min-reps N, --max-reps N  repetition bounds (default " MPCHAR_STR(MPCHAR_DEFAULT_MIN_REPS) ", " MPCHAR_STR(MPCHAR_DEFAULT_MAX_REPS) ")\n"
                                                                                                                                                                                                                                                                                                               "  --rounds N            passes over each series that share its "
                                                                                                                                                                                                                                                                                                               "points' budget\n"
                                                                                                                                                                                                                                                                                                               "                        (default " MPCHAR_STR(MPCHAR_DEFAULT_ROUNDS) ", 1: one sweep; see "
                                                                                                                                                                                                                                                                                                                                                                                     "docs/timing.md)\n"
                                                                                                                                                                                                                                                                                                                                                                                     "  --level-retries N     times a series is measured again when the "
                                                                                                                                                                                                                                                                                                                                                                                     "machine's speed\n"
                                                                                                                                                                                                                                                                                                                                                                                     "                        changed during it (default " MPCHAR_STR(
                                                                                                                                                                                                                                                                                                                                                                                         MPCHAR_DEFAULT_LEVEL_RETRIES) ", 0: never; "
                                                                                                                                                                                                                                                                                                                                                                                                                       "see docs/timing.md)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                       "  --level-wait S        most seconds a launch waits in all for "
                                                                                                                                                                                                                                                                                                                                                                                                                       "the machine's best\n"
                                                                                                                                                                                                                                                                                                                                                                                                                       "                        speed, never longer than it measured "
                                                                                                                                                                                                                                                                                                                                                                                                                       "(default " MPCHAR_STR(MPCHAR_DEFAULT_LEVEL_WAIT_S) ", 0: never)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                           "  --validation-seed N   seed of the 20 random validation sizes "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                           "(default 20061)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                           "  --quick               every pattern, p = 2..4, sizes up to 64K, "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                           "--min-reps " MPCHAR_STR(QUICK_MIN_REPS) "\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --check               verify every received byte (untimed)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --oversubscribe       allow p above the number of cores (points "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "are marked)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --raw                 also keep every repetition in raw.csv\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --rotate-root         rotate the root of rooted collectives\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --sync window|barrier  start collective repetitions at a common "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "time (default)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "                        or after a barrier (see docs/timing.md)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --point-timeout S     watchdog: end a point silent for S seconds "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "(default 120)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --launcher TEMPLATE   launch with e.g. 'srun -n {p}' instead of "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "the library's own\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --out DIR             results directory (default "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "results/<date>-<host>)\n"
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "  --resume DIR          finish an interrupted run with its own "
                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                                    "options\n");
}

enum {
    OPT_MPI = 1,
    OPT_PATTERNS,
    OPT_P,
    OPT_SIZES,
    OPT_MAX_SIZE,
    OPT_TIME,
    OPT_MIN_REPS,
    OPT_MAX_REPS,
    OPT_SEED,
    OPT_QUICK,
    OPT_CHECK,
    OPT_OVER,
    OPT_RAW,
    OPT_ROTATE,
    OPT_SYNC,
    OPT_REFINE,
    OPT_ROUNDS,
    OPT_LEVEL_RETRIES,
    OPT_LEVEL_WAIT,
    OPT_TIMEOUT,
    OPT_LAUNCHER,
    OPT_OUT,
    OPT_RESUME,
    OPT_HELP,
};

static const struct option longopts[] = {
    {"mpi", required_argument, NULL, OPT_MPI},
    {"patterns", required_argument, NULL, OPT_PATTERNS},
    {"p", required_argument, NULL, OPT_P},
    {"sizes", required_argument, NULL, OPT_SIZES},
    {"max-size", required_argument, NULL, OPT_MAX_SIZE},
    {"time-per-point", required_argument, NULL, OPT_TIME},
    {"min-reps", required_argument, NULL, OPT_MIN_REPS},
    {"max-reps", required_argument, NULL, OPT_MAX_REPS},
    {"validation-seed", required_argument, NULL, OPT_SEED},
    {"quick", no_argument, NULL, OPT_QUICK},
    {"check", no_argument, NULL, OPT_CHECK},
    {"oversubscribe", no_argument, NULL, OPT_OVER},
    {"raw", no_argument, NULL, OPT_RAW},
    {"rotate-root", no_argument, NULL, OPT_ROTATE},
    {"sync", required_argument, NULL, OPT_SYNC},
    {"refine", required_argument, NULL, OPT_REFINE},
    {"rounds", required_argument, NULL, OPT_ROUNDS},
    {"level-retries", required_argument, NULL, OPT_LEVEL_RETRIES},
    {"level-wait", required_argument, NULL, OPT_LEVEL_WAIT},
    {"point-timeout", required_argument, NULL, OPT_TIMEOUT},
    {"launcher", required_argument, NULL, OPT_LAUNCHER},
    {"out", required_argument, NULL, OPT_OUT},
    {"resume", required_argument, NULL, OPT_RESUME},
    {"help", no_argument, NULL, OPT_HELP},
    {NULL, 0, NULL, 0},
};

static int copy_arg(char *dst, size_t len, const char *arg, const char *name,
                    mpchar_error *err)
{
    if (strlen(arg) >= len || arg[0] == '\0')
        return mpchar_error_set(err, "--%s: value is empty or too long", name);
    strcpy(dst, arg);
    return 0;
}

typedef struct parsed_args {
    run_options opt;
    const char *resume;
    int given; /* options other than --resume */
    bool help;
    bool p_given, max_size_given, min_reps_given;
} parsed_args;

static void set_defaults(run_options *o)
{
    memset(o, 0, sizeof *o);
    strcpy(o->mpi, "all");
    strcpy(o->patterns, "all");
    strcpy(o->sizes, "sqrt2");
    strcpy(o->refine, MPCHAR_STR(MPCHAR_DEFAULT_REFINE_POINTS));
    strcpy(o->rounds, MPCHAR_STR(MPCHAR_DEFAULT_ROUNDS));
    strcpy(o->level_retries, MPCHAR_STR(MPCHAR_DEFAULT_LEVEL_RETRIES));
    strcpy(o->level_wait_s, MPCHAR_STR(MPCHAR_DEFAULT_LEVEL_WAIT_S));
    strcpy(o->sync, "window");
    strcpy(o->max_size, "1M");
    strcpy(o->time_per_point_ms, MPCHAR_STR(MPCHAR_DEFAULT_TIME_PER_POINT_MS));
    strcpy(o->min_reps, MPCHAR_STR(MPCHAR_DEFAULT_MIN_REPS));
    strcpy(o->max_reps, MPCHAR_STR(MPCHAR_DEFAULT_MAX_REPS));
    snprintf(o->validation_seed, sizeof o->validation_seed, "%u",
             MPCHAR_DEFAULT_VALIDATION_SEED);
    o->point_timeout_s = DEFAULT_POINT_TIMEOUT_S;
}

static int apply_option(parsed_args *a, int c, const char *arg,
                        mpchar_error *err)
{
    run_options *o = &a->opt;
    switch (c) {
    case OPT_MPI: return copy_arg(o->mpi, sizeof o->mpi, arg, "mpi", err);
    case OPT_PATTERNS:
        return copy_arg(o->patterns, sizeof o->patterns, arg, "patterns", err);
    case OPT_P:
        a->p_given = true;
        return copy_arg(o->p, sizeof o->p, arg, "p", err);
    case OPT_SIZES:
        return copy_arg(o->sizes, sizeof o->sizes, arg, "sizes", err);
    case OPT_MAX_SIZE:
        a->max_size_given = true;
        return copy_arg(o->max_size, sizeof o->max_size, arg, "max-size", err);
    case OPT_TIME:
        return copy_arg(o->time_per_point_ms, sizeof o->time_per_point_ms, arg,
                        "time-per-point", err);
    case OPT_MIN_REPS:
        a->min_reps_given = true;
        return copy_arg(o->min_reps, sizeof o->min_reps, arg, "min-reps", err);
    case OPT_MAX_REPS:
        return copy_arg(o->max_reps, sizeof o->max_reps, arg, "max-reps", err);
    case OPT_SEED:
        return copy_arg(o->validation_seed, sizeof o->validation_seed, arg,
                        "validation-seed", err);
    case OPT_QUICK: o->quick = true; return 0;
    case OPT_CHECK: o->check = true; return 0;
    case OPT_OVER: o->oversubscribe = true; return 0;
    case OPT_RAW: o->raw = true; return 0;
    case OPT_ROTATE: o->rotate_root = true; return 0;
    case OPT_SYNC: return copy_arg(o->sync, sizeof o->sync, arg, "sync", err);
    case OPT_REFINE:
        return copy_arg(o->refine, sizeof o->refine, arg, "refine", err);
    case OPT_ROUNDS:
        return copy_arg(o->rounds, sizeof o->rounds, arg, "rounds", err);
    case OPT_LEVEL_RETRIES:
        return copy_arg(o->level_retries, sizeof o->level_retries, arg,
                        "level-retries", err);
    case OPT_LEVEL_WAIT:
        return copy_arg(o->level_wait_s, sizeof o->level_wait_s, arg,
                        "level-wait", err);
    case OPT_TIMEOUT:
        if (mpchar_parse_double(arg, 1.0, 86400.0, &o->point_timeout_s, err) !=
            0)
            return mpchar_error_prefix(err, "--point-timeout (seconds)");
        return 0;
    case OPT_LAUNCHER:
        return copy_arg(o->launcher, sizeof o->launcher, arg, "launcher", err);
    case OPT_OUT: return copy_arg(o->out, sizeof o->out, arg, "out", err);
    default: return mpchar_error_set(err, "unknown option");
    }
}

static int parse_args(int argc, char **argv, parsed_args *a, mpchar_error *err)
{
    memset(a, 0, sizeof *a);
    set_defaults(&a->opt);
    opterr = 0;
    optind = 1;
    int c;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == '?' || c == ':')
            return mpchar_error_set(err,
                                    "run: unknown option or missing "
                                    "value: '%s' (see mpchar run --help)",
                                    argv[optind - 1]);
        if (c == OPT_HELP) {
            a->help = true;
            return 0;
        }
        if (c == OPT_RESUME) {
            a->resume = optarg;
            continue;
        }
        a->given++;
        if (apply_option(a, c, optarg, err) != 0)
            return -1;
    }
    if (optind < argc)
        return mpchar_error_set(err, "run: unexpected argument '%s'",
                                argv[optind]);
    return 0;
}

/* --quick: a small but complete run, oversubscribing (and marking it)
 * where the machine has fewer than 4 cores.  Oversubscribed points have no
 * budget, so their minimum count sets their time: 3 repetitions, since
 * their times are not real (docs/timing.md, Budget). */
static void apply_quick(parsed_args *a)
{
    if (!a->opt.quick)
        return;
    if (!a->p_given)
        strcpy(a->opt.p, "2-4");
    if (!a->max_size_given)
        strcpy(a->opt.max_size, "64K");
    if (!a->min_reps_given)
        strcpy(a->opt.min_reps, MPCHAR_STR(QUICK_MIN_REPS));
    a->opt.oversubscribe = true;
}

static int resolve_process_counts(run_state *st, mpchar_error *err)
{
    run_options *o = &st->opt;
    if (o->p[0] == '\0')
        snprintf(o->p, sizeof o->p, "2-%d",
                 st->sys.cores > 2 ? st->sys.cores : 2);
    if (mpchar_parse_int_list(o->p, 2, 1000000, &st->ps, &st->np, err))
        return mpchar_error_prefix(err, "--p (process counts from 2)");
    long most = st->ps[st->np - 1];
    if (most > st->sys.cores && !o->oversubscribe && !o->launcher[0])
        return mpchar_error_set(err,
                                "--p %ld is more than the %d cores of "
                                "this machine: add --oversubscribe (those "
                                "points are then marked oversubscribed)",
                                most, st->sys.cores);
    return 0;
}

/* ---- results directory ------------------------------------------------ */

static int make_dirs(const char *path, mpchar_error *err)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *s = buf + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return mpchar_error_set(err, "%s: cannot create: %s", buf,
                                    strerror(errno));
        *s = '/';
    }
    if (mkdir(buf, 0755) != 0 && errno != EEXIST)
        return mpchar_error_set(err, "%s: cannot create: %s", buf,
                                strerror(errno));
    return 0;
}

/* Names the results directory (default results/<date>-<host>) and refuses
 * to mix a new run into an old one. */
static int choose_out_dir(run_state *st, bool resume, mpchar_error *err)
{
    run_options *o = &st->opt;
    char path[4200];
    if (!o->out[0]) {
        char stamp[32];
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(o->out, sizeof o->out, "results/%s-%s", stamp, st->sys.host);
    }
    snprintf(path, sizeof path, "%s/%s", o->out, MPCHAR_MEASUREMENTS_FILE);
    if (!resume && access(path, F_OK) == 0)
        return mpchar_error_set(err,
                                "%s already holds results: use "
                                "--resume %s, or another --out",
                                o->out, o->out);
    return 0;
}

/* Creates the directory and checks that no other run is writing to it
 * (the benchmark holds the lock while it appends). */
static int create_out_dir(const run_state *st, mpchar_error *err)
{
    const char *out = st->opt.out;
    char path[4200];
    if (make_dirs(out, err) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/.lock", out);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return mpchar_error_set(err,
                                "%s: results directory is not "
                                "writable: %s",
                                out, strerror(errno));
    int busy = flock(fd, LOCK_EX | LOCK_NB) != 0;
    close(fd);
    if (busy)
        return mpchar_error_set(err,
                                "%s: another run is writing to this "
                                "results directory",
                                out);
    return 0;
}

/* ---- the benchmark's arguments --------------------------------------- */

typedef struct arg_list {
    char *v[64];
    char store[64][512];
    int n;
} arg_list;

static void add_arg(arg_list *l, const char *a, const char *b)
{
    snprintf(l->store[l->n], sizeof l->store[l->n], "%s", a);
    l->v[l->n] = l->store[l->n];
    l->n++;
    if (b) {
        snprintf(l->store[l->n], sizeof l->store[l->n], "%s", b);
        l->v[l->n] = l->store[l->n];
        l->n++;
    }
    l->v[l->n] = NULL;
}

static void bench_args(const run_state *st, const char *library, const char *p,
                       arg_list *l)
{
    const run_options *o = &st->opt;
    char cores[32];
    snprintf(cores, sizeof cores, "%d", st->sys.cores);
    l->n = 0;
    add_arg(l, "--library", library);
    add_arg(l, "--p", p);
    add_arg(l, "--patterns", o->patterns);
    add_arg(l, "--sizes", o->sizes);
    add_arg(l, "--max-size", o->max_size);
    add_arg(l, "--time-per-point", o->time_per_point_ms);
    add_arg(l, "--min-reps", o->min_reps);
    add_arg(l, "--max-reps", o->max_reps);
    add_arg(l, "--validation-seed", o->validation_seed);
    add_arg(l, "--refine", o->refine);
    add_arg(l, "--rounds", o->rounds);
    add_arg(l, "--level-retries", o->level_retries);
    add_arg(l, "--level-wait", o->level_wait_s);
    add_arg(l, "--sync", o->sync);
    add_arg(l, "--out", o->out);
    add_arg(l, "--progress", "machine");
    if (!o->launcher[0])
        add_arg(l, "--cores-per-node", cores);
    if (o->check)
        add_arg(l, "--check", NULL);
    if (o->raw)
        add_arg(l, "--raw", NULL);
    if (o->rotate_root)
        add_arg(l, "--rotate-root", NULL);
}

/* Asks the benchmark for its plan without launching MPI: validates the
 * options in one place and counts the points still to measure. */
static int count_plan(run_state *st, const run_library *lib, size_t *pending_p,
                      mpchar_error *err)
{
    arg_list l;
    char errbuf[16384] = "";
    bench_args(st, lib->name, st->opt.p, &l);
    add_arg(&l, "--plan", NULL);
    int pipefd[2];
    if (pipe(pipefd) != 0)
        return mpchar_error_set(err, "cannot create a pipe");
    int errfd[2];
    if (pipe(errfd) != 0) {
        close(pipefd[0]);
        close(pipefd[1]);
        return mpchar_error_set(err, "cannot create a pipe");
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(pipefd[1], STDOUT_FILENO);
        dup2(errfd[1], STDERR_FILENO);
        close(pipefd[0]);
        close(errfd[0]);
        char *argv[70] = {(char *)lib->bench};
        for (int i = 0; i < l.n; i++)
            argv[i + 1] = l.v[i];
        execv(lib->bench, argv);
        _exit(127);
    }
    close(pipefd[1]);
    close(errfd[1]);
    FILE *f = fdopen(pipefd[0], "r");
    char line[1024];
    size_t pending = 0;
    unsigned long long memory = 0;
    while (f && fgets(line, sizeof line, f)) {
        size_t len = strlen(line);
        if (len > 8 && strcmp(line + len - 9, ",pending\n") == 0)
            pending++;
        sscanf(line, "@@mpchar memory_bytes_per_process %llu", &memory);
    }
    if (f)
        fclose(f);
    ssize_t n = read(errfd[0], errbuf, sizeof errbuf - 1);
    close(errfd[0]);
    errbuf[n > 0 ? n : 0] = '\0';
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        char *nl = strchr(errbuf, '\n'), *msg = errbuf;
        if (nl)
            *nl = '\0';
        if (strncmp(msg, "mpchar-bench: ", 14) == 0)
            msg += 14;
        return mpchar_error_set(err, "%s",
                                msg[0] ? msg
                                       : "the benchmark "
                                         "program could not plan the run");
    }
    uint64_t have =
        (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t ranks = (uint64_t)st->ps[st->np - 1];
    if (!st->opt.launcher[0] && memory * ranks > have / 2)
        return mpchar_error_set(err,
                                "--max-size %s needs %llu MiB in each "
                                "of %llu processes, more than half of this "
                                "machine's %llu MiB: lower it",
                                st->opt.max_size, memory >> 20,
                                (unsigned long long)ranks,
                                (unsigned long long)(have >> 20));
    *pending_p = pending;
    return 0;
}

/* ---- progress -------------------------------------------------------- */

typedef struct progress {
    run_state *st;
    const char *library;
    long p;
    double start; /* of this invocation, for the time left */
    bool tty;
    size_t last_line_at;
} progress;

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void format_duration(double s, char *buf, size_t len)
{
    long t = (long)(s + 0.5);
    if (t >= 3600)
        snprintf(buf, len, "%ldh%02ldm", t / 3600, t / 60 % 60);
    else if (t >= 60)
        snprintf(buf, len, "%ldm%02lds", t / 60, t % 60);
    else
        snprintf(buf, len, "%lds", t);
}

static void on_begin(void *ctx, const char *key)
{
    progress *pr = ctx;
    run_state *st = pr->st;
    size_t finished = st->done + st->failed;
    char left[32] = "?";
    /* The plan cannot count the sizes refinement will add around the
     * switches it finds: past the plan, each one raises the total shown. */
    size_t total = st->total > finished ? st->total : finished + 1;
    if (finished > 0) {
        double rate = (now_s() - pr->start) / (double)finished;
        size_t remaining = total - finished;
        format_duration(rate * (double)remaining, left, sizeof left);
    }
    if (pr->tty) {
        fprintf(stderr, "\r\033[K[%s p=%ld] %zu/%zu points, %s left: %s",
                pr->library, pr->p, finished, total, left, key);
    } else if (finished == 0 || finished >= pr->last_line_at + 100) {
        fprintf(stderr, "[%s p=%ld] %zu/%zu points, %s left: %s\n", pr->library,
                pr->p, finished, total, left, key);
        pr->last_line_at = finished;
    }
    fflush(stderr);
}

static void on_done(void *ctx, const char *key)
{
    progress *pr = ctx;
    (void)key;
    pr->st->done++;
}

static void on_failed(void *ctx, const char *key)
{
    progress *pr = ctx;
    if (pr->tty)
        fprintf(stderr, "\n");
    fprintf(stderr, "mpchar: point failed: %s\n", key);
    pr->st->failed++;
}

/* ---- launching -------------------------------------------------------- */

/* Appends the point the benchmark left open to failed.csv, so that the
 * next launch skips it. */
static int record_failure(const run_state *st, const char *key,
                          const char *reason, mpchar_error *err)
{
    char copy[512], *fields[MPCHAR_CSV_MAX_FIELDS], line[MPCHAR_LINE_MAX];
    size_t nfields, pos;
    snprintf(copy, sizeof copy, "%s", key);
    if (mpchar_csv_split(copy, fields, &nfields, err) != 0 || nfields != 8)
        return mpchar_error_set(err,
                                "the benchmark announced a malformed "
                                "point '%s'",
                                key);
    pos = (size_t)snprintf(line, sizeof line, "%s,", key);
    if (mpchar_csv_put(line, sizeof line - 2, &pos, reason, err) != 0)
        return -1;
    line[pos++] = '\n';
    line[pos] = '\0';
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", st->opt.out, MPCHAR_FAILED_FILE);
    fprintf(stderr, "mpchar: point failed: %s: %s\n", key, reason);
    return mpchar_append_line(path, MPCHAR_FAILED_HEADER, line, err);
}

static void describe_end(const launch_result *res, double timeout, char *why,
                         size_t len)
{
    if (res->watchdog_fired)
        snprintf(why, len, "no progress for %.0f s: ended by the watchdog",
                 timeout);
    else if (res->exit_status >= 0)
        snprintf(why, len, "benchmark exited with status %d%s%s",
                 res->exit_status, res->last_error[0] ? ": " : "",
                 res->last_error);
    else
        snprintf(why, len, "benchmark killed by signal %d%s%s",
                 res->term_signal, res->last_error[0] ? ": " : "",
                 res->last_error);
}

static void note_launch(run_state *st, const char *library, long p,
                        char *const *argv, const launch_result *res,
                        double steal_pct)
{
    json_t *cmd = json_array();
    for (char *const *a = argv; *a; a++)
        json_array_append_new(cmd, json_string(*a));
    json_array_append_new(
        st->launches,
        json_pack("{s:s, s:I, s:o, s:i, s:b, s:I, s:o}", "library", library,
                  "p", (json_int_t)p, "command", cmd, "exit_status",
                  res->exit_status, "watchdog_fired", res->watchdog_fired,
                  "points_finished", (json_int_t)res->finished, "cpu_steal_pct",
                  isfinite(steal_pct) ? json_real(steal_pct) : json_null()));
}

typedef enum launch_outcome {
    LAUNCH_COMPLETE,
    LAUNCH_AGAIN,
    LAUNCH_GAVE_UP,
    LAUNCH_INTERRUPTED
} launch_outcome;

static launch_outcome launch_once(run_state *st, const run_library *lib, long p,
                                  progress *pr, mpchar_error *err)
{
    char pnum[32], **argv;
    arg_list args;
    launch_result res;
    snprintf(pnum, sizeof pnum, "%ld", p);
    bench_args(st, lib->name, pnum, &args);
    if (run_launch_command(lib, &st->opt, &st->sys, p, args.v, &argv, err) != 0)
        return LAUNCH_GAVE_UP;
    launch_observer obs = {on_begin, on_done, on_failed, pr};
    run_cpu_times before, after;
    run_cpu_times_read(&before);
    int rc = run_launch(argv, st->opt.point_timeout_s, &obs, &res, err);
    run_cpu_times_read(&after);
    if (pr->tty)
        fprintf(stderr, "\r\033[K");
    if (rc == 0)
        note_launch(st, lib->name, p, argv, &res,
                    run_cpu_steal_pct(&before, &after));
    run_argv_free(argv);
    if (rc != 0)
        return LAUNCH_GAVE_UP;
    if (res.interrupted)
        return LAUNCH_INTERRUPTED;
    if (res.exit_status == 0 && !res.watchdog_fired)
        return LAUNCH_COMPLETE;
    char why[700];
    describe_end(&res, st->opt.point_timeout_s, why, sizeof why);
    if (res.open_key[0]) {
        if (record_failure(st, res.open_key, why, err) != 0)
            return LAUNCH_GAVE_UP;
        st->failed++;
        return LAUNCH_AGAIN;
    }
    if (res.exit_status == 1 && res.finished > 0)
        return LAUNCH_COMPLETE; /* points failed their check, recorded */
    mpchar_error_set(err, "%s at p=%ld: %s", lib->name, p, why);
    return LAUNCH_GAVE_UP;
}

static int measure_library(run_state *st, const run_library *lib, bool tty,
                           double start, int *gave_up)
{
    mpchar_error err;
    for (size_t i = 0; i < st->np; i++) {
        progress pr = {st, lib->name, st->ps[i], start, tty, 0};
        launch_outcome out;
        do {
            out = launch_once(st, lib, st->ps[i], &pr, &err);
            if (run_meta_write(st, "running", &err) != 0)
                fprintf(stderr, "mpchar: %s\n", err.msg);
        } while (out == LAUNCH_AGAIN);
        if (out == LAUNCH_INTERRUPTED)
            return -1;
        if (out == LAUNCH_GAVE_UP) {
            fprintf(stderr, "mpchar: %s\n", err.msg);
            (*gave_up)++;
            return 0;
        }
    }
    return 0;
}

/* ---- summary ---------------------------------------------------------- */

static void print_summary(const run_state *st, double elapsed)
{
    char path[4200], took[32];
    mpchar_measurements m = {NULL, 0};
    mpchar_failures f = {NULL, 0};
    mpchar_error err;
    mpchar_read_options ro = {.allow_truncated_tail = true};
    snprintf(path, sizeof path, "%s/%s", st->opt.out, MPCHAR_MEASUREMENTS_FILE);
    if (access(path, F_OK) == 0 &&
        mpchar_measurements_read(path, &ro, &m, NULL, &err) != 0)
        fprintf(stderr, "mpchar: %s\n", err.msg);
    snprintf(path, sizeof path, "%s/%s", st->opt.out, MPCHAR_FAILED_FILE);
    if (access(path, F_OK) == 0 &&
        mpchar_failures_read(path, &ro, &f, NULL, &err) != 0)
        fprintf(stderr, "mpchar: %s\n", err.msg);
    format_duration(elapsed, took, sizeof took);
    printf("\n%-10s %10s %16s %8s\n", "library", "measured", "oversubscribed",
           "failed");
    for (size_t i = 0; i < st->nlibs; i++) {
        size_t measured = 0, over = 0, failed = 0;
        for (size_t k = 0; k < m.count; k++) {
            if (strcmp(m.rows[k].key.library, st->libs[i].name) != 0)
                continue;
            measured++;
            over += m.rows[k].oversubscribed;
        }
        for (size_t k = 0; k < f.count; k++)
            failed += strcmp(f.rows[k].key.library, st->libs[i].name) == 0;
        printf("%-10s %10zu %16zu %8zu\n", st->libs[i].name, measured, over,
               failed);
    }
    printf("\nRun took %s. Oversubscribed points (p above %d cores) are "
           "marked and are not real timings.\n",
           took, st->sys.cores);
    printf("Results: %s/%s\n", st->opt.out, MPCHAR_MEASUREMENTS_FILE);
    mpchar_measurements_free(&m);
    mpchar_failures_free(&f);
}

/* ---- the subcommand ---------------------------------------------------- */

/* Builds every launch command once before anything runs, so that a bad
 * --launcher template is reported up front. */
static int check_launch_commands(const run_state *st, mpchar_error *err)
{
    char *none[] = {NULL};
    for (size_t i = 0; i < st->nlibs; i++) {
        char **argv;
        if (run_launch_command(&st->libs[i], &st->opt, &st->sys, st->ps[0],
                               none, &argv, err) != 0)
            return -1;
        run_argv_free(argv);
    }
    return 0;
}

static int setup_run(run_state *st, int argc, char **argv, int *exit_p)
{
    parsed_args a;
    mpchar_error err;
    *exit_p = 2;
    if (parse_args(argc, argv, &a, &err) != 0)
        goto err_usage;
    if (a.help) {
        usage(stdout);
        *exit_p = 0;
        return -1;
    }
    if (a.resume) {
        if (a.given > 0) {
            mpchar_error_set(&err,
                             "run: --resume takes no other options: "
                             "the run's own are in %s/%s",
                             a.resume, MPCHAR_META_FILE);
            goto err_usage;
        }
        if (run_meta_read_options(a.resume, &a.opt, &err) != 0)
            goto err_usage;
        snprintf(a.opt.out, sizeof a.opt.out, "%s", a.resume);
    }
    apply_quick(&a);
    st->opt = a.opt;
    mpchar_sysinfo_read(&st->sys);
    if (resolve_process_counts(st, &err) != 0 ||
        run_libraries_resolve(st->opt.mpi, &st->libs, &st->nlibs, &err) ||
        choose_out_dir(st, a.resume != NULL, &err) != 0)
        goto err_usage;
    for (size_t i = 0; i < st->nlibs; i++) {
        size_t pending = 0;
        if (count_plan(st, &st->libs[i], &pending, &err) != 0)
            goto err_usage;
        st->total += pending;
    }
    if (check_launch_commands(st, &err) != 0 || create_out_dir(st, &err) != 0)
        goto err_usage;
    return 0;
err_usage:
    fprintf(stderr, "mpchar: %s\n", err.msg);
    return -1;
}

static void utc_now(char *buf, size_t len)
{
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

int cmd_run(int argc, char **argv)
{
    run_state st;
    mpchar_error err;
    int exit_code, gave_up = 0;
    memset(&st, 0, sizeof st);
    if (setup_run(&st, argc, argv, &exit_code) != 0) {
        free(st.ps);
        free(st.libs);
        return exit_code;
    }
    utc_now(st.created_utc, sizeof st.created_utc);
    st.launches = json_array();
    run_launch_trap_signals();
    if (run_meta_write(&st, "running", &err) != 0) {
        fprintf(stderr, "mpchar: %s\n", err.msg);
        exit_code = 1;
        goto out;
    }
    printf("mpchar run: %zu points to measure with %zu librar%s into %s\n",
           st.total, st.nlibs, st.nlibs == 1 ? "y" : "ies", st.opt.out);
    double start = now_s();
    bool tty = isatty(STDERR_FILENO);
    exit_code = 0;
    for (size_t i = 0; i < st.nlibs; i++) {
        if (measure_library(&st, &st.libs[i], tty, start, &gave_up)) {
            run_meta_write(&st, "interrupted", &err);
            fprintf(stderr,
                    "\nmpchar: interrupted; finish with: mpchar run "
                    "--resume %s\n",
                    st.opt.out);
            exit_code = 130;
            goto out;
        }
    }
    if (run_meta_write(&st, gave_up ? "incomplete" : "complete", &err))
        fprintf(stderr, "mpchar: %s\n", err.msg);
    print_summary(&st, now_s() - start);
    exit_code = gave_up ? 1 : 0;
out:
    json_decref(st.launches);
    free(st.ps);
    free(st.libs);
    return exit_code;
}
