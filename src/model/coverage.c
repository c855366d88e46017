/* Coverage weights of fitting sizes.
 *
 * Validation sizes are drawn log-uniformly over the measured range, and a
 * model's accuracy is their average relative error.  Refinement measures
 * sizes densely around protocol switches, to place them; counted one each,
 * a dozen sizes within a few percent of a switch would outweigh whole
 * octaves of the grid, and the segmented fit would spend its segments on
 * their noise.  So a size counts at most once, and sizes packed closer than
 * the grid's usual step share the span they stand for: a size's weight is
 * the width of its cell in ln(n + 1) (half the gap to each neighbour, the
 * ends mirrored) over the grid's usual cell, at most 1, shared by equal
 * sizes.  The usual cell is the 90th percentile of the cells, not their
 * largest: in ln(n + 1) the cells of 1, 2 and 3 bytes are wider than any
 * grid step.  On an even grid every weight is 1. */
#include <math.h>
#include <stdlib.h>

#include "model_internal.h"
#include "mpchar/stats.h"

static double log_size(double n)
{
    return log1p(n);
}

/* One past the last point of the size of pt[i]. */
static size_t same_size_end(const mpchar__point *pt, size_t count, size_t i)
{
    size_t j = i;
    while (j < count && pt[j].n == pt[i].n)
        j++;
    return j;
}

/* Cell width of the distinct size pt[i], whose equal sizes end at j. */
static double cell_width(const mpchar__point *pt, size_t count, size_t i,
                         size_t j)
{
    double u = log_size(pt[i].n);
    double lo = i > 0 ? u - log_size(pt[i - 1].n) : -1.0;
    double hi = j < count ? log_size(pt[j].n) - u : -1.0;
    if (lo < 0.0)
        lo = hi;
    if (hi < 0.0)
        hi = lo;
    return (lo + hi) / 2.0;
}

int mpchar__coverage_weights(const mpchar__point *pt, size_t count, double *w)
{
    double *cells = malloc((count ? count : 1) * sizeof *cells);
    if (!cells)
        return -1;
    size_t ncells = 0;
    for (size_t i = 0, j; i < count; i = j) {
        j = same_size_end(pt, count, i);
        double cell = cell_width(pt, count, i, j);
        for (size_t k = i; k < j; k++)
            w[k] = cell;
        cells[ncells++] = cell;
    }
    qsort(cells, ncells, sizeof *cells, mpchar_compare_double);
    double usual = ncells ? cells[(ncells * 9) / 10] : 0.0;
    for (size_t i = 0, j; i < count; i = j) {
        j = same_size_end(pt, count, i);
        double share = usual > 0.0 && w[i] < usual ? w[i] / usual : 1.0;
        for (size_t k = i; k < j; k++)
            w[k] = share / (double)(j - i);
    }
    free(cells);
    return 0;
}
