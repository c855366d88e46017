/* The overlap section (seed 004 Section 3.1): per side, a plot of the
 * overlap fraction against n with one line per library, then the model's
 * overlap table and the size where overlap stops (src/model/tables.c, as
 * `mpchar fit` prints them).  Sizes whose wait ended
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

int mpchar__section_overlap(mpchar__report *r, mpchar_error *err)
{
    for (int s = 0; s < MPCHAR_OVERLAP_SIDE_COUNT; s++)
        if (side_present(r, mpchar_overlap_side_name(s)))
            side_plot(r, mpchar_overlap_side_name(s));
    if (mpchar__model_table(r, MPCHAR_TABLE_OVERLAP, err) != 0)
        return -1;
    return mpchar__model_table(r, MPCHAR_TABLE_OVERLAP_STOPS, err);
}
