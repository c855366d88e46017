/* The noise of each measured point, taken from the data itself.
 *
 * A point's spread is (t_median_us - t_min_us) / t_min_us: how far the
 * typical repetition lies above the best one.  One point's spread can be
 * small by chance (a quiet moment) while its neighbours show the machine
 * is noisy at that size, so a point's noise is the larger of its own
 * spread and the median spread over a window of three neighbouring sizes
 * of its series (the point and one neighbour each side; at an end of the
 * series the point and its two nearest neighbours).  The median keeps one
 * wild neighbour from inflating everyone's allowance; the max keeps a
 * point's own large spread. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare_internal.h"

double mpchar_compare_spread_of(double median, double min)
{
    if (min > 0.0)
        return (median - min) / min;
    return median > 0.0 ? INFINITY : 0.0;
}

double mpchar_compare_spread(const mpchar_measurement *m)
{
    return mpchar_compare_spread_of(m->t_median_us, m->t_min_us);
}

int mpchar__series_cmp(const mpchar_point_key *x, const mpchar_point_key *y)
{
    int c;
    if ((c = strcmp(x->library, y->library)) != 0 ||
        (c = strcmp(x->pattern, y->pattern)) != 0 ||
        (c = strcmp(x->variant, y->variant)) != 0 ||
        (c = strcmp(x->op, y->op)) != 0 ||
        (c = strcmp(x->datatype, y->datatype)) != 0)
        return c;
    return (x->p > y->p) - (x->p < y->p);
}

int mpchar__key_cmp(const mpchar_point_key *x, const mpchar_point_key *y)
{
    int c = mpchar__series_cmp(x, y);
    if (c != 0)
        return c;
    if (x->n_bytes != y->n_bytes)
        return x->n_bytes < y->n_bytes ? -1 : 1;
    return (int)x->set - (int)y->set;
}

/* qsort has no context argument: sort (key, index) pairs instead. */
typedef struct keyed_row {
    const mpchar_point_key *key;
    size_t index;
} keyed_row;

static int keyed_row_cmp(const void *x, const void *y)
{
    const keyed_row *a = x, *b = y;
    int c = mpchar__key_cmp(a->key, b->key);
    return c != 0 ? c : (a->index > b->index) - (a->index < b->index);
}

size_t *mpchar__sorted_rows(const mpchar_measurements *m)
{
    if (m->count == 0)
        return NULL;
    keyed_row *tmp = malloc(m->count * sizeof *tmp);
    size_t *order = malloc(m->count * sizeof *order);
    if (!tmp || !order) {
        free(tmp);
        free(order);
        return NULL;
    }
    for (size_t i = 0; i < m->count; i++)
        tmp[i] = (keyed_row){&m->rows[i].key, i};
    qsort(tmp, m->count, sizeof *tmp, keyed_row_cmp);
    for (size_t i = 0; i < m->count; i++)
        order[i] = tmp[i].index;
    free(tmp);
    return order;
}

static double median3(double x, double y, double z)
{
    double lo = fmin(x, y), hi = fmax(x, y);
    return z < lo ? lo : z > hi ? hi : z;
}

/* The noise of the k-th of len spreads s[] of one series. */
static double window_noise(const double *s, size_t len, size_t k)
{
    if (len == 1)
        return s[0];
    if (len == 2)
        return fmax(s[k], 0.5 * (s[0] + s[1]));
    size_t mid = k == 0 ? 1 : k == len - 1 ? len - 2 : k;
    return fmax(s[k], median3(s[mid - 1], s[mid], s[mid + 1]));
}

/* Fills noise[] for the series occupying order[first .. first+len). */
static void series_noise(const mpchar_measurements *m, const size_t *order,
                         size_t first, size_t len, double *spread,
                         double *noise)
{
    for (size_t k = 0; k < len; k++)
        spread[k] = mpchar_compare_spread(&m->rows[order[first + k]]);
    for (size_t k = 0; k < len; k++)
        noise[order[first + k]] = window_noise(spread, len, k);
}

int mpchar__noise_compute(const mpchar_measurements *m, const size_t *order,
                          double **noise_p, mpchar_error *err)
{
    double *noise = malloc((m->count ? m->count : 1) * sizeof *noise);
    double *spread = malloc((m->count ? m->count : 1) * sizeof *spread);
    if (!noise || !spread) {
        free(noise);
        free(spread);
        return mpchar_error_set(err, "out of memory computing noise");
    }
    size_t first = 0;
    while (first < m->count) {
        size_t len = 1;
        while (first + len < m->count &&
               mpchar__series_cmp(&m->rows[order[first]].key,
                                  &m->rows[order[first + len]].key) == 0)
            len++;
        series_noise(m, order, first, len, spread, noise);
        first += len;
    }
    free(spread);
    *noise_p = noise;
    return 0;
}
