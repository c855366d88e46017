/* Series: the plan's points of one pattern, variant, op and p, which the
 * plan keeps contiguous, and the fitting times measured for them.
 *
 * Refinement (refine.c) decides from a series' fitting times, so rank 0
 * keeps every fitting time it measures, and the plan loads those of
 * earlier launches from the results directory (plan.c), failed points
 * included as NAN: a resumed run replays the same decisions.  Those are
 * first-round decisions (sweep.c), while rows hold every round: the sizes
 * refinement added are therefore those of the samples, not of a replay,
 * and a series whose grid is measured is complete, whatever a replay from
 * its rows would ask for. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

static bool same_series(const bench_point *a, const bench_point *b)
{
    return a->pattern == b->pattern && a->key.p == b->key.p &&
           strcmp(a->key.variant, b->key.variant) == 0 &&
           strcmp(a->key.op, b->key.op) == 0;
}

static bool sample_of(const bench_sample *s, const mpchar_point_key *k)
{
    return s->key.p == k->p && strcmp(s->key.pattern, k->pattern) == 0 &&
           strcmp(s->key.variant, k->variant) == 0 &&
           strcmp(s->key.op, k->op) == 0 &&
           strcmp(s->key.library, k->library) == 0 &&
           strcmp(s->key.datatype, k->datatype) == 0 &&
           strcmp(mpchar_key_placement(&s->key), mpchar_key_placement(k)) == 0;
}

size_t bench_series_end(const bench_plan *plan, size_t first)
{
    size_t end = first + 1;
    while (end < plan->count &&
           same_series(&plan->points[first], &plan->points[end]))
        end++;
    return end;
}

int bench_series_add_sample(bench_plan *plan, const mpchar_point_key *key,
                            double t_us, bool oversubscribed, mpchar_error *err)
{
    if (key->set != MPCHAR_SET_FIT)
        return 0;
    for (size_t i = plan->nsamples; i-- > 0;) {
        bench_sample *s = &plan->samples[i];
        if (s->key.n_bytes == key->n_bytes && sample_of(s, key)) {
            s->t_us = t_us;
            s->oversubscribed = oversubscribed;
            return 0;
        }
    }
    bench_sample *grown = mpchar_grow(plan->samples, &plan->samples_cap,
                                      plan->nsamples + 1, sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory for fitting times");
    plan->samples = grown;
    plan->samples[plan->nsamples++] =
        (bench_sample){*key, t_us, oversubscribed};
    return 0;
}

bool bench_series_complete(const bench_plan *plan, size_t first, size_t end)
{
    for (size_t i = first; i < end; i++)
        if (!plan->points[i].skip)
            return false;
    return true;
}

bool bench_series_oversubscribed(const bench_plan *plan, size_t first)
{
    const mpchar_point_key *k = &plan->points[first].key;
    for (size_t i = 0; i < plan->nsamples; i++)
        if (sample_of(&plan->samples[i], k) && plan->samples[i].oversubscribed)
            return true;
    return false;
}

typedef struct series_lookup {
    const bench_plan *plan;
    const mpchar_point_key *key;
} series_lookup;

static bool lookup_time(void *ctx, uint64_t n_bytes, double *t_us_p)
{
    const series_lookup *l = ctx;
    for (size_t i = l->plan->nsamples; i-- > 0;) {
        const bench_sample *s = &l->plan->samples[i];
        if (s->key.n_bytes == n_bytes && sample_of(s, l->key)) {
            *t_us_p = s->t_us;
            return true;
        }
    }
    return false;
}

void bench_series_refinement(const bench_plan *plan, size_t first, size_t end,
                             const bench_refine_params *rp,
                             bench_refinement *out)
{
    uint64_t grid[BENCH_REFINE_GRID_MAX];
    size_t ngrid = 0;
    for (size_t i = first; i < end && ngrid < BENCH_REFINE_GRID_MAX; i++)
        if (plan->points[i].key.set == MPCHAR_SET_FIT)
            grid[ngrid++] = plan->points[i].key.n_bytes;
    const bench_point *head = &plan->points[first];
    series_lookup l = {plan, &head->key};
    bench_refine_replay(rp, head->pattern, head->key.datatype, head->key.p,
                        grid, ngrid, lookup_time, &l, out);
}

static bool in_grid(const bench_plan *plan, size_t first, size_t end,
                    uint64_t n_bytes)
{
    for (size_t i = first; i < end; i++)
        if (plan->points[i].key.set == MPCHAR_SET_FIT &&
            plan->points[i].key.n_bytes == n_bytes)
            return true;
    return false;
}

void bench_series_each_added(const bench_plan *plan, size_t first, size_t end,
                             bench_size_fn fn, void *ctx)
{
    const mpchar_point_key *k = &plan->points[first].key;
    for (size_t i = 0; i < plan->nsamples; i++) {
        const bench_sample *s = &plan->samples[i];
        if (sample_of(s, k) && !in_grid(plan, first, end, s->key.n_bytes))
            fn(ctx, s->key.n_bytes);
    }
}

void bench_series_point(const bench_plan *plan, size_t first,
                        uint64_t n_requested, bench_point *pt_p)
{
    *pt_p = plan->points[first];
    pt_p->skip = false;
    pt_p->key.set = MPCHAR_SET_FIT;
    pt_p->n_requested = n_requested;
    pt_p->key.n_bytes =
        bench_pattern_bytes(pt_p->pattern, pt_p->key.datatype, n_requested,
                            (int)pt_p->key.p, &pt_p->count);
}

int bench_series_mark(const bench_plan *plan, size_t first,
                      bench_series_samples *out, mpchar_error *err)
{
    const mpchar_point_key *k = &plan->points[first].key;
    out->count = 0;
    out->items = NULL;
    for (size_t i = 0; i < plan->nsamples; i++)
        out->count += sample_of(&plan->samples[i], k);
    if (out->count == 0)
        return 0;
    out->items = malloc(out->count * sizeof *out->items);
    if (!out->items)
        return mpchar_error_set(err, "out of memory for fitting times");
    size_t j = 0;
    for (size_t i = 0; i < plan->nsamples; i++)
        if (sample_of(&plan->samples[i], k))
            out->items[j++] = plan->samples[i];
    return 0;
}

void bench_series_rewind(bench_plan *plan, size_t first,
                         const bench_series_samples *mark)
{
    const mpchar_point_key *k = &plan->points[first].key;
    size_t kept = 0;
    for (size_t i = 0; i < plan->nsamples; i++)
        if (!sample_of(&plan->samples[i], k))
            plan->samples[kept++] = plan->samples[i];
    /* The mark's samples were in the plan: there is room for them. */
    for (size_t i = 0; i < mark->count; i++)
        plan->samples[kept++] = mark->items[i];
    plan->nsamples = kept;
}
