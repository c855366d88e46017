/* Section 2, point-to-point (seed 000 Figures 1-2, seed 001 Table 1, seed
 * 002): for every library, pattern and variant, latency against n
 * (log-log) and bandwidth against n (log n) with the measured points, the
 * Hockney, t_i and piecewise curves and the detected protocol switches;
 * the seed-001 and seed-002 tables; stream against pingpong bandwidth (the
 * inter-message pipelining gain); and Send against Ssend, Bsend, Rsend and
 * Isend. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

static const mpchar__style family_style[MPCHAR_FAMILY_COUNT] = {
    [MPCHAR_FAMILY_HOCKNEY] = MPCHAR__DASHED,
    [MPCHAR_FAMILY_TI] = MPCHAR__DOTTED,
    [MPCHAR_FAMILY_HOCKNEY_T0] = MPCHAR__DASHED,
    [MPCHAR_FAMILY_PIECEWISE] = MPCHAR__LINE,
};

static const char *const family_label[MPCHAR_FAMILY_COUNT] = {
    [MPCHAR_FAMILY_HOCKNEY] = "Hockney",
    [MPCHAR_FAMILY_TI] = "t_i model",
    [MPCHAR_FAMILY_HOCKNEY_T0] = "Hockney, ts = t0 (seed 000)",
    [MPCHAR_FAMILY_PIECEWISE] = "piecewise",
};

/* The p of a point-to-point entry: 2, else its first fit or row. */
static long p2p_p(const mpchar__report *r, const mpchar_entry *e)
{
    if (mpchar__fit_at(e, 2))
        return 2;
    if (e->nfits)
        return e->fits[0].p;
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_point_key *k = &r->meas.rows[i].key;
        if (!strcmp(k->library, e->library) &&
            !strcmp(k->pattern, e->pattern) && !strcmp(k->variant, e->variant))
            return k->p;
    }
    return 2;
}

static void switches_text(const mpchar_pfit *f, char *buf, size_t len)
{
    size_t pos = 0;
    buf[0] = '\0';
    for (int k = 1; f && f->ok[MPCHAR_FAMILY_PIECEWISE] && k < f->pw.count; k++)
        pos += (size_t)snprintf(buf + pos, len - pos, "%s%.0f",
                                k > 1 ? ", " : "", f->pw.seg[k].n_lo_bytes);
}

static void entry_plot(mpchar__report *r, const mpchar_entry *e, long p,
                       bool bw)
{
    char id[96], name[96], sw[96];
    const mpchar_pfit *fit = mpchar__fit_at(e, p);
    mpchar__entry_id(e, true, name, sizeof name);
    snprintf(id, sizeof id, "p2p-%s-%s", bw ? "bw" : "lat", name);
    mpchar__entry_name(e, name, sizeof name);
    bool over = fit ? fit->oversubscribed : false;
    mpchar__plot_add(
        &r->plots, id, "n (bytes)", bw ? "bandwidth n/T (MB/s)" : "T (us)",
        true, !bw, "%s %s, p = %ld: %s%s", e->library, name, p,
        bw ? "bandwidth" : "latency", over ? " (oversubscribed)" : "");
    mpchar__measured_series(r, e, p, mpchar__library_color(r, e->library), "",
                            bw);
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++)
        mpchar__model_series(r, e, p, (mpchar_family)f,
                             mpchar__color_family((mpchar_family)f),
                             family_style[f], family_label[f], bw);
    for (int k = 1;
         fit && fit->ok[MPCHAR_FAMILY_PIECEWISE] && k < fit->pw.count; k++)
        mpchar__mark_add(&r->plots, fit->pw.seg[k].n_lo_bytes);
    switches_text(fit, sw, sizeof sw);
    mpchar__figure(r,
                   "%s of %s %s at p = %ld against message length: "
                   "measured times (circles: fitting sizes, triangles: "
                   "validation sizes; hollow: oversubscribed), Hockney "
                   "(dashed), t_i (dotted) and piecewise (solid) models%s%s%s.",
                   bw ? "Bandwidth" : "Latency", e->library, name, p,
                   sw[0] ? "; vertical lines: protocol switches at " : "", sw,
                   sw[0] ? " bytes" : "");
}

static void entry_section(mpchar__report *r, const mpchar_entry *e)
{
    char name[96];
    long p = p2p_p(r, e);
    const mpchar_pfit *fit = mpchar__fit_at(e, p);
    mpchar__entry_name(e, name, sizeof name);
    mpchar__doc_heading(&r->doc, 2, NULL, "%s %s", e->library, name);
    if (!fit)
        mpchar__doc_note(&r->doc, "No model for %s %s: %s", e->library, name,
                         e->note[0] ? e->note : "nothing fitted");
    else if (fit->ok[MPCHAR_FAMILY_TI])
        mpchar__doc_para(&r->doc, "T(0) = %.4g us (not on the log axis).",
                         fit->ti.t0_us);
    entry_plot(r, e, p, false);
    entry_plot(r, e, p, true);
}

/* The library's entry of pattern (and variant, unless NULL) in the
 * pattern's own datatype (byte). */
static const mpchar_entry *find(const mpchar__report *r, const char *library,
                                const char *pattern, const char *variant)
{
    for (size_t i = 0; i < r->model.nentries; i++) {
        const mpchar_entry *e = &r->model.entries[i];
        if (!strcmp(e->library, library) && !strcmp(e->pattern, pattern) &&
            (!variant || !strcmp(e->variant, variant)) &&
            !strcmp(e->datatype, mpchar_pattern_datatype(pattern)))
            return e;
    }
    return NULL;
}

static void pipelining(mpchar__report *r)
{
    bool any = false;
    for (size_t l = 0; l < r->nlibs && !any; l++)
        any = find(r, r->libs[l].name, "pingpong", "send") &&
              find(r, r->libs[l].name, "stream", NULL);
    if (!any)
        return;
    mpchar__doc_heading(&r->doc, 2, NULL, "Inter-message pipelining");
    mpchar__plot_add(&r->plots, "p2p-pipelining", "n (bytes)",
                     "bandwidth n/T (MB/s)", true, false,
                     "stream against pingpong bandwidth (best models)");
    for (size_t l = 0; l < r->nlibs; l++) {
        const mpchar_entry *pp = find(r, r->libs[l].name, "pingpong", "send");
        const mpchar_entry *st = find(r, r->libs[l].name, "stream", NULL);
        const char *rgb = mpchar__library_color(r, r->libs[l].name);
        char label[64];
        if (!pp || !st)
            continue;
        snprintf(label, sizeof label, "%s stream", r->libs[l].name);
        mpchar__model_series(r, st, 2, MPCHAR_FAMILY_BEST, rgb, MPCHAR__LINE,
                             label, true);
        snprintf(label, sizeof label, "%s pingpong", r->libs[l].name);
        mpchar__model_series(r, pp, 2, MPCHAR_FAMILY_BEST, rgb, MPCHAR__DASHED,
                             label, true);
    }
    mpchar__figure(r, "Bandwidth of back-to-back messages (stream, solid) "
                      "against one message at a time (pingpong, dashed), from "
                      "each library's best models at p = 2; their ratio is "
                      "the pipelining gain of seed 002 (table below).");
}

int mpchar__section_p2p(mpchar__report *r, mpchar_error *err)
{
    mpchar__doc_para(&r->doc,
                     "Times are the %s over repetitions of one "
                     "operation (docs/timing.md), in microseconds; "
                     "bandwidth is n/T in MB/s (10^6 bytes/s).",
                     mpchar_fit_stat_word(r->model.opt.stat));
    for (size_t i = 0; i < r->p2p.n; i++)
        entry_section(r, r->p2p.v[i]);
    int rc = mpchar__model_table(r, MPCHAR_TABLE_P2P, err);
    if (rc == 0)
        rc = mpchar__model_table(r, MPCHAR_TABLE_SHORT_LONG, err);
    pipelining(r);
    if (rc == 0)
        rc = mpchar__model_table(r, MPCHAR_TABLE_GAIN, err);
    if (rc == 0)
        mpchar__send_modes(r);
    if (rc == 0)
        mpchar__seed003_table(r);
    if (rc == 0)
        mpchar__process_times_table(r);
    return rc;
}
