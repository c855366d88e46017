/* Metrics derived from model parameters (seed 000 Section 3, seed 001
 * Section 2.1): asymptotic bandwidth Bw_as = 1/tb, start-up throughput
 * pi0 = 1/t0, half-peak length n_1/2 = t0/tb; for collectives the
 * aggregated metrics f(p)*Bw_as(p) and f(p)*pi0(p) with the aggregation
 * factor f(p) of seed 000 or seed 001 (mpchar/patterns.h), their peaks
 * over p, and n_1/2^mag, the least n_1/2(p). */
#include <math.h>
#include <string.h>

#include "model_internal.h"

void mpchar_metrics_compute(double t0_us, double tb_us_per_byte,
                            mpchar_metrics *out)
{
    out->bw_as_MB_per_s = tb_us_per_byte > 0.0 ? 1.0 / tb_us_per_byte : NAN;
    out->pi0_per_s = t0_us > 0.0 ? 1e6 / t0_us : NAN;
    out->n_half_bytes =
        t0_us > 0.0 && tb_us_per_byte > 0.0 ? t0_us / tb_us_per_byte : NAN;
}

mpchar_family mpchar_entry_table_family(const mpchar_entry *e)
{
    return e->pf.ok[MPCHAR_FAMILY_TI] ? MPCHAR_FAMILY_TI
                                      : MPCHAR_FAMILY_HOCKNEY;
}

/* The aggregated metrics of t0 and tb at p. */
static void aggregate(const char *pattern, long p, mpchar_agg_scheme scheme,
                      double t0_us, double tb_us_per_byte,
                      mpchar_aggregated *ag)
{
    ag->p = p;
    ag->factor = mpchar_aggregation_factor_in(pattern, p, scheme);
    mpchar_metrics_compute(t0_us, tb_us_per_byte, &ag->one);
    ag->bw_as_ag_MB_per_s = ag->factor * ag->one.bw_as_MB_per_s;
    ag->pi0_ag_per_s = ag->factor * ag->one.pi0_per_s;
}

int mpchar_entry_aggregated(const mpchar_entry *e, mpchar_family f, long p,
                            mpchar_agg_scheme scheme, mpchar_aggregated *out,
                            mpchar_error *err)
{
    double t0, tb;
    if (mpchar_entry_t0_tb(e, f, p, &t0, &tb, err) != 0)
        return -1;
    aggregate(e->pattern, p, scheme, t0, tb, out);
    return 0;
}

/* Takes the aggregated metrics of one p into the peaks. */
static void peak_update(mpchar_peaks *pk, const mpchar_aggregated *ag)
{
    if (isfinite(ag->pi0_ag_per_s) &&
        (isnan(pk->pi0_pag_per_s) || ag->pi0_ag_per_s > pk->pi0_pag_per_s)) {
        pk->pi0_pag_per_s = ag->pi0_ag_per_s;
        pk->pi0_pag_p = ag->p;
    }
    if (isfinite(ag->bw_as_ag_MB_per_s) &&
        (isnan(pk->bw_pag_MB_per_s) ||
         ag->bw_as_ag_MB_per_s > pk->bw_pag_MB_per_s)) {
        pk->bw_pag_MB_per_s = ag->bw_as_ag_MB_per_s;
        pk->bw_pag_p = ag->p;
    }
    double nh = ag->one.n_half_bytes;
    if (isfinite(nh) &&
        (isnan(pk->n_half_mag_bytes) || nh < pk->n_half_mag_bytes)) {
        pk->n_half_mag_bytes = nh;
        pk->n_half_mag_p = ag->p;
    }
}

static const mpchar_peaks NO_PEAKS = {NAN, NAN, 0, 0, NAN, 0};

int mpchar_entry_peaks(const mpchar_entry *e, mpchar_family f, const long *ps,
                       size_t nps, mpchar_agg_scheme scheme, mpchar_peaks *out,
                       mpchar_error *err)
{
    mpchar_peaks pk = NO_PEAKS;
    size_t count = ps ? nps : e->nfits;
    for (size_t i = 0; i < count; i++) {
        long p = ps ? ps[i] : e->fits[i].p;
        mpchar_aggregated ag;
        if (mpchar_entry_aggregated(e, f, p, scheme, &ag, err) != 0) {
            if (!ps)
                continue; /* a p whose family did not fit */
            return -1;
        }
        peak_update(&pk, &ag);
    }
    *out = pk;
    return 0;
}

int mpchar_entry_pform_peaks(const mpchar_entry *e, mpchar_family f,
                             mpchar_agg_scheme scheme, mpchar_peaks *out,
                             mpchar_error *err)
{
    if (f < 0 || f >= MPCHAR_FAMILY_COUNT || !e->pf.ok[f])
        return mpchar_error_set(err, "%s %s: no %s p-forms", e->library,
                                e->pattern, mpchar_family_name(f));
    const mpchar__family_ops *o = &mpchar__families[f];
    const mpchar_pform *t0 =
        mpchar__param_pform_const(f, &e->pf, o->startup, 0);
    int last = mpchar__pform_segments(f, &e->pf) - 1;
    const mpchar_pform *tb =
        mpchar__param_pform_const(f, &e->pf, o->per_byte, last);
    mpchar_peaks pk = NO_PEAKS;
    for (long p = t0->p_min; p <= t0->p_max; p++) {
        double a, b;
        if (mpchar_pform_eval(t0, (double)p, &a, err) != 0 ||
            mpchar_pform_eval(tb, (double)p, &b, err) != 0)
            return -1;
        mpchar_aggregated ag;
        aggregate(e->pattern, p, scheme, a, b, &ag);
        peak_update(&pk, &ag);
    }
    *out = pk;
    return 0;
}

int mpchar_pipelining_gain(const mpchar_model *model, const char *library,
                           double n_bytes, double *gain_p, mpchar_error *err)
{
    const mpchar_entry *pp = NULL, *st = NULL;
    for (size_t i = 0; i < model->nentries; i++) {
        const mpchar_entry *e = &model->entries[i];
        if (strcmp(e->library, library) != 0)
            continue;
        if (!strcmp(e->pattern, "pingpong") &&
            (!pp || !strcmp(e->variant, "send")))
            pp = e;
        if (!strcmp(e->pattern, "stream") && !st)
            st = e;
    }
    if (!pp || !st)
        return mpchar_error_set(err,
                                "%s: pipelining gain needs pingpong and "
                                "stream models",
                                library);
    mpchar_prediction a, b;
    if (mpchar_entry_predict(pp, MPCHAR_FAMILY_BEST, n_bytes, 2, &a, err) ||
        mpchar_entry_predict(st, MPCHAR_FAMILY_BEST, n_bytes, 2, &b, err))
        return -1;
    if (!(b.t_us > 0.0) || !(a.t_us > 0.0))
        return mpchar_error_set(err,
                                "%s: pipelining gain undefined at n = %g "
                                "(non-positive predicted time)",
                                library, n_bytes);
    *gain_p = a.t_us / b.t_us;
    return 0;
}
