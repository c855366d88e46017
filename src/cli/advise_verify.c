/* `mpchar advise --verify`: every advised region measured by a short
 * `mpchar run` of its primitive and substitute at three sizes inside it
 * (a quarter beyond its lower bound, its example size, a quarter short of
 * its upper bound), one run per (library, p).  A library's own algorithm
 * is measured as its variant library "<base>@<coll>:<alg>" (`mpchar run
 * --algorithms`) against the base library's collective.  A region is
 * confirmed when at its example size the substitute is faster beyond the
 * noise of the two points (mpchar_compare_judge with threshold 0,
 * docs/compare.md), else withdrawn.  The lists handed to mpchar run grow
 * as needed: nothing is cut short. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "advise_verify.h"
#include "advise_where.h"
#include "mpchar/compare.h"
#include "mpchar/lib_algorithms.h"
#include "mpchar/results.h"
#include "self_run.h"

#define SIZES_PER_REGION 3
#define VERIFY_TIME_PER_POINT_MS "50"
#define ALGORITHM_PREFIX "algorithm "

/* The sizes measured in a region, ascending, whole bytes >= 1. */
static size_t region_sizes(const mpchar_advice *a, double out[SIZES_PER_REGION])
{
    double lo = a->n_from_bytes > 0 ? a->n_from_bytes * 1.25 : 1.0;
    double hi = a->n_to_bytes / 1.25;
    double c = round(a->n_example_bytes);
    size_t k = 0;
    if (lo < c)
        out[k++] = ceil(lo);
    out[k++] = c >= 1 ? c : 1;
    if (hi > c)
        out[k++] = floor(hi);
    return k;
}

/* What a region compares: the primitive's (library, pattern) series
 * against the substitute's.  An equivalence's substitute is a pattern of
 * the same library; an algorithm is the variant library's collective. */
typedef struct pair {
    const char *library_a, *pattern_a, *pattern_b;
    char library_b[MPCHAR_NAME_MAX];
    const char *algorithm; /* the variant's "LIB@COLL:ALG", or NULL */
} pair;

static int pair_of(const mpchar_advice *a, pair *q, mpchar_error *err)
{
    size_t skip = strlen(ALGORITHM_PREFIX);
    q->library_a = a->library;
    q->pattern_a = a->primitive;
    q->algorithm = NULL;
    if (strncmp(a->substitute, ALGORITHM_PREFIX, skip) != 0) {
        q->pattern_b = a->substitute;
        memcpy(q->library_b, a->library, sizeof q->library_b);
        return 0;
    }
    const mpchar_lib_algorithm *alg = mpchar_lib_algorithm_find(
        a->library, a->primitive, a->substitute + skip);
    if (!alg || mpchar_lib_algorithm_variant(alg, q->library_b) != 0)
        return mpchar_error_set(err,
                                "%s's %s algorithm '%s' is not in the "
                                "algorithm table (docs/export.md): mpchar "
                                "run cannot force it",
                                a->library, a->primitive, a->substitute + skip);
    q->pattern_b = a->primitive;
    q->algorithm = q->library_b;
    return 0;
}

/* One mpchar run: a (library, p) and the union of its regions' needs. */
typedef struct group {
    const char *library;
    long p;
    word_list patterns, sizes, algorithms;
    double max_bytes;
} group;

static void group_free(group *g)
{
    word_list_free(&g->patterns);
    word_list_free(&g->sizes);
    word_list_free(&g->algorithms);
}

static int group_add(group *g, const mpchar_advice *a, const pair *q,
                     mpchar_error *err)
{
    double n[SIZES_PER_REGION];
    char word[64];
    if (word_list_add(&g->patterns, q->pattern_a) != 0 ||
        (!q->algorithm && word_list_add(&g->patterns, q->pattern_b) != 0) ||
        (q->algorithm && word_list_add(&g->algorithms, q->algorithm) != 0))
        return mpchar_error_set(err, "out of memory");
    for (size_t k = 0, c = region_sizes(a, n); k < c; k++) {
        if (format_whole(word, sizeof word, "%.0f", n[k]) != 0 ||
            word_list_add(&g->sizes, word) != 0)
            return mpchar_error_set(err, "size %g bytes: cannot list it", n[k]);
        if (n[k] > g->max_bytes)
            g->max_bytes = n[k];
    }
    return 0;
}

/* mpchar run for one group into run_dir (the region's sizes only, no
 * validation draw), placed as the advised run was (*where); its output
 * to run_dir/run.log. */
static int run_group(const group *g, const advise_where *where,
                     const char *run_dir, mpchar_error *err)
{
    char p[32];
    snprintf(p, sizeof p, "%ld", g->p);
    self_run_points r = {
        g->library,   g->patterns.text,         p,      g->sizes.text,
        g->max_bytes, VERIFY_TIME_PER_POINT_MS, run_dir};
    /* the placement's words, 3 optional ones and the NULL */
    char *extra[4 + ADVISE_WHERE_MAX_WORDS];
    size_t n = 0;
    if (g->algorithms.text) {
        extra[n++] = "--algorithms";
        extra[n++] = g->algorithms.text;
    }
    for (size_t i = 0; i < where->count; i++)
        extra[n++] = where->argv[i];
    if (g->p > sysconf(_SC_NPROCESSORS_ONLN))
        extra[n++] = "--oversubscribe";
    extra[n] = NULL;
    return self_run_measure(&r, extra, err);
}

/* The fit-set row of pattern at p nearest (in log n) to n bytes. */
static const mpchar_measurement *row_at(const mpchar_measurements *m,
                                        const char *library,
                                        const char *pattern, long p, double n)
{
    const mpchar_measurement *best = NULL;
    double best_d = INFINITY;
    for (size_t i = 0; i < m->count; i++) {
        const mpchar_measurement *r = &m->rows[i];
        if (r->key.p != p || r->key.set != MPCHAR_SET_FIT ||
            strcmp(r->key.library, library) ||
            strcmp(r->key.pattern, pattern) ||
            (strcmp(r->key.op, "-") && strcmp(r->key.op, "sum")))
            continue;
        double d = fabs(log((r->key.n_bytes + 1.0) / (n + 1.0)));
        if (d < best_d) {
            best = r;
            best_d = d;
        }
    }
    return best;
}

/* Prints one size's line; *faster_p: the substitute is faster beyond
 * noise there. */
static int judge_size(const mpchar_model *model, const mpchar_advice *a,
                      const pair *q, const mpchar_measurements *m, double n,
                      FILE *out, bool *faster_p)
{
    const mpchar_measurement *prim =
        row_at(m, q->library_a, q->pattern_a, a->p, n);
    const mpchar_measurement *sub =
        row_at(m, q->library_b, q->pattern_b, a->p, n);
    double tp, ts;
    mpchar_error err;
    if (!prim || !sub || !(prim->t_min_us > 0.0) || !(sub->t_min_us > 0.0))
        return -1;
    double at = (double)prim->key.n_bytes;
    double predicted = mpchar_advice_predict(model, a, at, &tp, &ts, &err) == 0
                           ? 1.0 - ts / tp
                           : NAN;
    double noise =
        fmax(mpchar_compare_spread(prim), mpchar_compare_spread(sub));
    double measured = 1.0 - sub->t_min_us / prim->t_min_us;
    *faster_p = mpchar_compare_judge(sub->t_min_us / prim->t_min_us, noise,
                                     0.0) == MPCHAR_VERDICT_FASTER;
    fprintf(out,
            "  n = %-9.0f predicted %+6.1f%%  measured %+6.1f%% "
            "(%.3g us -> %.3g us, noise %.1f%%)\n",
            at, 100.0 * predicted, 100.0 * measured, prim->t_min_us,
            sub->t_min_us, 100.0 * noise);
    return 0;
}

/* Prints the region's sizes; true when its example size is confirmed. */
static bool confirmed(const mpchar_model *model, const mpchar_advice *a,
                      const pair *q, const mpchar_measurements *m, FILE *out)
{
    double n[SIZES_PER_REGION];
    bool ok = false, faster;
    size_t c = region_sizes(a, n);
    fprintf(out, "%s %s -> %s (%s), p = %ld, %.6g < n < %.6g:\n", a->library,
            a->primitive, a->substitute, a->text, a->p, a->n_from_bytes,
            a->n_to_bytes);
    for (size_t k = 0; k < c; k++) {
        if (judge_size(model, a, q, m, n[k], out, &faster) != 0) {
            fprintf(out, "  n = %.0f not measured\n", n[k]);
            continue;
        }
        if (n[k] == (a->n_example_bytes >= 1 ? round(a->n_example_bytes) : 1))
            ok = faster;
    }
    fprintf(out, "  %s\n",
            ok ? "confirmed"
               : "withdrawn: at the example size the measured gain is not "
                 "positive beyond the noise");
    return ok;
}

static bool in_group(const mpchar_advice *a, const group *g)
{
    return strcmp(a->library, g->library) == 0 && a->p == g->p;
}

/* Runs group g into a new folder DIR/advise-verify.XXXXXX (mkdtemp: never
 * an earlier one) and reads its measurements into *m. */
static int measure_group(const char *dir, const advise_where *where,
                         const group *g, mpchar_measurements *m, FILE *out,
                         mpchar_error *err)
{
    char run_dir[PATH_MAX], csv[PATH_MAX];
    if (format_whole(run_dir, sizeof run_dir, "%s/advise-verify.XXXXXX", dir) !=
        0)
        return mpchar_error_set(err, "%s: path too long", dir);
    if (!mkdtemp(run_dir))
        return mpchar_error_set(err, "%s: cannot create a folder: %s", run_dir,
                                strerror(errno));
    if (run_group(g, where, run_dir, err) != 0)
        return -1;
    if (format_whole(csv, sizeof csv, "%s/%s", run_dir,
                     MPCHAR_MEASUREMENTS_FILE) != 0)
        return mpchar_error_set(err, "%s: path too long", run_dir);
    mpchar_read_options ropt = {.allow_truncated_tail = false,
                                .placement_as_library = true};
    if (mpchar_measurements_read(csv, &ropt, m, NULL, err) != 0)
        return -1;
    fprintf(out, "\n%s at p = %ld, measured in %s:\n", g->library, g->p,
            run_dir);
    return 0;
}

/* Measures the regions of (library, p) of item i onwards, pairs[] those
 * of l; marks them in done[] and the confirmed in keep[]. */
static int verify_group(const char *dir, const advise_where *where,
                        const mpchar_model *model, const mpchar_advice_list *l,
                        const pair *pairs, size_t i, bool *done, bool *keep,
                        FILE *out, mpchar_error *err)
{
    group g = {.library = l->items[i].library, .p = l->items[i].p};
    mpchar_measurements m = {0};
    int rc = 0;
    for (size_t j = i; rc == 0 && j < l->count; j++)
        if (in_group(&l->items[j], &g))
            rc = group_add(&g, &l->items[j], &pairs[j], err);
    if (rc == 0)
        rc = measure_group(dir, where, &g, &m, out, err);
    for (size_t j = i; rc == 0 && j < l->count; j++) {
        if (!in_group(&l->items[j], &g))
            continue;
        done[j] = true;
        keep[j] = confirmed(model, &l->items[j], &pairs[j], &m, out);
    }
    mpchar_measurements_free(&m);
    group_free(&g);
    return rc;
}

int advise_verify(const char *dir, const mpchar_model *model,
                  mpchar_advice_list *l, FILE *out)
{
    bool *done = calloc(l->count + 1, sizeof *done);
    bool *keep = calloc(l->count + 1, sizeof *keep);
    pair *pairs = calloc(l->count + 1, sizeof *pairs);
    advise_where where = {0};
    mpchar_error err = {0};
    int rc =
        done && keep && pairs ? 0 : mpchar_error_set(&err, "out of memory");
    if (rc == 0)
        rc = advise_where_read(dir, &where, &err);
    /* every region checked before the first run: a bad one is refused
     * without the runs of the groups before it */
    for (size_t i = 0; rc == 0 && i < l->count; i++)
        rc = pair_of(&l->items[i], &pairs[i], &err);
    if (rc == 0)
        fprintf(out, "Verification: predicted against measured gain "
                     "(1 - T_substitute/T_primitive, minimum times)\n");
    for (size_t i = 0; rc == 0 && i < l->count; i++)
        if (!done[i])
            rc = verify_group(dir, &where, model, l, pairs, i, done, keep, out,
                              &err);
    size_t kept = 0;
    for (size_t i = 0; rc == 0 && i < l->count; i++)
        if (keep[i])
            l->items[kept++] = l->items[i];
    if (rc == 0) {
        fprintf(out, "\n%zu of %zu regions confirmed, %zu withdrawn\n", kept,
                l->count, l->count - kept);
        l->count = kept;
    } else {
        fprintf(stderr, "mpchar advise: --verify: %s\n", err.msg);
    }
    advise_where_free(&where);
    free(done);
    free(keep);
    free(pairs);
    return rc;
}
