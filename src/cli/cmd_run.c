/* `mpchar run`: characterizes MPI libraries by launching mpchar-bench once
 * per library and process count, following its progress, ending hung
 * points with a watchdog, and keeping meta.json up to date.  Every
 * finished point is already on disk when the benchmark reports it, so a
 * killed run loses nothing and `--resume DIR` measures only what is
 * missing. */
#include <errno.h>
#include <fcntl.h>
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
#include "mpchar/fileio.h"
#include "mpchar/parse.h"
#include "mpchar/results.h"
#include "run.h"

/* Whether a library runs on this machine's processes (not simulated). */
static bool any_real_library(const run_state *st)
{
    for (size_t i = 0; i < st->nlibs; i++)
        if (!st->libs[i].simulated)
            return true;
    return false;
}

/* Whether the processes run on this machine, whose cores and memory then
 * bound p and the message sizes. */
static bool launches_here(const run_state *st)
{
    return !st->launcher[0] && !st->slurm.srun;
}

/* Fills in the default process counts (2..cores) and checks them against
 * the cores, which simulated processes do not share. */
static int resolve_process_counts(run_state *st, mpchar_error *err)
{
    run_options *o = &st->opt;
    if (!run_value(o, "p")[0]) {
        char all[32];
        snprintf(all, sizeof all, "2-%d",
                 st->sys.cores > 2 ? st->sys.cores : 2);
        run_set_value(o, "p", all);
    }
    if (mpchar_parse_int_list(run_value(o, "p"), 2, 1000000, &st->ps, &st->np,
                              err))
        return mpchar_error_prefix(err, "--p (process counts from 2)");
    long most = st->ps[st->np - 1];
    bool sbatch = run_flag(o, "sbatch");
    if (run_hosts_read(o, &st->hosts, err) != 0 ||
        run_hosts_check_p(&st->hosts, most, err) != 0)
        return -1;
    if (sbatch && (st->hosts.count > 0 || st->launcher[0]))
        return mpchar_error_set(err, "--sbatch: Slurm places the processes; "
                                     "leave out --hosts, --hostfile and "
                                     "--launcher");
    if (!sbatch && run_given(o, "nodes"))
        return mpchar_error_set(err, "--nodes: only with --sbatch");
    /* the job script's run launches with srun in its own allocation */
    if (!sbatch && run_slurm_detect(o, most, &st->slurm, err) != 0)
        return -1;
    if (!launches_here(st) || sbatch || !any_real_library(st))
        return 0; /* the processes share no core of this machine */
    if (most > st->sys.cores && !run_flag(o, "oversubscribe"))
        return mpchar_error_set(err,
                                "--p %ld is more than the %d cores of "
                                "this machine: add --oversubscribe (those "
                                "points are then marked oversubscribed)",
                                most, st->sys.cores);
    return mpchar_sysinfo_check_realtime(&st->sys, most, err);
}

/* ---- results directory ------------------------------------------------ */

/* Names the results directory (default results/<date>-<host>) and refuses
 * to mix a new run into an old one. */
static int choose_out_dir(run_state *st, bool resume, mpchar_error *err)
{
    char path[RUN_VALUE_MAX + 64];
    if (!run_value(&st->opt, "out")[0]) {
        char stamp[32], out[RUN_VALUE_MAX];
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
        snprintf(out, sizeof out, "results/%s-%s", stamp, st->sys.host);
        run_set_value(&st->opt, "out", out);
    }
    st->out = run_value(&st->opt, "out");
    snprintf(path, sizeof path, "%s/%s", st->out, MPCHAR_MEASUREMENTS_FILE);
    if (!resume && access(path, F_OK) == 0)
        return mpchar_error_set(err,
                                "%s already holds results: use "
                                "--resume %s, or another --out",
                                st->out, st->out);
    return 0;
}

/* Creates the directory and checks that no other run is writing to it
 * (the benchmark holds the lock while it appends). */
static int create_out_dir(const run_state *st, mpchar_error *err)
{
    char path[RUN_VALUE_MAX + 64];
    if (mpchar_make_dirs(st->out, err) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/.lock", st->out);
    int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return mpchar_error_set(err,
                                "%s: results directory is not "
                                "writable: %s",
                                st->out, strerror(errno));
    int busy = flock(fd, LOCK_EX | LOCK_NB) != 0;
    close(fd);
    if (busy)
        return mpchar_error_set(err,
                                "%s: another run is writing to this "
                                "results directory",
                                st->out);
    return 0;
}

/* ---- the benchmark's arguments --------------------------------------- */

/* The options table's arguments, and those that are this launch's own:
 * the library, p, and what mpchar run needs to follow the launch. */
/* placement: the rows' placement column (NULL: not placed on hosts). */
static void bench_args(const run_state *st, const run_library *lib,
                       const char *p, const char *placement, run_args *args)
{
    char cores[32];
    snprintf(cores, sizeof cores, "%d", st->sys.cores);
    run_args_push(args, "--library");
    run_args_push(args, lib->name);
    run_args_push(args, "--p");
    run_args_push(args, p);
    if (placement) {
        run_args_push(args, "--placement");
        run_args_push(args, placement);
    }
    run_options_bench_args(&st->opt, args);
    if (lib->pattern[0]) { /* a variant: its collective only, the last
                              --patterns counting */
        run_args_push(args, "--patterns");
        run_args_push(args, lib->pattern);
    }
    run_args_push(args, "--progress");
    run_args_push(args, "machine");
    if (!st->launcher[0] && !lib->srun) {
        run_args_push(args, "--cores-per-node");
        run_args_push(args, cores);
    }
}

/* Runs argv (argv[0] a path), its standard output to out_fd and its
 * standard error to err_fd. */
static pid_t spawn(char *const *argv, int out_fd[2], int err_fd[2])
{
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out_fd[1], STDOUT_FILENO);
        dup2(err_fd[1], STDERR_FILENO);
        close(out_fd[0]);
        close(err_fd[0]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(out_fd[1]);
    close(err_fd[1]);
    return pid;
}

/* A simulator's log line without its prefix "[time] file:line:
 * [category/LEVEL] ". */
static const char *without_log_prefix(const char *msg)
{
    static const char *const levels[] = {"ERROR] ", "CRITICAL] ", NULL};
    for (const char *const *l = levels; msg[0] == '[' && *l; l++) {
        const char *at = strstr(msg, *l);
        if (at)
            return at + strlen(*l);
    }
    return msg;
}

/* The first line of the benchmark's complaint, without its name, or the
 * simulator's (a platform that does not parse: the one thing it
 * complains of before the benchmark starts). */
static int plan_error(char *errbuf, mpchar_error *err)
{
    char *nl = strchr(errbuf, '\n');
    const char *msg = errbuf;
    if (nl)
        *nl = '\0';
    if (strncmp(msg, "mpchar-bench: ", 14) == 0)
        msg += 14;
    const char *bare = without_log_prefix(msg);
    return mpchar_error_set(err, "%s%s", bare != msg ? "--platform: " : "",
                            bare[0] ? bare
                                    : "the benchmark program could not plan "
                                      "the run");
}

/* What the plan says is left to measure, and the memory each process
 * needs. */
typedef struct plan_counts {
    size_t pending, series; /* points; series with one pending or more */
    unsigned long long memory_bytes;
} plan_counts;

/* The series of a point's key: library,pattern,variant,op,datatype,p. */
static size_t series_length(const char *key)
{
    const char *c = key;
    for (int commas = 0; *c && commas < 6; c++)
        commas += *c == ',';
    return (size_t)(c - key);
}

/* Reads the plan, series after series. */
static void read_plan(int fd, plan_counts *c)
{
    FILE *f = fdopen(fd, "r");
    char line[1024], series[1024] = "";
    while (f && fgets(line, sizeof line, f)) {
        size_t len = strlen(line), key = series_length(line);
        if (len > 8 && strcmp(line + len - 9, ",pending\n") == 0) {
            c->pending++;
            if (strncmp(line, series, key) != 0 || series[key] != '\0') {
                c->series++;
                snprintf(series, sizeof series, "%.*s", (int)key, line);
            }
        }
        sscanf(line, "@@mpchar memory_bytes_per_process %llu",
               &c->memory_bytes);
    }
    if (f)
        fclose(f);
    else
        close(fd);
}

/* Asks the benchmark for its plan without launching MPI: validates the
 * options in one place and counts the points still to measure. */
static int count_plan_one(run_state *st, const run_library *lib, const char *p,
                          const char *placement, plan_counts *total,
                          mpchar_error *err)
{
    plan_counts one = {0, 0, 0}, *c = &one;
    run_args args = {NULL, 0, 0, false};
    char errbuf[16384] = "";
    int out_fd[2], err_fd[2];
    if (lib->simulated) /* a shared object that only smpirun starts */
        run_smpi_push_launcher(&args, lib, 1, st->smpi.plan_platform);
    run_args_push(&args, lib->bench);
    bench_args(st, lib, p, placement, &args);
    run_args_push(&args, "--plan");
    if (args.failed || pipe(out_fd) != 0) {
        run_argv_free(args.v);
        return mpchar_error_set(err, "cannot start the benchmark program");
    }
    if (pipe(err_fd) != 0) {
        close(out_fd[0]);
        close(out_fd[1]);
        run_argv_free(args.v);
        return mpchar_error_set(err, "cannot create a pipe");
    }
    pid_t pid = spawn(args.v, out_fd, err_fd);
    run_argv_free(args.v);
    read_plan(out_fd[0], c);
    unsigned long long memory = c->memory_bytes;
    ssize_t n = read(err_fd[0], errbuf, sizeof errbuf - 1);
    close(err_fd[0]);
    errbuf[n > 0 ? n : 0] = '\0';
    int status;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return plan_error(errbuf, err);
    uint64_t have =
        (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t ranks = (uint64_t)st->ps[st->np - 1];
    bool cold = strcmp(run_value(&st->opt, "cache"), "cold") == 0;
    if (launches_here(st) && !run_flag(&st->opt, "sbatch") &&
        memory * ranks > have / 2)
        return mpchar_error_set(
            err,
            "--max-size %s%s%s needs %llu MiB in each of %llu processes, more "
            "than half of this machine's %llu MiB: lower %s",
            run_value(&st->opt, "max-size"), cold ? " with --cache-sweep " : "",
            cold ? run_value(&st->opt, "cache-sweep") : "", memory >> 20,
            (unsigned long long)ranks, (unsigned long long)(have >> 20),
            cold ? "them" : "it");
    total->pending += c->pending;
    total->series += c->series;
    return 0;
}

/* The points still to measure: one plan of every p, or across hosts one
 * per p and placement (each placement is a column of the keys). */
static int count_plan(run_state *st, const run_library *lib, plan_counts *c,
                      mpchar_error *err)
{
    memset(c, 0, sizeof *c);
    if (st->hosts.count == 0)
        return count_plan_one(st, lib, run_value(&st->opt, "p"), NULL, c, err);
    const long *caps;
    size_t ncaps = run_hosts_caps(&st->hosts, &caps);
    for (size_t i = 0; i < st->np; i++)
        for (size_t k = 0; k < ncaps; k++) {
            char p[32], placement[MPCHAR_NAME_MAX];
            snprintf(p, sizeof p, "%ld", st->ps[i]);
            st->hosts.cap = caps[k];
            run_hosts_placement(&st->hosts, st->ps[i], placement,
                                sizeof placement);
            if (count_plan_one(st, lib, p, placement, c, err) != 0)
                return -1;
        }
    st->hosts.cap = 0;
    return 0;
}

/* ---- progress -------------------------------------------------------- */

/* Without a terminal (a log), a line when a launch starts and then at
 * most one this often: a point is announced once per round, 16 times. */
#define PROGRESS_LINE_INTERVAL_S 10.0

typedef struct progress {
    run_state *st;
    const char *library;
    long p;
    double start; /* of this invocation, for the time left */
    bool tty;
    double last_line_s; /* of the log's last line; 0: none this launch */
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
    } else if (pr->last_line_s == 0.0 ||
               now_s() - pr->last_line_s >= PROGRESS_LINE_INTERVAL_S) {
        fprintf(stderr, "[%s p=%ld] %zu/%zu points, %s left: %s\n", pr->library,
                pr->p, finished, total, left, key);
        pr->last_line_s = now_s();
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
                          const char *reason, const char *placement,
                          mpchar_error *err)
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
    if (pos + strlen(placement) + 3 > sizeof line)
        return mpchar_error_set(err, "failed.csv line too long");
    pos += (size_t)snprintf(line + pos, sizeof line - pos, ",%s\n", placement);
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", st->out, MPCHAR_FAILED_FILE);
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

/* The program said every result was written, and then did not exit. */
static bool hung_in_finalize(const launch_result *res)
{
    return res->watchdog_fired && res->results_written;
}

static void note_launch(run_state *st, const char *library, long p,
                        const char *placement, char *const *argv,
                        const launch_result *res, double steal_pct,
                        double elapsed_s)
{
    json_t *cmd = json_array();
    for (char *const *a = argv; *a; a++)
        json_array_append_new(cmd, json_string(*a));
    json_array_append_new(
        st->launches,
        json_pack("{s:s, s:I, s:s, s:o, s:i, s:b, s:b, s:I, s:o, s:f}",
                  "library", library, "p", (json_int_t)p, "placement",
                  placement, "command", cmd, "exit_status", res->exit_status,
                  "watchdog_fired", res->watchdog_fired, "hung_in_finalize",
                  hung_in_finalize(res), "points_finished",
                  (json_int_t)res->finished, "cpu_steal_pct",
                  isfinite(steal_pct) ? json_real(steal_pct) : json_null(),
                  "elapsed_s", round(1000.0 * elapsed_s) / 1000.0));
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
    char pnum[32], placement[MPCHAR_NAME_MAX], **argv;
    run_args args = {NULL, 0, 0, false};
    launch_result res;
    snprintf(pnum, sizeof pnum, "%ld", p);
    run_hosts_placement(&st->hosts, p, placement, sizeof placement);
    bench_args(st, lib, pnum, st->hosts.count ? placement : NULL, &args);
    int built = args.failed
                    ? mpchar_error_set(err, "out of memory")
                    : run_launch_command(lib, st->launcher, &st->sys,
                                         &st->hosts, p, args.v, &argv, err);
    run_argv_free(args.v);
    if (built != 0)
        return LAUNCH_GAVE_UP;
    launch_observer obs = {on_begin, on_done, on_failed, pr, NULL};
    run_cpu_times before, after;
    run_cpu_times_read(&before);
    double t0_s = now_s();
    int rc = run_launch(argv, st->point_timeout_s, &obs, &res, err);
    double elapsed_s = now_s() - t0_s;
    run_cpu_times_read(&after);
    if (pr->tty)
        fprintf(stderr, "\r\033[K");
    if (rc == 0)
        note_launch(st, lib->name, p, placement, argv, &res,
                    run_cpu_steal_pct(&before, &after), elapsed_s);
    run_argv_free(argv);
    if (rc != 0)
        return LAUNCH_GAVE_UP;
    if (res.interrupted)
        return LAUNCH_INTERRUPTED;
    if (res.exit_status == 0 && !res.watchdog_fired)
        return LAUNCH_COMPLETE;
    if (hung_in_finalize(&res)) {
        fprintf(stderr,
                "mpchar: %s at p=%ld: every result was written, then the "
                "launch hung in MPI_Finalize and was ended after %.0f s; "
                "its results are kept\n",
                lib->name, p, RUN_FINALIZE_TIMEOUT_S);
        if (res.end_code == 0 || res.end_code == 1)
            return LAUNCH_COMPLETE; /* 1: points failed, recorded */
    }
    char why[700];
    describe_end(&res, st->point_timeout_s, why, sizeof why);
    if (res.open_key[0]) {
        if (record_failure(st, res.open_key, why, placement, err) != 0)
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
    const long *caps;
    size_t ncaps = run_hosts_caps(&st->hosts, &caps);
    for (size_t i = 0; i < st->np; i++)
        for (size_t c = 0; c < ncaps; c++) {
            progress pr = {st, lib->name, st->ps[i], start, tty, 0.0};
            launch_outcome out;
            st->hosts.cap = caps[c]; /* this launch's placement */
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
    mpchar_measurements m = {NULL, 0, false};
    mpchar_failures f = {NULL, 0, false};
    mpchar_error err;
    mpchar_read_options ro = {.allow_truncated_tail = true};
    snprintf(path, sizeof path, "%s/%s", st->out, MPCHAR_MEASUREMENTS_FILE);
    if (access(path, F_OK) == 0 &&
        mpchar_measurements_read(path, &ro, &m, NULL, &err) != 0)
        fprintf(stderr, "mpchar: %s\n", err.msg);
    snprintf(path, sizeof path, "%s/%s", st->out, MPCHAR_FAILED_FILE);
    if (access(path, F_OK) == 0 &&
        mpchar_failures_read(path, &ro, &f, NULL, &err) != 0)
        fprintf(stderr, "mpchar: %s\n", err.msg);
    format_duration(elapsed, took, sizeof took);
    int width = 10; /* algorithm variants have long names */
    for (size_t i = 0; i < st->nlibs; i++)
        if ((int)strlen(st->libs[i].name) > width)
            width = (int)strlen(st->libs[i].name);
    printf("\n%-*s %10s %16s %8s\n", width, "library", "measured",
           "oversubscribed", "failed");
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
        char over_text[32];
        snprintf(over_text, sizeof over_text, "%zu", over);
        printf("%-*s %10zu %16s %8zu\n", width, st->libs[i].name, measured,
               st->libs[i].simulated ? "simulated" : over_text, failed);
    }
    printf("\nRun took %s.", took);
    if (any_real_library(st) && st->ps[st->np - 1] > st->sys.cores)
        printf(" Oversubscribed points (p above %d cores) are marked and are "
               "not real timings.",
               st->sys.cores);
    else if (any_real_library(st))
        printf(" p above the %d cores was left out: its times would not be "
               "real.",
               st->sys.cores);
    printf("\n");
    for (size_t i = 0; i < st->nlibs; i++)
        if (st->libs[i].simulated) { /* all share one platform */
            printf("Simulated libraries ran on the platform %s in simulated "
                   "time; no process of theirs shares a core.\n",
                   st->libs[i].platform);
            break;
        }
    printf("Results: %s/%s\n", st->out, MPCHAR_MEASUREMENTS_FILE);
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
        if (run_launch_command(&st->libs[i], st->launcher, &st->sys, &st->hosts,
                               st->ps[0], none, &argv, err) != 0)
            return -1;
        run_argv_free(argv);
    }
    return 0;
}

/* The options of this run: typed, then --quick's, or read back from
 * meta.json by --resume (which sets the results directory). */
static int read_options(run_state *st, int argc, char **argv, bool *resume_p,
                        mpchar_error *err)
{
    int rc = run_options_parse(argc, argv, &st->opt, err);
    if (rc != 0)
        return rc;
    *resume_p = run_given(&st->opt, "resume");
    if (*resume_p) {
        char dir[RUN_VALUE_MAX];
        snprintf(dir, sizeof dir, "%s", run_value(&st->opt, "resume"));
        if (run_meta_read_options(dir, &st->opt, err) != 0)
            return -1;
        run_set_value(&st->opt, "out", dir);
    } else {
        /* a resumed run's values already hold --quick's */
        run_options_apply_quick(&st->opt);
    }
    if (run_options_check(&st->opt, err) != 0)
        return -1;
    st->launcher = run_value(&st->opt, "launcher");
    if (run_launcher_is_own(st->launcher))
        st->launcher = "";
    st->point_timeout_s = strtod(run_value(&st->opt, "point-timeout"), NULL);
    return 0;
}

static int setup_run(run_state *st, int argc, char **argv, int *exit_p)
{
    mpchar_error err;
    bool resume;
    int rc = read_options(st, argc, argv, &resume, &err);
    *exit_p = rc == MPCHAR_OPTIONS_HELP ? 0 : 2;
    if (rc == MPCHAR_OPTIONS_HELP)
        run_options_usage(stdout);
    if (rc != 0)
        goto err_usage;
    mpchar_sysinfo_read(&st->sys);
    if (run_libraries_resolve(run_value(&st->opt, "mpi"), &st->libs, &st->nlibs,
                              &err) ||
        resolve_process_counts(st, &err) != 0 ||
        choose_out_dir(st, resume, &err) != 0 ||
        run_smpi_setup(st, resume, &err) != 0 ||
        run_libraries_add_algorithms(run_value(&st->opt, "algorithms"),
                                     &st->libs, &st->nlibs, &err))
        goto err_usage;
    run_libraries_keep_patterns(st->libs, &st->nlibs,
                                run_value(&st->opt, "patterns"));
    run_slurm_assign(&st->slurm, st->libs, st->nlibs);
    for (size_t i = 0; i < st->nlibs; i++) {
        plan_counts c;
        if (count_plan(st, &st->libs[i], &c, &err) != 0)
            goto err_usage;
        st->total += c.pending;
        st->series += c.series;
    }
    if (check_launch_commands(st, &err) != 0)
        goto err_usage;
    if (run_flag(&st->opt, "sbatch")) {
        if (run_sbatch_print(st, stdout, &err) != 0)
            goto err_usage;
        run_smpi_cleanup(st);
        *exit_p = 0;
        return 1;
    }
    if (run_hosts_probe(&st->hosts, st->libs, st->nlibs, &err) != 0 ||
        create_out_dir(st, &err) != 0 || run_smpi_write_platform(st, &err) != 0)
        goto err_usage;
    return 0;
err_usage:
    run_smpi_cleanup(st);
    if (rc != MPCHAR_OPTIONS_HELP)
        fprintf(stderr, "mpchar: %s\n", err.msg);
    return -1;
}

int cmd_run(int argc, char **argv)
{
    run_state st;
    mpchar_error err;
    int exit_code, gave_up = 0;
    memset(&st, 0, sizeof st);
    if (setup_run(&st, argc, argv, &exit_code) != 0) { /* or --sbatch */
        free(st.ps);
        free(st.libs);
        return exit_code;
    }
    run_utc_now(st.created_utc, sizeof st.created_utc);
    st.launches = json_array();
    run_launch_trap_signals();
    if (run_meta_write(&st, "running", &err) != 0) {
        fprintf(stderr, "mpchar: %s\n", err.msg);
        exit_code = 1;
        goto out;
    }
    printf("mpchar run: %zu points to measure with %zu librar%s into %s\n",
           st.total, st.nlibs, st.nlibs == 1 ? "y" : "ies", st.out);
    double start = now_s();
    bool tty = isatty(STDERR_FILENO);
    exit_code = 0;
    for (size_t i = 0; i < st.nlibs; i++) {
        if (measure_library(&st, &st.libs[i], tty, start, &gave_up)) {
            run_meta_write(&st, "interrupted", &err);
            fprintf(stderr,
                    "\nmpchar: interrupted; finish with: mpchar run "
                    "--resume %s\n",
                    st.out);
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
