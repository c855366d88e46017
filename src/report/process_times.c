/* Part of section 2: seed 002's asynchronous ping-ping per process.  Seed
 * 002 reports each process's send, waiting and total times, not only the
 * pair's; mpchar-bench writes them to process_times.csv (docs/seed002.md,
 * "Per-process times"), and this table shows them at a few sizes: per
 * library, variant (the computation c) and size, one row per rank.  The
 * statistic is the minimum, or the mean when the fit's is the mean (the
 * file has no median).  A resumed run writes a point's rows again; the
 * last rows of a point and rank count. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_internal.h"

/* The sizes shown: the nearest measured size within a factor of 2 of
 * each (0 exactly), as the collectives' plots against p take them. */
static const double shown_bytes[] = {0, 1024, 65536};
#define NSHOWN (sizeof shown_bytes / sizeof shown_bytes[0])

static bool same_series(const mpchar_point_key *a, const mpchar_point_key *b)
{
    return !strcmp(a->library, b->library) && !strcmp(a->pattern, b->pattern) &&
           !strcmp(a->variant, b->variant) && !strcmp(a->op, b->op) &&
           !strcmp(a->datatype, b->datatype) && a->p == b->p;
}

/* The measured size of row i's series nearest to n, or -1. */
static double nearest_n(const mpchar_process_rows *pr, size_t i, double n)
{
    double best = -1, dist = INFINITY;
    for (size_t j = 0; j < pr->count; j++) {
        const mpchar_point_key *k = &pr->rows[j].key;
        if (!same_series(k, &pr->rows[i].key))
            continue;
        double m = (double)k->n_bytes;
        double d = n > 0 && m > 0 ? fabs(log(m / n)) : fabs(m - n);
        if (d < dist) {
            dist = d;
            best = m;
        }
    }
    return dist <= (n > 0 ? log(2.0) : 0.0) ? best : -1;
}

/* Whether row i is the last of its point and rank (the one that counts). */
static bool last_of(const mpchar_process_rows *pr, size_t i)
{
    for (size_t j = i + 1; j < pr->count; j++)
        if (pr->rows[j].rank == pr->rows[i].rank &&
            mpchar_key_equal(&pr->rows[j].key, &pr->rows[i].key))
            return false;
    return true;
}

/* Whether row i opens its series (no earlier row of the same series). */
static bool first_of_series(const mpchar_process_rows *pr, size_t i)
{
    for (size_t j = 0; j < i; j++)
        if (same_series(&pr->rows[j].key, &pr->rows[i].key))
            return false;
    return true;
}

static void rank_row(mpchar__report *r, const mpchar_process_times *t,
                     bool mean)
{
    const double *v = mean ? t->mean_us : t->min_us;
    mpchar__doc_row(&r->doc);
    mpchar__doc_cell(&r->doc, 0, "%s", t->key.library);
    mpchar__doc_cell(&r->doc, 1, "%s", t->key.variant);
    mpchar__doc_cell(&r->doc, 2, "%s", t->key.datatype);
    mpchar__doc_cell(&r->doc, 3, "%llu", (unsigned long long)t->key.n_bytes);
    mpchar__doc_cell(&r->doc, 4, "%d", t->rank);
    mpchar__doc_cell(&r->doc, 5, "%.4g", v[MPCHAR_PHASE_SEND]);
    mpchar__doc_cell(&r->doc, 6, "%.4g", v[MPCHAR_PHASE_WAIT]);
    mpchar__doc_cell(&r->doc, 7, "%.4g", v[MPCHAR_PHASE_TOTAL]);
    mpchar__doc_cell(&r->doc, 8, "%ld", t->reps);
}

/* The rows of one series (the one row i opens) at the shown sizes. */
static void series_rows(mpchar__report *r, size_t i, bool mean)
{
    const mpchar_process_rows *pr = &r->proc;
    double done = -1;
    for (size_t s = 0; s < NSHOWN; s++) {
        double n = nearest_n(pr, i, shown_bytes[s]);
        if (n < 0 || n == done)
            continue;
        done = n;
        for (size_t j = 0; j < pr->count; j++)
            if (same_series(&pr->rows[j].key, &pr->rows[i].key) &&
                (double)pr->rows[j].key.n_bytes == n && last_of(pr, j))
                rank_row(r, &pr->rows[j], mean);
    }
}

void mpchar__process_times_table(mpchar__report *r)
{
    static const char *const head[] = {
        "library",     "variant",     "datatype",     "n (bytes)", "rank",
        "t_send (us)", "t_wait (us)", "t_total (us)", "reps"};
    if (r->proc.count == 0)
        return;
    bool mean = r->model.opt.stat == MPCHAR_STAT_MEAN;
    mpchar__doc_heading(&r->doc, 2, NULL,
                        "Asynchronous ping-ping per process (seed 002)");
    mpchar__doc_table(
        &r->doc,
        "async_pingping per process (process_times.csv; the variant cN "
        "computes N us between posting and waiting): t_send from the first "
        "post until the send completed, computation included; t_wait the "
        "time in the two waits, what the computation did not hide; t_total "
        "the whole exchange on that rank",
        9, head);
    for (size_t i = 0; i < r->proc.count; i++)
        if (first_of_series(&r->proc, i))
            series_rows(r, i, mean);
    mpchar__doc_para(&r->doc,
                     "Each rank's %s over its timed exchanges, at the "
                     "measured sizes nearest to 0, 1 KiB and 64 KiB.",
                     mean ? "mean" : "minimum");
}
