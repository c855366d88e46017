/* mpchar_report_write: the order of the work.  Load and merge the results
 * directories; build the point-to-point, collective, accuracy and library
 * sections (document blocks and plot descriptions); draw every plot with
 * one gnuplot run; build the summary, which reports what the others found
 * and whether the plots could be drawn, and put it first, after only
 * "what to read first"; then write
 * report.html and report.md, each through a temporary file renamed into
 * place so that a reader never sees half a report. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpchar/fileio.h"
#include "report_internal.h"

/* DIR/plots, and DIR with it. */
static int make_dirs(const char *dir, mpchar_error *err)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_REPORT_PLOT_DIR) >=
        (int)sizeof path)
        return mpchar_error_set(err, "%s: path too long", dir);
    return mpchar_make_dirs(path, err);
}

/* Marks each figure drawn or not, and counts the drawn ones. */
static size_t mark_figures(mpchar__doc *d, const char *out_dir,
                           const char *problem)
{
    size_t drawn = 0;
    for (size_t i = 0; i < d->count; i++) {
        mpchar__block *b = &d->blocks[i];
        char path[4096];
        struct stat st;
        if (b->kind != MPCHAR__FIGURE)
            continue;
        snprintf(path, sizeof path, "%s/%s", out_dir, b->svg);
        if (!problem && stat(path, &st) == 0 && st.st_size > 0) {
            drawn++;
            continue;
        }
        b->missing = strdup(problem ? problem : "gnuplot did not draw it");
        d->failed |= b->missing == NULL;
    }
    return drawn;
}

typedef int (*renderer)(const mpchar__doc *d, const char *out_dir, FILE *out,
                        mpchar_error *err);

static int html(const mpchar__doc *d, const char *out_dir, FILE *out,
                mpchar_error *err)
{
    return mpchar__render_html(d, out_dir, out, err);
}

static int markdown(const mpchar__doc *d, const char *out_dir, FILE *out,
                    mpchar_error *err)
{
    (void)out_dir;
    return mpchar__render_md(d, out, err);
}

static int write_file(const mpchar__doc *d, const char *out_dir,
                      const char *name, renderer render, mpchar_error *err)
{
    char path[4096], tmp[4200];
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return mpchar_error_set(err, "cannot create %s: %s", tmp,
                                strerror(errno));
    int rc = render(d, out_dir, f, err);
    if (fclose(f) != 0 && rc == 0)
        rc = mpchar_error_set(err, "%s: write error", tmp);
    if (rc == 0 && rename(tmp, path) != 0)
        rc =
            mpchar_error_set(err, "cannot rename %s: %s", tmp, strerror(errno));
    if (rc != 0)
        unlink(tmp);
    return rc;
}

static bool p2p_present(const mpchar__report *r)
{
    return r->p2p.n > 0;
}

static bool collectives_present(const mpchar__report *r)
{
    return r->collectives.n > 0;
}

static bool model_present(const mpchar__report *r)
{
    return r->model.nentries > 0;
}

static bool libraries_present(const mpchar__report *r)
{
    return r->nlibs > 0 && r->model.nentries > 0;
}

static bool profiles_present(const mpchar__report *r)
{
    return r->nprofiles > 0;
}

/* The sections, in order: a section is shown, under its heading and
 * introduction (if any), when present says it has something to show.
 * Lead sections come before the summary, the others after it. */
static const struct section {
    const char *id, *title, *intro;
    bool (*present)(const mpchar__report *r);
    int (*build)(mpchar__report *r, mpchar_error *err);
    bool lead;
} sections[] = {
    {"read-first", "What to read first",
     "Per library: latency (pingpong start-up t0 at p = 2 and the measured "
     "0-byte time T(0)), the peak measured pingpong bandwidth n/T, the "
     "protocol switches (the piecewise model's segment boundaries), the "
     "collectives in which it is the slowest library (best models at 1 KiB, "
     "or n = 0 for those that move no data, at the largest p every library "
     "measured without oversubscription; its time over the fastest "
     "library's) and the model's findings by kind. The sections below give "
     "the evidence.",
     libraries_present, mpchar__section_read_first, true},
    {"p2p", "Point-to-point", NULL, p2p_present, mpchar__section_p2p, false},
    {"collectives", "Collectives",
     "n follows docs/data-formats.md (the total at the root for Scatter and "
     "Gather, each process's buffer for reductions). Oversubscribed p (more "
     "processes than cores) are drawn hollow: their times are not real.",
     collectives_present, mpchar__section_collectives, false},
    {"accuracy", "Accuracy",
     "Each family is fitted on the fitting sizes and judged on the "
     "validation sizes, 20 random sizes the fit never sees (docs/models.md). "
     "Seed 000 reports 7% for its t_i model and 18% / 28% for Hockney's.",
     model_present, mpchar__section_accuracy, false},
    {"libraries", "Libraries side by side", NULL, mpchar__libraries_compared,
     mpchar__section_libraries, false},
    {"placements", "Node configurations",
     "Seed 000 (Section 7) compares the same p placed differently: one "
     "process per node against several sharing a node. Each table is the "
     "ratio T(A)/T(B) of the measured times (t_min_us) of placement A, the "
     "one with fewer processes per host, over placement B, per primitive "
     "and size, placements named NODESxPPN (hosts used x most processes on "
     "one host). A ratio above 1: B is faster, the processes gain from "
     "sharing a node (intra-node shared memory wins); below 1: they suffer "
     "from it.",
     mpchar__placements_present, mpchar__section_placements, false},
    {"profiles", "Application profiles",
     "Programs run under `mpchar profile` (docs/profile.md): time in MPI, "
     "messages, and seed 004's bounds on the transfer time that overlapped "
     "computation.",
     profiles_present, mpchar__section_profiles, false},
    {"advice", "Advice: substitutions predicted faster",
     "Seed 000 (Section 5.3) and seed 001 (Section 5) replace a collective "
     "by an equivalent combination of others where the models predict the "
     "combination faster; these are the regions of n per p where that holds "
     "for these models (mpchar advise, docs/advise.md).",
     mpchar__advice_present, mpchar__section_advice, false},
    {"overlap", "Overlap of computation and communication",
     "Seed 004's micro-benchmark (docs/overlap.md): rank 0 posts MPI_Isend "
     "or MPI_Irecv of n bytes, computes c us without MPI calls, then waits; "
     "the overlap fraction is the share of the wait at c = 0 that "
     "computations longer than twice that wait hid (the median over them).",
     mpchar__overlap_present, mpchar__section_overlap, false},
    {"apps", "Application kernels",
     "Kernels run by `mpchar apps` (docs/apps.md): JGF section 2 and NPB "
     "kernels, each verified against its published values, once per MPI "
     "library and p; times are the medians of the repetitions of one "
     "launch, t_comm_s the time inside the kernels' communication.",
     mpchar__apps_present, mpchar__section_apps, false},
};

/* Builds one section into r->doc, or into r->lead when it leads (the
 * sections write r->doc: the blocks built so far wait aside). */
static int build_section(mpchar__report *r, const struct section *s,
                         mpchar_error *err)
{
    mpchar__doc rest = r->doc;
    if (s->lead)
        mpchar__doc_init(&r->doc, NULL);
    mpchar__doc_heading(&r->doc, 1, s->id, "%s", s->title);
    if (s->intro)
        mpchar__doc_para(&r->doc, "%s", s->intro);
    int rc = s->build(r, err);
    if (s->lead) {
        mpchar__doc_take(&r->lead, &r->doc);
        mpchar__doc_free(&r->doc);
        r->doc = rest;
    }
    return rc;
}

static int build_sections(mpchar__report *r, mpchar_error *err)
{
    mpchar__doc_init(&r->lead, NULL);
    mpchar__doc_init(&r->doc, NULL);
    if (mpchar__sort_entries(r) != 0)
        return mpchar_error_set(err, "out of memory");
    for (size_t i = 0; i < sizeof sections / sizeof sections[0]; i++)
        if (sections[i].present(r) && build_section(r, &sections[i], err) != 0)
            return -1;
    if (r->lead.failed)
        return mpchar_error_set(err, "out of memory building the report");
    if (r->doc.failed || r->plots.failed)
        return mpchar_error_set(err, "out of memory building the report");
    return 0;
}

static const char *gnuplot_program(const mpchar_report_options *opt)
{
    const char *env = getenv(MPCHAR_REPORT_GNUPLOT_ENV);
    if (opt->gnuplot)
        return opt->gnuplot;
    return env && *env ? env : "gnuplot";
}

static int write_report(mpchar__report *r, const mpchar_report_options *opt,
                        mpchar_report_summary *sum, mpchar_error *err)
{
    char plot_dir[4096];
    mpchar_error perr;
    snprintf(plot_dir, sizeof plot_dir, "%s/%s", opt->out_dir,
             MPCHAR_REPORT_PLOT_DIR);
    const char *problem = NULL;
    if (mpchar__plots_draw(&r->plots, plot_dir, gnuplot_program(opt), &perr) !=
        0)
        problem = perr.msg;
    mpchar__doc d;
    mpchar__doc_init(&d, "MPI communication performance report");
    mpchar__doc_take(&d, &r->lead);
    mpchar__section_summary(r, &d, problem);
    mpchar__doc_take(&d, &r->doc);
    sum->plots = mpchar__doc_count(&d, MPCHAR__FIGURE);
    sum->plots_drawn = mark_figures(&d, opt->out_dir, problem);
    sum->notes = r->nnotes;
    int rc = d.failed ? mpchar_error_set(err, "out of memory") : 0;
    if (rc == 0)
        rc = write_file(&d, opt->out_dir, MPCHAR_REPORT_HTML, html, err);
    if (rc == 0)
        rc = write_file(&d, opt->out_dir, MPCHAR_REPORT_MD, markdown, err);
    mpchar__doc_free(&d);
    return rc;
}

int mpchar_report_write(const char *const *dirs, size_t ndirs,
                        const mpchar_report_options *opt,
                        mpchar_report_summary *summary_p, mpchar_error *err)
{
    mpchar__report r;
    mpchar_report_summary sum = {0};
    memset(&r, 0, sizeof r);
    if (ndirs == 0 || !opt->out_dir)
        return mpchar_error_set(err, "no results directory or no output "
                                     "directory");
    int rc = mpchar__report_load(&r, dirs, ndirs, err);
    if (rc == 0)
        rc = make_dirs(opt->out_dir, err);
    if (rc == 0)
        rc = build_sections(&r, err);
    if (rc == 0)
        rc = write_report(&r, opt, &sum, err);
    mpchar__report_free(&r);
    if (rc == 0 && summary_p)
        *summary_p = sum;
    return rc;
}
