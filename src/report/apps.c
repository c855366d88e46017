/* The report's "Application kernels" section: each directory written by
 * `mpchar apps` (its apps.csv, read by src/apps) as times and speedups
 * per library and p with one figure per kernel (seed 000 Fig. 5: speedup
 * against p, a line per library), the communication share, the
 * communication time predicted from the profiled calls against the
 * measured one, the built-in runtime's SR mode against its NSR default
 * (seed 003 §5) and the built-in runtime against the fastest other
 * library. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "report_internal.h"

#define SR_LIBRARY APPS_BUILTIN_SR
#define NSR_LIBRARY MPCHAR_BUILTIN

int mpchar__load_apps(mpchar__report *r, const char *dir, mpchar_error *err)
{
    char path[4096];
    apps_row *rows;
    size_t n;
    int w = snprintf(path, sizeof path, "%s/apps.csv", dir);
    if (w < 0 || (size_t)w >= sizeof path)
        return mpchar_error_set(err, "%s: path too long", dir);
    if (apps_csv_read(path, false, &rows, &n, NULL, err) != 0)
        return -1;
    apps_row *grown = realloc(r->apps, (r->napps + n + 1) * sizeof *grown);
    if (!grown) {
        free(rows);
        return mpchar_error_set(err, "out of memory");
    }
    memcpy(grown + r->napps, rows, n * sizeof *rows);
    r->apps = grown;
    r->napps += n;
    free(rows);
    return 0;
}

bool mpchar__apps_present(const mpchar__report *r)
{
    return r->napps > 0;
}

/* The row of (library, like's kernel and class, p), or NULL. */
static const apps_row *find(const mpchar__report *r, const char *library,
                            const apps_row *like, long p)
{
    return apps_rows_find(r->apps, r->napps, library, like->kernel,
                          like->problem_class, p);
}

/* Starts a row of the tables keyed by "kernel class" [library] p; the
 * next column's index. */
static int key_cells(mpchar__doc *d, const apps_row *a, bool library)
{
    int col = 0;
    mpchar__doc_row(d);
    if (a->oversubscribed)
        mpchar__doc_row_oversub(d);
    mpchar__doc_cell(d, col++, "%s %c", a->kernel, a->problem_class);
    if (library)
        mpchar__doc_cell(d, col++, "%s", a->library);
    mpchar__doc_cell(d, col++, "%ld", a->p);
    return col;
}

/* Whether row i is the first of its (kernel, class) or of its library
 * within them: the lists the tables and figures walk. */
static bool first_kernel(const mpchar__report *r, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (!strcmp(r->apps[j].kernel, r->apps[i].kernel) &&
            r->apps[j].problem_class == r->apps[i].problem_class)
            return false;
    return true;
}

static bool first_library(const mpchar__report *r, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (!strcmp(r->apps[j].library, r->apps[i].library))
            return false;
    return true;
}

static size_t library_number(const mpchar__report *r, const char *library)
{
    size_t n = 0;
    for (size_t j = 0; j < r->napps; j++)
        if (first_library(r, j)) {
            if (!strcmp(r->apps[j].library, library))
                return n;
            n++;
        }
    return n;
}

/* Speedup T(1)/T(p) of the row's library, NAN without a p = 1 row. */
static double speedup(const mpchar__report *r, const apps_row *row)
{
    const apps_row *one = find(r, row->library, row, 1);
    return one ? one->t_total_s / row->t_total_s : NAN;
}

static void times_table(mpchar__report *r)
{
    static const char *const head[] = {
        "kernel",        "class",    "library",    "p",
        "t_total_s",     "t_comm_s", "comm share", "speedup",
        "t_total_min_s", "verified"};
    mpchar__doc *d = &r->doc;
    mpchar__doc_table(d,
                      "Medians of the repetitions per library and p "
                      "(speedup: the library's own p = 1 time over this "
                      "one; oversubscribed rows marked)",
                      10, head);
    mpchar__doc_table_id(d, "apps-times");
    for (size_t i = 0; i < r->napps; i++) {
        const apps_row *a = &r->apps[i];
        double s = speedup(r, a);
        mpchar__doc_row(d);
        mpchar__doc_cell(d, 0, "%s (%s)", a->kernel, a->suite);
        mpchar__doc_cell(d, 1, "%c", a->problem_class);
        mpchar__doc_cell(d, 2, "%s", a->library);
        mpchar__doc_cell(d, 3, "%ld", a->p);
        mpchar__doc_cell(d, 4, "%.6f", a->t_total_s);
        mpchar__doc_cell(d, 5, "%.6f", a->t_comm_s);
        mpchar__doc_cell(d, 6, "%.1f%%",
                         a->t_total_s > 0 ? 100 * a->t_comm_s / a->t_total_s
                                          : 0.0);
        mpchar__doc_cell(d, 7, isnan(s) ? "-" : "%.2f", s);
        mpchar__doc_cell(d, 8, "%.6f", a->t_total_min_s);
        mpchar__doc_cell(d, 9, "%s", a->verified ? "yes" : "NO");
        if (a->oversubscribed)
            mpchar__doc_row_oversub(d);
    }
}

/* One library's speedups of kernel k: the p within the cores as a line,
 * the oversubscribed ones hollow. */
static void speedup_series(mpchar__report *r, const apps_row *k,
                           const char *lib, bool over)
{
    const char *rgb = mpchar__color_library(lib, library_number(r, lib));
    if (over)
        mpchar__series_add(&r->plots, rgb, MPCHAR__HOLLOW,
                           "%s (oversubscribed)", lib);
    else
        mpchar__series_add(&r->plots, rgb, MPCHAR__LINEPOINTS, "%s", lib);
    for (size_t i = 0; i < r->napps; i++) {
        const apps_row *a = &r->apps[i];
        if (strcmp(a->library, lib) || strcmp(a->kernel, k->kernel) ||
            a->problem_class != k->problem_class || a->oversubscribed != over)
            continue;
        double s = speedup(r, a);
        if (!isnan(s))
            mpchar__point_add(&r->plots, (double)a->p, s);
    }
}

/* Seed 000 Fig. 5: a kernel's speedup against p, a line per library. */
static void speedup_figure(mpchar__report *r, const apps_row *k)
{
    char id[160];
    snprintf(id, sizeof id, "apps-%s-%c", k->kernel, k->problem_class);
    mpchar__plot_add(&r->plots, id, "p (processes)", "speedup T(1)/T(p)", false,
                     false, "%s class %c: speedup per library", k->kernel,
                     k->problem_class);
    for (size_t j = 0; j < r->napps; j++)
        if (first_library(r, j))
            for (int over = 0; over < 2; over++)
                speedup_series(r, k, r->apps[j].library, over);
    mpchar__figure(r,
                   "%s class %c: the median time at p = 1 over the median at "
                   "p, per library (seed 000 Fig. 5); hollow: p above the "
                   "cores, oversubscribed.",
                   k->kernel, k->problem_class);
}

static bool any_prediction(const mpchar__report *r)
{
    for (size_t i = 0; i < r->napps; i++)
        if (!isnan(r->apps[i].t_comm_pred_s))
            return true;
    return false;
}

/* The prediction's error against a measured time, when there is one. */
static void error_cell(mpchar__doc *d, int col, double pred_s, double meas_s)
{
    if (meas_s > 0)
        mpchar__doc_cell(d, col, "%+.0f%%", 100 * (pred_s / meas_s - 1));
}

/* Names the predictions made with a model of another state of the
 * machine (apps.h, APPS_STATE_FACTOR). */
static void state_notes(mpchar__report *r)
{
    char gap[160];
    for (size_t i = 0; i < r->napps; i++) {
        const apps_row *a = &r->apps[i];
        if (isnan(a->t_comm_pred_s) || !apps_state_differs(a))
            continue;
        apps_state_describe(a, gap, sizeof gap);
        mpchar__doc_note(&r->doc,
                         "%s %s class %c p=%ld ran in another state of the "
                         "machine than its model was measured in (%s): its "
                         "prediction is not for that run; measure the model "
                         "beside the kernels (mpchar apps --measure-model, "
                         "docs/apps.md)",
                         a->library, a->kernel, a->problem_class, a->p, gap);
    }
}

static void prediction_table(mpchar__report *r)
{
    static const char *const head[] = {"kernel",
                                       "library",
                                       "p",
                                       "t_comm_s",
                                       "t_comm_min_s",
                                       "t_comm_wait_s",
                                       "t_comm_sync_s",
                                       "t_comm_pred_s",
                                       "error (median)",
                                       "error (fastest)",
                                       "error (sync)",
                                       "unmodelled",
                                       "t_mpi_s (profile)",
                                       "probe_us",
                                       "model_probe_us"};
    mpchar__doc *d = &r->doc;
    mpchar__doc_table(d,
                      "Communication time predicted from the profiled calls "
                      "and the library's model, or the points --measure-model "
                      "took beside the kernel (sum over calls), against "
                      "the kernel's measured communication time (median "
                      "and fastest repetition) and against the profiled "
                      "time in communication calls once every rank had "
                      "entered them (sync; wait: before that), per "
                      "repetition; probe_us: a 0-byte ping-pong before the "
                      "repetitions and in the model (the machine's state)",
                      15, head);
    mpchar__doc_table_id(d, "apps-prediction");
    for (size_t i = 0; i < r->napps; i++) {
        const apps_row *a = &r->apps[i];
        if (isnan(a->t_comm_pred_s))
            continue;
        key_cells(d, a, true);
        mpchar__doc_cell(d, 3, "%.6f", a->t_comm_s);
        mpchar__doc_cell(d, 4, "%.6f", a->t_comm_min_s);
        if (!isnan(a->t_comm_sync_s)) {
            mpchar__doc_cell(d, 5, "%.6f", a->t_comm_wait_s);
            mpchar__doc_cell(d, 6, "%.6f", a->t_comm_sync_s);
        }
        mpchar__doc_cell(d, 7, "%.6f", a->t_comm_pred_s);
        error_cell(d, 8, a->t_comm_pred_s, a->t_comm_s);
        error_cell(d, 9, a->t_comm_pred_s, a->t_comm_min_s);
        if (!isnan(a->t_comm_sync_s))
            error_cell(d, 10, a->t_comm_pred_s, a->t_comm_sync_s);
        mpchar__doc_cell(d, 11, "%.0f", a->unmodelled_calls);
        mpchar__doc_cell(d, 12, "%.6f", a->t_mpi_s);
        if (!isnan(a->probe_us))
            mpchar__doc_cell(d, 13, "%.3f", a->probe_us);
        if (!isnan(a->model_probe_us))
            mpchar__doc_cell(d, 14, "%.3f", a->model_probe_us);
    }
    state_notes(r);
}

static bool any_cold_prediction(const mpchar__report *r)
{
    for (size_t i = 0; i < r->napps; i++)
        if (!isnan(r->apps[i].t_comm_pred_cold_s))
            return true;
    return false;
}

/* The two models side by side: buffers warm (t_comm_pred_s) and cold
 * (`mpchar apps --cold-model`), against the synchronized part and the
 * median, with the kernel's arrays beside them (docs/apps.md, "Warm and
 * cold buffers"). */
static void cold_prediction_table(mpchar__report *r)
{
    static const char *const head[] = {
        "kernel",        "library",        "p",
        "arrays_bytes",  "t_comm_s",       "t_comm_sync_s",
        "t_comm_pred_s", "error (sync)",   "t_comm_pred_cold_s",
        "error (sync)",  "error (median)",
    };
    mpchar__doc *d = &r->doc;
    mpchar__doc_table(d,
                      "Communication time predicted from a model of warm "
                      "buffers (t_comm_pred_s) and of cold ones "
                      "(t_comm_pred_cold_s: measured with `mpchar run "
                      "--cache cold`), per repetition, against the measured "
                      "time; arrays_bytes: the kernel's arrays on the rank "
                      "with the most",
                      11, head);
    mpchar__doc_table_id(d, "apps-prediction-cold");
    for (size_t i = 0; i < r->napps; i++) {
        const apps_row *a = &r->apps[i];
        if (isnan(a->t_comm_pred_cold_s))
            continue;
        key_cells(d, a, true);
        if (!isnan(a->arrays_bytes))
            mpchar__doc_cell(d, 3, "%.0f", a->arrays_bytes);
        mpchar__doc_cell(d, 4, "%.6f", a->t_comm_s);
        if (!isnan(a->t_comm_sync_s))
            mpchar__doc_cell(d, 5, "%.6f", a->t_comm_sync_s);
        if (!isnan(a->t_comm_pred_s)) {
            mpchar__doc_cell(d, 6, "%.6f", a->t_comm_pred_s);
            error_cell(d, 7, a->t_comm_pred_s, a->t_comm_sync_s);
        }
        mpchar__doc_cell(d, 8, "%.6f", a->t_comm_pred_cold_s);
        error_cell(d, 9, a->t_comm_pred_cold_s, a->t_comm_sync_s);
        error_cell(d, 10, a->t_comm_pred_cold_s, a->t_comm_s);
    }
}

static bool has_library(const mpchar__report *r, const char *library)
{
    for (size_t i = 0; i < r->napps; i++)
        if (!strcmp(r->apps[i].library, library))
            return true;
    return false;
}

/* Seed 003 §5: the runtime's SR mode against NSR, kernel by kernel. */
static void sr_table(mpchar__report *r)
{
    static const char *const head[] = {"kernel",        "p",
                                       "t_total_s NSR", "t_total_s SR",
                                       "SR / NSR",      "t_comm_s NSR",
                                       "t_comm_s SR"};
    mpchar__doc *d = &r->doc;
    mpchar__doc_table(d,
                      "The built-in runtime in SR mode (builtin-sr) against "
                      "its NSR default (builtin), seed 003 §5",
                      7, head);
    mpchar__doc_table_id(d, "apps-sr");
    for (size_t i = 0; i < r->napps; i++) {
        const apps_row *nsr = &r->apps[i];
        const apps_row *sr = strcmp(nsr->library, NSR_LIBRARY)
                                 ? NULL
                                 : find(r, SR_LIBRARY, nsr, nsr->p);
        if (!sr)
            continue;
        key_cells(d, nsr, false);
        mpchar__doc_cell(d, 2, "%.6f", nsr->t_total_s);
        mpchar__doc_cell(d, 3, "%.6f", sr->t_total_s);
        mpchar__doc_cell(d, 4, "%.2f", sr->t_total_s / nsr->t_total_s);
        mpchar__doc_cell(d, 5, "%.6f", nsr->t_comm_s);
        mpchar__doc_cell(d, 6, "%.6f", sr->t_comm_s);
    }
}

static void builtin_table(mpchar__report *r)
{
    static const char *const head[] = {"kernel",
                                       "p",
                                       "builtin t_total_s",
                                       "fastest other",
                                       "its t_total_s",
                                       "builtin / fastest",
                                       "noise allowance",
                                       "verdict"};
    mpchar__doc *d = &r->doc;
    mpchar__doc_table(d,
                      "The built-in runtime against the fastest other "
                      "library (ratio of medians; above 1: slower), judged "
                      "as mpchar compare judges a point: slower or faster "
                      "only beyond the noise allowance, the larger of the "
                      "two rows' (median - min) / min",
                      8, head);
    mpchar__doc_table_id(d, "apps-builtin");
    for (size_t i = 0; i < r->napps; i++) {
        apps_builtin_verdict v;
        if (!apps_builtin_judge(r->apps, r->napps, i, &v))
            continue;
        const apps_row *b = &r->apps[i];
        key_cells(d, b, false);
        mpchar__doc_cell(d, 2, "%.6f", b->t_total_s);
        mpchar__doc_cell(d, 3, "%s", v.other->library);
        mpchar__doc_cell(d, 4, "%.6f", v.other->t_total_s);
        mpchar__doc_cell(d, 5, "%.2f", v.ratio);
        if (b->t_total_s <= v.other->t_total_s)
            mpchar__doc_cell_best(d, 5);
        if (isnan(v.allowance))
            continue;
        mpchar__doc_cell(d, 6, "%.1f%%", 100.0 * v.allowance);
        mpchar__doc_cell(d, 7, "%s", apps_verdict_name(&v));
    }
}

int mpchar__section_apps(mpchar__report *r, mpchar_error *err)
{
    (void)err;
    for (size_t i = 0; i < r->napps; i++)
        if (!r->apps[i].verified)
            mpchar__doc_note(&r->doc,
                             "%s %s class %c p=%ld failed verification: its "
                             "times are not those of a correct run",
                             r->apps[i].library, r->apps[i].kernel,
                             r->apps[i].problem_class, r->apps[i].p);
    times_table(r);
    for (size_t i = 0; i < r->napps; i++)
        if (first_kernel(r, i))
            speedup_figure(r, &r->apps[i]);
    if (any_prediction(r))
        prediction_table(r);
    if (any_cold_prediction(r))
        cold_prediction_table(r);
    if (has_library(r, NSR_LIBRARY) && has_library(r, SR_LIBRARY))
        sr_table(r);
    if (has_library(r, NSR_LIBRARY))
        builtin_table(r);
    return 0;
}
