/* LogGP parameters (Alexandrov, Ionescu, Schauser and Scheiman 1995:
 * latency L, overhead o, gap g, gap per byte G) from a library's
 * point-to-point models at p = 2, and `mpchar export --format loggp`.  The derivation (docs/export.md):
 * pingpong's one-way time is L + 2o + (n-1)G, stream's time per message
 * at small n is max(o, g); a shared-memory library's sender is the CPU
 * that moves the data, so o = g (the upper bound), L = one-way start-up
 * - 2o (0 when that is negative: then o and g overlap the latency), and G
 * is the per-byte time of pingpong's last (largest-size) segment. */
#include <math.h>
#include <string.h>

#include "export_internal.h"

static const mpchar_entry *find_p2p(const mpchar_model *model,
                                    const char *library, const char *pattern)
{
    const mpchar_entry *any = NULL;
    for (size_t i = 0; i < model->nentries; i++) {
        const mpchar_entry *e = &model->entries[i];
        if (strcmp(e->library, library) != 0 ||
            strcmp(e->pattern, pattern) != 0)
            continue;
        if (strcmp(e->variant, "send") == 0)
            return e; /* the plain send of the pingpong variants */
        if (!any)
            any = e;
    }
    return any;
}

static const mpchar_pfit *fit_p2(const mpchar_entry *e)
{
    for (size_t i = 0; e && i < e->nfits; i++)
        if (e->fits[i].p == 2 && e->fits[i].best >= 0)
            return &e->fits[i];
    return NULL;
}

/* The only library with a pingpong entry, when none is named. */
static int only_library(const mpchar_model *model, const char **lib_p,
                        mpchar_error *err)
{
    *lib_p = NULL;
    for (size_t i = 0; i < model->nentries; i++) {
        const mpchar_entry *e = &model->entries[i];
        if (strcmp(e->pattern, "pingpong") != 0 ||
            (*lib_p && strcmp(*lib_p, e->library) == 0))
            continue;
        if (*lib_p)
            return mpchar_error_set(err,
                                    "the model has pingpong for %s and "
                                    "%s: choose one with --library",
                                    *lib_p, e->library);
        *lib_p = e->library;
    }
    if (!*lib_p)
        return mpchar_error_set(err, "the model has no pingpong entry");
    return 0;
}

int mpchar_export_p2p(const mpchar_model *model, const char *base,
                      const mpchar_pfit **pingpong_p,
                      const mpchar_pfit **stream_p, const char **library_p,
                      mpchar_error *err)
{
    if (!base && only_library(model, &base, err) != 0)
        return -1;
    *library_p = base;
    *pingpong_p = fit_p2(find_p2p(model, base, "pingpong"));
    *stream_p = fit_p2(find_p2p(model, base, "stream"));
    if (!*pingpong_p || !*stream_p)
        return mpchar_error_set(err,
                                "library %s: the model has no fitted %s "
                                "at p = 2 (measure --patterns "
                                "pingpong,stream)",
                                base, *pingpong_p ? "stream" : "pingpong");
    return 0;
}

/* The start-up of the first segment and the per-byte time of the last:
 * piecewise where it was fitted, else Hockney. */
static void ends(const mpchar_pfit *f, double *ts_us, double *tb_us_per_byte)
{
    if (f->ok[MPCHAR_FAMILY_PIECEWISE]) {
        *ts_us = f->pw.seg[0].ts_us;
        *tb_us_per_byte = f->pw.seg[f->pw.count - 1].tb_us_per_byte;
    } else {
        *ts_us = f->hockney.ts_us;
        *tb_us_per_byte = f->hockney.tb_us_per_byte;
    }
}

int mpchar_loggp_derive(const mpchar_pfit *pingpong, const mpchar_pfit *stream,
                        mpchar_loggp *out, mpchar_error *err)
{
    double stream_tb;
    ends(pingpong, &out->one_way_us, &out->G_us_per_byte);
    ends(stream, &out->g_us, &stream_tb);
    if (!(out->g_us > 0.0) || !(out->one_way_us > 0.0) ||
        !(out->G_us_per_byte > 0.0))
        return mpchar_error_set(err, "the point-to-point fits give a "
                                     "start-up or per-byte time <= 0: no "
                                     "LogGP parameters");
    out->o_us = out->g_us;
    out->L_us = fmax(0.0, out->one_way_us - 2.0 * out->o_us);
    return 0;
}

int mpchar__export_loggp(const mpchar_model *model, const char *library,
                         FILE *out, mpchar_error *err)
{
    const mpchar_pfit *pp, *st;
    mpchar_loggp lg = {0}; /* gcc -O3 cannot see that derive sets it */
    if (mpchar_export_p2p(model, library, &pp, &st, &library, err) != 0 ||
        mpchar_loggp_derive(pp, st, &lg, err) != 0)
        return -1;
    fprintf(out,
            "# LogGP of %s from %s (docs/export.md): pingpong one-way "
            "start-up %.6g us = L + 2o\n",
            library, model->source, lg.one_way_us);
    fprintf(out, "L_us=%.6g\no_us=%.6g\ng_us=%.6g\nG_us_per_byte=%.6g\n",
            lg.L_us, lg.o_us, lg.g_us, lg.G_us_per_byte);
    fprintf(out, "# LogGOPSim (nanoseconds): -L %.0f -o %.0f -g %.0f -G %.6g\n",
            lg.L_us * 1e3, lg.o_us * 1e3, lg.g_us * 1e3,
            lg.G_us_per_byte * 1e3);
    return 0;
}
