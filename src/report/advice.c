/* The advice section (issue 23, docs/advise.md): the regions where a
 * substitute of a collective is predicted faster (mpchar/advise.h, the
 * same engine as `mpchar advise`), as a table in the layout of seed 000
 * Table 5, and per advised comparison a crossover plot: the primitive's
 * and the substitute's predicted times over n, with the crossovers
 * marked.  The advice is predicted only; `mpchar advise --verify`
 * measures it. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mpchar/advise.h"
#include "report_internal.h"

#define MIN_GAIN 0.02   /* as `mpchar advise` by default */
#define MAX_PLOTS 12    /* crossover plots, in table order */
#define CURVE_POINTS 64 /* per curve, log-spaced over n */
#define NOTES_SHOWN 8   /* comparisons not made, listed */

static int advise(const mpchar__report *r, mpchar_advice_list *l)
{
    mpchar_advise_options opt = {0};
    mpchar_error err;
    opt.min_gain = MIN_GAIN;
    return mpchar_advise(&r->model, &opt, l, &err);
}

bool mpchar__advice_present(const mpchar__report *r)
{
    mpchar_advice_list l;
    if (r->model.nentries == 0 || advise(r, &l) != 0)
        return false;
    mpchar_advice_list_free(&l);
    return true;
}

static void table(mpchar__report *r, const mpchar_advice_list *l)
{
    static const char *const head[] = {
        "library",           "primitive",         "substitute", "p",
        "region (n, bytes)", "example n (bytes)", "T saved",    "extrapolated"};
    mpchar__doc_table(&r->doc,
                      "Regions where a substitute is predicted faster "
                      "(seed 000 Table 5 layout)",
                      8, head);
    for (size_t i = 0; i < l->count; i++) {
        const mpchar_advice *a = &l->items[i];
        mpchar__doc_row(&r->doc);
        mpchar__doc_cell(&r->doc, 0, "%s", a->library);
        mpchar__doc_cell(&r->doc, 1, "%s", a->primitive);
        mpchar__doc_cell(&r->doc, 2, "%s (%s)", a->text, a->substitute);
        mpchar__doc_cell(&r->doc, 3, "%ld", a->p);
        if (a->n_from_bytes > 0.0)
            mpchar__doc_cell(&r->doc, 4, "%.6g < n < %.6g", a->n_from_bytes,
                             a->n_to_bytes);
        else
            mpchar__doc_cell(&r->doc, 4, "n < %.6g", a->n_to_bytes);
        mpchar__doc_cell(&r->doc, 5, "%.6g", a->n_example_bytes);
        mpchar__doc_cell(&r->doc, 6, "%.1f%%", 100.0 * a->predicted_gain);
        mpchar__doc_cell(&r->doc, 7, "%s", a->extrapolated ? "yes" : "no");
    }
}

/* The same comparison as an earlier region (one plot for all its
 * regions). */
static bool plotted_before(const mpchar_advice_list *l, size_t i)
{
    const mpchar_advice *a = &l->items[i];
    for (size_t j = 0; j < i; j++) {
        const mpchar_advice *b = &l->items[j];
        if (!strcmp(a->library, b->library) &&
            !strcmp(a->substitute, b->substitute) && a->p == b->p)
            return true;
    }
    return false;
}

static void marks(mpchar__report *r, const mpchar_advice_list *l, size_t i)
{
    const mpchar_advice *a = &l->items[i];
    for (size_t j = i; j < l->count; j++) {
        const mpchar_advice *b = &l->items[j];
        if (strcmp(a->library, b->library) ||
            strcmp(a->substitute, b->substitute) || a->p != b->p)
            continue;
        if (b->n_from_bytes > 0.0)
            mpchar__mark_add(&r->plots, b->n_from_bytes);
        if (b->n_to_bytes < b->n_max_bytes)
            mpchar__mark_add(&r->plots, b->n_to_bytes);
    }
}

static void curve(mpchar__report *r, const mpchar_advice *a, double n_max,
                  bool substitute)
{
    mpchar_error err;
    double tp, ts;
    for (int k = 0; k < CURVE_POINTS; k++) {
        double n = pow(n_max, (double)k / (CURVE_POINTS - 1));
        if (mpchar_advice_predict(&r->model, a, n, &tp, &ts, &err) == 0)
            mpchar__point_add(&r->plots, n, substitute ? ts : tp);
    }
}

static void plot(mpchar__report *r, const mpchar_advice_list *l, size_t i)
{
    const mpchar_advice *a = &l->items[i];
    double n_max = a->n_max_bytes > 1.0 ? a->n_max_bytes : 2.0;
    char id[32];
    snprintf(id, sizeof id, "advice-%zu", i);
    mpchar__plot_add(&r->plots, id, "n (bytes)", "predicted time (us)", true,
                     true, "%s %s against %s, p = %ld", a->library,
                     a->primitive, a->text, a->p);
    if (!r->plots.failed)
        r->plots.v[r->plots.count - 1].mark_word = "crossover";
    mpchar__series_add(&r->plots, mpchar__color_other(0), MPCHAR__LINE, "%s",
                       a->primitive);
    curve(r, a, n_max, false);
    mpchar__series_add(&r->plots, mpchar__color_other(1), MPCHAR__DASHED, "%s",
                       a->text);
    curve(r, a, n_max, true);
    marks(r, l, i);
    mpchar__figure(r,
                   "%s %s against %s at p = %ld: predicted times; the "
                   "dashed lines mark the crossovers solved on the models",
                   a->library, a->primitive, a->text, a->p);
}

int mpchar__section_advice(mpchar__report *r, mpchar_error *err)
{
    mpchar_advice_list l;
    if (advise(r, &l) != 0)
        return 0; /* advice_present said there is some */
    mpchar__doc_para(&r->doc,
                     "%zu comparisons (library, primitive, substitute, p) "
                     "were solved on the models; %zu regions predict a gain "
                     "of %.0f%% or more. Predictions only: `mpchar advise "
                     "DIR --verify` measures them (docs/advise.md).",
                     l.compared, l.count, 100.0 * MIN_GAIN);
    if (l.count)
        table(r, &l);
    for (size_t i = 0, n = 0; i < l.count && n < MAX_PLOTS; i++)
        if (!plotted_before(&l, i)) {
            plot(r, &l, i);
            n++;
        }
    for (size_t i = 0; i < l.nnotes && i < NOTES_SHOWN; i++)
        mpchar__doc_item(&r->doc, "%s", l.notes[i].text);
    mpchar_advice_list_free(&l);
    return r->doc.failed || r->plots.failed
               ? mpchar_error_set(err, "out of memory")
               : 0;
}
