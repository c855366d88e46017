/* Which of a library's algorithm variants is fastest, per communicator
 * size and message size: every variant's best fitted model is evaluated
 * on the powers of two from 1 byte to the largest measured size (and at
 * 0), and where the winner changes between two of them the switch is
 * found to the byte by bisection, so that a synthetic model's known
 * crossover comes out exactly. */
#include <math.h>
#include <string.h>

#include "mpchar/export.h"

#define CANDIDATES_MAX 32

typedef struct candidates {
    const mpchar_entry *e[CANDIDATES_MAX];
    const mpchar_lib_algorithm *a[CANDIDATES_MAX];
    size_t count;
} candidates;

/* The variant's one series: no pattern variant; sum for a reduction. */
static bool is_series(const mpchar_entry *e)
{
    return strcmp(e->variant, "-") == 0 &&
           (strcmp(e->op, "-") == 0 || strcmp(e->op, "sum") == 0);
}

static int find_candidates(const mpchar_model *model, const char *base,
                           const char *pattern, candidates *c,
                           mpchar_error *err)
{
    c->count = 0;
    for (size_t i = 0; i < model->nentries; i++) {
        const mpchar_entry *e = &model->entries[i];
        const mpchar_lib_algorithm *a =
            mpchar_lib_algorithm_of(e->library, NULL);
        if (!a || strcmp(a->library, base) != 0 ||
            strcmp(a->pattern, pattern) != 0 ||
            strcmp(e->pattern, pattern) != 0 || !is_series(e))
            continue;
        if (c->count == CANDIDATES_MAX)
            return mpchar_error_set(err,
                                    "%s of %s: more than %d algorithms "
                                    "fitted, the most an export compares",
                                    pattern, base, CANDIDATES_MAX);
        c->e[c->count] = e;
        c->a[c->count++] = a;
    }
    return 0;
}

static const mpchar_pfit *fit_at(const mpchar_entry *e, long p)
{
    for (size_t i = 0; i < e->nfits; i++)
        if (e->fits[i].p == p && e->fits[i].best >= 0)
            return &e->fits[i];
    return NULL;
}

/* The fastest candidate fitted at p for n bytes; ties go to the first in
 * the table's order. */
static int winner(const candidates *c, long p, double n, int *w_p,
                  mpchar_error *err)
{
    double best = INFINITY;
    *w_p = -1;
    for (size_t i = 0; i < c->count; i++) {
        mpchar_prediction pr;
        if (!fit_at(c->e[i], p))
            continue;
        if (mpchar_entry_predict(c->e[i], MPCHAR_FAMILY_BEST, n, p, &pr, err) !=
            0)
            return -1;
        if (pr.t_us < best) {
            best = pr.t_us;
            *w_p = (int)i;
        }
    }
    return 0;
}

static int add_region(mpchar_export_choice *ch, double n,
                      const mpchar_lib_algorithm *a, mpchar_error *err)
{
    if (ch->nregions > 0 && ch->r[ch->nregions - 1].alg == a)
        return 0;
    if (ch->nregions == MPCHAR_EXPORT_REGIONS_MAX)
        return mpchar_error_set(err,
                                "more than %d algorithm switches at "
                                "p = %ld",
                                MPCHAR_EXPORT_REGIONS_MAX, ch->p);
    ch->r[ch->nregions].n_from_bytes = n;
    ch->r[ch->nregions++].alg = a;
    return 0;
}

/* The first size in (lo, hi] whose winner is not lo's: bisection over
 * whole bytes. */
static int find_switch(const candidates *c, long p, double lo, double hi,
                       int w_lo, double *at_p, int *w_at_p, mpchar_error *err)
{
    int w_hi;
    if (winner(c, p, hi, &w_hi, err) != 0)
        return -1;
    while (hi - lo > 1.0) {
        double mid = floor((lo + hi) / 2.0);
        int w;
        if (winner(c, p, mid, &w, err) != 0)
            return -1;
        if (w == w_lo) {
            lo = mid;
        } else {
            hi = mid;
            w_hi = w;
        }
    }
    *at_p = hi;
    *w_at_p = w_hi;
    return 0;
}

static int choose_at(const candidates *c, long p, mpchar_export_choice *ch,
                     mpchar_error *err)
{
    memset(ch, 0, sizeof *ch);
    ch->p = p;
    for (size_t i = 0; i < c->count; i++) {
        const mpchar_pfit *f = fit_at(c->e[i], p);
        if (f && f->n_max_bytes > ch->n_max_bytes)
            ch->n_max_bytes = f->n_max_bytes;
    }
    int w;
    if (winner(c, p, 0.0, &w, err) != 0 || add_region(ch, 0.0, c->a[w], err))
        return -1;
    for (double lo = 0.0, hi = 1.0; lo < ch->n_max_bytes;
         lo = hi, hi = fmin(hi * 2.0, ch->n_max_bytes)) {
        int w_hi;
        if (winner(c, p, hi, &w_hi, err) != 0)
            return -1;
        while (w_hi != w) { /* one or more switches in (lo, hi] */
            double at;
            if (find_switch(c, p, lo, hi, w, &at, &w, err) != 0 ||
                add_region(ch, at, c->a[w], err) != 0)
                return -1;
            lo = at;
        }
    }
    return 0;
}

/* The p at which any candidate was fitted, increasing; more than max
 * distinct p is refused rather than exported in part. */
static int collect_ps(const candidates *c, long *ps, size_t max,
                      size_t *count_p, mpchar_error *err)
{
    size_t n = 0;
    for (size_t i = 0; i < c->count; i++)
        for (size_t k = 0; k < c->e[i]->nfits; k++) {
            long p = c->e[i]->fits[k].p;
            size_t j = 0;
            while (j < n && ps[j] < p)
                j++;
            if (j < n && ps[j] == p)
                continue;
            if (n == max)
                return mpchar_error_set(err,
                                        "%s: fitted at more than %zu process "
                                        "counts, the most an export takes",
                                        c->e[i]->pattern, max);
            memmove(ps + j + 1, ps + j, (n - j) * sizeof *ps);
            ps[j] = p;
            n++;
        }
    *count_p = n;
    return 0;
}

int mpchar_export_choose(const mpchar_model *model, const char *base,
                         const char *pattern, mpchar_export_choice *out,
                         size_t max, size_t *count_p, mpchar_error *err)
{
    candidates c;
    long ps[MPCHAR_EXPORT_PS_MAX];
    if (find_candidates(model, base, pattern, &c, err) != 0)
        return -1;
    size_t nps = 0, count = 0;
    if (collect_ps(&c, ps, MPCHAR_EXPORT_PS_MAX, &nps, err) != 0)
        return -1;
    for (size_t i = 0; i < nps && count < max; i++) {
        int w;
        if (winner(&c, ps[i], 0.0, &w, err) != 0)
            return -1;
        if (w < 0)
            continue; /* nothing fitted at this p */
        if (choose_at(&c, ps[i], &out[count], err) != 0)
            return -1;
        count++;
    }
    *count_p = count;
    return 0;
}
