/* Part of section 2: seed 003's Table 1, its basic performance parameters
 * of each MPI library -- the round trip of a 0-byte message and the
 * bandwidth of 256-byte and 16 KiB messages -- from each library's
 * pingpong (send mode, p = 2).  The built-in runtime's two modes,
 * builtin (NSR) and builtin-sr (SR), stand side by side as the seed's SR
 * and NSR columns do.  A value comes from the row measured at that size
 * (the report's statistic) or, where none was, from the best model,
 * marked with a dagger. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mpchar/builtin_modes.h"
#include "report_internal.h"

/* The table's sizes: the round trip's, then the bandwidths'. */
static const double table_bytes[] = {0, 256, 16384};
#define NBYTES (sizeof table_bytes / sizeof table_bytes[0])

static const mpchar_entry *pingpong_of(const mpchar__report *r,
                                       const char *library)
{
    for (size_t i = 0; i < r->p2p.n; i++) {
        const mpchar_entry *e = r->p2p.v[i];
        if (!strcmp(e->library, library) && !strcmp(e->pattern, "pingpong") &&
            !strcmp(e->variant, "send"))
            return e;
    }
    return NULL;
}

/* T (one way, us) at n: the measured row's statistic, else the best
 * model's (*modelled_p). */
static double one_way_us(const mpchar__report *r, const mpchar_entry *e,
                         double n, bool *modelled_p)
{
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        const mpchar_point_key *k = &m->key;
        if (k->p == 2 && (double)k->n_bytes == n &&
            !strcmp(k->library, e->library) &&
            !strcmp(k->pattern, e->pattern) &&
            !strcmp(k->variant, e->variant) && !strcmp(k->op, e->op) &&
            !strcmp(k->datatype, e->datatype)) {
            *modelled_p = false;
            return mpchar_fit_stat_of(m, r->model.opt.stat);
        }
    }
    *modelled_p = true;
    return mpchar__predict_best(e, n, 2, NULL);
}

static void library_row(mpchar__report *r, const mpchar_entry *e)
{
    mpchar__doc_row(&r->doc);
    mpchar__doc_cell(&r->doc, 0, "%s%s", e->library,
                     !strcmp(e->library, MPCHAR_BUILTIN)      ? " (NSR)"
                     : !strcmp(e->library, MPCHAR_BUILTIN_SR) ? " (SR)"
                                                              : "");
    for (size_t k = 0; k < NBYTES; k++) {
        bool modelled;
        double t = one_way_us(r, e, table_bytes[k], &modelled);
        if (!(t > 0) || !isfinite(t))
            continue;
        /* Round trip: twice the one-way T; bandwidth n/T, bytes/us = MB/s. */
        double value = k == 0 ? 2.0 * t : table_bytes[k] / t;
        mpchar__doc_cell(&r->doc, 1 + (int)k, "%.4g%s", value,
                         modelled ? " †" : "");
    }
}

void mpchar__seed003_table(mpchar__report *r)
{
    static const char *const head[] = {"library", "round trip, 0 B (us)",
                                       "bandwidth, 256 B (MB/s)",
                                       "bandwidth, 16 KiB (MB/s)"};
    size_t shown = 0;
    for (size_t l = 0; l < r->nlibs; l++) {
        const mpchar_entry *e = pingpong_of(r, r->libs[l].name);
        if (!e)
            continue;
        if (shown++ == 0) {
            mpchar__doc_heading(&r->doc, 2, NULL,
                                "Basic performance parameters (seed 003)");
            mpchar__doc_table(&r->doc,
                              "Seed 003's Table 1 from pingpong (send, p = "
                              "2): the 0-byte round trip and n/T at 256 B "
                              "and 16 KiB; builtin runs the built-in "
                              "runtime in NSR mode, builtin-sr in SR mode "
                              "(† from the best model: not measured at that "
                              "size)",
                              4, head);
        }
        library_row(r, e);
    }
}
