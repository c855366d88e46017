/* The pattern facts table (mpchar/patterns.h): one entry per pattern, in
 * the order reports list them.  A new pattern is one entry here and its
 * measurement in mpchar-bench's registry (docs/ARCHITECTURE.md). */
#include <math.h>
#include <string.h>
#include <strings.h>

#include "mpchar/patterns.h"
#include "mpchar/results.h"

#define P2P .kind = MPCHAR_KIND_P2P, .aggregation = MPCHAR_AGG_ONE
#define COLLECTIVE .kind = MPCHAR_KIND_COLLECTIVE

static const mpchar_pattern_facts facts[] = {
    {.name = "pingpong", .alias = "send", P2P},
    {.name = "pingping", P2P},
    {.name = "stream", P2P},
    {.name = "bistream", P2P},
    {.name = "recvfirst", P2P},
    {.name = "barrier",
     COLLECTIVE,
     .aggregation = MPCHAR_AGG_PM1,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1,
              "dissemination barrier (Hensgen, Finkel and Manber 1988)", "-"}},
    {.name = "bcast",
     COLLECTIVE,
     .aggregation = MPCHAR_AGG_PM1,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "binomial tree",
              "scatter + ring allgather (van de Geijn), 2(p-1)/p n"}},
    {.name = "scatter",
     COLLECTIVE,
     .aggregation = MPCHAR_AGG_PM1_OVER_P,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "binomial tree",
              "binomial tree, (p-1)/p n of the root's total"}},
    {.name = "gather",
     COLLECTIVE,
     .aggregation = MPCHAR_AGG_PM1_OVER_P,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "binomial tree",
              "binomial tree, (p-1)/p n of the root's total"}},
    {.name = "allgather",
     COLLECTIVE,
     .aggregation = MPCHAR_AGG_P2M1_OVER_P,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "recursive doubling / Bruck",
              "ring, (p-1)/p n of the total"}},
    {.name = "alltoall",
     COLLECTIVE,
     .aggregation = MPCHAR_AGG_PM1,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "Bruck",
              "pairwise exchange, (p-1)/p n of each process's total"}},
    {.name = "reduce",
     COLLECTIVE,
     .reduction = true,
     .aggregation = MPCHAR_AGG_PM1,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "binomial tree",
              "Rabenseifner: reduce-scatter + gather, 2(p-1)/p n"}},
    {.name = "allreduce",
     COLLECTIVE,
     .reduction = true,
     .aggregation = MPCHAR_AGG_2PM1,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "recursive doubling",
              "Rabenseifner: reduce-scatter + allgather, 2(p-1)/p n"}},
    {.name = "reduce_scatter",
     COLLECTIVE,
     .reduction = true,
     .aggregation = MPCHAR_AGG_P2M1_OVER_P,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_1, "recursive halving",
              "recursive halving / pairwise exchange, (p-1)/p n"}},
    {.name = "scan",
     COLLECTIVE,
     .reduction = true,
     .aggregation = MPCHAR_AGG_PM1,
     .best = {MPCHAR_O_LOG_P, MPCHAR_O_LOG_P,
              "recursive doubling (Hillis-Steele)",
              "recursive doubling, n per round"}},
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

static double factor(mpchar_aggregation a, double p)
{
    switch (a) {
    case MPCHAR_AGG_ONE: return 1.0;
    case MPCHAR_AGG_PM1: return p - 1.0;
    case MPCHAR_AGG_PM1_OVER_P: return (p - 1.0) / p;
    case MPCHAR_AGG_2PM1: return 2.0 * (p - 1.0);
    case MPCHAR_AGG_P2M1_OVER_P: return (p * p - 1.0) / p;
    }
    return NAN; /* not an mpchar_aggregation */
}

double mpchar_aggregation_factor(const char *pattern, long p)
{
    const mpchar_pattern_facts *f = mpchar_pattern_find(pattern);
    return f ? factor(f->aggregation, (double)p) : 1.0;
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

/* Whether a's name or alias is also b's (ignoring case). */
static bool clash(const mpchar_pattern_facts *a, const mpchar_pattern_facts *b)
{
    return named(b, a->name) || (a->alias && named(b, a->alias));
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
    if (collective != (f->aggregation != MPCHAR_AGG_ONE) ||
        !isfinite(factor(f->aggregation, 2.0)))
        return mpchar_error_set(err,
                                "pattern facts: '%s' needs an aggregation "
                                "factor other than 1 exactly when it is "
                                "collective",
                                f->name);
    if (collective != (f->best.t0_algorithm && f->best.tb_algorithm))
        return mpchar_error_set(err,
                                "pattern facts: '%s' needs best known "
                                "algorithms exactly when it is collective",
                                f->name);
    if (f->reduction && !collective)
        return mpchar_error_set(err,
                                "pattern facts: '%s' is a point-to-point "
                                "reduction",
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
