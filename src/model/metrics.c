/* Metrics derived from model parameters (seed 000 Section 3, seed 001
 * Section 2.1): asymptotic bandwidth Bw_as = 1/tb, start-up throughput
 * pi0 = 1/t0, half-peak length n_1/2 = t0/tb; for collectives the
 * aggregated metrics f(p)*Bw_as(p) and f(p)*pi0(p) with the aggregation
 * factor f(p) of seed 000 (mpchar/patterns.h), their peaks over p, and n_1/2^mag, the least
 * n_1/2(p). */
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

int mpchar_entry_peaks(const mpchar_entry *e, mpchar_family f, const long *ps,
                       size_t nps, mpchar_peaks *out, mpchar_error *err)
{
    mpchar_peaks pk = {NAN, NAN, 0, 0, NAN, 0};
    size_t count = ps ? nps : e->nfits;
    for (size_t i = 0; i < count; i++) {
        long p = ps ? ps[i] : e->fits[i].p;
        double t0, tb;
        if (mpchar_entry_t0_tb(e, f, p, &t0, &tb, err) != 0) {
            if (!ps)
                continue; /* a p whose family did not fit */
            return -1;
        }
        double fp = mpchar_aggregation_factor(e->pattern, p);
        mpchar_metrics m;
        mpchar_metrics_compute(t0, tb, &m);
        if (isfinite(m.pi0_per_s) &&
            (isnan(pk.pi0_pag_per_s) || fp * m.pi0_per_s > pk.pi0_pag_per_s)) {
            pk.pi0_pag_per_s = fp * m.pi0_per_s;
            pk.pi0_pag_p = p;
        }
        if (isfinite(m.bw_as_MB_per_s) &&
            (isnan(pk.bw_pag_MB_per_s) ||
             fp * m.bw_as_MB_per_s > pk.bw_pag_MB_per_s)) {
            pk.bw_pag_MB_per_s = fp * m.bw_as_MB_per_s;
            pk.bw_pag_p = p;
        }
        if (isfinite(m.n_half_bytes) &&
            (isnan(pk.n_half_mag_bytes) ||
             m.n_half_bytes < pk.n_half_mag_bytes)) {
            pk.n_half_mag_bytes = m.n_half_bytes;
            pk.n_half_mag_p = p;
        }
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
