/* The node configurations section (seed 000 Section 7): one library
 * measured at the same p in several placements (`mpchar run --hosts ...
 * --ppn 1,2`), which the report reads as libraries LIBRARY+NODESxPPN.
 * For every pair of placements of a library and p, a table of the ratio
 * T(A)/T(B) of the measured times per primitive and size (A the placement
 * with fewer processes per host, as seed 000's T_single/T_dual), its
 * median over every size both measured, and the findings: which
 * primitives suffer from shared nodes and where intra-node shared memory
 * wins.  Measured times, not models: the seed's tables are measured. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report_internal.h"

/* A median ratio within this of 1 is no clear difference. */
#define SAME_TOLERANCE 0.10
/* Sizes shown per table (the median column covers all of them). */
#define SHOWN_SIZES 7
#define MAX_CONFIGS 32
#define MAX_SIZES 256
#define MAX_PRIMITIVES 64

typedef struct config {
    const char *library; /* as the rows name it: base+NODESxPPN */
    char base[MPCHAR_NAME_MAX], name[MPCHAR_NAME_MAX];
    long nodes, ppn;
} config;

/* "openmpi+2x1" -> openmpi, 2 nodes, 1 per node; false for a library
 * without a placement. */
static bool split_library(const char *library, config *c)
{
    const char *join = strrchr(library, MPCHAR_PLACEMENT_JOIN);
    char tail;
    if (!join || join == library ||
        sscanf(join + 1, "%ldx%ld%c", &c->nodes, &c->ppn, &tail) != 2 ||
        c->nodes < 1 || c->ppn < 1)
        return false;
    c->library = library;
    snprintf(c->base, sizeof c->base, "%.*s", (int)(join - library), library);
    snprintf(c->name, sizeof c->name, "%s", join + 1);
    return true;
}

static size_t find_configs(const mpchar__report *r, config *out)
{
    size_t n = 0;
    for (size_t i = 0; i < r->meas.count && n < MAX_CONFIGS; i++) {
        const char *lib = r->meas.rows[i].key.library;
        bool seen = false;
        for (size_t k = 0; k < n && !seen; k++)
            seen = !strcmp(out[k].library, lib);
        if (!seen && split_library(lib, &out[n]))
            n++;
    }
    return n;
}

/* The fitting-set row of a library's primitive at p and n, or NULL. */
static const mpchar_measurement *row_at(const mpchar__report *r,
                                        const char *library,
                                        const mpchar_point_key *like,
                                        uint64_t n_bytes)
{
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_point_key *k = &r->meas.rows[i].key;
        if (k->set == MPCHAR_SET_FIT && k->p == like->p &&
            k->n_bytes == n_bytes && !strcmp(k->library, library) &&
            !strcmp(k->pattern, like->pattern) &&
            !strcmp(k->variant, like->variant) && !strcmp(k->op, like->op) &&
            !strcmp(k->datatype, like->datatype))
            return &r->meas.rows[i];
    }
    return NULL;
}

static bool has_p(const mpchar__report *r, const char *library, long p)
{
    for (size_t i = 0; i < r->meas.count; i++)
        if (r->meas.rows[i].key.p == p &&
            !strcmp(r->meas.rows[i].key.library, library))
            return true;
    return false;
}

/* One pair of placements at one p: the primitives A measured (one key
 * each), the sizes both measured, and whether a point was
 * oversubscribed. */
typedef struct pair_data {
    const config *a, *b;
    long p;
    mpchar_point_key prim[MAX_PRIMITIVES];
    size_t nprim;
    uint64_t size[MAX_SIZES];
    size_t nsizes;
    bool oversubscribed;
} pair_data;

static int by_size(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

static bool same_primitive(const mpchar_point_key *x, const mpchar_point_key *y)
{
    return !strcmp(x->pattern, y->pattern) && !strcmp(x->variant, y->variant) &&
           !strcmp(x->op, y->op) && !strcmp(x->datatype, y->datatype);
}

static void add_size(pair_data *d, uint64_t n)
{
    for (size_t i = 0; i < d->nsizes; i++)
        if (d->size[i] == n)
            return;
    if (d->nsizes < MAX_SIZES)
        d->size[d->nsizes++] = n;
}

static void add_primitive(pair_data *d, const mpchar_point_key *k)
{
    for (size_t i = 0; i < d->nprim; i++)
        if (same_primitive(&d->prim[i], k))
            return;
    if (d->nprim < MAX_PRIMITIVES)
        d->prim[d->nprim++] = *k;
}

static void collect(const mpchar__report *r, pair_data *d)
{
    for (size_t i = 0; i < r->meas.count; i++) {
        const mpchar_measurement *m = &r->meas.rows[i];
        if (m->key.p != d->p || m->key.set != MPCHAR_SET_FIT ||
            strcmp(m->key.library, d->a->library))
            continue;
        const mpchar_measurement *o =
            row_at(r, d->b->library, &m->key, m->key.n_bytes);
        if (!o)
            continue;
        add_primitive(d, &m->key);
        add_size(d, m->key.n_bytes);
        d->oversubscribed |= m->oversubscribed || o->oversubscribed;
    }
    qsort(d->size, d->nsizes, sizeof d->size[0], by_size);
}

/* T(A)/T(B) of a primitive at n; NAN when a side lacks it or B took 0. */
static double ratio_at(const mpchar__report *r, const pair_data *d,
                       const mpchar_point_key *prim, uint64_t n)
{
    const mpchar_measurement *a = row_at(r, d->a->library, prim, n);
    const mpchar_measurement *b = row_at(r, d->b->library, prim, n);
    if (!a || !b || !(b->t_min_us > 0))
        return NAN;
    return a->t_min_us / b->t_min_us;
}

static int by_double(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* Median of the ratios over every size both measured; NAN without any. */
static double median_ratio(const mpchar__report *r, const pair_data *d,
                           const mpchar_point_key *prim, size_t *count_p)
{
    double v[MAX_SIZES];
    size_t n = 0;
    for (size_t i = 0; i < d->nsizes; i++) {
        double x = ratio_at(r, d, prim, d->size[i]);
        if (isfinite(x))
            v[n++] = x;
    }
    *count_p = n;
    if (n == 0)
        return NAN;
    qsort(v, n, sizeof v[0], by_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Indices of the sizes shown: all of them, or SHOWN_SIZES spread evenly
 * from the smallest to the largest. */
static size_t shown_sizes(const pair_data *d, size_t *idx)
{
    size_t k = d->nsizes < SHOWN_SIZES ? d->nsizes : SHOWN_SIZES;
    for (size_t i = 0; i < k; i++)
        idx[i] = k == 1 ? 0 : i * (d->nsizes - 1) / (k - 1);
    return k;
}

static void pair_table(mpchar__report *r, const pair_data *d)
{
    size_t idx[SHOWN_SIZES], k = shown_sizes(d, idx);
    char heads[SHOWN_SIZES + 2][48], caption[512];
    const char *head[SHOWN_SIZES + 2];
    snprintf(heads[0], sizeof heads[0], "primitive");
    for (size_t i = 0; i < k; i++)
        mpchar__bytes_text((double)d->size[idx[i]], heads[i + 1],
                           sizeof heads[i + 1]);
    snprintf(heads[k + 1], sizeof heads[k + 1], "median (sizes)");
    for (size_t i = 0; i < k + 2; i++)
        head[i] = heads[i];
    snprintf(caption, sizeof caption,
             "%s at p = %ld: T(%s)/T(%s), measured t_min_us per size; the "
             "median over every size both placements measured",
             d->a->base, d->p, d->a->name, d->b->name);
    mpchar__doc_table(&r->doc, caption, (int)k + 2, head);
    for (size_t j = 0; j < d->nprim; j++) {
        char name[256];
        size_t count;
        mpchar__primitive_name(d->prim[j].pattern, d->prim[j].variant,
                               d->prim[j].op, name, sizeof name);
        mpchar__doc_row(&r->doc);
        mpchar__doc_cell(&r->doc, 0, "%s", name);
        for (size_t i = 0; i < k; i++) {
            double x = ratio_at(r, d, &d->prim[j], d->size[idx[i]]);
            if (isfinite(x))
                mpchar__doc_cell(&r->doc, (int)i + 1, "%.2f", x);
        }
        double med = median_ratio(r, d, &d->prim[j], &count);
        if (isfinite(med))
            mpchar__doc_cell(&r->doc, (int)k + 1, "%.2f (%zu)", med, count);
        if (d->oversubscribed)
            mpchar__doc_row_oversub(&r->doc);
    }
}

/* The findings of a pair: each primitive by its median ratio. */
static void pair_findings(mpchar__report *r, const pair_data *d)
{
    for (size_t j = 0; j < d->nprim; j++) {
        char name[256];
        size_t count;
        double med = median_ratio(r, d, &d->prim[j], &count);
        if (!isfinite(med))
            continue;
        mpchar__primitive_name(d->prim[j].pattern, d->prim[j].variant,
                               d->prim[j].op, name, sizeof name);
        const char *verdict =
            med > 1 + SAME_TOLERANCE
                ? "intra-node shared memory wins: faster with processes "
                  "sharing nodes"
            : med < 1 - SAME_TOLERANCE ? "suffers from shared nodes"
                                       : "no clear difference (within 10%)";
        mpchar__doc_item(&r->doc, "%s %s, p = %ld: median T(%s)/T(%s) %.2f: %s",
                         d->a->base, name, d->p, d->a->name, d->b->name, med,
                         verdict);
    }
}

static void pair_section(mpchar__report *r, const config *a, const config *b,
                         long p)
{
    pair_data *d = calloc(1, sizeof *d);
    if (!d) {
        r->doc.failed = true;
        return;
    }
    d->a = a;
    d->b = b;
    d->p = p;
    collect(r, d);
    if (d->nprim > 0) {
        long cores = mpchar__machine_cores(r);
        mpchar__doc_heading(&r->doc, 2, NULL, "%s at p = %ld: %s against %s",
                            a->base, p, a->name, b->name);
        if (d->oversubscribed || (cores > 0 && p > cores))
            mpchar__doc_note(
                &r->doc,
                "p = %ld is more than the %ld cores of the machine that ran "
                "the hosts%s: where hosts share one machine (the test bed, "
                "docs/cluster.md) the processes of every placement share "
                "its cores, so these ratios measure the sharing of CPUs as "
                "much as that of nodes.",
                p, cores,
                d->oversubscribed ? " (some points oversubscribed)" : "");
        pair_table(r, d);
        pair_findings(r, d);
    }
    free(d);
}

bool mpchar__placements_present(const mpchar__report *r)
{
    config c[MAX_CONFIGS];
    size_t n = find_configs(r, c);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            if (i != j && !strcmp(c[i].base, c[j].base))
                return true;
    return false;
}

int mpchar__section_placements(mpchar__report *r, mpchar_error *err)
{
    (void)err;
    config c[MAX_CONFIGS];
    size_t n = find_configs(r, c);
    long ps[64];
    size_t nps = 0;
    for (size_t i = 0; i < r->meas.count; i++) {
        bool seen = false;
        for (size_t k = 0; k < nps && !seen; k++)
            seen = ps[k] == r->meas.rows[i].key.p;
        if (!seen && nps < 64)
            ps[nps++] = r->meas.rows[i].key.p;
    }
    /* A before B: fewer processes per host, then more hosts. */
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            if (i == j || strcmp(c[i].base, c[j].base) || c[i].ppn > c[j].ppn ||
                (c[i].ppn == c[j].ppn && c[i].nodes <= c[j].nodes))
                continue;
            for (size_t k = 0; k < nps; k++)
                if (has_p(r, c[i].library, ps[k]) &&
                    has_p(r, c[j].library, ps[k]))
                    pair_section(r, &c[i], &c[j], ps[k]);
        }
    return 0;
}
