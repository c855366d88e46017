/* Part of section 2: MPI_Send against MPI_Ssend, Bsend, Rsend and Isend
 * (seed 001 Section 3.1) for every library that measured pingpong in more
 * than one send mode: one plot of the modes' best models and a table of
 * Hockney parameters and of each mode's time relative to Send at a few
 * sizes.  A ratio whose size lies outside the fitted sizes is marked with
 * a dagger and counted as an extrapolation. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

static const double sizes[] = {16, 1024, 16384, 65536};
#define NSIZES (sizeof sizes / sizeof sizes[0])

#define MAX_MODES 16

static size_t modes_of(const mpchar_entry **v, size_t n, const char *library,
                       const mpchar_entry **out)
{
    size_t count = 0;
    for (size_t i = 0; i < n && count < MAX_MODES; i++)
        if (!strcmp(v[i]->pattern, "pingpong") &&
            !strcmp(v[i]->library, library) &&
            !strcmp(v[i]->datatype, mpchar_pattern_datatype("pingpong")))
            out[count++] = v[i];
    return count;
}

static void modes_plot(mpchar__report *r, const char *library,
                       const mpchar_entry **modes, size_t count)
{
    char id[96];
    snprintf(id, sizeof id, "p2p-modes-%s", library);
    mpchar__plot_add(&r->plots, id, "n (bytes)", "T (us)", true, true,
                     "%s pingpong: send modes (best models, p = 2)", library);
    for (size_t i = 0; i < count; i++)
        mpchar__model_series(r, modes[i], 2, MPCHAR_FAMILY_BEST,
                             mpchar__color_variant(modes[i]->variant),
                             MPCHAR__LINE, modes[i]->variant, false);
    mpchar__figure(r,
                   "Pingpong time of %s in each send mode against "
                   "message length, from the best model of each mode at "
                   "p = 2 (the measured points are in each mode's own "
                   "plots above).",
                   library);
}

static void modes_rows(mpchar__report *r, const mpchar_entry **modes,
                       size_t count)
{
    const mpchar_entry *send = NULL;
    for (size_t i = 0; i < count; i++)
        if (!strcmp(modes[i]->variant, "send"))
            send = modes[i];
    for (size_t i = 0; i < count; i++) {
        const mpchar_pfit *f = mpchar__fit_at(modes[i], 2);
        mpchar__doc_row(&r->doc);
        mpchar__doc_cell(&r->doc, 0, "%s", modes[i]->library);
        mpchar__doc_cell(&r->doc, 1, "%s", modes[i]->variant);
        if (f && f->ok[MPCHAR_FAMILY_HOCKNEY]) {
            mpchar__doc_cell(&r->doc, 2, "%.4g", f->hockney.ts_us);
            mpchar__doc_cell(&r->doc, 3, "%.4g",
                             f->hockney.tb_us_per_byte * 1e3);
        }
        for (size_t k = 0; k < NSIZES; k++) {
            bool x1 = false, x2 = false;
            double t = mpchar__predict_best(modes[i], sizes[k], 2, &x1);
            double ts =
                send ? mpchar__predict_best(send, sizes[k], 2, &x2) : NAN;
            if (!isfinite(t) || !isfinite(ts))
                continue;
            mpchar__doc_cell(&r->doc, 4 + (int)k, "%.3g%s", t / ts,
                             x1 || x2 ? " †" : "");
            r->extrapolated += x1 || x2;
        }
    }
}

void mpchar__send_modes(mpchar__report *r)
{
    static const char *const head[] = {"library",         "mode",
                                       "ts (us)",         "tb (ns/byte)",
                                       "T/T_send 16 B",   "T/T_send 1 KiB",
                                       "T/T_send 16 KiB", "T/T_send 64 KiB"};
    const mpchar_entry **v = r->p2p.v, *modes[MAX_MODES];
    size_t n = r->p2p.n, shown = 0;
    for (size_t l = 0; l < r->nlibs; l++) {
        size_t count = modes_of(v, n, r->libs[l].name, modes);
        if (count < 2)
            continue;
        if (shown++ == 0)
            mpchar__doc_heading(&r->doc, 2, NULL, "Send modes");
        modes_plot(r, r->libs[l].name, modes, count);
    }
    if (shown)
        mpchar__doc_table(&r->doc,
                          "Send modes against Send (Hockney "
                          "parameters at p = 2; time ratios from the best "
                          "models; † outside the measured sizes)",
                          8, head);
    for (size_t l = 0; shown && l < r->nlibs; l++) {
        size_t count = modes_of(v, n, r->libs[l].name, modes);
        if (count >= 2)
            modes_rows(r, modes, count);
    }
}
