/* `mpchar apps`: runs the application kernels (kernels/, seed 000 §6 and
 * seed 003 §5) once per library and process count through
 * mpchar-kernels-<library>, the repetitions inside one launch, and keeps
 * their medians in DIR/apps.csv, a row appended (one write) as each
 * launch ends, so that a killed run loses nothing and `--resume` runs only
 * what is missing; with --profile under libmpchar-prof, with --model the
 * communication time predicted from the profiled calls.  docs/apps.md. */
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "apps_run.h"
#include "command.h"
#include "mpchar/cache_state.h"
#include "mpchar/fileio.h"
#include "mpchar/grow.h"
#include "mpchar/parse.h"
#include "mpchar/stats.h"
#include "mpchar/version.h"

#define APPS_CSV "apps.csv"

typedef struct apps_args {
    const char *mpi, *kernels, *problem_class, *p, *reps, *rounds, *model,
        *cold_model, *measure_model, *out;
    bool profile, resume;
} apps_args;

static const mpchar_option_entry options[] = {
    {{"mpi", "LIST",
      "MPI libraries, as `mpchar run --mpi` takes them, and builtin-sr "
      "(the built-in runtime in SR mode); all: every one built, and "
      "builtin-sr",
      "all"},
     mpchar_option_text,
     offsetof(apps_args, mpi)},
    {{"kernels", "LIST", "kernels by name (mpchar-kernels-<library> --list)",
      "all"},
     mpchar_option_text,
     offsetof(apps_args, kernels)},
    {{"class", "S|W|A|B|C",
      "problem class; kernels without it are skipped (JGF: no W; NPB: no C)",
      "S"},
     mpchar_option_text,
     offsetof(apps_args, problem_class)},
    {{"p", "LIST",
      "process counts, e.g. 1,2,4 (above the cores: marked "
      "oversubscribed)",
      "1,2"},
     mpchar_option_text,
     offsetof(apps_args, p)},
    {{"reps", "N", "repetitions in each launch; the row holds their medians",
      "3"},
     mpchar_option_text,
     offsetof(apps_args, reps)},
    {{"rounds", "N",
      "launches per kernel, library and p, the libraries taking turns "
      "(their order rotated each round); the row holds the medians of all "
      "their repetitions, the profile the last launch's",
      "1"},
     mpchar_option_text,
     offsetof(apps_args, rounds)},
    {{"profile", NULL,
      "run under libmpchar-prof: time in MPI, calls, bytes, overlap bounds",
      NULL},
     mpchar_option_flag,
     offsetof(apps_args, profile)},
    {{"model", "DIR",
      "predict the communication time from the profiled calls and "
      "DIR/model.json (implies --profile)",
      NULL},
     mpchar_option_text,
     offsetof(apps_args, model)},
    {{"cold-model", "DIR",
      "also predict it from DIR/model.json fitted to `mpchar run --cache "
      "cold` (implies --profile): t_comm_pred_cold_s",
      NULL},
     mpchar_option_text,
     offsetof(apps_args, cold_model)},
    {{"measure-model", "warm|cold|warm,cold",
      "right after each library's last launch of a kernel, measure that "
      "library at the very points the kernel's calls need (mpchar run, "
      "buffers warm or cold, into the profile's folder) and predict from "
      "them: the model in the machine's state of the kernels (implies "
      "--profile; instead of --model, --cold-model)",
      NULL},
     mpchar_option_text,
     offsetof(apps_args, measure_model)},
    {{"out", "DIR", "folder of apps.csv and meta.json", "apps-<date>"},
     mpchar_option_text,
     offsetof(apps_args, out)},
    {{"resume", NULL, "keep DIR's rows and run only the missing ones", NULL},
     mpchar_option_flag,
     offsetof(apps_args, resume)},
};

static const command_options apps_command = {
    options,
    sizeof options / sizeof options[0],
    "usage: mpchar apps [options]\n"
    "  Runs the application kernels (JGF Series, Crypt, SOR, SparseMatmult,\n"
    "  LUFact; NPB EP, IS, CG, MG, FT) with each MPI library and process\n"
    "  count and writes DIR/apps.csv (docs/apps.md); `mpchar report DIR`\n"
    "  shows times, speedups and predictions.\n\n",
    "\nExit status: 0, 1 when a kernel failed verification or did not run "
    "(named on stderr), 2 bad options.\n",
    "no operands",
    0,
    0,
};

/* The options, checked and converted. */
typedef struct apps_state {
    apps_args a;
    char problem_class;
    long *ps, reps, rounds;
    size_t np;
    char out[4096], csv[4200], created_utc[32];
    mpchar_sysinfo sys;
    run_library *libs;
    size_t nlibs;
    apps_kernel *kernels;
    size_t nkernels;
    mpchar_model models[MPCHAR_CACHE_STATES]; /* --model, --cold-model */
    bool have_model[MPCHAR_CACHE_STATES];
    bool measure[MPCHAR_CACHE_STATES]; /* --measure-model */
    apps_row *done;                    /* the rows apps.csv held at the start */
    size_t ndone;
    json_t *skipped, *failed; /* lines, for meta.json */
} apps_state;

/* ---- options ---------------------------------------------------------- */

/* The classes the selected kernels define, each once, in --list's order:
 * the kernels program is the one source of which classes exist. */
static void known_classes(const apps_state *st, char *out, size_t len)
{
    size_t n = 0;
    for (size_t k = 0; k < st->nkernels; k++)
        for (const char *c = st->kernels[k].classes; *c; c++)
            if (n + 1 < len && !memchr(out, *c, n))
                out[n++] = *c;
    out[n] = '\0';
}

static int check_class(apps_state *st, mpchar_error *err)
{
    const char *c = st->a.problem_class;
    char known[64];
    known_classes(st, known, sizeof known);
    if (strlen(c) != 1 || !strchr(known, c[0]))
        return mpchar_error_set(err,
                                "--class: '%s' is not a class of the kernels "
                                "asked (they have: %s)",
                                c, known);
    st->problem_class = c[0];
    return 0;
}

/* The option that gives the model of buffers in state s. */
static const char *const model_options[MPCHAR_CACHE_STATES] = {
    [MPCHAR_CACHE_WARM] = "--model",
    [MPCHAR_CACHE_COLD] = "--cold-model",
};

static int read_model(apps_state *st, const char *dir, mpchar_cache want,
                      mpchar_error *err)
{
    const char *option = model_options[want];
    char path[4200];
    int w = snprintf(path, sizeof path, "%s/model.json", dir);
    if (w < 0 || (size_t)w >= sizeof path)
        return mpchar_error_set(err, "%s: longer than %zu bytes", option,
                                sizeof path - sizeof "/model.json");
    if (mpchar_model_read(path, &st->models[want], err) != 0)
        return mpchar_error_prefix(err, "%s", option);
    st->have_model[want] = true;
    mpchar_cache got = st->models[want].cache;
    if (got != want)
        return mpchar_error_set(err,
                                "%s %s: its model was fitted on %s buffers "
                                "(model.json's source.cache, from mpchar run "
                                "--cache): give it as %s",
                                option, dir, mpchar_cache_names[got],
                                model_options[got]);
    st->a.profile = true;
    return 0;
}

/* --measure-model's states, each not given a model already. */
static int check_measure(apps_state *st, mpchar_error *err)
{
    char copy[64];
    if (strlen(st->a.measure_model) >= sizeof copy)
        return mpchar_error_set(err,
                                "--measure-model: '%s' is not warm, cold "
                                "or warm,cold",
                                st->a.measure_model);
    snprintf(copy, sizeof copy, "%s", st->a.measure_model);
    for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) {
        int s;
        if (mpchar_parse_choice_in(t, mpchar_cache_names, &s, err) != 0)
            return mpchar_error_prefix(err, "--measure-model");
        if (st->have_model[s])
            return mpchar_error_set(err,
                                    "--measure-model %s and %s both give the "
                                    "%s model: keep one",
                                    t, model_options[s], t);
        st->measure[s] = true;
    }
    st->a.profile = true;
    return st->measure[MPCHAR_CACHE_WARM] || st->measure[MPCHAR_CACHE_COLD]
               ? 0
               : mpchar_error_set(err, "--measure-model: no state named");
}

/* Keeps the kernels --kernels names, in the program's order. */
static int select_kernels(apps_state *st, mpchar_error *err)
{
    if (strcmp(st->a.kernels, "all") == 0)
        return 0;
    char copy[RUN_VALUE_MAX], known[1024] = "";
    bool keep[256] = {false};
    if (strlen(st->a.kernels) >= sizeof copy)
        return mpchar_error_set(err, "--kernels: longer than %zu bytes",
                                sizeof copy - 1);
    snprintf(copy, sizeof copy, "%s", st->a.kernels);
    for (size_t k = 0; k < st->nkernels && k < 256; k++)
        snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
                 k ? ", " : "", st->kernels[k].name);
    for (char *t = strtok(copy, ","); t; t = strtok(NULL, ",")) {
        size_t k = 0;
        while (k < st->nkernels && strcmp(st->kernels[k].name, t) != 0)
            k++;
        if (k == st->nkernels || k >= 256)
            return mpchar_error_set(err, "--kernels: '%s' is not a kernel (%s)",
                                    t, known);
        keep[k] = true;
    }
    size_t n = 0;
    for (size_t k = 0; k < st->nkernels && k < 256; k++)
        if (keep[k])
            st->kernels[n++] = st->kernels[k];
    st->nkernels = n;
    return n ? 0 : mpchar_error_set(err, "--kernels: no kernel named");
}

static int check_options(apps_state *st, mpchar_error *err)
{
    if (mpchar_parse_int_list(st->a.p, 1, 4096, &st->ps, &st->np, err))
        return mpchar_error_prefix(err, "--p");
    if (mpchar_sysinfo_check_realtime(&st->sys, st->ps[st->np - 1], err))
        return -1;
    if (mpchar_parse_long(st->a.reps, 1, 1000, &st->reps, err))
        return mpchar_error_prefix(err, "--reps");
    if (mpchar_parse_long(st->a.rounds, 1, 1000, &st->rounds, err))
        return mpchar_error_prefix(err, "--rounds");
    if ((st->a.model &&
         read_model(st, st->a.model, MPCHAR_CACHE_WARM, err) != 0) ||
        (st->a.cold_model &&
         read_model(st, st->a.cold_model, MPCHAR_CACHE_COLD, err) != 0) ||
        (st->a.measure_model && check_measure(st, err) != 0))
        return -1;
    if (apps_libraries_resolve(st->a.mpi, &st->libs, &st->nlibs, err) ||
        apps_kernels_list(st->libs[0].bench, &st->kernels, &st->nkernels, err))
        return -1;
    return select_kernels(st, err) ? -1 : check_class(st, err);
}

/* ---- the results folder ----------------------------------------------- */

/* Appends a line with one write(), so that a killed run leaves whole
 * rows only. */
static int append_line(const char *path, const char *line, mpchar_error *err)
{
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
    size_t len = strlen(line);
    ssize_t n = fd >= 0 ? write(fd, line, len) : -1;
    if (fd >= 0)
        close(fd);
    return n == (ssize_t)len
               ? 0
               : mpchar_error_set(err, "%s: cannot append a line", path);
}

static int open_out(apps_state *st, mpchar_error *err)
{
    if (st->a.out) {
        if (strlen(st->a.out) >= sizeof st->out)
            return mpchar_error_set(err, "--out: longer than %zu bytes",
                                    sizeof st->out - 1);
        snprintf(st->out, sizeof st->out, "%s", st->a.out);
    } else {
        time_t now = time(NULL);
        struct tm tm;
        localtime_r(&now, &tm);
        strftime(st->out, sizeof st->out, "apps-%Y%m%d-%H%M%S", &tm);
    }
    snprintf(st->csv, sizeof st->csv, "%s/%s", st->out, APPS_CSV);
    if (!st->a.resume && access(st->csv, F_OK) == 0)
        return mpchar_error_set(err,
                                "%s already holds apps.csv: use --resume, "
                                "or another --out",
                                st->out);
    bool current;
    if (mpchar_make_dirs(st->out, err) ||
        apps_csv_read(st->csv, true, &st->done, &st->ndone, &current, err))
        return -1;
    if (!current)
        return mpchar_error_set(err,
                                "%s: written by an earlier mpchar, with other "
                                "columns: `mpchar report` reads it; run into "
                                "a new --out",
                                st->csv);
    if (access(st->csv, F_OK) == 0)
        return 0;
    char header[2048];
    apps_csv_header(header, sizeof header);
    return append_line(st->csv, header, err);
}

static json_t *libraries_json(const apps_state *st)
{
    json_t *list = json_array();
    for (size_t i = 0; i < st->nlibs; i++) {
        json_t *env = json_array();
        for (size_t e = 0; e < st->libs[i].nenv; e++)
            json_array_append_new(env, json_string(st->libs[i].env[e]));
        json_array_append_new(
            list, json_pack("{s:s, s:s, s:s, s:o}", "name", st->libs[i].name,
                            "program", st->libs[i].bench, "launcher",
                            st->libs[i].launcher, "env", env));
    }
    return list;
}

static int write_meta(const apps_state *st, const char *status,
                      mpchar_error *err)
{
    char path[4200], tmp[4300], now[32];
    const apps_args *a = &st->a;
    run_utc_now(now, sizeof now);
    json_t *opts = json_pack(
        "{s:s, s:s, s:s, s:s, s:i, s:i, s:b, s:s?, s:s?, s:s?}", "mpi", a->mpi,
        "kernels", a->kernels, "class", a->problem_class, "p", a->p, "reps",
        (int)st->reps, "rounds", (int)st->rounds, "profile", a->profile,
        "model", a->model, "cold_model", a->cold_model, "measure_model",
        a->measure_model);
    json_t *meta = json_pack(
        "{s:s, s:s, s:s, s:s, s:s, s:{s:s, s:s, s:i}, s:o, s:o, s:O, s:O}",
        "schema", "mpchar-apps-meta/1", "mpchar_version", MPCHAR_VERSION,
        "status", status, "created_utc", st->created_utc, "updated_utc", now,
        "host", "name", st->sys.host, "cpu_model", st->sys.cpu_model, "cores",
        st->sys.cores, "options", opts, "libraries", libraries_json(st),
        "skipped", st->skipped, "failed", st->failed);
    snprintf(path, sizeof path, "%s/meta.json", st->out);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    int rc = meta ? json_dump_file(meta, tmp, JSON_INDENT(2)) : -1;
    json_decref(meta);
    if (rc != 0 || rename(tmp, path) != 0)
        return mpchar_error_set(err, "%s: cannot write", path);
    return 0;
}

/* ---- one kernel on one library at one p ------------------------------- */

static void note(json_t *list, FILE *out, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void note(json_t *list, FILE *out, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(out, "mpchar apps: %s\n", line);
    json_array_append_new(list, json_string(line));
}

/* The median (and *min_p, the minimum) of one field of the results,
 * over those that have it (not NAN); NAN when none has it or out of
 * memory. */
static double median_of(const apps_launch *l, size_t offset, double *min_p)
{
    double *x = malloc(l->count * sizeof *x);
    mpchar_stats s = {NAN, NAN, NAN, NAN, NAN};
    size_t n = 0;
    for (size_t i = 0; x && i < l->count; i++) {
        memcpy(&x[n], (const char *)&l->results[i] + offset, sizeof x[n]);
        n += !isnan(x[n]);
    }
    if (x && n)
        mpchar_stats_compute(x, n, &s, NULL);
    free(x);
    if (min_p)
        *min_p = s.min;
    return s.median;
}

static void fill_row(const apps_state *st, const run_library *lib,
                     const apps_kernel *k, long p, const apps_launch *l,
                     apps_row *row)
{
    apps_row_init(row);
    snprintf(row->library, sizeof row->library, "%s", lib->name);
    snprintf(row->kernel, sizeof row->kernel, "%s", k->name);
    snprintf(row->suite, sizeof row->suite, "%s", k->suite);
    row->problem_class = st->problem_class;
    row->p = p;
    row->reps = (long)l->count;
    row->t_total_s =
        median_of(l, offsetof(apps_result, t_total_s), &row->t_total_min_s);
    row->t_comm_s =
        median_of(l, offsetof(apps_result, t_comm_s), &row->t_comm_min_s);
    row->probe_us = median_of(l, offsetof(apps_result, probe_us), NULL);
    row->verified = l->exit_status == 0;
    for (size_t i = 0; i < l->count; i++) {
        row->verified = row->verified && l->results[i].verified;
        if (!(row->arrays_bytes >= l->results[i].arrays_bytes))
            row->arrays_bytes = l->results[i].arrays_bytes;
    }
    row->oversubscribed = p > st->sys.cores;
}

/* Whether the launch gave a row; notes why not. */
static bool launch_gave_row(apps_state *st, const char *what,
                            const apps_launch *l)
{
    if (l->exit_status == 3) {
        note(st->skipped, stdout, "%s skipped: the kernel refuses this p: %s",
             what, l->error);
        return false;
    }
    if (l->bad_line || l->count == 0 ||
        (l->exit_status != 0 && l->exit_status != 1)) {
        note(st->failed, stderr, "%s did not run (exit status %d): %s", what,
             l->exit_status, l->error[0] ? l->error : "no result line");
        return false;
    }
    return true;
}

/* A (kernel, library, p) over the rounds: every launch's results, the
 * first non-zero exit status, and the last launch's repetitions (its
 * profile is the one kept). */
typedef struct apps_cell {
    char what[256], prof_dir[4400];
    bool done;   /* a row of apps.csv already (resume) */
    bool no_row; /* a launch gave none: no more launches, no row */
    apps_launch all;
    long last_reps;
} apps_cell;

static void cell_init(apps_state *st, const run_library *lib,
                      const apps_kernel *k, long p, apps_cell *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->what, sizeof c->what, "%s %s class %c p=%ld%s", lib->name,
             k->name, st->problem_class, p,
             p > st->sys.cores ? " (oversubscribed)" : "");
    snprintf(c->prof_dir, sizeof c->prof_dir, "%s/profiles/%s-%s-%c-p%ld",
             st->out, lib->name, k->name, st->problem_class, p);
    c->done = apps_rows_find(st->done, st->ndone, lib->name, k->name,
                             st->problem_class, p) != NULL;
    if (c->done)
        printf("mpchar apps: %s: already in %s\n", c->what, st->csv);
}

/* Appends a launch's results to the cell's. */
static int cell_add(apps_cell *c, const apps_launch *l, mpchar_error *err)
{
    apps_result *grown = mpchar_grow(c->all.results, &c->all.cap,
                                     c->all.count + l->count, sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory");
    c->all.results = grown;
    memcpy(grown + c->all.count, l->results, l->count * sizeof *grown);
    c->all.count += l->count;
    if (c->all.exit_status == 0)
        c->all.exit_status = l->exit_status;
    c->last_reps = (long)l->count;
    return 0;
}

/* One launch of the cell, under the profiler with --profile. */
static int launch_once(apps_state *st, const run_library *lib,
                       const apps_kernel *k, long p, apps_cell *c,
                       mpchar_error *err)
{
    if (st->a.profile && apps_profile_begin(lib, c->prof_dir, err) != 0) {
        apps_profile_end();
        return -1;
    }
    apps_launch l;
    int rc = apps_launch_kernel(lib, &st->sys, k->name, st->problem_class, p,
                                st->reps, &l, err);
    apps_profile_end();
    if (rc == 0 && !launch_gave_row(st, c->what, &l))
        c->no_row = true;
    else if (rc == 0)
        rc = cell_add(c, &l, err);
    apps_launch_free(&l);
    return rc;
}

/* Each state's source of the prediction: the model given, or the points
 * measured now (--measure-model, into points[]); NULL for none, at p = 1
 * (noted as skipped), and for points that could not be measured (noted as
 * failed: the row keeps its times, without that prediction). */
static void sources_of(apps_state *st, const run_library *lib,
                       const profile *prof, const apps_cell *c,
                       const apps_row *row, mpchar_measurements *points,
                       apps_source *src, const apps_source **sources)
{
    for (int s = 0; s < MPCHAR_CACHE_STATES; s++) {
        mpchar_error err;
        sources[s] = NULL;
        if (st->have_model[s])
            src[s] = (apps_source){.model = &st->models[s]};
        else if (!st->measure[s])
            continue;
        else if (row->p < 2) {
            note(st->skipped, stdout,
                 "%s: no %s points measured: mpchar run measures from p = 2",
                 c->what, mpchar_cache_names[s]);
            continue;
        } else if (apps_measure_points(lib, prof, (mpchar_cache)s,
                                       row->arrays_bytes, c->prof_dir,
                                       st->sys.cores, &points[s], &err) == 0)
            src[s] = (apps_source){.points = &points[s]};
        else {
            note(st->failed, stderr, "%s: %s", c->what, err.msg);
            continue;
        }
        sources[s] = &src[s];
    }
}

/* The row's profile columns and predictions. */
static int profile_row(apps_state *st, const run_library *lib, apps_cell *c,
                       apps_row *row, mpchar_error *err)
{
    profile prof;
    mpchar_measurements points[MPCHAR_CACHE_STATES] = {{0}};
    apps_source src[MPCHAR_CACHE_STATES];
    const apps_source *sources[MPCHAR_CACHE_STATES];
    int rc = apps_profile_read(c->prof_dir, &prof, err);
    if (rc == 0) {
        sources_of(st, lib, &prof, c, row, points, src, sources);
        rc = apps_profile_finish(c->prof_dir, &prof, sources, lib, c->last_reps,
                                 row, err);
    }
    for (int s = 0; s < MPCHAR_CACHE_STATES; s++)
        mpchar_measurements_free(&points[s]);
    profile_free(&prof);
    return rc;
}

/* The cell's row, from all its launches, appended to apps.csv. */
static int write_row(apps_state *st, const run_library *lib,
                     const apps_kernel *k, long p, apps_cell *c,
                     mpchar_error *err)
{
    apps_row row;
    fill_row(st, lib, k, p, &c->all, &row);
    printf(
        "mpchar apps: %s: t_total_s %.6f, t_comm_s %.6f (medians of %ld)%s\n",
        c->what, row.t_total_s, row.t_comm_s, row.reps,
        row.verified ? "" : ", VERIFICATION FAILED");
    if (st->a.profile && profile_row(st, lib, c, &row, err) != 0)
        return mpchar_error_prefix(err, "%s: profile", c->what);
    char line[4096];
    if (apps_row_format(&row, line, sizeof line, err) != 0)
        return -1;
    return append_line(st->csv, line, err);
}

/* Every library's launches of kernel k at p: round r starts with library
 * r (mod their number), so that none always runs first or last while the
 * machine drifts (docs/apps.md, "EP at p = 2"); a library's row right
 * after its last launch, so that --measure-model measures beside it. */
static int run_cell(apps_state *st, const apps_kernel *k, long p,
                    mpchar_error *err)
{
    apps_cell *cells = calloc(st->nlibs, sizeof *cells);
    if (!cells)
        return mpchar_error_set(err, "out of memory");
    for (size_t i = 0; i < st->nlibs; i++)
        cell_init(st, &st->libs[i], k, p, &cells[i]);
    int rc = 0;
    for (long r = 0; rc == 0 && r < st->rounds; r++)
        for (size_t n = 0; rc == 0 && n < st->nlibs; n++) {
            size_t i = ((size_t)r + n) % st->nlibs;
            if (cells[i].done || cells[i].no_row)
                continue;
            if (st->rounds > 1)
                printf("mpchar apps: %s: round %ld of %ld\n", cells[i].what,
                       r + 1, st->rounds);
            rc = launch_once(st, &st->libs[i], k, p, &cells[i], err);
            if (rc == 0 && r + 1 == st->rounds && !cells[i].no_row)
                rc = write_row(st, &st->libs[i], k, p, &cells[i], err);
        }
    for (size_t i = 0; i < st->nlibs; i++)
        apps_launch_free(&cells[i].all);
    free(cells);
    return rc;
}

static int run_all(apps_state *st, mpchar_error *err)
{
    for (size_t k = 0; k < st->nkernels; k++) {
        const apps_kernel *kern = &st->kernels[k];
        if (!strchr(kern->classes, st->problem_class)) {
            note(st->skipped, stdout,
                 "%s skipped: it has no class %c (its classes: %s)", kern->name,
                 st->problem_class, kern->classes);
            continue;
        }
        for (size_t j = 0; j < st->np; j++)
            if (run_cell(st, kern, st->ps[j], err) != 0 ||
                write_meta(st, "running", err) != 0)
                return -1;
    }
    return 0;
}

/* The closing line's tail for cells run with more ranks than cores. */
static const char *over_note(size_t over)
{
    static char note[64];
    if (!over)
        return "";
    snprintf(note, sizeof note, ", %zu oversubscribed (not judged)", over);
    return note;
}

/* How the runtime fared against the fastest other library in the rows
 * (apps_verdict.c): a line for each cell slower beyond the noise, then
 * the counts. */
static void print_verdicts(const apps_row *rows, size_t n)
{
    size_t count[MPCHAR_VERDICT_UNDEFINED + 1] = {0}, cells = 0, over = 0;
    apps_builtin_verdict v;
    for (size_t i = 0; i < n; i++) {
        if (!apps_builtin_judge(rows, n, i, &v))
            continue;
        cells++;
        if (v.oversubscribed) {
            over++;
            continue;
        }
        count[v.verdict]++;
        if (v.verdict == MPCHAR_VERDICT_SLOWER)
            printf("mpchar apps: slower beyond the noise: %s class %c p=%ld: "
                   "%.3f of %s, noise "
                   "allowance %.1f%%\n",
                   rows[i].kernel, rows[i].problem_class, rows[i].p, v.ratio,
                   v.other->library, 100.0 * v.allowance);
    }
    if (cells)
        printf("mpchar apps: builtin against the fastest other library, %zu "
               "cell%s: %zu faster, %zu within noise, %zu slower beyond the "
               "noise%s\n",
               cells, cells == 1 ? "" : "s", count[MPCHAR_VERDICT_FASTER],
               count[MPCHAR_VERDICT_WITHIN], count[MPCHAR_VERDICT_SLOWER],
               over_note(over));
}

/* Names every row of apps.csv that failed verification (the ones of
 * earlier runs of a resumed folder too) and prints the runtime's
 * verdicts; returns how many failed. */
static size_t close_rows(apps_state *st, mpchar_error *err)
{
    apps_row *rows;
    size_t n, bad = 0;
    if (apps_csv_read(st->csv, false, &rows, &n, NULL, err) != 0) {
        note(st->failed, stderr, "%s", err->msg);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        if (!rows[i].verified) {
            note(st->failed, stderr, "%s %s class %c p=%ld failed verification",
                 rows[i].library, rows[i].kernel, rows[i].problem_class,
                 rows[i].p);
            bad++;
        }
    print_verdicts(rows, n);
    free(rows);
    return bad;
}

static void state_free(apps_state *st)
{
    free(st->ps);
    free(st->libs);
    free(st->kernels);
    free(st->done);
    for (int s = 0; s < MPCHAR_CACHE_STATES; s++)
        if (st->have_model[s])
            mpchar_model_free(&st->models[s]);
    json_decref(st->skipped);
    json_decref(st->failed);
}

static int run(apps_state *st)
{
    mpchar_error err;
    mpchar_sysinfo_read(&st->sys);
    run_utc_now(st->created_utc, sizeof st->created_utc);
    if (check_options(st, &err) != 0 || open_out(st, &err) != 0) {
        fprintf(stderr, "mpchar apps: %s\n", err.msg);
        return 2;
    }
    run_launch_trap_signals();
    if (write_meta(st, "running", &err) != 0 || run_all(st, &err) != 0) {
        fprintf(stderr, "mpchar apps: %s\n", err.msg);
        write_meta(st, "failed", &err);
        return 1;
    }
    size_t before = json_array_size(st->failed);
    size_t bad = close_rows(st, &err) + before;
    if (write_meta(st, bad ? "failed" : "complete", &err) != 0) {
        fprintf(stderr, "mpchar apps: %s\n", err.msg);
        return 1;
    }
    printf("mpchar apps: results in %s\n", st->csv);
    return bad ? 1 : 0;
}

int cmd_apps(int argc, char **argv)
{
    apps_state st;
    int first, rc;
    memset(&st, 0, sizeof st);
    if (command_parse(&apps_command, argc, argv, &st.a, &first, &rc) != 0)
        return rc;
    st.skipped = json_array();
    st.failed = json_array();
    rc = run(&st);
    state_free(&st);
    return rc;
}
