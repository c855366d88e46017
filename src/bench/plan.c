/* The plan: every point a run measures, in the order it measures them
 * (by p, then pattern series, then ascending size with the fitting and
 * validation sets interleaved).  Both
 * the benchmark and `mpchar run` (through --plan) use it, so progress and
 * resume agree on what a point is. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

typedef struct plan_builder {
    bench_plan *plan;
    size_t cap;
} plan_builder;

static int plan_push(plan_builder *b, const bench_point *pt, mpchar_error *err)
{
    bench_plan *plan = b->plan;
    for (size_t i = plan->count; i-- > 0;) {
        /* Rounding can map two requested sizes to one actual size. */
        if (mpchar_key_equal(&plan->points[i].key, &pt->key))
            return 0;
        if (plan->points[i].pattern != pt->pattern ||
            plan->points[i].key.p != pt->key.p)
            break;
    }
    bench_point *grown =
        mpchar_grow(plan->points, &b->cap, plan->count + 1, sizeof *grown);
    if (!grown)
        return mpchar_error_set(err, "out of memory building the plan");
    plan->points = grown;
    plan->points[plan->count++] = *pt;
    return 0;
}

static int pattern_selected(const bench_options *opt, const bench_pattern *pat)
{
    if (strcmp(opt->patterns, "all") == 0)
        return !pat->opt_in;
    const char *name = pat->name;
    size_t len = strlen(name);
    for (const char *s = opt->patterns; *s;) {
        const char *comma = strchr(s, ',');
        size_t n = comma ? (size_t)(comma - s) : strlen(s);
        if (n == len && strncmp(s, name, n) == 0)
            return 1;
        s += n + (comma != NULL);
    }
    return 0;
}

static int check_pattern_names(const bench_options *opt, mpchar_error *err)
{
    if (strcmp(opt->patterns, "all") == 0)
        return 0;
    char copy[sizeof opt->patterns];
    strcpy(copy, opt->patterns);
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ","))
        if (!bench_registry_find(tok))
            return mpchar_error_set(err,
                                    "--patterns: unknown pattern '%s' "
                                    "(see --list)",
                                    tok);
    if (copy[0] == '\0')
        return mpchar_error_set(err, "--patterns: empty list");
    return 0;
}

typedef struct size_sets {
    bool generated; /* a grid, not a --sizes list */
    uint64_t *fit;
    size_t nfit;
    uint64_t *validation;
    size_t nvalidation;
} size_sets;

static int make_sizes(const bench_options *opt, size_sets *s, mpchar_error *err)
{
    memset(s, 0, sizeof *s);
    if (opt->grid == MPCHAR_GRID_LIST) {
        s->fit = malloc(opt->size_count * sizeof *s->fit);
        if (!s->fit)
            return mpchar_error_set(err, "out of memory");
        memcpy(s->fit, opt->size_list, opt->size_count * sizeof *s->fit);
        s->nfit = opt->size_count;
    } else if (mpchar_sizes_grid(opt->grid, opt->max_size, &s->fit, &s->nfit,
                                 err) != 0) {
        return -1;
    } else {
        s->generated = true;
    }
    uint64_t vmax = opt->max_size;
    if (opt->grid == MPCHAR_GRID_LIST && opt->size_count > 0)
        vmax = opt->size_list[opt->size_count - 1];
    s->nvalidation = (size_t)opt->validation_count;
    s->validation = malloc((s->nvalidation + 1) * sizeof *s->validation);
    if (!s->validation) {
        free(s->fit);
        return mpchar_error_set(err, "out of memory");
    }
    if (vmax < 1)
        s->nvalidation = 0;
    mpchar_sizes_validation(opt->validation_seed, s->nvalidation, vmax,
                            s->validation);
    return 0;
}

typedef struct sized {
    uint64_t n;
    mpchar_set set;
} sized;

static int compare_sized(const void *a, const void *b)
{
    const sized *x = a, *y = b;
    if (x->n != y->n)
        return (x->n > y->n) - (x->n < y->n);
    return (int)x->set - (int)y->set;
}

/* Whether a fitting size is measured for the pattern: a coarse one takes
 * a generated grid's 0 and powers of 4 (a power of two whose bit is at an
 * even place). */
static bool takes_size(const bench_pattern *pat, const size_sets *s, uint64_t n)
{
    return !pat->coarse || !s->generated || n == 0 ||
           ((n & (n - 1)) == 0 && (n & 0x5555555555555555ull) != 0);
}

/* A series' sizes in ascending order, fitting and validation sizes
 * interleaved, so that a drift of the machine during the series touches
 * both sets alike instead of biasing the models' validation error.  A
 * pattern without a time model has no validation set. */
static sized *series_sizes(const bench_pattern *pat, const size_sets *s,
                           size_t *count_p)
{
    size_t nvalidation = bench_pattern_full_series(pat) ? s->nvalidation : 0;
    size_t n = pat->zero_bytes_only ? 1 : s->nfit + nvalidation;
    sized *all = malloc((n ? n : 1) * sizeof *all);
    if (!all)
        return NULL;
    if (pat->zero_bytes_only) {
        all[0] = (sized){0, MPCHAR_SET_FIT};
    } else {
        n = 0;
        for (size_t i = 0; i < s->nfit; i++)
            if (takes_size(pat, s, s->fit[i]))
                all[n++] = (sized){s->fit[i], MPCHAR_SET_FIT};
        for (size_t i = 0; i < nvalidation; i++)
            all[n++] = (sized){s->validation[i], MPCHAR_SET_VALIDATION};
        qsort(all, n, sizeof *all, compare_sized);
    }
    *count_p = n;
    return all;
}

static int add_series(plan_builder *b, const bench_options *opt,
                      const bench_pattern *pat, const char *variant,
                      const char *op, const char *datatype, long p,
                      const size_sets *s, mpchar_error *err)
{
    bench_point pt;
    memset(&pt, 0, sizeof pt);
    pt.pattern = pat;
    strcpy(pt.key.library, opt->library);
    strcpy(pt.key.placement, opt->placement);
    strcpy(pt.key.pattern, pat->name);
    strcpy(pt.key.variant, variant);
    strcpy(pt.key.op, op);
    strcpy(pt.key.datatype, datatype);
    pt.key.p = p;
    size_t n;
    sized *sizes = series_sizes(pat, s, &n);
    if (!sizes)
        return mpchar_error_set(err, "out of memory building the plan");
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        pt.key.set = sizes[i].set;
        pt.n_requested = sizes[i].n;
        pt.key.n_bytes = bench_pattern_bytes(pat, datatype, pt.n_requested,
                                             (int)p, &pt.count);
        if (pt.count > 2147483647u)
            rc = mpchar_error_set(err,
                                  "size %llu is too large for pattern "
                                  "%s (more than 2^31-1 elements)",
                                  (unsigned long long)sizes[i].n, pat->name);
        else
            rc = plan_push(b, &pt, err);
    }
    free(sizes);
    return rc;
}

static int add_pattern(plan_builder *b, const bench_options *opt,
                       const bench_pattern *pat, long p, const size_sets *s,
                       mpchar_error *err)
{
    static const char *const no_variant[] = {"-", NULL};
    const char *const *variants = pat->variants ? pat->variants : no_variant;
    const mpchar_pattern_facts *facts = bench_pattern_facts(pat);
    if ((facts->kind == MPCHAR_KIND_P2P && p != 2) || (pat->even_p && p % 2))
        return 0;
    for (const char *const *v = variants; *v; v++) {
        if (facts->reduction) {
            char ops[sizeof opt->ops];
            strcpy(ops, opt->ops);
            for (char *op = strtok(ops, ","); op; op = strtok(NULL, ","))
                if (add_series(b, opt, pat, *v, op, "double", p, s, err) != 0)
                    return -1;
            continue;
        }
        char types[sizeof opt->datatypes];
        strcpy(types, pat->datatypes ? opt->datatypes : "byte");
        for (char *t = strtok(types, ","); t; t = strtok(NULL, ","))
            if (add_series(b, opt, pat, *v, "-", t, p, s, err) != 0)
                return -1;
    }
    return 0;
}

int bench_plan_build(const bench_options *opt, long world_size,
                     bench_plan *plan, mpchar_error *err)
{
    memset(plan, 0, sizeof *plan);
    if (check_pattern_names(opt, err) != 0)
        return -1;
    size_sets s;
    if (make_sizes(opt, &s, err) != 0)
        return -1;
    long default_p = world_size;
    const long *ps = opt->p_list ? opt->p_list : &default_p;
    size_t np = opt->p_list ? opt->p_count : 1;
    plan_builder b = {plan, 0};
    int rc = 0;
    for (size_t i = 0; i < np && rc == 0; i++) {
        for (size_t k = 0; k < bench_registry_count() && rc == 0; k++) {
            const bench_pattern *pat = bench_registry_get(k);
            if (pattern_selected(opt, pat))
                rc = add_pattern(&b, opt, pat, ps[i], &s, err);
        }
    }
    free(s.fit);
    free(s.validation);
    if (rc != 0)
        bench_plan_free(plan);
    return rc;
}

void bench_plan_free(bench_plan *plan)
{
    free(plan->points);
    free(plan->samples);
    memset(plan, 0, sizeof *plan);
}

uint64_t bench_plan_memory_bytes(const bench_plan *plan, long window)
{
    uint64_t most = 0;
    for (size_t i = 0; i < plan->count; i++) {
        const bench_point *pt = &plan->points[i];
        uint64_t need =
            pt->pattern->memory_bytes(pt->n_requested, (int)pt->key.p, window);
        if (need > most)
            most = need;
    }
    return most;
}

static void mark_keys(bench_plan *plan, const mpchar_point_key *key)
{
    for (size_t i = 0; i < plan->count; i++)
        if (mpchar_key_equal(&plan->points[i].key, key))
            plan->points[i].skip = true;
}

/* Reads one of the results files, keeping the fitting times for
 * refinement; with repair, drops an incomplete last line (the trace of a
 * crash mid-write) by truncating the file there. */
/* A file written before the placement column reads as placement "-":
 * rows of a placed run appended to it could never be told apart again. */
static int check_placement_column(const bench_plan *plan, const char *path,
                                  bool has_column, size_t rows,
                                  mpchar_error *err)
{
    if (has_column || rows == 0 || plan->count == 0 ||
        strcmp(mpchar_key_placement(&plan->points[0].key),
               MPCHAR_PLACEMENT_NONE) == 0)
        return 0;
    return mpchar_error_set(err,
                            "%s: written before the placement column: "
                            "measure placement %s into a new directory",
                            path, plan->points[0].key.placement);
}

static int read_done(bench_plan *plan, const char *path, int failures,
                     bool repair, mpchar_error *err)
{
    mpchar_read_options ro = {.allow_truncated_tail = true};
    long valid = 0;
    FILE *probe = fopen(path, "r");
    if (!probe)
        return 0;
    fclose(probe);
    if (failures) {
        mpchar_failures f;
        if (mpchar_failures_read(path, &ro, &f, &valid, err) != 0)
            return -1;
        int rc =
            check_placement_column(plan, path, f.has_placement, f.count, err);
        for (size_t i = 0; i < f.count && rc == 0; i++) {
            mark_keys(plan, &f.rows[i].key);
            rc = bench_series_add_sample(plan, &f.rows[i].key, NAN, false, err);
        }
        mpchar_failures_free(&f);
        if (rc != 0)
            return -1;
    } else {
        mpchar_measurements m;
        if (mpchar_measurements_read(path, &ro, &m, &valid, err) != 0)
            return -1;
        int rc =
            check_placement_column(plan, path, m.has_placement, m.count, err);
        for (size_t i = 0; i < m.count && rc == 0; i++) {
            const mpchar_measurement *row = &m.rows[i];
            mark_keys(plan, &row->key);
            rc = bench_series_add_sample(plan, &row->key, row->t_min_us,
                                         row->oversubscribed, err);
        }
        mpchar_measurements_free(&m);
        if (rc != 0)
            return -1;
    }
    if (repair && truncate(path, valid) != 0)
        return mpchar_error_set(err,
                                "%s: cannot drop its incomplete last "
                                "line",
                                path);
    return 0;
}

int bench_plan_mark_done(bench_plan *plan, const char *dir, bool repair,
                         mpchar_error *err)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_MEASUREMENTS_FILE);
    if (read_done(plan, path, 0, repair, err) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/%s", dir, MPCHAR_FAILED_FILE);
    return read_done(plan, path, 1, repair, err);
}
