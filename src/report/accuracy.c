/* Section 4, accuracy: how well each model family predicts the validation
 * sizes (points the fits never saw), per family over the point-to-point
 * patterns and over the collectives, against seed 000's published errors
 * (docs/report.md), with the lowest error highlighted; then every entry
 * and p (tables.c's accuracy table, the best family's cell highlighted),
 * validation across p (each p predicted from the p-forms of the others)
 * and the model's findings and notes. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report_internal.h"

typedef struct stats {
    double sum, max;
    size_t count, best;
} stats;

static void collect(const mpchar__report *r, mpchar_kind kind,
                    stats st[MPCHAR_FAMILY_COUNT])
{
    memset(st, 0, MPCHAR_FAMILY_COUNT * sizeof *st);
    for (size_t i = 0; i < r->model.nentries; i++) {
        const mpchar_entry *e = &r->model.entries[i];
        for (size_t k = 0; e->kind == kind && k < e->nfits; k++) {
            const mpchar_pfit *f = &e->fits[k];
            for (int fam = 0; fam < MPCHAR_FAMILY_COUNT; fam++) {
                double v = f->acc[fam].val_err;
                if (!f->ok[fam] || !isfinite(v))
                    continue;
                st[fam].sum += v;
                st[fam].max = v > st[fam].max ? v : st[fam].max;
                st[fam].count++;
                st[fam].best += f->best == fam;
            }
        }
    }
}

static int lowest(const stats st[MPCHAR_FAMILY_COUNT])
{
    int best = -1;
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++)
        if (st[f].count &&
            (best < 0 || st[f].sum / (double)st[f].count <
                             st[best].sum / (double)st[best].count))
            best = f;
    return best;
}

static void stats_cells(mpchar__doc *d, const stats *s, int col, bool best)
{
    if (s->count == 0) {
        mpchar__doc_cell(d, col, "-");
        return;
    }
    mpchar__doc_cell(d, col, "%.1f (max %.1f)",
                     100.0 * s->sum / (double)s->count, 100.0 * s->max);
    mpchar__doc_cell(d, col + 1, "%zu of %zu", s->best, s->count);
    if (best)
        mpchar__doc_cell_best(d, col);
}

static void summary_table(mpchar__report *r)
{
    static const char *const head[] = {
        "family",
        "point-to-point: mean validation error % (max)",
        "point-to-point: best at",
        "collectives: mean validation error % (max)",
        "collectives: best at",
        "published (seed 000)"};
    static const char *const published[MPCHAR_FAMILY_COUNT] = {
        [MPCHAR_FAMILY_HOCKNEY] = "18% and 28% (SCI)",
        [MPCHAR_FAMILY_TI] = "7% (Send), under 7% (collectives)",
        [MPCHAR_FAMILY_HOCKNEY_T0] = "-",
        [MPCHAR_FAMILY_PIECEWISE] = "-"};
    stats p2p[MPCHAR_FAMILY_COUNT], coll[MPCHAR_FAMILY_COUNT];
    collect(r, MPCHAR_KIND_P2P, p2p);
    collect(r, MPCHAR_KIND_COLLECTIVE, coll);
    int bp = lowest(p2p), bc = lowest(coll);
    mpchar__doc_table(&r->doc,
                      "Validation error of each model family (mean "
                      "over entries and p of the average relative error on "
                      "the validation sizes; lowest mean highlighted)",
                      6, head);
    mpchar__doc_table_id(&r->doc, "accuracy-families");
    for (int f = 0; f < MPCHAR_FAMILY_COUNT; f++) {
        mpchar__doc_row(&r->doc);
        mpchar__doc_cell(&r->doc, 0, "%s",
                         mpchar_family_name((mpchar_family)f));
        stats_cells(&r->doc, &p2p[f], 1, f == bp);
        stats_cells(&r->doc, &coll[f], 3, f == bc);
        mpchar__doc_cell(&r->doc, 5, "%s", published[f]);
    }
}

/* Validation across p beside validation over n, with what it can and
 * cannot say on this machine. */
static int p_validation(mpchar__report *r, mpchar_error *err)
{
    mpchar__doc_para(&r->doc,
                     "Validation across p: every measured p of an entry "
                     "with 3 p or more is left out in turn, the p-forms are "
                     "fitted on the other p, and their model at the "
                     "left-out p is scored on that p's points (beside it, "
                     "the best family's validation error over n at that "
                     "p). A p above the machine's cores (p*) runs "
                     "oversubscribed: its times measure the scheduler "
                     "rather than the library, so a p-form fitted on real "
                     "p predicts it badly, and one fitted through it "
                     "predicts the real p badly; such p take part only "
                     "with --include-oversubscribed. Without an entry "
                     "fitted at 3 p or more, a note says so in place of "
                     "the table.");
    return mpchar__model_table(r, MPCHAR_TABLE_P_VALIDATION, err);
}

int mpchar__section_accuracy(mpchar__report *r, mpchar_error *err)
{
    summary_table(r);
    int rc = mpchar__model_table(r, MPCHAR_TABLE_ACCURACY, err);
    if (rc == 0)
        mpchar__doc_para(&r->doc, "p* (highlighted rows): fitted on "
                                  "oversubscribed points, not real timings.");
    if (rc == 0)
        rc = p_validation(r, err);
    if (rc == 0)
        rc = mpchar__model_table(r, MPCHAR_TABLE_FINDINGS, err);
    return rc;
}
