/* Section 5, libraries side by side (only with two or more libraries):
 * for every other library against the first, the ratios of t0, tb and of
 * the time T at a few sizes for every pattern and primitive; which library
 * is fastest over which sizes, with the crossover sizes; and one plot of
 * pingpong for all libraries.  Comparisons use each entry's largest p
 * that every library fitted on real points, and the best models; values
 * at sizes outside the fitted ones are marked with a dagger. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

#define GRID 160
#define MAX_LIBS 32

static const double sizes[] = {16, 1024, 65536, 1048576};
#define NSIZES (sizeof sizes / sizeof sizes[0])

/* The largest p every library fitted on real points (header). */
long mpchar__common_p(const mpchar_entry *const *es, size_t n)
{
    long best = 0;
    for (size_t k = 0; n && k < es[0]->nfits; k++) {
        const mpchar_pfit *f = &es[0]->fits[k];
        bool all = !f->oversubscribed;
        for (size_t i = 1; i < n && all; i++) {
            const mpchar_pfit *g = mpchar__fit_at(es[i], f->p);
            all = g && !g->oversubscribed;
        }
        if (all && f->p > best)
            best = f->p;
    }
    return best;
}

static void ratio_cell(mpchar__report *r, int col, double a, double b,
                       bool extrapolated)
{
    if (isfinite(a) && isfinite(b) && b > 0)
        mpchar__doc_cell(&r->doc, col, "%.3g%s", a / b,
                         extrapolated ? " †" : "");
    r->extrapolated += extrapolated && isfinite(a) && isfinite(b);
}

static void ratio_row(mpchar__report *r, const mpchar_entry *e,
                      const mpchar_entry *ref)
{
    const mpchar_entry *both[2] = {e, ref};
    long p = mpchar__common_p(both, 2);
    char name[96];
    if (p == 0)
        return;
    const mpchar_pfit *fe = mpchar__fit_at(e, p), *fr = mpchar__fit_at(ref, p);
    mpchar_family fam = fe->ok[MPCHAR_FAMILY_TI] && fr->ok[MPCHAR_FAMILY_TI]
                            ? MPCHAR_FAMILY_TI
                            : MPCHAR_FAMILY_HOCKNEY;
    double t0[2] = {NAN, NAN}, tb[2] = {NAN, NAN};
    for (int i = 0; i < 2; i++)
        if (mpchar_entry_t0_tb(both[i], fam, p, &t0[i], &tb[i], NULL) != 0)
            t0[i] = tb[i] = NAN;
    mpchar__entry_name(e, name, sizeof name);
    mpchar__doc_row(&r->doc);
    mpchar__doc_cell(&r->doc, 0, "%s", name);
    mpchar__doc_cell(&r->doc, 1, "%ld", p);
    ratio_cell(r, 2, t0[0], t0[1], false);
    ratio_cell(r, 3, tb[0], tb[1], false);
    for (size_t k = 0; k < NSIZES; k++) {
        bool x[2] = {false, false};
        double t = mpchar__predict_best(e, sizes[k], p, &x[0]);
        double tr = mpchar__predict_best(ref, sizes[k], p, &x[1]);
        ratio_cell(r, 4 + (int)k, t, tr, x[0] || x[1]);
    }
}

static const mpchar_entry *
entry_of(const mpchar__report *r, const char *library, const mpchar_entry *key)
{
    for (size_t i = 0; i < r->model.nentries; i++) {
        const mpchar_entry *e = &r->model.entries[i];
        if (!strcmp(e->library, library) && mpchar__same_key(e, key))
            return e;
    }
    return NULL;
}

static void ratio_table(mpchar__report *r, const mpchar_entry **v, size_t n,
                        const char *lib, const char *ref)
{
    static const char *const head[] = {"pattern / primitive",
                                       "p",
                                       "t0 ratio",
                                       "tb ratio",
                                       "T ratio 16 B",
                                       "T ratio 1 KiB",
                                       "T ratio 64 KiB",
                                       "T ratio 1 MiB"};
    char caption[256];
    snprintf(caption, sizeof caption,
             "%s against %s: ratios %s/%s (above 1: "
             "%s is slower; t_i model's t0 and tb, else Hockney's; T from "
             "the best models; † outside the measured sizes)",
             lib, ref, lib, ref, lib);
    mpchar__doc_table(&r->doc, caption, 8, head);
    for (size_t i = 0; i < n; i++) {
        if (strcmp(v[i]->library, lib))
            continue;
        const mpchar_entry *other = entry_of(r, ref, v[i]);
        if (other)
            ratio_row(r, v[i], other);
    }
}

/* Fitted size range shared by all of es at p. */
static bool common_range(const mpchar_entry *const *es, size_t n, long p,
                         double *lo_p, double *hi_p)
{
    double lo = 1, hi = INFINITY;
    for (size_t i = 0; i < n; i++) {
        const mpchar_pfit *f = mpchar__fit_at(es[i], p);
        if (!f || f->best < 0)
            return false;
        lo = f->n_min_bytes > lo ? f->n_min_bytes : lo;
        hi = f->n_max_bytes < hi ? f->n_max_bytes : hi;
    }
    *lo_p = lo;
    *hi_p = hi;
    return hi > lo;
}

static int fastest_at(const mpchar_entry *const *es, size_t n, double size,
                      long p)
{
    int best = -1;
    double tbest = INFINITY;
    for (size_t i = 0; i < n; i++) {
        double t = mpchar__predict_best(es[i], size, p, NULL);
        if (isfinite(t) && t < tbest) {
            tbest = t;
            best = (int)i;
        }
    }
    return best;
}

/* "openmpi up to 2.1 KiB, mpich above" and the crossover sizes. */
static void fastest_row(mpchar__report *r, const mpchar_entry *const *es,
                        size_t n)
{
    long p = mpchar__common_p(es, n);
    double lo, hi;
    char name[96], where[512] = "", cross[256] = "", size[32];
    if (p == 0 || !common_range(es, n, p, &lo, &hi))
        return;
    size_t pw = 0, pc = 0;
    int prev = -1;
    for (int g = 0; g < GRID; g++) {
        double s = lo * pow(hi / lo, (double)g / (GRID - 1));
        int f = fastest_at(es, n, s, p);
        if (f < 0 || f == prev)
            continue;
        mpchar__bytes_text(s, size, sizeof size);
        if (prev >= 0 && pc < sizeof cross)
            pc += (size_t)snprintf(cross + pc, sizeof cross - pc, "%s%s",
                                   pc ? ", " : "", size);
        if (pw < sizeof where)
            pw += (size_t)snprintf(
                where + pw, sizeof where - pw, "%s%s from %s", pw ? "; " : "",
                es[f]->library, prev < 0 ? "the smallest size" : size);
        prev = f;
    }
    mpchar__entry_name(es[0], name, sizeof name);
    mpchar__doc_row(&r->doc);
    mpchar__doc_cell(&r->doc, 0, "%s", name);
    mpchar__doc_cell(&r->doc, 1, "%ld", p);
    mpchar__doc_cell(&r->doc, 2, "%s", where);
    mpchar__doc_cell(&r->doc, 3, "%s", cross[0] ? cross : "none");
}

static void fastest_table(mpchar__report *r, const mpchar_entry **v, size_t n)
{
    static const char *const head[] = {"pattern / primitive", "p",
                                       "fastest library (best models)",
                                       "crossover sizes"};
    mpchar__doc_table(&r->doc,
                      "Which library is faster where (within the "
                      "sizes every library measured)",
                      4, head);
    for (size_t i = 0; i < n;) {
        const mpchar_entry *es[MAX_LIBS];
        size_t k = 0;
        for (; i < n && (k == 0 || mpchar__same_key(es[0], v[i])); i++)
            if (k < MAX_LIBS)
                es[k++] = v[i];
        if (k >= 2)
            fastest_row(r, es, k);
    }
}

/* Pingpong in send mode with the pattern's own datatype (byte). */
static bool pingpong_send(const mpchar_entry *e)
{
    return !strcmp(e->pattern, "pingpong") && !strcmp(e->variant, "send") &&
           !strcmp(e->datatype, mpchar_pattern_datatype(e->pattern));
}

static void pingpong_plot(mpchar__report *r)
{
    size_t count = 0;
    for (size_t l = 0; l < r->nlibs; l++)
        for (size_t i = 0; i < r->model.nentries; i++)
            count += !strcmp(r->model.entries[i].library, r->libs[l].name) &&
                     pingpong_send(&r->model.entries[i]);
    if (count < 2)
        return;
    mpchar__plot_add(&r->plots, "lib-pingpong", "n (bytes)", "T (us)", true,
                     true, "pingpong/send, p = 2: all libraries");
    for (size_t i = 0; i < r->model.nentries; i++) {
        const mpchar_entry *e = &r->model.entries[i];
        if (!pingpong_send(e))
            continue;
        const char *rgb = mpchar__library_color(r, e->library);
        char label[96];
        snprintf(label, sizeof label, "%s ", e->library);
        mpchar__measured_series(r, e, 2, rgb, label, false);
        snprintf(label, sizeof label, "%s best model", e->library);
        mpchar__model_series(r, e, 2, MPCHAR_FAMILY_BEST, rgb, MPCHAR__LINE,
                             label, false);
    }
    mpchar__figure(r, "Pingpong (MPI_Send) time of every library against "
                      "message length at p = 2: measured points (circles: "
                      "fitting sizes, triangles: validation sizes) and best "
                      "models.");
}

static size_t libraries_with_entries(const mpchar__report *r,
                                     const char **names)
{
    size_t n = 0;
    for (size_t l = 0; l < r->nlibs && n < MAX_LIBS; l++) {
        bool any = false;
        for (size_t i = 0; i < r->model.nentries && !any; i++)
            any = !strcmp(r->model.entries[i].library, r->libs[l].name);
        if (any)
            names[n++] = r->libs[l].name;
    }
    return n;
}

bool mpchar__libraries_compared(const mpchar__report *r)
{
    const char *names[MAX_LIBS];
    return libraries_with_entries(r, names) >= 2;
}

int mpchar__section_libraries(mpchar__report *r, mpchar_error *err)
{
    const char *names[MAX_LIBS];
    size_t nlibs = libraries_with_entries(r, names);
    (void)err; /* nothing here fails: the document keeps its own flag */
    pingpong_plot(r);
    const struct {
        const char *title;
        const mpchar__entries *entries;
    } kinds[] = {{"Point-to-point", &r->p2p}, {"Collectives", &r->collectives}};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        const mpchar__entries *e = kinds[k].entries;
        mpchar__doc_heading(&r->doc, 2, NULL, "%s", kinds[k].title);
        for (size_t l = 1; l < nlibs; l++)
            ratio_table(r, e->v, e->n, names[l], names[0]);
        fastest_table(r, e->v, e->n);
    }
    return 0;
}
