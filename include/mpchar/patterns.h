/* What each communication pattern is, in one table (src/common/patterns.c)
 * that the benchmark, the model and the report all read: point-to-point or
 * collective, whether it reduces, its aggregation factor f(p) of seed 000
 * Section 3, the best known algorithms for it, and, by its place in the
 * table, the order in which tables and reports list it.  How a pattern is
 * measured lives in mpchar-bench's registry, whose entries name their
 * facts and are checked against this table at start-up.  libc only: the
 * MPI programs link it. */
#ifndef MPCHAR_PATTERNS_H
#define MPCHAR_PATTERNS_H

#include <stdbool.h>
#include <stddef.h>

#include "mpchar/complexity.h"
#include "mpchar/error.h"

typedef enum mpchar_kind {
    MPCHAR_KIND_P2P,
    MPCHAR_KIND_COLLECTIVE
} mpchar_kind;

/* Aggregation factor f(p): the data a collective moves in units of one
 * message, so that f(p)/t0 and f(p)/tb compare collectives with
 * point-to-point throughput. */
typedef enum mpchar_aggregation {
    MPCHAR_AGG_ONE,         /* 1: point-to-point */
    MPCHAR_AGG_PM1,         /* p - 1 */
    MPCHAR_AGG_PM1_OVER_P,  /* (p - 1)/p */
    MPCHAR_AGG_2PM1,        /* 2(p - 1) */
    MPCHAR_AGG_P2M1_OVER_P, /* (p^2 - 1)/p */
    MPCHAR_AGG_P_PM1,       /* p(p - 1) */
    MPCHAR_AGG_P_OVER_2,    /* p/2: pairs exchanging at once */
} mpchar_aggregation;

/* Whose definitions of f(p) to use.  Seed 000 Section 3 counts the bytes
 * moved with n as mpchar-bench defines it ((p - 1)/p for Scatter and
 * Gather); seed 001 Section 2.1 takes p - 1 for "a broadcast, scatter,
 * gather or reduction" (its Section 4.3 counts Allreduce, Reduce_scatter
 * and Scan among the reductions) and p(p - 1) for a total exchange
 * (Alltoall), and defines none for Allgather, which keeps seed 000's. */
typedef enum mpchar_agg_scheme {
    MPCHAR_AGG_SEED000,
    MPCHAR_AGG_SEED001,
    MPCHAR_AGG_SCHEME_COUNT
} mpchar_agg_scheme;

/* "seed000", "seed001" (--aggregation, model.json). */
const char *mpchar_agg_scheme_name(mpchar_agg_scheme s);
int mpchar_agg_scheme_parse(const char *text, mpchar_agg_scheme *s_p,
                            mpchar_error *err);

/* How a cost term of an algorithm grows with p: g(p) = one +
 * log2p*ceil(log2 p) + pm1*(p - 1) + pm1_over_p*(p - 1)/p, the terms of
 * the alpha-beta costs of Thakur, Rabenseifner and Gropp (2005).  Its
 * class is that of its fastest-growing term with a non-zero coefficient. */
typedef struct mpchar_growth {
    double one, log2p, pm1, pm1_over_p;
} mpchar_growth;

/* A best known algorithm of a collective, named with its source, and its
 * cost alpha*g_alpha(p) + n*beta*g_beta(p) with n as the benchmark defines
 * it; a reduction's computation per byte is counted in beta. */
typedef struct mpchar_algorithm {
    const char *name;
    mpchar_growth alpha, beta;
} mpchar_algorithm;

#define MPCHAR_ALGORITHMS_MAX 2

/* A collective's best known algorithms, the one for short messages first;
 * unused places have no name.  docs/models.md prints the same table. */
typedef struct mpchar_best_known {
    mpchar_algorithm alg[MPCHAR_ALGORITHMS_MAX];
} mpchar_best_known;

typedef struct mpchar_pattern_facts {
    const char *name;  /* as mpchar-bench and measurements.csv name it */
    const char *alias; /* another name the seeds use for it, or NULL */
    mpchar_kind kind;
    bool reduction; /* doubles, with ops sum, usersum and nop (t_c) */
    /* f(p) by scheme (mpchar_agg_scheme) */
    mpchar_aggregation aggregation[MPCHAR_AGG_SCHEME_COUNT];
    mpchar_best_known best; /* collectives only */
    /* Its variants sweep a computation between post and wait
     * (mpchar/overlap.h): the model fits an overlap table from its rows
     * rather than a time model (point-to-point only). */
    bool sweeps_compute;
} mpchar_pattern_facts;

/* The table, in report order. */
size_t mpchar_pattern_count(void);
const mpchar_pattern_facts *mpchar_pattern_get(size_t i);
/* The facts of a name or alias, case-insensitively ("Reduce_scatter",
 * seed 001's "send" for ping-pong); NULL for unknown names. */
const mpchar_pattern_facts *mpchar_pattern_find(const char *name);

/* A pattern's place in report order; every unknown name comes after them
 * all. */
size_t mpchar_pattern_order(const char *pattern);
/* The datatype a pattern's rows have unless --datatypes chose another:
 * "double" for reductions, else "byte".  Names and ids of entries show
 * any other (tables.c, the report). */
const char *mpchar_pattern_datatype(const char *pattern);
/* Known point-to-point patterns; everything else is collective. */
bool mpchar_pattern_is_p2p(const char *pattern);
/* f(p) of a pattern in seed 000's definitions; 1 for point-to-point and
 * unknown names. */
double mpchar_aggregation_factor(const char *pattern, long p);
/* f(p) of a pattern in a scheme's definitions; 1 for point-to-point and
 * unknown names. */
double mpchar_aggregation_factor_in(const char *pattern, long p,
                                    mpchar_agg_scheme scheme);

/* "p2p" or "collective", as model.json writes a kind. */
const char *mpchar_kind_name(mpchar_kind k);
int mpchar_kind_parse(const char *text, mpchar_kind *k_p, mpchar_error *err);

/* g(p) of a growth, and its class. */
double mpchar_growth_at(const mpchar_growth *g, long p);
mpchar_complexity mpchar_growth_class(const mpchar_growth *g);
/* An algorithm's cost as docs/models.md prints it:
 * "(⌈lp⌉ + (p-1))·α + 2(p-1)/p·nβ". */
void mpchar_algorithm_cost_text(const mpchar_algorithm *a, char *buf,
                                size_t len);

/* Checks a facts table: valid, unique names and aliases (ignoring case),
 * and facts that fit the kind (collectives aggregate and have one or two
 * named best known algorithms with finite, non-negative costs that start
 * up, point-to-point patterns neither). */
int mpchar_pattern_facts_check(const mpchar_pattern_facts *facts, size_t count,
                               mpchar_error *err);
/* The same for the table itself. */
int mpchar_patterns_check(mpchar_error *err);

#endif
