/* The overlap table (seed 004 Section 3.1): from the rows of the overlap
 * pattern, the wait after a computation of c microseconds against the
 * wait at c = 0, per library, side (isend, irecv) and size, and the size
 * where overlap stops.  docs/overlap.md states the rules. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"
#include "mpchar/overlap.h"
#include "mpchar/stats.h"

bool mpchar_overlap_point_known(const mpchar_overlap_point *pt)
{
    return pt->done_at_post || isfinite(pt->fraction);
}

bool mpchar_overlap_point_overlaps(const mpchar_overlap_point *pt)
{
    return pt->done_at_post || (isfinite(pt->fraction) &&
                                pt->fraction >= MPCHAR_OVERLAP_STOP_FRACTION);
}

/* One row of the sweep: its side, c and the statistic of its wait. */
typedef struct sweep_row {
    const mpchar_measurement *row;
    mpchar_overlap_side side;
    double compute_us, wait_us;
} sweep_row;

/* By library, side, n, then c. */
static int cmp_sweep(const void *pa, const void *pb)
{
    const sweep_row *a = pa, *b = pb;
    int c = strcmp(a->row->key.library, b->row->key.library);
    if (c)
        return c;
    if (a->side != b->side)
        return a->side < b->side ? -1 : 1;
    if (a->row->key.n_bytes != b->row->key.n_bytes)
        return a->row->key.n_bytes < b->row->key.n_bytes ? -1 : 1;
    return (a->compute_us > b->compute_us) - (a->compute_us < b->compute_us);
}

static bool same_point(const sweep_row *a, const sweep_row *b)
{
    return a->side == b->side && a->row->key.n_bytes == b->row->key.n_bytes &&
           strcmp(a->row->key.library, b->row->key.library) == 0;
}

/* The median of x[0..count), count >= 1 (sorts x). */
static double median_of(double *x, size_t count)
{
    mpchar_stats st;
    return mpchar_stats_compute(x, count, &st, NULL) == 0 ? st.median : NAN;
}

static double clamp01(double x)
{
    return x < 0 ? 0 : x > 1 ? 1 : x;
}

/* The point of rows r[0..count) (one library, side and n, ascending c);
 * false when it has no c = 0 row.  scratch holds count doubles. */
static bool point_of(const sweep_row *r, size_t count, double *scratch,
                     mpchar_overlap_point *pt)
{
    if (r[0].compute_us != 0)
        return false;
    memset(pt, 0, sizeof *pt);
    mpchar__strlcpy(pt->library, r[0].row->key.library, sizeof pt->library);
    mpchar__strlcpy(pt->side, mpchar_overlap_side_name(r[0].side),
                    sizeof pt->side);
    pt->n_bytes = r[0].row->key.n_bytes;
    pt->wait_c0_us = r[0].wait_us;
    pt->done_at_post = pt->wait_c0_us < MPCHAR_OVERLAP_DONE_AT_POST_US;
    pt->compute_us = pt->wait_us = pt->fraction = NAN;
    double *waits = scratch, *fractions = scratch + count;
    for (size_t i = 0; i < count; i++) {
        pt->oversubscribed |= r[i].row->oversubscribed;
        if (r[i].compute_us < 2 * pt->wait_c0_us)
            continue;
        if (pt->beyond_count == 0)
            pt->compute_us = r[i].compute_us;
        waits[pt->beyond_count] = r[i].wait_us;
        fractions[pt->beyond_count++] =
            clamp01((pt->wait_c0_us - r[i].wait_us) / pt->wait_c0_us);
    }
    if (pt->beyond_count > 0) {
        pt->wait_us = median_of(waits, pt->beyond_count);
        if (!pt->done_at_post)
            pt->fraction = median_of(fractions, pt->beyond_count);
    }
    return true;
}

/* The sweep rows of rows[0..count): those of patterns that sweep c. */
static size_t sweep_rows(const mpchar_measurement *const *rows, size_t count,
                         mpchar_fit_stat stat, sweep_row *out,
                         mpchar_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < count; i++) {
        const mpchar_pattern_facts *f =
            mpchar_pattern_find(rows[i]->key.pattern);
        if (!f || !f->sweeps_compute)
            continue;
        sweep_row *s = &out[n];
        s->row = rows[i];
        s->wait_us = mpchar_fit_stat_of(rows[i], stat);
        if (mpchar_overlap_variant_parse(rows[i]->key.variant, &s->side,
                                         &s->compute_us, err) != 0)
            return (size_t)-1;
        n++;
    }
    return n;
}

static int build(sweep_row *s, size_t n, mpchar_overlap_point *out,
                 size_t *count_p, mpchar_error *err)
{
    double *scratch = malloc(2 * (n + 1) * sizeof *scratch);
    if (!scratch)
        return mpchar_error_set(err, "out of memory");
    qsort(s, n, sizeof *s, cmp_sweep);
    size_t count = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && same_point(&s[i], &s[j]))
            j++;
        if (point_of(s + i, j - i, scratch, &out[count]))
            count++;
        i = j;
    }
    free(scratch);
    *count_p = count;
    return 0;
}

int mpchar_overlap_fit(const mpchar_measurement *const *rows, size_t count,
                       mpchar_fit_stat stat, mpchar_overlap_point **out_p,
                       size_t *count_p, mpchar_error *err)
{
    *out_p = NULL;
    *count_p = 0;
    sweep_row *s = malloc((count + 1) * sizeof *s);
    mpchar_overlap_point *out = malloc((count + 1) * sizeof *out);
    if (!s || !out) {
        free(s);
        free(out);
        return mpchar_error_set(err, "out of memory");
    }
    size_t n = sweep_rows(rows, count, stat, s, err);
    int rc = n == (size_t)-1 ? -1 : build(s, n, out, count_p, err);
    free(s);
    if (rc != 0 || *count_p == 0) {
        free(out);
        *count_p = 0;
        return rc;
    }
    *out_p = out;
    return 0;
}

bool mpchar_overlap_stop(const mpchar_overlap_point *table, size_t count,
                         const char *library, const char *side,
                         uint64_t *n_bytes_p)
{
    bool stops = false;
    for (size_t i = 0; i < count; i++) {
        const mpchar_overlap_point *pt = &table[i];
        if (strcmp(pt->library, library) || strcmp(pt->side, side) ||
            !mpchar_overlap_point_known(pt))
            continue;
        if (mpchar_overlap_point_overlaps(pt)) {
            stops = false;
        } else if (!stops) {
            stops = true;
            *n_bytes_p = pt->n_bytes;
        }
    }
    return stops;
}
