/* Matching the points of A and B and judging each one.
 *
 * Points match when their key (pattern, variant, op, datatype, p, n_bytes,
 * set) is equal and their libraries form a pair (pairing.c); B's rows are
 * found through an open-addressing hash of their keys.  Points of a
 * compared library found on one side only are kept as lists, rows of
 * libraries outside every pair are counted.  Each matched point gets its
 * B/A ratio of the chosen statistic, its noise allowance (noise.c) and a
 * verdict; oversubscribed points (on either side) are marked and, unless
 * asked, left out of the summary and of the verdicts that fail a check.
 * The output is ordered by pair, then series in A's order of first
 * appearance (the benchmark's plan order), then n_bytes and set. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_internal.h"

mpchar_compare_verdict mpchar_compare_judge(double ratio, double allowance,
                                            double threshold)
{
    if (!isfinite(ratio) || ratio <= 0.0)
        return MPCHAR_VERDICT_UNDEFINED;
    double limit = threshold + allowance;
    if (ratio - 1.0 > limit)
        return MPCHAR_VERDICT_SLOWER;
    if (1.0 / ratio - 1.0 > limit)
        return MPCHAR_VERDICT_FASTER;
    return MPCHAR_VERDICT_WITHIN;
}

/* ---- B's rows by key ---------------------------------------------------- */

typedef struct key_index {
    size_t *slots; /* row index + 1; 0 is empty */
    size_t mask;
} key_index;

static int index_build(const mpchar_measurements *m, key_index *ix)
{
    size_t n = 16;
    while (n < 2 * m->count)
        n *= 2;
    ix->slots = calloc(n, sizeof *ix->slots);
    if (!ix->slots)
        return -1;
    ix->mask = n - 1;
    for (size_t i = 0; i < m->count; i++) {
        size_t h = mpchar_key_hash(&m->rows[i].key) & ix->mask;
        while (ix->slots[h] != 0)
            h = (h + 1) & ix->mask;
        ix->slots[h] = i + 1;
    }
    return 0;
}

/* The row of m with this key, or SIZE_MAX. */
static size_t index_find(const key_index *ix, const mpchar_measurements *m,
                         const mpchar_point_key *key)
{
    size_t h = mpchar_key_hash(key) & ix->mask;
    for (; ix->slots[h] != 0; h = (h + 1) & ix->mask)
        if (mpchar_key_equal(&m->rows[ix->slots[h] - 1].key, key))
            return ix->slots[h] - 1;
    return SIZE_MAX;
}

/* ---- the work of one comparison ------------------------------------------ */

typedef struct work {
    const mpchar_measurements *a, *b;
    const mpchar_compare_options *opt;
    mpchar_comparison *c;
    size_t *order_a, *order_b; /* rows sorted by key */
    double *noise_a, *noise_b; /* per row */
    size_t *series_a;          /* per A row: first file row of its series */
    unsigned char *matched_b;  /* per B row */
    key_index ix_b;
} work;

static void work_release(work *w)
{
    free(w->order_a);
    free(w->order_b);
    free(w->noise_a);
    free(w->noise_b);
    free(w->series_a);
    free(w->matched_b);
    free(w->ix_b.slots);
}

/* The pair holding library name on side a (or b), or SIZE_MAX. */
static size_t pair_of(const mpchar_comparison *c, const char *name, int side_b)
{
    for (size_t i = 0; i < c->pair_count; i++)
        if (strcmp(side_b ? c->pairs[i].b : c->pairs[i].a, name) == 0)
            return i;
    return SIZE_MAX;
}

/* series_a[i] = smallest file row of row i's series (A's order). */
static void series_first_rows(const mpchar_measurements *a, const size_t *order,
                              size_t *series)
{
    size_t first = 0;
    while (first < a->count) {
        size_t len = 1, least = order[first];
        while (first + len < a->count &&
               mpchar__series_cmp(&a->rows[order[first]].key,
                                  &a->rows[order[first + len]].key) == 0) {
            if (order[first + len] < least)
                least = order[first + len];
            len++;
        }
        for (size_t k = 0; k < len; k++)
            series[order[first + k]] = least;
        first += len;
    }
}

static int work_init(work *w, mpchar_error *err)
{
    w->order_a = mpchar__sorted_rows(w->a);
    w->order_b = mpchar__sorted_rows(w->b);
    w->series_a = malloc(w->a->count * sizeof *w->series_a);
    w->matched_b = calloc(w->b->count, 1);
    if (!w->order_a || !w->order_b || !w->series_a || !w->matched_b ||
        index_build(w->b, &w->ix_b) != 0)
        return mpchar_error_set(err, "out of memory comparing");
    series_first_rows(w->a, w->order_a, w->series_a);
    if (mpchar__noise_compute(w->a, w->order_a, &w->noise_a, err) != 0 ||
        mpchar__noise_compute(w->b, w->order_b, &w->noise_b, err) != 0)
        return -1;
    return 0;
}

static double statistic(const mpchar_measurement *m, mpchar_compare_stat s)
{
    return s == MPCHAR_COMPARE_STAT_MEDIAN ? m->t_median_us : m->t_min_us;
}

static void point_fill(const work *w, size_t ia, size_t ib, size_t pair,
                       mpchar_compare_point *pt)
{
    const mpchar_measurement *ma = &w->a->rows[ia], *mb = &w->b->rows[ib];
    memset(pt, 0, sizeof *pt);
    pt->key = ma->key;
    snprintf(pt->library_b, sizeof pt->library_b, "%s", mb->key.library);
    pt->pair = pair;
    pt->series = w->series_a[ia];
    pt->a_us = statistic(ma, w->opt->stat);
    pt->b_us = statistic(mb, w->opt->stat);
    pt->noise_a = w->noise_a[ia];
    pt->noise_b = w->noise_b[ib];
    pt->allowance = fmax(pt->noise_a, pt->noise_b);
    pt->ratio = pt->a_us > 0.0 && pt->b_us > 0.0 ? pt->b_us / pt->a_us : NAN;
    pt->oversubscribed = ma->oversubscribed || mb->oversubscribed;
    pt->judged = !pt->oversubscribed || w->opt->include_oversubscribed;
    pt->verdict =
        mpchar_compare_judge(pt->ratio, pt->allowance, w->opt->threshold);
}

static int append_key(mpchar_point_key **list, size_t *count,
                      const mpchar_point_key *key)
{
    void *grown = realloc(*list, (*count + 1) * sizeof **list);
    if (!grown)
        return -1;
    *list = grown;
    (*list)[(*count)++] = *key;
    return 0;
}

/* Matches every A row; fills c->points, c->only_a and c->other_a. */
static int match_a(work *w, mpchar_error *err)
{
    mpchar_comparison *c = w->c;
    c->points = malloc((w->a->count ? w->a->count : 1) * sizeof *c->points);
    if (!c->points)
        return mpchar_error_set(err, "out of memory comparing");
    for (size_t ia = 0; ia < w->a->count; ia++) {
        const mpchar_point_key *ka = &w->a->rows[ia].key;
        size_t pair = pair_of(c, ka->library, 0);
        if (pair == SIZE_MAX) {
            c->other_a++;
            continue;
        }
        mpchar_point_key kb = *ka;
        memcpy(kb.library, c->pairs[pair].b, sizeof kb.library);
        size_t ib = index_find(&w->ix_b, w->b, &kb);
        if (ib == SIZE_MAX) {
            if (append_key(&c->only_a, &c->only_a_count, ka) != 0)
                return mpchar_error_set(err, "out of memory comparing");
            continue;
        }
        w->matched_b[ib] = 1;
        point_fill(w, ia, ib, pair, &c->points[c->count++]);
    }
    return 0;
}

/* B rows no A row matched: one-sided points or other libraries. */
static int collect_b(work *w, mpchar_error *err)
{
    mpchar_comparison *c = w->c;
    for (size_t k = 0; k < w->b->count; k++) {
        size_t ib = w->order_b[k];
        if (w->matched_b[ib])
            continue;
        const mpchar_point_key *kb = &w->b->rows[ib].key;
        if (pair_of(c, kb->library, 1) == SIZE_MAX)
            c->other_b++;
        else if (append_key(&c->only_b, &c->only_b_count, kb) != 0)
            return mpchar_error_set(err, "out of memory comparing");
    }
    return 0;
}

static int point_cmp(const void *x, const void *y)
{
    const mpchar_compare_point *p = x, *q = y;
    if (p->pair != q->pair)
        return p->pair < q->pair ? -1 : 1;
    if (p->series != q->series)
        return p->series < q->series ? -1 : 1;
    if (p->key.n_bytes != q->key.n_bytes)
        return p->key.n_bytes < q->key.n_bytes ? -1 : 1;
    return (int)p->key.set - (int)q->key.set;
}

static int key_cmp_void(const void *x, const void *y)
{
    return mpchar__key_cmp(x, y);
}

static void summarize(mpchar_comparison *c)
{
    mpchar_compare_summary *s = &c->summary;
    double log_sum = 0.0;
    size_t logs = 0;
    memset(s, 0, sizeof *s);
    s->worst = SIZE_MAX;
    for (size_t i = 0; i < c->count; i++) {
        const mpchar_compare_point *pt = &c->points[i];
        if (!pt->judged) {
            s->oversubscribed_not_judged++;
            continue;
        }
        s->judged++;
        s->slower += pt->verdict == MPCHAR_VERDICT_SLOWER;
        s->faster += pt->verdict == MPCHAR_VERDICT_FASTER;
        s->within += pt->verdict == MPCHAR_VERDICT_WITHIN;
        s->undefined += pt->verdict == MPCHAR_VERDICT_UNDEFINED;
        if (pt->verdict == MPCHAR_VERDICT_UNDEFINED)
            continue;
        log_sum += log(pt->ratio);
        logs++;
        if (s->worst == SIZE_MAX || pt->ratio > c->points[s->worst].ratio)
            s->worst = i;
    }
    s->geomean_ratio = logs ? exp(log_sum / (double)logs) : NAN;
}

int mpchar_compare_run(const mpchar_measurements *a,
                       const mpchar_measurements *b,
                       const mpchar_compare_options *opt,
                       mpchar_comparison *out, mpchar_error *err)
{
    mpchar_comparison c;
    memset(&c, 0, sizeof c);
    if (mpchar_compare_pair_libraries(a, b, opt, &c, err) != 0)
        return -1;
    work w = {.a = a, .b = b, .opt = opt, .c = &c};
    if (work_init(&w, err) != 0 || match_a(&w, err) != 0 ||
        collect_b(&w, err) != 0) {
        work_release(&w);
        mpchar_comparison_free(&c);
        return -1;
    }
    work_release(&w);
    qsort(c.points, c.count, sizeof *c.points, point_cmp);
    if (c.only_a_count)
        qsort(c.only_a, c.only_a_count, sizeof *c.only_a, key_cmp_void);
    summarize(&c);
    *out = c;
    return 0;
}

void mpchar_comparison_free(mpchar_comparison *c)
{
    free(c->points);
    free(c->only_a);
    free(c->only_b);
    c->points = NULL;
    c->only_a = c->only_b = NULL;
    c->count = c->only_a_count = c->only_b_count = 0;
}
