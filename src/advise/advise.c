/* The advised regions of one comparison: at each p, the intervals of n
 * where the substitute's predicted time (the sum of its components') is
 * below the primitive's, solved by crossover.c, each with its example
 * size, predicted gain and whether it rests on extrapolation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "advise_internal.h"

#define REGIONS_MAX 16

typedef struct at_p {
    const mpchar__candidate *c;
    long p;
    double n_max_bytes;
} at_p;

static int predict(const mpchar_entry *e, double n, long p,
                   mpchar_prediction *r, mpchar_error *err)
{
    if (mpchar_entry_predict(e, MPCHAR_FAMILY_BEST, n, p, r, err) != 0)
        return mpchar_error_prefix(err, "%s %s at p = %ld", e->library,
                                   e->pattern, p);
    return 0;
}

/* T_substitute(n) and T_primitive(n); *extra_p is set when a prediction
 * extrapolates. */
static int times(const at_p *a, double n, double *sub_us, double *prim_us,
                 bool *extra_p, mpchar_error *err)
{
    mpchar_prediction r;
    bool extra = false;
    *sub_us = 0.0;
    for (size_t k = 0; k < a->c->ncomp; k++) {
        if (predict(a->c->comp[k], n * a->c->n_per_n[k], a->p, &r, err) != 0)
            return -1;
        *sub_us += r.t_us;
        extra = extra || r.extrapolated_n || r.extrapolated_p;
    }
    if (predict(a->c->primitive, n, a->p, &r, err) != 0)
        return -1;
    *prim_us = r.t_us;
    if (extra_p)
        *extra_p = extra || r.extrapolated_n || r.extrapolated_p;
    return 0;
}

static int difference(double n, void *ctx, double *d_us_p, mpchar_error *err)
{
    double sub, prim;
    if (times(ctx, n, &sub, &prim, NULL, err) != 0)
        return -1;
    *d_us_p = sub - prim;
    return 0;
}

/* The largest n the primitive was measured at for p (over every p when
 * p was not measured). */
static double measured_max(const mpchar_entry *e, long p)
{
    double any = 0.0;
    for (size_t i = 0; i < e->nfits; i++) {
        if (e->fits[i].p == p)
            return e->fits[i].n_max_bytes;
        if (e->fits[i].n_max_bytes > any)
            any = e->fits[i].n_max_bytes;
    }
    return any;
}

static int push(mpchar_advice_list *l, const mpchar_advice *a,
                mpchar_error *err)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 16;
        mpchar_advice *g = realloc(l->items, cap * sizeof *g);
        if (!g)
            return mpchar_error_set(err, "out of memory");
        l->items = g;
        l->cap = cap;
    }
    l->items[l->count++] = *a;
    return 0;
}

/* The region's example size: its geometric centre (from 1 byte when it
 * starts at 0), or its middle when it lies below one byte. */
static double example_of(double lo, double hi)
{
    double from = lo > 1.0 ? lo : 1.0;
    return hi > from ? sqrt(from * hi) : 0.5 * (lo + hi);
}

typedef struct walk {
    const mpchar_advise_options *opt;
    mpchar_advice_list *l;
} walk;

static int add_region(const at_p *a, double lo, double hi, walk *w,
                      mpchar_error *err)
{
    mpchar_advice v;
    bool extra_lo, extra_hi;
    double sub, prim;
    memset(&v, 0, sizeof v);
    memcpy(v.library, a->c->library, sizeof v.library);
    memcpy(v.primitive, a->c->primitive->pattern, sizeof v.primitive);
    memcpy(v.substitute, a->c->substitute, sizeof v.substitute);
    memcpy(v.text, a->c->text, sizeof v.text);
    v.p = a->p;
    v.n_from_bytes = lo;
    v.n_to_bytes = hi;
    v.n_max_bytes = a->n_max_bytes;
    v.n_example_bytes = example_of(lo, hi);
    if (times(a, lo, &sub, &prim, &extra_lo, err) != 0 ||
        times(a, hi, &sub, &prim, &extra_hi, err) != 0 ||
        times(a, v.n_example_bytes, &sub, &prim, NULL, err) != 0)
        return -1;
    v.t_substitute_us = sub;
    v.t_primitive_us = prim;
    v.predicted_gain = prim > 0.0 ? 1.0 - sub / prim : 0.0;
    v.extrapolated = extra_lo || extra_hi;
    if (v.predicted_gain < w->opt->min_gain) {
        w->l->below_min_gain++;
        return 0;
    }
    return push(w->l, &v, err);
}

static int advise_at(const mpchar__candidate *c, long p, walk *w,
                     mpchar_error *err)
{
    double lo[REGIONS_MAX], hi[REGIONS_MAX];
    size_t n;
    double n_max = w->opt->max_bytes > 0.0 ? w->opt->max_bytes
                                           : measured_max(c->primitive, p);
    at_p a = {c, p, n_max};
    mpchar_error why;
    if (mpchar_negative_intervals(difference, &a, n_max, lo, hi, REGIONS_MAX,
                                  &n, &why) != 0) {
        mpchar__advice_note(w->l, "%s: %s = %s not compared at p = %ld: %s",
                            c->library, c->primitive->pattern, c->text, p,
                            why.msg);
        return 0;
    }
    w->l->compared++;
    for (size_t i = 0; i < n; i++)
        if (add_region(&a, lo[i], hi[i], w, err) != 0)
            return -1;
    return 0;
}

static int advise_candidate(const mpchar__candidate *c, void *ctx,
                            mpchar_error *err)
{
    walk *w = ctx;
    const mpchar_entry *e = c->primitive;
    size_t count = w->opt->ps ? w->opt->nps : e->nfits;
    for (size_t i = 0; i < count; i++) {
        long p = w->opt->ps ? w->opt->ps[i] : e->fits[i].p;
        if (advise_at(c, p, w, err) != 0)
            return -1;
    }
    return 0;
}

int mpchar_advise(const mpchar_model *model, const mpchar_advise_options *opt,
                  mpchar_advice_list *out, mpchar_error *err)
{
    memset(out, 0, sizeof *out);
    if (mpchar__check_filters(model, opt, err) != 0)
        return -1;
    walk w = {opt, out};
    if (mpchar__each_candidate(model, opt, advise_candidate, &w, out, err) !=
        0) {
        mpchar_advice_list_free(out);
        return -1;
    }
    if (out->compared == 0) {
        mpchar_error_set(err, "nothing to compare: %s",
                         out->nnotes ? out->notes[0].text
                                     : "the model has no primitive of the "
                                       "equivalence table");
        mpchar_advice_list_free(out);
        return -1;
    }
    return 0;
}

void mpchar_advice_list_free(mpchar_advice_list *l)
{
    free(l->items);
    free(l->notes);
    memset(l, 0, sizeof *l);
}

int mpchar_advice_predict(const mpchar_model *model, const mpchar_advice *a,
                          double n_bytes, double *t_primitive_us_p,
                          double *t_substitute_us_p, mpchar_error *err)
{
    mpchar__candidate c;
    if (mpchar__candidate_of(model, a, &c, err) != 0)
        return -1;
    at_p at = {&c, a->p, a->n_max_bytes};
    return times(&at, n_bytes, t_substitute_us_p, t_primitive_us_p, NULL, err);
}
