/* The overlap section (seed 004 Section 3.1): per side, a plot of the
 * overlap fraction against n with one line per library, then the model's
 * overlap table and the size where overlap stops.  Sizes whose wait ended
 * at the post (an eager send) are drawn at 1, hollow: nothing was left to
 * hide, so everything after the post proceeded behind the computation. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mpchar/overlap.h"
#include "report_internal.h"

bool mpchar__overlap_present(const mpchar__report *r)
{
    return r->model.noverlap > 0;
}

static bool side_present(const mpchar__report *r, const char *side)
{
    for (size_t i = 0; i < r->model.noverlap; i++)
        if (!strcmp(r->model.overlap[i].side, side))
            return true;
    return false;
}

/* One library's points of a side: measured fractions as a line, sizes done
 * at post as hollow marks at 1. */
static void library_series(mpchar__report *r, const char *library,
                           const char *side)
{
    const char *rgb = mpchar__library_color(r, library);
    mpchar__series_add(&r->plots, rgb, MPCHAR__LINEPOINTS, "%s", library);
    for (size_t i = 0; i < r->model.noverlap; i++) {
        const mpchar_overlap_point *pt = &r->model.overlap[i];
        if (!strcmp(pt->library, library) && !strcmp(pt->side, side) &&
            isfinite(pt->fraction))
            mpchar__point_add(&r->plots, (double)pt->n_bytes, pt->fraction);
    }
    mpchar__series_add(&r->plots, rgb, MPCHAR__HOLLOW, "%s: done at post",
                       library);
    for (size_t i = 0; i < r->model.noverlap; i++) {
        const mpchar_overlap_point *pt = &r->model.overlap[i];
        if (!strcmp(pt->library, library) && !strcmp(pt->side, side) &&
            pt->done_at_post)
            mpchar__point_add(&r->plots, (double)pt->n_bytes, 1.0);
    }
}

static void side_plot(mpchar__report *r, const char *side)
{
    char id[64];
    snprintf(id, sizeof id, "overlap-%s", side);
    mpchar__plot_add(&r->plots, id, "n (bytes)", "overlap fraction", true,
                     false, "overlap of MPI_%s with computation (p = 2)",
                     !strcmp(side, "isend") ? "Isend" : "Irecv");
    for (size_t l = 0; l < r->nlibs; l++)
        library_series(r, r->libs[l].name, side);
    mpchar__figure(r,
                   "Share of rank 0's wait after MPI_%s that a computation "
                   "longer than the transfer hid, against message length, "
                   "per library (hollow at 1: the request was complete when "
                   "the post returned).",
                   !strcmp(side, "isend") ? "Isend" : "Irecv");
}

static void point_row(mpchar__report *r, const mpchar_overlap_point *pt)
{
    char n[32];
    mpchar__bytes_text((double)pt->n_bytes, n, sizeof n);
    mpchar__doc_row(&r->doc);
    mpchar__doc_cell(&r->doc, 0, "%s", pt->library);
    mpchar__doc_cell(&r->doc, 1, "%s", pt->side);
    mpchar__doc_cell(&r->doc, 2, "%s", n);
    mpchar__doc_cell(&r->doc, 3, "%.3g", pt->wait_c0_us);
    if (isfinite(pt->compute_us))
        mpchar__doc_cell(&r->doc, 4, "%g", pt->compute_us);
    if (isfinite(pt->wait_us))
        mpchar__doc_cell(&r->doc, 5, "%.3g", pt->wait_us);
    if (pt->done_at_post)
        mpchar__doc_cell(&r->doc, 6, "done at post");
    else if (isfinite(pt->fraction))
        mpchar__doc_cell(&r->doc, 6, "%.2f", pt->fraction);
    else
        mpchar__doc_cell(&r->doc, 6, "c too short");
    if (pt->oversubscribed)
        mpchar__doc_row_oversub(&r->doc);
}

static void points_table(mpchar__report *r)
{
    static const char *const head[] = {
        "library",         "side", "n", "W(0) (us)", "c from (us)", "W(c) (us)",
        "overlap fraction"};
    mpchar__doc_table(&r->doc,
                      "The overlap table (model.json): W(0), the wait with "
                      "no computation; c from, the shortest computation of "
                      "at least 2 W(0); W(c), the median wait after those; "
                      "the fraction, the median of (W(0) - W(c)) / W(0)",
                      7, head);
    for (size_t i = 0; i < r->model.noverlap; i++)
        point_row(r, &r->model.overlap[i]);
}

static void stop_row(mpchar__report *r, const char *library, const char *side)
{
    uint64_t stop;
    char n[32] = "none measured";
    if (mpchar_overlap_stop(r->model.overlap, r->model.noverlap, library, side,
                            &stop))
        mpchar__bytes_text((double)stop, n, sizeof n);
    mpchar__doc_row(&r->doc);
    mpchar__doc_cell(&r->doc, 0, "%s", library);
    mpchar__doc_cell(&r->doc, 1, "%s", side);
    mpchar__doc_cell(&r->doc, 2, "%s", n);
}

static void stops_table(mpchar__report *r)
{
    static const char *const head[] = {"library", "side", "overlap stops at n"};
    mpchar__doc_table(&r->doc,
                      "Where overlap stops: the smallest size from which no "
                      "larger measured size hides half its wait",
                      3, head);
    for (size_t l = 0; l < r->nlibs; l++)
        for (int s = 0; s < MPCHAR_OVERLAP_SIDE_COUNT; s++) {
            const char *side = mpchar_overlap_side_name(s);
            for (size_t i = 0; i < r->model.noverlap; i++)
                if (!strcmp(r->model.overlap[i].library, r->libs[l].name) &&
                    !strcmp(r->model.overlap[i].side, side)) {
                    stop_row(r, r->libs[l].name, side);
                    break;
                }
        }
}

int mpchar__section_overlap(mpchar__report *r, mpchar_error *err)
{
    (void)err;
    for (int s = 0; s < MPCHAR_OVERLAP_SIDE_COUNT; s++)
        if (side_present(r, mpchar_overlap_side_name(s)))
            side_plot(r, mpchar_overlap_side_name(s));
    points_table(r);
    stops_table(r);
    return 0;
}
