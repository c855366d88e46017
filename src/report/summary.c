/* Section 1, the summary: the runs (host, CPU, cores, date, options, where
 * the model came from), each MPI library with its version, and warnings
 * in plain words: oversubscribed points, noisy points (median far above
 * the minimum), failed points, values extrapolated beyond the measured
 * sizes, plots that could not be drawn, and whatever input was missing or
 * damaged.  Built after the other sections, whose findings it reports. */
#include <stdio.h>
#include <string.h>

#include "report_internal.h"

/* A point is noisy when its median is this much above its minimum. */
#define NOISY 0.5
#define MAX_LISTED 5

static void runs_table(const mpchar__report *r, mpchar__doc *d)
{
    static const char *const head[] = {
        "results directory", "host",   "CPU",   "cores",
        "started (UTC)",     "status", "model", "options"};
    mpchar__doc_table(d, "Runs", 8, head);
    for (size_t i = 0; i < r->nsources; i++) {
        const mpchar__source *s = &r->sources[i];
        mpchar__doc_row(d);
        mpchar__doc_cell(d, 0, "%s", s->dir);
        mpchar__doc_cell(d, 1, "%s", s->has_meta ? s->host : "unknown");
        mpchar__doc_cell(d, 2, "%s", s->has_meta ? s->cpu : "unknown");
        if (s->cores > 0)
            mpchar__doc_cell(d, 3, "%ld", s->cores);
        mpchar__doc_cell(d, 4, "%s", s->created);
        mpchar__doc_cell(d, 5, "%s", s->status);
        mpchar__doc_cell(d, 6, "%s", s->model ? s->model : "none");
        mpchar__doc_cell(d, 7, "%s", s->options);
    }
}

static void library_ps(const mpchar__report *r, const char *lib, bool over,
                       char *buf, size_t len, size_t *points_p)
{
    long seen[64];
    size_t n = 0, pos = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        if (strcmp(m->key.library, lib) || m->oversubscribed != over)
            continue;
        (*points_p)++;
        size_t k = 0;
        while (k < n && seen[k] != m->key.p)
            k++;
        if (k < n || n == 64)
            continue;
        seen[n++] = m->key.p;
        pos += (size_t)snprintf(buf + pos, pos < len ? len - pos : 0, "%s%ld",
                                n > 1 ? ", " : "", m->key.p);
    }
}

static void libraries_table(const mpchar__report *r, mpchar__doc *d)
{
    static const char *const head[] = {
        "library", "MPI library version", "MPI", "results directory", "points",
        "p",       "oversubscribed p"};
    mpchar__doc_table(d, "MPI libraries", 7, head);
    for (size_t i = 0; i < r->nlibs; i++) {
        const mpchar__library *l = &r->libs[i];
        char real[256], over[256];
        size_t nreal = 0, nover = 0;
        library_ps(r, l->name, false, real, sizeof real, &nreal);
        library_ps(r, l->name, true, over, sizeof over, &nover);
        mpchar__doc_row(d);
        mpchar__doc_cell(d, 0, "%s", l->name);
        mpchar__doc_cell(d, 1, "%s", l->version[0] ? l->version : "unknown");
        mpchar__doc_cell(d, 2, "%s", l->mpi_version);
        mpchar__doc_cell(d, 3, "%s", r->sources[l->source].dir);
        mpchar__doc_cell(d, 4, "%zu", nreal + nover);
        mpchar__doc_cell(d, 5, "%s", real[0] ? real : "-");
        mpchar__doc_cell(d, 6, "%s", over[0] ? over : "none");
    }
}

static size_t oversub_warnings(const mpchar__report *r, mpchar__doc *d)
{
    size_t warned = 0;
    for (size_t i = 0; i < r->nlibs; i++) {
        char ps[256], real[256];
        size_t nover = 0, nreal = 0;
        library_ps(r, r->libs[i].name, true, ps, sizeof ps, &nover);
        library_ps(r, r->libs[i].name, false, real, sizeof real, &nreal);
        if (nover == 0)
            continue;
        mpchar__doc_item(d,
                         "%s: %zu of %zu points ran more processes than "
                         "the machine has cores (p = %s, oversubscribed): "
                         "their times are not real. They are left out of "
                         "the models, drawn hollow in the plots and marked "
                         "(oversubscribed) in the tables.",
                         r->libs[i].name, nover, nover + nreal, ps);
        warned++;
    }
    return warned;
}

/* Runs that measured p up to the cores only say so: the models know
 * nothing of larger p on this machine. */
static size_t left_out_notes(const mpchar__report *r, mpchar__doc *d)
{
    size_t noted = 0;
    for (size_t i = 0; i < r->nsources; i++) {
        const mpchar__source *s = &r->sources[i];
        if (!s->p_above_cores_left_out)
            continue;
        mpchar__doc_item(d,
                         "%s: p above the machine's %ld cores was not "
                         "measured: its times would not be real (mpchar run "
                         "measures p = 2..cores, --quick too; --p 2-4 "
                         "--oversubscribe adds them as a functional "
                         "check).",
                         s->dir, s->cores);
        noted++;
    }
    return noted;
}

static size_t noise_warning(const mpchar__report *r, mpchar__doc *d)
{
    size_t noisy = 0, real = 0;
    const mpchar_measurement *worst = NULL;
    double worst_spread = 0;
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        if (m->oversubscribed || m->t_min_us <= 0)
            continue;
        real++;
        double spread = (m->t_median_us - m->t_min_us) / m->t_min_us;
        if (spread <= NOISY)
            continue;
        noisy++;
        if (spread > worst_spread) {
            worst_spread = spread;
            worst = m;
        }
    }
    if (!worst)
        return 0;
    mpchar__doc_item(d,
                     "%zu of %zu real points are noisy: their median time "
                     "is more than %.0f%% above their minimum (the worst: %s "
                     "%s p=%ld n=%llu bytes, median %.3g us against minimum "
                     "%.3g us, +%.0f%%). The models fit the minimum; noisy "
                     "points deserve a second run on a quieter machine.",
                     noisy, real, 100 * NOISY, worst->key.library,
                     worst->key.pattern, worst->key.p,
                     (unsigned long long)worst->key.n_bytes, worst->t_median_us,
                     worst->t_min_us, 100 * worst_spread);
    return 1;
}

static size_t failed_warning(const mpchar__report *r, mpchar__doc *d)
{
    if (r->failed.count == 0)
        return 0;
    mpchar__doc_item(d,
                     "%zu points failed and are missing from the plots "
                     "and models%s",
                     r->failed.count,
                     r->failed.count > MAX_LISTED ? "; the first ones:" : ":");
    for (size_t i = 0; i < r->failed.count && i < MAX_LISTED; i++) {
        const mpchar_failure *f = &r->failed.rows[i];
        mpchar__doc_item(
            d, "failed: %s %s%s%s p=%ld n=%llu bytes: %s", f->key.library,
            f->key.pattern, strcmp(f->key.variant, "-") ? "/" : "",
            strcmp(f->key.variant, "-") ? f->key.variant : "", f->key.p,
            (unsigned long long)f->key.n_bytes, f->reason);
    }
    return 1;
}

/* A share of stolen CPU time worth a warning: beyond it the same size
 * measured twice differed by more than the models' errors here. */
#define STEAL_WARN_PCT 5.0

static size_t steal_warning(const mpchar__report *r, mpchar__doc *d)
{
    size_t count = 0;
    for (size_t i = 0; i < r->nsources; i++) {
        const mpchar__source *s = &r->sources[i];
        if (!(s->steal_max_pct >= STEAL_WARN_PCT))
            continue;
        mpchar__doc_item(d,
                         "During the run in %s the hypervisor took up to "
                         "%.0f%% of this machine's CPU time (launch %s; steal "
                         "in /proc/stat): its timings are disturbed beyond "
                         "what repetitions repair; measure again when the "
                         "host is quieter.",
                         s->dir, s->steal_max_pct, s->steal_where);
        count++;
    }
    return count;
}

static void warnings(const mpchar__report *r, mpchar__doc *d,
                     const char *plot_problem)
{
    size_t count = 0;
    mpchar__doc_heading(d, 2, "warnings", "Warnings");
    for (size_t i = 0; i < r->nnotes; i++)
        mpchar__doc_note(d, "%s", r->notes[i]);
    if (plot_problem)
        mpchar__doc_note(d,
                         "Plots were not drawn: %s. The tables are "
                         "complete; each plot's place says so.",
                         plot_problem);
    count += steal_warning(r, d);
    count += oversub_warnings(r, d);
    count += left_out_notes(r, d);
    count += noise_warning(r, d);
    count += failed_warning(r, d);
    if (r->extrapolated) {
        mpchar__doc_item(d,
                         "%zu values in the tables are predictions for "
                         "sizes outside the measured ones (marked †): they "
                         "extrapolate the models and are estimates only.",
                         r->extrapolated);
        count++;
    }
    if (count + r->nnotes == 0 && !plot_problem)
        mpchar__doc_para(d, "No warnings.");
}

void mpchar__section_summary(mpchar__report *r, mpchar__doc *d,
                             const char *plot_problem)
{
    mpchar__doc_heading(d, 1, "summary", "Summary");
    mpchar__doc_para(d,
                     "%zu measured points and %zu model entries from %zu "
                     "results director%s; %zu plots. Every number is traceable "
                     "to measurements.csv (times in us, sizes in bytes, MB = "
                     "10^6 bytes).",
                     r->meas.count, r->model.nentries, r->nsources,
                     r->nsources == 1 ? "y" : "ies",
                     mpchar__doc_count(&r->doc, MPCHAR__FIGURE));
    runs_table(r, d);
    libraries_table(r, d);
    warnings(r, d, plot_problem);
}
