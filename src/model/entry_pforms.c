/* The p-forms of an entry: every parameter of every family, fitted across
 * the p at which that family could be fitted.  Piecewise parameters get
 * p-forms only when every p has the same number of segments (segment k is
 * then the same protocol at every p); otherwise the piecewise model is
 * available at the measured p only, and the entry's note says so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_internal.h"

typedef double (*getter)(const mpchar_pfit *f, int k);

static double g_hts(const mpchar_pfit *f, int k)
{
    (void)k;
    return f->hockney.ts_us;
}
static double g_htb(const mpchar_pfit *f, int k)
{
    (void)k;
    return f->hockney.tb_us_per_byte;
}
static double g_t0(const mpchar_pfit *f, int k)
{
    (void)k;
    return f->ti.t0_us;
}
static double g_ti(const mpchar_pfit *f, int k)
{
    (void)k;
    return f->ti.ti_us;
}
static double g_ttb(const mpchar_pfit *f, int k)
{
    (void)k;
    return f->ti.tb_us_per_byte;
}
static double g_sts(const mpchar_pfit *f, int k)
{
    return f->pw.seg[k].ts_us;
}
static double g_stb(const mpchar_pfit *f, int k)
{
    return f->pw.seg[k].tb_us_per_byte;
}
static double g_brk(const mpchar_pfit *f, int k)
{
    return f->pw.seg[k].n_lo_bytes;
}

static int fit_param(const mpchar_entry *e, int fam, getter get, int k,
                     mpchar_pform *out, long *ps, double *ys)
{
    size_t n = 0;
    for (size_t i = 0; i < e->nfits; i++) {
        if (!e->fits[i].ok[fam])
            continue;
        ps[n] = e->fits[i].p;
        ys[n++] = get(&e->fits[i], k);
    }
    return n ? mpchar_pform_fit(ps, ys, n, out, NULL) : -1;
}

static void append_note(mpchar_entry *e, const char *text)
{
    size_t len = strlen(e->note);
    snprintf(e->note + len, sizeof e->note - len, "%s%s", len ? "; " : "",
             text);
}

static int piecewise_pforms(mpchar_entry *e, long *ps, double *ys)
{
    int count = 0;
    for (size_t i = 0; i < e->nfits; i++) {
        const mpchar_pfit *f = &e->fits[i];
        if (!f->ok[MPCHAR_FAMILY_PIECEWISE])
            continue;
        if (count && f->pw.count != count) {
            append_note(e, "piecewise segment counts differ across p: "
                           "piecewise predictions only at measured p");
            return -1;
        }
        count = f->pw.count;
    }
    if (count == 0)
        return -1;
    e->pf.pw_count = count;
    for (int k = 0; k < count; k++) {
        if (fit_param(e, MPCHAR_FAMILY_PIECEWISE, g_sts, k, &e->pf.pw_ts[k], ps,
                      ys) ||
            fit_param(e, MPCHAR_FAMILY_PIECEWISE, g_stb, k, &e->pf.pw_tb[k], ps,
                      ys) ||
            (k > 0 && fit_param(e, MPCHAR_FAMILY_PIECEWISE, g_brk, k,
                                &e->pf.pw_break[k], ps, ys)))
            return -1;
    }
    return 0;
}

int mpchar__entry_pforms(mpchar_entry *e, mpchar_error *err)
{
    long *ps = malloc((e->nfits + 1) * sizeof *ps);
    double *ys = malloc((e->nfits + 1) * sizeof *ys);
    if (!ps || !ys) {
        free(ps);
        free(ys);
        return mpchar_error_set(err, "out of memory");
    }
    mpchar_pforms *pf = &e->pf;
    pf->ok[MPCHAR_FAMILY_HOCKNEY] =
        fit_param(e, MPCHAR_FAMILY_HOCKNEY, g_hts, 0, &pf->hockney_ts, ps,
                  ys) == 0 &&
        fit_param(e, MPCHAR_FAMILY_HOCKNEY, g_htb, 0, &pf->hockney_tb, ps,
                  ys) == 0;
    pf->ok[MPCHAR_FAMILY_TI] =
        fit_param(e, MPCHAR_FAMILY_TI, g_t0, 0, &pf->ti_t0, ps, ys) == 0 &&
        fit_param(e, MPCHAR_FAMILY_TI, g_ti, 0, &pf->ti_ti, ps, ys) == 0 &&
        fit_param(e, MPCHAR_FAMILY_TI, g_ttb, 0, &pf->ti_tb, ps, ys) == 0;
    pf->ok[MPCHAR_FAMILY_PIECEWISE] = piecewise_pforms(e, ps, ys) == 0;
    size_t fitted = 0;
    for (size_t i = 0; i < e->nfits; i++)
        fitted += e->fits[i].best >= 0;
    if (e->kind == MPCHAR_KIND_COLLECTIVE && fitted == 1) {
        char note[96];
        for (size_t i = 0; i < e->nfits; i++)
            if (e->fits[i].best >= 0)
                snprintf(note, sizeof note,
                         "single p = %ld: p-forms are "
                         "constants",
                         e->fits[i].p);
        append_note(e, note);
    }
    if (e->oversubscribed)
        append_note(e, "fitted on oversubscribed points");
    free(ps);
    free(ys);
    return 0;
}
