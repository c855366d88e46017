/* The pattern facts table (mpchar/patterns.h): one entry per pattern, in
 * the order reports list them, and the alpha-beta costs of the best known
 * collective algorithms it holds.  A new pattern is one entry here and its
 * measurement in mpchar-bench's registry (docs/ARCHITECTURE.md). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "mpchar/parse.h"
#include "mpchar/patterns.h"
#include "mpchar/results.h"

#define P2P \
    .kind = MPCHAR_KIND_P2P, .aggregation = {MPCHAR_AGG_ONE, MPCHAR_AGG_ONE}
#define COLLECTIVE .kind = MPCHAR_KIND_COLLECTIVE

/* The costs of the best known algorithms are those of Thakur, Rabenseifner
 * and Gropp (2005, Section 4, p a power of two), with n as mpchar-bench's
 * actual_bytes defines it for each pattern (docs/models.md). */
#define THAKUR "Thakur, Rabenseifner and Gropp 2005"

/* Best known algorithms that several entries share (a primitive and the
 * patterns that compute it another way).  clang-format would spread these
 * nested initializers over a line per brace. */
/* clang-format off */
#define BINOMIAL_PM1_OVER_P                                                   \
    {                                                                         \
        {{"binomial tree (" THAKUR ")", {.log2p = 1}, {.pm1_over_p = 1}}} \
    }
#define BCAST_BEST                                                     \
    {                                                                  \
        {{"binomial tree (" THAKUR ")", {.log2p = 1}, {.log2p = 1}},   \
         {"scatter + ring allgather (van de Geijn 1994)",              \
          {.log2p = 1, .pm1 = 1},                                      \
          {.pm1_over_p = 2}}}                                          \
    }
#define ALLGATHER_BEST                                                        \
    {                                                                         \
        {{"recursive doubling (" THAKUR ") or Bruck (Bruck et al. 1997)",     \
          {.log2p = 1},                                                       \
          {.pm1_over_p = 1}}}                                                 \
    }
#define ALLREDUCE_BEST                                                   \
    {                                                                    \
        {{"recursive doubling (" THAKUR ")", {.log2p = 1}, {.log2p = 1}}, \
         {"Rabenseifner: reduce-scatter + allgather "                    \
          "(Rabenseifner 2004; " THAKUR ")",                             \
          {.log2p = 2},                                                  \
          {.pm1_over_p = 2}}}                                            \
    }
#define REDUCE_SCATTER_BEST                                                 \
    {                                                                       \
        {{"recursive halving (" THAKUR ")", {.log2p = 1}, {.pm1_over_p = 1}}} \
    }
#define ALLTOALL_BEST                                                      \
    {                                                                      \
        {{"Bruck (Bruck et al. 1997)", {.log2p = 1}, {.log2p = 0.5}},      \
         {"pairwise exchange (" THAKUR ")", {.pm1 = 1}, {.pm1_over_p = 1}}} \
    }

/* clang-format on */

static const mpchar_pattern_facts facts[] = {
    {.name = "pingpong", .alias = "send", P2P},
    {.name = "pingping", P2P},
    {.name = "async_pingping", P2P},
    {.name = "stream", P2P},
    {.name = "bistream", P2P},
    {.name = "recvfirst", P2P},
    {.name = "postfirst", P2P},
    {.name = "overlap", P2P, .sweeps_compute = true},
    {.name = "barrier",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = {{{"dissemination barrier (Hensgen, Finkel and Manber 1988)",
                {.log2p = 1},
                {0}}}}},
    {.name = "bcast", /* n: each process's buffer */
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = BCAST_BEST},
    {.name = "scatter", /* n: the root's total */
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1_OVER_P, MPCHAR_AGG_PM1},
     .best = BINOMIAL_PM1_OVER_P},
    {.name = "gather", /* n: the root's total */
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1_OVER_P, MPCHAR_AGG_PM1},
     .best = BINOMIAL_PM1_OVER_P},
    {.name = "allgather", /* n: the gathered vector */
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_P2M1_OVER_P, MPCHAR_AGG_P2M1_OVER_P},
     .best = ALLGATHER_BEST},
    {.name = "alltoall", /* n: each process's total */
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_P_PM1},
     .best = ALLTOALL_BEST},
    {.name = "reduce", /* n: each process's buffer */
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = {{{"binomial tree (" THAKUR ")", {.log2p = 1}, {.log2p = 1}},
               {"Rabenseifner: reduce-scatter + binomial gather "
                "(Rabenseifner 2004; " THAKUR ")",
                {.log2p = 2},
                {.pm1_over_p = 2}}}}},
    {.name = "allreduce", /* n: each process's buffer */
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_2PM1, MPCHAR_AGG_PM1},
     .best = ALLREDUCE_BEST},
    {.name = "reduce_scatter", /* n: each process's input vector */
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_P2M1_OVER_P, MPCHAR_AGG_PM1},
     .best = REDUCE_SCATTER_BEST},
    {.name = "scan", /* n: each process's buffer */
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = {{{"recursive doubling (Hillis and Steele 1986)",
                {.log2p = 1},
                {.log2p = 1}}}}},
    /* Seed 002's focal-point and multicast tests, which run at every p
     * and so are fitted as collectives.  f(p) counts exchanges as
     * pingping's T does (one per pair) and broadcast messages as bcast's;
     * their costs are those of the direct algorithms the patterns name in
     * src/bench/focal.c (one port per process).  Seed 001 defines no
     * factor for them: both schemes take seed 000's. */
    {.name = "pingping_pairs",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_P_OVER_2, MPCHAR_AGG_P_OVER_2},
     .best = {{{"direct exchange of each pair (seed 002)",
                {.one = 1},
                {.one = 1}}}}},
    {.name = "pingping_fan",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = {{{"direct exchanges of the focal process, one at a time "
                "(seed 002)",
                {.pm1 = 1},
                {.pm1 = 1}}}}},
    {.name = "bcast_reply",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_2PM1, MPCHAR_AGG_2PM1},
     .best = {{{"binomial tree (" THAKUR ") + direct replies",
                {.log2p = 1, .pm1 = 1},
                {.log2p = 1, .pm1 = 1}}}}},
    {.name = "bcast_stream",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = BCAST_BEST},
    /* The v-forms (measured with equal counts) and the substitutes of the
     * equivalence table (mpchar/equivalences.h): n as their primitive's,
     * so their aggregation and best known algorithms are its own. */
    {.name = "scatterv",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1_OVER_P, MPCHAR_AGG_PM1},
     .best = BINOMIAL_PM1_OVER_P},
    {.name = "gatherv",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1_OVER_P, MPCHAR_AGG_PM1},
     .best = BINOMIAL_PM1_OVER_P},
    {.name = "allgatherv",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_P2M1_OVER_P, MPCHAR_AGG_P2M1_OVER_P},
     .best = ALLGATHER_BEST},
    {.name = "alltoallv", /* n: each process's total, n / p to each */
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_P_PM1},
     .best = ALLTOALL_BEST},
    {.name = "bcast_sa",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_PM1, MPCHAR_AGG_PM1},
     .best = BCAST_BEST},
    {.name = "allgather_gb",
     COLLECTIVE,
     .aggregation = {MPCHAR_AGG_P2M1_OVER_P, MPCHAR_AGG_P2M1_OVER_P},
     .best = ALLGATHER_BEST},
    {.name = "reduce_scatter_rs",
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_P2M1_OVER_P, MPCHAR_AGG_PM1},
     .best = REDUCE_SCATTER_BEST},
    {.name = "reduce_scatter_rsc",
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_P2M1_OVER_P, MPCHAR_AGG_PM1},
     .best = REDUCE_SCATTER_BEST},
    {.name = "allreduce_rb",
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_2PM1, MPCHAR_AGG_PM1},
     .best = ALLREDUCE_BEST},
    {.name = "allreduce_rsag",
     COLLECTIVE,
     .reduction = true,
     .aggregation = {MPCHAR_AGG_2PM1, MPCHAR_AGG_PM1},
     .best = ALLREDUCE_BEST},
};
#define NFACTS (sizeof facts / sizeof facts[0])

size_t mpchar_pattern_count(void)
{
    return NFACTS;
}

const mpchar_pattern_facts *mpchar_pattern_get(size_t i)
{
    return i < NFACTS ? &facts[i] : NULL;
}

static bool named(const mpchar_pattern_facts *f, const char *name)
{
    return strcasecmp(f->name, name) == 0 ||
           (f->alias && strcasecmp(f->alias, name) == 0);
}

size_t mpchar_pattern_order(const char *pattern)
{
    size_t i = 0;
    while (i < NFACTS && !named(&facts[i], pattern))
        i++;
    return i;
}

const mpchar_pattern_facts *mpchar_pattern_find(const char *name)
{
    return mpchar_pattern_get(mpchar_pattern_order(name));
}

bool mpchar_pattern_is_p2p(const char *pattern)
{
    const mpchar_pattern_facts *f = mpchar_pattern_find(pattern);
    return f && f->kind == MPCHAR_KIND_P2P;
}

const char *mpchar_pattern_datatype(const char *pattern)
{
    const mpchar_pattern_facts *f = mpchar_pattern_find(pattern);
    return f && f->reduction ? "double" : "byte";
}

static double factor(mpchar_aggregation a, double p)
{
    switch (a) {
    case MPCHAR_AGG_ONE: return 1.0;
    case MPCHAR_AGG_PM1: return p - 1.0;
    case MPCHAR_AGG_PM1_OVER_P: return (p - 1.0) / p;
    case MPCHAR_AGG_2PM1: return 2.0 * (p - 1.0);
    case MPCHAR_AGG_P2M1_OVER_P: return (p * p - 1.0) / p;
    case MPCHAR_AGG_P_PM1: return p * (p - 1.0);
    case MPCHAR_AGG_P_OVER_2: return p / 2.0;
    }
    return NAN; /* not an mpchar_aggregation */
}

double mpchar_aggregation_factor_in(const char *pattern, long p,
                                    mpchar_agg_scheme scheme)
{
    const mpchar_pattern_facts *f = mpchar_pattern_find(pattern);
    if (!f || (unsigned)scheme >= MPCHAR_AGG_SCHEME_COUNT)
        return 1.0;
    return factor(f->aggregation[scheme], (double)p);
}

double mpchar_aggregation_factor(const char *pattern, long p)
{
    return mpchar_aggregation_factor_in(pattern, p, MPCHAR_AGG_SEED000);
}

/* NULL-terminated for mpchar_parse_choice_in. */
static const char *const scheme_names[] = {
    [MPCHAR_AGG_SEED000] = "seed000",
    [MPCHAR_AGG_SEED001] = "seed001",
    [MPCHAR_AGG_SCHEME_COUNT] = NULL,
};

const char *mpchar_agg_scheme_name(mpchar_agg_scheme s)
{
    return (unsigned)s < MPCHAR_AGG_SCHEME_COUNT ? scheme_names[s] : "?";
}

int mpchar_agg_scheme_parse(const char *text, mpchar_agg_scheme *s_p,
                            mpchar_error *err)
{
    int k;
    if (mpchar_parse_choice_in(text, scheme_names, &k, err) != 0)
        return mpchar_error_prefix(err, "aggregation");
    *s_p = (mpchar_agg_scheme)k;
    return 0;
}

static const char *const kind_names[] = {
    [MPCHAR_KIND_P2P] = "p2p",
    [MPCHAR_KIND_COLLECTIVE] = "collective",
};

const char *mpchar_kind_name(mpchar_kind k)
{
    return k == MPCHAR_KIND_P2P || k == MPCHAR_KIND_COLLECTIVE ? kind_names[k]
                                                               : "?";
}

int mpchar_kind_parse(const char *text, mpchar_kind *k_p, mpchar_error *err)
{
    for (int k = MPCHAR_KIND_P2P; k <= MPCHAR_KIND_COLLECTIVE; k++) {
        if (strcmp(text, kind_names[k]) == 0) {
            *k_p = (mpchar_kind)k;
            return 0;
        }
    }
    return mpchar_error_set(err, "expected %s or %s", kind_names[0],
                            kind_names[1]);
}

double mpchar_growth_at(const mpchar_growth *g, long p)
{
    double pd = (double)p;
    return g->one + g->log2p * ceil(log2(pd)) + g->pm1 * (pd - 1.0) +
           g->pm1_over_p * (pd - 1.0) / pd;
}

mpchar_complexity mpchar_growth_class(const mpchar_growth *g)
{
    return g->pm1 != 0     ? MPCHAR_O_P
           : g->log2p != 0 ? MPCHAR_O_LOG_P
                           : MPCHAR_O_1;
}

/* Appends text to buf (of size len) at *used, truncating. */
static void append(char *buf, size_t len, size_t *used, const char *text)
{
    int k = snprintf(buf + *used, len - *used, "%s", text);
    if (k > 0)
        *used += (size_t)k < len - *used ? (size_t)k : len - *used - 1;
}

/* "2(p-1)/p", "(⌈lp⌉ + (p-1))": a growth as a factor. */
static void growth_text(const mpchar_growth *g, char *buf, size_t len)
{
    const double coef[] = {g->log2p, g->pm1, g->pm1_over_p, g->one};
    static const char *const term[] = {"\u2308lp\u2309", "(p-1)", "(p-1)/p",
                                       ""};
    char part[4][32];
    size_t nparts = 0, used = 0;
    for (size_t i = 0; i < 4; i++) {
        if (coef[i] == 0)
            continue;
        if (coef[i] == 1 && term[i][0])
            snprintf(part[nparts++], sizeof part[0], "%s", term[i]);
        else
            snprintf(part[nparts++], sizeof part[0], "%g%s", coef[i], term[i]);
    }
    buf[0] = '\0';
    append(buf, len, &used, nparts > 1 ? "(" : "");
    for (size_t i = 0; i < nparts; i++) {
        append(buf, len, &used, i ? " + " : "");
        append(buf, len, &used, part[i]);
    }
    append(buf, len, &used, nparts > 1 ? ")" : "");
}

void mpchar_algorithm_cost_text(const mpchar_algorithm *a, char *buf,
                                size_t len)
{
    char alpha[160], beta[160];
    growth_text(&a->alpha, alpha, sizeof alpha);
    growth_text(&a->beta, beta, sizeof beta);
    if (beta[0])
        snprintf(buf, len, "%s\u00b7\u03b1 + %s\u00b7n\u03b2", alpha, beta);
    else
        snprintf(buf, len, "%s\u00b7\u03b1", alpha);
}

/* Whether a's name or alias is also b's (ignoring case). */
static bool clash(const mpchar_pattern_facts *a, const mpchar_pattern_facts *b)
{
    return named(b, a->name) || (a->alias && named(b, a->alias));
}

/* Whether a growth's coefficients are finite and non-negative; *zero_p
 * says whether they are all 0. */
static bool growth_valid(const mpchar_growth *g, bool *zero_p)
{
    const double c[] = {g->one, g->log2p, g->pm1, g->pm1_over_p};
    bool valid = true;
    *zero_p = true;
    for (size_t i = 0; i < 4; i++) {
        valid &= isfinite(c[i]) && c[i] >= 0;
        *zero_p &= c[i] == 0;
    }
    return valid;
}

/* A collective names one or two algorithms, the first place first, each
 * with finite, non-negative costs that start up (alpha > 0 at p = 2); an
 * unnamed place and a point-to-point pattern have no costs. */
static int check_algorithms(const mpchar_pattern_facts *f, bool collective,
                            mpchar_error *err)
{
    for (size_t i = 0; i < MPCHAR_ALGORITHMS_MAX; i++) {
        const mpchar_algorithm *a = &f->best.alg[i];
        bool has_name = a->name && a->name[0], alpha_zero, beta_zero;
        bool valid = growth_valid(&a->alpha, &alpha_zero);
        valid &= growth_valid(&a->beta, &beta_zero);
        bool wanted = collective && (i == 0 || has_name);
        if (wanted && !has_name)
            return mpchar_error_set(err,
                                    "pattern facts: '%s' needs best known "
                                    "algorithms exactly when it is "
                                    "collective",
                                    f->name);
        if (!wanted && (a->name || !valid || !alpha_zero || !beta_zero))
            return mpchar_error_set(err,
                                    "pattern facts: '%s' has best known "
                                    "algorithm %zu but is not a collective "
                                    "or names none there",
                                    f->name, i + 1);
        if (wanted && (!valid || !(mpchar_growth_at(&a->alpha, 2) > 0)))
            return mpchar_error_set(err,
                                    "pattern facts: '%s' algorithm '%s' "
                                    "needs finite, non-negative costs with a "
                                    "start-up term",
                                    f->name, a->name);
    }
    return 0;
}

static int check_one(const mpchar_pattern_facts *f, mpchar_error *err)
{
    bool collective = f->kind == MPCHAR_KIND_COLLECTIVE;
    if (!f->name || !mpchar_name_valid(f->name) ||
        (f->alias && !mpchar_name_valid(f->alias)))
        return mpchar_error_set(err, "pattern facts: an entry has no valid "
                                     "name or alias");
    if (f->kind != MPCHAR_KIND_P2P && !collective)
        return mpchar_error_set(err, "pattern facts: '%s' has no kind",
                                f->name);
    for (size_t s = 0; s < MPCHAR_AGG_SCHEME_COUNT; s++)
        if (collective != (f->aggregation[s] != MPCHAR_AGG_ONE) ||
            !isfinite(factor(f->aggregation[s], 2.0)))
            return mpchar_error_set(err,
                                    "pattern facts: '%s' needs an "
                                    "aggregation factor other than 1 in %s "
                                    "exactly when it is collective",
                                    f->name, scheme_names[s]);
    if (check_algorithms(f, collective, err) != 0)
        return -1;
    if (f->reduction && !collective)
        return mpchar_error_set(err,
                                "pattern facts: '%s' is a point-to-point "
                                "reduction",
                                f->name);
    if (f->sweeps_compute && collective)
        return mpchar_error_set(err,
                                "pattern facts: '%s' sweeps a computation "
                                "but is a collective",
                                f->name);
    return 0;
}

int mpchar_pattern_facts_check(const mpchar_pattern_facts *table, size_t count,
                               mpchar_error *err)
{
    for (size_t i = 0; i < count; i++) {
        if (check_one(&table[i], err) != 0)
            return -1;
        for (size_t j = 0; j < i; j++)
            if (clash(&table[i], &table[j]))
                return mpchar_error_set(err,
                                        "pattern facts: '%s' and '%s' "
                                        "share a name",
                                        table[j].name, table[i].name);
    }
    return 0;
}

int mpchar_patterns_check(mpchar_error *err)
{
    return mpchar_pattern_facts_check(facts, NFACTS, err);
}
